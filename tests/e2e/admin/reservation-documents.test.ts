// The reservation screen's document buttons in real Chromium: the agreement downloads as a PDF
// with Lithuanian letters; the acts wait until they exist. At 1280 px and 390 px.
import { readFileSync } from "node:fs";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { DEMO_STAFF } from "../../helpers/accounts";
import { adminListAll, type Doc, signInStaff } from "../../helpers/api";
import { demoAppForFile, signInThroughForm } from "../../helpers/e2e";

const app = demoAppForFile();

describe("rezervacijos dokumentai naršyklėje", () => {
  it("sutartis atsisiunčiama kaip PDF su lietuviškomis raidėmis; nesudaryti aktai neaktyvūs", async () => {
    const { server, browser } = app;
    const staff = await signInStaff(server.url);
    const reservations = await adminListAll<Doc & { status: string; number: string; handover: unknown }>(
      staff,
      "reservations",
    );
    const reservation = reservations.find((r) => r.status === "confirmed" && !r.handover);
    if (!reservation) throw new Error("demo has no confirmed reservation");

    const page = await browser.newPage();
    await signInThroughForm(page, server.url, DEMO_STAFF);
    await page.goto(`${server.url}/admin/reservations/${reservation.id}`, { waitUntil: "load" });
    const agreement = page.getByRole("button", { name: "Sutartis", exact: true });
    await agreement.waitFor({ state: "visible" });
    expect(await page.getByRole("button", { name: "Perdavimo aktas", exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Grąžinimo aktas", exact: true }).isDisabled()).toBe(true);
    await browser.screenshot(page, "rezervacijos-dokumentai-1280");

    const [download] = await Promise.all([page.waitForEvent("download"), agreement.click()]);
    expect(download.suggestedFilename()).toBe(`sutartis-${reservation.number}.pdf`);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(text).toContain(reservation.number);
    expect(text).toMatch(/NUOMOS SUTARTIS/);
    expect(text).toMatch(/[ąčęėįšųūž]/);
    expect(text).toContain("Puslapis 1 iš");

    // a phone: the buttons keep their text and stay on screen
    await page.setViewportSize({ width: 390, height: 844 });
    // (a fresh load at phone width: resizing an open page keeps the wide layout's state)
    await page.reload({ waitUntil: "load" });
    await agreement.waitFor({ state: "visible" });
    const box = await agreement.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await browser.screenshot(page, "rezervacijos-dokumentai-390");
    expect(browser.errorsOf(page)).toEqual([]);
  });
});

// Two people edit one customer at once, each in their own Chromium (their own sessions), against
// the real server: the first save wins; the second gets the Lithuanian "someone else changed it"
// dialog with both values side by side, its typed text stays in the form, and only an explicit
// "save my version" overwrites the other change.
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STALE_RECORD_MESSAGE } from "../../../src/core/errors";
import { DEMO_ADMIN, DEMO_STAFF } from "../../helpers/accounts";
import { adminGet, adminListAll, type Doc, signInAdmin } from "../../helpers/api";
import { type BrowserSession, openBrowser, resizeTo } from "../../helpers/browser";
import { demoAppForFile } from "../../helpers/e2e";
import { signInAs } from "./session";

const app = demoAppForFile();
const SHOTS = process.env.SHOTS_DIR ?? "";
let second: BrowserSession;

beforeAll(async () => {
  second = await openBrowser();
});
afterAll(async () => {
  await second?.close();
});

type Customer = Doc & { notes: string; version: number };

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await resizeTo(page, { width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function openCustomer(page: Page, baseUrl: string, id: string) {
  await page.goto(`${baseUrl}/admin/customers/${id}`, { waitUntil: "load" });
  const notes = page.getByLabel(/^pastabos/i).first();
  await notes.waitFor({ state: "visible" });
  return notes;
}

describe("administravimas: du žmonės keičia tą patį įrašą", () => {
  it("antrasis išsaugojimas gauna 409 pranešimą, įvestas tekstas lieka, perrašoma tik aiškiai pasirinkus", async () => {
    const { server, browser } = app;
    const api = await signInAdmin(server.url);
    const customer = (await adminListAll<Customer>(api, "customers"))[3]!;

    const staffPage = await browser.newPage();
    const adminPage = await second.newPage();
    await signInAs(staffPage, server.url, DEMO_STAFF);
    await signInAs(adminPage, server.url, DEMO_ADMIN);
    const staffNotes = await openCustomer(staffPage, server.url, customer.id);
    const adminNotes = await openCustomer(adminPage, server.url, customer.id);

    const first = `Skambinti tik po 17 val. ${Date.now().toString(36)}`;
    await staffNotes.fill(first);
    await staffPage.getByRole("button", { name: /^išsaugoti$/i }).click();
    await expect.poll(async () => (await adminGet<Customer>(api, "customers", customer.id)).notes).toBe(first);

    const mine = "Pageidauja vaikiškos kėdutės ir navigacijos";
    await adminNotes.fill(mine);
    await adminPage.getByRole("button", { name: /^išsaugoti$/i }).click();

    const dialog = adminPage.getByRole("dialog", { name: /įrašą ką tik pakeitė kitas naudotojas/i });
    await dialog.waitFor({ state: "visible" });
    await expect.poll(() => dialog.textContent()).toContain(STALE_RECORD_MESSAGE);
    const row = dialog.getByRole("row").filter({ hasText: mine });
    await expect.poll(() => row.textContent()).toContain(first);
    await shot(adminPage, "pasenes-irasas-dialogas");
    // Nothing was overwritten by the refused save.
    expect((await adminGet<Customer>(api, "customers", customer.id)).notes).toBe(first);

    await dialog.getByRole("button", { name: /grįžti į formą/i }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await adminNotes.inputValue()).toBe(mine);
    expect(adminPage.url()).toContain(`/admin/customers/${customer.id}`);

    // Saving again asks again; "save my version" overwrites knowingly.
    await adminPage.getByRole("button", { name: /^išsaugoti$/i }).click();
    await dialog.waitFor({ state: "visible" });
    await dialog.getByRole("button", { name: /išsaugoti mano versiją/i }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(async () => (await adminGet<Customer>(api, "customers", customer.id)).notes).toBe(mine);
    await expect.poll(() => adminNotes.inputValue()).toBe(mine);

    expect(second.errorsOf(adminPage).filter((e) => !/409|Conflict/i.test(e))).toEqual([]);
    expect(browser.errorsOf(staffPage)).toEqual([]);
  });
});

// The back-office search box as staff use it (real Chromium, demo server on PGlite): a customer is
// found by surname and name in any order without Lithuanian letters, and by phone as people say
// it; a field name finds nothing.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_STAFF } from "../../helpers/accounts";
import { adminListAll, type Doc, signInStaff } from "../../helpers/api";
import { resizeTo } from "../../helpers/browser";
import { demoAppForFile, screenshotFolderForFile } from "../../helpers/e2e";
import { signInAs } from "./session";

const app = demoAppForFile();
/** SHOTS_DIR keeps the screenshots for review; by default they go to a temp folder of this file. */
const shots = screenshotFolderForFile("paieska");

type Customer = Doc & { firstName: string; lastName: string; phone: string };

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await resizeTo(page, { width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: join(shots(), `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const plain = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "");

async function searchFor(page: Page, q: string): Promise<void> {
  const box = page.getByPlaceholder("Vardas, el. paštas, telefonas…");
  await box.fill(q);
  await page.waitForURL((url) => (url.searchParams.get("filter") ?? "").includes(JSON.stringify(q).slice(1, -1)));
  await page.waitForLoadState("networkidle");
}

describe("administravimo paieškos laukas", () => {
  it("klientas randamas pagal pavardę ir vardą be diakritikų bet kuria tvarka ir pagal telefoną", async () => {
    const { server, browser } = app;
    const customers = await adminListAll<Customer>(await signInStaff(server.url), "customers");
    // A customer whose surname has a Lithuanian letter and whose name and phone are unique.
    const customer = customers.find(
      (c) =>
        plain(c.lastName) !== c.lastName &&
        /^\+3706\d{7}$/.test(c.phone) &&
        customers.filter((other) => other.lastName === c.lastName).length === 1,
    );
    expect(customer, "demonstraciniuose duomenyse yra klientas su lietuviška raide pavardėje").toBeDefined();
    const { firstName, lastName, phone } = customer!;

    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, server.url, DEMO_STAFF);
    await page.goto(`${server.url}/admin/customers`, { waitUntil: "load" });
    await page.locator("table tbody tr").first().waitFor({ state: "visible" });

    await searchFor(page, `${plain(lastName).toLowerCase()} ${firstName.slice(0, 3).toLowerCase()}`);
    const rows = page.locator("table tbody tr");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(lastName);
    await shoot(page, "klientai-pavarde");

    // "+37061234567" as people say it: "8 612 34567".
    await searchFor(page, `8 ${phone.slice(4, 7)} ${phone.slice(7)}`);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(lastName);

    await searchFor(page, "firstName");
    await expect.poll(() => rows.count()).toBe(0);
    await shoot(page, "klientai-lauko-pavadinimas");
    await page.close();
  });
});

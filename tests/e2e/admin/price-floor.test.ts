// /admin/price-update in real Chromium: a change that would sell cars for 0 € is shown refused
// (red rows, the reason, Apply disabled); a valid change is applied only after a confirmation
// with its summary; the history's "Atšaukti paskutinį pakeitimą" undoes it after its own
// confirmation and the public prices are as before. Screenshots at 1280 and 390 px wide go to
// SCREENSHOT_DIR when it is set.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_STAFF } from "../../helpers/accounts";
import type { Doc } from "../../helpers/api";
import { resizeTo, withScreenshot } from "../../helpers/browser";
import { demoAppForFile } from "../../helpers/e2e";
import { ApiClient, listItems } from "../../helpers/http";
import { signInAs } from "./session";

const app = demoAppForFile();
type PublicCar = Doc & { category: string; tiers: { dailyRate: number }[] };

const publicCars = async (url: string) => listItems<PublicCar>((await new ApiClient(url).get("/api/site/cars")).body);
const notification = (page: Page, text: RegExp) => page.getByRole("alert").filter({ hasText: text }).first();

/** Saves the page at 1280 and 390 px wide when SCREENSHOT_DIR names a folder. */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 390]) {
    await resizeTo(page, { width, height: 900 });
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function chooseAmount(page: Page, value: string): Promise<void> {
  await page.getByRole("combobox", { name: /^pokytis/i }).click();
  await page.getByRole("option", { name: /suma eurais/i }).click();
  await page.getByLabel(/^dydis, €/i).fill(value);
}

describe("kainų atnaujinimas: riba, patvirtinimas, atšaukimas", () => {
  it("−500 €: eilutės pažymėtos raudonai su priežastimi, taikyti negalima", async () => {
    const { server, browser } = app;
    const page = await browser.newPage();
    await signInAs(page, server.url, DEMO_STAFF);
    await withScreenshot(browser, page, "kainos-riba", async () => {
      await page.goto(`${server.url}/admin/price-update`, { waitUntil: "load" });
      await page.getByRole("combobox", { name: /^klasė/i }).click();
      await page.getByRole("option", { name: /^ekonominė$/i }).click();
      await chooseAmount(page, "-500");
      await page.getByRole("button", { name: /peržiūrėti pakeitimus/i }).click();
      await page.getByRole("heading", { name: /peržiūra/i }).waitFor({ state: "visible" });
      const rows = page.locator("tr[data-preview-row]");
      await expect.poll(() => rows.count()).toBeGreaterThan(0);
      expect(await page.locator("tr[data-refused]").count()).toBe(await rows.count());
      await page
        .getByText(/paros kaina turi būti ne mažesnė kaip 1,00/i)
        .first()
        .waitFor({ state: "visible" });
      expect(await page.getByRole("button", { name: /taikyti/i }).isDisabled()).toBe(true);
      await shoot(page, "perziura-atmesta");
    });
    await page.close();
  });

  it("kainos formoje per maža paros kaina parodoma prie laukelio ir neišsaugoma", async () => {
    const { server, browser } = app;
    const page = await browser.newPage();
    await signInAs(page, server.url, DEMO_STAFF);
    const before = await publicCars(server.url);
    await withScreenshot(browser, page, "kainos-forma", async () => {
      await page.goto(`${server.url}/admin/prices`, { waitUntil: "load" });
      await page.locator("table tbody tr").first().click();
      await page.waitForURL((url) => /\/admin\/prices\/[^/]+$/.test(url.pathname));
      const rate = page.getByLabel(/^kaina parai, €/i).first();
      await rate.fill("0.5");
      await page.getByRole("button", { name: /^išsaugoti$/i }).click();
      await page
        .getByText(/paros kaina turi būti ne mažesnė kaip 1,00/i)
        .first()
        .waitFor({ state: "visible" });
      await shoot(page, "kainos-forma-riba");
    });
    expect((await publicCars(server.url)).map((car) => car.tiers)).toEqual(before.map((car) => car.tiers));
    await page.close();
  });

  it("taikoma tik patvirtinus, o atšaukus grąžinamos ankstesnės viešos kainos", async () => {
    const { server, browser } = app;
    const page = await browser.newPage();
    await signInAs(page, server.url, DEMO_STAFF);
    const before = await publicCars(server.url);
    await withScreenshot(browser, page, "kainos-atsaukimas", async () => {
      await page.goto(`${server.url}/admin/price-update`, { waitUntil: "load" });
      await page.getByRole("combobox", { name: /^klasė/i }).click();
      await page.getByRole("option", { name: /^ekonominė$/i }).click();
      await chooseAmount(page, "-5");
      await page.getByRole("button", { name: /peržiūrėti pakeitimus/i }).click();
      await expect.poll(() => page.locator("tr[data-preview-row]").count()).toBeGreaterThan(0);
      expect(await page.locator("tr[data-refused]").count()).toBe(0);
      await page.getByRole("button", { name: /taikyti \(/i }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText(/bus pakeist/i).waitFor({ state: "visible" });
      expect(await dialog.textContent()).toMatch(/mažiausias pokytis −5,00\s€, didžiausias −5,00\s€/);
      await shoot(page, "patvirtinimas");
      // Closing the dialog changes nothing.
      await dialog.getByRole("button", { name: /^atšaukti$/i }).click();
      await dialog.waitFor({ state: "hidden" });
      expect((await publicCars(server.url)).map((car) => car.tiers)).toEqual(before.map((car) => car.tiers));

      await page.getByRole("button", { name: /taikyti \(/i }).click();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /^taikyti$/i })
        .click();
      await notification(page, /kainos atnaujintos/i).waitFor({ state: "visible" });
      const undo = page.getByRole("button", { name: /atšaukti paskutinį pakeitimą/i });
      await undo.waitFor({ state: "visible" });
      await shoot(page, "istorija-atsaukti");
    });
    const changed = await publicCars(server.url);
    const eco = before.filter((car) => car.category === "ekonominė");
    expect(eco.length).toBeGreaterThan(0);
    for (const car of eco) {
      const now = changed.find((c) => c.id === car.id);
      expect(now?.tiers[0]?.dailyRate).toBe((car.tiers[0]?.dailyRate ?? 0) - 5);
    }

    await withScreenshot(browser, page, "kainos-atsaukimas-2", async () => {
      await page.getByRole("button", { name: /atšaukti paskutinį pakeitimą/i }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText(/bus grąžintos ankstesnės kainos/i).waitFor({ state: "visible" });
      await shoot(page, "atsaukimo-patvirtinimas");
      await dialog.getByRole("button", { name: /^atšaukti pakeitimą$/i }).click();
      await notification(page, /pakeitimas atšauktas/i).waitFor({ state: "visible" });
      await page
        .getByText(/atšauktas pakeitimas:/i)
        .first()
        .waitFor({ state: "visible" });
    });
    expect((await publicCars(server.url)).map((car) => car.tiers)).toEqual(before.map((car) => car.tiers));
    expect(browser.errorsOf(page)).toEqual([]);
    await page.close();
  });
});

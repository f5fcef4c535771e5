// Fleet upkeep in real Chromium: the dashboard's "Autoparko priežiūra" card lists the demo
// fleet's warnings (30 days / 1 000 km ahead, overdue first and in red), each links to its fleet
// record, and recording the service there (the new Lithuanian inputs) clears the overdue warning.
// Wide (1280 px) and phone (390 px) without sideways scrolling.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_STAFF } from "../../helpers/accounts";
import { withScreenshot } from "../../helpers/browser";
import { demoAppForFile } from "../../helpers/e2e";
import { signInAs } from "./session";

const app = demoAppForFile();

const upkeepCard = (page: Page) => page.locator("section[aria-labelledby=dashboard-upkeep]");

async function openDashboard(page: Page) {
  await page.goto(`${app.server.url}/admin`, { waitUntil: "load" });
  const card = upkeepCard(page);
  await card
    .getByText(/įspėjim/)
    .first()
    .waitFor({ state: "visible" });
  await card.locator("li").first().waitFor({ state: "visible" });
  return card;
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1);

describe("autoparko priežiūros įspėjimai", () => {
  it("suvestinė rodo įspėjimus (pavėluotas – raudonai), nuoroda veda į įrašą, įrašius aptarnavimą įspėjimas dingsta", async () => {
    const page = await app.browser.newPage();
    await withScreenshot(app.browser, page, "prieziura-1280", async () => {
      await signInAs(page, app.server.url, DEMO_STAFF);
      const card = await openDashboard(page);
      const items = await card.locator("li").allInnerTexts();
      // The demo fleet: one car past its service mileage, one within 600 km, one service date in
      // 20 days, insurance in 9 days, inspection in 12 days (server/seed/demoData.ts).
      expect(items.length).toBeGreaterThanOrEqual(5);
      expect(items[0]).toMatch(/Techninis aptarnavimas \(rida\): [\d\s\u00a0]+ km jau pasiekta .*viršyta 400 km/);
      expect(items.some((text) => /ties [\d\s\u00a0]+ km \(liko 600 km\)/.test(text))).toBe(true);
      expect(items.some((text) => /Draudimas: terminas \d{4}-\d{2}-\d{2} \(liko 9 dienos\)/.test(text))).toBe(true);
      expect(
        items.some((text) => /Techninis aptarnavimas: terminas \d{4}-\d{2}-\d{2} \(liko 20 dienų\)/.test(text)),
      ).toBe(true);
      const overdue = card.locator("li[data-severity=overdue]");
      expect(await overdue.count()).toBe(1);
      const color = await overdue.locator(".MuiListItemText-secondary").evaluate((el) => getComputedStyle(el).color);
      const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number) as [number, number, number];
      expect(r, `spalva ${color}`).toBeGreaterThan(150);
      expect(g).toBeLessThan(80);
      expect(b).toBeLessThan(80);
      expect(await noSidewaysScroll(page)).toBe(true);

      const plate = ((await overdue.locator(".MuiListItemText-primary").textContent()) ?? "").split(" · ")[0]!.trim();
      expect(plate).toMatch(/^[A-Z]{3} \d{3}$/);
      await overdue.locator("a").click();
      await page.waitForURL((url) => /^\/admin\/fleet\/[^/]+$/.test(url.pathname));
      await page.getByText(/Kitas techninis aptarnavimas ties [\d\s\u00a0]+ km \(viršyta 400 km\)/).waitFor();
      for (const label of [
        "Draudimas galioja iki",
        "Techninė apžiūra galioja iki",
        "Techninis aptarnavimas iki",
        "Aptarnavimo intervalas, km",
        "Rida paskutinio aptarnavimo metu, km",
      ]) {
        await page.getByLabel(label).first().waitFor({ state: "visible" });
      }
      const mileage = Number(
        await page
          .getByLabel(/^Rida, km/)
          .first()
          .inputValue(),
      );
      await page.getByLabel("Rida paskutinio aptarnavimo metu, km").fill(String(mileage));
      await page.getByText(/Kitas techninis aptarnavimas ties [\d\s\u00a0]+ km \(liko 15[\s\u00a0]000 km\)/).waitFor();
      await page.getByRole("button", { name: /išsaugoti/i }).click();
      await page.waitForURL((url) => url.pathname === "/admin/fleet");

      const after = await openDashboard(page);
      expect(await after.locator("li[data-severity=overdue]").count()).toBe(0);
      expect((await after.locator("li").allInnerTexts()).some((text) => text.startsWith(plate))).toBe(false);
      expect(app.browser.errorsOf(page)).toEqual([]);
    });
    await page.close();
  });

  it("390 px: kortelė ir autoparko forma telpa be šoninio slinkimo", async () => {
    const page = await app.browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await withScreenshot(app.browser, page, "prieziura-390", async () => {
      await signInAs(page, app.server.url, DEMO_STAFF);
      const card = await openDashboard(page);
      expect(await noSidewaysScroll(page)).toBe(true);
      await card.locator("li a").first().click();
      await page.waitForURL((url) => /^\/admin\/fleet\/[^/]+$/.test(url.pathname));
      await page.getByLabel("Aptarnavimo intervalas, km").waitFor({ state: "visible" });
      expect(await noSidewaysScroll(page)).toBe(true);
    });
    await page.close();
  });
});

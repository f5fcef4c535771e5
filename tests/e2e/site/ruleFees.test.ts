// The final price before the button (issue 27), in real Chromium against the real server: a
// 22-year-old types their birth date and the quote panel, before "Rezervuoti" is pressed, carries
// the young driver's fee for every day; saying they travel abroad adds its fee and the larger
// deposit. The numbers come from the settings' tariff the site serves.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SETTINGS_ID } from "../../../server/db/types";
import { formatMoney } from "../../../src/domain/format";
import type { Tariff } from "../../../src/domain/tariff";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../../../src/domain/time";
import { type Doc, signInAdmin } from "../../helpers/api";
import { withScreenshot } from "../../helpers/browser";
import { demoAppForFile } from "../../helpers/e2e";
import { ApiClient, listItems } from "../../helpers/http";

const app = demoAppForFile();

const norm = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ").trim();
const money = (amount: number) => norm(formatMoney(amount));
const dayFromToday = (days: number) => addDaysToDateString(vilniusDateString(new Date()), days);

async function withCountryService(page: Page): Promise<void> {
  await page.route("https://ip2c.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/plain", body: "1;LT;LTU;Lithuania" }),
  );
}

describe("galutinė kaina prieš mygtuką", () => {
  it("22 metų vairuotojas: jauno vairuotojo mokestis kainoje prieš „Rezervuoti“; kelionė į užsienį – mokestis ir užstatas", async () => {
    const { server, browser } = app;
    const site = new ApiClient(server.url);
    const admin = await signInAdmin(server.url);
    const fees = (await admin.get<Doc & { tariff: Tariff }>(`/api/admin/settings/${SETTINGS_ID}`)).body.tariff;
    const settings = (await site.get<{ locations: Doc[] }>("/api/site/settings")).body;
    const location = settings.locations[0]!.id;
    const pickupDay = dayFromToday(100);
    const pickupAt = vilniusLocalToInstant(pickupDay, "10:00").toISOString();
    const returnAt = vilniusLocalToInstant(dayFromToday(103), "10:00").toISOString();
    const free = listItems<{ id: string; car: { slug: string; minDriverAge: number }; quote: { deposit: number } }>(
      (
        await site.get(
          `/api/site/search?from=${encodeURIComponent(pickupAt)}&to=${encodeURIComponent(returnAt)}&location=${location}`,
        )
      ).body,
    ).filter((item) => item.car.minDriverAge <= 22);
    const chosen = free[0]!;
    expect(chosen).toBeDefined();
    // 22 on the pickup day.
    const birthDate = addDaysToDateString(pickupDay, -30).replace(/^\d{4}/, (y) => String(Number(y) - 22));

    const page = await browser.newPage();
    await withCountryService(page);
    await withScreenshot(browser, page, "kaina-jaunas-vairuotojas", async () => {
      await page.goto(
        `${server.url}/rezervacija?from=${encodeURIComponent(pickupAt)}&to=${encodeURIComponent(returnAt)}&location=${location}&car=${chosen.car.slug}`,
        { waitUntil: "load" },
      );
      const panel = page.locator(".quote-panel__quote");
      await panel.getByText("Iš viso su PVM").waitFor();
      expect(norm((await panel.textContent()) ?? "")).not.toContain("Jauno vairuotojo");

      await page.getByLabel("Gimimo data").fill(birthDate);
      const line = `Jauno vairuotojo (iki ${fees.youngDriverUnderAge} m.) mokestis`;
      await panel.getByText(line).waitFor();
      await expect
        .poll(async () => norm((await panel.textContent()) ?? ""))
        .toContain(`${line}${money(fees.youngDriverPerDay * 3)}`);

      await page.getByLabel(/Vyksiu į užsienį/).check();
      await panel.getByText("Kelionė į užsienį").waitFor();
      await expect
        .poll(async () => norm((await panel.textContent()) ?? ""))
        .toContain(`Užstatas (grąžinamas)${money(chosen.quote.deposit + fees.abroadExtraDeposit)}`);
      // Nothing was submitted: this is the quote the visitor sees before the button.
      expect(await page.getByRole("dialog").isVisible()).toBe(false);
      await page.getByRole("button", { name: /^Rezervuoti/ }).waitFor();
    });
    expect(browser.errorsOf(page)).toEqual([]);
    await page.close();
  });
});

// Four eyes on a partial credit note in real Chromium, at 1280 px and on a 1024 × 768 touch tablet:
// a staff member asks to credit 42 € of an invoice's line (the dialog files a request, it issues
// nothing), an administrator sees it on the dashboard under "Laukia patvirtinimo", approves it, and
// the invoice shows the balance still in force.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../../src/domain/format";
import { DEMO_ADMIN, DEMO_STAFF } from "../../helpers/accounts";
import { adminListAll, signInAdmin } from "../../helpers/api";
import { withScreenshot } from "../../helpers/browser";
import { demoAppForFile } from "../../helpers/e2e";
import { signInAs } from "./session";

const app = demoAppForFile();

const SCREENS = [
  { name: "1280", viewport: { width: 1280, height: 900 }, touch: false },
  { name: "planšetė-1024", viewport: { width: 1024, height: 768 }, touch: true },
] as const;

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1);

describe("kreditinė sąskaita su patvirtinimu", () => {
  let used = 0;
  for (const screen of SCREENS) {
    it(`darbuotojas prašo 42 €, administratorius patvirtina suvestinėje (${screen.name})`, async () => {
      const admin = await signInAdmin(app.server.url);
      // An invoice of its own: the next completed reservation that has none yet.
      const reservations = await adminListAll<{ id: string; status: string }>(admin, "reservations");
      let invoice: { id: string; number: string; total: number } | null = null;
      for (const candidate of reservations.filter((r) => r.status === "completed").slice(used)) {
        used += 1;
        const issued = await admin.post<{ id: string; number: string; total: number }>(
          `/api/admin/reservations/${candidate.id}/invoices`,
          {},
        );
        if (issued.status === 201) {
          invoice = issued.body;
          break;
        }
      }
      expect(invoice).not.toBeNull();
      const { id, number, total } = invoice!;
      const press = (locator: Locator) => (screen.touch ? locator.tap() : locator.click());
      // The tablet: its own touch context (the shared one has no touch); 1280 px: the shared context.
      const contexts: BrowserContext[] = [];
      const openPage = async (): Promise<Page> => {
        if (!screen.touch) {
          const page = await app.browser.newPage();
          await page.setViewportSize(screen.viewport);
          return page;
        }
        const context = await app.browser.context.browser()!.newContext({
          locale: "lt-LT",
          timezoneId: "Europe/Vilnius",
          viewport: screen.viewport,
          hasTouch: true,
        });
        context.setDefaultTimeout(15_000);
        contexts.push(context);
        return context.newPage();
      };

      const staffPage = await openPage();
      await withScreenshot(app.browser, staffPage, `kreditine-prasymas-${screen.name}`, async () => {
        await signInAs(staffPage, app.server.url, DEMO_STAFF);
        await staffPage.goto(`${app.server.url}/admin/invoices/${id}`, { waitUntil: "load" });
        await staffPage.locator("h1", { hasText: number }).waitFor();
        await press(staffPage.getByRole("button", { name: "Kreditinė sąskaita" }));
        const dialog = staffPage.getByRole("dialog");
        await dialog.getByText("Jūsų prašymas lauks patvirtinimo").waitFor();
        await press(dialog.getByText("Kredituoti tik dalį (pasirinktas eilutes)"));
        await dialog
          .getByRole("textbox", { name: /^Kredituoti: / })
          .first()
          .fill("42");
        await dialog
          .getByTestId("credit-picked-total")
          .getByText(`Kredituojama: ${formatMoney(42)}`)
          .waitFor();
        await dialog.getByLabel("Priežastis").fill("Grąžinamas vėlavimo mokestis");
        await press(dialog.getByRole("button", { name: "Pateikti prašymą" }));
        await staffPage.getByText(`Prašymas išrašyti kreditinę sąskaitą (${formatMoney(42)}) pateiktas`).waitFor();
        // Nothing was issued: the invoice is still whole and may still be credited.
        await staffPage.getByRole("button", { name: "Kreditinė sąskaita" }).waitFor();
        expect(await staffPage.getByText(/^Galioja /).count()).toBe(0);
        expect(await noSidewaysScroll(staffPage)).toBe(true);
      });

      const adminPage = await openPage();
      await withScreenshot(app.browser, adminPage, `kreditine-patvirtinimas-${screen.name}`, async () => {
        await signInAs(adminPage, app.server.url, DEMO_ADMIN);
        await adminPage.goto(`${app.server.url}/admin`, { waitUntil: "load" });
        const card = adminPage.getByRole("region", { name: "Laukia patvirtinimo" });
        const item = card.getByTestId("approval-item").filter({ hasText: number });
        await item.getByText("Grąžinamas vėlavimo mokestis").waitFor();
        await item.getByText(`Prašė ${DEMO_STAFF.email}`, { exact: false }).waitFor();
        expect(await noSidewaysScroll(adminPage)).toBe(true);
        await press(item.getByRole("button", { name: "Patvirtinti" }));
        await adminPage.getByText(/^Patvirtinta: išrašyta kreditinė sąskaita KS-\d{6}/).waitFor();
        await expect.poll(() => item.count()).toBe(0);

        await adminPage.goto(`${app.server.url}/admin/invoices/${id}`, { waitUntil: "load" });
        const left = Math.round((total - 42) * 100) / 100;
        await adminPage.getByText(`Galioja ${formatMoney(left)}`).waitFor();
        await adminPage.getByText(/^Kredituota KS-\d{6}$/).waitFor();
      });
      for (const context of contexts) await context.close();
    }, 180_000);
  }
});

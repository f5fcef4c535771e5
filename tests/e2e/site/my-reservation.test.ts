// "Mano rezervacija" in real Chromium against the real server: a visitor books on the site, opens
// the signed link from the confirmation in the outbox, changes the dates (quoted live by the
// server), then cancels after confirming. Staff's reservation list shows each step. axe finds 0
// violations on the page (390 px and 1280 px) and on the "link is not valid" page, which offers a
// fresh link; everything works with the keyboard alone.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatDate } from "../../../src/domain/format";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../../../src/domain/time";
import { DEMO_STAFF } from "../../helpers/accounts";
import { adminListAll, type Doc, signInAdmin } from "../../helpers/api";
import { withScreenshot } from "../../helpers/browser";
import { demoAppForFile, signInThroughForm } from "../../helpers/e2e";
import { type ApiClient, listItems, listQuery } from "../../helpers/http";

const app = demoAppForFile();
const dayFromToday = (days: number) => addDaysToDateString(vilniusDateString(new Date()), days);
const TOKEN_IN_LINK = /\/mano-rezervacija\/([A-Za-z0-9_-]{43})/;

/** Console errors other than the browser's own note about an expected refusal. */
const unexpected = (errors: string[]) =>
  errors.filter((text) => !/Failed to load resource: the server responded with a status of (404|409|422)/.test(text));

async function withCountryService(page: Page): Promise<void> {
  await page.route("https://ip2c.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/plain", body: "1;LT;LTU;Lithuania" }),
  );
}

async function axeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} – ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join("; ")}`,
  );
}

type Reservation = Doc & { number: string; status: string; pickupAt: string; returnAt: string };
type Mail = Doc & { to: string; message: { subject: string; text: string } };

async function linkFromOutbox(admin: ApiClient, reservationId: string, email: string): Promise<string> {
  const response = await admin.get(
    `/api/admin/mail${listQuery({ range: [0, 49], filter: { ref: `reservation:${reservationId}` } })}`,
  );
  const mail = listItems<Mail>(response.body).find((m) => m.to === email && TOKEN_IN_LINK.test(m.message.text));
  if (!mail) throw new Error("Patvirtinimo laiške nėra „Mano rezervacija“ nuorodos");
  return TOKEN_IN_LINK.exec(mail.message.text)?.[0] ?? "";
}

/** The row of the reservation in staff's list (searched by its number). */
async function staffRow(page: Page, number: string) {
  await page.goto(`${app.server.url}/admin/reservations`, { waitUntil: "load" });
  const row = page.locator("tr", { hasText: number });
  await row.first().waitFor();
  return ((await row.first().textContent()) ?? "").replace(/\s+/g, " ");
}

describe("Mano rezervacija", () => {
  it("rezervuoti svetainėje -> nuoroda iš laiško -> pakeisti datas -> atšaukti; darbuotojų sąraše matomas kiekvienas žingsnis", async () => {
    const { server, browser } = app;
    const admin = await signInAdmin(server.url);
    const pickupDate = dayFromToday(80);
    const returnDate = dayFromToday(83);
    const email = `portalas.${Date.now().toString(36)}@pavyzdys.lt`;
    const page = await browser.newPage();
    await withCountryService(page);
    const staff = await browser.newPage();
    await signInThroughForm(staff, server.url, DEMO_STAFF);

    const number = await withScreenshot(browser, page, "mano-rezervacija-srautas", async () => {
      // 1. Book on the site.
      await page.goto(server.url, { waitUntil: "load" });
      const search = page.getByRole("form", { name: "Automobilių paieška" });
      await search.getByLabel("Paėmimo data").fill(pickupDate);
      await search.getByLabel("Grąžinimo data").fill(returnDate);
      await search.getByRole("button", { name: "Ieškoti automobilių" }).click();
      await page.waitForURL((url) => url.pathname === "/paieskosautomobiliai");
      await page.locator(".result-card").first().getByRole("link", { name: "Rezervuoti" }).click();
      await page.waitForURL((url) => url.pathname === "/rezervacija");
      await page.locator(".quote-panel__quote").getByText("Iš viso su PVM").waitFor();
      await page.getByLabel("Vardas", { exact: true }).fill("Rūta");
      await page.getByLabel("Pavardė", { exact: true }).fill("Žemaitienė");
      await page.getByLabel("El. paštas", { exact: true }).fill(email);
      await page.getByLabel("Telefono numeris").fill("+370 612 34567");
      await page.getByLabel("Gimimo data").fill("1986-03-14");
      await page.getByLabel("Vairuotojo pažymėjimo Nr.").fill("LT4455667");
      await page.getByLabel(/Sutinku su/).check();
      await page.getByRole("button", { name: "Rezervuoti ir įsipareigoti sumokėti", exact: true }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("heading", { name: "Rezervacija gauta" }).waitFor();
      return ((await dialog.getByTestId("reservation-number").textContent()) ?? "").trim();
    });
    expect(number).toMatch(/^R-\d{4}-\d{6}$/);
    expect(await staffRow(staff, number)).toContain(formatDate(vilniusLocalToInstant(pickupDate, "10:00")));

    // 2. The link from the confirmation mail in the outbox.
    const stored = (await adminListAll<Reservation>(admin, "reservations")).find((r) => r.number === number)!;
    const path = await linkFromOutbox(admin, stored.id, email);
    await page.goto(`${server.url}${path}`, { waitUntil: "load" });
    await page.getByRole("heading", { name: `Mano rezervacija ${number}` }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    expect(await page.locator('meta[name="referrer"]').getAttribute("content")).toBe("no-referrer");
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });

    // 3. Change the dates with the keyboard: the server quotes live, then the change is applied.
    const newPickup = dayFromToday(86);
    const newReturn = dayFromToday(90);
    const change = page.getByRole("region", { name: "Pakeisti rezervaciją" });
    await change.getByLabel("Paėmimo data").fill(newPickup);
    await change.getByLabel("Grąžinimo data").fill(newReturn);
    await change.getByRole("heading", { name: "Nauja kaina" }).waitFor();
    const confirmChange = change.getByRole("button", { name: "Patvirtinti pakeitimą" });
    await expect.poll(() => confirmChange.isEnabled()).toBe(true);
    await confirmChange.focus();
    await page.keyboard.press("Enter");
    await page.getByText(/Rezervacija pakeista\. Nauja kaina:/).waitFor();
    await page
      .getByText(formatDate(vilniusLocalToInstant(newPickup, "10:00")), { exact: false })
      .first()
      .waitFor();
    expect(await staffRow(staff, number)).toContain(formatDate(vilniusLocalToInstant(newPickup, "10:00")));
    const changed = (await adminListAll<Reservation>(admin, "reservations")).find((r) => r.number === number)!;
    expect(changed.pickupAt).toBe(vilniusLocalToInstant(newPickup, "10:00").toISOString());

    // 4. Cancel, after confirming (keyboard only).
    const cancel = page.getByRole("region", { name: "Atšaukti rezervaciją" });
    await cancel.getByRole("button", { name: "Atšaukti rezervaciją" }).focus();
    await page.keyboard.press("Enter");
    await cancel.getByRole("button", { name: "Taip, atšaukti" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("Rezervacija atšaukta. Patvirtinimą išsiuntėme el. paštu.").waitFor();
    await page.locator(".portal-status", { hasText: "atšaukta" }).waitFor();
    expect((await staffRow(staff, number)).toLowerCase()).toContain("atšaukta");
    await browser.screenshot(page, "mano-rezervacija-atsaukta");
    expect(unexpected(browser.errorsOf(page))).toEqual([]);
    await page.close();
    await staff.close();
  });

  it("390 px ir 1280 px: axe – 0 pažeidimų; netinkama nuoroda siūlo atsiųsti naują", async () => {
    const { server, browser } = app;
    for (const width of [390, 1280]) {
      const page = await browser.newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/mano-rezervacija/${"x".repeat(43)}`, { waitUntil: "load" });
      await page.getByRole("heading", { name: "Nuoroda negalioja" }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      const noScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(noScroll, `horizontali slinktis ${width} px`).toBe(true);
      await page.getByLabel("Rezervacijos numeris").fill("R-2026-999999");
      await page.getByLabel("El. paštas").fill("niekas@pavyzdys.lt");
      await page.getByRole("button", { name: "Siųsti nuorodą" }).click();
      await page.getByText(/Jei rezervacija su šiais duomenimis yra/).waitFor();
      await browser.screenshot(page, `mano-rezervacija-netinkama-${width}`);
      expect(unexpected(browser.errorsOf(page))).toEqual([]);
      await page.close();
    }
  });
});

// Reservation status actions as staff use them, in real Chromium against the real server on
// demo data: a cancel needs a reason, a hand-over waits for the pickup day, a closed reservation
// keeps only its notes editable, and a booking in the past is confirmed first.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { vilniusDateString } from "../../../src/domain/time";
import { DEMO_ADMIN, DEMO_STAFF } from "../../helpers/accounts";
import { adminGet, adminListAll, type Doc, signInAdmin, signInStaff, vilniusDaysFromNow } from "../../helpers/api";
import { resizeTo, withScreenshot } from "../../helpers/browser";
import { demoAppForFile, screenshotFolderForFile } from "../../helpers/e2e";
import { signInAs } from "./session";

const app = demoAppForFile();

type Reservation = Doc & {
  number: string;
  carId: string;
  customerId: string;
  pickupAt: string;
  returnAt: string;
  status: string;
  notes: string;
  cancelReason?: string;
  handoverOverrideReason?: string;
  version?: number;
};

/** Screenshots for review, at both widths: SHOTS_DIR keeps them, by default a temp folder of this file. */
const shots = screenshotFolderForFile("rezervacijos");

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await resizeTo(page, { width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: join(shots(), `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

let signedIn: Page | null = null;
async function staffPage(): Promise<Page> {
  if (signedIn) return signedIn;
  const page = await app.browser.newPage();
  await signInAs(page, app.server.url, DEMO_STAFF);
  signedIn = page;
  return page;
}

const toast = (page: Page, text: RegExp) => page.getByRole("alert").filter({ hasText: text }).first();
const actions = (page: Page) => page.getByRole("group", { name: "Būsenos veiksmai" });

async function openReservation(page: Page, id: string): Promise<void> {
  await page.goto(`${app.server.url}/admin/reservations/add/${id}`, { waitUntil: "load" });
  await page.getByRole("button", { name: /^išsaugoti$/i }).waitFor({ state: "visible" });
}

describe("rezervacijos būsenos veiksmai", () => {
  it("atšaukimas prašo priežasties: tuščia atmetama, įrašyta išsaugoma ir rodoma", async () => {
    const { server, browser } = app;
    const staff = await signInStaff(server.url);
    const today = vilniusDateString(new Date());
    const target = (await adminListAll<Reservation>(staff, "reservations")).find(
      (r) => r.status === "new" && vilniusDateString(r.pickupAt) > today,
    )!;
    expect(target, "demo duomenyse yra nauja būsima rezervacija").toBeDefined();
    const page = await staffPage();
    await withScreenshot(browser, page, "rezervacija-atsaukimas", async () => {
      await openReservation(page, target.id);
      // only the moves allowed from "new"
      await actions(page).getByRole("button", { name: "Patvirtinti" }).waitFor({ state: "visible" });
      expect(await actions(page).getByRole("button", { name: "Grąžinti" }).count()).toBe(0);
      expect(await actions(page).getByRole("button", { name: "Perduoti" }).count()).toBe(0);
      await shoot(page, "redagavimas-su-veiksmais");

      await actions(page).getByRole("button", { name: "Atšaukti" }).click();
      const dialog = page.getByRole("dialog", { name: /atšaukti rezervaciją/i });
      await dialog.waitFor({ state: "visible" });
      await dialog.getByRole("button", { name: "Atšaukti rezervaciją" }).click();
      await dialog.getByText("Nurodykite atšaukimo priežastį").waitFor({ state: "visible" });
      expect((await adminGet<Reservation>(staff, "reservations", target.id)).status).toBe("new");

      const reason = "Klientas pakeitė kelionės planus";
      await dialog.getByRole("textbox", { name: /atšaukimo priežastis/i }).fill(reason);
      await dialog.getByText(`${reason.length} / 500`).waitFor({ state: "visible" });
      await shoot(page, "atsaukimo-langas");
      await dialog.getByRole("button", { name: "Atšaukti rezervaciją" }).click();
      await toast(page, /rezervacija atšaukta/i).waitFor({ state: "visible" });
      await dialog.waitFor({ state: "hidden" });
      // still on the record, now closed, with the reason shown
      expect(new URL(page.url()).pathname).toBe(`/admin/reservations/add/${target.id}`);
      const closed = page.getByTestId("closed-reservation");
      await closed.getByText(`Atšaukimo priežastis: ${reason}`).waitFor({ state: "visible" });
      await expect.poll(() => actions(page).count()).toBe(0);
      const saved = await adminGet<Reservation>(staff, "reservations", target.id);
      expect(saved.status).toBe("cancelled");
      expect(saved.cancelReason).toBe(reason);
    });
  });

  it("sąrašo eilutės meniu: vieno paspaudimo patvirtinimas, eilutė neatsidaro", async () => {
    const { server } = app;
    const staff = await signInStaff(server.url);
    const page = await staffPage();
    await page.goto(`${server.url}/admin/reservations?filter=${encodeURIComponent('{"status":"new"}')}`, {
      waitUntil: "load",
    });
    const row = page.locator("tbody tr").first();
    await row.waitFor({ state: "visible" });
    const number = (await row.locator("td").nth(1).textContent())?.trim() ?? "";
    expect(number).toMatch(/^R-\d{4}-\d{6}$/);
    await row.getByRole("button", { name: "Būsenos veiksmai" }).click();
    const menu = page.getByRole("menu");
    await menu.getByRole("menuitem", { name: /atšaukti/i }).waitFor({ state: "visible" });
    expect(await menu.getByRole("menuitem", { name: /grąžinti/i }).count()).toBe(0);
    await menu.getByRole("menuitem", { name: /patvirtinti/i }).click();
    await toast(page, /patvirtinta/i).waitFor({ state: "visible" });
    expect(new URL(page.url()).pathname).toBe("/admin/reservations");
    const confirmed = (await adminListAll<Reservation>(staff, "reservations")).find((r) => r.number === number);
    expect(confirmed?.status).toBe("confirmed");
  });

  it("darbuotojas negali perduoti automobilio anksčiau paėmimo dienos", async () => {
    const { server, browser } = app;
    const staff = await signInStaff(server.url);
    const today = vilniusDateString(new Date());
    const target = (await adminListAll<Reservation>(staff, "reservations")).find(
      (r) => r.status === "confirmed" && vilniusDateString(r.pickupAt) > today,
    )!;
    expect(target, "demo duomenyse yra patvirtinta būsima rezervacija").toBeDefined();
    const page = await staffPage();
    await withScreenshot(browser, page, "rezervacija-per-anksti", async () => {
      await openReservation(page, target.id);
      const handover = actions(page).getByRole("button", { name: "Perduoti" });
      await handover.waitFor({ state: "visible" });
      expect(await handover.isDisabled()).toBe(true);
      await actions(page)
        .getByText(`Perduoti galima nuo paėmimo dienos – ${vilniusDateString(target.pickupAt)}`)
        .waitFor({ state: "visible" });
      await shoot(page, "perduoti-per-anksti");
    });
    // and the server refuses it as well
    const current = await adminGet<Reservation>(staff, "reservations", target.id);
    const refused = await staff.put(`/api/admin/reservations/${target.id}`, { ...current, status: "active" });
    expect(refused.status).toBe(422);
    expect((await adminGet<Reservation>(staff, "reservations", target.id)).status).toBe("confirmed");
  });

  it("uždaryta rezervacija: laukai išjungti, bet vidinės pastabos išsaugomos", async () => {
    const { server, browser } = app;
    const staff = await signInStaff(server.url);
    const target = (await adminListAll<Reservation>(staff, "reservations")).find((r) => r.status === "completed")!;
    const page = await staffPage();
    const note = `Grąžino švarų automobilį ${Date.now().toString(36)}`;
    await withScreenshot(browser, page, "rezervacija-uzdaryta", async () => {
      await openReservation(page, target.id);
      await page
        .getByTestId("closed-reservation")
        .getByText(/įrašas uždarytas/i)
        .waitFor({ state: "visible" });
      expect(await actions(page).count()).toBe(0);
      expect(await page.getByRole("combobox", { name: /^automobilis/i }).isDisabled()).toBe(true);
      expect(await page.getByRole("combobox", { name: /^klientas/i }).isDisabled()).toBe(true);
      expect(await page.getByRole("textbox", { name: /paėmimo laikas/i }).isDisabled()).toBe(true);
      expect(await page.getByRole("textbox", { name: /^kliento komentaras/i }).isDisabled()).toBe(true);
      const notes = page.getByRole("textbox", { name: /^vidinės pastabos/i });
      expect(await notes.isDisabled()).toBe(false);
      await shoot(page, "uzdaryta-rezervacija");
      await notes.fill(note);
      await page.getByRole("button", { name: /^išsaugoti$/i }).click();
      await expect.poll(async () => (await adminGet<Reservation>(staff, "reservations", target.id)).notes).toBe(note);
      expect(new URL(page.url()).pathname).toBe(`/admin/reservations/add/${target.id}`);
    });
    const saved = await adminGet<Reservation>(staff, "reservations", target.id);
    expect(saved.status).toBe("completed");
    expect(saved.pickupAt).toBe(target.pickupAt);
    expect(saved.carId).toBe(target.carId);
  });

  it("praėjusi nuoma: prieš registruojant klausiama patvirtinimo", async () => {
    const { server, browser } = app;
    const staff = await signInStaff(server.url);
    const reservations = await adminListAll<Reservation>(staff, "reservations");
    const customers = await adminListAll<Doc & { lastName: string }>(staff, "customers");
    const customer = customers.find((c) => c.lastName.length > 3)!;
    const period = { pickupAt: vilniusDaysFromNow(-3, "10:00"), returnAt: vilniusDaysFromNow(-2, "10:00") };
    const cars = await adminListAll<Doc & { status?: string }>(staff, "cars");
    const busy = (carId: string) =>
      reservations.some(
        (r) =>
          r.carId === carId &&
          ["new", "confirmed", "active"].includes(r.status) &&
          Date.parse(r.pickupAt) < Date.parse(period.returnAt) &&
          Date.parse(period.pickupAt) < Date.parse(r.returnAt),
      );
    const car = cars.find((c) => (c.status ?? "active") === "active" && !busy(c.id))!;
    const countBefore = reservations.length;
    const page = await staffPage();
    await withScreenshot(browser, page, "rezervacija-praejusi", async () => {
      const source = encodeURIComponent(JSON.stringify({ carId: car.id, ...period }));
      await page.goto(`${server.url}/admin/reservations/add?source=${source}`, { waitUntil: "load" });
      await page.getByText(/automobilis šiuo laikotarpiu laisvas/i).waitFor({ state: "visible" });
      const picker = page.getByRole("combobox", { name: /^klientas/i });
      await picker.click();
      await picker.fill(customer.lastName);
      await page.getByRole("option", { name: customer.lastName }).first().click();

      await page.getByRole("button", { name: /^išsaugoti$/i }).click();
      const dialog = page.getByRole("dialog", { name: "Praėjusi nuoma" });
      await dialog
        .getByText(
          `Paėmimo laikas jau praėjęs (${vilniusDateString(period.pickupAt)} 10:00). Ar tikrai registruoti praėjusią nuomą?`,
        )
        .waitFor({ state: "visible" });
      await shoot(page, "praejusi-nuoma");
      // going back saves nothing
      await dialog.getByRole("button", { name: "Grįžti" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect((await adminListAll(staff, "reservations")).length).toBe(countBefore);

      await page.getByRole("button", { name: /^išsaugoti$/i }).click();
      await dialog.getByRole("button", { name: "Taip, registruoti" }).click();
      await page.waitForURL((url) => /^\/admin\/reservations\/add\/[0-9a-f-]{36}$/.test(url.pathname));
    });
    const id = new URL(page.url()).pathname.split("/").pop()!;
    const saved = await adminGet<Reservation>(staff, "reservations", id);
    expect(saved.carId).toBe(car.id);
    expect(Date.parse(saved.pickupAt)).toBe(Date.parse(period.pickupAt));
    expect((await adminListAll(staff, "reservations")).length).toBe(countBefore + 1);
  });

  // Last: the admin's sign-in replaces the staff session in the shared browser profile.
  it("administratorius anksčiau paėmimo dienos be priežasties neperduoda, su priežastimi eina į perdavimo vedlį", async () => {
    const { server, browser } = app;
    const admin = await signInAdmin(server.url);
    const today = vilniusDateString(new Date());
    const target = (await adminListAll<Reservation>(admin, "reservations")).find(
      (r) => r.status === "confirmed" && vilniusDateString(r.pickupAt) > today,
    )!;
    const page = await browser.newPage();
    await signInAs(page, server.url, DEMO_ADMIN);
    const reason = "Klientas išvyksta anksčiau, sutarta telefonu";
    await withScreenshot(browser, page, "rezervacija-administratorius", async () => {
      await openReservation(page, target.id);
      await actions(page).getByRole("button", { name: "Perduoti" }).click();
      const early = page.getByRole("dialog", { name: /perduoti anksčiau paėmimo dienos/i });
      await early.getByRole("button", { name: "Toliau į perdavimą" }).click();
      await early.getByText(/nurodykite, kodėl perduodama anksčiau/i).waitFor({ state: "visible" });
      expect(new URL(page.url()).pathname).toBe(`/admin/reservations/add/${target.id}`);
      await early.getByRole("textbox", { name: /ankstesnio perdavimo priežastis/i }).fill(reason);
      await early.getByRole("button", { name: "Toliau į perdavimą" }).click();
      await page.waitForURL((url) => url.pathname === `/admin/reservations/${target.id}/handover`);
    });
    // The wizard signs the act (tests/e2e/admin/handover.test.ts); until then nothing changed.
    const saved = await adminGet<Reservation>(admin, "reservations", target.id);
    expect(saved.status).toBe("confirmed");
    expect(saved.handover).toBeNull();
  });
});

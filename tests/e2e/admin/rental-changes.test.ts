// A rental under way in real Chromium on a 1024 × 768 touch tablet (hasTouch: every control tapped):
// the reservation form shows the car and the times read-only with its hint; "Keisti automobilį"
// (return readings, a damage tapped on the diagram, the second car, the price quoted again) and
// "Pratęsti nuomą" (a later return, the new price and the difference) done through their dialogs,
// with what staff then see: the car and the return time changed, the history, the documents, both
// cars' parts on the timeline. The extension dialog is checked at 1280 px too.
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime } from "../../../src/domain/format";
import { addDaysToDateString, vilniusDateString } from "../../../src/domain/time";
import { DEMO_STAFF } from "../../helpers/accounts";
import { adminGet, adminListAll, type Doc, signInAdmin, signInStaff, vilniusDaysFromNow } from "../../helpers/api";
import { settled } from "../../helpers/browser";
import { demoAppForFile, screenshotFolderForFile } from "../../helpers/e2e";
import type { ApiClient } from "../../helpers/http";
import { signInAs } from "./session";

const app = demoAppForFile();
const shots = screenshotFolderForFile("keitimas");
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const TABLET = { width: 1024, height: 768 };

type Reservation = Doc & {
  number: string;
  version: number;
  carId: string;
  returnAt: string;
  quote: { total: number };
  carSwaps?: { toCarId: string }[];
  extensions?: { number: number }[];
};

let admin: ApiClient;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
const cars: { id: string; name: string; plate: string }[] = [];
let reservation: Reservation;

async function createCar(n: number, model: string, rate: number): Promise<void> {
  const car = await admin.post<Doc>("/api/admin/cars", {
    slug: `e2e-keitimas-${n}-${process.pid}`,
    make: "Kia",
    model,
    year: 2024,
    category: "ekonominė",
    transmission: "automatinė",
    fuel: "benzinas",
    seats: 5,
    doors: 5,
    bags: 2,
    airConditioning: true,
    deposit: 300,
    mileageLimitPerDay: 250,
    minDriverAge: 21,
    minLicenceYears: 2,
    status: "active",
  });
  expect(car.status, car.text.slice(0, 300)).toBe(201);
  const price = await admin.post("/api/admin/prices", {
    carId: car.body.id,
    tiers: [{ fromDays: 1, toDays: null, dailyRate: rate }],
  });
  expect(price.status, price.text.slice(0, 300)).toBe(201);
  const plate = `TAB 10${n}`;
  const fleet = await admin.post("/api/admin/fleet", {
    carId: car.body.id,
    plateNumber: plate,
    vin: `KNAZZZ1KZ8W00010${n}`,
    mileage: 20_000 * n,
  });
  expect(fleet.status, fleet.text.slice(0, 300)).toBe(201);
  cars.push({ id: car.body.id, name: `Kia ${model}`, plate });
}

/** What a finger does: a tap in the middle of the element. */
const tap = async (locator: ReturnType<Page["locator"]>) => {
  await locator.scrollIntoViewIfNeeded();
  await locator.tap();
};

/** The dialog lies inside the screen, its buttons too (they stay put while the content scrolls). */
async function fitsScreen(
  dialog: ReturnType<Page["locator"]>,
  submit: string,
  size: { width: number; height: number },
) {
  // The role "dialog" is MUI's paper itself.
  const paper = (await dialog.boundingBox())!;
  expect(paper.x).toBeGreaterThanOrEqual(0);
  expect(paper.y).toBeGreaterThanOrEqual(0);
  expect(paper.x + paper.width).toBeLessThanOrEqual(size.width);
  expect(paper.y + paper.height).toBeLessThanOrEqual(size.height);
  const button = (await dialog.getByRole("button", { name: submit }).boundingBox())!;
  expect(button.y + button.height).toBeLessThanOrEqual(size.height);
  // big enough for a finger
  expect(button.height).toBeGreaterThanOrEqual(44);
}

const toast = (text: RegExp) => page.getByRole("alert").filter({ hasText: text }).first();
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, " ");

describe("vykdoma nuoma planšetėje: automobilio keitimas ir pratęsimas", () => {
  beforeAll(async () => {
    admin = await signInAdmin(app.server.url);
    const staff = await signInStaff(app.server.url);
    await createCar(1, "Ceed Planšetė", 42);
    await createCar(2, "Sportage Planšetė", 58);
    const customer = await admin.post<Doc>("/api/admin/customers", {
      type: "private",
      firstName: "Eglė",
      lastName: "Planšetienė",
      email: `egle.plansete.${process.pid}@pavyzdys.lt`,
      phone: "+37061234567",
      birthDate: "1986-02-03",
      licenceIssuedAt: "2006-06-01",
      licenceNumber: "LT7777777",
    });
    expect(customer.status, customer.text.slice(0, 300)).toBe(201);
    const [location] = await adminListAll(admin, "locations");
    const pickupAt = new Date(Math.floor((Date.now() - 3_600_000) / 900_000) * 900_000).toISOString();
    const created = await admin.post<Reservation>("/api/admin/reservations", {
      carId: cars[0]!.id,
      customerId: customer.body.id,
      pickupAt,
      returnAt: vilniusDaysFromNow(3, "10:00"),
      pickupLocationId: location!.id,
      returnLocationId: location!.id,
      status: "confirmed",
      confirmPast: true,
    });
    expect(created.status, created.text.slice(0, 300)).toBe(201);
    const handed = await staff.post<Reservation>(`/api/admin/reservations/${created.body.id}/handover`, {
      mileage: 20_010,
      fuel: "1",
      licence: { number: "LT7777777", expiresAt: "2035-01-01" },
      damages: [],
      photos: [],
      confirmedDamageIds: [],
      signature: { image: PNG, signerName: "Eglė Planšetienė" },
      version: created.body.version,
    });
    expect(handed.status, handed.text.slice(0, 300)).toBe(200);
    reservation = handed.body;

    // A tablet: touch, 1024 × 768, Lithuanian, Vilnius time.
    context = await app.browser.context.browser()!.newContext({
      viewport: TABLET,
      hasTouch: true,
      locale: "lt-LT",
      timezoneId: "Europe/Vilnius",
    });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await signInAs(page, app.server.url, DEMO_STAFF);
  }, 180_000);
  afterAll(async () => {
    await context?.close();
  });

  it("forma rodo vykdomos nuomos automobilį ir laiką tik skaitymui; keitimas dialogu su lietimu", async () => {
    await page.goto(`${app.server.url}/admin/reservations/add/${reservation.id}`, { waitUntil: "load" });
    const notice = page.getByTestId("active-rental-notice");
    await notice.waitFor({ state: "visible" });
    expect(await notice.textContent()).toContain("„Keisti automobilį“");
    await expect
      .poll(() =>
        page
          .getByRole("combobox", { name: /automobilis/i })
          .first()
          .isDisabled(),
      )
      .toBe(true);
    expect(await page.getByRole("textbox", { name: "Grąžinimo laikas" }).isDisabled()).toBe(true);
    expect(await page.getByRole("textbox", { name: "Paėmimo laikas" }).isDisabled()).toBe(true);
    await page.getByText("Keičiamas veiksmu „Pratęsti nuomą“").waitFor({ state: "visible" });

    const actions = page.getByRole("group", { name: "Būsenos veiksmai" });
    await tap(actions.getByRole("button", { name: "Keisti automobilį" }));
    const dialog = page.getByRole("dialog", { name: new RegExp(`Keisti automobilį – ${reservation.number}`) });
    await dialog.getByRole("combobox", { name: "Automobilis" }).waitFor({ state: "visible" });
    await settled(page);
    await fitsScreen(dialog, "Pakeisti automobilį", TABLET);
    await page.screenshot({ path: join(shots(), "keitimas-1-dialogas-1024.png") });

    // The first car back: odometer, fuel, a new damage tapped on the diagram and described.
    await dialog.getByRole("textbox", { name: "Rida grąžinant (km)" }).fill("20130");
    await tap(dialog.getByRole("group", { name: "Degalai grąžinant" }).getByRole("button", { name: /3\/4|¾/ }));
    await tap(dialog.getByRole("button", { name: /Grąžinamo automobilio schema/ }));
    const note = dialog.getByRole("textbox", { name: "Pažeidimas 1" });
    await note.fill("Įbrėžimas ant galinio buferio");

    // The second car: chosen from the list, its odometer filled in, full tank, the price quoted again.
    await tap(dialog.getByRole("combobox", { name: "Automobilis" }));
    await tap(page.getByRole("option", { name: `${cars[1]!.name}, ${cars[1]!.plate}` }));
    await expect.poll(() => dialog.getByRole("textbox", { name: "Rida perduodant (km)" }).inputValue()).toBe("40000");
    await dialog.getByText("Laisvas iki nuomos pabaigos").waitFor({ state: "visible" });
    await tap(dialog.getByRole("group", { name: "Degalai perduodant" }).getByRole("button", { name: /pilnas/i }));
    const requote = dialog.getByRole("radio", { name: /Perskaičiuoti pagal naują automobilį/ });
    await expect.poll(() => requote.isEnabled()).toBe(true);
    await tap(requote);
    await dialog.getByRole("textbox", { name: "Keitimo priežastis" }).fill("Kliento prašymu – didesnis automobilis");
    await page.screenshot({ path: join(shots(), "keitimas-2-uzpildyta-1024.png") });
    await tap(dialog.getByRole("button", { name: "Pakeisti automobilį" }));
    await toast(/Automobilis pakeistas: aktai išsiųsti klientui/).waitFor({ state: "visible" });
    await dialog.waitFor({ state: "hidden" });

    // What staff see now: the second car, the history line, one act per car to download.
    const history = page.getByTestId("rental-changes");
    await history.waitFor({ state: "visible" });
    await expect
      .poll(async () => plain((await history.textContent()) ?? ""))
      .toContain(`Kia Ceed Planšetė (grąžinta 20 130 km) → Kia Sportage Planšetė (perduota 40 000 km)`);
    await page.getByRole("button", { name: "Keitimo grąžinimo aktas 1" }).waitFor({ state: "visible" });
    await page.getByRole("button", { name: "Keitimo perdavimo aktas 1" }).waitFor({ state: "visible" });
    await expect
      .poll(() =>
        page
          .getByRole("combobox", { name: /automobilis/i })
          .first()
          .inputValue(),
      )
      .toContain("Sportage");
    const saved = await adminGet<Reservation>(admin, "reservations", reservation.id);
    expect(saved.carId).toBe(cars[1]!.id);
    expect(saved.quote.total).toBeGreaterThan(reservation.quote.total);
    await page.screenshot({ path: join(shots(), "keitimas-3-po-keitimo-1024.png"), fullPage: true });
    reservation = saved;
  });

  it("pratęsimas dialogu: nauja kaina ir skirtumas prieš išsaugant, priedas klientui; 1280 px taip pat", async () => {
    const actions = page.getByRole("group", { name: "Būsenos veiksmai" });
    await tap(actions.getByRole("button", { name: "Pratęsti nuomą" }));
    const dialog = page.getByRole("dialog", { name: new RegExp(`Pratęsti nuomą – ${reservation.number}`) });
    await dialog.getByTestId("extension-summary").waitFor({ state: "visible" });
    await settled(page);
    await fitsScreen(dialog, "Pratęsti ir išsiųsti priedą", TABLET);

    // Two days more than now: typed into the date field.
    const newDay = addDaysToDateString(vilniusDateString(reservation.returnAt), 2);
    const date = dialog.getByRole("textbox", { name: "Data" });
    await date.fill(newDay);
    await date.blur();
    const newReturn = vilniusDaysFromNow(5, "10:00");
    const summary = dialog.getByTestId("extension-summary");
    await expect
      .poll(async () => plain((await summary.textContent()) ?? ""))
      .toContain(plain(formatDateTime(newReturn)));
    const difference = await dialog.locator("[data-price-difference]").getAttribute("data-price-difference");
    expect(difference).toMatch(/^\+/);
    await page.screenshot({ path: join(shots(), "pratesimas-1-dialogas-1024.png") });

    // The same dialog at 1280 px: inside the screen, the buttons in reach.
    const desktop = { width: 1280, height: 800 };
    await page.setViewportSize(desktop);
    await settled(page);
    await fitsScreen(dialog, "Pratęsti ir išsiųsti priedą", desktop);
    await page.screenshot({ path: join(shots(), "pratesimas-2-dialogas-1280.png") });
    await page.setViewportSize(TABLET);
    await settled(page);

    await tap(dialog.getByRole("button", { name: "Pratęsti ir išsiųsti priedą" }));
    // No question about a past booking: the pickup is not touched.
    expect(await page.getByRole("dialog", { name: "Praėjusi nuoma" }).count()).toBe(0);
    await toast(/Nuoma pratęsta iki .*sutarties priedas Nr\. 1 išsiųstas klientui/).waitFor({ state: "visible" });
    await dialog.waitFor({ state: "hidden" });
    await expect
      .poll(() => page.getByRole("textbox", { name: "Grąžinimo laikas" }).inputValue())
      .toContain(`${newDay}`);
    await page.getByRole("button", { name: "Sutarties priedas Nr. 1" }).waitFor({ state: "visible" });
    await expect
      .poll(async () => plain((await page.getByTestId("rental-changes").textContent()) ?? ""))
      .toContain("Pratęsta (priedas Nr. 1)");
    const saved = await adminGet<Reservation>(admin, "reservations", reservation.id);
    expect(saved.returnAt).toBe(newReturn);
    expect(saved.extensions?.map((e) => e.number)).toEqual([1]);
    expect(saved.quote.total).toBeGreaterThan(reservation.quote.total);
    const mail = (await adminListAll<Doc & { ref: string; message?: { subject?: string } }>(admin, "mail")).find(
      (m) => m.ref === `reservation:${reservation.id}` && m.message?.subject?.startsWith("Nuoma pratęsta"),
    );
    expect(mail).toBeDefined();
    reservation = saved;
  });

  it("užimtumo lentelėje – abiejų automobilių dalys, be naršyklės klaidų", async () => {
    const today = vilniusDateString(new Date());
    await page.goto(`${app.server.url}/admin/check-availability?from=${today}&span=7`, { waitUntil: "load" });
    const before = page.locator(`[data-car-id="${cars[0]!.id}"] [data-reservation-bar="${reservation.id}"]`);
    const after = page.locator(`[data-car-id="${cars[1]!.id}"] [data-reservation-bar="${reservation.id}"]`);
    await before.waitFor({ state: "visible" });
    await after.waitFor({ state: "visible" });
    expect(await before.getAttribute("data-swap-part")).toBe("before");
    expect(await after.getAttribute("data-swap-part")).toBe("after");
    expect(await before.getAttribute("aria-label")).toContain("iki automobilio keitimo");
    // The second car's part runs to the extended return.
    expect(plain((await after.getAttribute("aria-label")) ?? "")).toContain(
      plain(formatDateTime(reservation.returnAt)),
    );
    // The bar's menu offers the two actions of a rental under way (no "Perkelti…").
    await tap(after);
    await page.getByRole("menuitem", { name: "Pratęsti nuomą…" }).waitFor({ state: "visible" });
    await page.getByRole("menuitem", { name: "Keisti automobilį…" }).waitFor({ state: "visible" });
    expect(await page.getByRole("menuitem", { name: "Perkelti…" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.screenshot({ path: join(shots(), "keitimas-4-uzimtumas-1024.png"), fullPage: true });
    expect(errors).toEqual([]);
  });
});

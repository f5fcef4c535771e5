// The desk's day in real Chromium (issue 26, parts 6 and 8): the dashboard heads with a car not
// returned since yesterday (1280 px and a 1024×768 touch tablet); the hand-over wizard on the
// tablet asks for the birth date and licence issue date the customer card lacks and writes them,
// with the licence number, to the card; the audit log shows an edit's before and after, filters
// by person, and is not there for staff.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "../../../src/domain/time";
import { DEMO_ADMIN, DEMO_STAFF } from "../../helpers/accounts";
import { adminGet, adminListAll, type Doc, signInAdmin, signInStaff } from "../../helpers/api";
import { settled, withScreenshot } from "../../helpers/browser";
import { demoAppForFile } from "../../helpers/e2e";
import type { ApiClient } from "../../helpers/http";
import { signInAs } from "./session";

const app = demoAppForFile();
const HOUR = 3_600_000;

type Car = Doc & { status: string; minDriverAge: number; minLicenceYears: number };
type Reservation = Doc & { number: string; carId: string; pickupAt: string; returnAt: string; status: string };
type Customer = Doc & { birthDate: string | null; licenceIssuedAt: string | null; licenceNumber: string };

/** A half hour `hours` from now (negative: ago). */
const halfHourFromNow = (hours: number): string =>
  new Date(Math.floor((Date.now() + hours * HOUR) / 1_800_000) * 1_800_000).toISOString();

/** An active car with nothing booked from `from` to `to` (and a day around). */
async function freeCar(admin: ApiClient, from: string, to: string, skip: string[] = []): Promise<Car> {
  const reservations = await adminListAll<Reservation>(admin, "reservations");
  const car = (await adminListAll<Car>(admin, "cars")).find(
    (c) =>
      c.status === "active" &&
      !skip.includes(c.id) &&
      !reservations.some(
        (r) =>
          r.carId === c.id &&
          ["new", "confirmed", "active"].includes(r.status) &&
          Date.parse(r.pickupAt) < Date.parse(to) + DAY_MS &&
          Date.parse(r.returnAt) > Date.parse(from) - DAY_MS,
      ),
  );
  expect(car, "demo duomenyse yra laisvas automobilis").toBeDefined();
  return car!;
}

async function newCustomer(admin: ApiClient, email: string, fields: Record<string, unknown> = {}): Promise<Customer> {
  const created = await admin.post<Customer>("/api/admin/customers", {
    type: "private",
    firstName: "Gintarė",
    lastName: "Šimkūnienė",
    email,
    phone: "+37061112233",
    notes: "",
    ...fields,
  });
  expect(created.status, created.text.slice(0, 300)).toBe(201);
  return created.body;
}

async function book(
  admin: ApiClient,
  input: { carId: string; customerId: string; pickupAt: string; returnAt: string },
) {
  const [location] = await adminListAll(admin, "locations");
  const created = await admin.post<Reservation>("/api/admin/reservations", {
    ...input,
    pickupLocationId: location!.id,
    returnLocationId: location!.id,
    extras: [],
    status: "confirmed",
    confirmPast: true,
  });
  expect(created.status, created.text.slice(0, 400)).toBeLessThan(300);
  return created.body;
}

/** A 1024×768 touch tablet (its own context: touch is a context option). */
async function tabletContext(): Promise<BrowserContext> {
  const browser = app.browser.context.browser();
  if (!browser) throw new Error("Chromium nepaleistas");
  const context = await browser.newContext({
    locale: "lt-LT",
    timezoneId: "Europe/Vilnius",
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
  });
  context.setDefaultTimeout(15_000);
  return context;
}

function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

let overdue: Reservation;

describe("diena prie stalo naršyklėje", () => {
  it("suvestinė: vakar negrąžintas automobilis – „Vėluoja grąžinti“ pirmas (1280 px ir planšetė)", async () => {
    const { server, browser } = app;
    const admin = await signInAdmin(server.url);
    const pickupAt = halfHourFromNow(-72);
    const returnAt = halfHourFromNow(-30);
    const car = await freeCar(admin, pickupAt, returnAt);
    const customer = await newCustomer(admin, "velyvas.grazinimas@example.lt", {
      birthDate: "1980-02-02",
      licenceIssuedAt: "2000-03-03",
      licenceNumber: "LT5550001",
    });
    overdue = await book(admin, { carId: car.id, customerId: customer.id, pickupAt, returnAt });
    const active = await admin.put(`/api/admin/reservations/${overdue.id}`, {
      status: "active",
      version: (overdue as Reservation & { version: number }).version,
    });
    expect(active.status, active.text.slice(0, 300)).toBe(200);
    // 30 to 30½ hours late: one day and six hours.
    const expected = "Vėluoja grąžinti 1 d. 6 val.";

    const page = await browser.newPage();
    await signInAs(page, server.url, DEMO_STAFF);
    await withScreenshot(browser, page, "suvestine-veluoja", async () => {
      await page.goto(`${server.url}/admin`, { waitUntil: "load" });
      const card = page.getByTestId("dashboard-overdue");
      await card.getByRole("link", { name: overdue.number }).waitFor({ state: "visible" });
      const row = card.getByRole("listitem").filter({ hasText: overdue.number });
      await expect.poll(() => row.textContent()).toContain(expected);
      // The card heads the page: above the day's summary cards.
      const cardBox = (await card.boundingBox())!;
      const firstSummary = (await page.getByRole("heading", { name: "Šiandien paimama" }).boundingBox())!;
      expect(cardBox.y).toBeLessThan(firstSummary.y);
      // "Šiandien mokėtina" lists it too, marked late.
      await page.getByTestId("today-due").getByText(expected, { exact: false }).first().waitFor({ state: "visible" });
    });
    expect(browser.errorsOf(page)).toEqual([]);
    await page.close();

    const tablet = await tabletContext();
    try {
      const touch = await tablet.newPage();
      const errors = pageErrors(touch);
      await signInAs(touch, server.url, DEMO_STAFF);
      await touch.goto(`${server.url}/admin`, { waitUntil: "load" });
      const card = touch.getByTestId("dashboard-overdue");
      await card.getByRole("link", { name: overdue.number }).waitFor({ state: "visible" });
      await settled(touch);
      // Nothing wider than the tablet.
      expect(await touch.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
      await card.getByRole("link", { name: overdue.number }).tap();
      await touch.waitForURL((url) => url.pathname.endsWith(overdue.id));
      expect(errors).toEqual([]);
    } finally {
      await tablet.close();
    }
  });

  it("perdavimas planšetėje: trūkstamos kliento datos įvedamos vedlyje ir įrašomos į kortelę", async () => {
    const { server } = app;
    const admin = await signInAdmin(server.url);
    const pickupAt = halfHourFromNow(-1);
    const returnAt = halfHourFromNow(47);
    const car = await freeCar(admin, pickupAt, returnAt, overdue ? [overdue.carId] : []);
    const customer = await newCustomer(admin, "be.kortels.datu@example.lt");
    expect(customer.birthDate ?? null).toBeNull();
    const reservation = await book(admin, { carId: car.id, customerId: customer.id, pickupAt, returnAt });

    const tablet = await tabletContext();
    try {
      const page = await tablet.newPage();
      const errors = pageErrors(page);
      await signInAs(page, server.url, DEMO_STAFF);
      await page.goto(`${server.url}/admin/reservations/${reservation.id}/handover`, { waitUntil: "load" });
      const next = () => page.getByRole("button", { name: "Toliau", exact: true }).tap();

      // 1. checks: the card lacks both dates, so the wizard asks for them here
      await page.getByRole("textbox", { name: /vairuotojo pažymėjimo nr/i }).fill("LT9998887");
      await page.getByRole("textbox", { name: /galioja iki/i }).fill("2035-01-31");
      await next();
      await page.getByText("Įveskite gimimo datą").waitFor({ state: "visible" });
      await page.getByText("Įveskite pažymėjimo išdavimo datą").waitFor({ state: "visible" });
      expect(await page.getByRole("link", { name: "Atidaryti kliento kortelę" }).count()).toBe(0);
      await page.getByRole("textbox", { name: /gimimo data/i }).fill("1986-05-20");
      await page.getByRole("textbox", { name: /pažymėjimas išduotas/i }).fill("2006-08-01");
      await page.getByText("Įveskite gimimo datą").waitFor({ state: "detached" });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
      await next();

      // 2. readings
      const fleet = (await adminListAll<Doc & { carId: string; mileage: number }>(admin, "fleet")).find(
        (f) => f.carId === car.id,
      );
      await page.getByRole("textbox", { name: /rida/i }).fill(String((fleet?.mileage ?? 10_000) + 3));
      await page.getByRole("button", { name: "¾ bako" }).tap();
      await next();

      // 3. damage: the car's earlier damages confirmed with the customer
      for (const box of await page.getByRole("checkbox").all()) await box.check();
      await next();

      // 4. signature (the pad takes pointer strokes) and the hand-over
      const pad = page.getByTestId("signature-pad");
      await pad.scrollIntoViewIfNeeded();
      const area = (await pad.boundingBox())!;
      await page.mouse.move(area.x + 40, area.y + area.height / 2);
      await page.mouse.down();
      for (let i = 1; i <= 15; i++)
        await page.mouse.move(area.x + 40 + i * 15, area.y + area.height / 2 - (i % 3) * 12);
      await page.mouse.up();
      await page.getByText("Pasirašyta", { exact: true }).waitFor({ state: "visible" });
      await page.getByRole("button", { name: "Patvirtinti ir perduoti" }).tap();
      await page.getByTestId("handover-done").getByText("Automobilis perduotas").waitFor({ state: "visible" });
      expect(errors).toEqual([]);
    } finally {
      await tablet.close();
    }

    const card = await adminGet<Customer>(admin, "customers", customer.id);
    expect(card).toMatchObject({ birthDate: "1986-05-20", licenceIssuedAt: "2006-08-01", licenceNumber: "LT9998887" });
    expect((await adminGet<Reservation>(admin, "reservations", reservation.id)).status).toBe("active");
  });

  it("veiksmų žurnalas: redagavimas su „Buvo“ ir „Tapo“, filtras pagal asmenį; darbuotojui – nėra", async () => {
    const { server, browser } = app;
    const staffApi = await signInStaff(server.url);
    const admin = await signInAdmin(server.url);
    const customer = await newCustomer(admin, "zurnalas@example.lt");
    const edited = await staffApi.put(`/api/admin/customers/${customer.id}`, { ...customer, phone: "+37069990001" });
    expect(edited.status, edited.text.slice(0, 300)).toBe(200);

    const page = await browser.newPage();
    await signInAs(page, server.url, DEMO_ADMIN);
    await withScreenshot(browser, page, "veiksmu-zurnalas", async () => {
      // From the customer's page: "Istorija" opens the log of that record.
      await page.goto(`${server.url}/admin/customers/${customer.id}`, { waitUntil: "load" });
      await page.getByRole("link", { name: "Istorija" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/audit-log");
      const row = page.getByRole("row").filter({ hasText: DEMO_STAFF.email });
      await row.first().waitFor({ state: "visible" });
      await row.first().getByText("Pakeista", { exact: true }).click();
      const changes = page.getByRole("table", { name: "Pakeisti laukai" });
      await changes.waitFor({ state: "visible" });
      const phoneRow = changes.getByRole("row").filter({ hasText: "+37069990001" });
      await expect.poll(() => phoneRow.textContent()).toContain("+37061112233");

      // By person: only the staff member's entries.
      await page.goto(
        `${server.url}/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ actor: DEMO_STAFF.email }))}`,
        { waitUntil: "load" },
      );
      await page.getByRole("row").filter({ hasText: DEMO_STAFF.email }).first().waitFor({ state: "visible" });
      await expect.poll(() => page.getByRole("row").filter({ hasText: DEMO_ADMIN.email }).count()).toBe(0);
      await page.setViewportSize({ width: 1280, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    });
    expect(browser.errorsOf(page)).toEqual([]);
    await page.close();

    // Staff: no menu item, and the page refuses them.
    const tablet = await tabletContext();
    try {
      const touch = await tablet.newPage();
      await signInAs(touch, server.url, DEMO_STAFF);
      await touch.goto(`${server.url}/admin/customers/${customer.id}`, { waitUntil: "load" });
      await touch
        .getByRole("textbox", { name: /telefono numeris/i })
        .first()
        .waitFor({ state: "visible" });
      expect(await touch.getByRole("link", { name: "Istorija" }).count()).toBe(0);
      expect(await touch.getByRole("menuitem", { name: /veiksmų žurnalas/i }).count()).toBe(0);
      await touch.goto(`${server.url}/admin/audit-log`, { waitUntil: "load" });
      await touch
        .getByText(/Neturite teisių atverti šio puslapio|Prieiga draudžiama/)
        .first()
        .waitFor({ state: "visible" });
    } finally {
      await tablet.close();
    }
  });
});

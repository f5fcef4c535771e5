// The rental desk in real Chromium against the real server on demo data: a hand-over at 1024 px
// (licence, readings, a damage mark, two photos uploaded into the private store, a signature drawn
// with the mouse) makes the reservation active with its act; then the return with kilometres over
// the limit, missing fuel and a late return shows the total the rules give (rates and limits read
// through the API), and completes the reservation. Screenshots of every step at 1024 and 390 px.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { SETTINGS_ID } from "../../../src/core/collections";
import { formatMoney, roundMoney } from "../../../src/domain/format";
import { ageOn } from "../../../src/domain/reservationInput";
import { addDaysToDateString, DAY_MS, vilniusDateString, vilniusLocalToInstant } from "../../../src/domain/time";
import { DEMO_ADMIN, DEMO_STAFF } from "../../helpers/accounts";
import { adminGet, adminListAll, type Doc, signInAdmin, vilniusDaysFromNow } from "../../helpers/api";
import { resizeTo, settled, withScreenshot } from "../../helpers/browser";
import { demoAppForFile, screenshotFolderForFile } from "../../helpers/e2e";
import { makeJpeg, makePng } from "../../helpers/images";
import { signInAs } from "./session";

const app = demoAppForFile();

/** SHOTS_DIR keeps the screenshots for review; by default they go to a temp folder of this file. */
const shots = screenshotFolderForFile("perdavimas");
const FUEL_ORDER = ["0", "1/4", "1/2", "3/4", "1"];

type Car = Doc & { status: string; mileageLimitPerDay: number | null; minDriverAge: number; minLicenceYears: number };
type Customer = Doc & { birthDate: string | null; licenceIssuedAt: string | null; licenceNumber: string };
type Reservation = Doc & {
  carId: string;
  pickupAt: string;
  returnAt: string;
  status: string;
  quote?: { days: number; dailyRate: number };
  handover?: { mileage: number; fuel: string; photos: string[]; damages: unknown[]; document: string } | null;
  returnAct?: { total: number; charges: { kind: string; amount: number }[] } | null;
};
type Settings = Doc & { bookingRules: { graceMinutes: number } };
type DeskAnswer = {
  /** the tariff's rates (settings.tariff, src/domain/tariff.ts) */
  rates: {
    extraKmRate: number;
    fuelPerQuarter: number;
    fuelServiceFee: number;
    lateReturnFee: number;
    cleaningFee: number;
  };
  graceMinutes: number;
};

/** Every step at both widths, for review; the wizard keeps its state across the resize. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1024, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    await page.screenshot({ path: join(shots(), `${name}-${width}.png`), fullPage: true });
  }
  await resizeTo(page, { width: 1024, height: 768 });
}

/** A few strokes across the signature pad with the mouse. */
async function sign(page: Page): Promise<void> {
  const pad = page.getByTestId("signature-pad");
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const y = box.y + box.height * 0.6;
  await page.mouse.move(box.x + 40, y);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) {
    await page.mouse.move(box.x + 40 + i * 12, y - Math.sin(i / 2) * 30, { steps: 2 });
  }
  await page.mouse.up();
  await page.mouse.move(box.x + 300, y - 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 340, y + 10, { steps: 5 });
  await page.mouse.up();
}

const next = (page: Page) => page.getByRole("button", { name: "Toliau", exact: true }).click();

let reservationId = "";
let handoverMileage = 0;

describe("nuomos punktas: perdavimas ir grąžinimas naršyklėje", () => {
  it("perdavimas 1024 px: patikra, rodmenys, žyma, nuotraukos, parašas → rezervacija vykdoma, aktas yra", async () => {
    const { server, browser } = app;
    const admin = await signInAdmin(server.url);
    // A past rental that ended 30 hours ago (a late return), of a car with a daily km limit.
    const pickupAt = vilniusDaysFromNow(-3, "10:00");
    const returnAt = new Date(Math.floor((Date.now() - 30 * 3_600_000) / 1_800_000) * 1_800_000).toISOString();
    const reservations = await adminListAll<Reservation>(admin, "reservations");
    const busyUntil = new Date(Date.now() + 2 * DAY_MS).toISOString();
    const cars = (await adminListAll<Car>(admin, "cars")).filter(
      (car) =>
        car.status === "active" &&
        car.mileageLimitPerDay !== null &&
        !reservations.some(
          (r) =>
            r.carId === car.id &&
            ["new", "confirmed", "active"].includes(r.status) &&
            Date.parse(r.pickupAt) < Date.parse(busyUntil) &&
            Date.parse(pickupAt) - DAY_MS < Date.parse(r.returnAt),
        ),
    );
    const car = cars[0];
    expect(car, "demo duomenyse yra laisvas automobilis su ridos limitu").toBeDefined();
    const pickupDay = vilniusDateString(pickupAt);
    const customer = (await adminListAll<Customer>(admin, "customers")).find(
      (c) =>
        c.birthDate &&
        c.licenceIssuedAt &&
        c.licenceNumber &&
        ageOn(c.birthDate, pickupDay) >= car!.minDriverAge &&
        ageOn(c.licenceIssuedAt, pickupDay) >= car!.minLicenceYears,
    );
    expect(customer, "demo klientas atitinka automobilio reikalavimus").toBeDefined();
    const [location] = await adminListAll(admin, "locations");
    const created = await admin.post<Reservation>("/api/admin/reservations", {
      carId: car!.id,
      customerId: customer!.id,
      pickupAt,
      returnAt,
      pickupLocationId: location!.id,
      returnLocationId: location!.id,
      extras: [],
      status: "confirmed",
      confirmPast: true,
    });
    expect(created.status, created.text.slice(0, 400)).toBeLessThan(300);
    reservationId = created.body.id;
    const fleet = (await adminListAll<Doc & { carId: string; mileage: number }>(admin, "fleet")).find(
      (f) => f.carId === car!.id,
    );
    handoverMileage = (fleet?.mileage ?? 20_000) + 37;

    const page = await browser.newPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    await signInAs(page, server.url, DEMO_STAFF);
    await withScreenshot(browser, page, "perdavimas", async () => {
      await page.goto(`${server.url}/admin/reservations/add/${reservationId}`, { waitUntil: "load" });
      await page.getByRole("group", { name: "Būsenos veiksmai" }).getByRole("button", { name: "Perduoti" }).click();
      await page.waitForURL((url) => url.pathname === `/admin/reservations/${reservationId}/handover`);

      // 1. checks: the licence number comes from the customer's card; the expiry is required
      const number = page.getByRole("textbox", { name: /vairuotojo pažymėjimo nr/i });
      await number.waitFor({ state: "visible" });
      expect(await number.inputValue()).toBe(customer!.licenceNumber);
      await next(page);
      await page.getByText("Įveskite pažymėjimo galiojimo datą").waitFor({ state: "visible" });
      await page
        .getByRole("textbox", { name: /galioja iki/i })
        .fill(addDaysToDateString(vilniusDateString(new Date()), 800));
      await shoot(page, "perdavimas-1-patikra");
      await next(page);

      // 2. readings: both required
      await next(page);
      await page.getByText("Įveskite ridą").waitFor({ state: "visible" });
      await page.getByText("Pasirinkite degalų kiekį").waitFor({ state: "visible" });
      await page.getByRole("textbox", { name: /rida/i }).fill(String(handoverMileage));
      await page.getByRole("button", { name: "¾ bako" }).click();
      await shoot(page, "perdavimas-2-rodmenys");
      await next(page);

      // 3. damage: a mark on the diagram with its note, earlier damages confirmed, two photos
      const diagram = page.getByTestId("car-diagram");
      const area = (await diagram.boundingBox())!;
      await page.mouse.click(area.x + area.width * 0.3, area.y + area.height * 0.25);
      await page.getByRole("textbox", { name: "Pažeidimas 1" }).fill("Įbrėžimas kairėje priekinėje durelėse, 4 cm");
      for (const box of await page.getByRole("checkbox").all()) await box.check();
      await page.getByTestId("photo-input").setInputFiles([
        { name: "priekis.jpg", mimeType: "image/jpeg", buffer: makeJpeg() },
        // above 256 kB: the resumable upload in chunks
        { name: "sonas.png", mimeType: "image/png", buffer: makePng(330, 330, true) },
      ]);
      await expect
        .poll(() => page.locator('[data-testid="photo-item"][data-state="success"]').count(), { timeout: 30_000 })
        .toBe(2);
      await shoot(page, "perdavimas-3-pazeidimai");
      await next(page);

      // 4. signature: refused without it, then drawn with the mouse
      await page.getByRole("button", { name: "Patvirtinti ir perduoti" }).click();
      await page.getByText("Klientas turi pasirašyti").waitFor({ state: "visible" });
      await sign(page);
      await page.getByText("Pasirašyta", { exact: true }).waitFor({ state: "visible" });
      await shoot(page, "perdavimas-4-parasas");
      await page.getByRole("button", { name: "Patvirtinti ir perduoti" }).click();
      await page.getByTestId("handover-done").getByText("Automobilis perduotas").waitFor({ state: "visible" });
      await shoot(page, "perdavimas-5-atlikta");

      // the act's download button gives the PDF
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Perdavimo aktas (PDF)" }).click(),
      ]);
      const bytes = readFileSync(await download.path());
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      // the act the browser downloaded carries the Lithuanian letters of its text and of the names
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
      expect(text).toContain("AUTOMOBILIO PERDAVIMO AKTAS");
      expect(text).toMatch(/Pažeidimai/);
      expect(text).toMatch(/Puslapis 1 iš \d/);
      for (const letter of ["ž", "ė", "š"]) expect(text).toContain(letter);
    });
    expect(browser.errorsOf(page)).toEqual([]);

    const saved = await adminGet<Reservation>(admin, "reservations", reservationId);
    expect(saved.status).toBe("active");
    expect(saved.handover?.mileage).toBe(handoverMileage);
    expect(saved.handover?.fuel).toBe("3/4");
    expect(saved.handover?.photos).toHaveLength(2);
    expect(saved.handover?.damages).toHaveLength(1);
    const act = await admin.get(`/api/admin/reservations/${reservationId}/documents/handover.pdf`);
    expect(act.status).toBe(200);
    expect(act.headers.get("content-type")).toMatch(/^application\/pdf/);
    // a stored photo is private: staff load it, the public /files path does not have it
    const photo = saved.handover!.photos[0]!;
    expect(photo).toMatch(/^desk\//);
    expect((await admin.get(`/files/${photo}`)).status).toBe(404);
    await page.close();
  });

  it("grąžinimas: viršyta rida, trūkstami degalai ir vėlavimas – suma pagal taisykles", async () => {
    const { server, browser } = app;
    expect(reservationId, "perdavimo testas sukūrė rezervaciją").not.toBe("");
    const admin = await signInAdmin(server.url);
    const reservation = await adminGet<Reservation>(admin, "reservations", reservationId);
    const car = await adminGet<Car>(admin, "cars", reservation.carId);
    // the desk's rates and grace period as the server reads them from the settings (defaults when unset)
    const desk = await admin.get<DeskAnswer>(`/api/admin/reservations/${reservationId}/desk`);
    expect(desk.status, desk.text.slice(0, 300)).toBe(200);
    const { rates, graceMinutes } = desk.body;
    const settings = await adminGet<Settings>(admin, "settings", SETTINGS_ID);
    expect(graceMinutes).toBe(settings.bookingRules.graceMinutes);
    const quote = reservation.quote!;
    const limit = car.mileageLimitPerDay! * quote.days;
    const overKm = 150;
    const returnMileage = handoverMileage + limit + overKm;

    const page = await browser.newPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    await signInAs(page, server.url, DEMO_ADMIN);
    await withScreenshot(browser, page, "grazinimas", async () => {
      await page.goto(`${server.url}/admin/reservations/add/${reservationId}`, { waitUntil: "load" });
      await page.getByRole("group", { name: "Būsenos veiksmai" }).getByRole("button", { name: "Grąžinti" }).click();
      await page.waitForURL((url) => url.pathname === `/admin/reservations/${reservationId}/return`);

      // 1. readings beside the hand-over's; below the hand-over's mileage is refused on the field
      const mileage = page.getByRole("textbox", { name: /rida/i });
      await mileage.fill(String(handoverMileage - 1));
      await page.getByRole("button", { name: "¼ bako" }).click();
      await next(page);
      await page.getByText(/grąžinimo rida negali būti mažesnė/i).waitFor({ state: "visible" });
      await mileage.fill(String(returnMileage));
      await shoot(page, "grazinimas-1-rodmenys");
      // lt-LT fields whatever the browser's language: 2026-11-25 and 24 h
      const returnedDay = await page.getByRole("textbox", { name: /grąžinimo data/i }).inputValue();
      const returnedTime = await page.getByRole("textbox", { name: /grąžinimo laikas/i }).inputValue();
      expect(returnedDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(returnedTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      await next(page);

      // 2. damage: the hand-over's mark shown, a new one added
      await page.getByTestId("mark-handover").first().waitFor({ state: "visible" });
      const diagram = page.getByTestId("car-diagram");
      const area = (await diagram.boundingBox())!;
      await page.mouse.click(area.x + area.width * 0.7, area.y + area.height * 0.8);
      await page.getByRole("textbox", { name: "Pažeidimas 1" }).fill("Įlenkimas galiniame bamperyje");
      await shoot(page, "grazinimas-2-pazeidimai");
      await next(page);

      // 3. the charges the server computes, against the rules with the API's numbers
      const lateMs = vilniusLocalToInstant(returnedDay, returnedTime).getTime() - Date.parse(reservation.returnAt);
      expect(lateMs).toBeGreaterThan(graceMinutes * 60_000);
      const lateDays = Math.ceil(lateMs / DAY_MS);
      const quarters = FUEL_ORDER.indexOf("3/4") - FUEL_ORDER.indexOf("1/4");
      const expected = {
        mileage: roundMoney(overKm * rates.extraKmRate),
        fuel: roundMoney(quarters * rates.fuelPerQuarter + rates.fuelServiceFee),
        late: roundMoney(lateDays * quote.dailyRate + rates.lateReturnFee),
      };
      const total = roundMoney(expected.mileage + expected.fuel + expected.late);
      const totalCell = page.getByTestId("charges-total");
      await expect.poll(() => totalCell.textContent(), { timeout: 15_000 }).toBe(formatMoney(total));
      for (const [kind, amount] of Object.entries(expected)) {
        expect(await page.getByTestId(`charge-${kind}`).getByTestId("charge-amount").textContent()).toBe(
          formatMoney(amount),
        );
      }
      await page
        .getByTestId("charge-mileage")
        .getByText(/150 km virš/)
        .waitFor({ state: "visible" });
      // an admin may change an amount, but not without a reason
      const cleaning = page.getByTestId("charge-cleaning");
      await cleaning.getByRole("button", { name: "Keisti sumą" }).click();
      await cleaning.getByRole("textbox", { name: /kita suma/i }).fill("10");
      await shoot(page, "grazinimas-3-mokesciai");
      await next(page);
      await cleaning.getByText("Nurodykite, kodėl keičiama suma").waitFor({ state: "visible" });
      await cleaning.getByRole("textbox", { name: /kita suma/i }).fill("");
      await expect.poll(() => totalCell.textContent()).toBe(formatMoney(total));
      await next(page);

      // 4. the customer signs; completed
      await sign(page);
      await shoot(page, "grazinimas-4-parasas");
      await page.getByRole("button", { name: "Patvirtinti grąžinimą" }).click();
      await page.getByTestId("return-done").getByText("Automobilis grąžintas").waitFor({ state: "visible" });
      await page.getByRole("button", { name: "Grąžinimo aktas (PDF)" }).waitFor({ state: "visible" });
      await shoot(page, "grazinimas-5-atlikta");

      const saved = await adminGet<Reservation>(admin, "reservations", reservationId);
      expect(saved.status).toBe("completed");
      expect(saved.returnAct?.total).toBe(total);
      const act = await admin.get(`/api/admin/reservations/${reservationId}/documents/return.pdf`);
      expect(act.status).toBe(200);
      // the new damage entered the car's register, open
      const damages = await adminListAll<Doc & { carId: string; status: string; note: string }>(admin, "damages");
      expect(
        damages.some((d) => d.carId === car.id && d.status === "open" && d.note === "Įlenkimas galiniame bamperyje"),
      ).toBe(true);
    });
    expect(browser.errorsOf(page)).toEqual([]);
    await page.close();
  });
  it("administratorius perduoda anksčiau paėmimo dienos: priežastis iš dialogo keliauja į vedlį ir išsaugoma", async () => {
    const { server, browser } = app;
    const admin = await signInAdmin(server.url);
    const today = vilniusDateString(new Date());
    const target = (await adminListAll<Reservation>(admin, "reservations")).find(
      (r) => r.status === "confirmed" && vilniusDateString(r.pickupAt) > today,
    );
    expect(target, "demo duomenyse yra patvirtinta būsima rezervacija").toBeDefined();
    const desk = await admin.get<{ damages: Doc[]; fleet: { mileage: number } | null }>(
      `/api/admin/reservations/${target!.id}/desk`,
    );
    const reason = "Klientas išvyksta anksčiau, sutarta telefonu";
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    await signInAs(page, server.url, DEMO_ADMIN);
    await withScreenshot(browser, page, "perdavimas-anksciau", async () => {
      await page.goto(`${server.url}/admin/reservations/add/${target!.id}`, { waitUntil: "load" });
      await page.getByRole("group", { name: "Būsenos veiksmai" }).getByRole("button", { name: "Perduoti" }).click();
      const early = page.getByRole("dialog", { name: /perduoti anksčiau paėmimo dienos/i });
      await early.getByRole("textbox", { name: /ankstesnio perdavimo priežastis/i }).fill(reason);
      await early.getByRole("button", { name: "Toliau į perdavimą" }).click();
      await page.waitForURL((url) => url.pathname === `/admin/reservations/${target!.id}/handover`);
      await page.getByRole("heading", { name: "Automobilio perdavimas" }).waitFor({ state: "visible" });
      await early.waitFor({ state: "detached" });
      expect(await page.getByRole("textbox", { name: /ankstesnio perdavimo priežastis/i }).inputValue()).toBe(reason);
      await page
        .getByRole("textbox", { name: /galioja iki/i })
        .fill(addDaysToDateString(vilniusDateString(target!.returnAt), 365));
      await next(page);
      await page.getByRole("textbox", { name: /rida/i }).fill(String((desk.body.fleet?.mileage ?? 10_000) + 5));
      await page.getByRole("button", { name: "pilnas bakas" }).click();
      await next(page);
      for (const box of await page.getByRole("checkbox").all()) await box.check();
      await next(page);
      await sign(page);
      await page.getByRole("button", { name: "Patvirtinti ir perduoti" }).click();
      await page.getByTestId("handover-done").waitFor({ state: "visible" });
    });
    const saved = await adminGet<Reservation & { handoverOverrideReason: string }>(admin, "reservations", target!.id);
    expect(saved.status).toBe("active");
    expect(saved.handoverOverrideReason).toBe(reason);
    expect(saved.handover?.fuel).toBe("1");
    expect(browser.errorsOf(page)).toEqual([]);
    await page.close();
  });
});

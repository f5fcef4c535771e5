// One tariff, rendered everywhere (issue 27): the terms page (rendered by the site's own page from
// the public settings the Hono app serves), the agreement PDF (read back with pdftotext) and the
// counter's return charges (the preview over HTTP) state and charge the same numbers, all from
// settings.tariff and the other settings where a number lives. An admin changes fees in the
// settings, and every place follows at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_ID } from "../../server/db/types";
import type { PublicCar, PublicSettings } from "../../src/backend/port";
import { formatMoney } from "../../src/domain/format";
import type { Tariff } from "../../src/domain/tariff";
import { renderRoute } from "../../src/site/ssr";
import { adminGet, adminListAll, type Doc, signInAdmin, signInStaff } from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { memoryBackend } from "../helpers/memoryBackend";
import { pdfText } from "../helpers/pdfText";
import { type RunningServer, startServer } from "../helpers/server";

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const SETTINGS_PATH = `/api/admin/settings/${SETTINGS_ID}`;
const DAY_MS = 86_400_000;
/** The car's own numbers the agreement prints. */
const CAR = { deposit: 300, excess: 500, mileageLimitPerDay: 200 };

type Reservation = Doc & { number: string; version: number; quote: { days: number; dailyRate: number } };
type Charge = { kind: string; amount: number; rule: string };
type SettingsRecord = Doc & { tariff: Tariff; bookingRules: { graceMinutes: number }; portal: Doc };

let server: RunningServer;
let admin: ApiClient;
let staff: ApiClient;
let carId: string;
let customerId: string;
let locationId: string;
let fleetId: string;
/** a confirmed booking ahead: its agreement is made now from the current settings */
let ahead: Reservation;
/** a rental under way, handed over with the fleet's odometer + 100 km and a full tank */
let rental: Reservation;
let outMileage = 0;

/** What a reader sees: no tags, no non-breaking spaces, runs of white space as one. */
const readable = (text: string): string =>
  text
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ");
const money = (amount: number): string => readable(formatMoney(amount));

beforeAll(async () => {
  server = await startServer({ demo: true });
  admin = await signInAdmin(server.url);
  staff = await signInStaff(server.url);
  const car = await admin.post<Doc>("/api/admin/cars", {
    slug: `tarifo-testas-${process.pid}`,
    make: "Škoda",
    model: "Superb",
    year: 2024,
    category: "verslo",
    transmission: "automatinė",
    fuel: "dyzelinas",
    seats: 5,
    doors: 5,
    bags: 3,
    airConditioning: true,
    ...CAR,
    minDriverAge: 21,
    minLicenceYears: 2,
    status: "hidden",
  });
  expect(car.status, car.text.slice(0, 300)).toBe(201);
  carId = car.body.id;
  const price = await admin.post("/api/admin/prices", { carId, tiers: [{ fromDays: 1, toDays: null, dailyRate: 45 }] });
  expect(price.status, price.text.slice(0, 300)).toBe(201);
  const fleet = await admin.post<Doc>("/api/admin/fleet", {
    carId,
    plateNumber: "TRF 027",
    vin: "TMBZZZ3VZ8W000027",
    mileage: 30_000,
  });
  expect(fleet.status, fleet.text.slice(0, 300)).toBe(201);
  fleetId = fleet.body.id;
  const customer = await admin.post<Doc>("/api/admin/customers", {
    type: "private",
    firstName: "Jonas",
    lastName: "Tarifas",
    email: `jonas.tarifas.${process.pid}@pavyzdys.lt`,
    phone: "+37061234567",
    birthDate: "1985-04-12",
    licenceIssuedAt: "2005-06-01",
    licenceNumber: "LT1234567",
  });
  expect(customer.status, customer.text.slice(0, 300)).toBe(201);
  customerId = customer.body.id;
  locationId = (await adminListAll<Doc & { deliveryFee?: number }>(admin, "locations")).find(
    (l) => (l.deliveryFee ?? 0) === 0,
  )!.id;

  ahead = await book(
    new Date(Date.now() + 10 * DAY_MS).toISOString(),
    new Date(Date.now() + 13 * DAY_MS).toISOString(),
  );
  // Three days, the return two hours ago: at the counter now it is late beyond the grace period.
  const pickupAt = new Date(Date.now() - 3 * DAY_MS - 2 * 3_600_000).toISOString();
  const returnAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
  const booked = await book(pickupAt, returnAt);
  const fleetNow = await adminGet<Doc & { mileage: number }>(admin, "fleet", fleetId);
  outMileage = fleetNow.mileage + 100;
  const handover = await staff.post<Reservation>(`/api/admin/reservations/${booked.id}/handover`, {
    mileage: outMileage,
    fuel: "1",
    licence: { number: "LT1234567", expiresAt: "2035-01-01" },
    damages: [],
    photos: [],
    confirmedDamageIds: [],
    signature: { image: PNG, signerName: "Jonas Tarifas" },
    version: booked.version,
    deposit: { method: "cash", amount: CAR.deposit },
  });
  expect(handover.status, handover.text.slice(0, 400)).toBe(200);
  rental = handover.body;
});
afterAll(async () => {
  await server?.stop();
});

async function book(pickupAt: string, returnAt: string): Promise<Reservation> {
  const created = await admin.post<Reservation>("/api/admin/reservations", {
    carId,
    customerId,
    pickupAt,
    returnAt,
    pickupLocationId: locationId,
    returnLocationId: locationId,
    status: "confirmed",
    confirmPast: true,
  });
  expect(created.status, created.text.slice(0, 400)).toBe(201);
  return created.body;
}

/** The terms page as a visitor gets it: the site's page rendered from the settings the app serves. */
async function termsPage(): Promise<string> {
  const response = await new ApiClient(server.url).get<PublicSettings>("/api/site/settings");
  expect(response.status).toBe(200);
  const cars = await new ApiClient(server.url).get<PublicCar[]>("/api/site/cars");
  const backend = memoryBackend({ car: cars.body[0]!, settings: response.body });
  const page = await renderRoute(backend, "https://ratunuoma.lt/salygos");
  expect(page.status).toBe(200);
  return readable(page.html);
}

async function agreement(): Promise<string> {
  const response = await fetch(new URL(`/api/admin/reservations/${ahead.id}/documents/agreement.pdf`, server.url), {
    headers: { cookie: [...staff.cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
  });
  expect(response.status).toBe(200);
  return readable(await pdfText(new Uint8Array(await response.arrayBuffer())));
}

/** The counter's charges for 281 km over the limit, two quarters short, late, dirty and smoked in. */
async function counter(): Promise<Record<string, Charge>> {
  const limit = CAR.mileageLimitPerDay * rental.quote.days;
  const response = await staff.post<{ charges: Charge[] }>(`/api/admin/reservations/${rental.id}/return/preview`, {
    mileage: outMileage + limit + 281,
    fuel: "1/2",
    returnedAt: new Date().toISOString(),
    cleaning: true,
    smoking: true,
    damageAmount: 0,
    overrides: [],
  });
  expect(response.status, response.text.slice(0, 400)).toBe(200);
  return Object.fromEntries(response.body.charges.map((charge) => [charge.kind, charge]));
}

async function settings(): Promise<SettingsRecord> {
  const response = await admin.get<SettingsRecord>(SETTINGS_PATH);
  expect(response.status).toBe(200);
  return response.body;
}

/** Every fee of the tariff, as the terms page and the agreement state it and the counter charges it. */
async function expectAllAgree(): Promise<void> {
  const { tariff, bookingRules, portal } = await settings();
  const [terms, pdf, charges] = [await termsPage(), await agreement(), await counter()];
  // The page shows a table (label, value); the agreement prints "Label – value."
  const printed = (label: string, value: string) => {
    expect(terms, `sąlygų puslapis: ${label}`).toContain(`${label} ${value}`);
    expect(pdf, `sutartis: ${label}`).toContain(`${label} – ${value}`);
  };
  expect(terms).toContain("Kainos ir mokesčiai");
  expect(pdf).toContain("Kainos ir mokesčiai");

  printed(`Viršyta rida`, `${money(tariff.extraKmRate)} už kiekvieną kilometrą virš limito`);
  expect(charges.mileage?.amount).toBe(Math.round(281 * tariff.extraKmRate * 100) / 100);
  expect(readable(charges.mileage?.rule ?? "")).toContain(`× ${money(tariff.extraKmRate)}/km`);

  printed(`Trūkstami degalai`, `${money(tariff.fuelPerQuarter)} už kiekvieną trūkstamą bako ketvirtį`);
  expect(charges.fuel?.amount).toBe(2 * tariff.fuelPerQuarter + tariff.fuelServiceFee);

  printed(`Valymas`, `${money(tariff.cleaningFee)}`);
  expect(charges.cleaning?.amount).toBe(tariff.cleaningFee);

  printed(`Rūkymas automobilyje`, `${money(tariff.smokingFee)}`);
  expect(charges.smoking?.amount).toBe(tariff.smokingFee);

  printed(`Vėlavimas grąžinti`, `ilgiau nei ${bookingRules.graceMinutes} min.`);
  expect(readable(charges.late?.rule ?? "")).toContain(`leidžiama ${bookingRules.graceMinutes} min.`);
  expect(charges.late?.amount).toBe(rental.quote.dailyRate + tariff.lateReturnFee);

  printed(
    `Jauno vairuotojo (iki ${tariff.youngDriverUnderAge} m.) mokestis`,
    `${money(tariff.youngDriverPerDay)} parai`,
  );
  printed(
    `Kelionė į užsienį`,
    `${money(tariff.abroadFee)} už nuomą; užstatas didinamas ${money(tariff.abroadExtraDeposit)}`,
  );
  printed(`Vairuotojo amžius`, `ne mažiau kaip ${tariff.minDriverAge} m.`);
  printed(`Paėmimas ar grąžinimas ne darbo laiku (ne 08:00–20:00)`, `${money(tariff.afterHoursFee)} už kiekvieną`);
  const hours = portal.freeCancellationHours as number;
  printed(`Nemokamas atšaukimas`, `ne vėliau kaip prieš ${hours} valand`);

  // The agreement's car: its deposit, excess and km limit, from the car.
  expect(pdf).toContain(`Užstatas – ${money(CAR.deposit)}`);
  expect(pdf).toContain(`Savarankiška rizika (franšizė) – ${money(CAR.excess)}`);
  expect(pdf).toContain(`Ridos limitas – ${CAR.mileageLimitPerDay} km per parą`);
}

describe("vienas tarifas: sąlygų puslapis, sutartis ir grąžinimo mokesčiai sutampa", () => {
  it("numatytasis tarifas: kiekvienas mokestis vienodas visur (281 km virš limito – 56,20 €)", async () => {
    await expectAllAgree();
    expect((await counter()).mileage?.amount).toBe(56.2);
    // No typed number in the demo terms contradicts the table: the old 0,12 €/km and 25 € are gone.
    const terms = await termsPage();
    expect(terms).not.toContain("0,12 €");
    expect(terms).not.toContain("25 € mokestis");
  });

  it("administratorius pakeičia mokesčius nustatymuose – pasikeičia visur iš karto", async () => {
    const before = await settings();
    const changed = {
      ...before.tariff,
      extraKmRate: 0.12,
      cleaningFee: 25,
      smokingFee: 150,
      fuelPerQuarter: 12.5,
      fuelServiceFee: 20,
      lateReturnFee: 10,
      youngDriverPerDay: 9,
      abroadExtraDeposit: 250,
    };
    const saved = await admin.put(SETTINGS_PATH, {
      ...before,
      tariff: changed,
      portal: { ...before.portal, freeCancellationHours: 24 },
    });
    expect(saved.status, saved.text.slice(0, 400)).toBe(200);
    await expectAllAgree();
    expect((await counter()).mileage?.amount).toBe(33.72);
    const [terms, pdf] = [await termsPage(), await agreement()];
    for (const text of [terms, pdf.replace(/ – /g, " ")]) {
      expect(text).toContain(`Viršyta rida ${money(0.12)}`);
      expect(text).not.toContain(`Viršyta rida ${money(0.2)}`);
      expect(text).toContain("ir 20,00 € pildymo paslauga");
      expect(text).toContain("ne vėliau kaip prieš 24 valandas");
    }
  });
});

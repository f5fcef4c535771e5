// A rental under way on the real server (the Hono app in this process, PGlite): the reservation
// form's PUT refuses its car, pickup and return time (409, in Lithuanian, naming the action), the
// car swap frees the first car on the public search at once and holds the second, the extension
// re-prices the rental and e-mails the addendum, and refuses a taken car.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime, formatMoney } from "../../src/domain/format";
import { ACTIVE_RENTAL_MESSAGES, EXTENSION_CAR_TAKEN } from "../../src/domain/rentalChanges";
import { adminGet, adminListAll, type Doc, signInAdmin, signInStaff, vilniusDaysFromNow } from "../helpers/api";
import type { ApiClient } from "../helpers/http";
import { pdfText } from "../helpers/pdfText";
import { type RunningServer, startServer } from "../helpers/server";

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

type ErrorBody = { message: string; errors?: Record<string, string> };
type Quote = { total: number; days: number };
type Reservation = Doc & {
  number: string;
  status: string;
  version: number;
  carId: string;
  pickupAt: string;
  returnAt: string;
  quote: Quote;
  carSwaps?: { returnDocument: string; handoverDocument: string }[];
  extensions?: { number: number; document: string }[];
  payment: { due: number; paid: number } | null;
};
type SearchAnswer = { data: { car: { id: string } }[] };
type Mail = Doc & { ref: string; subject: string; attachments?: { filename: string; path: string }[] };

const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, " ");

let server: RunningServer;
let admin: ApiClient;
let staff: ApiClient;
let customerId: string;
let locationId: string;
const cars: { id: string; fleetId: string }[] = [];
let rental: Reservation;

async function createCar(n: number): Promise<{ id: string; fleetId: string }> {
  const car = await admin.post<Doc>("/api/admin/cars", {
    slug: `keitimo-testas-${n}-${process.pid}`,
    make: "Toyota",
    model: n === 1 ? "Corolla Keitimas" : "Yaris Keitimas",
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
    tiers: [{ fromDays: 1, toDays: null, dailyRate: n === 1 ? 40 : 55 }],
  });
  expect(price.status, price.text.slice(0, 300)).toBe(201);
  const fleet = await admin.post<Doc>("/api/admin/fleet", {
    carId: car.body.id,
    plateNumber: `KTM 00${n}`,
    vin: `WVWZZZ1KZ8W00000${n}`,
    mileage: 30_000 * n,
  });
  expect(fleet.status, fleet.text.slice(0, 300)).toBe(201);
  return { id: car.body.id, fleetId: fleet.body.id };
}

const odometer = async (fleetId: string) =>
  (await adminGet<Doc & { mileage: number }>(admin, "fleet", fleetId)).mileage;

/** The public search's cars for a day tomorrow, as a visitor asks for them. */
async function searchedCars(): Promise<string[]> {
  const query = new URLSearchParams({
    from: vilniusDaysFromNow(1, "10:00"),
    to: vilniusDaysFromNow(2, "10:00"),
    limit: "100",
  });
  const answer = await staff.get<SearchAnswer>(`/api/site/search?${query}`);
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  return answer.body.data.map((result) => result.car.id);
}

/** A PDF the back-office downloads, as bytes. */
async function download(client: ApiClient, path: string): Promise<Uint8Array> {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const response = await fetch(new URL(path, client.baseUrl), { headers: { cookie, accept: "application/pdf" } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/pdf");
  return new Uint8Array(await response.arrayBuffer());
}

beforeAll(async () => {
  server = await startServer({ demo: true });
  admin = await signInAdmin(server.url);
  staff = await signInStaff(server.url);
  cars.push(await createCar(1), await createCar(2), await createCar(3));
  const customer = await admin.post<Doc>("/api/admin/customers", {
    type: "private",
    firstName: "Ona",
    lastName: "Keitimaitė",
    email: `ona.keitimas.${process.pid}@pavyzdys.lt`,
    phone: "+37061234567",
    birthDate: "1985-04-12",
    licenceIssuedAt: "2005-06-01",
    licenceNumber: "LT1234567",
  });
  expect(customer.status, customer.text.slice(0, 300)).toBe(201);
  customerId = customer.body.id;
  locationId = (await adminListAll(admin, "locations"))[0]!.id;

  // The first car, handed over an hour ago, back in three days.
  const pickupAt = new Date(Math.floor((Date.now() - 3_600_000) / 900_000) * 900_000).toISOString();
  const created = await admin.post<Reservation>("/api/admin/reservations", {
    carId: cars[0]!.id,
    customerId,
    pickupAt,
    returnAt: vilniusDaysFromNow(3, "10:00"),
    pickupLocationId: locationId,
    returnLocationId: locationId,
    status: "confirmed",
    confirmPast: true,
  });
  expect(created.status, created.text.slice(0, 400)).toBe(201);
  const handed = await staff.post<Reservation>(`/api/admin/reservations/${created.body.id}/handover`, {
    mileage: 30_010,
    fuel: "1",
    licence: { number: "LT1234567", expiresAt: "2035-01-01" },
    damages: [],
    photos: [],
    confirmedDamageIds: [],
    signature: { image: PNG, signerName: "Ona Keitimaitė" },
    version: created.body.version,
  });
  expect(handed.status, handed.text.slice(0, 400)).toBe(200);
  rental = handed.body;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe("vykdoma nuoma per HTTP", () => {
  it("PUT nekeičia vykdomos nuomos automobilio, paėmimo ir grąžinimo laiko: 409 su veiksmo pavadinimu", async () => {
    const path = `/api/admin/reservations/${rental.id}`;
    const car = await admin.put<ErrorBody>(path, { ...rental, carId: cars[1]!.id });
    expect(car.status).toBe(409);
    expect(car.body.message).toBe(ACTIVE_RENTAL_MESSAGES.car);
    expect(car.body.message).toContain("„Keisti automobilį“");
    const pickup = await staff.put<ErrorBody>(path, {
      pickupAt: new Date(Date.parse(rental.pickupAt) - 3_600_000).toISOString(),
      version: rental.version,
    });
    expect(pickup.status).toBe(409);
    expect(pickup.body.message).toBe(ACTIVE_RENTAL_MESSAGES.pickupAt);
    const back = await staff.put<ErrorBody>(path, {
      returnAt: vilniusDaysFromNow(5, "10:00"),
      version: rental.version,
    });
    expect(back.status).toBe(409);
    expect(back.body.message).toContain("„Pratęsti nuomą“");
    // Extras (or places) would price it again: refused too, naming both actions.
    const [extra] = await adminListAll(admin, "extras");
    const priced = await staff.put<ErrorBody>(path, {
      extras: [{ id: extra!.id, quantity: 1 }],
      version: rental.version,
    });
    expect(priced.status).toBe(409);
    expect(priced.body.message).toBe(ACTIVE_RENTAL_MESSAGES.price);
    // A client's own price is never taken; the whole record as the form sends it saves unchanged.
    const same = await admin.put<Reservation>(path, {
      ...rental,
      quote: { ...rental.quote, total: 1 },
      notes: "Forma",
    });
    expect(same.status, same.text.slice(0, 300)).toBe(200);
    expect([same.body.carId, same.body.quote.total, same.body.notes]).toEqual([
      cars[0]!.id,
      rental.quote.total,
      "Forma",
    ]);
    rental = same.body;
  });

  it("keitimas: pirmasis automobilis iš karto laisvas viešoje paieškoje, antrasis užimtas; aktai atsisiunčiami", async () => {
    const before = await searchedCars();
    expect(before).not.toContain(cars[0]!.id);
    expect(before).toContain(cars[1]!.id);

    const preview = await staff.post<{ selected: { free: boolean; requote: Quote } }>(
      `/api/admin/reservations/${rental.id}/swap-car/preview`,
      { toCarId: cars[1]!.id },
    );
    expect(preview.status, preview.text.slice(0, 300)).toBe(200);
    expect(preview.body.selected.free).toBe(true);

    const swapped = await staff.post<{ reservation: Reservation }>(`/api/admin/reservations/${rental.id}/swap-car`, {
      toCarId: cars[1]!.id,
      returnMileage: 30_090,
      returnFuel: "3/4",
      handoverMileage: await odometer(cars[1]!.fleetId),
      handoverFuel: "1",
      price: "requote",
      version: rental.version,
    });
    expect(swapped.status, swapped.text.slice(0, 400)).toBe(200);
    expect(swapped.body.reservation.carId).toBe(cars[1]!.id);
    expect(swapped.body.reservation.quote.total).toBe(preview.body.selected.requote.total);
    rental = swapped.body.reservation;

    const after = await searchedCars();
    expect(after).toContain(cars[0]!.id);
    expect(after).not.toContain(cars[1]!.id);
    expect(await odometer(cars[0]!.fleetId)).toBe(30_090);

    const returned = await pdfText(
      await download(staff, `/api/admin/reservations/${rental.id}/documents/swap-1-return.pdf`),
    );
    expect(returned).toContain("KTM 001");
    const handed = await pdfText(
      await download(staff, `/api/admin/reservations/${rental.id}/documents/swap-1-handover.pdf`),
    );
    expect(handed).toContain("KTM 002");
    const audit = await adminListAll<Doc & { desk?: string; recordId?: string; toCarId?: string }>(admin, "audit-log");
    const entries = audit.filter((entry) => entry.recordId === rental.id && entry.desk === "carSwap");
    expect(entries.map((entry) => entry.toCarId)).toEqual([cars[1]!.id]);
  });

  it("pratęsimas: kaina perskaičiuota, priedas el. laiške su skaičiais; užimtas automobilis – 409", async () => {
    const returnAt = vilniusDaysFromNow(5, "10:00");
    const preview = await staff.post<{ quote: Quote; previousQuote: Quote; difference: number; due: number }>(
      `/api/admin/reservations/${rental.id}/extension/preview`,
      { returnAt },
    );
    expect(preview.status, preview.text.slice(0, 300)).toBe(200);
    expect(preview.body.quote.days).toBeGreaterThan(preview.body.previousQuote.days);

    const extended = await staff.post<{ reservation: Reservation; due: number }>(
      `/api/admin/reservations/${rental.id}/extension`,
      { returnAt, version: rental.version },
    );
    expect(extended.status, extended.text.slice(0, 400)).toBe(200);
    const saved = extended.body.reservation;
    expect(saved.returnAt).toBe(returnAt);
    expect(saved.pickupAt).toBe(rental.pickupAt);
    expect(saved.quote.total).toBe(preview.body.quote.total);
    expect(saved.payment?.due ?? saved.quote.total).toBe(preview.body.due);

    const mails = (await adminListAll<Mail>(admin, "mail")).filter((mail) => mail.ref === `reservation:${rental.id}`);
    const mail = mails.find((m) =>
      String((m as { message?: { subject?: string } }).message?.subject ?? m.subject).startsWith("Nuoma pratęsta"),
    );
    expect(mail, JSON.stringify(mails.map((m) => m.id))).toBeDefined();
    const text = plain(
      await pdfText(await download(staff, `/api/admin/reservations/${rental.id}/documents/addendum-1.pdf`)),
    );
    expect(text).toContain(`prie nuomos sutarties Nr. ${saved.number}`);
    expect(text).toContain(`${plain(formatDateTime(rental.returnAt))} ${plain(formatDateTime(returnAt))}`);
    expect(text).toContain(`${plain(formatMoney(rental.quote.total))} ${plain(formatMoney(saved.quote.total))}`);
    expect(text).toContain(`Kainos skirtumas +${plain(formatMoney(saved.quote.total - rental.quote.total))}`);
    rental = saved;

    // The second car is booked from the seventh day: an extension into it is refused.
    const other = await admin.post<Reservation>("/api/admin/reservations", {
      carId: cars[1]!.id,
      customerId,
      pickupAt: vilniusDaysFromNow(7, "10:00"),
      returnAt: vilniusDaysFromNow(8, "10:00"),
      pickupLocationId: locationId,
      returnLocationId: locationId,
      status: "confirmed",
    });
    expect(other.status, other.text.slice(0, 300)).toBe(201);
    const taken = await staff.post<ErrorBody>(`/api/admin/reservations/${rental.id}/extension`, {
      returnAt: vilniusDaysFromNow(7, "12:00"),
      version: rental.version,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(EXTENSION_CAR_TAKEN);
    expect((await adminGet<Reservation>(admin, "reservations", rental.id)).returnAt).toBe(returnAt);
  });
});

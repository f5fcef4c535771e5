// The rental desk on the real server and PGlite: hand-over and return over HTTP, the checks'
// Lithuanian answers, the charges against the rules, the damage register and stale versions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vilniusDateString } from "../../src/domain/time";
import { adminGet, adminListAll, type Doc, signInAdmin, signInStaff, vilniusDaysFromNow } from "../helpers/api";
import type { ApiClient } from "../helpers/http";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, startServer } from "../helpers/server";

// A real 1 × 1 PNG, as the signature pad sends it.
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const SIGNATURE = { image: PNG, signerName: "Jonas Jonaitis" };

type ErrorBody = { message: string; errors?: Record<string, string>; code?: string };
type Reservation = Doc & {
  number: string;
  status: string;
  version: number;
  pickupAt: string;
  returnAt: string;
  quote: { days: number; dailyRate: number };
  contract: { mileageOut: number | null; fuelOut: string | null; mileageIn: number | null; fuelIn: string | null };
  handover: {
    mileage: number;
    document: string;
    agreementDocument?: string;
    signature: { documentHash: string; image: string };
  } | null;
  returnAct: { total: number; document: string } | null;
};
type Charge = { kind: string; amount: number; rule: string; computed: number; overrideReason: string };
type ReturnAnswer = {
  reservation: Reservation;
  charges: Charge[];
  total: number;
  deposit: { held: number; retained: number; refunded: number };
};

let server: RunningServer;
let admin: ApiClient;
let staff: ApiClient;
let carId: string;
let fleetId: string;
let customerId: string;
let locationId: string;
let counter = 0;

const FLEET_MILEAGE = 40_000;

beforeAll(async () => {
  server = await startServer({ demo: true });
  admin = await signInAdmin(server.url);
  staff = await signInStaff(server.url);
  const car = await admin.post<Doc>("/api/admin/cars", {
    slug: `stalo-testas-${process.pid}`,
    make: "Škoda",
    model: "Octavia",
    year: 2024,
    category: "vidutinė",
    transmission: "automatinė",
    fuel: "dyzelinas",
    seats: 5,
    doors: 5,
    bags: 3,
    airConditioning: true,
    deposit: 300,
    mileageLimitPerDay: 200,
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
    plateNumber: "STL 001",
    vin: "WVWZZZ1KZ8W000001",
    mileage: FLEET_MILEAGE,
  });
  expect(fleet.status, fleet.text.slice(0, 300)).toBe(201);
  fleetId = fleet.body.id;
  const customer = await admin.post<Doc>("/api/admin/customers", {
    type: "private",
    firstName: "Jonas",
    lastName: "Jonaitis",
    email: `jonas.stalas.${process.pid}@pavyzdys.lt`,
    phone: "+37061234567",
    birthDate: "1985-04-12",
    licenceIssuedAt: "2005-06-01",
    licenceNumber: "LT1234567",
  });
  expect(customer.status, customer.text.slice(0, 300)).toBe(201);
  customerId = customer.body.id;
  const locations = await adminListAll(admin, "locations");
  locationId = locations[0]!.id;
});
afterAll(async () => {
  await server?.stop();
});

/** A confirmed staff reservation of the test car (periods never overlap: each test gets its own week). */
async function booking(pickupAt: string, returnAt: string): Promise<Reservation> {
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

/** A 3-day booking whose pickup day has come: 20 days further back per call, so none overlap. */
function periodFromToday(): { pickupAt: string; returnAt: string } {
  counter += 1;
  const pickupAt = new Date(Date.now() - 3_600_000 - counter * 20 * 86_400_000).toISOString();
  return { pickupAt, returnAt: new Date(Date.parse(pickupAt) + 3 * 86_400_000).toISOString() };
}

/** The car's odometer as the fleet record has it now. */
async function odometer(): Promise<number> {
  return (await adminGet<Doc & { mileage: number }>(admin, "fleet", fleetId)).mileage;
}

async function handoverBody(reservation: Reservation, patch: Record<string, unknown> = {}) {
  return {
    mileage: (await odometer()) + 100,
    fuel: "1",
    licence: { number: "LT1234567", expiresAt: "2035-01-01" },
    damages: [],
    photos: [],
    confirmedDamageIds: [],
    signature: SIGNATURE,
    version: reservation.version,
    // the car's 300 € deposit taken in cash (the return applies it to the charges)
    deposit: { method: "cash", amount: 300 },
    ...patch,
  };
}

async function openDamageIds(): Promise<string[]> {
  const all = await adminListAll<Doc & { carId: string; status: string }>(admin, "damages");
  return all.filter((damage) => damage.carId === carId && damage.status === "open").map((damage) => damage.id);
}

async function handedOver(period = periodFromToday()): Promise<Reservation> {
  const read = await booking(period.pickupAt, period.returnAt);
  const body = await handoverBody(read, { confirmedDamageIds: await openDamageIds() });
  const response = await staff.post<Reservation>(`/api/admin/reservations/${read.id}/handover`, body);
  expect(response.status, response.text.slice(0, 400)).toBe(200);
  return response.body;
}

describe("išdavimas", () => {
  it("tinkamas išdavimas – 200, rezervacija vykdoma, aktas, sutartis, rida ir laiškas su PDF", async () => {
    const period = periodFromToday();
    const read = await booking(period.pickupAt, period.returnAt);
    const info = await staff.get<{ reservation: Reservation; car: Doc; fleet: Doc; damages: Doc[]; rates: Doc }>(
      `/api/admin/reservations/${read.id}/desk`,
    );
    expect(info.status, info.text.slice(0, 300)).toBe(200);
    // the desk's rates are the tariff (settings.tariff, issue 27): the fuel rate renamed fuelPerQuarter
    expect(info.body.rates).toMatchObject({ extraKmRate: 0.2, fuelPerQuarter: 15, cleaningFee: 30 });
    expect(info.body.fleet).toMatchObject({ id: fleetId, mileage: expect.any(Number) });

    const body = await handoverBody(read, {
      confirmedDamageIds: await openDamageIds(),
      mileage: 200_000,
      damages: [{ id: "m1", x: 0.2, y: 0.1, note: "Įbrėžimas priekiniame buferyje", photos: [] }],
    });
    const response = await staff.post<Reservation>(`/api/admin/reservations/${read.id}/handover`, body);
    expect(response.status, response.text.slice(0, 400)).toBe(200);
    const saved = response.body;
    expect(saved.status).toBe("active");
    expect(saved.version).toBe(read.version + 1);
    expect(saved.contract).toMatchObject({ mileageOut: 200_000, fuelOut: "1" });
    expect(saved.handover).toMatchObject({ mileage: 200_000, fuel: "1", by: "darbuotojas@ratunuoma.lt" });
    expect(saved.handover?.document).toMatch(new RegExp(`^documents/${read.id}-handover-[0-9a-f]{8}\\.pdf$`));
    expect(saved.handover?.agreementDocument).toMatch(new RegExp(`^documents/${read.id}-agreement-[0-9a-f]{8}\\.pdf$`));
    expect(saved.handover?.signature.documentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(saved.handover?.document).toContain(saved.handover?.signature.documentHash.slice(0, 8));
    expect(saved.handover?.signature.image).toMatch(/^desk\/[0-9a-f-]{36}\.png$/);
    expect(await adminGet(admin, "reservations", read.id)).toMatchObject({ status: "active", version: saved.version });
    expect((await adminGet<Doc & { mileage: number }>(admin, "fleet", fleetId)).mileage).toBe(200_000);

    const mails = (await adminListAll<Doc & { ref: string; message: Record<string, unknown> }>(admin, "mail")).filter(
      (m) => m.ref === `reservation:${read.id}`,
    );
    // Saved straight as confirmed, the booking sent its confirmation first (issue 26): one of each.
    expect(mails).toHaveLength(2);
    expect(mails.filter((m) => /patvirtinta|confirmed/i.test(String(m.message.subject)))).toHaveLength(1);
    const mail = mails.filter((m) => String(m.message.subject).startsWith("Automobilio perdavimo aktas"));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.message.subject).toBe(`Automobilio perdavimo aktas – rezervacija ${read.number}`);
    // Both signed PDFs, as the desk's screen says: the agreement and the hand-over act.
    expect(mail[0]!.message.attachments).toEqual([
      { filename: `sutartis-${read.number}.pdf`, path: saved.handover?.agreementDocument },
      { filename: `perdavimo-aktas-${read.number}.pdf`, path: saved.handover?.document },
    ]);

    // The signed PDFs are stored: the documents route serves them.
    const pdf = await staff.get(`/api/admin/reservations/${read.id}/documents/handover.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");
  });

  it("trūksta ridos ar degalų – 422 lietuviškai, niekas nepakeista", async () => {
    const period = periodFromToday();
    const read = await booking(period.pickupAt, period.returnAt);
    const response = await staff.post<ErrorBody>(
      `/api/admin/reservations/${read.id}/handover`,
      await handoverBody(read, { mileage: null, fuel: undefined }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toMatchObject({ mileage: "Įveskite ridą (km)", fuel: "Pasirinkite degalų kiekį" });
    expect(nonLithuanianMessages(response.body)).toEqual([]);
    expect((await adminGet<Reservation>(admin, "reservations", read.id)).status).toBe("confirmed");
    await admin.put(`/api/admin/reservations/${read.id}`, { status: "cancelled", statusReason: "Testas baigtas" });
  });

  it("anksčiau nei paėmimo dieną – 409 darbuotojui; administratoriui be priežasties – 422", async () => {
    const read = await booking(vilniusDaysFromNow(300, "10:00"), vilniusDaysFromNow(302, "10:00"));
    const byStaff = await staff.post<ErrorBody>(
      `/api/admin/reservations/${read.id}/handover`,
      await handoverBody(read),
    );
    expect(byStaff.status).toBe(409);
    expect(byStaff.body.message).toMatch(/^Automobilį perduoti galima nuo paėmimo dienos \(\d{4}-\d{2}-\d{2}\)/);
    const byAdmin = await admin.post<ErrorBody>(
      `/api/admin/reservations/${read.id}/handover`,
      await handoverBody(read),
    );
    expect(byAdmin.status).toBe(422);
    expect(Object.keys(byAdmin.body.errors ?? {})).toEqual(["statusReason"]);
    expect((await adminGet<Reservation>(admin, "reservations", read.id)).status).toBe("confirmed");
    const withReason = await admin.post<Reservation & { handoverOverrideReason: string }>(
      `/api/admin/reservations/${read.id}/handover`,
      await handoverBody(read, {
        confirmedDamageIds: await openDamageIds(),
        statusReason: "Klientas išvyksta anksčiau",
      }),
    );
    expect(withReason.status, withReason.text.slice(0, 300)).toBe(200);
    expect(withReason.body).toMatchObject({ status: "active", handoverOverrideReason: "Klientas išvyksta anksčiau" });
  });

  it("pasibaigęs vairuotojo pažymėjimas atmetamas – 422", async () => {
    const period = periodFromToday();
    const read = await booking(period.pickupAt, period.returnAt);
    const expiresAt = vilniusDateString(new Date(Date.parse(read.returnAt) - 86_400_000));
    const response = await staff.post<ErrorBody>(
      `/api/admin/reservations/${read.id}/handover`,
      await handoverBody(read, {
        licence: { number: "LT1234567", expiresAt },
        confirmedDamageIds: await openDamageIds(),
      }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors?.["licence.expiresAt"]).toBe(
      `Vairuotojo pažymėjimas galioja iki ${expiresAt}, o automobilis grąžinamas ${vilniusDateString(read.returnAt)} – su tokiu pažymėjimu išduoti negalima`,
    );
    await admin.put(`/api/admin/reservations/${read.id}`, { status: "cancelled", statusReason: "Testas baigtas" });
  });

  it("pasenusi versija – 409 stale-record; ne PNG parašas – 422", async () => {
    const period = periodFromToday();
    const read = await booking(period.pickupAt, period.returnAt);
    const edited = await admin.put<Reservation>(`/api/admin/reservations/${read.id}`, { ...read, notes: "Pakeista" });
    expect(edited.status).toBe(200);
    const stale = await staff.post<ErrorBody>(
      `/api/admin/reservations/${read.id}/handover`,
      await handoverBody(read, { confirmedDamageIds: await openDamageIds() }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("stale-record");
    const notPng = await staff.post<ErrorBody>(
      `/api/admin/reservations/${read.id}/handover`,
      await handoverBody(edited.body, {
        confirmedDamageIds: await openDamageIds(),
        signature: { image: "data:image/png;base64,R0lGODlhAQABAAAAACw=", signerName: "Jonas" },
      }),
    );
    expect(notPng.status).toBe(422);
    expect(notPng.body.errors?.["signature.image"]).toBe("Parašas turi būti PNG paveikslėlis");
    expect((await adminGet<Reservation>(admin, "reservations", read.id)).status).toBe("confirmed");
    await admin.put(`/api/admin/reservations/${read.id}`, { status: "cancelled", statusReason: "Testas baigtas" });
  });
});

describe("grąžinimas", () => {
  it("viršyta rida, trūkstami degalai ir vėlavimas – suma pagal taisykles; užstatas", async () => {
    // Returned 5 hours after the agreed time: past the 60 min grace, one started day.
    const returnAt = new Date(Date.now() - 5 * 3_600_000).toISOString();
    const pickupAt = new Date(Date.parse(returnAt) - 3 * 86_400_000).toISOString();
    const active = await handedOver({ pickupAt, returnAt });
    const out = active.handover!.mileage;
    const { days, dailyRate } = active.quote;
    const limit = 200 * days;
    const body = {
      mileage: out + limit + 150,
      fuel: "1/4",
      returnedAt: new Date().toISOString(),
      damages: [],
      photos: [],
      cleaning: false,
      damageAmount: 0,
      overrides: [],
      signature: SIGNATURE,
      version: active.version,
    };
    const preview = await staff.post<ReturnAnswer>(`/api/admin/reservations/${active.id}/return/preview`, body);
    expect(preview.status, preview.text.slice(0, 400)).toBe(200);

    const response = await staff.post<ReturnAnswer>(`/api/admin/reservations/${active.id}/return`, body);
    expect(response.status, response.text.slice(0, 400)).toBe(200);
    const byKind = Object.fromEntries(response.body.charges.map((c) => [c.kind, c]));
    // 150 km × 0,20 € + 3 quarters × 15 € + 1 day × the daily rate
    const expected = Math.round((150 * 0.2 + 3 * 15 + dailyRate) * 100) / 100;
    expect(byKind.mileage).toMatchObject({
      amount: 30,
      rule: `150 km virš ${limit} km (200 km × ${days} paros) × 0,20\u00a0€/km`,
    });
    expect(byKind.fuel).toMatchObject({ amount: 45 });
    expect(byKind.late?.amount).toBe(dailyRate);
    expect(byKind.late?.rule).toMatch(/^Vėluota 5 val\.( \d+ min\.)? \(leidžiama 60 min\.\): 1 para × 45,00\u00a0€$/);
    expect(response.body.total).toBe(expected);
    expect(preview.body.total).toBe(expected);
    expect(response.body.deposit).toEqual({
      held: 300,
      retained: Math.min(expected, 300),
      refunded: Math.round((300 - Math.min(expected, 300)) * 100) / 100,
    });
    const saved = await adminGet<Reservation>(admin, "reservations", active.id);
    expect(saved.status).toBe("completed");
    expect(saved.contract).toMatchObject({ mileageIn: body.mileage, fuelIn: "1/4" });
    expect(saved.returnAct?.total).toBe(expected);
    expect(saved.returnAct?.document).toMatch(new RegExp(`^documents/${active.id}-return-[0-9a-f]{8}\\.pdf$`));
    expect((await adminGet<Doc & { mileage: number }>(admin, "fleet", fleetId)).mileage).toBe(body.mileage);
    const mail = (await adminListAll<Doc & { ref: string; message: { subject: string; text: string } }>(admin, "mail"))
      .filter((m) => m.ref === `reservation:${active.id}`)
      .map((m) => m.message);
    expect(mail.map((m) => m.subject)).toContain(`Ačiū, kad grąžinote automobilį – rezervacija ${active.number}`);
  });

  it("grąžinimo rida mažesnė nei išdavimo – 422", async () => {
    const active = await handedOver();
    const response = await staff.post<ErrorBody>(`/api/admin/reservations/${active.id}/return`, {
      mileage: active.handover!.mileage - 1,
      fuel: "1",
      returnedAt: new Date().toISOString(),
      signature: SIGNATURE,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors?.mileage).toMatch(
      /^Grąžinimo rida negali būti mažesnė nei išdavimo \([\d\u00a0]+ km\)$/,
    );
    expect((await adminGet<Reservation>(admin, "reservations", active.id)).status).toBe("active");
  });

  it("sumą keisti gali tik administratorius su priežastimi; naujas pažeidimas – registre, atviras", async () => {
    const active = await handedOver();
    const body = {
      mileage: active.handover!.mileage + 10,
      fuel: "1",
      returnedAt: new Date().toISOString(),
      damages: [{ id: "d1", x: 0.8, y: 0.5, note: "Įlenkos dešinės durys", photos: [] }],
      damageAmount: 450,
      overrides: [{ kind: "damage", amount: 450, reason: "Durų keitimas pagal sąmatą" }],
      signature: SIGNATURE,
    };
    const byStaff = await staff.post<ErrorBody>(`/api/admin/reservations/${active.id}/return`, body);
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.message).toBe("Apskaičiuotas sumas keisti gali tik administratorius");
    const response = await admin.post<ReturnAnswer>(`/api/admin/reservations/${active.id}/return`, body);
    expect(response.status, response.text.slice(0, 400)).toBe(200);
    expect(response.body.charges.find((c) => c.kind === "damage")).toMatchObject({
      amount: 450,
      computed: 300,
      overrideReason: "Durų keitimas pagal sąmatą",
    });
    expect(response.body.deposit).toEqual({ held: 300, retained: 300, refunded: 0 });

    const damages = await adminListAll<Doc & { carId: string; status: string; note: string; reservationId: string }>(
      admin,
      "damages",
    );
    const found = damages.find((d) => d.reservationId === active.id);
    expect(found).toMatchObject({ carId, status: "open", note: "Įlenkos dešinės durys", x: 0.8, y: 0.5 });

    // The next hand-over of the car needs it confirmed.
    const period = periodFromToday();
    const next = await booking(period.pickupAt, period.returnAt);
    const unconfirmed = await staff.post<ErrorBody>(
      `/api/admin/reservations/${next.id}/handover`,
      await handoverBody(next, { mileage: body.mileage }),
    );
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.errors?.confirmedDamageIds).toContain("Patvirtinkite");

    // Marked repaired: only that change, once.
    const other = await staff.put<ErrorBody>(`/api/admin/damages/${found!.id}`, { ...found, note: "Kita" });
    expect(other.status).toBe(422);
    const repaired = await staff.put<Doc & { status: string; repairedBy: string }>(`/api/admin/damages/${found!.id}`, {
      ...found,
      status: "repaired",
    });
    expect(repaired.status, repaired.text.slice(0, 300)).toBe(200);
    expect(repaired.body).toMatchObject({ status: "repaired", repairedBy: "darbuotojas@ratunuoma.lt" });
    expect((await staff.put(`/api/admin/damages/${found!.id}`, { status: "repaired" })).status).toBe(409);
    expect((await staff.delete(`/api/admin/damages/${found!.id}`)).status).toBe(405);
    expect((await staff.post("/api/admin/damages", { carId })).status).toBe(405);
    await admin.put(`/api/admin/reservations/${next.id}`, { status: "cancelled", statusReason: "Testas baigtas" });
  });

  it("grąžinti galima tik vykdomą rezervaciją – 409", async () => {
    const read = await booking(vilniusDaysFromNow(310, "10:00"), vilniusDaysFromNow(312, "10:00"));
    const response = await staff.post<ErrorBody>(`/api/admin/reservations/${read.id}/return/preview`, {
      mileage: 1,
      fuel: "1",
      returnedAt: new Date().toISOString(),
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe("Automobilį priimti galima tik pagal vykdomą rezervaciją (dabar: patvirtinta)");
    await admin.put(`/api/admin/reservations/${read.id}`, { status: "cancelled", statusReason: "Testas baigtas" });
  });
});

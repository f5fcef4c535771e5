// Staff cannot break the business (issue 10), over HTTP on the real server and PGlite:
// - every update carries the version it read; a stale one gets 409 with a Lithuanian message,
//   the stored record in the answer, and changes nothing (customers, cars, prices, settings,
//   staff accounts, reservations);
// - reservation states: a closed reservation changes only its notes, a cancellation needs a
//   reason (stored and audited), the car is handed over from the pickup day (earlier only by an
//   admin with a reason), a booking in the past needs an explicit confirmation;
// - the hand-over act's readings: return mileage not below pickup mileage, fuel on its scale,
//   and the readings move the car's fleet record forward.
// Each rule is shown with its refused case and its allowed case.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_ID } from "../../src/core/collections";
import { STALE_RECORD_CODE, STALE_RECORD_MESSAGE } from "../../src/core/errors";
import { formatNumber } from "../../src/domain/format";
import { RESERVATION_DELETE_REFUSED } from "../../src/domain/reservationRules";
import { DEMO_ADMIN, DEMO_STAFF } from "../helpers/accounts";
import {
  adminGet,
  adminListAll,
  type Doc,
  freeCarId,
  signIn,
  signInAdmin,
  signInStaff,
  vilniusDaysFromNow,
} from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, startServer } from "../helpers/server";

interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
  code?: string;
  current?: Record<string, unknown>;
}
type Reservation = Doc & {
  version: number;
  status: string;
  carId: string;
  pickupAt: string;
  returnAt: string;
  notes: string;
  comment: string;
  cancelReason: string;
  handoverOverrideReason: string;
  contract: Record<string, unknown>;
};

let server: RunningServer;
let admin: ApiClient;
let staff: ApiClient;
let site: ApiClient;

beforeAll(async () => {
  server = await startServer({ demo: true });
  admin = await signInAdmin(server.url);
  staff = await signInStaff(server.url);
  site = new ApiClient(server.url);
});
afterAll(async () => {
  await server?.stop();
});

/** A second signed-in tab of the same admin: its own session, the same person. */
const secondTab = () => signIn(server.url, DEMO_ADMIN);

function expectStale(response: { status: number; body: unknown }, current: Record<string, unknown>): void {
  expect(response.status).toBe(409);
  const body = response.body as ErrorBody;
  expect(body.message).toBe(STALE_RECORD_MESSAGE);
  expect(body.code).toBe(STALE_RECORD_CODE);
  expect(body.current).toMatchObject(current);
  expect(nonLithuanianMessages(body)).toEqual([]);
}

describe("versijos: pasenęs išsaugojimas atmetamas (409), naujas praeina", () => {
  for (const resource of ["customers", "cars", "prices", "locations", "extras", "news", "offers", "fleet"] as const) {
    it(`${resource}: antroji kortelė su sena versija gauna 409 ir nieko nepakeičia`, async () => {
      const [first] = await adminListAll<Doc & { version: number }>(admin, resource);
      expect(first, `${resource} demo įrašas`).toBeDefined();
      const read = await adminGet<Doc & { version: number }>(admin, resource, String(first!.id));
      expect(Number.isInteger(read.version)).toBe(true);
      const other = await secondTab();
      const saved = await other.put<Doc & { version: number }>(`/api/admin/${resource}/${read.id}`, read);
      expect(saved.status, saved.text.slice(0, 300)).toBe(200);
      expect(saved.body.version).toBe(read.version + 1);
      const stored = await adminGet(admin, resource, read.id);

      const stale = await admin.put(`/api/admin/${resource}/${read.id}`, read);
      expectStale(stale, { id: read.id, version: read.version + 1 });
      expect(await adminGet(admin, resource, read.id)).toEqual(stored);

      const fresh = await admin.put<Doc & { version: number }>(`/api/admin/${resource}/${read.id}`, stored);
      expect(fresh.status, fresh.text.slice(0, 300)).toBe(200);
      expect(fresh.body.version).toBe(read.version + 2);
    });
  }

  it("kliento vardas: antrosios kortelės pakeitimas neištrinamas", async () => {
    const [customer] = await adminListAll<Doc & { version: number; notes: string }>(admin, "customers");
    const read = await adminGet<Doc & { version: number; notes: string }>(admin, "customers", customer!.id);
    const other = await secondTab();
    expect(
      (await other.put(`/api/admin/customers/${read.id}`, { ...read, notes: "Skambinti po 17 val." })).status,
    ).toBe(200);
    const mine = await admin.put(`/api/admin/customers/${read.id}`, { ...read, notes: "Pageidauja vaikiškos kėdutės" });
    expectStale(mine, { notes: "Skambinti po 17 val." });
    expect((await adminGet<Doc & { notes: string }>(admin, "customers", read.id)).notes).toBe("Skambinti po 17 val.");
  });

  it("nustatymai ir darbuotojo paskyra taip pat tikrina versiją", async () => {
    const settings = await adminGet<Doc & { version: number }>(admin, "settings", SETTINGS_ID);
    expect((await (await secondTab()).put(`/api/admin/settings/${SETTINGS_ID}`, settings)).status).toBe(200);
    expectStale(await admin.put(`/api/admin/settings/${SETTINGS_ID}`, settings), { version: settings.version + 1 });

    const [account] = (await adminListAll<Doc & { version: number; email: string }>(admin, "staff")).filter(
      (a) => a.email !== DEMO_ADMIN.email,
    );
    const read = await adminGet<Doc & { version: number }>(admin, "staff", account!.id);
    const first = await (await secondTab()).put<Doc & { version: number }>(`/api/admin/staff/${read.id}`, read);
    expect(first.status, first.text.slice(0, 300)).toBe(200);
    expect(first.body.version).toBe(read.version + 1);
    expectStale(await admin.put(`/api/admin/staff/${read.id}`, read), { version: read.version + 1 });
  });

  it("be versijos (masinis lauko keitimas) keičia pasirinktą lauką; bloga versija – 422", async () => {
    const [customer] = await adminListAll<Doc & { version: number }>(admin, "customers");
    const read = await adminGet<Doc & { version: number }>(admin, "customers", customer!.id);
    const bulk = await admin.put<Doc & { version: number; notes: string }>(`/api/admin/customers/${read.id}`, {
      notes: "Masinis pakeitimas",
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toMatchObject({ notes: "Masinis pakeitimas", version: read.version + 1 });
    const bad = await admin.put<ErrorBody>(`/api/admin/customers/${read.id}`, { ...read, version: "2" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.version).toBe("Neteisinga įrašo versija");
  });
});

describe("rezervacijų būsenų taisyklės darbuotojams", () => {
  let locationId: string;
  let customerId: string;
  let slot = 0;

  beforeAll(async () => {
    const locations = await adminListAll<Doc & { active?: boolean }>(admin, "locations");
    locationId = locations.find((l) => l.active !== false)!.id;
    customerId = (await adminListAll(admin, "customers"))[0]!.id;
  });

  /** A staff booking on free dates `days` from today (each call its own far-away slot unless told). */
  async function booking(days?: number, extra: Record<string, unknown> = {}): Promise<Reservation> {
    const start = days ?? 300 + 4 * slot++;
    const pickupAt = vilniusDaysFromNow(start, "10:00");
    const returnAt = vilniusDaysFromNow(start + 2, "10:00");
    const carId = await freeCarId(site, admin, [{ pickupAt, returnAt }]);
    const created = await staff.post<Reservation>("/api/admin/reservations", {
      carId,
      customerId,
      pickupAt,
      returnAt,
      pickupLocationId: locationId,
      returnLocationId: locationId,
      extras: [],
      status: "confirmed",
      source: "phone",
      comment: "",
      notes: "",
      ...extra,
    });
    expect(created.status, created.text.slice(0, 400)).toBe(201);
    return created.body;
  }

  it("pasenusi rezervacijos versija – 409; nauja – 200", async () => {
    const read = await booking();
    expect(read.version).toBe(1);
    expect((await admin.put(`/api/admin/reservations/${read.id}`, { ...read, notes: "Pirmas" })).status).toBe(200);
    expectStale(await staff.put(`/api/admin/reservations/${read.id}`, { ...read, comment: "Antras" }), {
      notes: "Pirmas",
      version: 2,
    });
    const latest = await adminGet<Reservation>(staff, "reservations", read.id);
    const saved = await staff.put<Reservation>(`/api/admin/reservations/${read.id}`, { ...latest, comment: "Antras" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ notes: "Pirmas", comment: "Antras", version: 3 });
  });

  it("atšaukimas be priežasties – 422; su priežastimi išsaugomas, įrašomas į žurnalą", async () => {
    const read = await booking();
    const missing = await staff.put<ErrorBody>(`/api/admin/reservations/${read.id}`, { ...read, status: "cancelled" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ statusReason: "Nurodykite atšaukimo priežastį" });
    expect((await adminGet<Reservation>(admin, "reservations", read.id)).status).toBe("confirmed");

    const cancelled = await staff.put<Reservation>(`/api/admin/reservations/${read.id}`, {
      ...read,
      status: "cancelled",
      statusReason: "Klientas pakeitė kelionės planus",
    });
    expect(cancelled.status, cancelled.text.slice(0, 300)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", cancelReason: "Klientas pakeitė kelionės planus" });
    const audit = await adminListAll<Doc & { recordId: string; reason?: string; toStatus?: string }>(
      admin,
      "audit-log",
    );
    expect(audit.find((entry) => entry.recordId === read.id && entry.toStatus === "cancelled")).toMatchObject({
      reason: "Klientas pakeitė kelionės planus",
      actor: DEMO_STAFF.email,
    });
  });

  it("užbaigta ar atšaukta rezervacija: keisti galima tik vidines pastabas", async () => {
    const read = await booking();
    const closed = (
      await staff.put<Reservation>(`/api/admin/reservations/${read.id}`, {
        ...read,
        status: "cancelled",
        statusReason: "Dviguba rezervacija",
      })
    ).body;
    const moved = await staff.put<ErrorBody>(`/api/admin/reservations/${read.id}`, {
      ...closed,
      returnAt: vilniusDaysFromNow(400, "10:00"),
    });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(
      "Rezervacija atšaukta – jos keisti negalima, galima papildyti tik vidines pastabas.",
    );
    const noted = await staff.put<Reservation>(`/api/admin/reservations/${read.id}`, {
      ...closed,
      notes: "Užstatas grąžintas",
    });
    expect(noted.status).toBe(200);
    expect(noted.body).toMatchObject({ notes: "Užstatas grąžintas", status: "cancelled", returnAt: closed.returnAt });
  });

  it("perduoti anksčiau nei paėmimo dieną: darbuotojui – ne, administratoriui – tik su priežastimi", async () => {
    const read = await booking();
    const byStaff = await staff.put<ErrorBody>(`/api/admin/reservations/${read.id}`, { status: "active" });
    expect(byStaff.status).toBe(422);
    expect(byStaff.body.errors?.status).toMatch(/^Automobilį perduoti galima nuo paėmimo dienos \(\d{4}-\d{2}-\d{2}\)/);
    const noReason = await admin.put<ErrorBody>(`/api/admin/reservations/${read.id}`, { status: "active" });
    expect(noReason.status).toBe(422);
    expect(Object.keys(noReason.body.errors ?? {})).toEqual(["statusReason"]);
    expect((await adminGet<Reservation>(admin, "reservations", read.id)).status).toBe("confirmed");
    const overridden = await admin.put<Reservation>(`/api/admin/reservations/${read.id}`, {
      status: "active",
      statusReason: "Klientas išvyksta anksčiau, suderinta su vadovu",
    });
    expect(overridden.status).toBe(200);
    expect(overridden.body).toMatchObject({
      status: "active",
      handoverOverrideReason: "Klientas išvyksta anksčiau, suderinta su vadovu",
    });
  });

  it("perduoti paėmimo dieną gali ir darbuotojas", async () => {
    const pickupAt = new Date(Date.now() + 5 * 60_000).toISOString();
    const returnAt = vilniusDaysFromNow(3, "10:00");
    const carId = await freeCarId(site, admin, [{ pickupAt, returnAt }]);
    const today = await staff.post<Reservation>("/api/admin/reservations", {
      carId,
      customerId,
      pickupAt,
      returnAt,
      pickupLocationId: locationId,
      returnLocationId: locationId,
      extras: [],
      status: "confirmed",
    });
    expect(today.status, today.text.slice(0, 300)).toBe(201);
    // Late in the evening Vilnius time the pickup may already fall on tomorrow's date.
    const sameDay = today.body.pickupAt.slice(0, 10) === new Date().toISOString().slice(0, 10);
    const handed = await staff.put<Reservation>(`/api/admin/reservations/${today.body.id}`, { status: "active" });
    if (sameDay) {
      expect(handed.status, handed.text.slice(0, 300)).toBe(200);
      expect(handed.body.status).toBe("active");
    } else {
      expect(handed.status).toBe(422);
    }
  });

  it("praeities rezervacija – tik aiškiai patvirtinus", async () => {
    const pickupAt = vilniusDaysFromNow(-30, "10:00");
    const returnAt = vilniusDaysFromNow(-27, "10:00");
    const carId = await freeCarId(site, admin, [{ pickupAt, returnAt }]);
    const body = {
      carId,
      customerId,
      pickupAt,
      returnAt,
      pickupLocationId: locationId,
      returnLocationId: locationId,
      extras: [],
      status: "completed",
    };
    const before = (await adminListAll(admin, "reservations")).length;
    const refused = await staff.post<ErrorBody>("/api/admin/reservations", body);
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.confirmPast).toMatch(/^Paėmimo laikas jau praėjęs \(\d{4}-\d{2}-\d{2} 10:00\)/);
    expect((await adminListAll(admin, "reservations")).length).toBe(before);
    const created = await staff.post<Reservation>("/api/admin/reservations", { ...body, confirmPast: true });
    expect(created.status, created.text.slice(0, 300)).toBe(201);
    expect(created.body.status).toBe("completed");
  });

  it("ištrinti galima tik naują ar atšauktą rezervaciją; kitą – tik atšaukti", async () => {
    const confirmed = await booking();
    const refused = await staff.delete<ErrorBody>(`/api/admin/reservations/${confirmed.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(RESERVATION_DELETE_REFUSED);
    expect((await adminGet<Reservation>(admin, "reservations", confirmed.id)).status).toBe("confirmed");
    const fresh = await booking(undefined, { status: "new" });
    expect((await staff.delete(`/api/admin/reservations/${fresh.id}`)).status).toBe(200);
    expect((await admin.get(`/api/admin/reservations/${fresh.id}`)).status).toBe(404);
  });

  it("grąžinimo rida ne mažesnė už paėmimo, degalai skalėje; rodmenys atnaujina autoparko ridą", async () => {
    const read = await booking();
    const fleet = (await adminListAll<Doc & { carId: string; mileage: number }>(admin, "fleet")).find(
      (f) => f.carId === read.carId,
    )!;
    const out = fleet.mileage + 150;
    const lower = await staff.put<ErrorBody>(`/api/admin/reservations/${read.id}`, {
      ...read,
      contract: { ...read.contract, mileageOut: out, mileageIn: out - 1, fuelOut: "1" },
    });
    expect(lower.status).toBe(422);
    expect(lower.body.errors?.["contract.mileageIn"]).toBe(
      `Grąžinimo rida turi būti ne mažesnė nei paėmimo rida (${formatNumber(out, 0)} km)`,
    );
    const fuel = await staff.put<ErrorBody>(`/api/admin/reservations/${read.id}`, {
      ...read,
      contract: { ...read.contract, mileageOut: out, fuelOut: "pilnas" },
    });
    expect(fuel.status).toBe(422);
    expect(Object.keys(fuel.body.errors ?? {})).toEqual(["contract.fuelOut"]);
    expect((await adminGet<Doc & { mileage: number }>(admin, "fleet", fleet.id)).mileage).toBe(fleet.mileage);

    const saved = await staff.put<Reservation>(`/api/admin/reservations/${read.id}`, {
      ...read,
      contract: { ...read.contract, mileageOut: out, mileageIn: out + 412, fuelOut: "1", fuelIn: "3/4" },
    });
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);
    expect((await adminGet<Doc & { mileage: number }>(admin, "fleet", fleet.id)).mileage).toBe(out + 412);
  });
});

// Maintenance blocks and the turnaround buffer on the real server over PGlite:
// - a block (POST /api/admin/maintenance) stops a web booking, a staff booking, the search and the
//   quotes for that car and window; removed, the car is bookable again;
// - a block over a reservation or another block is refused 409 in Lithuanian;
// - with bookingRules.turnaroundMinutes = 120 a booking 60 min after another's return is refused and
//   120 min after is accepted (site and staff);
// - the database itself (car_holds_no_overlap, 005_maintenance.sql) refuses an overlapping block or
//   reservation written past the core, straight through SQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../server/db/index";
import { migrate } from "../../server/db/migrate";
import { SETTINGS_ID } from "../../server/db/types";
import { MAINTENANCE_CONFLICT_MESSAGE } from "../../src/domain/upkeep";
import {
  adminListAll,
  type Doc,
  freeCarId,
  publicCatalogue,
  reservationBody,
  signInAdmin,
  signInStaff,
  vilniusDaysFromNow,
} from "../helpers/api";
import { ApiClient, listItems } from "../helpers/http";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, removeTempDir, startServer, tempDir } from "../helpers/server";

type Block = {
  id: string;
  carId: string;
  from: string;
  to: string;
  reason: string;
  createdBy: string;
  version: number;
};
type Refusal = { message: string; errors?: Record<string, string> };
type Reservation = Doc & { number: string; carId: string; pickupAt: string; returnAt: string; status: string };

const RESERVATION_TAKEN = /jau užimtas/;
const hours = (iso: string, h: number) => new Date(Date.parse(iso) + h * 3_600_000).toISOString();
const minutes = (iso: string, m: number) => new Date(Date.parse(iso) + m * 60_000).toISOString();

let dataDir: string;
let server: RunningServer;
let site: ApiClient;
let admin: ApiClient;
let staff: ApiClient;
let locationId: string;
let customerId: string;
const used: string[] = [];

beforeAll(async () => {
  dataDir = tempDir("maintenance");
  server = await startServer({ demo: true, dataDir });
  site = new ApiClient(server.url);
  admin = await signInAdmin(server.url);
  staff = await signInStaff(server.url);
  const { locations } = await publicCatalogue(site);
  locationId = locations[0]!.id;
  customerId = (await adminListAll(admin, "customers"))[0]!.id;
});
afterAll(async () => {
  await server?.stop();
  if (dataDir) removeTempDir(dataDir);
});

/** A published car free over the periods, not used by another test here. */
async function freeCar(periods: { pickupAt: string; returnAt: string }[]): Promise<string> {
  const id = await freeCarId(site, admin, periods, used);
  used.push(id);
  return id;
}

const webBooking = (carId: string, pickupAt: string, returnAt: string) =>
  site.post<Reservation | Refusal>(
    "/api/site/reservations",
    reservationBody({ carId, locationId, pickupAt, returnAt }),
  );

const staffBooking = (carId: string, pickupAt: string, returnAt: string) =>
  staff.post<Reservation | Refusal>("/api/admin/reservations", {
    carId,
    customerId,
    pickupAt,
    returnAt,
    pickupLocationId: locationId,
    returnLocationId: locationId,
    extras: [],
    status: "confirmed",
    source: "phone",
  });

const block = (carId: string, from: string, to: string, reason = "Planinis techninis aptarnavimas") =>
  staff.post<Block | Refusal>("/api/admin/maintenance", { carId, from, to, reason });

async function setTurnaround(value: number): Promise<void> {
  const path = `/api/admin/settings/${SETTINGS_ID}`;
  const current = await admin.get<Doc & { bookingRules: Record<string, unknown> }>(path);
  expect(current.status).toBe(200);
  const saved = await admin.put(path, {
    ...current.body,
    bookingRules: { ...current.body.bookingRules, turnaroundMinutes: value },
  });
  expect(saved.status, saved.text.slice(0, 300)).toBe(200);
}

describe("techninės priežiūros blokavimas", () => {
  it("POST /api/admin/maintenance → 201; tada web ir darbuotojo rezervacija tame lange – 409; pašalinus – vėl galima", async () => {
    const from = vilniusDaysFromNow(40, "10:00");
    const to = vilniusDaysFromNow(42, "10:00");
    const carId = await freeCar([{ pickupAt: from, returnAt: vilniusDaysFromNow(44, "10:00") }]);

    const created = await block(carId, from, to);
    expect(created.status, created.text.slice(0, 300)).toBe(201);
    const saved = created.body as Block;
    expect(saved).toMatchObject({ carId, from, to, reason: "Planinis techninis aptarnavimas", version: 1 });
    expect(saved.createdBy).toBe("darbuotojas@ratunuoma.lt");

    // The site: booking, search and the form's quote all see the block.
    const web = await webBooking(carId, vilniusDaysFromNow(41, "12:00"), vilniusDaysFromNow(43, "10:00"));
    expect(web.status, web.text.slice(0, 300)).toBe(409);
    expect((web.body as Refusal).message).toMatch(RESERVATION_TAKEN);
    expect(nonLithuanianMessages(web.body)).toEqual([]);
    const search = await site.get(
      `/api/site/search?from=${encodeURIComponent(vilniusDaysFromNow(41, "10:00"))}&to=${encodeURIComponent(vilniusDaysFromNow(43, "10:00"))}&limit=100`,
    );
    expect(search.status).toBe(200);
    const ids = listItems<{ id?: string; car?: { id: string } }>(search.body).map((hit) => hit.id ?? hit.car?.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(carId);
    const quote = await site.post<{ available: boolean }>("/api/site/quote", {
      carId,
      pickupAt: vilniusDaysFromNow(41, "12:00"),
      returnAt: vilniusDaysFromNow(43, "10:00"),
      pickupLocationId: locationId,
      returnLocationId: locationId,
      extras: [],
    });
    expect(quote.status, quote.text.slice(0, 300)).toBe(200);
    expect(quote.body.available).toBe(false);

    // The back-office: a staff booking is refused, the live check lists the block.
    const office = await staffBooking(carId, vilniusDaysFromNow(39, "10:00"), vilniusDaysFromNow(40, "11:00"));
    expect(office.status, office.text.slice(0, 300)).toBe(409);
    expect((office.body as Refusal).message).toMatch(RESERVATION_TAKEN);
    const check = await staff.post<{ available: boolean; conflicts: { id: string; status: string }[] }>(
      "/api/admin/actions/quote",
      { carId, pickupAt: vilniusDaysFromNow(41, "10:00"), returnAt: vilniusDaysFromNow(43, "10:00") },
    );
    expect(check.status, check.text.slice(0, 300)).toBe(200);
    expect(check.body.available).toBe(false);
    expect(check.body.conflicts).toEqual([expect.objectContaining({ id: saved.id, status: "maintenance" })]);

    // Right after the block (half-open periods, no buffer) the car is free.
    const after = await webBooking(carId, to, vilniusDaysFromNow(44, "10:00"));
    expect(after.status, after.text.slice(0, 300)).toBe(201);

    // The timeline's list; then the block removed, the window is bookable again.
    const list = await staff.get<Block[]>(
      `/api/admin/maintenance?from=${encodeURIComponent(vilniusDaysFromNow(35, "00:00"))}&to=${encodeURIComponent(vilniusDaysFromNow(45, "00:00"))}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.map((b) => b.id)).toContain(saved.id);
    const removed = await staff.delete(`/api/admin/maintenance/${saved.id}`);
    expect(removed.status, removed.text.slice(0, 300)).toBe(200);
    const again = await webBooking(carId, vilniusDaysFromNow(41, "12:00"), to);
    expect(again.status, again.text.slice(0, 300)).toBe(201);
    const gone = await staff.delete(`/api/admin/maintenance/${saved.id}`);
    expect(gone.status).toBe(404);
    expect((gone.body as Refusal).message).toBe("Blokavimas nerastas");
  });

  it("blokavimas ant esamos rezervacijos ar kito blokavimo – 409 lietuviškai; gretimas – priimamas", async () => {
    const pickupAt = vilniusDaysFromNow(50, "10:00");
    const returnAt = vilniusDaysFromNow(52, "10:00");
    const carId = await freeCar([
      { pickupAt: vilniusDaysFromNow(49, "00:00"), returnAt: vilniusDaysFromNow(56, "00:00") },
    ]);
    const booked = await webBooking(carId, pickupAt, returnAt);
    expect(booked.status, booked.text.slice(0, 300)).toBe(201);

    const over = await block(carId, hours(pickupAt, 12), hours(returnAt, 12));
    expect(over.status, over.text.slice(0, 300)).toBe(409);
    expect(over.body).toEqual({ message: MAINTENANCE_CONFLICT_MESSAGE });

    const first = await block(carId, returnAt, vilniusDaysFromNow(54, "10:00"));
    expect(first.status, first.text.slice(0, 300)).toBe(201);
    const second = await block(
      carId,
      vilniusDaysFromNow(53, "10:00"),
      vilniusDaysFromNow(55, "10:00"),
      "Kėbulo remontas",
    );
    expect(second.status).toBe(409);
    expect((second.body as Refusal).message).toBe(MAINTENANCE_CONFLICT_MESSAGE);

    // Moving the block onto the reservation is refused too; moving it within its own window is fine.
    const id = (first.body as Block).id;
    const moveOnto = await staff.put(`/api/admin/maintenance/${id}`, { from: hours(returnAt, -2) });
    expect(moveOnto.status).toBe(409);
    const shorten = await staff.put<Block>(`/api/admin/maintenance/${id}`, {
      to: vilniusDaysFromNow(53, "10:00"),
      version: 1,
    });
    expect(shorten.status, shorten.text.slice(0, 300)).toBe(200);
    expect(shorten.body).toMatchObject({
      version: 2,
      to: vilniusDaysFromNow(53, "10:00"),
      reason: "Planinis techninis aptarnavimas",
    });
    const stale = await staff.put(`/api/admin/maintenance/${id}`, { reason: "Kita", version: 1 });
    expect(stale.status).toBe(409);
  });

  it("neteisinga įvestis – 422 su lietuviškomis laukų klaidomis; be sesijos – 401", async () => {
    const carId = used[0]!;
    const reversed = await block(carId, vilniusDaysFromNow(60, "10:00"), vilniusDaysFromNow(59, "10:00"), "");
    expect(reversed.status).toBe(422);
    expect((reversed.body as Refusal).errors).toMatchObject({
      to: "Pabaiga turi būti vėlesnė nei pradžia",
      reason: "Nurodykite priežastį",
    });
    expect(nonLithuanianMessages(reversed.body)).toEqual([]);
    const unknownCar = await block(
      "3f2b8c1e-5a47-4d0e-9b6a-2c8e1f4d7a90",
      vilniusDaysFromNow(60, "10:00"),
      vilniusDaysFromNow(61, "10:00"),
    );
    expect(unknownCar.status).toBe(404);
    const anonymous = await site.post("/api/admin/maintenance", {
      carId,
      from: vilniusDaysFromNow(60, "10:00"),
      to: vilniusDaysFromNow(61, "10:00"),
      reason: "Bandymas",
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("tarpas tarp nuomų (bookingRules.turnaroundMinutes = 120)", () => {
  beforeAll(async () => setTurnaround(120));
  afterAll(async () => setTurnaround(0));

  it("svetainėje: po 60 min. nuo grąžinimo – 409, po 120 min. – 201", async () => {
    const pickupAt = vilniusDaysFromNow(70, "10:00");
    const returnAt = vilniusDaysFromNow(72, "10:00");
    const carId = await freeCar([{ pickupAt, returnAt: vilniusDaysFromNow(75, "10:00") }]);
    expect((await webBooking(carId, pickupAt, returnAt)).status).toBe(201);
    const tooSoon = await webBooking(carId, minutes(returnAt, 60), vilniusDaysFromNow(74, "10:00"));
    expect(tooSoon.status, tooSoon.text.slice(0, 300)).toBe(409);
    expect((tooSoon.body as Refusal).message).toMatch(RESERVATION_TAKEN);
    const quote = await site.post<{ available: boolean }>("/api/site/quote", {
      carId,
      pickupAt: minutes(returnAt, 60),
      returnAt: vilniusDaysFromNow(74, "10:00"),
      pickupLocationId: locationId,
      returnLocationId: locationId,
      extras: [],
    });
    expect(quote.body.available).toBe(false);
    const search = await site.get(
      `/api/site/search?from=${encodeURIComponent(minutes(returnAt, 60))}&to=${encodeURIComponent(vilniusDaysFromNow(74, "10:00"))}&limit=100`,
    );
    expect(listItems<{ id?: string; car?: { id: string } }>(search.body).map((h) => h.id ?? h.car?.id)).not.toContain(
      carId,
    );
    const onTime = await webBooking(carId, minutes(returnAt, 120), vilniusDaysFromNow(74, "10:00"));
    expect(onTime.status, onTime.text.slice(0, 300)).toBe(201);
  });

  it("administravime: darbuotojo rezervacija po 60 min. – 409, po 120 min. – 201; patikra rodo konfliktą", async () => {
    const pickupAt = vilniusDaysFromNow(80, "10:00");
    const returnAt = vilniusDaysFromNow(82, "10:00");
    const carId = await freeCar([{ pickupAt, returnAt: vilniusDaysFromNow(85, "10:00") }]);
    const first = await staffBooking(carId, pickupAt, returnAt);
    expect(first.status, first.text.slice(0, 300)).toBe(201);
    const check = await staff.post<{ available: boolean; conflicts: { id: string }[] }>("/api/admin/actions/quote", {
      carId,
      pickupAt: minutes(returnAt, 60),
      returnAt: vilniusDaysFromNow(84, "10:00"),
    });
    expect(check.body.available).toBe(false);
    expect(check.body.conflicts.map((c) => c.id)).toEqual([(first.body as Reservation).id]);
    const tooSoon = await staffBooking(carId, minutes(returnAt, 60), vilniusDaysFromNow(84, "10:00"));
    expect(tooSoon.status, tooSoon.text.slice(0, 300)).toBe(409);
    const onTime = await staffBooking(carId, minutes(returnAt, 120), vilniusDaysFromNow(84, "10:00"));
    expect(onTime.status, onTime.text.slice(0, 300)).toBe(201);
    // Moving the second one earlier, into the buffer, is refused too.
    const second = onTime.body as Reservation;
    const moved = await staff.put(`/api/admin/reservations/${second.id}`, { pickupAt: minutes(returnAt, 30) });
    expect(moved.status, moved.text.slice(0, 300)).toBe(409);
  });

  it("blokavimas irgi laikosi tarpo: 60 min. po grąžinimo – 409, 120 min. – 201", async () => {
    const pickupAt = vilniusDaysFromNow(90, "10:00");
    const returnAt = vilniusDaysFromNow(92, "10:00");
    const carId = await freeCar([{ pickupAt, returnAt: vilniusDaysFromNow(95, "10:00") }]);
    expect((await webBooking(carId, pickupAt, returnAt)).status).toBe(201);
    expect((await block(carId, minutes(returnAt, 60), vilniusDaysFromNow(93, "10:00"))).status).toBe(409);
    expect((await block(carId, minutes(returnAt, 120), vilniusDaysFromNow(93, "10:00"))).status).toBe(201);
  });
});

describe("duomenų bazės garantija (car_holds_no_overlap) be branduolio patikros", () => {
  it("SQL įrašytas persidengiantis blokavimas ar rezervacija atmetami (23P01); gretimas priimamas", async () => {
    // The server holds the PGlite folder while it runs: stop it, then write past the core.
    await server.stop();
    const db = await openDb({ dataDir, databaseUrl: null });
    try {
      await migrate(db);
      const { rows } = await db.query<{ id: string; car_id: string; pickup_at: Date; return_at: Date }>(
        "SELECT id, car_id, pickup_at, return_at FROM reservations WHERE status IN ('new', 'confirmed', 'active') ORDER BY pickup_at DESC LIMIT 1",
      );
      const held = rows[0]!;
      const insertBlock = (carId: string, from: Date, to: Date) =>
        db.query(
          "INSERT INTO maintenance (doc, car_id, starts_at, ends_at) VALUES ($1::jsonb, $2::uuid, $3, $4) RETURNING id",
          [
            JSON.stringify({
              carId,
              from: from.toISOString(),
              to: to.toISOString(),
              reason: "SQL",
              createdBy: "testas",
            }),
            carId,
            from.toISOString(),
            to.toISOString(),
          ],
        );
      const refusal = (promise: Promise<unknown>) =>
        promise.then(
          () => null,
          (error: { code?: string; constraint?: string }) => ({ code: error.code, constraint: error.constraint }),
        );
      const start = new Date(held.pickup_at);
      const end = new Date(held.return_at);

      // A block over the reservation.
      expect(
        await refusal(
          insertBlock(held.car_id, new Date(start.getTime() + 3_600_000), new Date(end.getTime() + 86_400_000)),
        ),
      ).toEqual({
        code: "23P01",
        constraint: "car_holds_no_overlap",
      });
      // Far from anything else: a reservation written through SQL, a block touching its end (half-open:
      // accepted), then a second block and a reservation over that block (refused).
      const far = new Date("2098-05-01T07:00:00.000Z");
      const farEnd = new Date(far.getTime() + 86_400_000);
      await db.query(
        `INSERT INTO reservations (doc, number, car_id, pickup_at, return_at, status)
         VALUES ('{}'::jsonb, 'R-2098-999998', $1::uuid, $2, $3, 'confirmed')`,
        [held.car_id, far.toISOString(), farEnd.toISOString()],
      );
      const touching = await insertBlock(held.car_id, farEnd, new Date(farEnd.getTime() + 86_400_000));
      expect(touching.rows).toHaveLength(1);
      expect(
        await refusal(
          insertBlock(held.car_id, new Date(farEnd.getTime() + 3_600_000), new Date(farEnd.getTime() + 7_200_000)),
        ),
      ).toEqual({
        code: "23P01",
        constraint: "car_holds_no_overlap",
      });
      const reservationOverBlock = db.query(
        `INSERT INTO reservations (doc, number, car_id, pickup_at, return_at, status)
         VALUES ('{}'::jsonb, 'R-2098-999999', $1::uuid, $2, $3, 'confirmed')`,
        [
          held.car_id,
          new Date(farEnd.getTime() + 3_600_000).toISOString(),
          new Date(farEnd.getTime() + 7_200_000).toISOString(),
        ],
      );
      expect(await refusal(reservationOverBlock)).toEqual({ code: "23P01", constraint: "car_holds_no_overlap" });
      // Cancelling the reservation (an UPDATE) frees its period for a block.
      await db.query("UPDATE reservations SET status = 'cancelled' WHERE id = $1::uuid", [held.id]);
      const afterCancel = await insertBlock(held.car_id, start, end);
      expect(afterCancel.rows).toHaveLength(1);
      // Every hold in car_holds has its source row (no stale holds).
      const stale = await db.query(
        `SELECT 1 FROM car_holds h WHERE (h.source = 'reservation' AND NOT EXISTS (SELECT 1 FROM reservations r WHERE r.id = h.source_id AND r.status IN ('new','confirmed','active')))
            OR (h.source = 'maintenance' AND NOT EXISTS (SELECT 1 FROM maintenance m WHERE m.id = h.source_id))`,
      );
      expect(stale.rows).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

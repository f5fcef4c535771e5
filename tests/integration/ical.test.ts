// Calendar feeds on the real server and database: a secret address per car and for the fleet,
// RFC 5545 text a real parser (ical.js) reads, the old address dead after regeneration, admins only.
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminListAll, type Doc, signInAdmin, signInStaff } from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { type RunningServer, startServer } from "../helpers/server";

let server: RunningServer;
let staff: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  server = await startServer({ demo: true });
  staff = await signInStaff(server.url);
  admin = await signInAdmin(server.url);
});
afterAll(async () => {
  await server?.stop();
});

type Reservation = Doc & {
  number: string;
  carId: string;
  customerId: string;
  status: string;
  pickupAt: string;
  returnAt: string;
};
type Customer = Doc & { firstName: string; lastName: string; phone?: string; email?: string };
type Car = Doc & { make: string; model: string };
type Feed = { feedId: string; carId: string | null; token: string; path: string };

const events = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));

const holding = (r: Reservation) =>
  ["new", "confirmed", "active"].includes(r.status) && Date.parse(r.returnAt) > Date.now() - 30 * 86_400_000;

describe("iCal kalendoriai", () => {
  it("viso parko kalendorius: text/calendar, ical.js perskaito, jame visos automobilį laikančios rezervacijos", async () => {
    const created = await admin.post<Feed>("/api/admin/actions/calendar-feeds/regenerate", { carId: null });
    expect(created.status, created.text).toBe(201);
    expect(created.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.body.path).toBe(`/api/ical/${created.body.token}.ics`);

    const visitor = new ApiClient(server.url);
    const feed = await visitor.get(created.body.path, { headers: { accept: "text/calendar" } });
    expect(feed.status, feed.text).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(feed.text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    for (const line of feed.text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);

    const reservations = (await adminListAll<Reservation>(staff, "reservations")).filter(holding);
    const customers = new Map((await adminListAll<Customer>(staff, "customers")).map((c) => [c.id, c]));
    const cars = new Map((await adminListAll<Car>(staff, "cars")).map((c) => [c.id, c]));
    expect(reservations.length).toBeGreaterThan(0);
    const parsed = events(feed.text);
    const byUid = new Map(parsed.map((event) => [event.uid, event]));
    for (const reservation of reservations) {
      const event = byUid.get(`reservation-${reservation.id}@ratunuoma`);
      expect(event, reservation.number).toBeDefined();
      const customer = customers.get(reservation.customerId)!;
      const car = cars.get(reservation.carId)!;
      // the fleet's calendar carries no personal data: number and car only
      expect(event?.summary).toBe(`${reservation.number} · ${car.make} ${car.model}`);
      expect(feed.text).not.toContain(`${customer.firstName} ${customer.lastName}`);
      if (customer.phone) expect(feed.text.replace(/\r\n /g, "")).not.toContain(customer.phone);
      if (customer.email) expect(feed.text.replace(/\r\n /g, "")).not.toContain(customer.email);
      expect(event?.startDate.toJSDate().getTime()).toBe(Date.parse(reservation.pickupAt));
      expect(event?.endDate.toJSDate().getTime()).toBe(Date.parse(reservation.returnAt));
    }
    // cancelled and completed ones are not in it
    const closed = (await adminListAll<Reservation>(staff, "reservations")).filter(
      (r) => r.status === "cancelled" || r.status === "completed",
    );
    expect(closed.length).toBeGreaterThan(0);
    for (const reservation of closed) expect(byUid.has(`reservation-${reservation.id}@ratunuoma`)).toBe(false);
  });

  it("automobilio kalendorius rodo tik jo rezervacijas; po pakeitimo senas adresas atsako 404", async () => {
    const reservations = (await adminListAll<Reservation>(staff, "reservations")).filter(holding);
    const carId = reservations[0]!.carId;
    const first = await admin.post<Feed>("/api/admin/actions/calendar-feeds/regenerate", { carId });
    expect(first.status, first.text).toBe(201);
    const visitor = new ApiClient(server.url);
    const feed = await visitor.get(first.body.path);
    expect(feed.status).toBe(200);
    const uids = events(feed.text)
      .map((event) => event.uid)
      .filter((uid) => uid.startsWith("reservation-"));
    expect(uids.sort()).toEqual(
      reservations
        .filter((r) => r.carId === carId)
        .map((r) => `reservation-${r.id}@ratunuoma`)
        .sort(),
    );
    // a car's calendar (for the staff who look after it) names the renter, but never a phone or e-mail
    const customers = new Map((await adminListAll<Customer>(staff, "customers")).map((c) => [c.id, c]));
    const unfolded = feed.text.replace(/\r\n /g, "");
    for (const reservation of reservations.filter((r) => r.carId === carId)) {
      const customer = customers.get(reservation.customerId)!;
      const event = events(feed.text).find((e) => e.uid === `reservation-${reservation.id}@ratunuoma`);
      expect(event?.summary).toContain(`${customer.firstName} ${customer.lastName}`);
      if (customer.phone) expect(unfolded).not.toContain(customer.phone);
      if (customer.email) expect(unfolded).not.toContain(customer.email);
    }

    // a maintenance block of the car is in its feed too, after its last booking
    const lastReturn = Math.max(...reservations.filter((r) => r.carId === carId).map((r) => Date.parse(r.returnAt)));
    const blockFrom = new Date(lastReturn + 10 * 86_400_000);
    blockFrom.setUTCHours(7, 0, 0, 0);
    const block = await staff.post<Doc>("/api/admin/maintenance", {
      carId,
      from: blockFrom.toISOString(),
      to: new Date(blockFrom.getTime() + 8 * 3_600_000).toISOString(),
      reason: "Padangų keitimas; ratų suvedimas",
    });
    expect(block.status, block.text).toBe(201);
    const withBlock = events((await visitor.get(first.body.path)).text).find(
      (event) => event.uid === `maintenance-${block.body.id}@ratunuoma`,
    );
    expect(withBlock?.summary).toContain("Remontas · ");
    expect(withBlock?.summary).toContain("Padangų keitimas; ratų suvedimas");
    expect(withBlock?.startDate.toJSDate().getTime()).toBe(blockFrom.getTime());

    const second = await admin.post<Feed>("/api/admin/actions/calendar-feeds/regenerate", { carId });
    expect(second.status).toBe(201);
    expect(second.body.token).not.toBe(first.body.token);
    const old = await visitor.get(first.body.path);
    expect(old.status).toBe(404);
    expect(old.body).toEqual({ message: "Kalendorius nerastas" });
    expect((await visitor.get(second.body.path)).status).toBe(200);

    const listed = await admin.get<{ feedId: string; carId: string | null }[]>("/api/admin/actions/calendar-feeds");
    expect(listed.status).toBe(200);
    expect(listed.body.map((f) => f.feedId)).toContain(`car-${carId}`);
    expect(listed.text).not.toContain(second.body.token);
  });

  it("klaidingas ar išgalvotas adresas – 404; darbuotojas (ne administratorius) adreso pakeisti negali", async () => {
    const visitor = new ApiClient(server.url);
    expect((await visitor.get(`/api/ical/${"A".repeat(43)}.ics`)).status).toBe(404);
    expect((await visitor.get("/api/ical/trumpas.ics")).status).toBe(404);
    expect((await visitor.get("/api/ical/be-pletinio")).status).toBe(404);

    const refused = await staff.post("/api/admin/actions/calendar-feeds/regenerate", { carId: null });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: "Kalendoriaus adresą pakeisti gali tik administratorius" });
    const anonymous = await visitor.post("/api/admin/actions/calendar-feeds/regenerate", { carId: null });
    expect(anonymous.status).toBe(401);
    const bad = await admin.post("/api/admin/actions/calendar-feeds/regenerate", { carId: "ne-id" });
    expect(bad.status).toBe(422);
    const unknown = await admin.post("/api/admin/actions/calendar-feeds/regenerate", {
      carId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.status).toBe(404);
  });
});

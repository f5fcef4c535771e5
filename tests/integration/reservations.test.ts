// Booking through the public API: no double booking under concurrency, and the
// stored price is the server's own calculateQuote, whatever the client sends.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_ID } from "../../server/db/types";
import { placeVerdict, transferFeeOf } from "../../src/domain/carLocation";
import { transfersOf } from "../../src/domain/carTransfers";
import { calculateQuote } from "../../src/domain/pricing";
import type { Extra, Location, Offer, Price } from "../../src/domain/schemas";
import {
  adminGet,
  adminListAll,
  type Doc,
  freeCarId,
  publicCatalogue,
  reservationBody,
  signInAdmin,
  vilniusDaysFromNow,
} from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, startServer } from "../helpers/server";

type Reservation = Doc & {
  number: string;
  carId: string;
  pickupAt: string;
  returnAt: string;
  status: string;
  extras: { id: string; quantity: number }[];
  pickupLocationId: string;
  returnLocationId: string;
  quote: Record<string, unknown>;
  source?: string;
};
type Car = Doc & { id: string; category: string; deposit: number; status: string };

let server: RunningServer;
let site: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  server = await startServer({ demo: true });
  site = new ApiClient(server.url);
  admin = await signInAdmin(server.url);
});
afterAll(async () => {
  await server?.stop();
});

const overlaps = (a: { pickupAt: string; returnAt: string }, b: { pickupAt: string; returnAt: string }) =>
  Date.parse(a.pickupAt) < Date.parse(b.returnAt) && Date.parse(b.pickupAt) < Date.parse(a.returnAt);
const BLOCKING = ["new", "confirmed", "active"];
const freeCar = (period: { pickupAt: string; returnAt: string }, skip: string[] = []) =>
  freeCarId(site, admin, [period], skip);

describe("dviguba rezervacija", () => {
  it("50 lygiagrečių užklausų vienam automobiliui: lygiai viena 201 ir 49 409", async () => {
    const { locations } = await publicCatalogue(site);
    const returnAt = vilniusDaysFromNow(73, "10:00");
    const carId = await freeCar({ pickupAt: vilniusDaysFromNow(70, "10:00"), returnAt });
    const reservationsBefore = await adminListAll<Reservation>(admin, "reservations");

    // Every pickup differs by a minute; every pair of periods overlaps.
    const bodies = Array.from({ length: 50 }, (_, i) =>
      reservationBody({
        carId,
        locationId: locations[0]!.id,
        pickupAt: vilniusDaysFromNow(70, `10:${String(i).padStart(2, "0")}`),
        returnAt,
      }),
    );
    const responses = await Promise.all(
      bodies.map((body) => new ApiClient(server.url).post("/api/site/reservations", body)),
    );
    const statuses = responses.map((r) => r.status);
    const created = responses.filter((r) => r.status === 201);
    const conflicts = responses.filter((r) => r.status === 409);
    expect(
      { created: created.length, conflicts: conflicts.length },
      `statusai: ${statuses.join(",")}; pirmas ne 201/409: ${responses.find((r) => r.status !== 201 && r.status !== 409)?.text}`,
    ).toEqual({ created: 1, conflicts: 49 });
    for (const conflict of conflicts) expect(nonLithuanianMessages(conflict.body)).toEqual([]);

    const answer = created[0]!.body as { id: string; number: string; quote: { total: number } };
    expect(answer.id).toEqual(expect.any(String));
    expect(answer.number).toMatch(/^R-\d{4}-\d{6}$/);
    expect(answer.quote.total).toBeGreaterThan(0);

    const reservationsAfter = await adminListAll<Reservation>(admin, "reservations");
    expect(reservationsAfter.length).toBe(reservationsBefore.length + 1);
    const period = { pickupAt: vilniusDaysFromNow(70, "10:00"), returnAt };
    const stored = reservationsAfter.filter(
      (r) => r.carId === carId && BLOCKING.includes(r.status) && overlaps(r, period),
    );
    expect(stored.map((r) => r.id)).toEqual([answer.id]);
    expect(stored[0]!.number).toBe(answer.number);
    expect(stored[0]!.status).toBe("new");
  });

  it("rezervacijos numeriai nesikartoja ir eina iš eilės", async () => {
    const { locations } = await publicCatalogue(site);
    const numbers: string[] = [];
    const skip: string[] = [];
    for (let i = 0; i < 3; i++) {
      const period = { pickupAt: vilniusDaysFromNow(90, "11:00"), returnAt: vilniusDaysFromNow(92, "11:00") };
      const carId = await freeCar(period, skip);
      skip.push(carId);
      const response = await site.post<{ number: string }>(
        "/api/site/reservations",
        reservationBody({ carId, locationId: locations[0]!.id, ...period }),
      );
      expect(response.status, response.text).toBe(201);
      numbers.push(response.body.number);
    }
    const seq = numbers.map((n) => Number(n.slice(-6)));
    expect(seq[1]).toBe(seq[0]! + 1);
    expect(seq[2]).toBe(seq[1]! + 1);
  });
});

describe("kaina", () => {
  it("išsaugota kaina = calculateQuote; kliento siųsta kaina nieko nekeičia", async () => {
    const catalogue = await publicCatalogue(site);
    const period = { pickupAt: vilniusDaysFromNow(40, "09:30"), returnAt: vilniusDaysFromNow(45, "12:00") };
    const carId = await freeCar(period);
    // a paid delivery place and both kinds of extras, so every part of the sum counts
    const locations = await adminListAll<Doc & Location>(admin, "locations");
    const publicLocationIds = new Set(catalogue.locations.map((l) => l.id));
    const paid = locations.filter((l) => publicLocationIds.has(l.id)).sort((a, b) => b.deliveryFee - a.deliveryFee);
    const pickupLocation = paid[0]!;
    const returnLocation = paid[paid.length - 1]!;
    const extras = await adminListAll<Doc & Extra>(admin, "extras");
    const publicExtras = extras.filter((e) => catalogue.extras.some((p) => p.id === e.id));
    const perDay = publicExtras.find((e) => e.chargedPer === "day");
    const perRental = publicExtras.find((e) => e.chargedPer === "rental");
    const chosen = [perDay, perRental].filter((e): e is Doc & Extra => !!e).map((e) => ({ id: e.id, quantity: 1 }));
    expect(chosen.length).toBeGreaterThan(0);

    const body = {
      ...reservationBody({
        carId,
        locationId: pickupLocation.id,
        returnLocationId: returnLocation.id,
        ...period,
        extras: chosen,
      }),
      quote: { total: 1, perDay: 1, deposit: 0, vat: 0 },
      total: 1,
      price: 1,
      perDay: 1,
      discount: 99,
      deposit: 0,
      vat: 0,
    };
    const response = await site.post<{ id: string; number: string; quote: Record<string, unknown> }>(
      "/api/site/reservations",
      body,
    );
    expect(response.status, response.text).toBe(201);

    const stored = await adminGet<Reservation>(admin, "reservations", response.body.id);
    const car = await adminGet<Car>(admin, "cars", carId);
    const prices = await adminListAll<Doc & Price>(admin, "prices");
    const offers = await adminListAll<Doc & Offer>(admin, "offers");
    const settings = await adminGet<
      Doc & { bookingRules: { graceMinutes: number; vatRate: number }; transfers?: unknown }
    >(admin, "settings", SETTINGS_ID);
    // The car brought from where it will be to the pickup place costs the settings' transfer fee
    // (src/domain/carLocation.ts), decided from the car's other reservations.
    const holds = (await adminListAll<Reservation>(admin, "reservations")).filter(
      (r) => r.carId === carId && r.id !== response.body.id,
    );
    const place = placeVerdict({
      car: { id: carId, locationId: typeof car.locationId === "string" ? car.locationId : null },
      holds,
      period,
      pickupLocationId: pickupLocation.id,
      returnLocationId: returnLocation.id,
      now: new Date(),
      transfers: transfersOf(settings),
    });
    const expected = calculateQuote({
      car,
      prices,
      pickupAt: period.pickupAt,
      returnAt: period.returnAt,
      extras: chosen.map((c) => ({ extra: extras.find((e) => e.id === c.id)!, quantity: c.quantity })),
      pickupLocation,
      returnLocation,
      offers,
      rules: settings.bookingRules,
      transferFee: transferFeeOf(place),
    });
    expect(stored.quote).toEqual(expected);
    expect(response.body.quote).toEqual(expected);
    expect(expected.total).toBeGreaterThan(1);
    expect(expected.extras).toBeGreaterThan(0);
    expect(stored.status).toBe("new");
    expect(stored.number).toBe(response.body.number);
    expect(stored.source).toBe("web");
    expect(stored.extras).toEqual(chosen);
    expect(stored.pickupLocationId).toBe(pickupLocation.id);
    expect(stored.returnLocationId).toBe(returnLocation.id);
  });

  it("kliento siųsta būsena ar numeris nepriimami: 422 arba ignoruojami", async () => {
    const { locations } = await publicCatalogue(site);
    const period = { pickupAt: vilniusDaysFromNow(55, "10:00"), returnAt: vilniusDaysFromNow(57, "10:00") };
    const carId = await freeCar(period);
    const body = {
      ...reservationBody({ carId, locationId: locations[0]!.id, ...period }),
      status: "confirmed",
      number: "R-1999-000001",
    };
    const response = await site.post<{ id: string; number: string }>("/api/site/reservations", body);
    if (response.status === 201) {
      const stored = await adminGet<Reservation>(admin, "reservations", response.body.id);
      expect(stored.status).toBe("new");
      expect(stored.number).not.toBe("R-1999-000001");
    } else {
      expect(response.status).toBe(422);
      expect(nonLithuanianMessages(response.body)).toEqual([]);
    }
  });

  it("rezervacija sukuria klientą ir patvirtinimo laišką eilėje", async () => {
    const { locations } = await publicCatalogue(site);
    const period = { pickupAt: vilniusDaysFromNow(50, "10:00"), returnAt: vilniusDaysFromNow(52, "10:00") };
    const carId = await freeCar(period);
    const mailBefore = await adminListAll<Doc & { to: string | string[] }>(admin, "mail");
    const body = reservationBody({ carId, locationId: locations[0]!.id, ...period });
    const response = await site.post<{ id: string }>("/api/site/reservations", body);
    expect(response.status, response.text).toBe(201);
    const email = (body.customer as { email: string }).email;
    const mailAfter = await adminListAll<Doc & { to: string | string[] }>(admin, "mail");
    const queued = mailAfter.filter((m) => !mailBefore.some((b) => b.id === m.id));
    expect(
      queued.some((m) => [m.to].flat().includes(email)),
      JSON.stringify(queued),
    ).toBe(true);
    const customers = await adminListAll<Doc & { email: string; phone: string }>(admin, "customers");
    const customer = customers.find((c) => c.email === email);
    expect(customer?.phone).toBe("+37061234567");
  });
});

// Cars have a place, over HTTP through the Hono app (in process, demo data): staff set it with the
// car form's record, a rental returning at Palanga airport leaves the car there, and the public
// search and booking follow it (src/domain/carLocation.ts; the core contract proves the same on
// every store with a fixed clock: tests/integration/core/carLocation.contract.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRANSFER_LABEL } from "../../src/domain/carTransfers";
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

type Hit = { id: string; quote: { total: number; transfer?: number; base: number } };
type Car = Doc & { locationId?: string | null; homeLocationId?: string | null; version: number };

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

const hoursAfter = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString();

describe("automobilio vieta per HTTP", () => {
  let carId = "";
  let vilnius = "";
  let palanga = "";
  let fee = 0;
  let leadHours = 0;
  const returnedAt = vilniusDaysFromNow(152, "10:00");

  beforeAll(async () => {
    const { locations } = await publicCatalogue(site);
    vilnius = locations.find((l) => l.name === "Vilniaus oro uostas")!.id;
    palanga = locations.find((l) => l.name === "Palangos oro uostas")!.id;
    const settings = (
      await adminListAll<Doc & { transfers: { fee: number; leadHours: number } }>(admin, "settings")
    )[0]!;
    fee = settings.transfers.fee;
    leadHours = settings.transfers.leadHours;
    expect(fee).toBeGreaterThan(0);
    carId = await freeCarId(site, admin, [
      { pickupAt: vilniusDaysFromNow(149, "00:00"), returnAt: vilniusDaysFromNow(158, "00:00") },
    ]);
  });

  it("darbuotojai nustato dabartinę vietą automobilio įraše; ji išsaugoma", async () => {
    const car = await adminGet<Car>(admin, "cars", carId);
    expect(car.locationId, "demo automobilis turi vietą").toEqual(expect.any(String));
    const saved = await admin.put<Car>(`/api/admin/cars/${carId}`, { ...car, locationId: vilnius });
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);
    expect((await adminGet<Car>(admin, "cars", carId)).locationId).toBe(vilnius);
    const wrong = await admin.put(`/api/admin/cars/${carId}`, { ...saved.body, locationId: "ne vieta" });
    expect([400, 422]).toContain(wrong.status);
    expect(nonLithuanianMessages(wrong.body)).toEqual([]);
  });

  it("po nuomos į Palangos oro uostą automobilis Vilniaus oro uoste po valandos nesiūlomas; vėliau – su pervežimo mokesčiu", async () => {
    const customer = (await adminListAll<Doc>(admin, "customers"))[0]!;
    const created = await admin.post<Doc>("/api/admin/reservations", {
      carId,
      customerId: customer.id,
      pickupAt: vilniusDaysFromNow(150, "10:00"),
      returnAt: returnedAt,
      pickupLocationId: vilnius,
      returnLocationId: palanga,
      status: "confirmed",
    });
    expect(created.status, created.text.slice(0, 300)).toBe(201);

    const search = async (from: string, to: string, location: string) => {
      const response = await site.get<{ data: Hit[] }>(
        `/api/site/search?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&location=${location}&limit=100`,
      );
      expect(response.status, response.text.slice(0, 300)).toBe(200);
      return response.body.data.find((hit) => hit.id === carId) ?? null;
    };
    const soon = hoursAfter(returnedAt, 1);
    const to = vilniusDaysFromNow(155, "10:00");
    expect(await search(soon, to, vilnius)).toBeNull();
    const atPalanga = await search(soon, to, palanga);
    expect(atPalanga).not.toBeNull();
    expect(atPalanga?.quote.transfer).toBeUndefined();

    const later = hoursAfter(returnedAt, leadHours + 1);
    const moved = await search(later, to, vilnius);
    expect(moved?.quote.transfer).toBe(fee);

    // The reservation form's quote has the same line and total.
    const quote = await site.post<{ available: boolean; quote: Hit["quote"] }>("/api/site/quote", {
      carId,
      pickupAt: later,
      returnAt: to,
      pickupLocationId: vilnius,
      returnLocationId: vilnius,
      extras: [],
    });
    expect(quote.status, quote.text.slice(0, 300)).toBe(200);
    expect(quote.body.available).toBe(true);
    expect(quote.body.quote).toEqual(moved?.quote);
    expect(TRANSFER_LABEL).toBe("Automobilio pervežimas į paėmimo vietą");
  });

  it("suklastota rezervacija į Vilniaus oro uostą valandą po grąžinimo Palangoje -> 409 lietuviškai, nieko neįrašyta", async () => {
    const before = (await adminListAll<Doc & { carId: string }>(admin, "reservations")).filter(
      (r) => r.carId === carId,
    ).length;
    const forged = await site.post<{ message: string }>(
      "/api/site/reservations",
      reservationBody({
        carId,
        locationId: vilnius,
        pickupAt: hoursAfter(returnedAt, 1),
        returnAt: hoursAfter(returnedAt, 25),
      }),
    );
    expect(forged.status, forged.text.slice(0, 300)).toBe(409);
    expect(forged.body.message).toMatch(/^Šio automobilio nespėsime pristatyti į pasirinktą paėmimo vietą/);
    expect(nonLithuanianMessages(forged.body)).toEqual([]);
    const after = (await adminListAll<Doc & { carId: string }>(admin, "reservations")).filter(
      (r) => r.carId === carId,
    ).length;
    expect(after).toBe(before);
  });
});

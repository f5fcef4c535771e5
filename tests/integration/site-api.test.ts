// The public API a visitor's browser uses, checked against the data staff see.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { ApiClient, listItems } from "../helpers/http";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, startServer } from "../helpers/server";

type Car = Doc & {
  slug: string;
  status: string;
  category: string;
  transmission: string;
  fuel: string;
  seats: number;
  sortOrder: number;
};

let server: RunningServer;
let site: ApiClient;
let adminCars: Car[];
let publishedIds: Set<string>;

beforeAll(async () => {
  server = await startServer({ demo: true });
  site = new ApiClient(server.url);
  const admin = await signInAdmin(server.url);
  adminCars = await adminListAll<Car>(admin, "cars");
  publishedIds = new Set(adminCars.filter((car) => car.status === "active").map((car) => car.id));
});
afterAll(async () => {
  await server?.stop();
});

async function cars(query = ""): Promise<Car[]> {
  const response = await site.get(`/api/site/cars${query}`);
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  return listItems<Car>(response.body);
}

describe("GET /api/site/cars", () => {
  it("rodo tik paskelbtus automobilius, personalo nustatyta tvarka", async () => {
    const list = await cars();
    expect(adminCars.length).toBeGreaterThanOrEqual(24);
    expect(
      adminCars.some((car) => car.status !== "active"),
      "demo duomenyse yra ir nepaskelbtų",
    ).toBe(true);
    expect(new Set(list.map((car) => car.id))).toEqual(publishedIds);
    const orders = list.map((car) => car.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    for (const car of list) {
      expect(car.id).toEqual(expect.any(String));
      expect(car).not.toHaveProperty("plateNumber");
      expect(car).not.toHaveProperty("vin");
    }
  });

  it.each([
    ["category", (car: Car) => car.category],
    ["transmission", (car: Car) => car.transmission],
    ["fuel", (car: Car) => car.fuel],
  ] as const)("filtruoja pagal %s", async (field, fieldOf) => {
    const published = adminCars.filter((car) => publishedIds.has(car.id));
    const values = [...new Set(published.map(fieldOf))];
    expect(values.length, `demo duomenyse turi būti kelios ${field} reikšmės`).toBeGreaterThan(1);
    for (const value of values) {
      const list = await cars(`?${field}=${encodeURIComponent(value)}`);
      const expected = published.filter((car) => fieldOf(car) === value).map((car) => car.id);
      expect(new Set(list.map((car) => car.id)), `${field}=${value}`).toEqual(new Set(expected));
    }
  });

  it("filtruoja pagal vietų skaičių", async () => {
    const published = adminCars.filter((car) => publishedIds.has(car.id));
    const seatCounts = [...new Set(published.map((car) => car.seats))];
    expect(seatCounts.length).toBeGreaterThan(1);
    for (const seats of seatCounts) {
      const list = await cars(`?seats=${seats}`);
      // "seats=N" may mean exactly N or at least N; both keep every car with N seats and none with fewer.
      for (const car of list) expect(car.seats, `seats=${seats}`).toBeGreaterThanOrEqual(seats);
      const ids = new Set(list.map((car) => car.id));
      for (const car of published.filter((c) => c.seats === seats)) expect(ids.has(car.id)).toBe(true);
    }
  });

  it("netinkama filtro reikšmė -> 400/422 lietuviškai, ne 500", async () => {
    for (const query of ["?seats=daug", "?category=raketa"]) {
      const response = await site.get(`/api/site/cars${query}`);
      if (response.status === 200) {
        expect(listItems(response.body), query).toEqual([]);
      } else {
        expect([400, 422], query).toContain(response.status);
        expect(nonLithuanianMessages(response.body)).toEqual([]);
      }
    }
  });
});

describe("GET /api/site/cars/:slug", () => {
  it("grąžina paskelbtą automobilį", async () => {
    const [first] = await cars();
    const response = await site.get<Car>(`/api/site/cars/${first!.slug}`);
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(first!.id);
    expect(response.body.slug).toBe(first!.slug);
  });

  it("nežinomas ar nepaskelbtas -> 404 lietuviškai", async () => {
    const hidden = adminCars.find((car) => !publishedIds.has(car.id))!;
    for (const slug of ["tokio-automobilio-nera", hidden.slug]) {
      const response = await site.get(`/api/site/cars/${slug}`);
      expect(response.status, slug).toBe(404);
      expect(nonLithuanianMessages(response.body)).toEqual([]);
    }
  });
});

describe("GET /api/site/search", () => {
  type Hit = { id?: string; car?: { id: string }; quote: Record<string, unknown> };
  const idOf = (hit: Hit) => hit.id ?? hit.car?.id;

  it("grąžina laisvus automobilius su serverio apskaičiuota kaina", async () => {
    const from = vilniusDaysFromNow(120, "10:00");
    const to = vilniusDaysFromNow(123, "10:00");
    const response = await site.get(`/api/site/search?from=${from}&to=${to}`);
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    const hits = listItems<Hit>(response.body);
    expect(hits.length).toBeGreaterThan(0);
    const total = (response.body as { total: number }).total;
    expect(hits.length).toBe(Math.min(total, 24));
    // Pages: the same order, the same total; past the end an empty page.
    const all = await site.get<{ data: Hit[]; total: number }>(`/api/site/search?from=${from}&to=${to}&limit=100`);
    expect(all.body.total).toBe(total);
    expect(all.body.data.slice(0, hits.length).map(idOf)).toEqual(hits.map(idOf));
    const page = await site.get<{ data: Hit[]; total: number }>(
      `/api/site/search?from=${from}&to=${to}&limit=5&offset=5`,
    );
    expect(page.body.data.map(idOf)).toEqual(all.body.data.slice(5, 10).map(idOf));
    const past = await site.get<{ data: Hit[]; total: number }>(
      `/api/site/search?from=${from}&to=${to}&offset=${total}`,
    );
    expect(past.body).toEqual({ data: [], total });
    for (const hit of hits) {
      expect(publishedIds.has(idOf(hit) as string), "tik paskelbti automobiliai").toBe(true);
      for (const field of ["total", "perDay", "deposit", "vat"]) {
        expect(typeof hit.quote[field], `quote.${field}`).toBe("number");
      }
      expect(hit.quote.total as number).toBeGreaterThan(0);
    }
  });

  it("neįtraukia automobilio, kuris tuo metu užimtas", async () => {
    const admin = await signInAdmin(server.url);
    const reservations = await adminListAll<
      Doc & { carId: string; pickupAt: string; returnAt: string; status: string }
    >(admin, "reservations");
    const now = Date.now();
    const taken = reservations.find(
      (r) =>
        ["new", "confirmed"].includes(r.status) &&
        publishedIds.has(r.carId) &&
        Date.parse(r.pickupAt) > now + 2 * 86_400_000,
    );
    expect(taken, "demo duomenyse yra būsimų rezervacijų").toBeDefined();
    const response = await site.get(
      `/api/site/search?from=${encodeURIComponent(taken!.pickupAt)}&to=${encodeURIComponent(taken!.returnAt)}&limit=100`,
    );
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    const ids = listItems<Hit>(response.body).map(idOf);
    expect(ids).not.toContain(taken!.carId);
  });

  it("netinkamos datos -> 400/422 lietuviškai", async () => {
    const from = vilniusDaysFromNow(30, "10:00");
    const to = vilniusDaysFromNow(29, "10:00");
    const later = vilniusDaysFromNow(31, "10:00");
    for (const query of [
      `?from=${from}&to=${to}`,
      "?from=rytoj&to=poryt",
      "",
      `?from=${to}&to=${later}&limit=0`,
      `?from=${to}&to=${later}&limit=daug`,
      `?from=${to}&to=${later}&offset=-3`,
    ]) {
      const response = await site.get(`/api/site/search${query}`);
      expect([400, 422], query).toContain(response.status);
      expect(nonLithuanianMessages(response.body), query).toEqual([]);
    }
  });
});

describe("POST /api/site/quote", () => {
  type Quote = { total: number; delivery: number; extras: number; discount: number; extrasLines: unknown[] };
  type QuoteAnswer = { available: boolean; quote: Quote | null; quoteError: string | null };
  type Refusal = { message: string; errors?: Record<string, string> };
  const UNKNOWN_ID = "3f2b8c1e-5a47-4d0e-9b6a-2c8e1f4d7a90";
  const period = { pickupAt: vilniusDaysFromNow(140, "10:00"), returnAt: vilniusDaysFromNow(144, "12:30") };
  let booked: {
    carId: string;
    pickupAt: string;
    returnAt: string;
    pickupLocationId: string;
    returnLocationId: string;
    extras: { id: string; quantity: number }[];
  };
  let samePlace: typeof booked;
  let fee: number;
  let rentalMax: number;

  beforeAll(async () => {
    const admin = await signInAdmin(server.url);
    const { locations, extras } = await publicCatalogue(site);
    const pickup = locations.find((l) => !l.deliveryFee)!;
    const delivered = locations.find((l) => Number(l.deliveryFee) > 0)!;
    fee = Number(delivered.deliveryFee);
    const perDay = extras.find((e) => e.chargedPer === "day" && Number(e.maxQuantity) >= 2)!;
    const perRental = extras.find((e) => e.chargedPer === "rental" && Number(e.maxQuantity) < 10)!;
    rentalMax = Number(perRental.maxQuantity);
    samePlace = {
      carId: await freeCarId(site, admin, [period]),
      ...period,
      pickupLocationId: pickup.id,
      returnLocationId: pickup.id,
      extras: [
        { id: perDay.id, quantity: 2 },
        { id: perRental.id, quantity: 1 },
      ],
    };
    booked = { ...samePlace, returnLocationId: delivered.id };
  });

  const quote = (body: unknown) => site.post<QuoteAnswer & Refusal>("/api/site/quote", body);

  it("kaina lygi tai, kurią išsaugo pateikta rezervacija; kita grąžinimo vieta prideda pristatymo mokestį", async () => {
    const there = await quote(booked);
    expect(there.status, there.text.slice(0, 300)).toBe(200);
    expect(there.body).toMatchObject({ available: true, quoteError: null });
    const back = await quote(samePlace);
    expect(back.status, back.text.slice(0, 300)).toBe(200);
    expect(back.body.quote!.delivery).toBe(0);
    expect(there.body.quote!.delivery).toBe(fee);
    expect(there.body.quote!.total - back.body.quote!.total).toBeCloseTo(fee, 2);
    expect(there.body.quote!.extrasLines).toHaveLength(2);

    const created = await site.post<{ id: string; quote: Quote }>(
      "/api/site/reservations",
      reservationBody({ ...booked, locationId: booked.pickupLocationId }),
    );
    expect(created.status, created.text.slice(0, 300)).toBe(201);
    expect(created.body.quote).toEqual(there.body.quote);
    const stored = await adminGet<Doc & { quote: Quote }>(
      await signInAdmin(server.url),
      "reservations",
      created.body.id,
    );
    expect(stored.quote).toEqual(there.body.quote);
    for (const field of ["total", "extras", "delivery", "discount"] as const) {
      expect(stored.quote[field], field).toBe(there.body.quote![field]);
    }

    // Now the car is taken over that period: the answer says so, and nothing about who holds it.
    const taken = await quote(samePlace);
    expect(taken.status).toBe(200);
    expect(Object.keys(taken.body).sort()).toEqual(["available", "quote", "quoteError"]);
    expect(taken.body.available).toBe(false);
    const number = String((stored as { number?: string }).number);
    expect(taken.text).not.toContain(number);
    expect(taken.text).not.toContain(created.body.id);
  });

  it("nežinomas ar nepaskelbtas automobilis, vieta ar paslauga -> 422 su lietuviškomis laukų klaidomis", async () => {
    const hidden = adminCars.find((car) => !publishedIds.has(car.id))!;
    for (const [patch, field, message] of [
      [{ carId: UNKNOWN_ID }, "carId", "Automobilis nerastas"],
      [{ carId: hidden.id }, "carId", "Automobilis nerastas"],
      [{ pickupLocationId: UNKNOWN_ID }, "pickupLocationId", "Paėmimo vieta nerasta"],
      [{ returnLocationId: UNKNOWN_ID }, "returnLocationId", "Grąžinimo vieta nerasta"],
      [{ extras: [{ id: UNKNOWN_ID, quantity: 1 }] }, "extras.0.id", "Papildoma paslauga nerasta"],
    ] as const) {
      const response = await quote({ ...samePlace, ...patch });
      expect(response.status, `${field}: ${response.text.slice(0, 300)}`).toBe(422);
      expect(response.body.errors?.[field], field).toBe(message);
      expect(nonLithuanianMessages(response.body)).toEqual([]);
    }
    const tooMany = await quote({ ...samePlace, extras: [{ id: samePlace.extras[1]!.id, quantity: rentalMax + 1 }] });
    expect(tooMany.status, tooMany.text.slice(0, 300)).toBe(422);
    expect(tooMany.body.errors?.["extras.0.quantity"]).toBe(`Ne daugiau kaip ${rentalMax}`);
  });

  it("grąžinimas prieš paėmimą, praėjęs laikas, per trumpas įspėjimas -> 422, tie patys pranešimai kaip paieškoje", async () => {
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    for (const [name, pickupAt, returnAt] of [
      ["atvirkščiai", vilniusDaysFromNow(30, "10:00"), vilniusDaysFromNow(29, "10:00")],
      ["praeityje", vilniusDaysFromNow(-3, "10:00"), vilniusDaysFromNow(2, "10:00")],
      ["per anksti", soon, vilniusDaysFromNow(3, "10:00")],
    ] as const) {
      const response = await quote({ ...samePlace, pickupAt, returnAt });
      expect(response.status, `${name}: ${response.text.slice(0, 300)}`).toBe(422);
      expect(nonLithuanianMessages(response.body), name).toEqual([]);
      const searched = await site.get<Refusal>(
        `/api/site/search?from=${encodeURIComponent(pickupAt)}&to=${encodeURIComponent(returnAt)}`,
      );
      expect(searched.status, name).toBe(422);
      const errors = response.body.errors ?? {};
      const searchErrors = searched.body.errors ?? {};
      expect({ pickupAt: errors.pickupAt, returnAt: errors.returnAt }, name).toEqual({
        pickupAt: searchErrors.from,
        returnAt: searchErrors.to,
      });
      expect(Object.values(errors).length, name).toBeGreaterThan(0);
    }
  });
});

describe("pasiūlymai, naujienos, nustatymai", () => {
  it("GET /api/site/offers", async () => {
    const response = await site.get("/api/site/offers");
    expect(response.status).toBe(200);
    const offers = listItems<Doc & { title: string; slug: string }>(response.body);
    expect(offers.length).toBeGreaterThanOrEqual(3);
    for (const offer of offers) {
      expect(offer.id).toEqual(expect.any(String));
      expect(offer.title).toEqual(expect.any(String));
    }
  });

  it("GET /api/site/news ir /api/site/news/:slug", async () => {
    const response = await site.get("/api/site/news");
    expect(response.status).toBe(200);
    const news = listItems<Doc & { slug: string; title: string; status?: string }>(response.body);
    expect(news.length).toBeGreaterThanOrEqual(5);
    for (const item of news) {
      expect(item.id).toEqual(expect.any(String));
      if (item.status !== undefined) expect(item.status).toBe("published");
    }
    const one = await site.get<Doc & { slug: string }>(`/api/site/news/${news[0]!.slug}`);
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(news[0]!.id);
    const missing = await site.get("/api/site/news/tokios-naujienos-nera");
    expect(missing.status).toBe(404);
    expect(nonLithuanianMessages(missing.body)).toEqual([]);
  });

  it("GET /api/site/settings grąžina įmonę, vietas, paslaugas ir sąlygas", async () => {
    const response = await site.get<{
      company: Record<string, unknown>;
      locations: { id: string; name: string }[];
      extras: { id: string; name: string }[];
      terms: string;
    }>("/api/site/settings");
    expect(response.status).toBe(200);
    const settings = response.body;
    expect(settings.company).toEqual(expect.objectContaining({ name: expect.any(String) }));
    expect(settings.locations.length).toBeGreaterThanOrEqual(3);
    for (const location of settings.locations)
      expect(location).toEqual(expect.objectContaining({ id: expect.any(String), name: expect.any(String) }));
    const names = settings.locations.map((l) => l.name).join(" | ");
    expect(names).toMatch(/oro uost/i);
    expect(names).toMatch(/Kaun/);
    expect(settings.extras.length).toBeGreaterThan(0);
    for (const extra of settings.extras)
      expect(extra).toEqual(expect.objectContaining({ id: expect.any(String), name: expect.any(String) }));
    expect(typeof settings.terms).toBe("string");
    expect(settings.terms.length).toBeGreaterThan(0);
    // staff-only settings never leak
    expect(settings).not.toHaveProperty("contractTemplate");
    expect(settings).not.toHaveProperty("emailTemplates");
  });
});

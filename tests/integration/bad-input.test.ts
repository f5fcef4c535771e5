// A table of bad inputs: each gets 400 or 422 with Lithuanian messages, never a
// 500, and the database is the same afterwards.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminListAll,
  adminTotal,
  type Doc,
  freeCarId,
  inquiryBody,
  publicCatalogue,
  reservationBody,
  signInAdmin,
  vilniusDaysFromNow,
} from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, startServer } from "../helpers/server";

const UNKNOWN_ID = "3f2b8c1e-5a47-4d0e-9b6a-2c8e1f4d7a90";
const TEN_KB = "ą".repeat(10 * 1024);
const COUNTED = ["reservations", "customers", "requests", "mail", "cars", "locations", "extras", "news", "offers"];

let server: RunningServer;
let site: ApiClient;
let admin: ApiClient;
let validReservation: Record<string, unknown>;
let customer: Record<string, unknown>;
let carId: string;
let controlReservation: Record<string, unknown>;

beforeAll(async () => {
  server = await startServer({ demo: true });
  site = new ApiClient(server.url);
  admin = await signInAdmin(server.url);
  const { locations } = await publicCatalogue(site);
  // a car free over both periods, so only the defect in each case can fail the request
  const period = { pickupAt: vilniusDaysFromNow(20, "10:00"), returnAt: vilniusDaysFromNow(23, "10:00") };
  const control = { pickupAt: vilniusDaysFromNow(26, "10:00"), returnAt: vilniusDaysFromNow(28, "10:00") };
  carId = await freeCarId(site, admin, [period, control]);
  validReservation = reservationBody({ carId, locationId: locations[0]!.id, ...period });
  controlReservation = reservationBody({ carId, locationId: locations[0]!.id, ...control });
  customer = validReservation.customer as Record<string, unknown>;
});
afterAll(async () => {
  await server?.stop();
});

async function snapshot(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const resource of COUNTED) counts[resource] = await adminTotal(admin, resource);
  return counts;
}

type Case = [name: string, body: string | undefined, contentType?: string];
const json = (value: unknown): string => JSON.stringify(value);

function reservationCases(): Case[] {
  const v = validReservation;
  return [
    ["netaisyklingas JSON", '{"carId": "abc", '],
    ["tuščias kūnas", undefined],
    ["tuščia eilutė", ""],
    ["masyvas vietoj objekto", json([v])],
    ["null", "null"],
    ["ne JSON turinio tipas", json(v), "text/plain"],
    ["formos turinio tipas", "carId=1&acceptTerms=true", "application/x-www-form-urlencoded"],
    ["carId skaičius", json({ ...v, carId: 123 })],
    ["datos skaičiai", json({ ...v, pickupAt: 5, returnAt: 6 })],
    ["extras eilutė", json({ ...v, extras: "visos" })],
    ["customer eilutė", json({ ...v, customer: "Jonas" })],
    ["acceptTerms eilutė", json({ ...v, acceptTerms: "taip" })],
    ["10 kB vardas", json({ ...v, customer: { ...customer, firstName: TEN_KB } })],
    ["10 kB komentaras", json({ ...v, comment: TEN_KB })],
    ["10 kB carId", json({ ...v, carId: TEN_KB })],
    ["nežinomas kliento laukas", json({ ...v, customer: { ...customer, isAdmin: true } })],
    ["nežinomas paslaugos laukas", json({ ...v, extras: [{ id: UNKNOWN_ID, quantity: 1, price: 0 }] })],
    ["datos atvirkščiai", json({ ...v, pickupAt: v.returnAt, returnAt: v.pickupAt })],
    ["vienodos datos", json({ ...v, returnAt: v.pickupAt })],
    ["neegzistuojanti data", json({ ...v, pickupAt: "2026-02-30T10:00:00Z" })],
    ["data be laiko juostos", json({ ...v, pickupAt: "2027-01-10T10:00:00" })],
    ["praeities data", json({ ...v, pickupAt: "2020-01-10T10:00:00Z", returnAt: "2020-01-12T10:00:00Z" })],
    [
      "per toli ateityje",
      json({ ...v, pickupAt: vilniusDaysFromNow(2000, "10:00"), returnAt: vilniusDaysFromNow(2003, "10:00") }),
    ],
    ["nežinomas automobilis", json({ ...v, carId: UNKNOWN_ID })],
    ["netinkamas automobilio id", json({ ...v, carId: "../../etc/passwd" })],
    ["nežinoma vieta", json({ ...v, pickupLocationId: UNKNOWN_ID })],
    ["nežinoma paslauga", json({ ...v, extras: [{ id: UNKNOWN_ID, quantity: 1 }] })],
    ["per didelis paslaugos kiekis", json({ ...v, extras: [{ id: UNKNOWN_ID, quantity: 99 }] })],
    ["blogas telefonas", json({ ...v, customer: { ...customer, phone: "+370 6x1 23" } })],
    ["per trumpas telefonas", json({ ...v, customer: { ...customer, phone: "+370 6" } })],
    ["blogas el. paštas", json({ ...v, customer: { ...customer, email: "jonas(at)pastas" } })],
    ["nėra acceptTerms", json({ ...v, acceptTerms: undefined })],
    ["acceptTerms false", json({ ...v, acceptTerms: false })],
    ["nėra kliento", json({ ...v, customer: undefined })],
    ["gimimo data ne data", json({ ...v, customer: { ...customer, birthDate: "vakar" } })],
    ["prototipo tarša", '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}'],
    ["labai gilus JSON", `${"[".repeat(5000)}${"]".repeat(5000)}`],
  ];
}

/** The live quote's body: the reservation's booked items only (car, period, places, extras). */
function quoteCases(): Case[] {
  const { customer: _customer, comment: _comment, acceptTerms: _acceptTerms, ...v } = validReservation;
  return [
    ["netaisyklingas JSON", '{"carId": "abc", '],
    ["tuščias kūnas", undefined],
    ["tuščia eilutė", ""],
    ["masyvas vietoj objekto", json([v])],
    ["null", "null"],
    ["ne JSON turinio tipas", json(v), "text/plain"],
    ["formos turinio tipas", "carId=1", "application/x-www-form-urlencoded"],
    ["nežinomas laukas", json({ ...v, isAdmin: true })],
    ["kliento duomenys", json({ ...v, customer })],
    ["kliento kaina", json({ ...v, quote: { total: 1 } })],
    ["nežinomas paslaugos laukas", json({ ...v, extras: [{ id: UNKNOWN_ID, quantity: 1, price: 0 }] })],
    ["carId skaičius", json({ ...v, carId: 123 })],
    ["datos skaičiai", json({ ...v, pickupAt: 5, returnAt: 6 })],
    ["extras eilutė", json({ ...v, extras: "visos" })],
    ["10 kB carId", json({ ...v, carId: TEN_KB })],
    ["datos atvirkščiai", json({ ...v, pickupAt: v.returnAt, returnAt: v.pickupAt })],
    ["vienodos datos", json({ ...v, returnAt: v.pickupAt })],
    ["neegzistuojanti data", json({ ...v, pickupAt: "2026-02-30T10:00:00Z" })],
    ["praeities data", json({ ...v, pickupAt: "2020-01-10T10:00:00Z", returnAt: "2020-01-12T10:00:00Z" })],
    [
      "per toli ateityje",
      json({ ...v, pickupAt: vilniusDaysFromNow(2000, "10:00"), returnAt: vilniusDaysFromNow(2003, "10:00") }),
    ],
    ["nežinomas automobilis", json({ ...v, carId: UNKNOWN_ID })],
    ["nežinoma vieta", json({ ...v, returnLocationId: UNKNOWN_ID })],
    ["nežinoma paslauga", json({ ...v, extras: [{ id: UNKNOWN_ID, quantity: 1 }] })],
    ["per didelis paslaugos kiekis", json({ ...v, extras: [{ id: UNKNOWN_ID, quantity: 99 }] })],
    ["prototipo tarša", '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}'],
    ["labai gilus JSON", `${"[".repeat(5000)}${"]".repeat(5000)}`],
  ];
}

function requestCases(): Case[] {
  const v = inquiryBody();
  const business = inquiryBody({
    type: "business",
    company: { name: "UAB Pavyzdys", code: "123456789", vatCode: "LT123456715" },
  });
  return [
    ["netaisyklingas JSON", "{type: contact}"],
    ["tuščias kūnas", undefined],
    ["masyvas", json([v])],
    ["ne JSON turinio tipas", json(v), "text/plain"],
    ["tipas skaičius", json({ ...v, type: 5 })],
    ["nežinomas tipas", json({ ...v, type: "reservation" })],
    ["žinutė skaičius", json({ ...v, message: 42 })],
    ["10 kB vardas", json({ ...v, name: TEN_KB })],
    ["10 kB žinutė", json({ ...v, message: TEN_KB })],
    ["nežinomas įmonės laukas", json({ ...business, company: { ...(business.company as object), iban: "LT00" } })],
    ["verslo užklausa be įmonės", json({ ...business, company: undefined })],
    ["blogas įmonės kodas", json({ ...business, company: { name: "UAB Pavyzdys", code: "12" } })],
    ["blogas el. paštas", json({ ...v, email: "ne-pastas" })],
    ["blogas telefonas", json({ ...v, phone: "skambinkite vakare" })],
    ["nežinomas automobilis", json({ ...v, type: "long-term", carId: UNKNOWN_ID })],
    ["tuščia žinutė", json({ ...v, message: "   " })],
  ];
}

async function expectRejected(path: string, cases: Case[]): Promise<void> {
  const failures: string[] = [];
  for (const [name, body, contentType] of cases) {
    const headers: Record<string, string> =
      body === undefined && contentType === undefined ? {} : { "content-type": contentType ?? "application/json" };
    const response = await site.request("POST", path, { body, headers });
    // 415 is the precise answer to a wrong content type; every other defect is 400 or 422
    const allowed = contentType && contentType !== "application/json" ? [400, 415, 422] : [400, 422];
    if (!allowed.includes(response.status)) {
      failures.push(`${name}: ${response.status} ${response.text.slice(0, 200)}`);
      continue;
    }
    const wrong = nonLithuanianMessages(response.body);
    if (wrong.length > 0) failures.push(`${name}: ne lietuviškai: ${wrong.join("; ").slice(0, 300)}`);
  }
  expect(failures).toEqual([]);
}

describe("blogi duomenys", () => {
  it("kontrolė: teisingi pagrindai priimami (blogi atvejai skiriasi tik vienu defektu)", async () => {
    const inquiry = await site.post("/api/site/requests", inquiryBody());
    expect(inquiry.status, inquiry.text).toBe(201);
    const reservation = await site.post("/api/site/reservations", controlReservation);
    expect(reservation.status, reservation.text).toBe(201);
    const { customer: _customer, comment: _comment, acceptTerms: _acceptTerms, ...booked } = validReservation;
    const quote = await site.post("/api/site/quote", booked);
    expect(quote.status, quote.text).toBe(200);
  });

  it("POST /api/site/reservations: kiekvienas blogas atvejis -> 400/422 lietuviškai; DB nepakito", async () => {
    const before = await snapshot();
    await expectRejected("/api/site/reservations", reservationCases());
    expect(await snapshot()).toEqual(before);
  });

  it("POST /api/site/quote: kiekvienas blogas atvejis -> 400/415/422 lietuviškai; DB nepakito", async () => {
    const before = await snapshot();
    await expectRejected("/api/site/quote", quoteCases());
    expect(await snapshot()).toEqual(before);
  });

  it("POST /api/site/requests: kiekvienas blogas atvejis -> 400/422 lietuviškai; DB nepakito", async () => {
    const before = await snapshot();
    await expectRejected("/api/site/requests", requestCases());
    expect(await snapshot()).toEqual(before);
  });

  it("POST /api/client-errors: blogi duomenys -> 400/422", async () => {
    const failures: string[] = [];
    for (const [name, body] of [
      ["netaisyklingas JSON", "{"],
      ["10 kB+ pranešimas", json({ message: "x".repeat(20_000), kind: "error", url: "/" })],
      ["nežinoma rūšis", json({ message: "klaida", kind: "kosminė", url: "/" })],
    ] as const) {
      const response = await site.request("POST", "/api/client-errors", {
        body,
        headers: { "content-type": "application/json" },
      });
      if (response.status !== 400 && response.status !== 422) failures.push(`${name}: ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("administravimo API: blogi duomenys -> 400/422 lietuviškai; DB nepakito", async () => {
    const before = await snapshot();
    const cars = await adminListAll<Doc>(admin, "cars");
    const target = cars[0]!;
    const cases: [string, string, string, string | undefined][] = [
      ["netaisyklingas JSON", "POST", "/api/admin/cars", '{"make": '],
      ["masyvas", "POST", "/api/admin/locations", json([{ name: "A" }])],
      ["neteisingi tipai", "PUT", `/api/admin/cars/${target.id}`, json({ ...target, year: "2020", seats: null })],
      [
        "10 kB pavadinimas",
        "POST",
        "/api/admin/locations",
        json({ name: TEN_KB, address: "Gatvė 1", city: "Vilnius" }),
      ],
      [
        "nežinomas laukas",
        "POST",
        "/api/admin/locations",
        json({ name: "A", address: "Gatvė 1", city: "Vilnius", slaptas: 1 }),
      ],
      [
        "datos atvirkščiai",
        "POST",
        "/api/admin/reservations",
        json({
          carId,
          customerId: UNKNOWN_ID,
          pickupAt: vilniusDaysFromNow(30, "10:00"),
          returnAt: vilniusDaysFromNow(29, "10:00"),
          pickupLocationId: UNKNOWN_ID,
          returnLocationId: UNKNOWN_ID,
        }),
      ],
      [
        "nežinomas automobilis",
        "POST",
        "/api/admin/reservations",
        json({
          carId: UNKNOWN_ID,
          customerId: UNKNOWN_ID,
          pickupAt: vilniusDaysFromNow(30, "10:00"),
          returnAt: vilniusDaysFromNow(31, "10:00"),
          pickupLocationId: UNKNOWN_ID,
          returnLocationId: UNKNOWN_ID,
        }),
      ],
      ["nežinomas resursas", "POST", "/api/admin/slaptazodziai", json({ a: 1 })],
    ];
    const failures: string[] = [];
    for (const [name, method, path, body] of cases) {
      const response = await admin.request(method, path, { body, headers: { "content-type": "application/json" } });
      const allowed = name === "nežinomas resursas" ? [400, 404] : [400, 422];
      if (!allowed.includes(response.status))
        failures.push(`${name}: ${method} ${path} -> ${response.status} ${response.text.slice(0, 200)}`);
      else if (nonLithuanianMessages(response.body).length > 0)
        failures.push(`${name}: ${response.text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(await adminListAll<Doc>(admin, "cars")).toEqual(cars);
  });

  it("per didelis kūnas -> 413 arba 400, ne 500", async () => {
    const body = json({ ...validReservation, comment: "a".repeat(2 * 1024 * 1024) });
    const response = await site.request("POST", "/api/site/reservations", {
      body,
      headers: { "content-type": "application/json" },
    });
    expect([400, 413, 422]).toContain(response.status);
    const quote = await site.request("POST", "/api/site/quote", {
      body: json({ carId: "a".repeat(2 * 1024 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expect([400, 413, 422]).toContain(quote.status);
    expect(nonLithuanianMessages(quote.body)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  ADMIN_RESOURCES,
  bookingRulesSchema,
  carSchema,
  customerSchema,
  extraSchema,
  offerSchema,
  priceSchema,
  requestInputSchema,
  reservationInputSchema,
  reservationSchema,
  searchQuerySchema,
} from "../../../src/domain/schemas";
import { CAR_FIELDS } from "./fixtures";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** field path -> first message */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_";
    errors[key] ??= issue.message;
  }
  return errors;
}

const LITHUANIAN = /[ąčęėįšųūž]|Laukas|Turi|Neteising|Įveskite|Būtina|Ne daugiau|Nurodykite/i;

const goodReservation = {
  carId: uuid(1),
  pickupAt: "2026-11-22T08:00:00.000Z",
  returnAt: "2026-11-25T08:00:00.000Z",
  pickupLocationId: uuid(2),
  returnLocationId: "AbCdEfGhIjKlMnOpQrSt",
  extras: [{ id: uuid(3), quantity: 2 }],
  customer: {
    firstName: "Jonas",
    lastName: "Jonaitis",
    email: "jonas@example.lt",
    phone: "8 612 34567",
    birthDate: "1990-05-17",
    licenceNumber: "LT1234567",
  },
  comment: "Atvyksiu vėliau",
  acceptTerms: true,
};

describe("reservationInputSchema", () => {
  it("priima tinkamą rezervaciją, telefoną suveda į E.164, kliento kainą pašalina", () => {
    const parsed = reservationInputSchema.parse({ ...goodReservation, total: 1, quote: { total: 1 } });
    expect(parsed.customer.phone).toBe("+37061234567");
    expect(parsed).not.toHaveProperty("total");
    expect(parsed).not.toHaveProperty("quote");
  });

  it("laukų klaidas pateikia lietuviškai", () => {
    const errors = errorsOf(reservationInputSchema, {
      ...goodReservation,
      carId: "1",
      pickupAt: "2026-11-22 10:00",
      customer: { ...goodReservation.customer, firstName: " ", email: "ne-el-pastas", phone: "+370 612 345a7" },
      acceptTerms: false,
    });
    expect(errors).toMatchObject({
      carId: "Neteisingas identifikatorius",
      pickupAt: "Neteisinga data ir laikas",
      "customer.firstName": "Įveskite vardą",
      "customer.email": "Neteisingas el. pašto adresas",
      "customer.phone": "Neteisingas telefono numeris",
      acceptTerms: "Būtina sutikti su nuomos sąlygomis",
    });
  });

  it("atmeta sukeistas ir neįmanomas datas bei trūkstamus laukus", () => {
    expect(errorsOf(reservationInputSchema, { ...goodReservation, returnAt: goodReservation.pickupAt })).toEqual({
      returnAt: "Grąžinimo laikas turi būti vėlesnis nei paėmimo",
    });
    expect(
      errorsOf(reservationInputSchema, {
        ...goodReservation,
        customer: { ...goodReservation.customer, birthDate: "1990-02-30" },
      }),
    ).toEqual({ "customer.birthDate": "Tokios datos nėra" });
    const missing = errorsOf(reservationInputSchema, {});
    expect(Object.keys(missing)).toEqual(
      expect.arrayContaining(["carId", "pickupAt", "returnAt", "customer", "acceptTerms"]),
    );
    for (const message of Object.values(missing)) expect(message).toMatch(LITHUANIAN);
  });

  it("riboja papildomų paslaugų kiekį ir komentaro ilgį", () => {
    expect(
      errorsOf(reservationInputSchema, { ...goodReservation, extras: [{ id: uuid(3), quantity: 11 }] }),
    ).toHaveProperty("extras.0.quantity");
    expect(errorsOf(reservationInputSchema, { ...goodReservation, comment: "a".repeat(10_000) })).toEqual({
      comment: "Ne daugiau kaip 2\u00a0000 simbolių",
    });
  });
});

describe("requestInputSchema", () => {
  const good = {
    type: "contact",
    name: "Ona",
    email: "ona@example.lt",
    message: "Ar galima nuomotis be kreditinės kortelės?",
  };

  it("priima užklausą su neprivalomu telefonu E.164 formatu", () => {
    expect(requestInputSchema.parse(good)).toMatchObject(good);
    expect(requestInputSchema.parse({ ...good, phone: "+370 612 34567" }).phone).toBe("+37061234567");
  });

  it("verslo užklausai reikalauja įmonės duomenų", () => {
    expect(errorsOf(requestInputSchema, { ...good, type: "business" })).toEqual({
      company: "Nurodykite įmonės duomenis",
    });
    expect(
      requestInputSchema.safeParse({
        ...good,
        type: "business",
        company: { name: "UAB Ratai", code: "304567890", vatCode: "lt100012345613" },
      }).success,
    ).toBe(true);
    expect(
      errorsOf(requestInputSchema, { ...good, type: "business", company: { name: "UAB Ratai", code: "12" } }),
    ).toEqual({
      "company.code": "Įmonės kodas turi būti 7–9 skaitmenys",
    });
  });

  it("apie blogas reikšmes praneša lietuviškai", () => {
    expect(errorsOf(requestInputSchema, { ...good, type: "spam", message: "", phone: "123" })).toEqual({
      type: "Neteisingas užklausos tipas",
      message: "Įveskite žinutę",
      phone: "Neteisingas telefono numeris",
    });
    expect(errorsOf(requestInputSchema, { ...good, name: 42 })).toEqual({ name: "Turi būti tekstas" });
    expect(errorsOf(requestInputSchema, { ...good, phone: "+370 6 1 2 3 4 5 6 7 - - - 1" })).toEqual({
      phone: "Ne daugiau kaip 25 simboliai",
    });
  });
});

describe("esybių schemos", () => {
  const car = CAR_FIELDS;

  it("užpildo numatytąsias automobilio reikšmes, blogus automobilius atmeta lietuviškai", () => {
    expect(carSchema.parse(car)).toMatchObject({
      status: "active",
      features: [],
      images: [],
      mileageLimitPerDay: null,
    });
    expect(
      errorsOf(carSchema, { ...car, category: "sportinis", fuel: "dujos", slug: "Toyota Corolla", deposit: 10.555 }),
    ).toEqual({
      category: "Neteisinga klasė",
      fuel: "Neteisingas degalų tipas",
      slug: "Tik mažosios raidės be diakritikų, skaičiai ir brūkšneliai",
      deposit: "Suma gali turėti ne daugiau kaip 2 skaitmenis po kablelio",
    });
    const unknown = errorsOf(carSchema, { ...car, price: 10 });
    expect(Object.values(unknown)[0]).toMatch(LITHUANIAN);
    expect(errorsOf(carSchema, { ...car, deposit: -1 })).toEqual({ deposit: "Suma negali būti neigiama" });
  });

  it("tikrina kainų taisykles: vienas savininkas, pakopos be tarpų", () => {
    const tiers = [
      { fromDays: 1, toDays: 3, dailyRate: 40 },
      { fromDays: 4, toDays: null, dailyRate: 35 },
    ];
    expect(priceSchema.parse({ carId: uuid(1), tiers })).toMatchObject({ category: null, season: null });
    expect(errorsOf(priceSchema, { carId: uuid(1), category: "verslo", tiers })).toEqual({
      carId: "Nurodykite automobilį arba klasę (tik vieną)",
    });
    expect(
      errorsOf(priceSchema, {
        category: "verslo",
        tiers: [
          { fromDays: 1, toDays: 3, dailyRate: 40 },
          { fromDays: 5, toDays: null, dailyRate: 35 },
        ],
      }),
    ).toEqual({ tiers: "Pakopos turi prasidėti nuo 1 paros ir eiti be tarpų" });
    expect(errorsOf(priceSchema, { category: "verslo", tiers: [] })).toEqual({
      tiers: "Reikia bent vienos kainos pakopos",
    });
    expect(
      errorsOf(priceSchema, { category: "verslo", season: { from: "2026-08-31", to: "2026-06-01" }, tiers }),
    ).toEqual({ "season.to": "Sezono pabaiga turi būti ne ankstesnė nei pradžia" });
    expect(
      errorsOf(priceSchema, { category: "verslo", season: { from: "2027-02-29", to: "2027-03-31" }, tiers }),
    ).toEqual({
      "season.from": "Tokios datos nėra",
    });
    expect(
      priceSchema.safeParse({ category: "verslo", season: { from: "2028-02-29", to: "2028-03-31" }, tiers }).success,
    ).toBe(true);
  });

  it("tikrina akcijas, papildomas paslaugas, klientus ir rezervacijas", () => {
    expect(
      errorsOf(offerSchema, {
        title: "Ruduo",
        slug: "ruduo",
        validFrom: "2026-10-01",
        validTo: "2026-09-01",
        discount: { type: "percent", value: 95 },
      }),
    ).toEqual({ validTo: "Pabaiga turi būti ne ankstesnė nei pradžia", "discount.value": "Ne daugiau kaip 90 %" });
    expect(errorsOf(extraSchema, { name: "GPS", price: 5, chargedPer: "week" })).toEqual({
      chargedPer: "Pasirinkite: parai arba nuomai",
    });
    expect(
      errorsOf(customerSchema, {
        firstName: "Jonas",
        lastName: "Jonaitis",
        email: "jonas@example.lt",
        phone: "861234567",
      }),
    ).toEqual({ phone: "Neteisingas telefono numeris" });
    expect(
      customerSchema.safeParse({
        firstName: "Jonas",
        lastName: "Jonaitis",
        email: "jonas@example.lt",
        phone: "+37061234567",
      }).success,
    ).toBe(true);
    expect(
      errorsOf(reservationSchema, {
        carId: uuid(1),
        customerId: uuid(2),
        pickupAt: "2026-11-22T08:00:00Z",
        returnAt: "2026-11-22T08:00:00Z",
        pickupLocationId: uuid(3),
        returnLocationId: uuid(3),
        status: "archived",
      }),
    ).toEqual({ status: "Neteisinga rezervacijos būsena" });
  });

  it("tikrina paieškos užklausas ir rezervavimo taisykles", () => {
    expect(errorsOf(searchQuerySchema, { from: "2026-11-25T08:00:00Z", to: "2026-11-22T08:00:00Z" })).toEqual({
      to: "Grąžinimo laikas turi būti vėlesnis nei paėmimo",
    });
    expect(bookingRulesSchema.parse({})).toEqual({
      leadTimeHours: 2,
      minDays: 1,
      maxDays: 90,
      maxAdvanceDays: 365,
      graceMinutes: 60,
      vatRate: 0.21,
      openingHour: 8,
      closingHour: 20,
      turnaroundMinutes: 0,
    });
  });

  it("kiekvienam administravimo resursui priskiria schemą", () => {
    expect(Object.keys(ADMIN_RESOURCES).sort()).toEqual(
      [
        "cars",
        "customers",
        "damages",
        "extras",
        "fleet",
        "locations",
        "mail",
        "news",
        "offers",
        "prices",
        "requests",
        "reservations",
        "settings",
        "staff",
      ].sort(),
    );
  });
});

// The public reservation form's live quote (src/domain/siteQuote.ts), decided the same way by
// the local server (POST /api/site/quote) and Cloud Functions (quoteReservation): the input
// read with the reservation's own field rules, the period with the booking rules, and the
// price from the code that prices the reservation on submit.
import { describe, expect, it } from "vitest";
import { BODY_NOT_OBJECT_MESSAGE, InputError, UNKNOWN_FIELD_MESSAGE } from "../../../src/domain/input";
import { QUOTE_ERRORS } from "../../../src/domain/pricing";
import { assertBookablePeriod, matchRefs, priceRefs } from "../../../src/domain/reservationInput";
import {
  type BookingRules,
  extraSchema,
  locationSchema,
  offerSchema,
  type Price,
  priceSchema,
  type Settings,
} from "../../../src/domain/schemas";
import { readSiteQuote, SITE_QUOTE_INPUT_KEYS, siteQuoteAnswer } from "../../../src/domain/siteQuote";
import { vilniusLocalToInstant } from "../../../src/domain/time";
import { testCar, fieldErrorsOf as thrownErrors, uuid, type WithId } from "./fixtures";

const car = testCar(1);
const prices: WithId<Price>[] = [
  {
    ...priceSchema.parse({
      carId: car.id,
      tiers: [
        { fromDays: 1, toDays: 3, dailyRate: 42 },
        { fromDays: 4, toDays: 7, dailyRate: 37.5 },
        { fromDays: 8, toDays: null, dailyRate: 31 },
      ],
    }),
    id: uuid(30),
  },
  {
    ...priceSchema.parse({
      carId: car.id,
      season: { from: "2026-12-20", to: "2027-01-05" },
      tiers: [{ fromDays: 1, toDays: null, dailyRate: 55.55 }],
    }),
    id: uuid(31),
  },
];
const offers = [
  {
    ...offerSchema.parse({
      title: "Žiema",
      slug: "ziema",
      validFrom: "2026-12-01",
      validTo: "2026-12-31",
      discount: { type: "percent", value: 12 },
      carIds: [car.id],
    }),
    id: uuid(40),
  },
];
const seat = {
  ...extraSchema.parse({ name: "Vaikiška kėdutė", price: 3, chargedPer: "day", maxPrice: 30, maxQuantity: 3 }),
  id: uuid(21),
};
const driver = {
  ...extraSchema.parse({ name: "Papildomas vairuotojas", price: 10, chargedPer: "rental", maxQuantity: 2 }),
  id: uuid(22),
};
const airport = {
  ...locationSchema.parse({ name: "Oro uostas", address: "Rodūnios kl. 10A", city: "Vilnius" }),
  id: uuid(11),
};
const kaunas = {
  ...locationSchema.parse({ name: "Kaunas", address: "Laisvės al. 53", city: "Kaunas", deliveryFee: 25 }),
  id: uuid(12),
};
const settings = { bookingRules: { graceMinutes: 60, vatRate: 0.21 } } as unknown as Settings; // only the rules are read
const catalogue = { prices, offers, settings };
const loaded = { car, locations: [airport, kaunas], extras: [seat, driver] };

const RULES = {
  leadTimeHours: 2,
  minDays: 1,
  maxDays: 90,
  maxAdvanceDays: 365,
  graceMinutes: 60,
} as BookingRules;
const NOW = new Date("2026-11-20T08:00:00.000Z");

const body = (patch: Record<string, unknown> = {}) => ({
  carId: car.id,
  pickupAt: "2026-12-01T08:00:00Z",
  returnAt: "2026-12-03T08:00:00Z",
  pickupLocationId: airport.id,
  returnLocationId: airport.id,
  ...patch,
});

describe("readSiteQuote", () => {
  it("skaito tik užsakomus rezervacijos laukus; laikotarpį pateikia ISO momentais", () => {
    expect(SITE_QUOTE_INPUT_KEYS).toEqual([
      "carId",
      "pickupAt",
      "returnAt",
      "pickupLocationId",
      "returnLocationId",
      "extras",
      // the facts the fees by rule depend on (issue 27): travel abroad and the driver's birth date
      "travelAbroad",
      "birthDate",
    ]);
    const read = readSiteQuote(body({ pickupAt: "2026-12-01T10:00:00+02:00" }));
    expect(read.input.extras).toEqual([]);
    expect(read.period).toEqual({ pickupAt: "2026-12-01T08:00:00.000Z", returnAt: "2026-12-03T08:00:00.000Z" });
  });

  it("nežinomi laukai, kainos ir kliento duomenys – lauko klaidos, ne tylus praleidimas", () => {
    expect(thrownErrors(() => readSiteQuote(body({ quote: { total: 1 }, customer: {} })))).toEqual({
      quote: UNKNOWN_FIELD_MESSAGE,
      customer: UNKNOWN_FIELD_MESSAGE,
    });
    expect(thrownErrors(() => readSiteQuote(body({ extras: [{ id: seat.id, quantity: 1, price: 0 }] })))).toEqual({
      "extras.0.price": UNKNOWN_FIELD_MESSAGE,
    });
  });

  it("taiko rezervacijos laukų taisykles lietuviškai", () => {
    const errors = thrownErrors(() =>
      readSiteQuote(body({ carId: "../../etc", pickupAt: "rytoj", extras: [{ id: seat.id, quantity: 99 }] })),
    );
    // An unreadable pickup also fails the "return after pickup" rule, as in the reservation body.
    expect(Object.keys(errors ?? {}).sort()).toEqual(["carId", "extras.0.quantity", "pickupAt", "returnAt"]);
    expect(thrownErrors(() => readSiteQuote(body({ returnAt: "2026-12-01T08:00:00Z" })))).toEqual({
      returnAt: "Grąžinimo laikas turi būti vėlesnis nei paėmimo",
    });
  });

  it("ne objektas – netinkamas kūnas (400), ne lauko klaida", () => {
    for (const bad of [null, [], "tekstas", 5]) {
      let thrown: unknown;
      try {
        readSiteQuote(bad);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(InputError);
      expect((thrown as InputError).errors).toBeNull();
      expect((thrown as InputError).message).toBe(BODY_NOT_OBJECT_MESSAGE);
    }
  });
});

describe("assertBookablePeriod", () => {
  it("tie patys pranešimai kaip paieškoje ir pateikiant rezervaciją", () => {
    const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();
    expect(() => assertBookablePeriod({ pickupAt: at(24), returnAt: at(72) }, RULES, NOW)).not.toThrow();
    expect(thrownErrors(() => assertBookablePeriod({ pickupAt: at(-1), returnAt: at(48) }, RULES, NOW))).toEqual({
      pickupAt: "Paėmimo laikas jau praėjo",
    });
    expect(thrownErrors(() => assertBookablePeriod({ pickupAt: at(1), returnAt: at(48) }, RULES, NOW))).toEqual({
      pickupAt: "Rezervuoti galima ne vėliau kaip prieš 2 valandas",
    });
    expect(
      thrownErrors(() => assertBookablePeriod({ pickupAt: at(24), returnAt: at(24 + 91 * 24) }, RULES, NOW)),
    ).toEqual({ returnAt: "Ilgiausia nuomos trukmė – 90 parų" });
  });
});

describe("siteQuoteAnswer", () => {
  it.each([
    [
      "per sezoną, su akcija, kėdutėmis ir kitu grąžinimo miestu",
      "2026-12-18",
      "2026-12-29",
      kaunas.id,
      [[seat.id, 2]],
    ],
    ["trumpa nuoma be priedų, ta pati vieta", "2026-11-23", "2026-11-25", airport.id, []],
    [
      "savaitė su vairuotoju ir kėdute (kaina neviršija ribos)",
      "2027-02-01",
      "2027-02-08",
      airport.id,
      [
        [seat.id, 1],
        [driver.id, 2],
      ],
    ],
  ] as const)("%s: lygi kainai, kurią išsaugo pateikta rezervacija", (_name, from, to, returnId, chosen) => {
    const input = readSiteQuote(
      body({
        pickupAt: vilniusLocalToInstant(from, "10:00").toISOString(),
        returnAt: vilniusLocalToInstant(to, "12:30").toISOString(),
        returnLocationId: returnId,
        extras: chosen.map(([id, quantity]) => ({ id, quantity })),
      }),
    );
    const refs = matchRefs(input.input, loaded, { publicOnly: true });
    const answer = siteQuoteAnswer(refs, input.period, catalogue, true);
    expect(answer).toEqual({ available: true, quote: priceRefs(refs, input.period, catalogue), quoteError: null });
    if (returnId === kaunas.id) expect(answer.quote?.delivery).toBe(25);
  });

  it("užimtas automobilis: tik „ne“, be kitų rezervacijų duomenų", () => {
    const { input, period } = readSiteQuote(body());
    const answer = siteQuoteAnswer(matchRefs(input, loaded, { publicOnly: true }), period, catalogue, false);
    expect(Object.keys(answer).sort()).toEqual(["available", "quote", "quoteError"]);
    expect(answer.available).toBe(false);
  });

  it("automobilis be kainos: kainos nėra, priežastis lietuviškai", () => {
    const { input, period } = readSiteQuote(body());
    const refs = matchRefs(input, loaded, { publicOnly: true });
    expect(siteQuoteAnswer(refs, period, { ...catalogue, prices: [] }, true)).toEqual({
      available: true,
      quote: null,
      quoteError: QUOTE_ERRORS.noPrice,
    });
  });
});

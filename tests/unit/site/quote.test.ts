// The reservation form's live price: the server's search quote (car, period, pickup place)
// completed with extras and the return place must equal the quote the server computes for
// the whole reservation, including seasons, tiers, offers and capped per-day extras.
import { describe, expect, it } from "vitest";
import type { PublicSettings } from "../../../src/backend/port";
import { calculateQuote } from "../../../src/domain/pricing";
import { extraSchema, locationSchema, offerSchema, priceSchema } from "../../../src/domain/schemas";
import { vilniusLocalToInstant } from "../../../src/domain/time";
import { previewQuote } from "../../../src/site/reservation/quote";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const CAR = { id: uuid(1), category: "kompaktinė", deposit: 250 };
const RULES = { graceMinutes: 60, vatRate: 0.21 };

const prices = [
  {
    ...priceSchema.parse({
      carId: CAR.id,
      tiers: [
        { fromDays: 1, toDays: 3, dailyRate: 42 },
        { fromDays: 4, toDays: 7, dailyRate: 37.5 },
        { fromDays: 8, toDays: null, dailyRate: 31 },
      ],
    }),
    id: uuid(10),
  },
  {
    ...priceSchema.parse({
      carId: CAR.id,
      season: { from: "2026-12-20", to: "2027-01-05" },
      tiers: [{ fromDays: 1, toDays: null, dailyRate: 55.55 }],
    }),
    id: uuid(11),
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
      carIds: [CAR.id],
    }),
    id: uuid(20),
  },
];
const extras = [
  {
    ...extraSchema.parse({ name: "Vaikiška kėdutė", price: 3, chargedPer: "day", maxPrice: 30, maxQuantity: 3 }),
    id: uuid(30),
  },
  {
    ...extraSchema.parse({ name: "Papildomas vairuotojas", price: 10, chargedPer: "rental", maxQuantity: 2 }),
    id: uuid(31),
  },
];
const airport = {
  ...locationSchema.parse({ name: "Oro uostas", address: "Rodūnios kl. 10A", city: "Vilnius" }),
  id: uuid(40),
};
const kaunas = {
  ...locationSchema.parse({ name: "Kaunas", address: "Laisvės al. 53", city: "Kaunas", deliveryFee: 25 }),
  id: uuid(41),
};
const settings = {
  extras,
  locations: [airport, kaunas],
  bookingRules: { graceMinutes: 60 },
} as unknown as Pick<PublicSettings, "extras" | "locations" | "bookingRules">;

describe("previewQuote", () => {
  it.each([
    [
      "per sezoną, su akcija, kėdute ir kitu grąžinimo miestu",
      "2026-12-18",
      "2026-12-29",
      kaunas.id,
      { [uuid(30)]: 2 },
    ],
    ["trumpa nuoma be priedų, ta pati vieta", "2026-11-23", "2026-11-25", airport.id, {}],
    [
      "savaitė su vairuotoju ir kėdute (kaina neviršija ribos)",
      "2027-02-01",
      "2027-02-08",
      airport.id,
      { [uuid(30)]: 1, [uuid(31)]: 2 },
    ],
  ])("%s: lygi serverio kainai už visą rezervaciją", (_name, from, to, returnId, chosen) => {
    const pickupAt = vilniusLocalToInstant(from, "10:00").toISOString();
    const returnAt = vilniusLocalToInstant(to, "12:30").toISOString();
    // What GET /api/site/search answers for the car: the pickup place for both ends, no extras.
    const searchQuote = calculateQuote({
      car: CAR,
      prices,
      offers,
      pickupAt,
      returnAt,
      pickupLocation: airport,
      returnLocation: airport,
      rules: RULES,
    });
    const preview = previewQuote(searchQuote, {
      carId: CAR.id,
      pickupAt,
      returnAt,
      extras: chosen,
      pickupLocationId: airport.id,
      returnLocationId: returnId,
      settings,
    });
    const server = calculateQuote({
      car: CAR,
      prices,
      offers,
      pickupAt,
      returnAt,
      pickupLocation: airport,
      returnLocation: returnId === kaunas.id ? kaunas : airport,
      extras: Object.entries(chosen).map(([id, quantity]) => ({ extra: extras.find((e) => e.id === id)!, quantity })),
      rules: RULES,
    });
    expect(preview).toEqual(server);
  });
});

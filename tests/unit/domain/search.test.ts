import { describe, expect, it } from "vitest";
import { bookingRulesSchema, type Price, priceSchema } from "../../../src/domain/schemas";
import { checkSearchPeriod, pricedSearchResults, readSearchQuery, searchLocation } from "../../../src/domain/search";
import { vilniusLocalToInstant } from "../../../src/domain/time";
import { fieldErrorsOf as errorsOf, testCar, uuid, type WithId } from "./fixtures";

const RULES = bookingRulesSchema.parse({
  leadTimeHours: 2,
  minDays: 1,
  maxDays: 30,
  maxAdvanceDays: 365,
  graceMinutes: 60,
  vatRate: 0.21,
});
const NOW = vilniusLocalToInstant("2026-11-21", "10:00");

const car = (n: number, model: string) => testCar(n, { model });
const price = (carId: string, dailyRate: number): WithId<Price> => ({
  ...priceSchema.parse({ carId, tiers: [{ fromDays: 1, toDays: null, dailyRate }] }),
  id: `${carId}-kaina`,
});

describe("readSearchQuery ir checkSearchPeriod", () => {
  it("laikotarpį perskaito kaip ISO laiko momentus", () => {
    expect(readSearchQuery({ from: "2026-11-22T08:00:00.000Z", to: "2026-11-24T08:00:00.000Z", location: "" })).toEqual(
      {
        from: "2026-11-22T08:00:00.000Z",
        to: "2026-11-24T08:00:00.000Z",
      },
    );
  });

  it("pažymi grąžinimą prieš paėmimą", () => {
    expect(
      errorsOf(() => readSearchQuery({ from: "2026-11-24T08:00:00.000Z", to: "2026-11-22T08:00:00.000Z" })),
    ).toEqual({
      to: "Grąžinimo laikas turi būti vėlesnis nei paėmimo",
    });
  });

  it("rezervavimo taisyklių klaidas priskiria užklausos laukams", () => {
    const past = { from: "2026-11-20T08:00:00.000Z", to: "2026-11-24T08:00:00.000Z" };
    expect(Object.keys(errorsOf(() => checkSearchPeriod(past, RULES, NOW)) ?? {})).toEqual(["from"]);
    expect(() =>
      checkSearchPeriod({ from: "2026-11-22T08:00:00.000Z", to: "2026-11-24T08:00:00.000Z" }, RULES, NOW),
    ).not.toThrow();
  });
});

describe("searchLocation", () => {
  it("randa vietą arba pažymi, kad jos nėra", () => {
    expect(searchLocation([{ id: "a" }], undefined)).toBeNull();
    expect(searchLocation([{ id: "a" }], "a")).toEqual({ id: "a" });
    expect(errorsOf(() => searchLocation([{ id: "a" }], "b"))).toEqual({ location: "Vieta nerasta" });
  });
});

describe("pricedSearchResults", () => {
  it("praleidžia užimtus ir kainos neturinčius automobilius, rikiuoja pagal sumą, paskui pagal katalogo tvarką", () => {
    const cars = [car(1, "Corolla"), car(2, "Yaris"), car(3, "Auris"), car(4, "Camry"), car(5, "C-HR")];
    const prices = [price(uuid(1), 40), price(uuid(2), 30), price(uuid(3), 40), price(uuid(5), 20)];
    const results = pricedSearchResults({
      cars,
      taken: new Set([uuid(5)]),
      period: { from: "2026-11-22T08:00:00.000Z", to: "2026-11-24T08:00:00.000Z" },
      location: null,
      prices,
      offers: [],
      rules: RULES,
      toPublic: (c, _prices, on) => ({ id: c.id, model: c.model, on: on.toISOString() }),
      compare: (a, b) => a.model.localeCompare(b.model),
    });
    expect(results.map((r) => [r.car.model, r.quote.total])).toEqual([
      ["Yaris", 60],
      ["Auris", 80],
      ["Corolla", 80],
    ]);
    expect(results[0]?.car.on).toBe("2026-11-22T08:00:00.000Z");
  });
});

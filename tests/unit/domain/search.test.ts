import { describe, expect, it } from "vitest";
import { bookingRulesSchema, type Price, priceSchema } from "../../../src/domain/schemas";
import {
  checkSearchPeriod,
  pricedSearchResults,
  readSearchPage,
  readSearchQuery,
  searchLocation,
} from "../../../src/domain/search";
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
    const args = {
      cars,
      taken: new Set([uuid(5)]),
      period: { from: "2026-11-22T08:00:00.000Z", to: "2026-11-24T08:00:00.000Z" },
      location: null,
      prices,
      offers: [],
      rules: RULES,
      toPublic: (c: { id: string; model: string }, _prices: unknown, on: Date) => ({
        id: c.id,
        model: c.model,
        on: on.toISOString(),
      }),
      compare: (a: { model: string }, b: { model: string }) => a.model.localeCompare(b.model),
    };
    const { data: results, total } = pricedSearchResults(args);
    expect(results.map((r) => [r.car.model, r.quote.total])).toEqual([
      ["Yaris", 60],
      ["Auris", 80],
      ["Corolla", 80],
    ]);
    expect(total).toBe(3);
    expect(results[0]?.car.on).toBe("2026-11-22T08:00:00.000Z");

    // A page: the same order, the count of all.
    const second = pricedSearchResults({ ...args, page: { limit: 1, offset: 1 } });
    expect(second.data.map((r) => r.car.model)).toEqual(["Auris"]);
    expect(second.total).toBe(3);
    expect(pricedSearchResults({ ...args, page: { limit: 5, offset: 3 } })).toEqual({ data: [], total: 3 });
  });
});

describe("readSearchPage", () => {
  it("numatyta – 24 nuo pradžios; priima skaičius ir tekstą", () => {
    expect(readSearchPage({})).toEqual({ limit: 24, offset: 0 });
    expect(readSearchPage({ limit: "48", offset: "24" })).toEqual({ limit: 48, offset: 24 });
    expect(readSearchPage({ limit: 100, offset: 0 })).toEqual({ limit: 100, offset: 0 });
  });

  it("netinkamas reikšmes pažymi lietuviškai", () => {
    expect(errorsOf(() => readSearchPage({ limit: "0", offset: "-1" }))).toEqual({
      limit: "Rezultatų skaičius turi būti sveikasis skaičius nuo 1 iki 100",
      offset: "Praleidžiamų rezultatų skaičius turi būti sveikasis, ne mažesnis nei 0",
    });
    expect(Object.keys(errorsOf(() => readSearchPage({ limit: "101" })) ?? {})).toEqual(["limit"]);
    expect(Object.keys(errorsOf(() => readSearchPage({ limit: "2.5" })) ?? {})).toEqual(["limit"]);
    expect(Object.keys(errorsOf(() => readSearchPage({ offset: "abc" })) ?? {})).toEqual(["offset"]);
  });
});

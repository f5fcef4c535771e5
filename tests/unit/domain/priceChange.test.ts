// Bulk price change: scope selection and the new rates, rounded as staff chose. The admin's
// preview and the server's apply both use planPriceUpdate, so these rules hold for both.
import { describe, expect, it } from "vitest";
import {
  newRate,
  type PriceScope,
  planFingerprint,
  planPriceUpdate,
  previewRows,
  seasonsOf,
} from "../../../src/domain/priceChange";
import type { Car, Price } from "../../../src/domain/schemas";

const car = (id: string, category: Car["category"]) => ({ id, category });
const SUMMER = { name: "Vasara", from: "2026-06-01", to: "2026-08-31" };
const rule = (id: string, patch: Partial<Price>): Price & { id: string; updatedAt: string } => ({
  id,
  carId: null,
  category: null,
  season: null,
  tiers: [
    { fromDays: 1, toDays: 3, dailyRate: 39 },
    { fromDays: 4, toDays: null, dailyRate: 33.4 },
  ],
  updatedAt: `2026-01-01T00:00:00.000Z#${id}`,
  ...patch,
});

const cars = [car("a", "ekonominė"), car("b", "verslo"), car("c", "ekonominė")];
const prices = [
  rule("class-eco", { category: "ekonominė" }),
  rule("class-eco-summer", { category: "ekonominė", season: SUMMER }),
  rule("car-a", { carId: "a" }),
  rule("car-b", { carId: "b" }),
  rule("class-biz", { category: "verslo" }),
];
const TEN_PERCENT = { kind: "percent", value: 10, step: 0.5 } as const;
const keys = (scope: PriceScope) => planPriceUpdate(prices, cars, scope, TEN_PERCENT).map((p) => p.key);

describe("kainų atnaujinimas", () => {
  it("didina procentais ir apvalina pasirinktu žingsniu", () => {
    expect(newRate(39, { kind: "percent", value: 10, step: 0.5 })).toBe(43);
    expect(newRate(33.4, { kind: "percent", value: 10, step: 0.01 })).toBe(36.74);
    expect(newRate(33.4, { kind: "percent", value: 10, step: 1 })).toBe(37);
  });

  it("keičia nurodyta suma, bet ne žemiau nulio", () => {
    expect(newRate(39, { kind: "amount", value: -2.5, step: 0.01 })).toBe(36.5);
    expect(newRate(3, { kind: "amount", value: -5, step: 0.01 })).toBe(0);
  });

  it("ima pačios klasės ir jos automobilių taisykles", () => {
    expect(keys({ category: "ekonominė", carIds: [], season: "all" })).toEqual([
      "class-eco",
      "class-eco-summer",
      "car-a",
    ]);
  });

  it("susiaurina iki sezoninių, visų metų ar vieno sezono taisyklių", () => {
    expect(keys({ category: "ekonominė", carIds: [], season: "seasonal" })).toEqual(["class-eco-summer"]);
    expect(keys({ category: null, carIds: [], season: "year-round" })).toHaveLength(4);
    expect(keys({ category: null, carIds: [], season: "2026-06-01/2026-08-31" })).toEqual(["class-eco-summer"]);
  });

  it("pasirinktam automobiliui su savomis kainomis keičia tik jas", () => {
    expect(keys({ category: null, carIds: ["b"], season: "all" })).toEqual(["car-b"]);
  });

  it("pasirinktas automobilis su klasės kainomis gauna visų klasės taisyklių kopijas, pakeistos tik patenkančios į sritį", () => {
    const plan = planPriceUpdate(prices, cars, { category: null, carIds: ["c"], season: "year-round" }, TEN_PERCENT);
    expect(plan.map((p) => [p.key, p.priceId, p.carId, p.changed])).toEqual([
      ["new:c:class-eco", null, "c", true],
      ["new:c:class-eco-summer", null, "c", false],
    ]);
    expect(plan[0]?.newTiers.map((t) => t.dailyRate)).toEqual([43, 36.5]);
    // The summer copy keeps its rates: the car's summer price stays what it was.
    expect(plan[1]?.newTiers.map((t) => t.dailyRate)).toEqual([39, 33.4]);
    expect(plan[1]?.season).toEqual(SUMMER);
  });

  it("peržiūroje rodo kiekvieną pakeistą pakopą su tais pačiais skaičiais, kuriuos įrašys planas", () => {
    const plan = planPriceUpdate(prices, cars, { category: null, carIds: ["c"], season: "year-round" }, TEN_PERCENT);
    expect(previewRows(plan).map((r) => [r.key, r.oldRate, r.newRate])).toEqual([
      ["new:c:class-eco", 39, 43],
      ["new:c:class-eco", 33.4, 36.5],
    ]);
  });

  it("planą pažymi taisyklių versijomis, kad pasenusią peržiūrą būtų galima aptikti", () => {
    const plan = planPriceUpdate(prices, cars, { category: "verslo", carIds: [], season: "all" }, TEN_PERCENT);
    expect(planFingerprint(plan)).toEqual({
      "car-b": "2026-01-01T00:00:00.000Z#car-b",
      "class-biz": "2026-01-01T00:00:00.000Z#class-biz",
    });
  });

  it("srities pasirinkimui pateikia taisyklių sezonus", () => {
    expect(seasonsOf(prices)).toEqual([{ key: "2026-06-01/2026-08-31", label: "Vasara: 2026-06-01 – 2026-08-31" }]);
  });
});

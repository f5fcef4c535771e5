// Bulk price change: scope selection and the new rates, rounded as staff chose.
import { describe, expect, it } from "vitest";
import { applyChange, newRate, previewRows, rulesInScope } from "../../../src/admin/prices/priceChange";
import type { Car, Price } from "../../../src/domain/schemas";

const car = (id: string, category: Car["category"]) => ({ id, category }) as Car & { id: string };
const rule = (id: string, patch: Partial<Price>): Price & { id: string } => ({
  id,
  carId: null,
  category: null,
  season: null,
  tiers: [
    { fromDays: 1, toDays: 3, dailyRate: 39 },
    { fromDays: 4, toDays: null, dailyRate: 33.4 },
  ],
  ...patch,
});

const cars = [car("a", "ekonominė"), car("b", "verslo")];
const prices = [
  rule("class-eco", { category: "ekonominė" }),
  rule("class-eco-summer", { category: "ekonominė", season: { name: "Vasara", from: "2026-06-01", to: "2026-08-31" } }),
  rule("car-a", { carId: "a" }),
  rule("car-b", { carId: "b" }),
  rule("class-biz", { category: "verslo" }),
];

describe("price update", () => {
  it("raises by a percentage and rounds to the chosen step", () => {
    expect(newRate(39, { kind: "percent", value: 10, step: 0.5 })).toBe(43);
    expect(newRate(33.4, { kind: "percent", value: 10, step: 0.01 })).toBe(36.74);
    expect(newRate(33.4, { kind: "percent", value: 10, step: 1 })).toBe(37);
  });

  it("changes by an amount and never goes below zero", () => {
    expect(newRate(39, { kind: "amount", value: -2.5, step: 0.01 })).toBe(36.5);
    expect(newRate(3, { kind: "amount", value: -5, step: 0.01 })).toBe(0);
  });

  it("takes a class's own rules and the rules of its cars", () => {
    const ids = rulesInScope(prices, cars, { category: "ekonominė", carIds: [], season: "all" }).map((p) => p.id);
    expect(ids).toEqual(["class-eco", "class-eco-summer", "car-a"]);
  });

  it("narrows to chosen cars and to seasonal or year-round rules", () => {
    expect(rulesInScope(prices, cars, { category: null, carIds: ["b"], season: "all" }).map((p) => p.id)).toEqual([
      "car-b",
    ]);
    expect(
      rulesInScope(prices, cars, { category: "ekonominė", carIds: [], season: "seasonal" }).map((p) => p.id),
    ).toEqual(["class-eco-summer"]);
    expect(rulesInScope(prices, cars, { category: null, carIds: [], season: "year-round" })).toHaveLength(4);
  });

  it("previews every tier and applies the same numbers", () => {
    const change = { kind: "percent", value: 10, step: 0.5 } as const;
    const rows = previewRows([prices[0]!], change);
    expect(rows.map((r) => [r.oldRate, r.newRate])).toEqual([
      [39, 43],
      [33.4, 36.5],
    ]);
    expect(applyChange(prices[0]!, change).tiers.map((t) => t.dailyRate)).toEqual([43, 36.5]);
  });
});

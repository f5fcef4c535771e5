// Applying a bulk price change, as the local server and Cloud Functions both decide it: when a
// plan is refused, what each planned rule is written as, and what the history records.
import { describe, expect, it } from "vitest";
import { type PlannedRule, planFingerprint, planPriceUpdate } from "../../../src/domain/priceChange";
import {
  changeLogRules,
  countWritten,
  historyLimit,
  plannedPriceDoc,
  planRefusal,
  priceUpdateLogEntry,
} from "../../../src/domain/priceUpdate";
import { EMPTY_SCOPE_MESSAGE, STALE_PREVIEW_MESSAGE } from "../../../src/domain/priceUpdateInput";
import type { Price } from "../../../src/domain/schemas";

const CAR_A = "CarA1234567890abcdef"; // a Firestore-style id
const SUMMER = { name: "Vasara", from: "2026-06-01", to: "2026-08-31" };
const rule = (id: string, patch: Partial<Price>): Price & { id: string; createdAt: string; updatedAt: string } => ({
  id,
  carId: null,
  category: "ekonominė",
  season: null,
  tiers: [
    { fromDays: 1, toDays: 3, dailyRate: 40 },
    { fromDays: 4, toDays: null, dailyRate: 30 },
  ],
  createdAt: "2025-12-01T00:00:00.000Z",
  updatedAt: `2026-01-01T00:00:00.000Z#${id}`,
  ...patch,
});
const prices = [rule("class-eco", {}), rule("class-eco-summer", { season: SUMMER })];
const cars = [{ id: CAR_A, category: "ekonominė" as const }];
const TEN_PERCENT = { kind: "percent", value: 10, step: 1 } as const;
const classPlan = planPriceUpdate(prices, cars, { category: "ekonominė", carIds: [], season: "all" }, TEN_PERCENT);
// CAR_A has no own rules: it gets copies of both class rules, only the summer one changed
const copyPlan = planPriceUpdate(prices, cars, { category: null, carIds: [CAR_A], season: "seasonal" }, TEN_PERCENT);

describe("planRefusal", () => {
  it("praleidžia peržiūroje parodytą planą", () => {
    expect(planRefusal(classPlan, planFingerprint(classPlan))).toBeNull();
    expect(planRefusal(copyPlan, { [copyPlan[0]!.key]: null, [copyPlan[1]!.key]: null })).toBeNull();
  });

  it("atmeta tuščią sritį", () => {
    expect(planRefusal([], {})).toEqual({ reason: "empty", message: EMPTY_SCOPE_MESSAGE });
  });

  it("atmeta pasenusią peržiūrą: po jos taisyklė pasikeitė, atsirado ar dingo", () => {
    const expected = planFingerprint(classPlan);
    const stale = { reason: "stale", message: STALE_PREVIEW_MESSAGE };
    expect(planRefusal(classPlan, { ...expected, "class-eco": "2026-02-01T00:00:00.000Z" })).toEqual(stale);
    expect(planRefusal(classPlan, { "class-eco": expected["class-eco"] ?? null })).toEqual(stale);
    expect(planRefusal(classPlan, { ...expected, "class-biz": null })).toEqual(stale);
  });
});

describe("plannedPriceDoc", () => {
  it("išlaiko saugomos taisyklės laukus su naujomis pakopomis, be jos id ir laikų", () => {
    const planned = classPlan.find((p) => p.key === "class-eco-summer") as PlannedRule;
    expect(plannedPriceDoc(planned, prices[1])).toEqual({
      carId: null,
      category: "ekonominė",
      season: SUMMER,
      tiers: [
        { fromDays: 1, toDays: 3, dailyRate: 44 },
        { fromDays: 4, toDays: null, dailyRate: 33 },
      ],
    });
  });

  it("automobiliui skirtą klasės taisyklės kopiją įrašo kaip paties automobilio taisyklę", () => {
    const [yearRound, summer] = copyPlan;
    expect(plannedPriceDoc(yearRound as PlannedRule)).toEqual({
      carId: CAR_A,
      category: null,
      season: null,
      tiers: prices[0]?.tiers,
    });
    expect(plannedPriceDoc(summer as PlannedRule).tiers.map((tier) => tier.dailyRate)).toEqual([44, 33]);
  });
});

describe("pakeitimo įrašas", () => {
  const written = [
    { key: copyPlan[0]!.key, id: "new-1", kind: "created" as const },
    { key: "class-eco", id: "class-eco", kind: "updated" as const },
  ];

  it("pateikia kiekvieną suplanuotą taisyklę su saugomu id (null, jei neįrašyta), prieš ir po", () => {
    expect(changeLogRules(copyPlan, written)).toEqual([
      {
        id: "new-1",
        created: true,
        carId: CAR_A,
        category: null,
        season: null,
        before: prices[0]?.tiers,
        after: prices[0]?.tiers,
      },
      {
        id: null,
        created: true,
        carId: CAR_A,
        category: null,
        season: SUMMER,
        before: prices[1]?.tiers,
        after: copyPlan[1]?.newTiers,
      },
    ]);
  });

  it("suskaičiuoja pakeistas ir sukurtas taisykles", () => {
    expect(countWritten(written)).toEqual({ updated: 1, created: 1 });
    expect(countWritten([])).toEqual({ updated: 0, created: 0 });
  });

  it("saugomą įrašą perskaito kaip istorijos įrašą", () => {
    const change = { kind: "amount", value: -2, step: 0.5 };
    const scope = { category: null, carIds: [], season: "all" };
    expect(
      priceUpdateLogEntry("batch-1", "2026-03-10T09:00:00.000Z", {
        actor: "vadybininke@pavyzdys.lt",
        change,
        scope,
        rules: [{}, {}, {}],
      }),
    ).toEqual({
      id: "batch-1",
      at: "2026-03-10T09:00:00.000Z",
      actor: "vadybininke@pavyzdys.lt",
      change,
      scope,
      rules: 3,
      undoOf: null,
      undoneBy: null,
    });
    expect(priceUpdateLogEntry("batch-2", "", {})).toMatchObject({ actor: "", rules: 0 });
  });

  it("istorijai pateikia nuo 1 iki 50 įrašų", () => {
    expect(historyLimit(10)).toBe(10);
    expect(historyLimit(0)).toBe(1);
    expect(historyLimit(500)).toBe(50);
  });
});

// The price floor: one rule for the price form, the generic write, the bulk change and its undo.
import { describe, expect, it } from "vitest";
import { buildDemoData } from "../../../server/seed/demoData";
import { formatSignedMoney, planPriceUpdate, planSummary, refusedRules } from "../../../src/domain/priceChange";
import { breaksFloor, floorOfSettings, priceFloorErrors } from "../../../src/domain/priceFloor";
import {
  floorRefusalMessage,
  planRefusal,
  ruleChangedSince,
  undoChangedSinceMessage,
  undoLogRules,
  undoTarget,
} from "../../../src/domain/priceUpdate";
import { priceSchema, settingsSchema } from "../../../src/domain/schemas";
import { settingsFromDoc } from "../../../src/domain/settings";

const tiers = (...rates: number[]) =>
  rates.map((dailyRate, i) => ({ fromDays: i * 3 + 1, toDays: i === rates.length - 1 ? null : i * 3 + 3, dailyRate }));

describe("mažiausia paros kaina (priceFloorErrors)", () => {
  it("žymi kiekvieną pakopą, kurios kaina ≤ 0 ar mažesnė už ribą, lietuvišku pranešimu su suma lt-LT", () => {
    expect(priceFloorErrors({ tiers: tiers(40, 0, 0.5, 1) }, 1)).toEqual({
      "tiers.1.dailyRate": "Paros kaina turi būti ne mažesnė kaip 1,00\u00a0€",
      "tiers.2.dailyRate": "Paros kaina turi būti ne mažesnė kaip 1,00\u00a0€",
    });
    expect(priceFloorErrors({ tiers: tiers(25, 24.99) }, 25)).toEqual({
      "tiers.1.dailyRate": "Paros kaina turi būti ne mažesnė kaip 25,00\u00a0€",
    });
    expect(priceFloorErrors({ tiers: tiers(25, 30) }, 25)).toEqual({});
  });

  it("0 € ir neigiama kaina netinka net ir be ribos; netinkama riba reiškia numatytąją (1 €)", () => {
    expect(breaksFloor(0, 0)).toBe(true);
    expect(breaksFloor(-3, -10)).toBe(true);
    expect(breaksFloor(0.5, Number.NaN)).toBe(true);
    expect(breaksFloor(1, 0)).toBe(false);
    expect(floorOfSettings({})).toBe(1);
    expect(floorOfSettings(null)).toBe(1);
    expect(floorOfSettings({ minDailyRate: 12.5 })).toBe(12.5);
  });

  it("kainos schema pati atmeta 0 € kainą, nustatymai – ribą ≤ 0 ar > 1000; senas nustatymų dokumentas reiškia 1 €", () => {
    const zero = priceSchema.safeParse({ category: "ekonominė", tiers: tiers(0) });
    expect(zero.success).toBe(false);
    expect(zero.error?.issues[0]?.message).toBe("Paros kaina turi būti didesnė už 0 €");
    expect(priceSchema.safeParse({ category: "ekonominė", tiers: tiers(0.01) }).success).toBe(true);
    expect(settingsFromDoc({}).minDailyRate).toBe(1);
    expect(settingsFromDoc({ minDailyRate: 7 }).minDailyRate).toBe(7);
    const settings = buildDemoData(new Date("2026-03-10T09:00:00.000Z")).settings.doc;
    const { minDailyRate: _m, ...old } = settings;
    expect(settingsSchema.parse(old).minDailyRate).toBe(1);
    for (const bad of [0, -1, 1000.01]) {
      const parsed = settingsSchema.safeParse({ ...settings, minDailyRate: bad });
      expect(parsed.success, String(bad)).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(["minDailyRate"]);
    }
    expect(settingsSchema.parse({ ...settings, minDailyRate: 1000 }).minDailyRate).toBe(1000);
  });
});

describe("kainų atnaujinimo planas ir riba", () => {
  const prices = [
    { id: "eco", carId: null, category: "ekonominė" as const, season: null, tiers: tiers(40, 30), updatedAt: "u1" },
    { id: "biz", carId: null, category: "verslo" as const, season: null, tiers: tiers(600, 550), updatedAt: "u2" },
  ];
  const scope = { category: null, carIds: [], season: "all" };

  it("−500 € pažymi kiekvieną taisyklę, kurios nauja kaina būtų per maža, o taikymas atmetamas", () => {
    const plan = planPriceUpdate(prices, [], scope, { kind: "amount", value: -500, step: 0.01 }, 1);
    const eco = plan.find((rule) => rule.key === "eco");
    expect(eco?.refusal).toBe("Paros kaina turi būti ne mažesnė kaip 1,00\u00a0€");
    expect(eco?.refusalErrors).toEqual({
      "tiers.0.dailyRate": "Paros kaina turi būti ne mažesnė kaip 1,00\u00a0€",
      "tiers.1.dailyRate": "Paros kaina turi būti ne mažesnė kaip 1,00\u00a0€",
    });
    // 600 − 500 = 100 € and 550 − 500 = 50 €: above the floor, not marked.
    expect(plan.find((rule) => rule.key === "biz")?.refusal).toBeNull();
    expect(refusedRules(plan).map((rule) => rule.key)).toEqual(["eco"]);
    expect(planRefusal(plan, { eco: "u1", biz: "u2" }, 1)).toEqual({
      reason: "floor",
      message: floorRefusalMessage(1, 1),
    });
    expect(floorRefusalMessage(1, 1)).toBe(
      "Paros kaina turi būti ne mažesnė kaip 1,00\u00a0€, o po šio pakeitimo būtų mažesnė 1 taisyklėje. Pakeiskite pokytį arba sritį.",
    );
    expect(floorRefusalMessage(3, 20)).toContain("3 taisyklėse");
  });

  it("riba iš nustatymų: 35 € pažymi tik pakopą, kuri nukristų žemiau", () => {
    const plan = planPriceUpdate(prices, [], scope, { kind: "percent", value: -10, step: 0.5 }, 35);
    expect(plan.find((rule) => rule.key === "eco")?.refusalErrors).toEqual({
      "tiers.1.dailyRate": "Paros kaina turi būti ne mažesnė kaip 35,00\u00a0€",
    });
    expect(planRefusal(plan, { eco: "u1", biz: "u2" }, 35)?.reason).toBe("floor");
    const fine = planPriceUpdate(prices, [], scope, { kind: "percent", value: 10, step: 0.5 }, 33);
    expect(refusedRules(fine)).toEqual([]);
    expect(planRefusal(fine, { eco: "u1", biz: "u2" }, 33)).toBeNull();
  });

  it("patvirtinimo santrauka: taisyklių skaičius, mažiausias ir didžiausias pokytis su ženklu", () => {
    const plan = planPriceUpdate(prices, [], scope, { kind: "percent", value: -10, step: 0.5 }, 1);
    expect(planSummary(plan)).toEqual({ rules: 2, created: 0, tiers: 4, smallest: -3, largest: -60 });
    expect(formatSignedMoney(-5)).toBe("−5,00\u00a0€");
    expect(formatSignedMoney(20)).toBe("+20,00\u00a0€");
  });
});

describe("pakeitimo atšaukimas", () => {
  const entry = (id: string, undoOf: string | null = null, undoneBy: string | null = null) => ({
    id,
    undoOf,
    undoneBy,
  });

  it("atšaukia naujausią neatšauktą pakeitimą, praleisdamas atšaukimus ir atšauktus", () => {
    expect(undoTarget([entry("c"), entry("b"), entry("a")])?.id).toBe("c");
    expect(undoTarget([entry("u", "c"), entry("c", null, "u"), entry("b")])?.id).toBe("b");
    expect(undoTarget([entry("u", "c"), entry("c", null, "u")])).toBeNull();
  });

  it("taisyklė laikoma pakeista, jei ištrinta ar jos kainos skiriasi nuo įrašytų pakeitimu", () => {
    const logged = {
      id: "p1",
      created: false,
      carId: null,
      category: "ekonominė" as const,
      season: null,
      before: tiers(40),
      after: tiers(44),
    };
    expect(ruleChangedSince(logged, { carId: null, category: "ekonominė", season: null, tiers: tiers(44) })).toBe(
      false,
    );
    expect(ruleChangedSince(logged, { carId: null, category: "ekonominė", season: null, tiers: tiers(45) })).toBe(true);
    expect(ruleChangedSince(logged, null)).toBe(true);
    expect(undoLogRules([logged])[0]).toMatchObject({ before: tiers(44), after: tiers(40) });
    expect(undoChangedSinceMessage(1)).toBe(
      "Pakeitimo atšaukti negalima: po jo pakeista 1 kainų taisyklė. Kainas pataisykite rankiniu būdu kainų sąraše.",
    );
    expect(undoChangedSinceMessage(3)).toContain("pakeistos 3 kainų taisyklės");
  });
});

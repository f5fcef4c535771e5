import { describe, expect, it } from "vitest";
import {
  chargeLine,
  computeReturnCharges,
  OverrideForbiddenError,
  type ReturnChargeContext,
  type ReturnReadings,
  readReturnInput,
  returnMileageErrors,
} from "../../../src/domain/returnCharges";
import { tariffSchema } from "../../../src/domain/tariff";
import { fieldErrorsOf } from "./fixtures";

const ctx = (over: Partial<ReturnChargeContext> = {}): ReturnChargeContext => ({
  car: { mileageLimitPerDay: 200, deposit: 300 },
  depositHeld: 300,
  reservation: { returnAt: "2026-12-05T08:00:00Z", quote: { days: 3, dailyRate: 45 } },
  handover: { mileage: 10_000, fuel: "1" },
  rates: tariffSchema.parse({ extraKmRate: 0.2, fuelPerQuarter: 15, cleaningFee: 30 }),
  graceMinutes: 60,
  ...over,
});
const readings = (over: Partial<ReturnReadings> = {}): ReturnReadings => ({
  mileage: 10_500,
  fuel: "1",
  returnedAt: "2026-12-05T08:00:00Z",
  cleaning: false,
  damageAmount: 0,
  overrides: [],
  ...over,
});
const byKind = (result: ReturnType<typeof computeReturnCharges>) =>
  Object.fromEntries(result.charges.map((c) => [c.kind, c]));

describe("computeReturnCharges", () => {
  it("charges nothing for a car back on time, full, within the limit", () => {
    const result = computeReturnCharges(ctx(), readings(), "staff");
    expect(result.charges.map((c) => c.kind)).toEqual(["mileage", "fuel", "late", "cleaning", "smoking", "damage"]);
    expect(result.total).toBe(0);
    expect(result.deposit).toEqual({ held: 300, retained: 0, refunded: 300 });
    expect(byKind(result).mileage?.rule).toBe("Rida neviršyta: nuvažiuota 500 km iš 600 km (200 km × 3 paros)");
  });

  it("charges the kilometres over limit × days at the per-km rate", () => {
    const mileage = byKind(computeReturnCharges(ctx(), readings({ mileage: 10_720 }), "staff")).mileage;
    expect(mileage?.amount).toBe(24);
    expect(mileage?.rule).toBe("120 km virš 600 km (200 km × 3 paros) × 0,20\u00a0€/km");
  });

  it("charges nothing for kilometres when the car has no limit", () => {
    const mileage = byKind(
      computeReturnCharges(
        ctx({ car: { mileageLimitPerDay: null, deposit: 300 } }),
        readings({ mileage: 20_000 }),
        "staff",
      ),
    ).mileage;
    expect(mileage?.amount).toBe(0);
    expect(mileage?.rule).toBe("Rida neribojama (nuvažiuota 10\u00a0000 km)");
  });

  it("charges each missing quarter of the tank", () => {
    const fuel = byKind(computeReturnCharges(ctx(), readings({ fuel: "1/4" }), "staff")).fuel;
    expect(fuel?.amount).toBe(45);
    expect(fuel?.rule).toBe("Trūksta: 3 bako ketvirčiai × 15,00\u00a0€ (išduota pilnas bakas, grąžinta ¼ bako)");
    expect(
      byKind(
        computeReturnCharges(
          ctx({ handover: { mileage: 0, fuel: "1/2" } }),
          readings({ mileage: 1, fuel: "1" }),
          "staff",
        ),
      ).fuel?.amount,
    ).toBe(0);
  });

  it("lets the grace period pass, then charges each started day at the daily rate", () => {
    const within = byKind(computeReturnCharges(ctx(), readings({ returnedAt: "2026-12-05T09:00:00Z" }), "staff")).late;
    expect(within?.amount).toBe(0);
    const late = byKind(computeReturnCharges(ctx(), readings({ returnedAt: "2026-12-05T09:01:00Z" }), "staff")).late;
    expect(late?.amount).toBe(45);
    expect(late?.rule).toBe("Vėluota 1 val. 1 min. (leidžiama 60 min.): 1 para × 45,00\u00a0€");
    const twoDays = byKind(computeReturnCharges(ctx(), readings({ returnedAt: "2026-12-06T09:00:00Z" }), "staff")).late;
    expect(twoDays?.amount).toBe(90);
  });

  it("adds the cleaning fee when ticked", () => {
    expect(byKind(computeReturnCharges(ctx(), readings({ cleaning: true }), "staff")).cleaning?.amount).toBe(30);
  });

  it("caps damage at the deposit; an admin raises it with a reason", () => {
    const capped = byKind(computeReturnCharges(ctx(), readings({ damageAmount: 450 }), "staff")).damage;
    expect(capped?.amount).toBe(300);
    expect(capped?.computed).toBe(300);
    const overrides = [{ kind: "damage" as const, amount: 450, reason: "Įskilęs žibintas, sąmata" }];
    expect(() => computeReturnCharges(ctx(), readings({ damageAmount: 450, overrides }), "staff")).toThrow(
      OverrideForbiddenError,
    );
    const raised = computeReturnCharges(ctx(), readings({ damageAmount: 450, overrides }), "admin");
    expect(byKind(raised).damage).toMatchObject({
      amount: 450,
      computed: 300,
      overrideReason: "Įskilęs žibintas, sąmata",
    });
    expect(raised.total).toBe(450);
    expect(raised.deposit).toEqual({ held: 300, retained: 300, refunded: 0 });
    expect(raised.due).toBe(150);
    expect(chargeLine(byKind(raised).damage as never)).toContain("pakeista iš 300,00\u00a0€");
  });

  it("sums everything and splits the deposit", () => {
    const result = computeReturnCharges(
      ctx(),
      readings({ mileage: 10_720, fuel: "1/2", returnedAt: "2026-12-05T12:00:00Z", cleaning: true }),
      "staff",
    );
    // 24 + 30 + 45 + 30
    expect(result.total).toBe(129);
    expect(result.deposit).toEqual({ held: 300, retained: 129, refunded: 171 });
    expect(result.due).toBe(0);
  });

  it("lets staff send the computed amount back unchanged", () => {
    const overrides = [{ kind: "fuel" as const, amount: 45, reason: "tas pats" }];
    expect(computeReturnCharges(ctx(), readings({ fuel: "1/4", overrides }), "staff").total).toBe(45);
  });
});

describe("return input", () => {
  it("refuses a return mileage below the hand-over's", () => {
    expect(returnMileageErrors(9_999, 10_000)).toEqual({
      mileage: "Grąžinimo rida negali būti mažesnė nei išdavimo (10\u00a0000 km)",
    });
    expect(returnMileageErrors(10_000, 10_000)).toEqual({});
  });

  it("needs an override's reason and a signature", () => {
    const errors = fieldErrorsOf(() =>
      readReturnInput({
        mileage: 1,
        fuel: "1",
        returnedAt: "2026-12-05T08:00:00Z",
        overrides: [{ kind: "late", amount: 0, reason: "" }],
      }),
    );
    expect(errors?.["overrides.0.reason"]).toBe("Nurodykite, kodėl suma keičiama");
    expect(errors?.signature).toBe("Klientas turi pasirašyti");
  });
});

// The turnaround buffer between two holds of one car (src/domain/availability.ts) and the
// maintenance blocks' overlap rule.
import { describe, expect, it } from "vitest";
import {
  findBlockConflicts,
  findConflicts,
  intervalsOverlap,
  isCarAvailable,
  widenedPeriod,
} from "../../../src/domain/availability";
import { bookingRulesSchema } from "../../../src/domain/schemas";

const CAR = "car-1";
const first = {
  id: "r1",
  carId: CAR,
  status: "confirmed",
  pickupAt: "2026-06-01T07:00:00Z",
  returnAt: "2026-06-03T07:00:00Z",
};
const laterBy = (minutes: number, hours = 24) => {
  const start = Date.parse(first.returnAt) + minutes * 60_000;
  return { pickupAt: new Date(start).toISOString(), returnAt: new Date(start + hours * 3_600_000).toISOString() };
};
const earlierBy = (minutes: number) => {
  const end = Date.parse(first.pickupAt) - minutes * 60_000;
  return { pickupAt: new Date(end - 86_400_000).toISOString(), returnAt: new Date(end).toISOString() };
};

describe("tarpas tarp nuomų (intervalsOverlap su buferiu)", () => {
  it("be buferio grąžinimas 10:00 ir paėmimas 10:00 nesikerta", () => {
    expect(intervalsOverlap(first, laterBy(0))).toBe(false);
    expect(intervalsOverlap(first, laterBy(-1))).toBe(true);
  });

  it("su 120 min. buferiu: po 60 min. – konfliktas, po 120 min. – laisva, po 119 – konfliktas", () => {
    expect(intervalsOverlap(first, laterBy(60), 120)).toBe(true);
    expect(intervalsOverlap(first, laterBy(119), 120)).toBe(true);
    expect(intervalsOverlap(first, laterBy(120), 120)).toBe(false);
    expect(intervalsOverlap(first, laterBy(180), 120)).toBe(false);
  });

  it("buferis galioja ir prieš paėmimą (simetriškai)", () => {
    expect(intervalsOverlap(first, earlierBy(60), 120)).toBe(true);
    expect(intervalsOverlap(earlierBy(60), first, 120)).toBe(true);
    expect(intervalsOverlap(first, earlierBy(120), 120)).toBe(false);
  });

  it("neigiamas ar neskaitinis buferis – jokio buferio; tuščias intervalas nesikerta su niekuo", () => {
    expect(intervalsOverlap(first, laterBy(0), -30)).toBe(false);
    expect(intervalsOverlap(first, laterBy(0), Number.NaN)).toBe(false);
    expect(intervalsOverlap(first, { pickupAt: first.returnAt, returnAt: first.returnAt }, 120)).toBe(false);
  });

  it("findConflicts ir isCarAvailable taiko buferį, o redaguojama rezervacija savęs neblokuoja", () => {
    expect(findConflicts(CAR, laterBy(60), [first], null, 120)).toEqual([first]);
    expect(findConflicts(CAR, laterBy(120), [first], null, 120)).toEqual([]);
    expect(isCarAvailable(CAR, laterBy(60), [first], "r1", 120)).toBe(true);
    expect(isCarAvailable(CAR, laterBy(60), [{ ...first, status: "cancelled" }], null, 120)).toBe(true);
    expect(isCarAvailable("car-2", laterBy(60), [first], null, 120)).toBe(true);
  });

  it("widenedPeriod praplečia laikotarpį buferiu į abi puses", () => {
    expect(widenedPeriod(first, 120)).toEqual({
      pickupAt: "2026-06-01T05:00:00.000Z",
      returnAt: "2026-06-03T09:00:00.000Z",
    });
    expect(widenedPeriod(first)).toEqual({
      pickupAt: "2026-06-01T07:00:00.000Z",
      returnAt: "2026-06-03T07:00:00.000Z",
    });
  });
});

describe("techninės priežiūros blokavimai (findBlockConflicts)", () => {
  const block = { id: "b1", carId: CAR, from: "2026-06-10T06:00:00.000Z", to: "2026-06-12T06:00:00.000Z" };
  it("blokavimas užima automobilį kaip rezervacija, su tuo pačiu buferiu", () => {
    const touching = { pickupAt: "2026-06-12T06:00:00.000Z", returnAt: "2026-06-13T06:00:00.000Z" };
    expect(findBlockConflicts(CAR, touching, [block])).toEqual([]);
    expect(findBlockConflicts(CAR, touching, [block], null, 120)).toEqual([block]);
    expect(
      findBlockConflicts(CAR, { pickupAt: "2026-06-11T00:00:00Z", returnAt: "2026-06-11T02:00:00Z" }, [block]),
    ).toEqual([block]);
    expect(findBlockConflicts(CAR, touching, [block], "b1", 120)).toEqual([]);
    expect(findBlockConflicts("car-2", touching, [block], null, 120)).toEqual([]);
  });
});

describe("nustatymas bookingRules.turnaroundMinutes", () => {
  it("numatytasis 0, leidžiama 0–1440, kitur – lietuviška klaida", () => {
    expect(bookingRulesSchema.parse({}).turnaroundMinutes).toBe(0);
    expect(bookingRulesSchema.parse({ turnaroundMinutes: 1440 }).turnaroundMinutes).toBe(1440);
    const tooLong = bookingRulesSchema.safeParse({ turnaroundMinutes: 1441 });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toMatch(/1[\s\u00a0]?440/);
    expect(bookingRulesSchema.safeParse({ turnaroundMinutes: -1 }).success).toBe(false);
    expect(bookingRulesSchema.safeParse({ turnaroundMinutes: 30.5 }).success).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import {
  BLOCKING_STATUSES,
  findConflicts,
  intervalsOverlap,
  isBlockingStatus,
  isCarAvailable,
} from "../../../src/domain/availability";

const CAR = "car-1";
const period = (from: string, to: string) => ({ pickupAt: `${from}:00Z`, returnAt: `${to}:00Z` });
const reservation = (id: string, status: string, from: string, to: string, carId = CAR) => ({
  id,
  carId,
  status,
  ...period(from, to),
});

describe("intervalsOverlap (pusiau atviri intervalai)", () => {
  const a = period("2026-11-21T08:00", "2026-11-23T08:00");
  it("randa persidengimą", () => {
    expect(intervalsOverlap(a, period("2026-11-22T08:00", "2026-11-24T08:00"))).toBe(true);
    expect(intervalsOverlap(a, period("2026-11-20T08:00", "2026-11-21T08:01"))).toBe(true);
    expect(intervalsOverlap(a, period("2026-11-21T09:00", "2026-11-21T10:00"))).toBe(true);
    expect(intervalsOverlap(a, period("2026-11-20T00:00", "2026-11-25T00:00"))).toBe(true);
    expect(intervalsOverlap(a, a)).toBe(true);
  });

  it("grąžinimas ir kitas paėmimas gali būti tą pačią akimirką", () => {
    expect(intervalsOverlap(a, period("2026-11-23T08:00", "2026-11-24T08:00"))).toBe(false);
    expect(intervalsOverlap(period("2026-11-23T08:00", "2026-11-24T08:00"), a)).toBe(false);
    expect(intervalsOverlap(a, period("2026-11-19T08:00", "2026-11-21T08:00"))).toBe(false);
  });

  it("lygina laiko momentus, kad ir kokiu poslinkiu jie užrašyti", () => {
    expect(intervalsOverlap(a, { pickupAt: "2026-11-23T10:00:00+02:00", returnAt: "2026-11-24T10:00:00+02:00" })).toBe(
      false,
    );
    expect(intervalsOverlap(a, { pickupAt: new Date("2026-11-23T07:59:00Z"), returnAt: new Date("2026-11-24") })).toBe(
      true,
    );
  });

  it("tuščias ar neperskaitomas intervalas su niekuo nepersidengia", () => {
    expect(intervalsOverlap(a, period("2026-11-22T08:00", "2026-11-22T08:00"))).toBe(false);
    expect(intervalsOverlap(a, { pickupAt: "nežinia", returnAt: "2026-11-24T08:00:00Z" })).toBe(false);
  });
});

describe("findConflicts ir isCarAvailable", () => {
  const reservations = [
    reservation("r-new", "new", "2026-11-01T08:00", "2026-11-03T08:00"),
    reservation("r-confirmed", "confirmed", "2026-11-05T08:00", "2026-11-07T08:00"),
    reservation("r-active", "active", "2026-11-10T08:00", "2026-11-12T08:00"),
    reservation("r-completed", "completed", "2026-11-14T08:00", "2026-11-16T08:00"),
    reservation("r-cancelled", "cancelled", "2026-11-18T08:00", "2026-11-20T08:00"),
    reservation("r-no-show", "no_show", "2026-11-22T08:00", "2026-11-24T08:00"),
    reservation("r-other-car", "confirmed", "2026-11-26T08:00", "2026-11-28T08:00", "car-2"),
  ];

  it("automobilį užima tik naujos, patvirtintos ir vykdomos rezervacijos", () => {
    expect(BLOCKING_STATUSES).toEqual(["new", "confirmed", "active"]);
    expect(isBlockingStatus("confirmed")).toBe(true);
    expect(isBlockingStatus("completed")).toBe(false);
    const all = period("2026-10-01T00:00", "2026-12-31T00:00");
    expect(findConflicts(CAR, all, reservations).map((r) => r.id)).toEqual(["r-new", "r-confirmed", "r-active"]);
    for (const free of [
      period("2026-11-15T00:00", "2026-11-16T00:00"),
      period("2026-11-19T00:00", "2026-11-20T00:00"),
      period("2026-11-23T00:00", "2026-11-24T00:00"),
      period("2026-11-27T00:00", "2026-11-28T00:00"),
    ]) {
      expect(isCarAvailable(CAR, free, reservations)).toBe(true);
    }
    expect(isCarAvailable("car-2", period("2026-11-27T00:00", "2026-11-28T00:00"), reservations)).toBe(false);
  });

  it("automobilis atsilaisvina lygiai grąžinimo metu", () => {
    expect(isCarAvailable(CAR, period("2026-11-03T08:00", "2026-11-05T08:00"), reservations)).toBe(true);
    expect(isCarAvailable(CAR, period("2026-11-03T07:59", "2026-11-05T08:00"), reservations)).toBe(false);
    expect(isCarAvailable(CAR, period("2026-11-03T08:00", "2026-11-05T08:01"), reservations)).toBe(false);
  });

  it("nepaiso redaguojamos rezervacijos", () => {
    const move = period("2026-11-06T08:00", "2026-11-08T08:00");
    expect(isCarAvailable(CAR, move, reservations)).toBe(false);
    expect(isCarAvailable(CAR, move, reservations, "r-confirmed")).toBe(true);
    expect(findConflicts(CAR, period("2026-11-02T08:00", "2026-11-06T08:00"), reservations, "r-new")).toHaveLength(1);
    expect(findConflicts(CAR, move, reservations, null)).toHaveLength(1);
  });
});

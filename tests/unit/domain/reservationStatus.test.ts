import { describe, expect, it } from "vitest";
import {
  allowedTransitions,
  assertTransition,
  canTransition,
  isFinalStatus,
  REQUEST_STATUS_LABELS,
  RESERVATION_STATUS_LABELS,
  RESERVATION_TRANSITIONS,
  ReservationTransitionError,
} from "../../../src/domain/reservationStatus";
import { REQUEST_STATUSES, RESERVATION_STATUSES } from "../../../src/domain/schemas";

const ALLOWED: [string, string][] = [
  ["new", "confirmed"],
  ["new", "cancelled"],
  ["confirmed", "active"],
  ["confirmed", "cancelled"],
  ["confirmed", "no_show"],
  ["active", "completed"],
];

describe("rezervacijos būsenų automatas", () => {
  it("leidžia lygiai tuos perėjimus, kurie numatyti projekte", () => {
    for (const from of RESERVATION_STATUSES) {
      for (const to of RESERVATION_STATUSES) {
        const expected = from === to || ALLOWED.some(([f, t]) => f === from && t === to);
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(expected);
        if (expected) expect(() => assertTransition(from, to)).not.toThrow();
        else expect(() => assertTransition(from, to)).toThrow(ReservationTransitionError);
      }
    }
  });

  it("kiekvienai būsenai pateikia galimas kitas būsenas", () => {
    expect(allowedTransitions("new")).toEqual(["confirmed", "cancelled"]);
    expect(allowedTransitions("confirmed")).toEqual(["active", "cancelled", "no_show"]);
    expect(allowedTransitions("active")).toEqual(["completed"]);
    expect(allowedTransitions("completed")).toEqual([]);
    expect(allowedTransitions("nežinoma")).toEqual([]);
    expect(Object.keys(RESERVATION_TRANSITIONS).sort()).toEqual([...RESERVATION_STATUSES].sort());
    expect(isFinalStatus("cancelled")).toBe(true);
    expect(isFinalStatus("no_show")).toBe(true);
    expect(isFinalStatus("active")).toBe(false);
  });

  it("draudžiamą perėjimą paaiškina lietuviškai", () => {
    expect(() => assertTransition("completed", "new")).toThrow(
      "Rezervacijos būsenos pakeisti iš „užbaigta“ į „nauja“ negalima",
    );
    try {
      assertTransition("new", "active");
      throw new Error("turėjo mesti klaidą");
    } catch (error) {
      expect(error).toBeInstanceOf(ReservationTransitionError);
      const e = error as ReservationTransitionError;
      expect(e.message).toBe("Rezervacijos būsenos pakeisti iš „nauja“ į „vykdoma“ negalima");
      expect(e.from).toBe("new");
      expect(e.to).toBe("active");
      expect(e.name).toBe("ReservationTransitionError");
    }
    expect(() => assertTransition("cancelled", "confirmed")).toThrow("iš „atšaukta“ į „patvirtinta“");
    expect(() => assertTransition("new", "archived")).toThrow("iš „nauja“ į „archived“");
  });

  it("kiekvieną būseną pavadina lietuviškai", () => {
    expect(RESERVATION_STATUS_LABELS).toEqual({
      new: "nauja",
      confirmed: "patvirtinta",
      active: "vykdoma",
      completed: "užbaigta",
      cancelled: "atšaukta",
      no_show: "neatvyko",
    });
    expect(REQUEST_STATUS_LABELS).toEqual({ new: "nauja", answered: "atsakyta", closed: "uždaryta", spam: "šlamštas" });
    expect(Object.keys(REQUEST_STATUS_LABELS).sort()).toEqual([...REQUEST_STATUSES].sort());
  });
});

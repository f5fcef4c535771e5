// The timeline's arithmetic (src/admin/availability/timelineModel.ts): what may be dragged, where
// a drag leaves a booking, and the price difference shown before a move.
import { describe, expect, it } from "vitest";
import {
  allowedDrags,
  DAY_MS,
  dragResult,
  HOUR_MS,
  priceDifference,
  SNAPS,
  snapDelta,
} from "../../../src/admin/availability/timelineModel";
import { formatMoney } from "../../../src/domain/format";

const booking = { carId: "a", pickupAt: "2026-12-01T08:00:00.000Z", returnAt: "2026-12-03T08:00:00.000Z" };
const cars = ["a", "b", "c"];

describe("laiko juostos tempimas", () => {
  it("naują ir patvirtintą galima perkelti ir keisti abu galus, vykdomos – tik grąžinimą, uždarytų – nieko", () => {
    expect([...allowedDrags("new")].sort()).toEqual(["end", "move", "start"]);
    expect([...allowedDrags("confirmed")].sort()).toEqual(["end", "move", "start"]);
    expect([...allowedDrags("active")]).toEqual(["end"]);
    for (const status of ["completed", "cancelled", "no_show"]) expect(allowedDrags(status).size).toBe(0);
  });

  it("poslinkį suapvalina iki valandos arba pusės paros", () => {
    expect(snapDelta(1.4 * HOUR_MS, SNAPS.hour)).toBe(HOUR_MS);
    expect(snapDelta(-1.6 * HOUR_MS, SNAPS.hour)).toBe(-2 * HOUR_MS);
    expect(snapDelta(7 * HOUR_MS, SNAPS.halfDay)).toBe(12 * HOUR_MS);
  });

  it("perkelia į kitą automobilį ir kitas dienas, išlaikydamas trukmę", () => {
    expect(dragResult(booking, "move", 2 * DAY_MS + 10 * 60_000, cars, 1, SNAPS.hour)).toEqual({
      carId: "b",
      pickupAt: "2026-12-03T08:00:00.000Z",
      returnAt: "2026-12-05T08:00:00.000Z",
    });
    // past the last row it stays on the last car
    expect(dragResult(booking, "move", 0, cars, 5, SNAPS.hour)?.carId).toBe("c");
    // no travel: nothing to do
    expect(dragResult(booking, "move", 20 * 60_000, cars, 0, SNAPS.hour)).toBeNull();
  });

  it("galų tempimas keičia tik tą galą ir niekada nepadaro nuomos trumpesnės už žingsnį", () => {
    expect(dragResult(booking, "end", DAY_MS, cars, 3, SNAPS.hour)).toEqual({
      carId: "a",
      pickupAt: booking.pickupAt,
      returnAt: "2026-12-04T08:00:00.000Z",
    });
    expect(dragResult(booking, "start", 5 * DAY_MS, cars, 0, SNAPS.halfDay)).toEqual({
      carId: "a",
      pickupAt: "2026-12-02T20:00:00.000Z",
      returnAt: booking.returnAt,
    });
  });

  it("kainos skirtumas su ženklu, lietuvišku formatu", () => {
    // formatMoney puts a no-break space before the euro sign
    expect(priceDifference(100, 145)).toBe(`+${formatMoney(45)}`);
    expect(priceDifference(100, 145)).toMatch(/^\+45,00\s€$/);
    expect(priceDifference(145, 132.5)).toBe(`−${formatMoney(12.5)}`);
    expect(priceDifference(80, 80)).toBe(formatMoney(0));
    expect(priceDifference(null, 80)).toBeNull();
  });
});

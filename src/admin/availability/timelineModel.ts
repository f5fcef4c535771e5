// The timeline's arithmetic, without React: which bookings may be moved and how, the snapped
// result of a drag, the free slot a day offers, and the price difference shown before a move.
import { formatMoney } from "../../domain/format";
import type { Reservation } from "../../domain/schemas";
import { vilniusLocalToInstant } from "../../domain/time";
import type { DaySpan } from "../common/days";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
const QUARTER_MS = 15 * 60 * 1000;
export const DEFAULT_PICKUP_TIME = "10:00";
/** Statuses that hold a car (the others are drawn only for context). */
export const HOLDING = new Set<string>(["new", "confirmed", "active"]);

/** Drag steps: a whole hour, or half a day. */
export const SNAPS = { hour: HOUR_MS, halfDay: 12 * HOUR_MS } as const;
export type SnapName = keyof typeof SNAPS;

type Period = Pick<Reservation, "pickupAt" | "returnAt" | "status">;

/**
 * The free slot a day offers a car: from the usual pickup time (or from a rental returned later
 * that day, rounded up to a quarter hour) for 24 h, cut short by the next rental. Null when the
 * day has no free time left after the earliest start.
 */
export function freeSlot(day: DaySpan, reservations: readonly Period[]): { pickupAt: string; returnAt: string } | null {
  const holding = reservations
    .filter((r) => HOLDING.has(r.status))
    .map((r) => ({ start: Date.parse(r.pickupAt), end: Date.parse(r.returnAt) }));
  let start = vilniusLocalToInstant(day.date, DEFAULT_PICKUP_TIME).getTime();
  for (;;) {
    const blocking = holding.find((r) => r.start <= start && r.end > start);
    if (!blocking) break;
    start = Math.ceil(blocking.end / QUARTER_MS) * QUARTER_MS;
  }
  if (start >= day.end) return null;
  const nextStart = Math.min(...holding.filter((r) => r.start > start).map((r) => r.start), Number.POSITIVE_INFINITY);
  const end = Math.min(start + DAY_MS, nextStart);
  if (end - start < HOUR_MS) return null;
  return { pickupAt: new Date(start).toISOString(), returnAt: new Date(end).toISOString() };
}

export type DragMode = "move" | "start" | "end";

/** What staff may do with a booking on the timeline: new and confirmed ones move and resize, an active one only its return. */
export function allowedDrags(status: string): ReadonlySet<DragMode> {
  if (status === "new" || status === "confirmed") return new Set<DragMode>(["move", "start", "end"]);
  if (status === "active") return new Set<DragMode>(["end"]);
  return new Set<DragMode>();
}

/** A pointer's travel snapped to whole steps (rounded to the nearest step). */
export const snapDelta = (deltaMs: number, step: number): number => Math.round(deltaMs / step) * step;

export interface Placement {
  carId: string;
  pickupAt: string;
  returnAt: string;
}

/**
 * Where a drag leaves a booking: moved by `deltaMs` (and `rowDelta` cars), or one end moved.
 * Null when nothing changes or the period would be shorter than one step.
 */
export function dragResult(
  reservation: Placement,
  mode: DragMode,
  deltaMs: number,
  carIds: readonly string[],
  rowDelta: number,
  step: number,
): Placement | null {
  const delta = snapDelta(deltaMs, step);
  const start = Date.parse(reservation.pickupAt);
  const end = Date.parse(reservation.returnAt);
  let carId = reservation.carId;
  let nextStart = start;
  let nextEnd = end;
  if (mode === "move") {
    const row = carIds.indexOf(reservation.carId);
    const target = row < 0 ? -1 : Math.max(0, Math.min(carIds.length - 1, row + rowDelta));
    if (target >= 0) carId = carIds[target] ?? carId;
    nextStart = start + delta;
    nextEnd = end + delta;
  } else if (mode === "start") {
    nextStart = Math.min(start + delta, end - step);
  } else {
    nextEnd = Math.max(end + delta, start + step);
  }
  if (carId === reservation.carId && nextStart === start && nextEnd === end) return null;
  return { carId, pickupAt: new Date(nextStart).toISOString(), returnAt: new Date(nextEnd).toISOString() };
}

/** "+45,00 €", "−12,50 €" or "0,00 €": the new price less the old one. */
export function priceDifference(
  oldTotal: number | null | undefined,
  newTotal: number | null | undefined,
): string | null {
  if (typeof oldTotal !== "number" || typeof newTotal !== "number") return null;
  const difference = Math.round((newTotal - oldTotal) * 100) / 100;
  if (difference === 0) return formatMoney(0);
  return `${difference > 0 ? "+" : "−"}${formatMoney(Math.abs(difference))}`;
}

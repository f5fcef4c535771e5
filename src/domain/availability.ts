// A car is taken over half-open [pickupAt, returnAt) intervals: a return at 10:00
// and the next pickup at 10:00 do not clash. Mirrors the database's exclusion constraint.
//
// The turnaround buffer (settings.bookingRules.turnaroundMinutes, e.g. 120 minutes for cleaning)
// is a business rule on top: two holds of one car (reservations, maintenance blocks) must be at
// least that far apart. The core applies it; the database's exclusion constraint stays on the bare
// periods (its job is the no-overlap safety net, not the cleaning schedule).
import type { ReservationStatus } from "./schemas";

/** Reservations in these states hold the car. */
export const BLOCKING_STATUSES = ["new", "confirmed", "active"] as const satisfies readonly ReservationStatus[];
export type BlockingStatus = (typeof BLOCKING_STATUSES)[number];

export function isBlockingStatus(status: string): status is BlockingStatus {
  return (BLOCKING_STATUSES as readonly string[]).includes(status);
}

export interface Period {
  pickupAt: string | Date;
  returnAt: string | Date;
}

/** A swap as availability reads it: from when the rental holds the next car instead of the one before. */
export interface SwapLike {
  at: string;
  fromCarId: string;
  toCarId: string;
}

export interface ReservationLike extends Period {
  id?: string;
  carId: string;
  status: string;
  /** cars swapped during the rental (src/core/rentalChanges.ts), oldest first */
  carSwaps?: readonly SwapLike[] | null | undefined;
}

/** One car held by a reservation over [pickupAt, returnAt). */
export interface CarHold {
  carId: string;
  pickupAt: string;
  returnAt: string;
}

/**
 * The cars a reservation holds and when: one hold for the booked period, or, after car swaps, one
 * per car: the first over [pickupAt, first swap), each next one from its swap to the next, the
 * current car (carId) from the last swap to the return. A swap's time is taken within the booked
 * period (a car handed over early and swapped before the pickup time holds nothing before it);
 * empty holds are left out. The database trigger of 014_car_swaps.sql cuts the same holds.
 */
export function carHolds(reservation: Period & { carId: string; carSwaps?: readonly SwapLike[] | null }): CarHold[] {
  const start = ms(reservation.pickupAt);
  const end = ms(reservation.returnAt);
  const iso = (time: number) => new Date(time).toISOString();
  const swaps = reservation.carSwaps ?? [];
  if (swaps.length === 0 || Number.isNaN(start) || Number.isNaN(end)) {
    return [
      {
        carId: reservation.carId,
        pickupAt: typeof reservation.pickupAt === "string" ? reservation.pickupAt : iso(start),
        returnAt: typeof reservation.returnAt === "string" ? reservation.returnAt : iso(end),
      },
    ];
  }
  const holds: CarHold[] = [];
  let from = start;
  for (const swap of swaps) {
    const at = Math.min(Math.max(ms(swap.at), start), end);
    if (at > from) holds.push({ carId: swap.fromCarId, pickupAt: iso(from), returnAt: iso(at) });
    from = Math.max(from, at);
  }
  if (end > from) holds.push({ carId: reservation.carId, pickupAt: iso(from), returnAt: iso(end) });
  return holds;
}

const ms = (value: string | Date): number => (value instanceof Date ? value.getTime() : Date.parse(value));

/** The turnaround buffer the settings allow: from 0 to 1 440 minutes (one day). */
export const MAX_TURNAROUND_MINUTES = 1440;

/** A buffer in milliseconds; anything unreadable or negative is no buffer. */
const bufferMs = (minutes: number | undefined): number =>
  typeof minutes === "number" && Number.isFinite(minutes) && minutes > 0 ? minutes * 60_000 : 0;

/**
 * True when the half-open intervals share a moment, or (with `bufferMinutes`) come closer than
 * that many minutes: a return at 10:00 and the next pickup at 11:00 clash under a 120-minute
 * buffer, at 12:00 they do not. Empty or unreadable intervals overlap nothing.
 */
export function intervalsOverlap(a: Period, b: Period, bufferMinutes = 0): boolean {
  const aStart = ms(a.pickupAt);
  const aEnd = ms(a.returnAt);
  const bStart = ms(b.pickupAt);
  const bEnd = ms(b.returnAt);
  if ([aStart, aEnd, bStart, bEnd].some(Number.isNaN) || aEnd <= aStart || bEnd <= bStart) return false;
  const gap = bufferMs(bufferMinutes);
  return aStart < bEnd + gap && bStart < aEnd + gap;
}

/**
 * The period widened by the buffer on both sides: whatever holds the car inside it clashes with
 * `period` (a query bound for the stores, e.g. holds starting before `returnAt + buffer`).
 */
export function widenedPeriod(period: Period, bufferMinutes = 0): { pickupAt: string; returnAt: string } {
  const gap = bufferMs(bufferMinutes);
  return {
    pickupAt: new Date(ms(period.pickupAt) - gap).toISOString(),
    returnAt: new Date(ms(period.returnAt) + gap).toISOString(),
  };
}

/**
 * The reservations of `carId` that hold the car during `period` (or within `bufferMinutes` of it),
 * each by its holds of that car (a swapped rental holds a car only over its part); `ignoreId`
 * skips the one being edited.
 */
export function findConflicts<T extends ReservationLike>(
  carId: string,
  period: Period,
  reservations: readonly T[],
  ignoreId?: string | null,
  bufferMinutes = 0,
): T[] {
  return reservations.filter(
    (r) =>
      isBlockingStatus(r.status) &&
      (ignoreId === undefined || ignoreId === null || r.id !== ignoreId) &&
      carHolds(r).some((hold) => hold.carId === carId && intervalsOverlap(hold, period, bufferMinutes)),
  );
}

export function isCarAvailable(
  carId: string,
  period: Period,
  reservations: readonly ReservationLike[],
  ignoreId?: string | null,
  bufferMinutes = 0,
): boolean {
  return findConflicts(carId, period, reservations, ignoreId, bufferMinutes).length === 0;
}

// ---------- maintenance blocks ----------

/** A maintenance block as availability sees it: the car is out of service over [from, to). */
export interface BlockLike {
  id?: string;
  carId: string;
  from: string | Date;
  to: string | Date;
}

/** A block as a period of the car. */
export const blockPeriod = (block: BlockLike): Period => ({ pickupAt: block.from, returnAt: block.to });

/** The blocks of `carId` that clash with `period` (buffer included); `ignoreId` skips the block being edited. */
export function findBlockConflicts<T extends BlockLike>(
  carId: string,
  period: Period,
  blocks: readonly T[],
  ignoreId?: string | null,
  bufferMinutes = 0,
): T[] {
  return blocks.filter(
    (b) =>
      b.carId === carId &&
      (ignoreId === undefined || ignoreId === null || b.id !== ignoreId) &&
      intervalsOverlap(blockPeriod(b), period, bufferMinutes),
  );
}

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

export interface ReservationLike extends Period {
  id?: string;
  carId: string;
  status: string;
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
 * The reservations of `carId` that hold the car during `period` (or within `bufferMinutes` of it);
 * `ignoreId` skips the one being edited.
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
      r.carId === carId &&
      isBlockingStatus(r.status) &&
      (ignoreId === undefined || ignoreId === null || r.id !== ignoreId) &&
      intervalsOverlap(r, period, bufferMinutes),
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

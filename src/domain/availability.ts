// A car is taken over half-open [pickupAt, returnAt) intervals: a return at 10:00
// and the next pickup at 10:00 do not clash. Mirrors the database's exclusion constraint.
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

/** True when the half-open intervals share a moment. Empty or unreadable intervals overlap nothing. */
export function intervalsOverlap(a: Period, b: Period): boolean {
  const aStart = ms(a.pickupAt);
  const aEnd = ms(a.returnAt);
  const bStart = ms(b.pickupAt);
  const bEnd = ms(b.returnAt);
  if ([aStart, aEnd, bStart, bEnd].some(Number.isNaN) || aEnd <= aStart || bEnd <= bStart) return false;
  return aStart < bEnd && bStart < aEnd;
}

/** The reservations of `carId` that hold the car during `period`; `ignoreId` skips the one being edited. */
export function findConflicts<T extends ReservationLike>(
  carId: string,
  period: Period,
  reservations: readonly T[],
  ignoreId?: string | null,
): T[] {
  return reservations.filter(
    (r) =>
      r.carId === carId &&
      isBlockingStatus(r.status) &&
      (ignoreId === undefined || ignoreId === null || r.id !== ignoreId) &&
      intervalsOverlap(r, period),
  );
}

export function isCarAvailable(
  carId: string,
  period: Period,
  reservations: readonly ReservationLike[],
  ignoreId?: string | null,
): boolean {
  return findConflicts(carId, period, reservations, ignoreId).length === 0;
}

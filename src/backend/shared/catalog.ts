// The public catalogue's pure pieces, computed alike by both backends: the local server
// (server/services/catalog.ts) and the Firebase adapter with its Cloud Functions
// (src/backend/firebase/catalog.ts) call these, so the site sees the same cars, order and
// rules whichever backend serves it.
import { priceFromForCar, tiersForCar } from "../../domain/pricing";
import { type BookingRules, type Car, carSchema, type Price } from "../../domain/schemas";
import type { PublicCar, PublicSettings, WithId } from "../port";

/** Only the fields of the car schema reach the public: a stray key in a document never leaks. */
const PUBLIC_CAR_KEYS = Object.keys(carSchema.shape).filter((key) => key !== "priceFrom") as (keyof Car)[];

export function toPublicCar(car: WithId<Car>, prices: readonly WithId<Price>[], on: Date = new Date()): PublicCar {
  const projected: Record<string, unknown> = {};
  for (const key of PUBLIC_CAR_KEYS) {
    if (car[key] !== undefined) projected[key] = car[key];
  }
  return {
    ...(projected as Car),
    id: car.id,
    priceFrom: priceFromForCar(car, prices),
    tiers: tiersForCar(car, prices, on),
  };
}

/** The staff's order: sortOrder, then make and model. */
export function compareCars(
  a: Pick<Car, "sortOrder" | "make" | "model">,
  b: Pick<Car, "sortOrder" | "make" | "model">,
): number {
  return (
    (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || LT_ORDER.compare(a.make, b.make) || LT_ORDER.compare(a.model, b.model)
  );
}

/** One collator for every comparison (localeCompare with a locale builds one per call). */
const LT_ORDER = new Intl.Collator("lt");

const byOrderThenName = <T extends { sortOrder?: number; name?: string }>(a: T, b: T): number =>
  (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || LT_ORDER.compare(a.name ?? "", b.name ?? "");

/** Places and extras in the staff's order: sortOrder, then name. */
export const sortByOrderThenName = <T extends { sortOrder?: number; name?: string }>(items: readonly T[]): T[] =>
  [...items].sort(byOrderThenName);

/** The booking rules the site may know (the VAT rate and the like stay on the server). */
export function publicBookingRules(rules: BookingRules): PublicSettings["bookingRules"] {
  return {
    leadTimeHours: rules.leadTimeHours,
    minDays: rules.minDays,
    maxDays: rules.maxDays,
    maxAdvanceDays: rules.maxAdvanceDays,
    graceMinutes: rules.graceMinutes,
    openingHour: rules.openingHour,
    closingHour: rules.closingHour,
  };
}

// The price floor: no daily rate may be 0 € or below the company's smallest daily rate
// (settings.minDailyRate). One rule for the price form, the generic price write, the bulk
// change's preview and apply, and the undo; firestore.rules enforce the same on direct writes.
import { formatMoney } from "./format";

/** The floor when the settings do not name one (older settings documents). */
export const DEFAULT_MIN_DAILY_RATE = 1;
/** The largest floor the settings accept. */
export const MAX_MIN_DAILY_RATE = 1000;

export const priceFloorMessage = (floor: number): string =>
  `Paros kaina turi būti ne mažesnė kaip ${formatMoney(effectiveFloor(floor))}`;

/** A usable floor: a positive number, else the default. */
export function effectiveFloor(floor: number | null | undefined): number {
  return typeof floor === "number" && Number.isFinite(floor) && floor > 0 ? floor : DEFAULT_MIN_DAILY_RATE;
}

/** The floor of a settings document (missing or invalid field: the default). */
export const floorOfSettings = (settings: { minDailyRate?: unknown } | null | undefined): number =>
  effectiveFloor(typeof settings?.minDailyRate === "number" ? settings.minDailyRate : undefined);

/** Whether one daily rate breaks the floor: not a number, ≤ 0 or below the floor. */
export const breaksFloor = (rate: number, floor: number): boolean =>
  !(typeof rate === "number" && Number.isFinite(rate) && rate > 0 && rate >= effectiveFloor(floor));

/**
 * Field errors, keyed as the price form's paths ("tiers.0.dailyRate"), for every tier whose
 * daily rate is ≤ 0 or below the floor; empty when the price keeps the floor.
 */
export function priceFloorErrors(price: { tiers: { dailyRate: number }[] }, floor: number): Record<string, string> {
  const errors: Record<string, string> = {};
  const tiers = Array.isArray(price?.tiers) ? price.tiers : [];
  tiers.forEach((tier, index) => {
    if (breaksFloor(tier?.dailyRate, floor)) errors[`tiers.${index}.dailyRate`] = priceFloorMessage(floor);
  });
  return errors;
}

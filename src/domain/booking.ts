// Booking-period rules from the settings, checked on the site and again on the server.
import { DAY_ACCUSATIVE_FORMS, DAY_FORMS, formatCount, HOUR_ACCUSATIVE_FORMS } from "./format";
import { rentalDays } from "./pricing";
import type { BookingRules } from "./schemas";

export type BookingPeriodRules = Pick<
  BookingRules,
  "leadTimeHours" | "minDays" | "maxDays" | "maxAdvanceDays" | "graceMinutes"
>;

export const BOOKING_ERRORS = {
  badDate: "Neteisinga data ir laikas",
  pickupPast: "Paėmimo laikas jau praėjo",
  returnNotAfterPickup: "Grąžinimo laikas turi būti vėlesnis nei paėmimo",
} as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const parse = (value: string | Date): number => (value instanceof Date ? value.getTime() : Date.parse(value));

/**
 * Field errors in Lithuanian ({ pickupAt?, returnAt? }); an empty object means the
 * period may be booked. Days are counted as the price counts them (grace included).
 */
export function validateBookingPeriod(
  period: { pickupAt: string | Date; returnAt: string | Date },
  rules: BookingPeriodRules,
  now: Date,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const pickup = parse(period.pickupAt);
  const ret = parse(period.returnAt);
  const nowMs = now.getTime();

  if (Number.isNaN(pickup)) errors.pickupAt = BOOKING_ERRORS.badDate;
  else if (pickup < nowMs) errors.pickupAt = BOOKING_ERRORS.pickupPast;
  else if (pickup < nowMs + rules.leadTimeHours * HOUR_MS) {
    errors.pickupAt = `Rezervuoti galima ne vėliau kaip prieš ${formatCount(rules.leadTimeHours, HOUR_ACCUSATIVE_FORMS)}`;
  } else if (pickup > nowMs + rules.maxAdvanceDays * DAY_MS) {
    errors.pickupAt = `Rezervuoti galima ne anksčiau kaip prieš ${formatCount(rules.maxAdvanceDays, DAY_ACCUSATIVE_FORMS)}`;
  }

  if (Number.isNaN(ret)) errors.returnAt = BOOKING_ERRORS.badDate;
  else if (!Number.isNaN(pickup)) {
    if (ret <= pickup) errors.returnAt = BOOKING_ERRORS.returnNotAfterPickup;
    else {
      const days = rentalDays(new Date(pickup), new Date(ret), rules.graceMinutes);
      if (days < rules.minDays) {
        errors.returnAt = `Trumpiausia nuomos trukmė – ${formatCount(rules.minDays, DAY_FORMS)}`;
      } else if (days > rules.maxDays) {
        errors.returnAt = `Ilgiausia nuomos trukmė – ${formatCount(rules.maxDays, DAY_FORMS)}`;
      }
    }
  }
  return errors;
}

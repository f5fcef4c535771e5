// The back-office's live quote and availability check for a reservation being entered or
// edited, decided the same way by the local server and Cloud Functions: the input, the car,
// places and extras it names matched against the catalogue, the quote (or why there is none)
// and the overlapping reservations as listed. The callers load the data.
import { z } from "zod";
import { invalidFields } from "./input";
import { calculateQuote, QuoteError } from "./pricing";
import {
  type Car,
  type Extra,
  entityId,
  isoDateTime,
  type Location,
  type Offer,
  type Price,
  type Quote,
  reservationExtraSchema,
  type Settings,
} from "./schemas";

type WithId<T> = T & { id: string };

export const quoteCheckInputSchema = z
  .object({
    carId: entityId,
    pickupAt: isoDateTime,
    returnAt: isoDateTime,
    pickupLocationId: entityId.nullable().optional(),
    returnLocationId: entityId.nullable().optional(),
    extras: z.array(reservationExtraSchema).max(20).default([]),
    /** the reservation being edited: it never conflicts with itself (and keeps its "travels abroad") */
    reservationId: entityId.nullable().optional(),
    /** the booking's customer: the young driver's fee by rule is priced from the card's birth date */
    customerId: entityId.nullable().optional(),
  })
  .strict()
  .refine((input) => Date.parse(input.returnAt) > Date.parse(input.pickupAt), {
    error: "Grąžinimo laikas turi būti vėlesnis nei paėmimo",
    path: ["returnAt"],
  });
export type QuoteCheckInput = z.infer<typeof quoteCheckInputSchema>;
/** The input as a client sends it (extras may be left out). */
export type QuoteCheckRequest = z.input<typeof quoteCheckInputSchema>;

/** At most this many overlapping reservations are listed. */
export const QUOTE_CONFLICT_LIMIT = 20;

export interface QuoteConflict {
  id: string;
  number: string;
  status: string;
  pickupAt: string;
  returnAt: string;
}

export interface QuoteCheckResult {
  quote: Quote | null;
  /** why there is no quote (no price for the car, too many of an extra...) */
  quoteError: string | null;
  available: boolean;
  conflicts: QuoteConflict[];
  /**
   * where the car will be, when it is not at the pickup place (src/domain/carLocation.ts): staff
   * may still save (they move the car), the price includes the transfer; absent or null: no warning
   */
  placeWarning?: string | null;
}

/** The car to quote; an unknown one is a field error. */
export function requireQuoteCar<C>(car: C | null | undefined): C {
  if (!car) throw invalidFields({ carId: "Automobilis nerastas" });
  return car;
}

/**
 * The server's quote for the check. An unknown extra or place is a field error; a pricing
 * problem is not an error here but the reason shown instead of a quote.
 */
export function checkedQuote(
  input: Pick<QuoteCheckInput, "pickupAt" | "returnAt" | "pickupLocationId" | "returnLocationId" | "extras">,
  catalogue: {
    car: WithId<Car>;
    locations: WithId<Location>[];
    extras: WithId<Extra>[];
    prices: WithId<Price>[];
    offers: WithId<Offer>[];
    settings: Pick<Settings, "bookingRules">;
    /** the car brought from another place to the pickup (src/domain/carLocation.ts); absent: none */
    transferFee?: number;
  },
): Pick<QuoteCheckResult, "quote" | "quoteError"> {
  const errors: Record<string, string> = {};
  const chosen: { extra: WithId<Extra>; quantity: number }[] = [];
  input.extras.forEach((item, index) => {
    const extra = catalogue.extras.find((candidate) => candidate.id === item.id);
    if (!extra) errors[`extras.${index}.id`] = "Papildoma paslauga nerasta";
    else chosen.push({ extra, quantity: item.quantity });
  });
  const location = (id: string | null | undefined, field: string) => {
    if (!id) return null;
    const found = catalogue.locations.find((candidate) => candidate.id === id);
    if (!found) errors[field] = "Vieta nerasta";
    return found ?? null;
  };
  const pickupLocation = location(input.pickupLocationId, "pickupLocationId");
  const returnLocation = location(input.returnLocationId, "returnLocationId");
  if (Object.keys(errors).length > 0) throw invalidFields(errors);

  const rules = catalogue.settings.bookingRules;
  try {
    const quote = calculateQuote({
      car: catalogue.car,
      prices: catalogue.prices,
      pickupAt: input.pickupAt,
      returnAt: input.returnAt,
      extras: chosen,
      pickupLocation,
      returnLocation,
      offers: catalogue.offers,
      rules: { graceMinutes: rules.graceMinutes, vatRate: rules.vatRate, maxDays: rules.maxDays },
      transferFee: catalogue.transferFee ?? 0,
    });
    return { quote, quoteError: null };
  } catch (error) {
    if (!(error instanceof QuoteError)) throw error;
    return { quote: null, quoteError: error.message };
  }
}

const instant = (value: string | Date): number => new Date(value).getTime();

/** The overlapping reservations as the check lists them: earliest pickup first, at most 20, ISO times. */
export function quoteConflicts(
  reservations: readonly {
    id: string;
    number?: string | null | undefined;
    status: string;
    pickupAt: string | Date;
    returnAt: string | Date;
  }[],
): QuoteConflict[] {
  return [...reservations]
    .sort((a, b) => instant(a.pickupAt) - instant(b.pickupAt))
    .slice(0, QUOTE_CONFLICT_LIMIT)
    .map((reservation) => ({
      id: reservation.id,
      number: reservation.number ?? "",
      status: reservation.status,
      pickupAt: new Date(reservation.pickupAt).toISOString(),
      returnAt: new Date(reservation.returnAt).toISOString(),
    }));
}

export const quoteCheckResult = (
  priced: Pick<QuoteCheckResult, "quote" | "quoteError">,
  conflicts: QuoteConflict[],
): QuoteCheckResult => ({ ...priced, available: conflicts.length === 0, conflicts });

// The public reservation form's live quote, decided the same way by the local server
// (POST /api/site/quote) and Cloud Functions (quoteReservation): the car, period, places and
// extras read with the reservation's own field rules, the period checked against the booking
// rules, the car, places and extras matched as on submit (published and active only), then
// priced by the code that prices the reservation on submit. The answer says whether the car
// is free, never which reservations hold it. The callers load the data.
import { z } from "zod";
import { BOOKING_ERRORS } from "./booking";
import type { BookingTerms } from "./consumerInfo";
import { parseFields, prepareBody } from "./input";
import { QuoteError } from "./pricing";
import {
  type PricingCatalogue,
  periodOf,
  quoteRefs,
  type ReservationPeriod,
  type ResolvedRefs,
} from "./reservationInput";
import type { RuleFacts } from "./ruleFees";
import { isoDate, type Quote, reservationInputSchema } from "./schemas";

const QUOTED_FIELDS = {
  carId: true,
  pickupAt: true,
  returnAt: true,
  pickupLocationId: true,
  returnLocationId: true,
  extras: true,
  travelAbroad: true,
} as const;
export const SITE_QUOTE_INPUT_KEYS: readonly string[] = [...Object.keys(QUOTED_FIELDS), "birthDate"];

/**
 * The reservation's booked items: the reservation body's own field rules, nothing else; and the
 * driver's birth date when the form has it (the young driver's fee applies by it).
 */
export const siteQuoteInputSchema = z
  .object(reservationInputSchema.shape)
  .pick(QUOTED_FIELDS)
  .extend({ birthDate: isoDate.optional() })
  .strict()
  .refine((input) => Date.parse(input.returnAt) > Date.parse(input.pickupAt), {
    error: BOOKING_ERRORS.returnNotAfterPickup,
    path: ["returnAt"],
  });
/** The input as the browser sends it (extras may be left out). */
export type SiteQuoteInput = z.input<typeof siteQuoteInputSchema>;
export type SiteQuoteRequest = z.infer<typeof siteQuoteInputSchema>;

export interface SiteQuote {
  /** false when a reservation already holds the car over the period */
  available: boolean;
  quote: Quote | null;
  /** why there is no quote (no price for the car over the period) */
  quoteError: string | null;
  /** with a quote on the booking form: the cancellation window and how and when it is paid */
  terms?: BookingTerms;
}

/**
 * The body read: unknown fields are field errors, a body that is not an object is unusable
 * (400). The booking rules are the caller's next step (assertBookablePeriod), as on submit.
 */
export function readSiteQuote(body: unknown): { input: SiteQuoteRequest; period: ReservationPeriod } {
  const input = parseFields(siteQuoteInputSchema, prepareBody(body, SITE_QUOTE_INPUT_KEYS));
  return { input, period: periodOf(input) };
}

/** The answer: the submit's own price (or why there is none) and whether the car is free. */
export function siteQuoteAnswer(
  refs: ResolvedRefs,
  period: ReservationPeriod,
  catalogue: PricingCatalogue,
  free: boolean,
  facts: RuleFacts = {},
): SiteQuote {
  try {
    return { available: free, quote: quoteRefs(refs, period, catalogue, facts), quoteError: null };
  } catch (error) {
    if (!(error instanceof QuoteError)) throw error;
    return { available: free, quote: null, quoteError: error.message };
  }
}

// The live quote of the reservation form: the server's own quote (site.quote) for the car,
// period, places and extras as they stand, computed by the code that prices the reservation
// on submit. Asked QUOTE_DEBOUNCE_MS after the last change; while a newer answer is on its
// way the previous one stays on screen (marked pending), so the panel neither flickers nor
// jumps. When the car is taken, the other free cars come from the search for the period and
// pickup place. The browser sends the input as it is; the server validates it.
import { startTransition, useEffect, useState } from "react";
import { useBackend } from "../../app/BackendContext";
import { BackendError, type SearchResult, type SiteApi, type SiteQuoteInput } from "../../backend/port";
import type { BookingTerms } from "../../domain/consumerInfo";
import type { Quote } from "../../domain/schemas";
import { errorText, GENERIC_ERROR } from "../lib/errors";
import { type ReservationValues, toQuoteInput } from "./reservationValues";

export const QUOTE_DEBOUNCE_MS = 350;

export type LiveQuoteState =
  | { status: "idle" }
  | { status: "loading" }
  /** `terms`: the cancellation window and the payment, shown before the order button */
  | { status: "ready"; quote: Quote; terms?: BookingTerms }
  /** `reason`: why the car cannot be booked there (it cannot reach the pickup place in time); none: it is taken */
  | { status: "unavailable"; alternatives: SearchResult[]; reason?: string }
  | { status: "invalid"; messages: string[] }
  | { status: "error"; message: string };

/** `pending`: what is shown answers the previous choice; the answer to the current one is on its way. */
export type LiveQuote = LiveQuoteState & { pending?: boolean };

/** The last answer and the input (as a string) it answers. */
export interface LiveAnswer {
  key: string;
  live: LiveQuoteState;
}

/**
 * What the panel shows for the current input: nothing to quote yet (idle), the first answer
 * on its way (loading), its answer, or the previous answer while the current one is on its way.
 */
export function shownQuote(key: string, answer: LiveAnswer | null): LiveQuote {
  if (!key) return { status: "idle" };
  if (!answer) return { status: "loading" };
  return answer.key === key ? answer.live : { ...answer.live, pending: true };
}

/** The server's answer as a panel state; a refused input is the visitor's to fix, not an error. */
export async function askQuote(
  site: Pick<SiteApi, "quote" | "search">,
  input: SiteQuoteInput,
): Promise<LiveQuoteState> {
  try {
    const answer = await site.quote(input);
    if (!answer.available) {
      const alternatives = await site
        .search({ from: input.pickupAt, to: input.returnAt, location: input.pickupLocationId })
        .then(({ data }) => data.filter((result) => result.id !== input.carId))
        .catch(() => []);
      return answer.quoteError
        ? { status: "unavailable", alternatives, reason: answer.quoteError }
        : { status: "unavailable", alternatives };
    }
    if (!answer.quote) return { status: "invalid", messages: [answer.quoteError ?? GENERIC_ERROR] };
    return answer.terms
      ? { status: "ready", quote: answer.quote, terms: answer.terms }
      : { status: "ready", quote: answer.quote };
  } catch (error) {
    if (error instanceof BackendError && (error.status === 400 || error.status === 422)) {
      const messages = [...new Set(Object.values(error.fieldErrors))];
      return { status: "invalid", messages: messages.length > 0 ? messages : [error.message] };
    }
    return { status: "error", message: errorText(error) };
  }
}

export function useLiveQuote(values: ReservationValues): LiveQuote {
  const { site } = useBackend();
  const input = toQuoteInput(values);
  // The input as a string: the request is sent again only when what is booked changed.
  const key = input ? JSON.stringify(input) : "";
  const [answer, setAnswer] = useState<LiveAnswer | null>(null);

  useEffect(() => {
    if (!key) {
      // Nothing to quote: the next choice starts afresh rather than under an old answer.
      setAnswer(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      // Transitions: the answer never interrupts typing, and parts of a prerendered form not yet
      // hydrated are hydrated in slices.
      void askQuote(site, JSON.parse(key) as SiteQuoteInput).then(
        (live) => current && startTransition(() => setAnswer({ key, live })),
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, site]);

  return shownQuote(key, answer);
}

// The live quote of the reservation form: the server's search answer for the chosen period
// and pickup place (is the car free, what does it cost), completed with the extras and the
// return place in the browser (quote.ts). One search per period and place; extras and
// places change the preview without another request.
import { startTransition, useEffect, useMemo, useState } from "react";
import { useBackend } from "../../app/BackendContext";
import { BackendError, type PublicSettings, type SearchResult } from "../../backend/port";
import type { Quote } from "../../domain/schemas";
import { toInstantIso } from "../lib/dates";
import { errorText } from "../lib/errors";
import { previewQuote } from "./quote";
import type { ReservationValues } from "./reservationForm";

export const QUOTE_DEBOUNCE_MS = 350;

export type LiveQuote =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; quote: Quote; alternatives: SearchResult[] }
  | { status: "unavailable"; alternatives: SearchResult[] }
  | { status: "invalid"; messages: string[] }
  | { status: "error"; message: string };

interface SearchState {
  key: string;
  results?: SearchResult[];
  error?: unknown;
}

export function useLiveQuote(
  values: ReservationValues,
  settings: Pick<PublicSettings, "extras" | "locations" | "bookingRules">,
): LiveQuote {
  const { site } = useBackend();
  const from = toInstantIso({ date: values.pickupDate, time: values.pickupTime });
  const to = toInstantIso({ date: values.returnDate, time: values.returnTime });
  const location = values.pickupLocationId;
  const key = from && to && location ? `${from}|${to}|${location}` : "";
  const [search, setSearch] = useState<SearchState>({ key: "" });

  useEffect(() => {
    if (!key || !from || !to) return;
    let current = true;
    const timer = setTimeout(() => {
      // Transitions: the answer never interrupts typing, and parts of a prerendered form not yet
      // hydrated are hydrated in slices.
      site.search({ from, to, location }).then(
        (results) => current && startTransition(() => setSearch({ key, results })),
        (error: unknown) => current && startTransition(() => setSearch({ key, error })),
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, from, to, location, site]);

  return useMemo<LiveQuote>(() => {
    if (!key || !values.carId) return { status: "idle" };
    if (search.key !== key) return { status: "loading" };
    if (search.error !== undefined) {
      const error = search.error;
      if (error instanceof BackendError && (error.status === 400 || error.status === 422)) {
        const messages = [...new Set(Object.values(error.fieldErrors))];
        return { status: "invalid", messages: messages.length > 0 ? messages : [error.message] };
      }
      return { status: "error", message: errorText(error) };
    }
    const results = search.results ?? [];
    const alternatives = results.filter((result) => result.id !== values.carId);
    const mine = results.find((result) => result.id === values.carId);
    if (!mine || !from || !to) return { status: "unavailable", alternatives };
    try {
      const quote = previewQuote(mine.quote, {
        carId: values.carId,
        pickupAt: from,
        returnAt: to,
        extras: values.extras,
        pickupLocationId: values.pickupLocationId,
        returnLocationId: values.returnLocationId,
        settings,
      });
      return { status: "ready", quote, alternatives };
    } catch (error) {
      return { status: "invalid", messages: [errorText(error)] };
    }
  }, [key, search, values.carId, values.extras, values.pickupLocationId, values.returnLocationId, from, to, settings]);
}

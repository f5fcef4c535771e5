// The public search as both backends answer it: the query read, the period checked against
// the booking rules, then every free car priced, cheapest first. The callers load the cars,
// prices, offers and the cars already taken for the period.
import { validateBookingPeriod } from "./booking";
import { invalidFields, parseFields } from "./input";
import { calculateQuote, QuoteError } from "./pricing";
import type { BookingRules, Car, Location, Offer, Price, Quote } from "./schemas";
import { searchQuerySchema } from "./schemas";

type WithId<T> = T & { id: string };

export interface SearchPeriod {
  /** ISO instants */
  from: string;
  to: string;
  location?: string;
}

/** The search query's period (as ISO instants) and place; a bad one is a field error. */
export function readSearchQuery(query: Record<string, unknown>): SearchPeriod {
  const parsed = parseFields(searchQuerySchema, {
    from: query.from,
    to: query.to,
    ...(query.location ? { location: query.location } : {}),
  });
  return {
    from: new Date(parsed.from).toISOString(),
    to: new Date(parsed.to).toISOString(),
    ...(parsed.location ? { location: parsed.location } : {}),
  };
}

/** The booking rules applied to a search (now = the request's time); errors are named from/to like the query. */
export function checkSearchPeriod(period: SearchPeriod, rules: BookingRules, now: Date): void {
  const periodErrors = validateBookingPeriod({ pickupAt: period.from, returnAt: period.to }, rules, now);
  if (Object.keys(periodErrors).length > 0) {
    const names: Record<string, string> = { pickupAt: "from", returnAt: "to" };
    throw invalidFields(Object.fromEntries(Object.entries(periodErrors).map(([key, msg]) => [names[key] ?? key, msg])));
  }
}

/** The searched place among the usable ones; an unknown one is a field error. */
export function searchLocation<L extends { id: string }>(usable: L[], id: string | undefined): L | null {
  if (!id) return null;
  const location = usable.find((l) => l.id === id);
  if (!location) throw invalidFields({ location: "Vieta nerasta" });
  return location;
}

/**
 * The cars not taken, each with its quote, cheapest first (then the catalogue order). A car
 * without a price cannot be booked and is left out.
 */
export function pricedSearchResults<P>(args: {
  cars: WithId<Car>[];
  taken: ReadonlySet<string>;
  period: SearchPeriod;
  location: Location | null;
  prices: WithId<Price>[];
  offers: WithId<Offer>[];
  rules: Pick<BookingRules, "graceMinutes" | "vatRate">;
  toPublic: (car: WithId<Car>, prices: WithId<Price>[], on: Date) => P;
  compare: (a: P, b: P) => number;
}): { id: string; car: P; quote: Quote }[] {
  const { period, prices } = args;
  const results: { id: string; car: P; quote: Quote }[] = [];
  for (const car of args.cars) {
    if (args.taken.has(car.id)) continue;
    try {
      const quote = calculateQuote({
        car,
        prices,
        pickupAt: period.from,
        returnAt: period.to,
        pickupLocation: args.location,
        returnLocation: args.location,
        offers: args.offers,
        rules: { graceMinutes: args.rules.graceMinutes, vatRate: args.rules.vatRate },
      });
      results.push({ id: car.id, car: args.toPublic(car, prices, new Date(period.from)), quote });
    } catch (error) {
      if (!(error instanceof QuoteError)) throw error;
    }
  }
  return results.sort((a, b) => a.quote.total - b.quote.total || args.compare(a.car, b.car));
}

// The public search as both backends answer it: the query read, the period checked against
// the booking rules, then every free car priced, cheapest first. The callers load the cars,
// prices, offers and the cars already taken for the period.
import { validateBookingPeriod } from "./booking";
import { invalidFields, parseFields } from "./input";
import { calculateQuote, QuoteError } from "./pricing";
import type { BookingRules, Car, Location, Offer, Price, Quote } from "./schemas";
import { searchQuerySchema } from "./schemas";
import { SEARCH_MAX_LIMIT, SEARCH_PAGE_SIZE } from "./searchPage";

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

export interface SearchPageRequest {
  limit: number;
  offset: number;
}

function wholeNumber(value: unknown, fallback: number): number | null {
  if (value === undefined || value === null || value === "") return fallback;
  const number = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : Number.NaN;
  return Number.isSafeInteger(number) ? number : null;
}

/** Which results the search answers: `limit` 1–100 (default 24), `offset` from 0; a bad one is a field error. */
export function readSearchPage(query: Record<string, unknown>): SearchPageRequest {
  const limit = wholeNumber(query.limit, SEARCH_PAGE_SIZE);
  const offset = wholeNumber(query.offset, 0);
  const errors: Record<string, string> = {};
  if (limit === null || limit < 1 || limit > SEARCH_MAX_LIMIT) {
    errors.limit = `Rezultatų skaičius turi būti sveikasis skaičius nuo 1 iki ${SEARCH_MAX_LIMIT}`;
  }
  if (offset === null || offset < 0)
    errors.offset = "Praleidžiamų rezultatų skaičius turi būti sveikasis, ne mažesnis nei 0";
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  return { limit: limit as number, offset: offset as number };
}

/**
 * The cars not taken, each with its quote, cheapest first (then the catalogue order), one page
 * of them and how many there are in all. A car without a price cannot be booked and is left out.
 * Only the page's cars are made public (the rest are priced for the order only).
 */
export function pricedSearchResults<P>(args: {
  cars: WithId<Car>[];
  taken: ReadonlySet<string>;
  period: SearchPeriod;
  location: Location | null;
  prices: WithId<Price>[];
  offers: WithId<Offer>[];
  rules: Pick<BookingRules, "graceMinutes" | "vatRate" | "maxDays">;
  page?: SearchPageRequest;
  toPublic: (car: WithId<Car>, prices: WithId<Price>[], on: Date) => P;
  compare: (a: WithId<Car>, b: WithId<Car>) => number;
  /** the transfer fee of each car that must be brought to the place (src/domain/carLocation.ts) */
  transferFees?: ReadonlyMap<string, number>;
}): { data: { id: string; car: P; quote: Quote }[]; total: number } {
  const { period, prices } = args;
  const priced: { car: WithId<Car>; quote: Quote }[] = [];
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
        rules: { graceMinutes: args.rules.graceMinutes, vatRate: args.rules.vatRate, maxDays: args.rules.maxDays },
        transferFee: args.transferFees?.get(car.id) ?? 0,
      });
      priced.push({ car, quote });
    } catch (error) {
      if (!(error instanceof QuoteError)) throw error;
    }
  }
  priced.sort((a, b) => a.quote.total - b.quote.total || args.compare(a.car, b.car));
  const page = args.page ?? { limit: priced.length, offset: 0 };
  const on = new Date(period.from);
  return {
    data: priced
      .slice(page.offset, page.offset + page.limit)
      .map(({ car, quote }) => ({ id: car.id, car: args.toPublic(car, prices, on), quote })),
    total: priced.length,
  };
}

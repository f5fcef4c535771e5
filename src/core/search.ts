// The public search: every published car free for [from, to), priced on the server, cheapest
// first. Visitors cannot read reservations, so availability is decided here.

import { BLOCKING_STATUSES, blockPeriod, carHolds, intervalsOverlap, widenedPeriod } from "../domain/availability";
import { matchesCarFilter, parseCarFilter } from "../domain/carFilter";
import { isPlainObject } from "../domain/input";
import type { SearchResults } from "../domain/publicCatalog";
import { compareCars, toPublicCar } from "../domain/publicCatalog";
import type { Reservation } from "../domain/schemas";
import {
  checkSearchPeriod,
  pricedSearchResults,
  readSearchPage,
  readSearchQuery,
  searchLocation,
} from "../domain/search";
import { loadActiveOffers, loadLocations, loadPrices, loadPublishedCars, loadSettings } from "./catalog";
import { COLLECTIONS } from "./collections";
import { blocksStartingBefore } from "./maintenance";
import type { CoreContext, StoredDoc } from "./ports";
import { derivedOnce } from "./records";

/**
 * `query`: from, to, location?, the catalogue filters (category, transmission, fuel, seats) and
 * the page (limit 1–100, default 24; offset). Answers the page and how many cars are free in all.
 */
/** Return times of holds, each frozen one parsed once (records.ts derivedOnce). */
const returnTimes = new WeakMap<object, number>();
const returnTimeOf = (doc: StoredDoc): number =>
  derivedOnce(returnTimes, doc.data, () => Date.parse(String(doc.data.returnAt)));

export async function searchCars(ctx: CoreContext, query: unknown): Promise<SearchResults> {
  const { store } = ctx;
  const input = isPlainObject(query) ? query : {};
  const period = readSearchQuery(input);
  const filter = parseCarFilter(input);
  const page = readSearchPage(input);
  const settings = await loadSettings(store);
  checkSearchPeriod(period, settings.bookingRules, ctx.clock.now());
  const location = period.location
    ? searchLocation(await loadLocations(store, { activeOnly: true }), period.location)
    : null;

  const cars = await loadPublishedCars(store);
  const prices = await loadPrices(store);
  const offers = await loadActiveOffers(store);
  // Reservations that hold a car and maintenance blocks, starting before the period ends (plus the
  // turnaround buffer); the rest of the overlap test is done here (one range per query is what
  // Firestore's indexes allow).
  const searched = { pickupAt: period.from, returnAt: period.to };
  const buffer = settings.bookingRules.turnaroundMinutes;
  const widened = widenedPeriod(searched, buffer);
  const until = widened.returnAt;
  const holding = await store.query(COLLECTIONS.reservations, {
    where: [
      { field: "status", op: "in", value: [...BLOCKING_STATUSES] },
      { field: "pickupAt", op: "<", value: until },
    ],
  });
  const blocks = await blocksStartingBefore(store, until);
  // Most holds of a busy fleet end before the period: drop them before building records.
  const since = Date.parse(widened.pickupAt);
  const taken = new Set([
    // The hold's own data, not a record of it: only its period and car are read.
    // A rental with a car swap holds each of its cars only over its part (carHolds): the car
    // swapped away is free from the swap on.
    ...holding
      .filter((doc) => returnTimeOf(doc) > since)
      .flatMap((doc) => carHolds(doc.data as Pick<Reservation, "carId" | "pickupAt" | "returnAt" | "carSwaps">))
      .filter((hold) => intervalsOverlap(hold, searched, buffer))
      .map((hold) => hold.carId),
    ...blocks.filter((block) => intervalsOverlap(blockPeriod(block), searched, buffer)).map((block) => block.carId),
  ]);
  return pricedSearchResults({
    cars: cars.filter((car) => matchesCarFilter(car, filter)),
    taken,
    period,
    location,
    prices,
    offers,
    rules: settings.bookingRules,
    page,
    toPublic: toPublicCar,
    compare: compareCars,
  });
}

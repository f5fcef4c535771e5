// The public search: every published car free for [from, to), priced on the server, cheapest
// first. Visitors cannot read reservations, so availability is decided here.

import { BLOCKING_STATUSES, blockPeriod, carHolds, intervalsOverlap, widenedPeriod } from "../domain/availability";
import { matchesCarFilter, parseCarFilter } from "../domain/carFilter";
import { type PlacedHold, searchPlaceVerdicts } from "../domain/carLocation";
import { transfersOf } from "../domain/carTransfers";
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
  // At a place, the holds that start within the transfer lead time after the rental matter too
  // (the car must reach the next pickup place): the same one query, a little further.
  const transfers = transfersOf(settings);
  const holdsUntil = location
    ? new Date(Math.max(Date.parse(until), Date.parse(period.to) + transfers.leadHours * 3_600_000)).toISOString()
    : until;
  const holding = await store.query(COLLECTIONS.reservations, {
    where: [
      { field: "status", op: "in", value: [...BLOCKING_STATUSES] },
      { field: "pickupAt", op: "<", value: holdsUntil },
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
  const matching = cars.filter((car) => matchesCarFilter(car, filter));
  // Where each car will be at the pickup (src/domain/carLocation.ts), from the holds read above.
  const places = location
    ? searchPlaceVerdicts({
        cars: matching.filter((car) => !taken.has(car.id)),
        holds: holding.map((doc) => doc.data as unknown as PlacedHold),
        period: searched,
        locationId: location.id,
        now: ctx.clock.now(),
        transfers,
      })
    : null;
  for (const id of places?.unreachable ?? []) taken.add(id);
  return pricedSearchResults({
    cars: matching,
    taken,
    period,
    location,
    prices,
    offers,
    rules: settings.bookingRules,
    page,
    toPublic: toPublicCar,
    compare: compareCars,
    ...(places ? { transferFees: places.fees } : {}),
  });
}

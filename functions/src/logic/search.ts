// The callable searchCars: published cars free for [from, to), each with a server-computed
// quote, cheapest first; the same answer as the local server's GET /api/site/search.
// Visitors cannot read reservations, so availability is decided here.
import { compareCars, matchesCarFilter, toPublicCar } from "../../../src/backend/firebase/catalog";
import { RESOURCE_MODELS } from "../../../src/backend/firebase/model";
import type { CarFilter, SearchResult } from "../../../src/backend/port";
import { BLOCKING_STATUSES, intervalsOverlap } from "../../../src/domain/availability";
import { validateBookingPeriod } from "../../../src/domain/booking";
import { calculateQuote, QuoteError } from "../../../src/domain/pricing";
import { CAR_CATEGORIES, FUELS, searchQuerySchema, TRANSMISSIONS } from "../../../src/domain/schemas";
import type { Reader } from "../store";
import { loadActiveOffers, loadLocations, loadPrices, loadPublishedCars, loadSettings, record } from "./catalog";
import { invalidInput } from "./errors";
import { isPlainObject, zodErrors } from "./input";

function carFilter(input: Record<string, unknown>): CarFilter {
  const filter: CarFilter = {};
  const errors: Record<string, string> = {};
  const pick = <T extends string>(key: string, values: readonly T[], message: string) => {
    const value = input[key];
    if (value === undefined || value === null || value === "") return undefined;
    if (typeof value === "string" && (values as readonly string[]).includes(value)) return value as T;
    errors[key] = message;
    return undefined;
  };
  const category = pick("category", CAR_CATEGORIES, "Nežinoma automobilio klasė");
  const transmission = pick("transmission", TRANSMISSIONS, "Nežinoma pavarų dėžė");
  const fuel = pick("fuel", FUELS, "Nežinomas kuro tipas");
  if (category) filter.category = category;
  if (transmission) filter.transmission = transmission;
  if (fuel) filter.fuel = fuel;
  if (input.seats !== undefined && input.seats !== null && input.seats !== "") {
    const seats = Number(input.seats);
    if (Number.isInteger(seats) && seats >= 1 && seats <= 99) filter.seats = seats;
    else errors.seats = "Sėdimų vietų skaičius turi būti teigiamas sveikasis skaičius";
  }
  if (Object.keys(errors).length > 0) throw invalidInput(errors, "Neteisingi paieškos filtrai");
  return filter;
}

export async function searchCars(reader: Reader, body: unknown, now: Date = new Date()): Promise<SearchResult[]> {
  const input = isPlainObject(body) ? body : {};
  const parsed = searchQuerySchema.safeParse({
    from: input.from,
    to: input.to,
    ...(input.location ? { location: input.location } : {}),
  });
  if (!parsed.success) throw invalidInput(zodErrors(parsed.error));
  const filter = carFilter(input);
  const from = new Date(parsed.data.from).toISOString();
  const to = new Date(parsed.data.to).toISOString();

  const settings = await loadSettings(reader);
  const periodErrors = validateBookingPeriod({ pickupAt: from, returnAt: to }, settings.bookingRules, now);
  if (Object.keys(periodErrors).length > 0) {
    const names: Record<string, string> = { pickupAt: "from", returnAt: "to" };
    throw invalidInput(Object.fromEntries(Object.entries(periodErrors).map(([key, msg]) => [names[key] ?? key, msg])));
  }

  let location = null;
  if (parsed.data.location) {
    location = (await loadLocations(reader)).find((l) => l.id === parsed.data.location && l.active !== false) ?? null;
    if (!location) throw invalidInput({ location: "Vieta nerasta" });
  }

  const [cars, prices, offers, holding] = await Promise.all([
    loadPublishedCars(reader),
    loadPrices(reader),
    loadActiveOffers(reader),
    reader.query(RESOURCE_MODELS.reservations.collection, {
      where: [{ field: "status", op: "in", value: [...BLOCKING_STATUSES] }],
    }),
  ]);
  const taken = new Set(
    holding
      .map((doc) => record<{ carId: string; pickupAt: string; returnAt: string }>("reservations", doc))
      .filter((reservation) => intervalsOverlap(reservation, { pickupAt: from, returnAt: to }))
      .map((reservation) => reservation.carId),
  );
  const results: SearchResult[] = [];
  for (const car of cars) {
    if (taken.has(car.id) || !matchesCarFilter(car, filter)) continue;
    try {
      const quote = calculateQuote({
        car,
        prices,
        pickupAt: from,
        returnAt: to,
        pickupLocation: location,
        returnLocation: location,
        offers,
        rules: { graceMinutes: settings.bookingRules.graceMinutes, vatRate: settings.bookingRules.vatRate },
      });
      results.push({ id: car.id, car: toPublicCar(car, prices, new Date(from)), quote });
    } catch (error) {
      // A car without a price cannot be booked; it is left out of the results.
      if (!(error instanceof QuoteError)) throw error;
    }
  }
  return results.sort((a, b) => a.quote.total - b.quote.total || compareCars(a.car, b.car));
}

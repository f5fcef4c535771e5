// The callable searchCars: published cars free for [from, to), each with a server-computed
// quote, cheapest first; the same answer as the local server's GET /api/site/search.
// Visitors cannot read reservations, so availability is decided here.
import { matchesCarFilter } from "../../../src/backend/firebase/catalog";
import { RESOURCE_MODELS } from "../../../src/backend/firebase/model";
import type { CarFilter, SearchResult } from "../../../src/backend/port";
import { compareCars, toPublicCar } from "../../../src/backend/shared/catalog";
import { BLOCKING_STATUSES, intervalsOverlap } from "../../../src/domain/availability";
import { isPlainObject } from "../../../src/domain/input";
import { CAR_CATEGORIES, FUELS, TRANSMISSIONS } from "../../../src/domain/schemas";
import { checkSearchPeriod, pricedSearchResults, readSearchQuery, searchLocation } from "../../../src/domain/search";
import type { Reader } from "../store";
import { loadActiveOffers, loadLocations, loadPrices, loadPublishedCars, loadSettings, record } from "./catalog";
import { invalidInput } from "./errors";
import { withFunctionErrors } from "./input";

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
  return withFunctionErrors(async () => {
    const input = isPlainObject(body) ? body : {};
    const period = readSearchQuery(input);
    const filter = carFilter(input);
    const settings = await loadSettings(reader);
    checkSearchPeriod(period, settings.bookingRules, now);
    const location = period.location
      ? searchLocation(
          (await loadLocations(reader)).filter((l) => l.active !== false),
          period.location,
        )
      : null;

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
        .filter((reservation) => intervalsOverlap(reservation, { pickupAt: period.from, returnAt: period.to }))
        .map((reservation) => reservation.carId),
    );
    return pricedSearchResults({
      cars: cars.filter((car) => matchesCarFilter(car, filter)),
      taken,
      period,
      location,
      prices,
      offers,
      rules: settings.bookingRules,
      toPublic: toPublicCar,
      compare: compareCars,
    });
  });
}

// The catalogue's filters (class, gearbox, fuel, seats) as the site sends them, read alike by
// both backends; a value we do not know is an InputError with the field named.
import { InputError, isPlainObject } from "./input";
import { CAR_CATEGORIES, type Car, FUELS, TRANSMISSIONS } from "./schemas";

export interface CarFilter {
  category?: Car["category"];
  transmission?: Car["transmission"];
  fuel?: Car["fuel"];
  /** at least this many seats */
  seats?: number;
}

export const CAR_FILTER_MESSAGE = "Neteisingi paieškos filtrai";

const foldDiacritics = (value: string): string =>
  value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** Matches a query value against a list, forgiving a missing diacritic ("ekonomine"). */
function matchEnum<T extends string>(values: readonly T[], raw: string): T | undefined {
  const wanted = foldDiacritics(raw.trim());
  return values.find((value) => foldDiacritics(value) === wanted);
}

const given = (value: unknown): boolean => value !== undefined && value !== null && value !== "";

/** Query parameters (or a callable's fields) as a CarFilter. */
export function parseCarFilter(query: unknown): CarFilter {
  const input = isPlainObject(query) ? query : {};
  const filter: CarFilter = {};
  const errors: Record<string, string> = {};
  const pick = <T extends string>(key: string, values: readonly T[], message: string): T | undefined => {
    const raw = input[key];
    if (!given(raw)) return undefined;
    const value = typeof raw === "string" ? matchEnum(values, raw) : undefined;
    if (!value) errors[key] = message;
    return value;
  };
  const category = pick("category", CAR_CATEGORIES, "Nežinoma automobilio klasė");
  const transmission = pick("transmission", TRANSMISSIONS, "Nežinoma pavarų dėžė");
  const fuel = pick("fuel", FUELS, "Nežinomas degalų tipas");
  if (category) filter.category = category;
  if (transmission) filter.transmission = transmission;
  if (fuel) filter.fuel = fuel;
  if (given(input.seats)) {
    const text = String(input.seats).trim();
    const seats = Number(text);
    if (/^\d{1,2}$/.test(text) && seats >= 1) filter.seats = seats;
    else errors.seats = "Sėdimų vietų skaičius turi būti teigiamas sveikasis skaičius";
  }
  if (Object.keys(errors).length > 0) throw new InputError(CAR_FILTER_MESSAGE, errors);
  return filter;
}

/** Whether a car passes the filters (seats means "at least"); takes a filter read or not. */
export function matchesCarFilter(
  car: Pick<Car, "category" | "transmission" | "fuel" | "seats">,
  filter: { category?: string; transmission?: string; fuel?: string; seats?: number },
) {
  return (
    (!filter.category || car.category === filter.category) &&
    (!filter.transmission || car.transmission === filter.transmission) &&
    (!filter.fuel || car.fuel === filter.fuel) &&
    (filter.seats === undefined || car.seats >= filter.seats)
  );
}

// Reference data the use cases read: settings, places, extras, prices, offers, cars. Small
// collections, read whole and filtered here, so "active unless switched off" means the same on
// every store (a missing `active` is active).
import { compareCars, sortByOrderThenName } from "../domain/publicCatalog";
import type { Car, Extra, Location, Offer, Price, Settings } from "../domain/schemas";
import { settingsFromDoc } from "../domain/settings";
import { COLLECTIONS, SETTINGS_ID } from "./collections";
import type { DocumentStore, Reader } from "./ports";
import { carRecord, type Stamped, toRecord } from "./records";

export async function loadAll<T>(reader: Reader, collection: string): Promise<Stamped<T>[]> {
  return (await reader.query(collection)).map((doc) => toRecord<T>(doc));
}

export async function loadOne<T>(reader: Reader, collection: string, id: string): Promise<Stamped<T> | null> {
  const doc = await reader.get(collection, id);
  return doc ? toRecord<T>(doc) : null;
}

/** The settings document; without one (a fresh install) the booking rules and templates fall back to defaults. */
export async function loadSettings(reader: Reader): Promise<Settings> {
  const doc = await reader.get(COLLECTIONS.settings, SETTINGS_ID);
  return settingsFromDoc((doc?.data ?? {}) as Partial<Settings>);
}

const isOn = (item: { active?: boolean | null }): boolean => item.active !== false;

export async function loadLocations(reader: Reader, opts: { activeOnly?: boolean } = {}): Promise<Stamped<Location>[]> {
  const all = await loadAll<Location>(reader, COLLECTIONS.locations);
  return sortByOrderThenName(opts.activeOnly ? all.filter(isOn) : all);
}

export async function loadExtras(reader: Reader, opts: { activeOnly?: boolean } = {}): Promise<Stamped<Extra>[]> {
  const all = await loadAll<Extra>(reader, COLLECTIONS.extras);
  return sortByOrderThenName(opts.activeOnly ? all.filter(isOn) : all);
}

export function loadPrices(reader: Reader): Promise<Stamped<Price>[]> {
  return loadAll<Price>(reader, COLLECTIONS.prices);
}

/** Offers switched on by staff; whether one applies to a rental is the quote's business. */
export async function loadActiveOffers(reader: Reader): Promise<Stamped<Offer>[]> {
  const offers = (await loadAll<Offer>(reader, COLLECTIONS.offers)).filter(isOn);
  return offers.sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || a.title.localeCompare(b.title, "lt"));
}

/** Published cars in the staff's order (sortOrder, then make and model). */
export async function loadPublishedCars(reader: Reader): Promise<Stamped<Car>[]> {
  const docs = await reader.query(COLLECTIONS.cars, { where: [{ field: "status", op: "==", value: "active" }] });
  return docs.map((doc) => carRecord(doc)).sort(compareCars);
}

/** Any car by id, whatever its status (reservations refer to hidden cars too); null for a malformed id. */
export function loadCar(reader: Reader, store: DocumentStore, id: string): Promise<Stamped<Car> | null> {
  if (!store.isId(id)) return Promise.resolve(null);
  return loadOne<Car>(reader, COLLECTIONS.cars, id);
}

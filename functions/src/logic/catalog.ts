// Reference data the functions read: settings, places, extras, prices, offers, cars.
// Documents come back as the domain's records (ISO dates, no internal fields).

import { type FirestoreResource, RESOURCE_MODELS, SETTINGS_DOC_ID } from "../../../src/backend/firebase/model";
import { fromStoredDoc } from "../../../src/backend/firebase/storedDoc";
import type { WithId } from "../../../src/backend/port";
import { sortByOrderThenName } from "../../../src/backend/shared/catalog";
import type { Car, Extra, Location, Offer, Price, Settings } from "../../../src/domain/schemas";
import { settingsFromDoc } from "../../../src/domain/settings";
import type { Reader, StoredDoc } from "../store";

export const record = <T>(resource: FirestoreResource, doc: StoredDoc): WithId<T> =>
  fromStoredDoc(resource, doc.id, doc.data) as unknown as WithId<T>;

const collectionOf = (resource: FirestoreResource) => RESOURCE_MODELS[resource].collection;

export async function loadAll<T>(reader: Reader, resource: FirestoreResource): Promise<WithId<T>[]> {
  return (await reader.query(collectionOf(resource))).map((doc) => record<T>(resource, doc));
}

export async function loadOne<T>(reader: Reader, resource: FirestoreResource, id: string): Promise<WithId<T> | null> {
  const doc = await reader.get(collectionOf(resource), id);
  return doc ? record<T>(resource, doc) : null;
}

/** The settings document; without one the booking rules and e-mail templates fall back to defaults. */
export async function loadSettings(reader: Reader): Promise<Settings> {
  const doc = await loadOne<Partial<Settings>>(reader, "settings", SETTINGS_DOC_ID);
  return settingsFromDoc(doc ?? {});
}

export async function loadLocations(reader: Reader): Promise<WithId<Location>[]> {
  return sortByOrderThenName(await loadAll<Location>(reader, "locations"));
}

export async function loadExtras(reader: Reader): Promise<WithId<Extra>[]> {
  return sortByOrderThenName(await loadAll<Extra>(reader, "extras"));
}

export function loadPrices(reader: Reader): Promise<WithId<Price>[]> {
  return loadAll<Price>(reader, "prices");
}

/** Offers switched on by staff; whether one applies to a rental is the quote's business. */
export async function loadActiveOffers(reader: Reader): Promise<WithId<Offer>[]> {
  const offers = (
    await reader.query(collectionOf("offers"), { where: [{ field: "active", op: "==", value: true }] })
  ).map((doc) => record<Offer>("offers", doc));
  return offers.sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || a.title.localeCompare(b.title, "lt"));
}

export async function loadPublishedCars(reader: Reader): Promise<WithId<Car>[]> {
  return (await reader.query(collectionOf("cars"), { where: [{ field: "status", op: "==", value: "active" }] })).map(
    (doc) => record<Car>("cars", doc),
  );
}

// What the public site reads: published cars with their public prices, live offers, published
// news and the public settings. (The Firebase adapter's browser reads the same projections from
// Firestore itself, through src/backend/firebase/catalog.ts and the rules.)

import { backupSettingsOf } from "../domain/backupSchedule";
import { type CarFilter, matchesCarFilter } from "../domain/carFilter";
import { backupRetentionOf } from "../domain/privacyPolicy";
import type { PublicCar, PublicSettings } from "../domain/publicCatalog";
import { publicBookingRules, publicFeesOf, toPublicCar } from "../domain/publicCatalog";
import { retentionOf } from "../domain/retention";
import type { News, Offer } from "../domain/schemas";
import { vilniusDateString } from "../domain/time";
import { loadActiveOffers, loadExtras, loadLocations, loadPrices, loadPublishedCars, loadSettings } from "./catalog";
import { COLLECTIONS } from "./collections";
import type { Reader } from "./ports";
import { carRecord, newsRecord, type Stamped } from "./records";

export async function listPublicCars(reader: Reader, filter: CarFilter = {}, now = new Date()): Promise<PublicCar[]> {
  const cars = (await loadPublishedCars(reader)).filter((car) => matchesCarFilter(car, filter));
  const prices = await loadPrices(reader);
  return cars.map((car) => toPublicCar(car, prices, now));
}

export async function getPublicCar(reader: Reader, slug: string, now = new Date()): Promise<PublicCar | null> {
  const docs = await reader.query(COLLECTIONS.cars, {
    where: [
      { field: "slug", op: "==", value: slug },
      { field: "status", op: "==", value: "active" },
    ],
    limit: 1,
  });
  const car = docs[0] ? carRecord(docs[0]) : null;
  return car ? toPublicCar(car, await loadPrices(reader), now) : null;
}

/** Offers for the site: active and not yet expired (validTo is a Vilnius calendar date). */
export async function listPublicOffers(reader: Reader, now = new Date()): Promise<Stamped<Offer>[]> {
  const today = vilniusDateString(now);
  return (await loadActiveOffers(reader)).filter((offer) => offer.validTo >= today);
}

const isOut = (item: News, now: Date): boolean =>
  item.status === "published" && item.publishedAt !== null && Date.parse(item.publishedAt) <= now.getTime();

/** Published news, newest first; an item with a future publishedAt stays hidden until then. */
export async function listPublicNews(reader: Reader, now = new Date()): Promise<Stamped<News>[]> {
  const docs = await reader.query(COLLECTIONS.news, { where: [{ field: "status", op: "==", value: "published" }] });
  return docs
    .map((doc) => newsRecord(doc))
    .filter((item) => isOut(item, now))
    .sort((a, b) => Date.parse(b.publishedAt ?? "") - Date.parse(a.publishedAt ?? ""));
}

export async function getPublicNews(reader: Reader, slug: string, now = new Date()): Promise<Stamped<News> | null> {
  const docs = await reader.query(COLLECTIONS.news, { where: [{ field: "slug", op: "==", value: slug }], limit: 1 });
  const item = docs[0] ? newsRecord(docs[0]) : null;
  return item && isOut(item, now) ? item : null;
}

export async function loadPublicSettings(reader: Reader): Promise<PublicSettings> {
  // One after another: on PostgreSQL a transaction has a single connection.
  const settings = await loadSettings(reader);
  const locations = await loadLocations(reader, { activeOnly: true });
  const extras = await loadExtras(reader, { activeOnly: true });
  return {
    company: settings.company,
    locations,
    extras,
    terms: settings.terms,
    about: settings.about,
    privacy: settings.privacy,
    retention: retentionOf(settings),
    fees: publicFeesOf(settings),
    backupRetention: backupRetentionOf(backupSettingsOf(settings)),
    bookingRules: publicBookingRules(settings.bookingRules),
  };
}

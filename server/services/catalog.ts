// Read side of the public catalogue: settings, places, extras, prices, offers and the
// public car projection. Fleet data lives in its own table and is never read here.
import type { CarFilter, PublicCar, PublicSettings, WithId } from "../../src/backend/port";
import { compareCars, publicBookingRules, sortByOrderThenName, toPublicCar } from "../../src/backend/shared/catalog";
import {
  CAR_CATEGORIES,
  type Car,
  type Extra,
  FUELS,
  type Location,
  type News,
  type Offer,
  type Price,
  type Settings,
  TRANSMISSIONS,
} from "../../src/domain/schemas";
import { settingsFromDoc } from "../../src/domain/settings";
import { vilniusDateString } from "../../src/domain/time";
import type { Queryable } from "../db/types";
import { SETTINGS_ID } from "../db/types";
import { ApiError } from "../http/errors";

export interface DocRow {
  id: string;
  doc: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

/** A table row as the API shows it: { id, ...doc, createdAt, updatedAt }. */
export function rowToRecord<T = Record<string, unknown>>(
  row: DocRow,
): WithId<T> & {
  createdAt: string;
  updatedAt: string;
} {
  // id first for readability; the columns win over any stray copy inside the document.
  return Object.assign({ id: row.id }, row.doc as T, {
    id: row.id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}

/** Today's calendar date in Europe/Vilnius, "2026-11-21". */
export function vilniusToday(now: Date = new Date()): string {
  return vilniusDateString(now);
}

/** The calendar year in Europe/Vilnius (a reservation made at 00:30 on 1 January belongs to the new year). */
export function vilniusYear(now: Date = new Date()): number {
  return Number(vilniusToday(now).slice(0, 4));
}

// ---------- Settings ----------

/**
 * The settings document. A database without one (a fresh install before the admin
 * saved the settings) still works: booking rules fall back to their defaults.
 */
export async function loadSettings(q: Queryable): Promise<Settings> {
  const { rows } = await q.query<{ doc: Record<string, unknown> }>("SELECT doc FROM settings WHERE id = $1", [
    SETTINGS_ID,
  ]);
  return settingsFromDoc((rows[0]?.doc ?? {}) as Partial<Settings>);
}

export async function loadPublicSettings(q: Queryable): Promise<PublicSettings> {
  // Sequential: `q` may be a transaction's single connection.
  const settings = await loadSettings(q);
  const locations = await loadLocations(q, { activeOnly: true });
  const extras = await loadExtras(q, { activeOnly: true });
  return {
    company: settings.company,
    locations,
    extras,
    terms: settings.terms,
    about: settings.about,
    privacy: settings.privacy,
    bookingRules: publicBookingRules(settings.bookingRules),
  };
}

// ---------- Reference data ----------

async function loadDocs<T>(q: Queryable, table: string, where = ""): Promise<WithId<T>[]> {
  const { rows } = await q.query<DocRow>(`SELECT id, doc, created_at, updated_at FROM ${table} ${where}`);
  return rows.map((row) => rowToRecord<T>(row));
}

export async function loadLocations(q: Queryable, opts: { activeOnly?: boolean } = {}): Promise<WithId<Location>[]> {
  const where = opts.activeOnly ? "WHERE coalesce((doc->>'active')::boolean, true)" : "";
  return sortByOrderThenName(await loadDocs<Location>(q, "locations", where));
}

export async function loadExtras(q: Queryable, opts: { activeOnly?: boolean } = {}): Promise<WithId<Extra>[]> {
  const where = opts.activeOnly ? "WHERE coalesce((doc->>'active')::boolean, true)" : "";
  return sortByOrderThenName(await loadDocs<Extra>(q, "extras", where));
}

export async function loadPrices(q: Queryable): Promise<WithId<Price>[]> {
  return loadDocs<Price>(q, "prices");
}

/** Offers switched on by staff; whether one applies to a rental is the quote's business. */
export async function loadActiveOffers(q: Queryable): Promise<WithId<Offer>[]> {
  const offers = await loadDocs<Offer>(q, "offers", "WHERE coalesce((doc->>'active')::boolean, true)");
  return offers.sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || a.title.localeCompare(b.title, "lt"));
}

/** Offers for the site: active and not yet expired (validTo is a Vilnius calendar date). */
export async function listPublicOffers(q: Queryable, now: Date = new Date()): Promise<WithId<Offer>[]> {
  const today = vilniusToday(now);
  return (await loadActiveOffers(q)).filter((o) => o.validTo >= today);
}

/** Published news, newest first; an item with a future publishedAt stays hidden until then. */
export async function listPublicNews(q: Queryable, now: Date = new Date()): Promise<WithId<News>[]> {
  const news = await loadDocs<News>(
    q,
    "news",
    "WHERE doc->>'status' = 'published' AND doc->>'publishedAt' IS NOT NULL",
  );
  return news
    .filter((n) => n.publishedAt !== null && Date.parse(n.publishedAt) <= now.getTime())
    .sort((a, b) => Date.parse(b.publishedAt ?? "") - Date.parse(a.publishedAt ?? ""));
}

export async function getPublicNews(q: Queryable, slug: string, now: Date = new Date()): Promise<WithId<News> | null> {
  const { rows } = await q.query<DocRow>(
    "SELECT id, doc, created_at, updated_at FROM news WHERE doc->>'slug' = $1 AND doc->>'status' = 'published'",
    [slug],
  );
  const row = rows[0];
  if (!row) return null;
  const item = rowToRecord<News>(row);
  return item.publishedAt !== null && Date.parse(item.publishedAt) <= now.getTime() ? item : null;
}

// ---------- Cars ----------

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

/** Turns raw query parameters into a CarFilter; a value we do not know is a 400. */
export function parseCarFilter(query: Record<string, string | undefined>): CarFilter {
  const filter: CarFilter = {};
  const errors: Record<string, string> = {};
  if (query.category) {
    const category = matchEnum(CAR_CATEGORIES, query.category);
    if (category) filter.category = category;
    else errors.category = "Nežinoma automobilio klasė";
  }
  if (query.transmission) {
    const value = matchEnum(TRANSMISSIONS, query.transmission);
    if (value) filter.transmission = value;
    else errors.transmission = "Nežinoma pavarų dėžė";
  }
  if (query.fuel) {
    const value = matchEnum(FUELS, query.fuel);
    if (value) filter.fuel = value;
    else errors.fuel = "Nežinomas kuro tipas";
  }
  if (query.seats) {
    const seats = Number(query.seats);
    if (/^\d{1,2}$/.test(query.seats.trim()) && seats >= 1) filter.seats = seats;
    else errors.seats = "Sėdimų vietų skaičius turi būti teigiamas sveikasis skaičius";
  }
  if (Object.keys(errors).length > 0) throw new ApiError(400, "Neteisingi paieškos filtrai", errors);
  return filter;
}

/** Every published car, in the staff's order (sortOrder, then make and model). */
export async function loadActiveCars(q: Queryable, filter: CarFilter = {}): Promise<WithId<Car>[]> {
  const conditions = ["doc->>'status' = 'active'"];
  const params: unknown[] = [];
  if (filter.category) {
    params.push(filter.category);
    conditions.push(`doc->>'category' = $${params.length}`);
  }
  if (filter.transmission) {
    params.push(filter.transmission);
    conditions.push(`doc->>'transmission' = $${params.length}`);
  }
  if (filter.fuel) {
    params.push(filter.fuel);
    conditions.push(`doc->>'fuel' = $${params.length}`);
  }
  if (filter.seats !== undefined) {
    params.push(filter.seats);
    conditions.push(`(doc->>'seats')::int >= $${params.length}`);
  }
  const { rows } = await q.query<DocRow>(
    `SELECT id, doc, created_at, updated_at FROM cars WHERE ${conditions.join(" AND ")}`,
    params,
  );
  return rows.map((row) => rowToRecord<Car>(row)).sort(compareCars);
}

export async function listPublicCars(
  q: Queryable,
  filter: CarFilter = {},
  now: Date = new Date(),
): Promise<PublicCar[]> {
  const cars = await loadActiveCars(q, filter);
  const prices = await loadPrices(q);
  return cars.map((car) => toPublicCar(car, prices, now));
}

export async function getPublicCar(q: Queryable, slug: string, now: Date = new Date()): Promise<PublicCar | null> {
  const { rows } = await q.query<DocRow>(
    "SELECT id, doc, created_at, updated_at FROM cars WHERE doc->>'slug' = $1 AND doc->>'status' = 'active'",
    [slug],
  );
  const row = rows[0];
  if (!row) return null;
  return toPublicCar(rowToRecord<Car>(row), await loadPrices(q), now);
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Local ids are UUIDs; a Firestore-style id is valid in the schema but can never match a row here. */
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID_PATTERN.test(value);

/** Any car by id, whatever its status (reservations refer to hidden cars too). */
export async function loadCar(q: Queryable, id: string): Promise<WithId<Car> | null> {
  if (!isUuid(id)) return null;
  const { rows } = await q.query<DocRow>("SELECT id, doc, created_at, updated_at FROM cars WHERE id = $1", [id]);
  return rows[0] ? rowToRecord<Car>(rows[0]) : null;
}

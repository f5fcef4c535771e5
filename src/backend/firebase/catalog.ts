// The public catalogue as the site shows it, computed from Firestore documents the same
// way the local server computes it (server/services/catalog.ts). Pure: the browser and
// Cloud Functions share it.
import { priceFromForCar, tiersForCar } from "../../domain/pricing";
import { bookingRulesSchema, type Car, carSchema, type News, type Offer, type Price } from "../../domain/schemas";
import { vilniusDateString } from "../../domain/time";
import type { CarFilter, PublicCar, PublicSettings, WithId } from "../port";

/** Only the fields of the car schema reach the public: a stray key in a document never leaks. */
const PUBLIC_CAR_KEYS = Object.keys(carSchema.shape).filter((key) => key !== "priceFrom") as (keyof Car)[];

export function toPublicCar(car: WithId<Car>, prices: readonly WithId<Price>[], on: Date = new Date()): PublicCar {
  const projected: Record<string, unknown> = {};
  for (const key of PUBLIC_CAR_KEYS) {
    if (car[key] !== undefined) projected[key] = car[key];
  }
  return {
    ...(projected as Car),
    id: car.id,
    priceFrom: priceFromForCar(car, prices),
    tiers: tiersForCar(car, prices, on),
  };
}

/** The staff's order: sortOrder, then make and model. */
export function compareCars(
  a: Pick<Car, "sortOrder" | "make" | "model">,
  b: Pick<Car, "sortOrder" | "make" | "model">,
) {
  return (
    (a.sortOrder ?? 0) - (b.sortOrder ?? 0) ||
    a.make.localeCompare(b.make, "lt") ||
    a.model.localeCompare(b.model, "lt")
  );
}

/** The site's car filters, applied to published cars (seats means "at least"). */
export function matchesCarFilter(car: Pick<Car, "category" | "transmission" | "fuel" | "seats">, filter: CarFilter) {
  return (
    (!filter.category || car.category === filter.category) &&
    (!filter.transmission || car.transmission === filter.transmission) &&
    (!filter.fuel || car.fuel === filter.fuel) &&
    (filter.seats === undefined || car.seats >= filter.seats)
  );
}

/** Offers for the site: switched on and not yet expired (validTo is a Vilnius calendar date). */
export function publicOffers<T extends WithId<Offer>>(offers: readonly T[], now: Date = new Date()): T[] {
  const today = vilniusDateString(now);
  return offers
    .filter((offer) => offer.active !== false && offer.validTo >= today)
    .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || a.title.localeCompare(b.title, "lt"));
}

/** Published news, newest first; an item with a future publishedAt stays hidden until then. */
export function publicNews<T extends WithId<News>>(news: readonly T[], now: Date = new Date()): T[] {
  return news
    .filter((item) => item.status === "published" && item.publishedAt && Date.parse(item.publishedAt) <= now.getTime())
    .sort((a, b) => Date.parse(b.publishedAt ?? "") - Date.parse(a.publishedAt ?? ""));
}

const byOrderThenName = <T extends { sortOrder?: number; name?: string }>(a: T, b: T): number =>
  (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || (a.name ?? "").localeCompare(b.name ?? "", "lt");

export const sortByOrderThenName = <T extends { sortOrder?: number; name?: string }>(items: readonly T[]): T[] =>
  [...items].sort(byOrderThenName);

/** The publicSettings document: what of the settings the site may show (written with the settings). */
export type PublicSettingsDoc = Omit<PublicSettings, "locations" | "extras">;

/** The public part of the settings document (no contract template, no e-mail templates). */
export function publicSettingsDoc(settings: {
  company: PublicSettings["company"];
  bookingRules?: unknown;
  terms?: string | null;
  about?: string | null;
  privacy?: string | null;
}): PublicSettingsDoc {
  const parsed = bookingRulesSchema.safeParse(settings.bookingRules ?? {});
  const rules = parsed.success ? parsed.data : bookingRulesSchema.parse({});
  return {
    company: settings.company,
    terms: settings.terms ?? "",
    about: settings.about ?? "",
    privacy: settings.privacy ?? "",
    bookingRules: {
      leadTimeHours: rules.leadTimeHours,
      minDays: rules.minDays,
      maxDays: rules.maxDays,
      maxAdvanceDays: rules.maxAdvanceDays,
      graceMinutes: rules.graceMinutes,
      openingHour: rules.openingHour,
      closingHour: rules.closingHour,
    },
  };
}

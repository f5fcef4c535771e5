// The public catalogue: what the site may know of the cars, places, extras and settings (the
// types the backend port, src/backend/port.ts, hands to the pages) and its pure pieces, computed
// alike by both backends: the local server (src/core/publicCatalog.ts, src/core/search.ts) and the
// Firebase adapter with its Cloud Functions (src/backend/firebase/catalog.ts), so the site sees the
// same cars, order and rules whichever backend serves it.

import { transfersOf } from "./carTransfers";
import { formatNumber } from "./format";
import { priceFromForCar, tiersForCar } from "./pricing";
import type { BackupRetention, PrivacyProcessors } from "./privacyPolicy";
import type { RetentionSettings } from "./retention";
import {
  type BookingRules,
  type Car,
  type CompanyDetails,
  carSchema,
  type Extra,
  type Location,
  PORTAL_DEFAULTS,
  type Price,
  type Quote,
} from "./schemas";
import { type Tariff, tariffOf } from "./tariff";

type WithId<T> = T & { id: string };

export interface PublicSettings {
  company: CompanyDetails;
  locations: WithId<Location>[];
  extras: WithId<Extra>[];
  terms: string;
  about: string;
  privacy: string;
  /** how long personal data is kept (src/domain/retention.ts); the privacy page describes it; absent: the defaults */
  retention?: RetentionSettings;
  /** the tariff and the other fees' numbers the terms page renders (src/domain/tariffText.ts); absent: older copy */
  fees?: PublicFees;
  /** the backups' retention (src/domain/privacyPolicy.ts); the privacy page describes it; absent: not told */
  backupRetention?: BackupRetention;
  /** who processes personal data in this configuration (the privacy page's recipients); absent: not told */
  processors?: PrivacyProcessors;
  bookingRules: {
    leadTimeHours: number;
    minDays: number;
    maxDays: number;
    maxAdvanceDays: number;
    graceMinutes: number;
    /** the VAT included in every price (settings.bookingRules.vatRate); absent in an older copy */
    vatRate?: number;
    openingHour: number;
    closingHour: number;
  };
}

/** The numbers "Kainos ir mokesčiai" is rendered from, each from its one place in the settings. */
export interface PublicFees {
  tariff: Tariff;
  /** settings.portal.freeCancellationHours */
  freeCancellationHours: number;
  /** settings.transfers.fee */
  transferFee: number;
}

/** The public fees of a settings document (older documents: the defaults, the desk's old rates). */
export function publicFeesOf(settings: {
  tariff?: unknown;
  desk?: unknown;
  portal?: { freeCancellationHours?: number } | null;
  transfers?: unknown;
}): PublicFees {
  const hours = settings.portal?.freeCancellationHours;
  return {
    tariff: tariffOf(settings),
    freeCancellationHours: typeof hours === "number" ? hours : PORTAL_DEFAULTS.freeCancellationHours,
    transferFee: transfersOf(settings).fee,
  };
}

/** A published car with its public prices. */
export type PublicCar = WithId<Car> & {
  priceFrom: number | null;
  tiers: { fromDays: number; toDays: number | null; dailyRate: number }[];
};

export interface SearchResult {
  car: PublicCar;
  id: string;
  quote: Quote;
}

/** One page of the search, cheapest first, and how many cars are free in all. */
export interface SearchResults {
  data: SearchResult[];
  total: number;
}

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
): number {
  return (
    (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || LT_ORDER.compare(a.make, b.make) || LT_ORDER.compare(a.model, b.model)
  );
}

/** One collator for every comparison (localeCompare with a locale builds one per call). */
const LT_ORDER = new Intl.Collator("lt");

const byOrderThenName = <T extends { sortOrder?: number; name?: string }>(a: T, b: T): number =>
  (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || LT_ORDER.compare(a.name ?? "", b.name ?? "");

/** Places and extras in the staff's order: sortOrder, then name. */
export const sortByOrderThenName = <T extends { sortOrder?: number; name?: string }>(items: readonly T[]): T[] =>
  [...items].sort(byOrderThenName);

/** The booking rules the site may know (the VAT rate and the like stay on the server). */
export function publicBookingRules(rules: BookingRules): PublicSettings["bookingRules"] {
  return {
    leadTimeHours: rules.leadTimeHours,
    minDays: rules.minDays,
    maxDays: rules.maxDays,
    maxAdvanceDays: rules.maxAdvanceDays,
    graceMinutes: rules.graceMinutes,
    openingHour: rules.openingHour,
    closingHour: rules.closingHour,
    vatRate: rules.vatRate,
  };
}

/**
 * "Kainos nurodytos su 21 % PVM": the VAT in the site's prices, from the booking rules (one
 * source); a copy written before the rate was public says only that VAT is included.
 */
export function pricesIncludeVatText(rules: { vatRate?: number }): string {
  return typeof rules.vatRate === "number"
    ? `su ${formatNumber(Math.round(rules.vatRate * 10_000) / 100)}\u00a0% PVM`
    : "su PVM";
}

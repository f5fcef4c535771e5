// The public catalogue as the site shows it, computed from Firestore documents the same
// way the local server computes it (src/core/publicCatalog.ts). Pure: the browser reads it.
import { publicFeesOf } from "../../domain/publicCatalog";
import { retentionOf } from "../../domain/retention";
import { bookingRulesSchema, type News, type Offer } from "../../domain/schemas";
import { vilniusDateString } from "../../domain/time";
import type { PublicSettings, WithId } from "../port";
import { publicBookingRules } from "../shared/catalog";

/** The site's car filters, applied to published cars (seats means "at least"). */
export { matchesCarFilter } from "../../domain/carFilter";

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

/**
 * The privacy page's facts on Firebase: Google hosts everything, mails go through the "Trigger
 * Email" extension, the browser asks the IP-to-country service itself, and no scheduled backup
 * job runs (the local server's job keeps the archives; src/domain/privacyPolicy.ts).
 */
export const FIREBASE_PRIVACY: Pick<PublicSettings, "processors" | "backupRetention"> = {
  processors: {
    backend: "firebase",
    mailHost: null,
    payment: null,
    fileStorageHost: null,
    backupStorageHost: null,
    ipLookup: "browser",
  },
  backupRetention: { enabled: false, hourly: false, keep: 0, keepHourly: 0, copyKeep: null },
};

/** The publicSettings document: what of the settings the site may show (written with the settings). */
export type PublicSettingsDoc = Omit<PublicSettings, "locations" | "extras">;

/** The public part of the settings document (no contract template, no e-mail templates). */
export function publicSettingsDoc(settings: {
  company: PublicSettings["company"];
  bookingRules?: unknown;
  terms?: string | null;
  about?: string | null;
  privacy?: string | null;
  retention?: unknown;
  tariff?: unknown;
  desk?: unknown;
  portal?: { freeCancellationHours?: number } | null;
  transfers?: unknown;
  /** a stored public copy's own fees */
  fees?: PublicSettingsDoc["fees"];
}): PublicSettingsDoc {
  const parsed = bookingRulesSchema.safeParse(settings.bookingRules ?? {});
  const rules = parsed.success ? parsed.data : bookingRulesSchema.parse({});
  return {
    company: settings.company,
    terms: settings.terms ?? "",
    about: settings.about ?? "",
    privacy: settings.privacy ?? "",
    retention: retentionOf(settings),
    fees: publicFeesOf(
      settings.fees
        ? {
            tariff: settings.fees.tariff,
            portal: { freeCancellationHours: settings.fees.freeCancellationHours },
            transfers: { fee: settings.fees.transferFee },
          }
        : settings,
    ),
    bookingRules: publicBookingRules(rules),
  };
}

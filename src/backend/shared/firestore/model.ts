// The Firestore data model of the Firebase adapter: which collection holds each admin
// resource, what the data provider may filter and sort it by (every pair has an index in
// firestore.indexes.json, generated from this table), and which fields are tokenised for
// search. Pure TypeScript: shared by the browser, Cloud Functions, the seed and the tests.
import type { ZodType } from "zod";
import { SETTINGS_ID } from "../../../core/collections";
import { auditEntrySchema } from "../../../domain/auditLog";
import { ADMIN_RESOURCES, clientErrorSchema } from "../../../domain/schemas";
import { SEARCH_FIELD } from "./searchTokens";

/** The settings document's id: the same as the local backend's settings row. */
export const SETTINGS_DOC_ID = SETTINGS_ID;

/** Collections only functions and the seed write; no client may read or write them. */
export const INTERNAL_COLLECTIONS = {
  /** reservation numbers per year: counters/reservation-2026 { value } */
  counters: "counters",
  /** one document per car, written by every reservation transaction of that car */
  reservationLocks: "reservationLocks",
  /** accepted inquiries per client IP and window */
  rateLimits: "rateLimits",
  /** secret iCal addresses (only the token hashes), read and written by the ical / regenerateCalendarFeed functions */
  calendarFeeds: "calendarFeeds",
  /** "Mano rezervacija" link hashes, read and written only by the customerPortal / resendPortalLink functions */
  reservationLinks: "reservationLinks",
} as const;

/** The retention job's daily runs (src/core/dataRights.ts): written by functions, read by admins. */
export const RETENTION_RUNS_COLLECTION = "retentionRuns";
/** Scheduled backups' daily records (src/core/backupSchedule.ts): written by servers, read by admins. */
export const BACKUPS_COLLECTION = "backups";
/** Erased customers (ids and one-way hashes, src/core/erasureLedger.ts): written by functions and the restore, read by admins. */
export const ERASURE_LEDGER_COLLECTION = "erasureLedger";
/** Invoices and credit notes (src/core/invoices.ts): written once by functions, read by staff. */
export const INVOICES_COLLECTION = "invoices";
/** Four-eyes requests for credit notes and refunds (src/core/approvals.ts): written by functions, read by staff. */
export const APPROVALS_COLLECTION = "approvals";

/** The payments ledger (src/core/payments.ts): written by functions only, read by staff through a callable. */
export const PAYMENTS_COLLECTION = "payments";

/** The public projection of the settings document (company details, texts, booking rules). */
export const PUBLIC_SETTINGS_COLLECTION = "publicSettings";

/** The history of bulk price changes: written by applyPriceUpdate, read by staff. */
export const PRICE_UPDATES_COLLECTION = "priceUpdates";

export type FirestoreResource = keyof typeof ADMIN_RESOURCES | "client-errors" | "audit-log";

/** How writes to a resource happen. */
export type WritePath =
  /** the provider writes documents itself (rules decide who may) */
  | "direct"
  /** create/update through the saveReservation function: price, number and overlap are server-side */
  | "reservations"
  /** through setStaffRole: Firebase Auth users and their role claims */
  | "staff"
  /** one document, admins only, mirrored into publicSettings */
  | "settings"
  /** written by functions only */
  | "readonly";

export interface SortSpec {
  field: string;
  order: "ASC" | "DESC";
}

export interface ResourceModel {
  collection: string;
  schema: ZodType;
  /** fields tokenised into `_search` for the `q` filter; empty = no search */
  search: readonly string[];
  /** fields that accept equality and `in` filters */
  filters: readonly string[];
  /**
   * fields a FILTERED list may be sorted by (each filter x sort pair has a composite index).
   * Without filters any field can be sorted by: Firestore's single-field indexes serve that.
   */
  sorts: readonly string[];
  /** fields that accept _gte, _gt, _lte, _lt and _neq, when the list is sorted by that same field */
  ranges: readonly string[];
  /** declared multi-field inequality queries: sorted by `sort`, with range filters on `ranges` too */
  rangeCombos: readonly { sort: string; ranges: readonly string[] }[];
  defaultSort: SortSpec;
  writes: WritePath;
}

const model = (m: Partial<ResourceModel> & Pick<ResourceModel, "collection" | "schema" | "defaultSort">) =>
  ({ search: [], filters: [], sorts: [], ranges: [], rangeCombos: [], writes: "direct", ...m }) as ResourceModel;

export const RESOURCE_MODELS: Readonly<Record<FirestoreResource, ResourceModel>> = {
  cars: model({
    collection: "cars",
    schema: ADMIN_RESOURCES.cars,
    search: ["make", "model", "slug"],
    filters: ["status", "category", "transmission", "fuel"],
    sorts: ["sortOrder", "make", "year"],
    defaultSort: { field: "sortOrder", order: "ASC" },
  }),
  fleet: model({
    collection: "fleet",
    schema: ADMIN_RESOURCES.fleet,
    search: ["plateNumber", "vin"],
    filters: ["carId"],
    sorts: ["plateNumber", "mileage", "insuranceValidTo", "inspectionValidTo"],
    ranges: ["insuranceValidTo", "inspectionValidTo"],
    defaultSort: { field: "plateNumber", order: "ASC" },
  }),
  prices: model({
    collection: "prices",
    schema: ADMIN_RESOURCES.prices,
    filters: ["category", "carId"],
    sorts: ["category"],
    defaultSort: { field: "category", order: "ASC" },
  }),
  offers: model({
    collection: "offers",
    schema: ADMIN_RESOURCES.offers,
    search: ["title", "slug"],
    filters: ["active"],
    sorts: ["sortOrder", "validFrom", "validTo"],
    ranges: ["validFrom", "validTo"],
    defaultSort: { field: "sortOrder", order: "ASC" },
  }),
  news: model({
    collection: "news",
    schema: ADMIN_RESOURCES.news,
    search: ["title", "slug"],
    filters: ["status"],
    sorts: ["publishedAt", "title"],
    ranges: ["publishedAt"],
    defaultSort: { field: "publishedAt", order: "DESC" },
  }),
  customers: model({
    collection: "customers",
    schema: ADMIN_RESOURCES.customers,
    search: ["firstName", "lastName", "email", "phone", "companyName", "companyCode"],
    filters: ["type"],
    sorts: ["lastName", "createdAt"],
    defaultSort: { field: "lastName", order: "ASC" },
  }),
  requests: model({
    collection: "requests",
    schema: ADMIN_RESOURCES.requests,
    search: ["name", "email", "phone", "company.name"],
    filters: ["status", "type"],
    sorts: ["createdAt"],
    ranges: ["createdAt"],
    defaultSort: { field: "createdAt", order: "DESC" },
  }),
  reservations: model({
    collection: "reservations",
    schema: ADMIN_RESOURCES.reservations,
    search: ["number"],
    filters: ["status", "carId", "customerId"],
    sorts: ["pickupAt", "returnAt", "createdAt", "number"],
    ranges: ["pickupAt", "returnAt", "createdAt"],
    // The occupancy view: pickupAt < end AND returnAt > start, sorted by pickup.
    rangeCombos: [{ sort: "pickupAt", ranges: ["returnAt"] }],
    defaultSort: { field: "pickupAt", order: "DESC" },
    writes: "reservations",
  }),
  locations: model({
    collection: "locations",
    schema: ADMIN_RESOURCES.locations,
    filters: ["active"],
    sorts: ["sortOrder", "name"],
    defaultSort: { field: "sortOrder", order: "ASC" },
  }),
  extras: model({
    collection: "extras",
    schema: ADMIN_RESOURCES.extras,
    filters: ["active"],
    sorts: ["sortOrder", "name"],
    defaultSort: { field: "sortOrder", order: "ASC" },
  }),
  settings: model({
    collection: "settings",
    schema: ADMIN_RESOURCES.settings,
    defaultSort: { field: "id", order: "ASC" },
    writes: "settings",
  }),
  staff: model({
    collection: "staff",
    schema: ADMIN_RESOURCES.staff,
    filters: ["role", "active"],
    sorts: ["name", "email"],
    defaultSort: { field: "name", order: "ASC" },
    writes: "staff",
  }),
  mail: model({
    collection: "mail",
    schema: ADMIN_RESOURCES.mail,
    search: ["to", "message.subject"],
    filters: ["delivery.state", "ref"],
    sorts: ["createdAt"],
    ranges: ["createdAt"],
    defaultSort: { field: "createdAt", order: "DESC" },
    // The Trigger Email extension sends every document here: only functions queue mail.
    writes: "readonly",
  }),
  // The damage register: written by the desk's callables (returnReservation, markDamageRepaired).
  damages: model({
    collection: "damages",
    schema: ADMIN_RESOURCES.damages,
    filters: ["carId", "status"],
    sorts: ["foundAt"],
    ranges: ["foundAt"],
    defaultSort: { field: "foundAt", order: "DESC" },
    writes: "readonly",
  }),
  "client-errors": model({
    collection: "clientErrors",
    schema: clientErrorSchema,
    filters: ["kind"],
    sorts: ["createdAt"],
    ranges: ["createdAt"],
    defaultSort: { field: "createdAt", order: "DESC" },
    writes: "readonly",
  }),
  // Who did what and when (admins only): written by functions (the core, the audit trigger).
  "audit-log": model({
    collection: "auditLog",
    schema: auditEntrySchema,
    filters: ["resource", "recordId", "actor", "action"],
    sorts: ["createdAt"],
    ranges: ["createdAt"],
    defaultSort: { field: "createdAt", order: "DESC" },
    writes: "readonly",
  }),
};

export const FIRESTORE_RESOURCES = Object.keys(RESOURCE_MODELS) as FirestoreResource[];

export function isFirestoreResource(name: string): name is FirestoreResource {
  return Object.hasOwn(RESOURCE_MODELS, name);
}

/** Every collection the app uses, with who writes it (the rules matrix must cover each). */
export const ALL_COLLECTIONS: readonly string[] = [
  ...FIRESTORE_RESOURCES.map((resource) => RESOURCE_MODELS[resource].collection),
  PUBLIC_SETTINGS_COLLECTION,
  PRICE_UPDATES_COLLECTION,
  RETENTION_RUNS_COLLECTION,
  PAYMENTS_COLLECTION,
  BACKUPS_COLLECTION,
  ERASURE_LEDGER_COLLECTION,
  INVOICES_COLLECTION,
  APPROVALS_COLLECTION,
  ...Object.values(INTERNAL_COLLECTIONS),
];

/** Audit fields: Firestore Timestamps written with serverTimestamp(), ISO strings to react-admin. */
/** Kept by the store, never by the form: the times and the write count (`version`, see src/core/versions.ts). */
export const AUDIT_FIELDS = ["createdAt", "updatedAt", "version"] as const;

/** Fields whose name starts with "_" are the adapter's own (search tokens, lower-cased e-mail). */
export const isInternalField = (key: string): boolean => key.startsWith("_");

export const EMAIL_LOWER_FIELD = "_emailLower";
/**
 * Reservations: whether it owes money ("Neapmokėtos", owesBalance in src/domain/payments.ts),
 * derived from the document at every write (toStoredDoc), so the list filters it in the query.
 */
export const UNPAID_FIELD = "_unpaid";
/**
 * Reservations: whether it was paid above its price ("Permoka", isOverpaid in
 * src/domain/overpayment.ts), derived like UNPAID_FIELD at every write (toStoredDoc).
 */
export const OVERPAID_FIELD = "_overpaid";
export { SEARCH_FIELD };

/** Upload folders and who may read them (storage.rules says the same). */
export const PUBLIC_FILE_FOLDERS = ["cars", "offers", "news"] as const;
/** "desk": the rental desk's damage photos and signatures, staff only (storage.rules). */
export const FILE_FOLDERS = [...PUBLIC_FILE_FOLDERS, "misc", "desk"] as const;

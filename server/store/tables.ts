// Which table holds each collection of the core (src/core/collections.ts) on PostgreSQL/PGlite.
import { COLLECTIONS, type CollectionName } from "../../src/core/collections";

import type { ColumnType } from "../http/listQuery";

export type { ColumnType };

export interface TypedColumn {
  column: string;
  type: ColumnType;
}

export interface TableSpec {
  table: string;
  /**
   * document: (id uuid, doc jsonb, created_at, updated_at) per entity;
   * counter: the counters table, (name, value, created_at, updated_at), data { value };
   * shared: store_documents (collection, id text, doc jsonb, created_at, updated_at).
   */
  layout: "document" | "counter" | "shared";
  /** uuid: the id column is a uuid, so only UUIDs name documents */
  idType: "uuid" | "text";
  /** document fields kept in their own columns too: filled from the document on set, used by queries */
  columns: Readonly<Record<string, TypedColumn>>;
  /** rows the store may update but never create (staff: the server's account code creates them with a password) */
  updateOnly: boolean;
}

const document = (table: string, extra: Partial<TableSpec> = {}): TableSpec => ({
  table,
  layout: "document",
  idType: "uuid",
  columns: {},
  updateOnly: false,
  ...extra,
});

const shared: TableSpec = {
  table: "store_documents",
  layout: "shared",
  idType: "text",
  columns: {},
  updateOnly: false,
};

export const TABLES: Readonly<Record<CollectionName, TableSpec>> = {
  [COLLECTIONS.cars]: document("cars"),
  [COLLECTIONS.fleet]: document("fleet"),
  [COLLECTIONS.prices]: document("prices"),
  [COLLECTIONS.offers]: document("offers"),
  [COLLECTIONS.news]: document("news"),
  [COLLECTIONS.customers]: document("customers"),
  [COLLECTIONS.requests]: document("requests"),
  [COLLECTIONS.reservations]: document("reservations", {
    // What the car_holds trigger (its exclusion constraint car_holds_no_overlap) and the hot queries use.
    columns: {
      number: { column: "number", type: "text" },
      carId: { column: "car_id", type: "uuid" },
      pickupAt: { column: "pickup_at", type: "timestamptz" },
      returnAt: { column: "return_at", type: "timestamptz" },
      status: { column: "status", type: "text" },
    },
  }),
  [COLLECTIONS.locations]: document("locations"),
  [COLLECTIONS.extras]: document("extras"),
  [COLLECTIONS.settings]: document("settings"),
  [COLLECTIONS.staff]: document("staff", { updateOnly: true }),
  [COLLECTIONS.mail]: document("mail"),
  [COLLECTIONS.clientErrors]: document("client_errors"),
  [COLLECTIONS.auditLog]: document("audit_log"),
  [COLLECTIONS.counters]: { table: "counters", layout: "counter", idType: "text", columns: {}, updateOnly: false },
  [COLLECTIONS.priceUpdates]: shared,
  [COLLECTIONS.rateLimits]: shared,
  [COLLECTIONS.reminders]: shared,
  [COLLECTIONS.damages]: document("damages"),
  [COLLECTIONS.calendarFeeds]: shared,
  // The payments ledger (src/core/payments.ts): text ids, so a provider's payment id names its entry.
  [COLLECTIONS.payments]: shared,
  // Written once; 007_invoices.sql refuses any UPDATE or DELETE of them.
  [COLLECTIONS.invoices]: shared,
  [COLLECTIONS.retentionRuns]: shared,
  // Four-eyes requests for credit notes and refunds (src/core/approvals.ts).
  [COLLECTIONS.approvals]: shared,
  // The scheduled backups' daily records (src/core/backupSchedule.ts).
  [COLLECTIONS.backups]: shared,
  // The erasure ledger (src/core/erasureLedger.ts): a restore keeps it and erases the people again.
  [COLLECTIONS.erasureLedger]: shared,
  // The "Mano rezervacija" links, by the SHA-256 of their token (src/core/customerPortal.ts).
  [COLLECTIONS.reservationLinks]: shared,
  // What the exclusion constraint car_holds_no_overlap (005_maintenance.sql) gets through its trigger.
  [COLLECTIONS.maintenance]: document("maintenance", {
    columns: {
      carId: { column: "car_id", type: "uuid" },
      from: { column: "starts_at", type: "timestamptz" },
      to: { column: "ends_at", type: "timestamptz" },
    },
  }),
};

export function tableOf(collection: string): TableSpec {
  if (!Object.hasOwn(TABLES, collection)) throw new Error(`Nežinoma duomenų kolekcija: ${JSON.stringify(collection)}`);
  return TABLES[collection as CollectionName];
}

// The collections the use cases read and write, by the names Firestore uses. The PostgreSQL
// store maps each to its table (server/store/tables.ts).

export const COLLECTIONS = {
  cars: "cars",
  fleet: "fleet",
  prices: "prices",
  offers: "offers",
  news: "news",
  customers: "customers",
  requests: "requests",
  reservations: "reservations",
  locations: "locations",
  extras: "extras",
  settings: "settings",
  staff: "staff",
  /** the outbox: "Trigger Email" documents, sent by the local mailer or the Firebase extension */
  mail: "mail",
  clientErrors: "clientErrors",
  /** who changed what (never read by visitors) */
  auditLog: "auditLog",
  /** the history of bulk price changes */
  priceUpdates: "priceUpdates",
  /** gap-free numbers: counters/reservation-2026 { value } */
  counters: "counters",
  /** fixed windows per client: rateLimits/{key} { windowStartMs, count, expiresAt } */
  rateLimits: "rateLimits",
  /** sent pickup reminders: reminders/{reservationId}-{pickupAt ms} { reservationId, pickupAt, mailId } */
  reminders: "reminders",
  /** the cars' damage register: a damage found at a return, open until repaired (src/core/rentalDesk.ts) */
  damages: "damages",
  /** secret calendar addresses: calendarFeeds/{"fleet" | "car-<carId>"} { scope, carId, tokenHash } (src/core/calendarFeeds.ts) */
  calendarFeeds: "calendarFeeds",
  /** maintenance blocks: a car out of service over [from, to) (src/core/maintenance.ts) */
  maintenance: "maintenance",
  /** the payments ledger: append-only entries per reservation (src/core/payments.ts); online ones keyed "<provider>-<payment id>" */
  payments: "payments",
  /** issued invoices and credit notes, never changed once written (src/core/invoices.ts) */
  invoices: "invoices",
  /** the customer's "Mano rezervacija" links: reservationLinks/{sha256 of the token} { reservationId, expiresAt, revokedAt } (src/core/customerPortal.ts) */
  reservationLinks: "reservationLinks",
  /** the retention job's daily runs: retentionRuns/{Vilnius date} { status, counts } (src/core/dataRights.ts) */
  retentionRuns: "retentionRuns",
  /** four-eyes requests: a credit note or a refund waiting for an administrator (src/core/approvals.ts) */
  approvals: "approvals",
  /** scheduled backups: backups/{Vilnius date} { status, file, size, error } (src/core/backupSchedule.ts) */
  backups: "backups",
  /**
   * erased customers: erasureLedger/{customerId} { customerId, emailHash, phoneHash, erasedAt } – no
   * personal data; a restore keeps it and erases them again (src/core/erasureLedger.ts)
   */
  erasureLedger: "erasureLedger",
} as const;

export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];

/** The settings document's id, the same on every backend. */
export const SETTINGS_ID = "00000000-0000-0000-0000-000000000001";

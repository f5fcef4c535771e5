// The one database interface the server codes against: PGlite or PostgreSQL.
export interface QueryResult<T> {
  rows: T[];
  affectedRows: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

/** A LISTEN on one dedicated connection; close() ends it (the pool is not affected). */
export interface ChannelListener {
  close(): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** set when the PostgreSQL is the product's own, in DATA_DIR (server/db/embeddedPostgres.ts) */
  readonly engine?: "embedded-postgres";
  /** runs fn in one transaction; rolls back when it throws */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only (PGlite is one process, nobody else to hear): LISTENs on `channel` over a
   * dedicated connection that reconnects by itself. Resolves after the first attempt, whether or
   * not it connected; later failures are logged and retried.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<ChannelListener>;
  /** closes open listeners too */
  close(): Promise<void>;
}

/** Tables that hold one jsonb document per row, keyed by admin resource name. */
export const DOCUMENT_TABLES = {
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
  mail: "mail",
  "client-errors": "client_errors",
  "audit-log": "audit_log",
  damages: "damages",
} as const;

export { SETTINGS_ID } from "../../src/core/collections";

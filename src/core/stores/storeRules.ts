// What every DocumentStore (memory, PostgreSQL/PGlite, Firestore) checks the same way: field
// paths, query specs, timestamps, and Firestore's transaction rule (every read, and lock(),
// before the first write). Pure TypeScript, shared by the browser-free stores.
import { DOCUMENT_ID, EMAIL_LOWER, type QuerySpec, type Where, type WhereOp } from "../ports";

/** A document field or a dotted path of them: "status", "delivery.state". */
export const FIELD_PATH_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** The audit fields every store keeps beside the document (columns, Firestore Timestamps). */
export const TIMESTAMP_FIELDS = ["createdAt", "updatedAt"] as const;

export const READ_AFTER_WRITE_MESSAGE =
  "Transakcijoje skaityti (ar rakinti) po rašymo negalima: visi skaitymai turi būti prieš pirmą rašymą";
export const CLOSED_TRANSACTION_MESSAGE = "Transakcija jau baigta: jos objekto naudoti nebegalima";

const WHERE_OPS: readonly WhereOp[] = ["==", "in", "<", "<=", ">", ">=", "array-contains"];

export function assertFieldPath(field: string): void {
  if (field === DOCUMENT_ID || field === EMAIL_LOWER) return;
  if (!FIELD_PATH_PATTERN.test(field)) throw new Error(`Netinkamas užklausos laukas: ${JSON.stringify(field)}`);
}

/** Throws on a malformed query (a bug in the caller, never the visitor's input). */
export function checkQuerySpec(spec: QuerySpec | undefined): void {
  for (const clause of spec?.where ?? []) checkWhere(clause);
  for (const order of spec?.orderBy ?? []) {
    assertFieldPath(order.field);
    if (order.direction !== "asc" && order.direction !== "desc") {
      throw new Error(`Netinkama rikiavimo kryptis: ${String(order.direction)}`);
    }
  }
  const limit = spec?.limit;
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 0)) {
    throw new Error(`Netinkamas užklausos limitas: ${String(limit)}`);
  }
}

function checkWhere(clause: Where): void {
  assertFieldPath(clause.field);
  if (!WHERE_OPS.includes(clause.op)) throw new Error(`Netinkamas palyginimas: ${String(clause.op)}`);
  if (clause.value === undefined) throw new Error(`Lauko ${clause.field} sąlygos reikšmė nenurodyta`);
  if (clause.op === "in" && !Array.isArray(clause.value)) {
    throw new Error(`Sąlygai „in“ reikia reikšmių masyvo (laukas ${clause.field})`);
  }
}

/** An ISO instant in canonical form ("2026-11-21T08:00:00.000Z"); throws on anything else. */
export function canonicalInstant(value: unknown, field: string): string {
  const time = typeof value === "string" || value instanceof Date ? new Date(value).getTime() : Number.NaN;
  if (Number.isNaN(time))
    throw new Error(`Laukas ${field} turi būti ISO data ir laikas, gauta ${JSON.stringify(value)}`);
  return new Date(time).toISOString();
}

/** The instant a query value names, or null when it names none (then nothing matches). */
export function instantOrNull(value: unknown): string | null {
  if (typeof value !== "string" && !(value instanceof Date)) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/**
 * Firestore's order of a transaction: reads and lock() first, then writes (buffered, applied
 * when the function returns). A read after a write throws here on every store, so a use case
 * that breaks the rule fails in the fast memory tests too.
 */
export class TransactionGuard {
  private wrote = false;
  private closed = false;

  beforeRead(): void {
    if (this.closed) throw new Error(CLOSED_TRANSACTION_MESSAGE);
    if (this.wrote) throw new Error(READ_AFTER_WRITE_MESSAGE);
  }

  beforeWrite(): void {
    if (this.closed) throw new Error(CLOSED_TRANSACTION_MESSAGE);
    this.wrote = true;
  }

  close(): void {
    this.closed = true;
  }
}

/** Plain JSON data: a deep copy without undefined values (Dates become ISO strings), as a database keeps it. */
export function jsonCopy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** The document's fields without id and the audit fields, which a store keeps apart. */
export function withoutAuditFields(data: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = data;
  return rest;
}

/** Short random pause before retrying a transaction the database aborted. */
export function backoff(attempt: number): Promise<void> {
  const ms = Math.min(200, 5 * 2 ** attempt) * (0.5 + Math.random());
  return new Promise((done) => setTimeout(done, ms));
}

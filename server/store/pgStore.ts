// The core's DocumentStore on PostgreSQL/PGlite (server/db). Each collection lives in its table
// (./tables.ts): a row (id, doc jsonb, created_at, updated_at), where the document's createdAt and
// updatedAt are the columns; reservations also fill the columns their car_holds rows are made of
// (the exclusion constraint car_holds_no_overlap), which stays the database's own safety net.
//
// Queries become SQL with parameters only; field names are checked against FIELD_PATH_PATTERN
// before they become `doc->'a'->'b'`. They keep Firestore's meaning (../../src/core/stores/
// memoryStore.ts): ranges compare values of the same type only, strings by code point (COLLATE
// "C"), orderBy leaves out documents without the field, ties go by id. Real columns (id,
// created_at, updated_at, the reservation columns, lower(trim(email)) of customers) serve the
// queries that have them, so their indexes do.
//
// Transactions: reads run at once (READ COMMITTED on PostgreSQL; PGlite runs one transaction at a
// time); writes are buffered and run in order when the function returns, then COMMIT. lock() is
// a transaction-scoped advisory lock. The whole function is run again on a serialisation failure
// or a deadlock.
import { randomUUID } from "node:crypto";
import {
  DOCUMENT_ID,
  type DocumentStore,
  EMAIL_LOWER,
  type QuerySpec,
  StoreConstraintError,
  type StoredDoc,
  type Transaction,
  type Where,
} from "../../src/core/ports";
import { letOthersRun } from "../../src/core/scan";
import {
  backoff,
  canonicalInstant,
  checkQuerySpec,
  instantOrNull,
  jsonCopy,
  TransactionGuard,
  withoutAuditFields,
} from "../../src/core/stores/storeRules";
import type { Db, Queryable } from "../db/types";
import { type ColumnType, type TableSpec, tableOf } from "./tables";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Ids of the text-keyed tables (counters, store_documents): the memory store's rule. */
const TEXT_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;
/** Serialisation failure and deadlock: PostgreSQL asks to run the transaction again. */
const RETRY_CODES = new Set(["40001", "40P01"]);
export const MAX_TRANSACTION_ATTEMPTS = 8;

type Data = Record<string, unknown>;

interface Row {
  id: string;
  doc: Data;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

const toStored = (row: Row): StoredDoc => ({
  id: row.id,
  data: { ...withoutAuditFields(row.doc ?? {}), createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) },
});

/** Query parameters: each value becomes $n, never part of the SQL text. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

// ---------- where a field lives ----------

/** A real column (typed comparisons, indexes) or a path in the jsonb document. */
type Operand =
  | { kind: "column"; sql: string; type: ColumnType; nullable: boolean }
  | { kind: "json"; json: string; text: string };

function docExpression(spec: TableSpec): string {
  return spec.layout === "counter" ? "jsonb_build_object('value', value)" : "doc";
}

function idColumn(spec: TableSpec): string {
  return spec.layout === "counter" ? "name" : "id";
}

function operand(collection: string, spec: TableSpec, field: string): Operand {
  if (field === DOCUMENT_ID) return { kind: "column", sql: idColumn(spec), type: spec.idType, nullable: false };
  if (field === "createdAt") return { kind: "column", sql: "created_at", type: "timestamptz", nullable: false };
  if (field === "updatedAt") return { kind: "column", sql: "updated_at", type: "timestamptz", nullable: false };
  if (field === EMAIL_LOWER && collection === "customers") {
    return { kind: "column", sql: "lower(trim(doc->>'email'))", type: "text", nullable: true };
  }
  const typed = spec.columns[field];
  if (typed) return { kind: "column", sql: typed.column, type: typed.type, nullable: false };
  // The path was checked against FIELD_PATH_PATTERN (letters, digits, "_"): safe inside quotes.
  const parts = field.split(".");
  const doc = docExpression(spec);
  const inner = parts
    .slice(0, -1)
    .map((part) => `->'${part}'`)
    .join("");
  const last = parts[parts.length - 1] as string;
  return { kind: "json", json: `(${doc}${inner}->'${last}')`, text: `(${doc}${inner}->>'${last}')` };
}

/** A query value as a column of that type takes it, or null when no row could equal it. */
function columnValue(type: ColumnType, value: unknown): string | null {
  if (type === "timestamptz") return instantOrNull(value);
  if (typeof value !== "string") return null;
  return type === "uuid" && !UUID_PATTERN.test(value) ? null : value;
}

const RANGE_OPS = new Set(["<", "<=", ">", ">="]);

function columnCondition(column: Extract<Operand, { kind: "column" }>, clause: Where, params: Params): string {
  const { sql, type } = column;
  if (clause.op === "array-contains") return "FALSE";
  if (clause.op === "in") {
    const values = (clause.value as unknown[]).map((v) => columnValue(type, v)).filter((v) => v !== null);
    if (values.length === 0) return "FALSE";
    return `${sql} IN (SELECT jsonb_array_elements_text(${params.add(JSON.stringify(values))}::jsonb)::${type})`;
  }
  if (clause.op === "==") {
    const value = columnValue(type, clause.value);
    return value === null ? "FALSE" : `${sql} = ${params.add(value)}::${type}`;
  }
  // Ranges: instants in time order; text and uuids by code point, as Firestore orders strings.
  if (type === "timestamptz") {
    const value = instantOrNull(clause.value);
    return value === null ? "FALSE" : `${sql} ${clause.op} ${params.add(value)}::timestamptz`;
  }
  if (typeof clause.value !== "string") return "FALSE";
  // A uuid's own order is its lower-case text's order: compared as uuids, the index serves paging by id.
  if (type === "uuid" && UUID_PATTERN.test(clause.value)) {
    return `${sql} ${clause.op} ${params.add(clause.value)}::uuid`;
  }
  return `${sql}::text COLLATE "C" ${clause.op} ${params.add(clause.value)}::text`;
}

function jsonCondition(path: Extract<Operand, { kind: "json" }>, clause: Where, params: Params): string {
  const { json, text } = path;
  const value = clause.value;
  switch (clause.op) {
    case "==":
      // A string compares as text, so the expression indexes on doc->>'field' serve it.
      return typeof value === "string"
        ? `(jsonb_typeof(${json}) = 'string' AND ${text} = ${params.add(value)}::text)`
        : `${json} = ${params.add(JSON.stringify(value))}::jsonb`;
    case "in":
      if ((value as unknown[]).length === 0) return "FALSE";
      return `${json} IN (SELECT value FROM jsonb_array_elements(${params.add(JSON.stringify(value))}::jsonb))`;
    case "array-contains":
      return `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${json}) = 'array' THEN ${json} ELSE '[]'::jsonb END) AS element WHERE element.value = ${params.add(JSON.stringify(value))}::jsonb)`;
    default:
      if (!RANGE_OPS.has(clause.op)) throw new Error(`Netinkamas palyginimas: ${clause.op}`);
      if (typeof value === "string") {
        return `(jsonb_typeof(${json}) = 'string' AND ${text} COLLATE "C" ${clause.op} ${params.add(value)}::text)`;
      }
      if (typeof value === "number" || typeof value === "boolean") {
        return `(jsonb_typeof(${json}) = '${typeof value}' AND ${json} ${clause.op} ${params.add(JSON.stringify(value))}::jsonb)`;
      }
      throw new Error(`Lauko ${clause.field} intervalo sąlyga galima tik su skaičiumi, tekstu ar loginiu dydžiu`);
  }
}

/** The ORDER BY terms of a field, in Firestore's order of types; strings by code point. */
function orderTerms(path: Operand, direction: "ASC" | "DESC"): string[] {
  if (path.kind === "column") {
    return [path.type === "text" ? `${path.sql} COLLATE "C" ${direction}` : `${path.sql} ${direction}`];
  }
  const { json, text } = path;
  return [
    `CASE jsonb_typeof(${json}) WHEN 'null' THEN 0 WHEN 'boolean' THEN 1 WHEN 'number' THEN 2 WHEN 'string' THEN 3 WHEN 'array' THEN 4 ELSE 5 END ${direction}`,
    `(CASE WHEN jsonb_typeof(${json}) = 'string' THEN ${text} END) COLLATE "C" ${direction}`,
    `${json} ${direction}`,
  ];
}

function selectFrom(spec: TableSpec, params: Params, collection: string): { sql: string; where: string[] } {
  if (spec.layout === "counter") {
    return {
      sql: "SELECT name AS id, jsonb_build_object('value', value) AS doc, created_at, updated_at FROM counters",
      where: [],
    };
  }
  if (spec.layout === "shared") {
    return {
      sql: "SELECT id, doc, created_at, updated_at FROM store_documents",
      where: [`collection = ${params.add(collection)}`],
    };
  }
  return { sql: `SELECT id, doc, created_at, updated_at FROM ${spec.table}`, where: [] };
}

function buildQuery(collection: string, spec: QuerySpec = {}): { sql: string; params: unknown[] } {
  checkQuerySpec(spec);
  const table = tableOf(collection);
  const params = new Params();
  const select = selectFrom(table, params, collection);
  const where = [...select.where];
  for (const clause of spec.where ?? []) {
    const path = operand(collection, table, clause.field);
    where.push(path.kind === "column" ? columnCondition(path, clause, params) : jsonCondition(path, clause, params));
  }
  const order: string[] = [];
  for (const { field, direction } of spec.orderBy ?? []) {
    const path = operand(collection, table, field);
    // As on Firestore, a document without the field is not in a list ordered by it.
    if (path.kind === "json") where.push(`${path.json} IS NOT NULL`);
    else if (path.nullable) where.push(`${path.sql} IS NOT NULL`);
    order.push(...orderTerms(path, direction === "desc" ? "DESC" : "ASC"));
  }
  const last = spec.orderBy?.[spec.orderBy.length - 1];
  const id = idColumn(table);
  order.push(`${table.idType === "text" ? `${id} COLLATE "C"` : id} ${last?.direction === "desc" ? "DESC" : "ASC"}`);
  let sql = select.sql;
  if (where.length > 0) sql += ` WHERE ${where.join(" AND ")}`;
  sql += ` ORDER BY ${order.join(", ")}`;
  if (spec.limit !== undefined) sql += ` LIMIT ${params.add(spec.limit)}::bigint`;
  return { sql, params: params.values };
}

// ---------- reads ----------

function validId(spec: TableSpec, id: string): boolean {
  return typeof id === "string" && (spec.idType === "uuid" ? UUID_PATTERN : TEXT_ID_PATTERN).test(id);
}

/**
 * `lockRow`: inside a transaction the row is locked until it ends (FOR UPDATE), as Firestore holds
 * a document a transaction read: a read-modify-write never loses another's change.
 */
async function getDoc(q: Queryable, collection: string, id: string, lockRow = false): Promise<StoredDoc | null> {
  const spec = tableOf(collection);
  // A malformed id is simply not found (never a cast error from the uuid column).
  if (!validId(spec, id)) return null;
  const params = new Params();
  const select = selectFrom(spec, params, collection);
  const where = [...select.where, `${idColumn(spec)} = ${params.add(id)}${spec.idType === "uuid" ? "::uuid" : ""}`];
  const sql = `${select.sql} WHERE ${where.join(" AND ")}${lockRow ? " FOR UPDATE" : ""}`;
  const { rows } = await q.query<Row>(sql, params.values);
  return rows[0] ? toStored(rows[0]) : null;
}

async function queryDocs(q: Queryable, collection: string, spec?: QuerySpec): Promise<StoredDoc[]> {
  const { sql, params } = buildQuery(collection, spec);
  const { rows } = await q.query<Row>(sql, params);
  return rows.map(toStored);
}

// ---------- writes ----------

/** A write, checked and turned into SQL when set()/delete() is called, run at commit. */
type Statement = (q: Queryable) => Promise<void>;

const auditTime = (data: Data, field: "createdAt" | "updatedAt"): string | null =>
  data[field] === undefined ? null : canonicalInstant(data[field], field);

function setStatement(collection: string, id: string, data: Data): Statement {
  const spec = tableOf(collection);
  if (!validId(spec, id)) {
    throw new Error(`Netinkamas dokumento identifikatorius kolekcijoje ${collection}: ${JSON.stringify(id)}`);
  }
  const createdAt = auditTime(data, "createdAt");
  const updatedAt = auditTime(data, "updatedAt");
  const doc = jsonCopy(withoutAuditFields(data));

  if (spec.layout === "counter") {
    const extra = Object.keys(doc).filter((key) => key !== "value");
    if (extra.length > 0 || !Number.isSafeInteger(doc.value)) {
      throw new Error(`Skaitiklio ${id} dokumentas turi būti { value: sveikasis skaičius }`);
    }
    return async (q) => {
      await q.query(
        `INSERT INTO counters AS t (name, value, created_at, updated_at)
         VALUES ($1, $2::bigint, coalesce($3::timestamptz, now()), coalesce($4::timestamptz, now()))
         ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value,
           created_at = coalesce($3::timestamptz, t.created_at), updated_at = EXCLUDED.updated_at`,
        [id, doc.value, createdAt, updatedAt],
      );
    };
  }

  if (spec.layout === "shared") {
    return async (q) => {
      await q.query(
        `INSERT INTO store_documents AS t (collection, id, doc, created_at, updated_at)
         VALUES ($1, $2, $3::jsonb, coalesce($4::timestamptz, now()), coalesce($5::timestamptz, now()))
         ON CONFLICT (collection, id) DO UPDATE SET doc = EXCLUDED.doc,
           created_at = coalesce($4::timestamptz, t.created_at), updated_at = EXCLUDED.updated_at`,
        [collection, id, JSON.stringify(doc), createdAt, updatedAt],
      );
    };
  }

  if (spec.updateOnly) {
    return async (q) => {
      const result = await q.query(
        `UPDATE ${spec.table} SET doc = $2::jsonb, created_at = coalesce($3::timestamptz, created_at),
           updated_at = coalesce($4::timestamptz, now())
         WHERE id = $1::uuid`,
        [id, JSON.stringify(doc), createdAt, updatedAt],
      );
      if (result.affectedRows !== 1) {
        throw new Error(
          `Įrašo ${collection}/${id} nėra: šios kolekcijos įrašus kuria tik serverio paskyrų kodas (su slaptažodžiu)`,
        );
      }
    };
  }

  // The typed columns, filled from the document (checked now: a missing one is a bug of the caller).
  const typed = Object.entries(spec.columns).map(([field, column]) => {
    const value = columnValue(column.type, doc[field]);
    if (value === null) {
      throw new Error(`${collection}/${id}: laukas ${field} privalomas ir turi būti tinkamo tipo (${column.type})`);
    }
    return { column: column.column, type: column.type, value };
  });
  const columns = ["id", "doc", "created_at", "updated_at", ...typed.map((t) => t.column)];
  const values = [
    "$1::uuid",
    "$2::jsonb",
    "coalesce($3::timestamptz, now())",
    "coalesce($4::timestamptz, now())",
    ...typed.map((t, i) => `$${i + 5}::${t.type}`),
  ];
  const updates = [
    "doc = EXCLUDED.doc",
    "created_at = coalesce($3::timestamptz, t.created_at)",
    "updated_at = EXCLUDED.updated_at",
    ...typed.map((t) => `${t.column} = EXCLUDED.${t.column}`),
  ];
  const sql = `INSERT INTO ${spec.table} AS t (${columns.join(", ")}) VALUES (${values.join(", ")})
    ON CONFLICT (id) DO UPDATE SET ${updates.join(", ")}`;
  const params = [id, JSON.stringify(doc), createdAt, updatedAt, ...typed.map((t) => t.value)];
  return async (q) => {
    await q.query(sql, params);
  };
}

/**
 * The search text a restore writes with the rows when it has disabled the search trigger
 * (server/backup/fastLoad.ts): the same functions search_row_update() calls, on the same values.
 * document: to_tsvector('simple', search_document(table, doc)); reservation:
 * search_reservation(doc, car_id) (its customer and car must already be in their tables); a
 * function: to_tsvector('simple', its text of the document as stored).
 */
export type SearchExpression = "document" | "reservation" | ((doc: Data) => string);

/**
 * Restores: many new documents of one collection in one statement (the rows go in as one jsonb
 * array), with the same checks and columns as set(). The enabled triggers and the exclusion
 * constraints see every row, as they see a set(). `search`: also fill the search column (only
 * when its trigger is disabled; see SearchExpression). Not for staff (updateOnly).
 */
export async function bulkInsert(
  q: Queryable,
  collection: string,
  docs: readonly StoredDoc[],
  options: { search?: SearchExpression } = {},
): Promise<void> {
  if (docs.length === 0) return;
  const spec = tableOf(collection);
  if (spec.updateOnly) throw new Error(`Kolekcijos ${collection} įrašų taip įkelti negalima`);
  const rows = docs.map(({ id, data }) => {
    if (!validId(spec, id)) {
      throw new Error(`Netinkamas dokumento identifikatorius kolekcijoje ${collection}: ${JSON.stringify(id)}`);
    }
    const doc = jsonCopy(withoutAuditFields(data));
    for (const [field, column] of Object.entries(spec.columns)) {
      if (columnValue(column.type, doc[field]) === null) {
        throw new Error(`${collection}/${id}: laukas ${field} privalomas ir turi būti tinkamo tipo (${column.type})`);
      }
    }
    if (spec.layout === "counter" && !Number.isSafeInteger(doc.value)) {
      throw new Error(`Skaitiklio ${id} dokumentas turi būti { value: sveikasis skaičius }`);
    }
    const row: { id: string; doc: Data; c: string | null; u: string | null; s?: string } = {
      id,
      doc,
      c: auditTime(data, "createdAt"),
      u: auditTime(data, "updatedAt"),
    };
    if (typeof options.search === "function") row.s = options.search(doc);
    return row;
  });
  const times = "coalesce(r.c::timestamptz, now()), coalesce(r.u::timestamptz, now())";
  // The array is read as json (a quick scan) and each document made jsonb once: parsing the
  // whole array as jsonb first takes about three times as long. OFFSET 0 keeps the subquery
  // apart, so the document is not parsed again for every column that reads it.
  const from = `FROM (SELECT e->>'id' AS id, (e->'doc')::jsonb AS doc, e->>'c' AS c, e->>'u' AS u, e->>'s' AS s
    FROM json_array_elements($1::json) AS e OFFSET 0) AS r`;
  if (spec.layout === "counter") {
    await q.query(
      `INSERT INTO counters (name, value, created_at, updated_at) SELECT r.id, (r.doc->>'value')::bigint, ${times} ${from}`,
      [JSON.stringify(rows)],
    );
    return;
  }
  if (spec.layout === "shared") {
    await q.query(
      `INSERT INTO store_documents (collection, id, doc, created_at, updated_at) SELECT $2, r.id, r.doc, ${times} ${from}`,
      [JSON.stringify(rows), collection],
    );
    return;
  }
  const typed = Object.entries(spec.columns);
  const columns = ["id", "doc", "created_at", "updated_at", ...typed.map(([, c]) => c.column)];
  // The field names are the table spec's own (letters only), never input.
  const values = ["(r.id)::uuid", "r.doc", times, ...typed.map(([field, c]) => `(r.doc->>'${field}')::${c.type}`)];
  if (options.search === "reservation") {
    if (spec.table !== "reservations") throw new Error(`Rezervacijos paieškos tekstas netinka lentelei ${spec.table}`);
    columns.push("search");
    values.push("search_reservation(r.doc, (r.doc->>'carId')::uuid)");
  } else if (typeof options.search === "function") {
    columns.push("search");
    values.push("to_tsvector('simple', r.s)");
  } else if (options.search === "document") {
    // The table name is the spec's own (letters and "_"), never input.
    columns.push("search");
    values.push(`to_tsvector('simple', search_document('${spec.table}', r.doc))`);
  }
  await q.query(`INSERT INTO ${spec.table} (${columns.join(", ")}) SELECT ${values.join(", ")} ${from}`, [
    JSON.stringify(rows),
  ]);
}

function deleteStatement(collection: string, id: string): Statement {
  const spec = tableOf(collection);
  const [sql, params]: [string, unknown[]] =
    spec.layout === "counter"
      ? ["DELETE FROM counters WHERE name = $1", [id]]
      : spec.layout === "shared"
        ? ["DELETE FROM store_documents WHERE collection = $1 AND id = $2", [collection, id]]
        : [`DELETE FROM ${spec.table} WHERE id = $1::uuid`, [id]];
  return async (q) => {
    // A malformed id names no document: nothing to delete.
    if (validId(spec, id)) await q.query(sql, params);
  };
}

// ---------- errors ----------

function sqlState(error: unknown): { code: string; constraint: string } | null {
  if (!(error instanceof Error)) return null;
  const { code, constraint } = error as Error & { code?: unknown; constraint?: unknown };
  return typeof code === "string"
    ? { code, constraint: typeof constraint === "string" ? constraint : "nežinomas apribojimas" }
    : null;
}

/**
 * What the use cases answer as conflicts: the exclusion constraint car_holds_no_overlap over
 * reservations (each car of a swapped rental apart) and maintenance blocks together
 * (005_maintenance.sql, 014_car_swaps.sql; any 23P01 is an "overlap") and unique indexes.
 */
function storeError(error: unknown): unknown {
  const state = sqlState(error);
  if (state?.code === "23P01") return new StoreConstraintError("overlap", state.constraint);
  if (state?.code === "23505") return new StoreConstraintError("duplicate", state.constraint);
  return error;
}

// ---------- the store ----------

/**
 * The store's transaction over an SQL transaction the caller already runs: reads run at once,
 * writes wait for commit(). The server's own SQL (password hashes, sessions) and the core's rules
 * can then share one transaction.
 */
export function transactionOver(q: Queryable): { tx: Transaction; commit(): Promise<void> } {
  const guard = new TransactionGuard();
  const writes: Statement[] = [];
  const tx: Transaction = {
    async get(collection, id) {
      guard.beforeRead();
      return getDoc(q, collection, id, true);
    },
    async query(collection, spec) {
      guard.beforeRead();
      return queryDocs(q, collection, spec);
    },
    async lock(key) {
      guard.beforeRead();
      if (typeof key !== "string" || key.length === 0) throw new Error("Užrakto raktas negali būti tuščias");
      await q.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [key]);
    },
    set(collection, id, data) {
      guard.beforeWrite();
      writes.push(setStatement(collection, id, data));
    },
    delete(collection, id) {
      guard.beforeWrite();
      writes.push(deleteStatement(collection, id));
    },
  };
  return {
    tx,
    async commit() {
      guard.close();
      for (const write of writes) await write(q);
    },
  };
}

/** Rows per FETCH when a PostgreSQL snapshot is read out. */
const SNAPSHOT_PAGE = 2000;
/**
 * PGlite runs queries on the server's one thread: a page of the snapshot is as long as a request
 * may have to wait. Pages are sized to take about this long (from the last page's time).
 */
const PGLITE_PAGE_TARGET_MS = 1;
const PGLITE_PAGE_MIN = 10;
const PGLITE_PAGE_MAX = 2000;
/** A copy of at most this many rows is read in one query. */
const SMALL_COPY = 200;
let snapshotSequence = 0;

type SnapshotRow = { id: string; doc: Data; c: string; u: string };

const ROW_JSON = "json_build_object('id', s.id, 'doc', s.doc, 'c', s.created_at, 'u', s.updated_at)";

const storedOf = (row: SnapshotRow): StoredDoc =>
  toStored({ id: row.id, doc: row.doc, created_at: row.c, updated_at: row.u });

/** The rows of a collection, as SQL (the shared table's collection name is a checked literal). */
function snapshotSource(collection: string): string {
  const spec = tableOf(collection);
  if (spec.layout === "counter")
    return "SELECT name AS id, jsonb_build_object('value', value) AS doc, created_at, updated_at FROM counters";
  if (spec.layout === "shared") {
    if (!/^[A-Za-z0-9_]+$/.test(collection)) throw new Error(`Netinkamas kolekcijos pavadinimas: ${collection}`);
    return `SELECT id, doc, created_at, updated_at FROM store_documents WHERE collection = '${collection}'`;
  }
  return `SELECT id, doc, created_at, updated_at FROM ${spec.table}`;
}

/** PostgreSQL: one cursor over the collection in id order (one sort), fetched in pages. */
async function* cursorPages(q: Queryable, collection: string): AsyncGenerator<StoredDoc[]> {
  const cursor = `atsargine_${collection.replace(/[^A-Za-z0-9_]/g, "_")}`;
  await q.query(
    `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT ${ROW_JSON}::text AS row
     FROM (${snapshotSource(collection)}) AS s ORDER BY s.id::text COLLATE "C"`,
  );
  for (;;) {
    const { rows } = await q.query<{ row: string }>(`FETCH ${SNAPSHOT_PAGE} FROM ${cursor}`);
    if (rows.length > 0) yield rows.map((row) => storedOf(JSON.parse(row.row) as SnapshotRow));
    if (rows.length < SNAPSHOT_PAGE) break;
  }
  await q.query(`CLOSE ${cursor}`);
}

/**
 * PGlite: a copy read out in id order through an index made on it (outside the snapshot's
 * transaction), each page about PGLITE_PAGE_TARGET_MS long, the event loop free between pages.
 * Throws when the pages do not add up to `count` (the copy changed under the reader).
 */
async function* copyPages(
  db: Db,
  collection: string,
  table: string,
  idType: "uuid" | "text",
  count: number,
): AsyncGenerator<StoredDoc[]> {
  // A uuid's order is its lowercase text's order; text ids by code point, as everywhere here.
  const key = idType === "uuid" ? "id" : 'id COLLATE "C"';
  const after = idType === "uuid" ? "id > $1::uuid" : 'id COLLATE "C" > $1::text';
  let read = 0;
  if (count > 0 && count <= SMALL_COPY) {
    // A small copy in one read (fewer turns in the queue when writers keep the database busy).
    const answer: { rows: { docs: string | null }[] } = await db.query(
      `SELECT json_agg(${ROW_JSON} ORDER BY s.${key})::text AS docs FROM ${table} AS s`,
    );
    const text = answer.rows[0]?.docs;
    const page = text ? (JSON.parse(text) as SnapshotRow[]).map(storedOf) : [];
    read = page.length;
    if (page.length > 0) yield page;
  } else if (count > 0) {
    await db.query(`CREATE INDEX ON ${table} (${key})`);
    await letOthersRun();
    let size = 100;
    for (let last: string | null = null; ; ) {
      const started = performance.now();
      const answer: { rows: { docs: string | null }[] } = await db.query(
        `SELECT json_agg(${ROW_JSON} ORDER BY s.${key})::text AS docs
         FROM (SELECT * FROM ${table} WHERE $1::text IS NULL OR ${after} ORDER BY ${key} LIMIT ${size}) AS s`,
        [last],
      );
      const text = answer.rows[0]?.docs;
      const rows: SnapshotRow[] = text ? (JSON.parse(text) as SnapshotRow[]) : [];
      read += rows.length;
      const full = rows.length === size;
      if (full) last = (rows[rows.length - 1] as SnapshotRow).id;
      const took = Math.max(0.5, performance.now() - started);
      if (rows.length > 0) yield rows.map(storedOf);
      if (!full) break;
      size = Math.round(Math.min(PGLITE_PAGE_MAX, Math.max(PGLITE_PAGE_MIN, (size * PGLITE_PAGE_TARGET_MS) / took)));
      await letOthersRun();
    }
  }
  if (read !== count) {
    throw new Error(`Momentinė kopija: kolekcijoje ${collection} perskaityta ${read} iš ${count} eilučių`);
  }
}

/** Every document of the snapshot's collections, a page at a time. */
export interface SnapshotPages {
  /** the collection's documents in id order, in pages (read once; a collection the snapshot lacks throws) */
  pages(collection: string): AsyncIterable<StoredDoc[]>;
}

/**
 * Backups: every document of the collections at one instant, each collection in id order, given
 * to `use` a page at a time, so a backup holds one page of documents in memory, not the database.
 *
 * PostgreSQL: one REPEATABLE READ READ ONLY transaction on its own connection for all of `use`,
 * read out through cursors; nobody waits for it. PGlite runs one transaction at a time on the
 * server's one thread, so a long read would hold every booking and every page up: there one
 * transaction copies the tables into temporary tables inside the database (the snapshot, quick),
 * and `use` reads the copies afterwards in id order, in pages of a few milliseconds, other work
 * going on between the pages; then they are dropped.
 */
export async function withSnapshot<T>(
  db: Db,
  collections: readonly string[],
  use: (snapshot: SnapshotPages) => Promise<T>,
  stats: { exclusiveMs?: number } = {},
): Promise<T> {
  const unknown = (collection: string): never => {
    throw new Error(`Momentinėje kopijoje nėra kolekcijos ${collection}`);
  };
  if (db.kind === "postgres") {
    return db.transaction(async (q) => {
      await q.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      return use({
        pages: (collection) => (collections.includes(collection) ? cursorPages(q, collection) : unknown(collection)),
      });
    });
  }
  snapshotSequence += 1;
  const prefix = `atsargine_${process.pid}_${snapshotSequence}`;
  const copies = collections.map((collection, i) => ({ collection, table: `${prefix}_${i}` }));
  try {
    const started = performance.now();
    let counts: number[] = [];
    await db.transaction(async (q) => {
      await q.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
      for (const { collection, table } of copies) {
        await q.query(`CREATE TEMP TABLE ${table} AS ${snapshotSource(collection)}`);
        // Requests that need no database are answered between the copies.
        await letOthersRun();
      }
      const { rows } = await q.query<{ counts: number[] }>(
        `SELECT ARRAY[${copies.map(({ table }) => `(SELECT count(*) FROM ${table})::int`).join(", ")}] AS counts`,
      );
      counts = rows[0]?.counts ?? [];
      if (counts.length !== copies.length) throw new Error("Nepavyko suskaičiuoti momentinės kopijos eilučių");
    });
    // How long other work waited for the snapshot (PGlite's one connection).
    stats.exclusiveMs = performance.now() - started;
    return await use({
      pages: (collection) => {
        const i = copies.findIndex((copy) => copy.collection === collection);
        if (i < 0) return unknown(collection);
        return copyPages(
          db,
          collection,
          (copies[i] as { table: string }).table,
          tableOf(collection).idType,
          counts[i] as number,
        );
      },
    });
  } finally {
    await db.query(copies.map(({ table }) => `DROP TABLE IF EXISTS ${table}`).join("; "));
  }
}

/** The snapshot's documents as whole lists (the store port's `snapshot`; small stores and tests). */
export function readSnapshot(
  db: Db,
  collections: readonly string[],
  stats: { exclusiveMs?: number } = {},
): Promise<Record<string, StoredDoc[]>> {
  return withSnapshot(
    db,
    collections,
    async (snapshot) => {
      const result: Record<string, StoredDoc[]> = {};
      for (const collection of collections) {
        await letOthersRun();
        const docs: StoredDoc[] = [];
        for await (const page of snapshot.pages(collection)) docs.push(...page);
        result[collection] = docs;
      }
      return result;
    },
    stats,
  );
}

/** The database under a store made here (backups need the staff's password hashes beside the documents). */
const STORE_DBS = new WeakMap<DocumentStore, Db>();
export const dbOfStore = (store: DocumentStore): Db | null => STORE_DBS.get(store) ?? null;

export function createPgStore(db: Db): DocumentStore {
  const runOnce = <T>(fn: (tx: Transaction) => Promise<T>): Promise<T> =>
    db.transaction(async (q) => {
      const view = transactionOver(q);
      const result = await fn(view.tx);
      await view.commit();
      return result;
    });

  const store: DocumentStore = {
    get: (collection, id) => getDoc(db, collection, id),
    query: (collection, spec) => queryDocs(db, collection, spec),
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await runOnce(fn);
        } catch (error) {
          const code = sqlState(error)?.code;
          if (code && RETRY_CODES.has(code) && attempt < MAX_TRANSACTION_ATTEMPTS) {
            await backoff(attempt);
            continue;
          }
          throw storeError(error);
        }
      }
    },
    newId: () => randomUUID(),
    isId: (id) => typeof id === "string" && UUID_PATTERN.test(id),
    snapshot: (collections) => readSnapshot(db, collections),
  };
  STORE_DBS.set(store, db);
  return store;
}

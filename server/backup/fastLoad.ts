// The database part of a local restore (issue 16: 100 000 reservations in well under a minute).
//
// Row by row, each inserted reservation ran two triggers (its search text, with look-ups of its
// customer and car, and its car_holds row) and updated the GIN search index and the gist indexes
// of the exclusion constraints one entry at a time. Here, inside the restore's one transaction
// (a failure rolls every step back, the target stays as it was):
// 1. the derived-data triggers this file knows how to replace are disabled (only those: the
//    search triggers of 003_admin_search.sql and the car_holds triggers of 005_maintenance.sql,
//    found by name AND by the function they run; integrity triggers, the foreign keys' internal
//    triggers and any trigger unknown here keep running);
// 2. the secondary indexes that enforce nothing (not unique, not a constraint's) are dropped;
// 3. the rows go in a few thousand per statement, each with the search text the trigger would
//    write: computed by ./searchTwin.ts (the SQL functions' JavaScript twin, checked against
//    them on a sample of every table first) and made a tsvector by to_tsvector('simple', …) in
//    the INSERT, or, where the twin is not to be trusted, by the trigger's own SQL functions in
//    the same INSERT … SELECT;
// 4. car_holds is filled by one INSERT … SELECT with the trigger's own selection and period;
//    its exclusion constraint checks every row as it goes in;
// 5. the dropped indexes are built again from their own definitions (pg_get_indexdef), the
//    triggers are enabled again, and the loaded tables are analysed (PGlite has no autovacuum).
// The unique indexes, primary keys, exclusion constraints and foreign keys stay in place all
// along and check every row. The target is empty (restoreLocal checked it, or --force emptied
// it), so every row of a loaded table is a loaded row.
import type { StoredDoc } from "../../src/core/ports";
import { jsonCopy, withoutAuditFields } from "../../src/core/stores/storeRules";
import type { Queryable } from "../db/types";
import { bulkInsert, type SearchExpression } from "../store/pgStore";
import { tableOf } from "../store/tables";
import { loadSearchTwin } from "./searchTwin";

/** Documents per INSERT statement (one jsonb array parameter). */
export const LOAD_BATCH_ROWS = 5000;

/** The triggers a set-based step replaces, with the function each must run to be replaceable. */
const SEARCH_FUNCTION = "search_row_update";
const HOLD_TRIGGERS: Record<string, { trigger: string; fn: string; insert: string[] }> = {
  reservations: {
    trigger: "reservations_car_holds",
    fn: "car_holds_from_reservation",
    // car_holds_from_reservation(): only reservations that hold a car, period [pickup, return); a
    // rental with car swaps one row per car, cut by reservation_car_holds() (014_car_swaps.sql).
    insert: [
      `INSERT INTO car_holds (source, source_id, part, car_id, period)
        SELECT 'reservation', id, 0, car_id, tstzrange(pickup_at, return_at, '[)') FROM reservations
        WHERE status IN ('new', 'confirmed', 'active') AND jsonb_typeof(doc -> 'carSwaps') IS DISTINCT FROM 'array'`,
      `INSERT INTO car_holds (source, source_id, part, car_id, period)
        SELECT 'reservation', r.id, h.part, h.hold_car, h.hold_period
        FROM reservations AS r, LATERAL reservation_car_holds(r.doc, r.car_id, r.pickup_at, r.return_at) AS h
        WHERE r.status IN ('new', 'confirmed', 'active') AND jsonb_typeof(r.doc -> 'carSwaps') = 'array'`,
    ],
  },
  maintenance: {
    trigger: "maintenance_car_holds",
    fn: "car_holds_from_maintenance",
    // car_holds_from_maintenance(): every block, period [from, to).
    insert: [
      `INSERT INTO car_holds (source, source_id, car_id, period)
        SELECT 'maintenance', id, car_id, tstzrange(starts_at, ends_at, '[)') FROM maintenance`,
    ],
  },
};

/** Load order: the rows a reservation's search text looks up (its car, its customer) go first. */
const FIRST = ["cars", "customers"];

/** Rows of each table whose twin text is compared with the SQL functions before the load. */
export const TWIN_SAMPLE = 200;

type Data = Record<string, unknown>;

export interface LoadPhases {
  /** tables whose search text came from the twin / from the SQL functions */
  searchInJs: string[];
  searchInSql: string[];
  /** ms per loaded collection (its rows and their search text) */
  perCollection: Record<string, number>;
  prepareMs: number;
  insertMs: number;
  holdsMs: number;
  indexMs: number;
  analyzeMs: number;
}

interface TriggerRow {
  table: string;
  trigger: string;
  fn: string;
}

interface IndexRow {
  name: string;
  def: string;
}

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * Loads `data` (every collection but staff, whose rows the caller writes with their password
 * hashes) into empty tables, inside the caller's transaction `q`.
 */
export async function loadCollectionsFast(q: Queryable, data: Record<string, StoredDoc[]>): Promise<LoadPhases> {
  const started = performance.now();
  const entries = Object.entries(data).filter(([collection, docs]) => collection !== "staff" && docs.length > 0);
  entries.sort(([a], [b]) => {
    const rank = (c: string): number => (FIRST.includes(c) ? FIRST.indexOf(c) : FIRST.length);
    return rank(a) - rank(b);
  });
  const tables = [...new Set(entries.map(([collection]) => tableOf(collection).table))];
  if (tables.length === 0) {
    return {
      searchInJs: [],
      searchInSql: [],
      perCollection: {},
      prepareMs: 0,
      insertMs: 0,
      holdsMs: 0,
      indexMs: 0,
      analyzeMs: 0,
    };
  }
  // Index builds sort in memory rather than on disk.
  await q.query("SET LOCAL maintenance_work_mem = '128MB'");

  // 1. The derived-data triggers on these tables that are enabled now (ENABLE TRIGGER gives back 'O').
  const { rows: triggers } = await q.query<TriggerRow>(
    `SELECT c.relname AS "table", t.tgname AS "trigger", p.proname AS fn
     FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
     WHERE NOT t.tgisinternal AND t.tgenabled = 'O' AND c.relname = ANY($1::text[])
       AND c.relnamespace = 'public'::regnamespace`,
    [tables],
  );
  const searchTables = new Set<string>();
  const holdTables = new Set<string>();
  const disabled: TriggerRow[] = [];
  for (const row of triggers) {
    if (row.trigger === `${row.table}_search_trigger` && row.fn === SEARCH_FUNCTION) {
      searchTables.add(row.table);
      disabled.push(row);
    } else if (HOLD_TRIGGERS[row.table]?.trigger === row.trigger && HOLD_TRIGGERS[row.table]?.fn === row.fn) {
      holdTables.add(row.table);
      disabled.push(row);
    }
  }
  for (const row of disabled) {
    await q.query(`ALTER TABLE ${quoteIdent(row.table)} DISABLE TRIGGER ${quoteIdent(row.trigger)}`);
  }

  // 2. Secondary indexes that enforce nothing.
  const { rows: indexes } = await q.query<IndexRow>(
    `SELECT ic.relname AS name, pg_get_indexdef(i.indexrelid) AS def
     FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class ic ON ic.oid = i.indexrelid
     WHERE c.relname = ANY($1::text[]) AND c.relnamespace = 'public'::regnamespace
       AND NOT i.indisunique AND NOT i.indisprimary AND NOT i.indisexclusion
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
     ORDER BY ic.relname`,
    [tables],
  );
  for (const index of indexes) await q.query(`DROP INDEX ${quoteIdent(index.name)}`);
  const twin = searchTables.size > 0 ? await loadSearchTwin(q, [...searchTables]) : null;
  const prepared = performance.now();

  // 3. The rows, with the search text the disabled trigger would have written.
  const stored = (collection: string): Map<string, Data> =>
    new Map((data[collection] ?? []).map((d) => [d.id.toLowerCase(), jsonCopy(withoutAuditFields(d.data))]));
  let customers: Map<string, Data> | null = null;
  let cars: Map<string, Data> | null = null;
  const searchInJs: string[] = [];
  const searchInSql: string[] = [];
  const perCollection: Record<string, number> = {};
  for (const [collection, docs] of entries) {
    const collectionStarted = performance.now();
    const table = tableOf(collection).table;
    let search: SearchExpression | undefined;
    if (searchTables.has(table)) {
      const sql: SearchExpression = table === "reservations" ? "reservation" : "document";
      let js: ((doc: Data) => string) | null = null;
      if (twin) {
        if (table === "reservations") {
          customers ??= stored("customers");
          cars ??= stored("cars");
          const c = customers;
          const k = cars;
          js = (doc) =>
            twin.reservationText(
              doc,
              (id) => c.get(id),
              (id) => k.get(id),
            );
        } else {
          js = (doc) => twin.documentText(table, doc);
        }
      }
      if (js && (await twinAgrees(q, table, docs, js))) {
        search = js;
        searchInJs.push(table);
      } else {
        search = sql;
        searchInSql.push(table);
      }
    }
    for (let start = 0; start < docs.length; start += LOAD_BATCH_ROWS) {
      await bulkInsert(q, collection, docs.slice(start, start + LOAD_BATCH_ROWS), { search });
    }
    perCollection[collection] = Math.round(performance.now() - collectionStarted);
  }
  const inserted = performance.now();

  // 4. car_holds, as the disabled triggers would have filled it.
  for (const table of holdTables) {
    for (const statement of (HOLD_TRIGGERS[table] as { insert: string[] }).insert) await q.query(statement);
  }
  const held = performance.now();

  // 5. Indexes and triggers back.
  for (const index of indexes) await q.query(index.def);
  for (const row of disabled) {
    await q.query(`ALTER TABLE ${quoteIdent(row.table)} ENABLE TRIGGER ${quoteIdent(row.trigger)}`);
  }
  const indexed = performance.now();
  const analysed = [...tables, ...(holdTables.size > 0 ? ["car_holds"] : [])];
  await q.query(`ANALYZE ${analysed.map(quoteIdent).join(", ")}`);
  return {
    searchInJs,
    searchInSql,
    perCollection,
    prepareMs: prepared - started,
    insertMs: inserted - prepared,
    holdsMs: held - inserted,
    indexMs: indexed - held,
    analyzeMs: performance.now() - indexed,
  };
}

/**
 * Whether the twin's text gives the same tsvector as the trigger's SQL for a sample of the
 * table's documents (spread over all of them), computed on the documents as they will be stored.
 */
async function twinAgrees(
  q: Queryable,
  table: string,
  docs: readonly StoredDoc[],
  js: (doc: Data) => string,
): Promise<boolean> {
  const step = Math.max(1, Math.floor(docs.length / TWIN_SAMPLE));
  const sample: { doc: Data; s: string }[] = [];
  for (let i = 0; i < docs.length && sample.length < TWIN_SAMPLE; i += step) {
    const doc = jsonCopy(withoutAuditFields((docs[i] as StoredDoc).data));
    sample.push({ doc, s: js(doc) });
  }
  const sql =
    table === "reservations"
      ? "search_reservation(r->'doc', (r->'doc'->>'carId')::uuid)"
      : "to_tsvector('simple', search_document($2::text, r->'doc'))";
  const { rows } = await q.query<{ differ: number }>(
    `SELECT count(*)::int AS differ FROM jsonb_array_elements($1::jsonb) AS r
     WHERE to_tsvector('simple', r->>'s') IS DISTINCT FROM ${sql}`,
    table === "reservations" ? [JSON.stringify(sample)] : [JSON.stringify(sample), table],
  );
  return rows[0]?.differ === 0;
}

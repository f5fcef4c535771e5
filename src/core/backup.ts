// Backups and restores over the store port, the same for PGlite, PostgreSQL and Firestore.
//
// An archive (server/backup/archive.ts writes and reads the container) holds:
// - every collection of COLLECTIONS as newline-delimited JSON, one `{"id","data"}` line per
//   document, in id order (collections/<name>.ndjson);
// - the uploaded files (files/public/…, files/private/…);
// - backend extras a target of the same kind can use (local/staff-credentials.ndjson: the staff's
//   password hashes, which only the local server keeps);
// - manifest.json: app version, schema version, count per collection, SHA-256 and size per part.
//
// The documents are read at one instant (DocumentStore.snapshot). A restore checks everything
// before it writes anything, migrates documents of an older schema (ARCHIVE_MIGRATIONS), refuses a
// target that holds data, and checks the counts again after loading. Documents go in through the
// store's transactions, so the database's own guarantees hold for them (the exclusion constraints,
// search indexes and car holds of PostgreSQL are filled by its triggers; Firestore's lock
// documents are plain mutexes made when first used), and the counters continue their series.
import { z } from "zod";
import { COLLECTIONS, SETTINGS_ID } from "./collections";
import type { DocumentStore, StoredDoc } from "./ports";

/** The archive format's name, so a stray tar.gz is recognised as not ours. */
export const ARCHIVE_FORMAT = "ratai-atsargine-kopija";
/**
 * The documents' schema version. Bump it when a change of the code needs stored documents to
 * change, and add the step that upgrades them to ARCHIVE_MIGRATIONS (as an SQL migration does for
 * the database). 1: counters are named `reservation-<year>` (before: `reservation:<year>`,
 * 002_store_documents.sql).
 */
export const SCHEMA_VERSION = 1;

/** Every collection the core knows, so a collection added to COLLECTIONS is backed up too. */
export const BACKUP_COLLECTIONS: readonly string[] = Object.values(COLLECTIONS);

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const partSchema = z.object({
  name: z.string().min(1),
  kind: z.enum(["collection", "file", "extra"]),
  size: z.number().int().nonnegative(),
  sha256,
  /** documents (collection) or lines (extra) */
  count: z.number().int().nonnegative().optional(),
});
export type ArchivePart = z.infer<typeof partSchema>;

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(1),
  appVersion: z.string(),
  schemaVersion: z.number().int().nonnegative(),
  createdAt: z.string(),
  source: z.object({
    backend: z.enum(["pglite", "postgres", "firestore", "memory"]),
    /** the highest SQL migration of the source database (local backends) */
    sqlMigration: z.number().int().nonnegative().optional(),
  }),
  counts: z.record(z.string(), z.number().int().nonnegative()),
  parts: z.array(partSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const collectionPartName = (collection: string): string => `collections/${collection}.ndjson`;
export const MANIFEST_NAME = "manifest.json";

// ---------- reading the source ----------

/** Every document of every collection, at one instant when the store can (snapshot). */
export async function readAllCollections(
  store: DocumentStore,
  collections: readonly string[] = BACKUP_COLLECTIONS,
): Promise<Record<string, StoredDoc[]>> {
  if (store.snapshot) return store.snapshot(collections);
  const out: Record<string, StoredDoc[]> = {};
  for (const collection of collections) {
    const docs = await store.query(collection);
    out[collection] = [...docs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
  return out;
}

/** A collection as newline-delimited JSON: one `{"id","data"}` per line, each line ending in "\n". */
export function encodeCollection(docs: readonly StoredDoc[]): string {
  let text = "";
  for (const doc of docs) text += `${JSON.stringify({ id: doc.id, data: doc.data })}\n`;
  return text;
}

const lineSchema = z.object({ id: z.string().min(1), data: z.record(z.string(), z.unknown()) });

export function decodeCollection(collection: string, text: string): StoredDoc[] {
  if (text.length > 0 && !text.endsWith("\n")) {
    throw new BackupError(`Kolekcijos „${collection}“ duomenys nutrūkę (paskutinė eilutė nebaigta)`);
  }
  const docs: StoredDoc[] = [];
  const lines = text.split("\n");
  lines.pop();
  for (const [index, line] of lines.entries()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new BackupError(`Kolekcijos „${collection}“ ${index + 1} eilutė nėra JSON`);
    }
    const doc = lineSchema.safeParse(parsed);
    if (!doc.success) throw new BackupError(`Kolekcijos „${collection}“ ${index + 1} eilutė netinkamos formos`);
    docs.push(doc.data);
  }
  return docs;
}

// ---------- older schemas ----------

type CollectionsData = Record<string, StoredDoc[]>;

/** ARCHIVE_MIGRATIONS[v] upgrades documents of schema v to v + 1. */
export const ARCHIVE_MIGRATIONS: Readonly<Record<number, (data: CollectionsData) => CollectionsData>> = {
  // 0 → 1: counters renamed from "reservation:2026" to "reservation-2026" (002_store_documents.sql).
  0: (data) => {
    const counters = new Map<string, StoredDoc>();
    for (const doc of data[COLLECTIONS.counters] ?? []) {
      const id = doc.id.replace(/^reservation:(\d+)$/, "reservation-$1");
      const existing = counters.get(id);
      const value = Number(doc.data.value);
      if (!existing || Number(existing.data.value) < value) counters.set(id, { id, data: { ...doc.data } });
    }
    const sorted = [...counters.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return { ...data, [COLLECTIONS.counters]: sorted };
  },
};

/** Documents of `fromVersion` brought to SCHEMA_VERSION; a newer archive is refused. */
export function migrateCollections(fromVersion: number, data: CollectionsData): CollectionsData {
  if (fromVersion > SCHEMA_VERSION) {
    throw new BackupError(
      `Archyvas sukurtas naujesnės programos versijos (duomenų schema ${fromVersion}, ši programa žino iki ${SCHEMA_VERSION}). Atnaujinkite programą ir bandykite vėl.`,
    );
  }
  let current = data;
  for (let version = fromVersion; version < SCHEMA_VERSION; version++) {
    const step = ARCHIVE_MIGRATIONS[version];
    if (!step) throw new BackupError(`Nežinomas duomenų schemos ${version} atnaujinimas`);
    current = step(current);
  }
  return current;
}

// ---------- the target ----------

/**
 * Collections that hold something in the target. The base settings document a fresh server
 * creates on its first start does not count: a restore replaces it. Nor does the erasure ledger:
 * a restore keeps it (takeErasureLedger before the load, mergeErasureLedger after).
 */
export async function nonEmptyCollections(
  store: DocumentStore,
  collections: readonly string[] = BACKUP_COLLECTIONS,
): Promise<string[]> {
  const busy: string[] = [];
  for (const collection of collections) {
    // The erasure ledger is never replaced by a restore but merged (src/core/erasureLedger.ts).
    if (collection === COLLECTIONS.erasureLedger) continue;
    const docs = await store.query(collection, { limit: 2 });
    const counted = collection === COLLECTIONS.settings ? docs.filter((d) => d.id !== SETTINGS_ID) : docs;
    if (counted.length > 0) busy.push(collection);
  }
  return busy;
}

/** How many documents go into one store transaction (Firestore allows 500 writes). */
export const LOAD_BATCH = 400;

/**
 * Loads the documents in batches of store transactions. `skip`: collections a backend loads its
 * own way (the local server's staff, with their password hashes).
 */
export async function loadCollections(
  store: DocumentStore,
  data: CollectionsData,
  options: { skip?: ReadonlySet<string>; onProgress?: (collection: string, done: number) => void } = {},
): Promise<void> {
  for (const [collection, docs] of Object.entries(data)) {
    if (options.skip?.has(collection)) continue;
    for (let start = 0; start < docs.length; start += LOAD_BATCH) {
      const batch = docs.slice(start, start + LOAD_BATCH);
      await store.transaction(async (tx) => {
        for (const doc of batch) tx.set(collection, doc.id, doc.data);
      });
      options.onProgress?.(collection, Math.min(docs.length, start + LOAD_BATCH));
    }
  }
}

/**
 * After loading: every collection holds exactly the archive's documents (by id). Returns the
 * Lithuanian description of each difference; empty when they agree.
 */
export async function compareWithStore(store: DocumentStore, data: CollectionsData): Promise<string[]> {
  const stored = await readAllCollections(store, Object.keys(data));
  const problems: string[] = [];
  for (const [collection, docs] of Object.entries(data)) {
    const want = new Set(docs.map((d) => d.id));
    const have = new Set((stored[collection] ?? []).map((d) => d.id));
    const missing = [...want].filter((id) => !have.has(id)).length;
    const extra = [...have].filter((id) => !want.has(id)).length;
    if (collection === COLLECTIONS.settings && extra > 0 && missing === 0) continue;
    if (missing > 0 || extra > 0) {
      problems.push(
        `${collection}: archyve ${want.size}, duomenų bazėje ${have.size} (trūksta ${missing}, perteklinių ${extra})`,
      );
    }
  }
  return problems;
}

/** Ids the target store cannot hold (a Firestore id in a PostgreSQL table of uuids). */
export function unusableIds(
  store: DocumentStore,
  data: CollectionsData,
  uuidCollections: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  for (const collection of uuidCollections) {
    const bad = (data[collection] ?? []).filter((doc) => !store.isId(doc.id));
    if (bad.length > 0) problems.push(`${collection}: ${bad.length} (pvz. ${bad[0]?.id})`);
  }
  return problems;
}

// Backup and restore of the local server's data: the database (PGlite in DATA_DIR or PostgreSQL
// by DATABASE_URL) through the core's store port, the staff's password hashes (only the local
// server keeps them), the public uploads and the private files, read through the file storage
// (server/files: DATA_DIR/files and DATA_DIR/private, or the S3 bucket) and checked against their
// records (size, SHA-256): a file that does not match is reported and left out, never archived as good.
import { readFileSync } from "node:fs";
import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import {
  BACKUP_COLLECTIONS,
  BackupError,
  migrateCollections,
  nonEmptyCollections,
  SCHEMA_VERSION,
  unusableIds,
} from "../../src/core/backup";
import { COLLECTIONS } from "../../src/core/collections";
import { reapplyErasures } from "../../src/core/dataRights";
import { mergeErasureLedger, takeErasureLedger } from "../../src/core/erasureLedger";
import { type CoreContext, type DocumentStore, noEvents, type StoredDoc, systemClock } from "../../src/core/ports";
import { withoutAuditFields } from "../../src/core/stores/storeRules";
import type { Db } from "../db/types";
import { damagedMessage, type FileStorage, fileStorageFor, missingMessage } from "../files/index";
import { type FileArea, isSafeRelative, FILE_AREAS as STORAGE_AREAS } from "../files/storage";
import { log } from "../log";
import { PACKAGE_JSON } from "../paths";
import { createPrivateFiles, privateContentType } from "../services/privateFiles";
import { allFileRecords, fileRecord, fillFileHash, hasFileHashes } from "../store/files";
import { createPgStore, withSnapshot } from "../store/pgStore";
import { TABLES, tableOf } from "../store/tables";
import { type ArchiveFileSource, readArchive, sha256Hex, type WrittenArchive, writeArchive } from "./archive";
import { type LoadPhases, loadCollectionsFast } from "./fastLoad";

export const STAFF_CREDENTIALS_PART = "local/staff-credentials.ndjson";
/** A password hash nobody can match: staff restored without one set a new password (create-admin). */
export const NO_PASSWORD = "!atkurta-be-slaptazodzio";

export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(PACKAGE_JSON, "utf8")) as { version: string };
  return pkg.version;
}

/** Every file under root, as paths relative to it with "/" separators, sorted. */
export async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      // Temporary files of an upload in progress (".part", ".tmp-…") are not kept.
      if (entry.name.startsWith(".") || /\.(part|tmp)(-|$)/.test(entry.name)) continue;
      const full = path.join(dir, entry.name);
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(full, relative);
      else if (entry.isFile()) out.push(relative);
    }
  };
  await walk(root, "");
  return out.sort();
}

const FILE_AREAS = { public: "files", private: "private" } as const;

/** The content type a restored or re-recorded file gets, by its extension. */
function contentTypeOf(area: FileArea, relative: string): string {
  if (area === "private") return privateContentType(relative) ?? "application/octet-stream";
  return CONTENT_TYPES[path.extname(relative).toLowerCase()] ?? "application/octet-stream";
}

/**
 * The stored files as archive sources, each read through the storage and checked against its
 * record: a file whose size or SHA-256 differs is added to `damaged` (Lithuanian) and left out; a
 * record whose bytes are gone too. A record without a hash (older rows) gets it computed now.
 */
async function fileSources(db: Db, storage: FileStorage, damaged: Map<string, string>): Promise<ArchiveFileSource[]> {
  const checked = await hasFileHashes(db);
  const sources: ArchiveFileSource[] = [];
  for (const area of STORAGE_AREAS) {
    const records = checked ? await allFileRecords(db, area) : new Map();
    const listed = (await storage.list(area)).filter(isSafeRelative);
    const present = new Set(listed);
    // Recorded but not in the storage: lost, unless it was deleted since the records were read.
    for (const relative of records.keys()) {
      if (present.has(relative) || !isSafeRelative(relative)) continue;
      const name = `files/${area}/${relative}`;
      if (await fileRecord(db, area, relative)) damaged.set(name, missingMessage(name));
    }
    for (const relative of listed) {
      const name = `files/${area}/${relative}`;
      sources.push({
        name,
        read: async () => {
          // Deleted since the listing (a picture removed while the backup runs): left out, not a failure.
          const bytes = await storage.get(area, relative);
          if (!bytes) return null;
          const record = records.get(relative);
          if (!record) return bytes;
          const sha256 = sha256Hex(bytes);
          if (record.size !== bytes.length || (record.sha256 !== null && record.sha256 !== sha256)) {
            damaged.set(
              name,
              `${damagedMessage(name)} Įrašyta: ${record.size} B, ${record.sha256 ?? "be kontrolinės sumos"}; saugykloje: ${bytes.length} B, ${sha256}`,
            );
            return null;
          }
          if (record.sha256 === null) {
            await fillFileHash(db, area, {
              path: relative,
              contentType: contentTypeOf(area, relative),
              size: bytes.length,
              sha256,
            });
          }
          return bytes;
        },
      });
    }
  }
  return sources;
}

async function highestMigration(db: Db): Promise<number | undefined> {
  const { rows } = await db.query<{ v: number | null }>("SELECT max(version) AS v FROM schema_migrations");
  return rows[0]?.v ?? undefined;
}

export interface LocalBackupResult extends WrittenArchive {
  /**
   * Stored files that do not match their records (other bytes, or none at all), in Lithuanian:
   * not in the archive (its older copies keep the good bytes), logged as errors.
   */
  damaged: string[];
  /** how long the database snapshot took (ms) */
  snapshotMs: number;
  /** of it, how long other work waited (PGlite: the copy into temporary tables; PostgreSQL: 0) */
  exclusiveMs: number;
  totalMs: number;
}

export interface BackupLocalOptions {
  /** the collections to take (default: all); the backup before a migration takes those whose tables exist */
  collections?: readonly string[];
  /** called once the files are listed, before any is read (tests delete files here) */
  onListed?: (files: string[]) => Promise<void> | void;
  /** where the files are; default: the storage of the server running on dataDir (else DATA_DIR's disk) */
  storage?: FileStorage;
}

/**
 * Writes an archive of the local database and files to `out`, reading the database a page at a
 * time. A file deleted between the listing and its reading is left out (`skipped`).
 */
export async function backupLocal(
  db: Db,
  dataDir: string,
  out: string,
  options: BackupLocalOptions = {},
): Promise<LocalBackupResult> {
  const chosen = options.collections ?? BACKUP_COLLECTIONS;
  const started = performance.now();
  const createdAt = new Date();
  const stats: { exclusiveMs?: number } = {};
  let snapshotMs = 0;
  const sqlMigration = await highestMigration(db);
  const storage = options.storage ?? fileStorageFor({ dataDir });
  const damaged = new Map<string, string>();
  const files = await fileSources(db, storage, damaged);
  await options.onListed?.(files.map((file) => file.name));
  const written = await withSnapshot(
    db,
    chosen,
    async (snapshot) => {
      snapshotMs = performance.now() - started;
      // Only the staff the snapshot holds have their password hash kept (one created since has
      // no document in it); the staff collection is written before the extras that need its ids.
      const staffIds = new Set<string>();
      const collections = chosen.map((collection) => ({
        collection,
        pages:
          collection === COLLECTIONS.staff
            ? (async function* () {
                for await (const page of snapshot.pages(collection)) {
                  for (const doc of page) staffIds.add(doc.id);
                  yield page;
                }
              })()
            : snapshot.pages(collection),
      }));
      const credentials = {
        name: STAFF_CREDENTIALS_PART,
        content: async () => {
          const { rows } = await db.query<{ id: string; password_hash: string }>(
            'SELECT id::text AS id, password_hash FROM staff ORDER BY id::text COLLATE "C"',
          );
          const kept = rows.filter((row) => staffIds.has(row.id));
          return {
            text: kept.map((row) => `${JSON.stringify({ id: row.id, passwordHash: row.password_hash })}\n`).join(""),
            count: kept.length,
          };
        },
      };
      return writeArchive(out, {
        appVersion: appVersion(),
        source: { backend: db.kind, sqlMigration },
        createdAt,
        collections,
        files,
        extras: [credentials],
      });
    },
    stats,
  );
  for (const problem of damaged.values()) log.error(`Atsarginė kopija: ${problem}`);
  return {
    ...written,
    // A damaged file is left out on purpose: reported as damaged, not as deleted meanwhile.
    skipped: written.skipped?.filter((name) => !damaged.has(name)),
    damaged: [...damaged.values()],
    snapshotMs,
    exclusiveMs: stats.exclusiveMs ?? 0,
    totalMs: performance.now() - started,
  };
}

export interface RestoreResult {
  counts: Record<string, number>;
  files: number;
  /** staff whose password hash was not in the archive (they set a new one) */
  staffWithoutPassword: number;
  /** what the archive's manifest says */
  schemaVersion: number;
  migratedFrom: number | null;
  /** customers of the erasure ledger the archive still held, erased again (src/core/erasureLedger.ts) */
  erasuresReapplied: number;
  ms: number;
  /** where the time went (ms): reading and checking the archive, the database load, the files, the check after */
  phases: { readMs: number; checkMs: number; loadMs: number; load: LoadPhases; filesMs: number; verifyMs: number };
}

/** The ids a collection holds in the database (only ids: the check after a restore). */
async function storedIds(db: Db, collection: string): Promise<string[]> {
  const spec = tableOf(collection);
  const { rows } =
    spec.layout === "counter"
      ? await db.query<{ id: string }>("SELECT name AS id FROM counters")
      : spec.layout === "shared"
        ? await db.query<{ id: string }>("SELECT id FROM store_documents WHERE collection = $1", [collection])
        : await db.query<{ id: string }>(`SELECT id::text AS id FROM ${spec.table}`);
  return rows.map((row) => row.id);
}

/**
 * After loading: every collection holds exactly the archive's documents (by id), as
 * compareWithStore (src/core/backup.ts) checks it, reading the ids only. Lithuanian descriptions
 * of the differences; empty when they agree.
 */
async function compareWithDb(db: Db, data: Record<string, StoredDoc[]>): Promise<string[]> {
  const problems: string[] = [];
  for (const [collection, docs] of Object.entries(data)) {
    const want = new Set(docs.map((d) => d.id));
    const have = new Set(await storedIds(db, collection));
    let missing = 0;
    for (const id of want) if (!have.has(id)) missing += 1;
    let extra = 0;
    for (const id of have) if (!want.has(id)) extra += 1;
    if (collection === COLLECTIONS.settings && extra > 0 && missing === 0) continue;
    if (missing > 0 || extra > 0) {
      problems.push(
        `${collection}: archyve ${want.size}, duomenų bazėje ${have.size} (trūksta ${missing}, perteklinių ${extra})`,
      );
    }
  }
  return problems;
}

/** Collections whose table keys documents by uuid: their ids must be UUIDs. */
const UUID_COLLECTIONS = new Set(
  Object.entries(TABLES)
    .filter(([, spec]) => spec.idType === "uuid")
    .map(([collection]) => collection),
);

/** Empties every table of the core's collections (restore --force). */
async function clearLocal(db: Db): Promise<void> {
  const tables = new Set(Object.values(TABLES).map((spec) => spec.table));
  tables.add("sessions");
  tables.add("files");
  tables.add("private_files");
  await db.query(`TRUNCATE ${[...tables].join(", ")} CASCADE`);
}

function parseCredentials(text: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of (text ?? "").split("\n")) {
    if (!line) continue;
    const parsed = JSON.parse(line) as { id?: unknown; passwordHash?: unknown };
    if (typeof parsed.id === "string" && typeof parsed.passwordHash === "string")
      map.set(parsed.id, parsed.passwordHash);
  }
  return map;
}

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
};

/**
 * Loads an archive into the local database and DATA_DIR. Everything is checked before the first
 * write; a target with data is refused unless `force` (then it is emptied first).
 */
export async function restoreLocal(
  target: Db | (() => Promise<Db>),
  dataDir: string,
  archive: string,
  options: { force?: boolean; storage?: FileStorage } = {},
): Promise<RestoreResult> {
  const storage = options.storage ?? fileStorageFor({ dataDir });
  const started = performance.now();
  const staging = path.resolve(dataDir, `.atkuriama-${process.pid}-${Date.now()}`);
  await mkdir(staging, { recursive: true });
  // Given an opener, the database is opened (and its schema created) only once the archive has
  // been read and checked, and closed at the end: a damaged archive leaves an empty target as it was.
  let opened: Db | null = null;
  // A restore that fails after taking the ledger out puts it back (it never loses an erasure).
  let ledgerOnFailure: { store: DocumentStore; docs: StoredDoc[] } | null = null;
  try {
    const read = await readArchive(archive, staging);
    const readDone = performance.now();
    const migratedFrom = read.manifest.schemaVersion < SCHEMA_VERSION ? read.manifest.schemaVersion : null;
    const data = migrateCollections(read.manifest.schemaVersion, read.collections);
    const known = new Set(BACKUP_COLLECTIONS);
    const unknown = Object.keys(data).filter((c) => !known.has(c));
    if (unknown.length > 0) {
      throw new BackupError(`Archyve yra kolekcijų, kurių ši programa nežino: ${unknown.join(", ")}`);
    }
    if (typeof target === "function") opened = await target();
    const db = typeof target === "function" ? (opened as Db) : target;
    const store = createPgStore(db);
    const badIds = unusableIds(store, data, UUID_COLLECTIONS);
    if (badIds.length > 0) {
      throw new BackupError(
        `Archyvo dokumentų identifikatoriai netinka PostgreSQL lentelėms (reikia UUID): ${badIds.join("; ")}`,
      );
    }
    const busy = await nonEmptyCollections(store);
    const existing = { public: await storage.list("public"), private: await storage.list("private") };
    const existingFiles = [...existing.public, ...existing.private];
    if ((busy.length > 0 || existingFiles.length > 0) && !options.force) {
      const what = [
        ...(busy.length > 0 ? [`duomenų bazėje yra duomenų (${busy.join(", ")})`] : []),
        ...(existingFiles.length > 0
          ? [`${storage.kind === "s3" ? "failų saugykloje" : "aplanke"} yra failų (${existingFiles.length})`]
          : []),
      ];
      throw new BackupError(
        `Atkurti galima tik į tuščią vietą: ${what.join("; ")}. Niekas nepakeista. Norėdami viską pakeisti archyvo turiniu, nurodykite --force.`,
      );
    }
    // The erasure ledger survives the restore: taken out now, merged back and applied after the load.
    const keptLedger = await takeErasureLedger(store);
    ledgerOnFailure = { store, docs: keptLedger };
    if (options.force) {
      await clearLocal(db);
      if (storage.kind === "local") {
        await rm(path.resolve(dataDir, FILE_AREAS.public), { recursive: true, force: true });
        await rm(path.resolve(dataDir, FILE_AREAS.private), { recursive: true, force: true });
      } else {
        for (const area of STORAGE_AREAS) for (const relative of existing[area]) await storage.remove(area, relative);
      }
    }

    const checkDone = performance.now();
    // One transaction: the whole database part goes in, or none of it.
    const credentials = parseCredentials(read.extras[STAFF_CREDENTIALS_PART]);
    const staff: StoredDoc[] = data[COLLECTIONS.staff] ?? [];
    let staffWithoutPassword = 0;
    const load = await db.transaction(async (q) => {
      // Staff first, with their password hashes (the store only updates staff rows).
      for (const doc of staff) {
        const hash = credentials.get(doc.id);
        if (!hash) staffWithoutPassword += 1;
        await q.query(
          `INSERT INTO staff (id, doc, password_hash, created_at, updated_at)
           VALUES ($1::uuid, $2::jsonb, $3, coalesce($4::timestamptz, now()), coalesce($5::timestamptz, now()))`,
          [
            doc.id,
            JSON.stringify(withoutAuditFields(doc.data)),
            hash ?? NO_PASSWORD,
            doc.data.createdAt ?? null,
            doc.data.updatedAt ?? null,
          ],
        );
      }
      // The base settings a fresh server wrote are replaced by the archive's.
      if ((data[COLLECTIONS.settings] ?? []).length > 0) await q.query(`DELETE FROM ${TABLES.settings.table}`);
      // Every other collection, set-based (./fastLoad.ts): the same rows and derived rows as
      // the triggers would write, in the same transaction.
      return loadCollectionsFast(q, data);
    });
    const loadDone = performance.now();

    // Files: from the staging folder into the storage (durably), recorded with the archive's
    // size and SHA-256, then read back and checked.
    for (const file of read.files) {
      const match = /^files\/(public|private)\/(.+)$/.exec(file.name);
      if (!match || !file.staged) continue;
      const area = match[1] as FileArea;
      const relative = match[2] as string;
      const contentType = contentTypeOf(area, relative);
      await storage.put(area, relative, new Uint8Array(await readFile(file.staged)), contentType);
      await rm(file.staged, { force: true });
      await db.query(
        `INSERT INTO ${area === "public" ? "files" : "private_files"} (path, content_type, size, sha256)
         VALUES ($1, $2, $3, $4) ON CONFLICT (path) DO NOTHING`,
        [relative, contentType, file.size, file.sha256],
      );
    }
    const filesDone = performance.now();
    const problems = await compareWithDb(db, data);
    for (const file of read.files) {
      const match = /^files\/(public|private)\/(.+)$/.exec(file.name) as RegExpExecArray;
      const bytes = await storage.get(match[1] as FileArea, match[2] as string);
      if (!bytes || sha256Hex(bytes) !== file.sha256) problems.push(`failas ${file.name} neatkurtas`);
    }
    if (problems.length > 0) {
      throw new BackupError(`Atkūrus duomenys nesutampa su archyvu: ${problems.join("; ")}`);
    }
    // Everyone erased since the archive was made (the ledger the target had) is erased again.
    await mergeErasureLedger(store, keptLedger);
    ledgerOnFailure = null;
    const core: CoreContext = {
      store,
      events: noEvents,
      clock: systemClock,
      log: { info: log.info, warn: log.warn, error: log.error },
    };
    const reapplied = await reapplyErasures(core, { files: createPrivateFiles(storage, db) });
    const counts: Record<string, number> = {};
    for (const [collection, docs] of Object.entries(data)) counts[collection] = docs.length;
    return {
      counts,
      files: read.files.length,
      staffWithoutPassword,
      schemaVersion: read.manifest.schemaVersion,
      migratedFrom,
      erasuresReapplied: reapplied.erased.length,
      ms: performance.now() - started,
      phases: {
        readMs: readDone - started,
        checkMs: checkDone - readDone,
        loadMs: loadDone - checkDone,
        load,
        filesMs: filesDone - loadDone,
        verifyMs: performance.now() - filesDone,
      },
    };
  } finally {
    if (ledgerOnFailure) {
      await mergeErasureLedger(ledgerOnFailure.store, ledgerOnFailure.docs).catch((error: unknown) =>
        log.error("Ištrintų klientų sąrašo grąžinti po nepavykusio atkūrimo nepavyko", error),
      );
    }
    await rm(staging, { recursive: true, force: true });
    await opened?.close();
  }
}

// Backup and restore of the local server's data: the database (PGlite in DATA_DIR or PostgreSQL
// by DATABASE_URL) through the core's store port, the staff's password hashes (only the local
// server keeps them), the public uploads (DATA_DIR/files) and the private files (DATA_DIR/private).
import { readFileSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm } from "node:fs/promises";
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
import type { StoredDoc } from "../../src/core/ports";
import { withoutAuditFields } from "../../src/core/stores/storeRules";
import type { Db } from "../db/types";
import { PACKAGE_JSON } from "../paths";
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

function fileSources(dataDir: string, area: keyof typeof FILE_AREAS, relatives: string[]): ArchiveFileSource[] {
  const root = path.resolve(dataDir, FILE_AREAS[area]);
  return relatives
    .filter((relative) => /^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(relative))
    .map((relative) => ({
      name: `files/${area}/${relative}`,
      // Deleted since the listing (a picture removed while the backup runs): left out, not a failure.
      read: () =>
        readFile(path.join(root, relative)).catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return null;
          throw error;
        }),
    }));
}

async function highestMigration(db: Db): Promise<number | undefined> {
  const { rows } = await db.query<{ v: number | null }>("SELECT max(version) AS v FROM schema_migrations");
  return rows[0]?.v ?? undefined;
}

export interface LocalBackupResult extends WrittenArchive {
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
  const files = [
    ...fileSources(dataDir, "public", await listFiles(path.resolve(dataDir, FILE_AREAS.public))),
    ...fileSources(dataDir, "private", await listFiles(path.resolve(dataDir, FILE_AREAS.private))),
  ];
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
  return { ...written, snapshotMs, exclusiveMs: stats.exclusiveMs ?? 0, totalMs: performance.now() - started };
}

export interface RestoreResult {
  counts: Record<string, number>;
  files: number;
  /** staff whose password hash was not in the archive (they set a new one) */
  staffWithoutPassword: number;
  /** what the archive's manifest says */
  schemaVersion: number;
  migratedFrom: number | null;
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
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const started = performance.now();
  const staging = path.resolve(dataDir, `.atkuriama-${process.pid}-${Date.now()}`);
  await mkdir(staging, { recursive: true });
  // Given an opener, the database is opened (and its schema created) only once the archive has
  // been read and checked, and closed at the end: a damaged archive leaves an empty target as it was.
  let opened: Db | null = null;
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
    const existingFiles = [
      ...(await listFiles(path.resolve(dataDir, FILE_AREAS.public))),
      ...(await listFiles(path.resolve(dataDir, FILE_AREAS.private))),
    ];
    if ((busy.length > 0 || existingFiles.length > 0) && !options.force) {
      const what = [
        ...(busy.length > 0 ? [`duomenų bazėje yra duomenų (${busy.join(", ")})`] : []),
        ...(existingFiles.length > 0 ? [`aplanke yra failų (${existingFiles.length})`] : []),
      ];
      throw new BackupError(
        `Atkurti galima tik į tuščią vietą: ${what.join("; ")}. Niekas nepakeista. Norėdami viską pakeisti archyvo turiniu, nurodykite --force.`,
      );
    }
    if (options.force) {
      await clearLocal(db);
      await rm(path.resolve(dataDir, FILE_AREAS.public), { recursive: true, force: true });
      await rm(path.resolve(dataDir, FILE_AREAS.private), { recursive: true, force: true });
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

    // Files: moved from the staging folder into place, then read back and checked.
    for (const file of read.files) {
      const match = /^files\/(public|private)\/(.+)$/.exec(file.name);
      if (!match || !file.staged) continue;
      const area = match[1] as keyof typeof FILE_AREAS;
      const target = path.resolve(dataDir, FILE_AREAS[area], match[2] as string);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(file.staged, target);
      if (area === "public") {
        await db.query(
          "INSERT INTO files (path, content_type, size) VALUES ($1, $2, $3) ON CONFLICT (path) DO NOTHING",
          [match[2], CONTENT_TYPES[path.extname(target).toLowerCase()] ?? "application/octet-stream", file.size],
        );
      }
    }
    const filesDone = performance.now();
    const problems = await compareWithDb(db, data);
    for (const file of read.files) {
      const match = /^files\/(public|private)\/(.+)$/.exec(file.name) as RegExpExecArray;
      const target = path.resolve(dataDir, FILE_AREAS[match[1] as keyof typeof FILE_AREAS], match[2] as string);
      const bytes = await readFile(target).catch(() => null);
      if (!bytes || sha256Hex(bytes) !== file.sha256) problems.push(`failas ${file.name} neatkurtas`);
    }
    if (problems.length > 0) {
      throw new BackupError(`Atkūrus duomenys nesutampa su archyvu: ${problems.join("; ")}`);
    }
    const counts: Record<string, number> = {};
    for (const [collection, docs] of Object.entries(data)) counts[collection] = docs.length;
    return {
      counts,
      files: read.files.length,
      staffWithoutPassword,
      schemaVersion: read.manifest.schemaVersion,
      migratedFrom,
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
    await rm(staging, { recursive: true, force: true });
    await opened?.close();
  }
}

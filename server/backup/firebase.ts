// Backup and restore on Firebase: Firestore through the core's store port (firebase-admin, the
// same store the Cloud Functions use) and the uploaded files in Cloud Storage. Where the Storage
// emulator or bucket cannot be reached (offline), the files part says so and is never reported
// as done.
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { getStorage } from "firebase-admin/storage";
import { createFirestoreDocumentStore } from "../../src/backend/shared/firestore/documentStore";
import {
  BACKUP_COLLECTIONS,
  BackupError,
  compareWithStore,
  loadCollections,
  migrateCollections,
  nonEmptyCollections,
  readAllCollections,
  SCHEMA_VERSION,
} from "../../src/core/backup";
import { type ErasableFiles, reapplyErasures } from "../../src/core/dataRights";
import { mergeErasureLedger, takeErasureLedger } from "../../src/core/erasureLedger";
import { type DocumentStore, noEvents, systemClock } from "../../src/core/ports";
import { log } from "../log";
import { type ArchiveFileSource, readArchive, type WrittenArchive, wholeCollections, writeArchive } from "./archive";
import { appVersion } from "./local";

export interface FirebaseTarget {
  projectId: string;
  /** Cloud Storage bucket; null: files are not backed up or restored (the report says so) */
  bucket: string | null;
}

export interface FirebaseHandle {
  store: DocumentStore;
  app: App;
  close(): Promise<void>;
}

export function openFirebase(target: FirebaseTarget): FirebaseHandle {
  const app = initializeApp(
    { projectId: target.projectId, ...(target.bucket ? { storageBucket: target.bucket } : {}) },
    `atsargines-kopijos-${process.pid}-${Date.now()}`,
  );
  const store = createFirestoreDocumentStore(getFirestore(app));
  return { store, app, close: () => deleteApp(app) };
}

/** Storage paths of uploads ("cars/…", "desk/…", "documents/…") become files/public|private/… */
const PRIVATE_PREFIXES = ["desk/", "documents/"];

/** Why the Storage part cannot run here, or null when it can. */
export function storageUnavailableReason(target: FirebaseTarget, env: NodeJS.ProcessEnv = process.env): string | null {
  if (!target.bucket) return "nenurodytas Storage krepšys (FIREBASE_STORAGE_BUCKET)";
  if (env.FIRESTORE_EMULATOR_HOST && !env.FIREBASE_STORAGE_EMULATOR_HOST) {
    return "dirbama su Firestore emuliatoriumi, o Storage emuliatorius nepaleistas (FIREBASE_STORAGE_EMULATOR_HOST); be interneto jo paleisti negalima";
  }
  return null;
}

export interface FirebaseBackupResult extends WrittenArchive {
  /** why the files were left out; null when they are in */
  filesSkipped: string | null;
}

export async function backupFirebase(
  handle: FirebaseHandle,
  target: FirebaseTarget,
  out: string,
): Promise<FirebaseBackupResult> {
  const createdAt = new Date();
  const collections = await readAllCollections(handle.store, BACKUP_COLLECTIONS);
  const skipped = storageUnavailableReason(target);
  const files: ArchiveFileSource[] = [];
  if (!skipped) {
    const bucket = getStorage(handle.app).bucket(target.bucket as string);
    const [objects] = await bucket.getFiles();
    for (const object of objects) {
      const area = PRIVATE_PREFIXES.some((p) => object.name.startsWith(p)) ? "private" : "public";
      if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(object.name)) continue;
      files.push({ name: `files/${area}/${object.name}`, read: async () => (await object.download())[0] });
    }
  }
  const written = await writeArchive(out, {
    appVersion: appVersion(),
    source: { backend: "firestore" },
    createdAt,
    collections: wholeCollections(collections),
    files,
    extras: [],
  });
  return { ...written, filesSkipped: skipped };
}

export interface FirebaseRestoreResult {
  counts: Record<string, number>;
  files: number;
  filesSkipped: string | null;
  migratedFrom: number | null;
  /** customers of the erasure ledger the archive still held, erased again (src/core/erasureLedger.ts) */
  erasuresReapplied: number;
}

/** The private files in the Cloud Storage bucket (the erasure removes them); no bucket: none. */
function storageFiles(handle: FirebaseHandle, bucketName: string | null): ErasableFiles {
  const bucket = bucketName ? getStorage(handle.app).bucket(bucketName) : null;
  return {
    async put(path, bytes, contentType) {
      if (!bucket) throw new BackupError("Storage krepšys nenurodytas");
      await bucket.file(path).save(Buffer.from(bytes), { contentType });
    },
    async get(path) {
      if (!bucket) return null;
      const [exists] = await bucket.file(path).exists();
      if (!exists) return null;
      const [bytes] = await bucket.file(path).download();
      return new Uint8Array(bytes);
    },
    async remove(path) {
      if (!bucket) return false;
      const [exists] = await bucket.file(path).exists();
      if (!exists) return false;
      await bucket.file(path).delete();
      return true;
    },
  };
}

/** Deletes every document of the core's collections (restore --force), in batches. */
async function clearFirestore(store: DocumentStore): Promise<void> {
  for (const collection of BACKUP_COLLECTIONS) {
    for (;;) {
      const docs = await store.query(collection, { limit: 400 });
      if (docs.length === 0) break;
      await store.transaction(async (tx) => {
        for (const doc of docs) tx.delete(collection, doc.id);
      });
    }
  }
}

export async function restoreFirebase(
  handle: FirebaseHandle,
  target: FirebaseTarget,
  archive: string,
  options: { force?: boolean; stagingDir: string },
): Promise<FirebaseRestoreResult> {
  const read = await readArchive(archive, options.stagingDir);
  const migratedFrom = read.manifest.schemaVersion;
  const data = migrateCollections(read.manifest.schemaVersion, read.collections);
  const busy = await nonEmptyCollections(handle.store);
  if (busy.length > 0 && !options.force) {
    throw new BackupError(
      `Atkurti galima tik į tuščią Firebase projektą: jame yra duomenų (${busy.join(", ")}). Niekas nepakeista. Norėdami viską pakeisti archyvo turiniu, nurodykite --force.`,
    );
  }
  // The erasure ledger survives the restore: taken out now, merged back and applied after the load.
  const keptLedger = await takeErasureLedger(handle.store);
  try {
    if (options.force) await clearFirestore(handle.store);
    await loadCollections(handle.store, data);
    const problems = await compareWithStore(handle.store, data);
    if (problems.length > 0) throw new BackupError(`Atkūrus duomenys nesutampa su archyvu: ${problems.join("; ")}`);
  } finally {
    await mergeErasureLedger(handle.store, keptLedger);
  }
  const skipped = read.files.length === 0 ? null : storageUnavailableReason(target);
  let files = 0;
  if (!skipped && read.files.length > 0) {
    const bucket = getStorage(handle.app).bucket(target.bucket as string);
    const { readFile } = await import("node:fs/promises");
    for (const file of read.files) {
      if (!file.staged) continue;
      const objectName = file.name.replace(/^files\/(public|private)\//, "");
      await bucket.file(objectName).save(await readFile(file.staged));
      files += 1;
    }
  }
  // Everyone erased since the archive was made is erased again (their files in Storage too).
  const reapplied = await reapplyErasures(
    {
      store: handle.store,
      events: noEvents,
      clock: systemClock,
      log: { info: log.info, warn: log.warn, error: log.error },
    },
    { files: storageFiles(handle, storageUnavailableReason(target) ? null : target.bucket) },
  );
  const counts: Record<string, number> = {};
  for (const [collection, docs] of Object.entries(data)) counts[collection] = docs.length;
  return {
    counts,
    files,
    filesSkipped: skipped,
    erasuresReapplied: reapplied.erased.length,
    migratedFrom: migratedFrom < SCHEMA_VERSION ? migratedFrom : null,
  };
}

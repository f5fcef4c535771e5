// Which file storage a server uses, and reading a stored file checked against its record.
// The server registers its storage and database for its DATA_DIR when it starts
// (server/start.ts), so what knows only the DATA_DIR (the backup, the background jobs) works on
// the same bucket and records as the HTTP routes.
import { createHash } from "node:crypto";
import type { FileStorageConfig } from "../config";
import type { Db } from "../db/types";
import { log } from "../log";
import { fileRecord, fillFileHash } from "../store/files";
import { createS3Storage } from "./s3";
import { createLocalStorage, type FileArea, type FileStorage } from "./storage";

export type { FileArea, FileStorage } from "./storage";

export const sha256Hex = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

export interface StorageSettings {
  dataDir: string;
  fileStorage?: FileStorageConfig;
}

export function createFileStorage(config: StorageSettings): FileStorage {
  const chosen = config.fileStorage ?? { kind: "local" };
  return chosen.kind === "s3" ? createS3Storage(chosen) : createLocalStorage(config.dataDir);
}

interface Registered {
  storage: FileStorage;
  db: Db | null;
}

const registered = new Map<string, Registered>();
const created = new Map<string, FileStorage>();

const keyOf = (dataDir: string) => dataDir.replace(/\/+$/, "");

/** A running server's storage and database for its DATA_DIR; the returned function forgets them. */
export function registerFileStorage(dataDir: string, storage: FileStorage, db: Db): () => void {
  const key = keyOf(dataDir);
  const entry = { storage, db };
  registered.set(key, entry);
  return () => {
    if (registered.get(key) === entry) registered.delete(key);
  };
}

/** The storage of a DATA_DIR: the running server's, else one made from the settings (local disk by default). */
export function fileStorageFor(config: StorageSettings): FileStorage {
  const key = keyOf(config.dataDir);
  const running = registered.get(key);
  if (running) return running.storage;
  const wanted = config.fileStorage ?? { kind: "local" };
  const cacheKey = `${key}\n${JSON.stringify(wanted)}`;
  let storage = created.get(cacheKey);
  if (!storage) {
    storage = createFileStorage(config);
    created.set(cacheKey, storage);
  }
  return storage;
}

/** The database the server running on this DATA_DIR records its files in; null when none runs here. */
export function recordsDbFor(dataDir: string): Db | null {
  return registered.get(keyOf(dataDir))?.db ?? null;
}

/** A stored file whose bytes are gone or differ from its record: never served, logged as an error. */
export class StoredFileError extends Error {
  constructor(
    message: string,
    readonly problem: "missing" | "damaged",
  ) {
    super(message);
    this.name = "StoredFileError";
  }
}

export const damagedMessage = (name: string) =>
  `Failas „${name}“ sugadintas: jo turinys nesutampa su įrašytu dydžiu ir kontroline suma (SHA-256), todėl neatiduodamas. Atkurkite jį iš atsarginės kopijos.`;
export const missingMessage = (name: string) =>
  `Failo „${name}“ turinio saugykloje nėra, nors jis įrašytas. Atkurkite jį iš atsarginės kopijos.`;

/**
 * A stored file's bytes, checked against its record (size and SHA-256) before anyone gets them.
 * No file and no record: null. A record without bytes, or bytes that do not match: StoredFileError
 * (logged as an error). A file recorded without a hash (older rows; a private file from before
 * the records) gets its hash computed and kept now (trust on first read); a public file without
 * a row (older than the files table) is handed out unchecked, as before.
 */
export async function readVerified(
  storage: FileStorage,
  db: Db | null,
  area: FileArea,
  relative: string,
  contentType: string,
): Promise<{ bytes: Uint8Array; sha256: string } | null> {
  const record = db ? await fileRecord(db, area, relative) : null;
  const bytes = await storage.get(area, relative);
  const name = `${area === "public" ? "files" : "private"}/${relative}`;
  if (!bytes) {
    if (!record) return null;
    log.error(`${missingMessage(name)} (saugykla: ${storage.description})`);
    throw new StoredFileError(missingMessage(name), "missing");
  }
  const sha256 = sha256Hex(bytes);
  if (record && (record.size !== bytes.length || (record.sha256 !== null && record.sha256 !== sha256))) {
    log.error(
      `${damagedMessage(name)} Įrašyta: ${record.size} B, ${record.sha256 ?? "be kontrolinės sumos"}; saugykloje: ${bytes.length} B, ${sha256} (${storage.description})`,
    );
    throw new StoredFileError(damagedMessage(name), "damaged");
  }
  if (db && (record ? record.sha256 === null : area === "private")) {
    await fillFileHash(db, area, { path: relative, contentType, size: bytes.length, sha256 });
    log.info(`Failo ${name} kontrolinė suma apskaičiuota ir įrašyta (${bytes.length} B)`);
  }
  return { bytes, sha256 };
}

// Private files of the rental desk on the local server (the PrivateFiles port, src/core/ports.ts):
// photos, signatures and signed PDFs in the private area of the file storage (DATA_DIR/private/,
// or <S3_PREFIX>private/ in the bucket), never under the public /files. Each has a record in
// private_files (size, SHA-256); a file that does not match it is never handed out.
// Staff read them through GET /api/admin/private/<path> (server/routes/documents.ts).
//
// A path must match PRIVATE_FILE_PATTERN ("desk/<name>" or "documents/<name>") and stay inside
// the folder. Files are written once: a signed document is kept unchanged, so writing other bytes
// to an existing path is refused (the same bytes again are fine: a retried write).
import path from "node:path";
import type { PrivateFiles } from "../../src/core/ports";
import { PRIVATE_FILE_PATTERN } from "../../src/domain/schemas";
import type { Db } from "../db/types";
import {
  createFileStorage,
  type FileStorage,
  fileStorageFor,
  readVerified,
  recordsDbFor,
  type StorageSettings,
  sha256Hex,
} from "../files/index";
import { recordPrivateFile, removePrivateRecord } from "../store/files";

/** Content types by extension: what the desk stores and the route serves. */
export const PRIVATE_CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".pdf": "application/pdf",
};

export class PrivateFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PrivateFileError";
  }
}

/** The content type a private path is served with; null for a path that is not a private file. */
export function privateContentType(relative: string): string | null {
  if (!isPrivatePath(relative)) return null;
  return PRIVATE_CONTENT_TYPES[path.extname(relative).toLowerCase()] ?? null;
}

export function isPrivatePath(relative: string): boolean {
  return PRIVATE_FILE_PATTERN.test(relative) && !relative.includes("..");
}

/** Where a private file is on the local disk (FILE_STORAGE=local): DATA_DIR/private. */
export function privateRoot(dataDir: string): string {
  return path.resolve(dataDir, "private");
}

/** The file on disk for a private path; null when the path is not allowed or would leave the folder. */
export function privateFileLocation(dataDir: string, relative: string): string | null {
  if (!isPrivatePath(relative)) return null;
  const root = privateRoot(dataDir);
  const resolved = path.resolve(root, relative);
  return resolved.startsWith(root + path.sep) ? resolved : null;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.from(a).equals(Buffer.from(b));

/** A private file store with removal (the data-rights erasure). */
export interface RemovablePrivateFiles extends PrivateFiles {
  /** whether there was a file to remove; its record goes too */
  remove(path: string): Promise<boolean>;
}

/**
 * The private area of a file storage: write-once files with a record (size, SHA-256) in the
 * database when one is given, read back only when they match it.
 */
export function createPrivateFiles(storage: FileStorage, db: Db | null): RemovablePrivateFiles {
  const check = (relative: string, contentType?: string): string => {
    const expected = privateContentType(relative);
    if (!expected) throw new PrivateFileError(`Neteisingas privataus failo kelias: ${relative}`);
    if (contentType !== undefined && expected !== contentType) {
      throw new PrivateFileError(`Failo ${relative} tipas turi būti ${expected}, gauta ${contentType}`);
    }
    return expected;
  };
  return {
    async put(relative, bytes, contentType) {
      check(relative, contentType);
      const sha256 = sha256Hex(bytes);
      const existing = await storage.get("private", relative);
      if (existing) {
        if (!sameBytes(existing, bytes))
          throw new PrivateFileError(`Privatus failas ${relative} jau yra ir nekeičiamas`);
      } else {
        // Durable before it is recorded (and before the caller's answer).
        await storage.put("private", relative, bytes, contentType);
      }
      if (db) await recordPrivateFile(db, { path: relative, contentType, size: bytes.length, sha256 }, null);
    },
    async get(relative) {
      const contentType = privateContentType(relative);
      if (!contentType) return null;
      const found = await readVerified(storage, db, "private", relative, contentType);
      return found?.bytes ?? null;
    },
    async remove(relative) {
      if (!isPrivatePath(relative)) return false;
      const removed = await storage.remove("private", relative);
      if (db) await removePrivateRecord(db, relative);
      return removed;
    },
  };
}

/** Private files on the local disk (DATA_DIR/private) without records: tools and tests. */
export function createLocalPrivateFiles(dataDir: string): PrivateFiles {
  return createPrivateFiles(createFileStorage({ dataDir }), null);
}

/**
 * The private files of a server: its storage (disk or S3) and its database's records. `db` may be
 * left out where only the DATA_DIR is known (background jobs): the running server's is used.
 */
export function privateFilesFor(config: StorageSettings, db?: Db): RemovablePrivateFiles {
  return createPrivateFiles(fileStorageFor(config), db ?? recordsDbFor(config.dataDir));
}

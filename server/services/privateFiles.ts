// Private files of the rental desk on the local server (the PrivateFiles port, src/core/ports.ts):
// photos, signatures and signed PDFs under DATA_DIR/private/, never under the public /files.
// Staff read them through GET /api/admin/private/<path> (server/routes/documents.ts).
//
// A path must match PRIVATE_FILE_PATTERN ("desk/<name>" or "documents/<name>") and stay inside
// the folder. Files are written once: a signed document is kept unchanged, so writing other bytes
// to an existing path is refused (the same bytes again are fine: a retried write).
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PrivateFiles } from "../../src/core/ports";
import { PRIVATE_FILE_PATTERN } from "../../src/domain/schemas";

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

export function createLocalPrivateFiles(dataDir: string): PrivateFiles {
  return {
    async put(relative, bytes, contentType) {
      const target = privateFileLocation(dataDir, relative);
      const expected = privateContentType(relative);
      if (!target || !expected) throw new PrivateFileError(`Neteisingas privataus failo kelias: ${relative}`);
      if (expected !== contentType) {
        throw new PrivateFileError(`Failo ${relative} tipas turi būti ${expected}, gauta ${contentType}`);
      }
      const existing = await readFile(target).catch(() => null);
      if (existing) {
        if (sameBytes(new Uint8Array(existing), bytes)) return;
        throw new PrivateFileError(`Privatus failas ${relative} jau yra ir nekeičiamas`);
      }
      await mkdir(path.dirname(target), { recursive: true });
      // Written whole or not at all: a temporary file, then a rename.
      const temporary = `${target}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, bytes, { flag: "wx" });
        await rename(temporary, target);
      } finally {
        await rm(temporary, { force: true });
      }
    },
    async get(relative) {
      const target = privateFileLocation(dataDir, relative);
      if (!target) return null;
      try {
        return new Uint8Array(await readFile(target));
      } catch {
        return null;
      }
    },
  };
}

const stores = new Map<string, PrivateFiles>();

/** The private files of a server (one per DATA_DIR): what the desk's use cases get with the core context. */
export function privateFilesFor(config: { dataDir: string }): PrivateFiles {
  const root = privateRoot(config.dataDir);
  let store = stores.get(root);
  if (!store) {
    store = createLocalPrivateFiles(config.dataDir);
    stores.set(root, store);
  }
  return store;
}

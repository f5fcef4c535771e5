// Where the bytes of uploaded and private files live: one interface (FileStorage), two places.
// - local disk (FILE_STORAGE unset or "local"): DATA_DIR/files (public) and DATA_DIR/private;
//   a file is written to a temporary name, fsynced, renamed into place and its folder fsynced
//   (and every folder made for it), so an acknowledged upload survives a power cut;
// - S3-compatible (FILE_STORAGE=s3, ./s3.ts): one bucket every server of the site shares.
// Records (size, SHA-256) are kept in the database, not here (server/files/verified.ts).
import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";

/** "public": served at /files/…; "private": the desk's and documents' files, only through staff routes. */
export type FileArea = "public" | "private";
export const FILE_AREAS: readonly FileArea[] = ["public", "private"];

export interface StoredFileStat {
  size: number;
  modifiedAt: Date;
}

export interface FileStorage {
  readonly kind: "local" | "s3";
  /** for the log: where the files are */
  readonly description: string;
  /** At start-up: the place can be reached (S3: the bucket exists and the keys open it). */
  check(): Promise<void>;
  /** Stores the bytes under area/relative; resolves once they are durable (fsynced, or the S3 PUT answered). */
  put(area: FileArea, relative: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The whole file; null when there is none. */
  get(area: FileArea, relative: string): Promise<Uint8Array | null>;
  stat(area: FileArea, relative: string): Promise<StoredFileStat | null>;
  /** Every file of the area, relative paths with "/", sorted (temporary files left out). */
  list(area: FileArea): Promise<string[]>;
  /** Whether there was a file to remove. */
  remove(area: FileArea, relative: string): Promise<boolean>;
}

/** A relative path a stored file may have: no "..", no empty parts, nothing absolute. */
export function isSafeRelative(relative: string): boolean {
  return (
    /^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(relative) &&
    relative.split("/").every((part) => part !== "" && part !== "." && part !== "..")
  );
}

/** Temporary names (an upload's ".part", a write's ".tmp") are never listed. */
export const isTemporaryName = (name: string): boolean => name.startsWith(".") || /\.(part|tmp)(-|$)/.test(name);

export class StorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StorageError";
  }
}

const LOCAL_FOLDERS: Record<FileArea, string> = { public: "files", private: "private" };

/** Flushes a folder's entries (a new or renamed name in it) to disk. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** mkdir -p, each folder it makes fsynced into its parent. */
async function ensureDurableDir(dir: string): Promise<void> {
  const missing: string[] = [];
  let current = dir;
  for (;;) {
    const info = await stat(current).catch(() => null);
    if (info?.isDirectory()) break;
    if (info) throw new StorageError(`${current} nėra aplankas`);
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const folder of missing) {
    await mkdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
    await syncDir(path.dirname(folder));
  }
}

/** Writes bytes to target: temporary file, fsync, rename, fsync of the folder. */
export async function writeFileDurably(target: string, bytes: Uint8Array): Promise<void> {
  const dir = path.dirname(target);
  await ensureDurableDir(dir);
  const temporary = path.join(dir, `.${path.basename(target)}.${randomUUID()}.tmp`);
  try {
    const handle = await open(temporary, "wx", 0o640);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncDir(dir);
}

/** DATA_DIR/files and DATA_DIR/private on this server's disk. */
export function createLocalStorage(dataDir: string): FileStorage {
  const rootOf = (area: FileArea) => path.resolve(dataDir, LOCAL_FOLDERS[area]);
  const location = (area: FileArea, relative: string): string => {
    const root = rootOf(area);
    const resolved = path.resolve(root, relative);
    if (!isSafeRelative(relative) || !resolved.startsWith(root + path.sep)) {
      throw new StorageError(`Neteisingas failo kelias: ${relative}`);
    }
    return resolved;
  };
  const missing = (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return null;
    throw error;
  };
  return {
    kind: "local",
    description: `diske (${path.resolve(dataDir)})`,
    async check() {
      await mkdir(path.resolve(dataDir), { recursive: true });
    },
    put: (area, relative, bytes) => writeFileDurably(location(area, relative), bytes),
    async get(area, relative) {
      return readFile(location(area, relative)).then((buffer) => new Uint8Array(buffer), missing);
    },
    async stat(area, relative) {
      const info = await stat(location(area, relative)).catch(missing);
      return info?.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    },
    async list(area) {
      const out: string[] = [];
      const walk = async (dir: string, prefix: string): Promise<void> => {
        const entries = await readdir(dir, { withFileTypes: true }).catch(missing);
        for (const entry of entries ?? []) {
          if (isTemporaryName(entry.name)) continue;
          const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
          if (entry.isDirectory()) await walk(path.join(dir, entry.name), relative);
          else if (entry.isFile()) out.push(relative);
        }
      };
      await walk(rootOf(area), "");
      return out.sort();
    },
    async remove(area, relative) {
      const target = location(area, relative);
      const info = await stat(target).catch(missing);
      if (!info?.isFile()) return false;
      await rm(target, { force: true });
      await syncDir(path.dirname(target)).catch(() => undefined);
      return true;
    },
  };
}

// The archive's container: a gzip-compressed tar (written here, read with tar-stream), chosen over a framed format of
// our own because any operator can look into it with `tar -tzf kopija.tar.gz` and take one file
// out without this program; gzip's CRC and the manifest's SHA-256 per part catch damage.
// manifest.json is the last entry: it is written when every part's checksum is known, so an
// archive cut short has no manifest and is refused. The file is written under a temporary name,
// flushed to disk and renamed, so a half-written archive never looks like a backup.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { createGunzip, gzip } from "node:zlib";
import tar from "tar-stream";
import {
  ARCHIVE_FORMAT,
  type ArchivePart,
  BackupError,
  collectionPartName,
  decodeCollection,
  encodeCollection,
  MANIFEST_NAME,
  type Manifest,
  manifestSchema,
  SCHEMA_VERSION,
} from "../../src/core/backup";
import type { StoredDoc } from "../../src/core/ports";

export const sha256Hex = (bytes: Uint8Array | string): string => createHash("sha256").update(bytes).digest("hex");

/** A file to put into the archive under `name` (files/public/…, files/private/…). */
export interface ArchiveFileSource {
  name: string;
  read(): Promise<Uint8Array>;
}

export interface ArchiveInput {
  appVersion: string;
  source: Manifest["source"];
  createdAt: Date;
  collections: Record<string, StoredDoc[]>;
  files: ArchiveFileSource[];
  /** extra ndjson parts (local/…) */
  extras: { name: string; text: string; count: number }[];
}

export interface WrittenArchive {
  manifest: Manifest;
  /** bytes on disk */
  size: number;
  path: string;
}

const ENTRY_PATTERN =
  /^(manifest\.json|collections\/[A-Za-z][A-Za-z0-9]*\.ndjson|local\/[a-z][a-z-]*\.ndjson|files\/(public|private)\/[A-Za-z0-9][A-Za-z0-9._/-]*)$/;

function checkEntryName(name: string): void {
  if (!ENTRY_PATTERN.test(name) || name.split("/").some((part) => part === ".." || part === "." || part === "")) {
    throw new BackupError(`Archyve yra netinkamas įrašas „${name}“`);
  }
}

// ---------- writing: a ustar archive built in memory ----------

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, "0")}\0`;
}

/** The 512-byte ustar header of a regular file (names over 100 bytes use the prefix field). */
function tarHeader(name: string, size: number, mtime: Date): Buffer {
  let prefix = "";
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf("/", 155);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
    if (cut <= 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(base) > 100) {
      throw new BackupError(`Per ilgas failo kelias archyvui: ${name}`);
    }
  }
  const header = Buffer.alloc(512, 0);
  header.write(base, 0, 100, "utf8");
  header.write(octal(0o600, 8), 100, 8, "ascii");
  header.write(octal(0, 8), 108, 8, "ascii");
  header.write(octal(0, 8), 116, 8, "ascii");
  header.write(octal(size, 12), 124, 12, "ascii");
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12, "ascii");
  header.write("        ", 148, 8, "ascii");
  header.write("0", 156, 1, "ascii");
  header.write("ustar\0", 257, 6, "ascii");
  header.write("00", 263, 2, "ascii");
  header.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8, "ascii");
  return header;
}

/** Reads the files a few at a time (each read is one wait, however busy the server is). */
async function readAll(files: ArchiveFileSource[], concurrency = 16): Promise<Uint8Array[]> {
  const out: Uint8Array[] = new Array(files.length);
  for (let start = 0; start < files.length; start += concurrency) {
    const batch = files.slice(start, start + concurrency);
    const bytes = await Promise.all(batch.map((file) => file.read()));
    bytes.forEach((b, i) => {
      out[start + i] = b;
    });
  }
  return out;
}

/**
 * Documents are encoded in small batches, and the event loop is let go about every
 * ENCODE_SLICE_MS: a running server answers its requests between the slices (the catalogue's
 * latency during a backup stays near its latency at rest).
 */
const ENCODE_BATCH = 50;
const ENCODE_SLICE_MS = 2;

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A collection's ndjson (encodeCollection, a slice at a time) as buffers, with its size and SHA-256. */
async function encodeInSteps(docs: readonly StoredDoc[]): Promise<{ chunks: Buffer[]; size: number; sha256: string }> {
  const hash = createHash("sha256");
  const chunks: Buffer[] = [];
  let size = 0;
  let slice = performance.now();
  for (let start = 0; start < docs.length; start += ENCODE_BATCH) {
    const bytes = Buffer.from(encodeCollection(docs.slice(start, start + ENCODE_BATCH)), "utf8");
    hash.update(bytes);
    chunks.push(bytes);
    size += bytes.length;
    if (performance.now() - slice >= ENCODE_SLICE_MS && start + ENCODE_BATCH < docs.length) {
      await yieldToEventLoop();
      slice = performance.now();
    }
  }
  return { chunks, size, sha256: hash.digest("hex") };
}

const gzipAsync = promisify(gzip);

/**
 * Writes the archive to `out` (through `out`.tmp-<pid> and a rename). The collections are encoded
 * a step at a time (a running server answers requests between the steps), the tar is put
 * together in memory and compressed in one call off the main thread, in large chunks: a server
 * busy with bookings then has few waits to fit the backup between (each await is a long one).
 */
export async function writeArchive(out: string, input: ArchiveInput): Promise<WrittenArchive> {
  const target = path.resolve(out);
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.tmp-${process.pid}-${Date.now()}`;
  const chunks: Uint8Array[] = [];
  const parts: ArchivePart[] = [];
  const mtime = input.createdAt;
  const add = (name: string, body: readonly Uint8Array[], size: number): void => {
    checkEntryName(name);
    chunks.push(tarHeader(name, size, mtime), ...body);
    const padding = (512 - (size % 512)) % 512;
    if (padding > 0) chunks.push(Buffer.alloc(padding, 0));
  };
  const counts: Record<string, number> = {};
  for (const [collection, docs] of Object.entries(input.collections)) {
    const encoded = await encodeInSteps(docs);
    const name = collectionPartName(collection);
    add(name, encoded.chunks, encoded.size);
    counts[collection] = docs.length;
    parts.push({ name, kind: "collection", size: encoded.size, sha256: encoded.sha256, count: docs.length });
  }
  for (const extra of input.extras) {
    const bytes = Buffer.from(extra.text, "utf8");
    add(extra.name, [bytes], bytes.length);
    parts.push({ name: extra.name, kind: "extra", size: bytes.length, sha256: sha256Hex(bytes), count: extra.count });
  }
  const fileBytes = await readAll(input.files);
  for (const [i, file] of input.files.entries()) {
    const bytes = fileBytes[i] as Uint8Array;
    add(file.name, [bytes], bytes.length);
    parts.push({ name: file.name, kind: "file", size: bytes.length, sha256: sha256Hex(bytes) });
  }
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    formatVersion: 1,
    appVersion: input.appVersion,
    schemaVersion: SCHEMA_VERSION,
    createdAt: input.createdAt.toISOString(),
    source: input.source,
    counts,
    parts,
  };
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, "utf8");
  add(MANIFEST_NAME, [manifestBytes], manifestBytes.length);
  chunks.push(Buffer.alloc(1024, 0));
  const compressed = await gzipAsync(Buffer.concat(chunks), { level: 6, chunkSize: 1024 * 1024 });
  try {
    const handle = await open(temporary, "w", 0o600);
    try {
      await handle.writeFile(compressed);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return { manifest, size: compressed.length, path: target };
}

/** A file part, verified; its bytes wait in the staging folder until the restore moves them. */
export interface StagedFile {
  name: string;
  /** where the bytes are now (null when the archive was only checked) */
  staged: string | null;
  size: number;
  sha256: string;
}

export interface ReadArchive {
  manifest: Manifest;
  /** documents as in the archive (not yet migrated) */
  collections: Record<string, StoredDoc[]>;
  extras: Record<string, string>;
  files: StagedFile[];
}

const DAMAGED = "Archyvas sugadintas arba nepilnas";

/**
 * Reads and checks a whole archive: every part's size and SHA-256 against the manifest, every
 * collection's count, nothing missing, nothing extra. Files go to `stagingDir` when given.
 * Throws BackupError (Lithuanian) for anything wrong; nothing outside stagingDir is touched.
 */
export async function readArchive(file: string, stagingDir: string | null): Promise<ReadArchive> {
  const seen = new Map<string, { size: number; sha256: string; text?: string; staged: string | null }>();
  let manifestText: string | null = null;
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract).catch((error: unknown) => {
    throw new BackupError(`${DAMAGED}: ${error instanceof Error ? error.message : String(error)}`);
  });
  // Handled here too: it may fail while the loop below still reads (it is awaited after the loop).
  reading.catch(() => undefined);
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (entry.header.type !== "file") throw new BackupError(`Archyve yra netinkamas įrašas „${name}“`);
      checkEntryName(name);
      if (seen.has(name) || (name === MANIFEST_NAME && manifestText !== null)) {
        throw new BackupError(`Archyve du kartus yra „${name}“`);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      if (name === MANIFEST_NAME) {
        manifestText = bytes.toString("utf8");
        continue;
      }
      let staged: string | null = null;
      if (name.startsWith("files/") && stagingDir) {
        staged = path.join(stagingDir, name);
        await mkdir(path.dirname(staged), { recursive: true });
        await writeFile(staged, bytes);
      }
      seen.set(name, {
        size: bytes.length,
        sha256: sha256Hex(bytes),
        text: name.startsWith("files/") ? undefined : bytes.toString("utf8"),
        staged,
      });
    }
    await reading;
  } catch (error) {
    extract.destroy();
    await reading.catch(() => undefined);
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${DAMAGED}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (manifestText === null) throw new BackupError(`${DAMAGED}: nėra aprašo (manifest.json)`);
  let parsedJson: unknown;
  try {
    parsedJson = JSON.parse(manifestText);
  } catch {
    throw new BackupError(`${DAMAGED}: aprašas (manifest.json) nėra JSON`);
  }
  const format = (parsedJson as { format?: unknown } | null)?.format;
  if (format !== ARCHIVE_FORMAT) throw new BackupError("Tai ne šios programos atsarginė kopija");
  const parsed = manifestSchema.safeParse(parsedJson);
  if (!parsed.success) throw new BackupError(`${DAMAGED}: netinkamas aprašas (manifest.json)`);
  const manifest = parsed.data;

  const listed = new Set(manifest.parts.map((p) => p.name));
  for (const name of seen.keys()) {
    if (!listed.has(name)) throw new BackupError(`${DAMAGED}: įrašo „${name}“ apraše nėra`);
  }
  const collections: Record<string, StoredDoc[]> = {};
  const extras: Record<string, string> = {};
  const files: StagedFile[] = [];
  for (const part of manifest.parts) {
    const found = seen.get(part.name);
    if (!found) throw new BackupError(`${DAMAGED}: trūksta „${part.name}“`);
    if (found.size !== part.size || found.sha256 !== part.sha256) {
      throw new BackupError(`${DAMAGED}: „${part.name}“ kontrolinė suma nesutampa`);
    }
    if (part.kind === "collection") {
      const collection = /^collections\/(.+)\.ndjson$/.exec(part.name)?.[1] as string;
      const docs = decodeCollection(collection, found.text ?? "");
      if (docs.length !== part.count || docs.length !== manifest.counts[collection]) {
        throw new BackupError(
          `${DAMAGED}: kolekcijoje „${collection}“ ${docs.length} dokumentų, apraše ${manifest.counts[collection] ?? "–"}`,
        );
      }
      if (new Set(docs.map((d) => d.id)).size !== docs.length) {
        throw new BackupError(`${DAMAGED}: kolekcijoje „${collection}“ pasikartoja identifikatoriai`);
      }
      collections[collection] = docs;
    } else if (part.kind === "extra") {
      extras[part.name] = found.text ?? "";
    } else {
      files.push({ name: part.name, staged: found.staged, size: part.size, sha256: part.sha256 });
    }
  }
  for (const collection of Object.keys(manifest.counts)) {
    if (!collections[collection]) throw new BackupError(`${DAMAGED}: trūksta kolekcijos „${collection}“`);
  }
  return { manifest, collections, extras, files };
}

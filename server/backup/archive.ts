// The archive's container: a gzip-compressed tar (written and read with tar-stream), chosen over a framed format of
// our own because any operator can look into it with `tar -tzf kopija.tar.gz` and take one file
// out without this program; gzip's CRC and the manifest's SHA-256 per part catch damage.
// manifest.json is the last entry: it is written when every part's checksum is known, so an
// archive cut short has no manifest and is refused. The file is written under a temporary name,
// flushed to disk and renamed, so a half-written archive never looks like a backup.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { type FileHandle, mkdir, open, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
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
import { letOthersRun } from "../../src/core/scan";
import { makeFolder } from "../files/makeFolder";

export const sha256Hex = (bytes: Uint8Array | string): string => createHash("sha256").update(bytes).digest("hex");

/** A file to put into the archive under `name` (files/public/…, files/private/…). */
export interface ArchiveFileSource {
  name: string;
  /** null: the file is gone since it was listed (deleted while the backup ran); it is left out */
  read(): Promise<Uint8Array | null>;
}

/** A collection to put into the archive: its documents a page at a time, in the archive's order. */
export interface ArchiveCollection {
  collection: string;
  pages: AsyncIterable<readonly StoredDoc[]>;
}

/** Collections already read whole (Firebase, tests), as the archive's input. */
export function wholeCollections(collections: Record<string, StoredDoc[]>): ArchiveCollection[] {
  return Object.entries(collections).map(([collection, docs]) => ({
    collection,
    pages: (async function* () {
      yield docs;
    })(),
  }));
}

export interface ArchiveInput {
  appVersion: string;
  source: Manifest["source"];
  createdAt: Date;
  collections: Iterable<ArchiveCollection>;
  files: ArchiveFileSource[];
  /** extra ndjson parts (local/…), made when the collections are written */
  extras: { name: string; content: () => Promise<{ text: string; count: number }> }[];
}

export interface WrittenArchive {
  manifest: Manifest;
  /** bytes on disk */
  size: number;
  path: string;
  /** files listed but gone when read (deleted meanwhile): neither in the archive nor in its manifest */
  skipped?: string[];
}

const ENTRY_PATTERN =
  /^(manifest\.json|collections\/[A-Za-z][A-Za-z0-9]*\.ndjson|local\/[a-z][a-z-]*\.ndjson|files\/(public|private)\/[A-Za-z0-9][A-Za-z0-9._/-]*)$/;

function checkEntryName(name: string): void {
  if (!ENTRY_PATTERN.test(name) || name.split("/").some((part) => part === ".." || part === "." || part === "")) {
    throw new BackupError(`Archyve yra netinkamas įrašas „${name}“`);
  }
}

// ---------- writing: tar-stream's pack(), a entry at a time ----------

/** Entry headers: owner-only files, no user or group names (the archive is copied between hosts). */
const ENTRY_MODE = 0o600;

/** Resolves when a writable wants more, or when it has closed (destroyed) and never will. */
function drainedOrClosed(stream: NodeJS.EventEmitter): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.once("drain", done);
    stream.once("close", done);
  });
}

/** The files' bytes in order, read a few at a time (each read is one wait, however busy the server is). */
async function* readFiles(files: ArchiveFileSource[], concurrency = 8): AsyncGenerator<Uint8Array | null> {
  for (let start = 0; start < files.length; start += concurrency) {
    yield* await Promise.all(files.slice(start, start + concurrency).map((file) => file.read()));
  }
}

/**
 * Documents are encoded in small batches, and the event loop is let go about every
 * ENCODE_SLICE_MS: a running server answers its requests between the slices (the catalogue's
 * latency during a backup stays near its latency at rest).
 */
const ENCODE_BATCH = 50;
const ENCODE_SLICE_MS = 1;
/** Bytes per read of a spooled collection and per compressed chunk. */
const STREAM_CHUNK = 1024 * 1024;

/** A collection's ndjson up to this size stays in memory; a larger one goes to a spool file. */
const SPOOL_ABOVE = 4 * 1024 * 1024;

/** A collection's encoded ndjson: in memory (`chunks`) or, when large, in the spool file. */
interface EncodedCollection {
  chunks: Buffer[] | null;
  size: number;
  sha256: string;
  count: number;
}

/**
 * A collection's ndjson (encodeCollection, a slice at a time), with its size, SHA-256 and count.
 * A tar entry needs its size before its bytes: a small collection is kept in memory, a large one
 * is written to `spool` a megabyte at a time, so the archive holds a page of documents in memory,
 * however large the collection.
 */
async function encodeCollectionPart(
  pages: AsyncIterable<readonly StoredDoc[]>,
  spool: string,
): Promise<EncodedCollection> {
  const hash = createHash("sha256");
  let size = 0;
  let count = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let handle: FileHandle | null = null;
  try {
    let slice = performance.now();
    for await (const docs of pages) {
      for (let start = 0; start < docs.length; start += ENCODE_BATCH) {
        const bytes = Buffer.from(encodeCollection(docs.slice(start, start + ENCODE_BATCH)), "utf8");
        hash.update(bytes);
        pending.push(bytes);
        pendingBytes += bytes.length;
        size += bytes.length;
        if (size > SPOOL_ABOVE && pendingBytes >= STREAM_CHUNK) {
          handle ??= await open(spool, "w", 0o600);
          await handle.writev(pending);
          pending = [];
          pendingBytes = 0;
        } else if (performance.now() - slice >= ENCODE_SLICE_MS) {
          await letOthersRun();
          slice = performance.now();
        }
      }
      count += docs.length;
    }
    if (handle && pending.length > 0) await handle.writev(pending);
  } finally {
    await handle?.close();
  }
  return { chunks: handle ? null : pending, size, sha256: hash.digest("hex"), count };
}

/**
 * The bytes of `source` joined into chunks of at least `size`: each chunk given to gzip is one
 * turn on the thread pool and one more wait for the event loop of a busy server, so a few large
 * ones instead of a tar header, a padding and a small collection each.
 */
/** The same bytes as a Buffer, without copying them. */
const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

async function* inLargeChunks(source: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Buffer> {
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  for await (const bytes of source) {
    held.push(bytes);
    heldBytes += bytes.length;
    if (heldBytes >= size) {
      yield held.length === 1 ? asBuffer(held[0] as Uint8Array) : Buffer.concat(held, heldBytes);
      held = [];
      heldBytes = 0;
    }
  }
  if (heldBytes > 0) yield Buffer.concat(held, heldBytes);
}

/**
 * Writes the archive to `out` (through `out`.tmp-<pid> and a rename), streaming: each collection
 * is encoded a slice at a time (a running server answers requests between the slices), a large
 * one into a spool file beside the archive, then its tar entry goes into tar-stream's pack(),
 * whose output goes through gzip (compressed off the main thread, a megabyte at a time) to the
 * file. An entry's bytes are written as the pack takes them (its buffer is small), so memory
 * stays at a page of documents, a small collection's text or a large one's megabyte, and a file.
 */
export async function writeArchive(out: string, input: ArchiveInput): Promise<WrittenArchive> {
  const target = path.resolve(out);
  await makeFolder(path.dirname(target));
  const temporary = `${target}.tmp-${process.pid}-${Date.now()}`;
  const spool = `${temporary}.ndjson`;
  const parts: ArchivePart[] = [];
  const counts: Record<string, number> = {};
  const skipped: string[] = [];
  const mtime = input.createdAt;
  const pack = tar.pack();

  /** One file entry, its bytes from `chunks` (their total is `size`); resolves once it is in the pack. */
  const entry = (name: string, size: number, chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>) => {
    checkEntryName(name);
    return new Promise<void>((resolve, reject) => {
      const sink = pack.entry({ name, size, mode: ENTRY_MODE, mtime, type: "file" }, (error) =>
        error ? reject(error) : resolve(),
      );
      (async () => {
        for await (const chunk of chunks) {
          if (sink.destroyed) throw new BackupError("Archyvo rašymas nutrauktas");
          // The pack holds little: wait until it has passed on what it has (or is given up).
          if (!sink.write(asBuffer(chunk))) await drainedOrClosed(sink);
        }
        (sink as NodeJS.WritableStream).end();
      })().catch((error: unknown) => {
        sink.destroy(error instanceof Error ? error : new Error(String(error)));
        reject(error);
      });
    });
  };

  let written: Manifest | null = null;
  async function writeEntries(): Promise<void> {
    for (const { collection, pages } of input.collections) {
      const name = collectionPartName(collection);
      checkEntryName(name);
      const spooled = await encodeCollectionPart(pages, spool);
      await entry(
        name,
        spooled.size,
        spooled.chunks ?? (createReadStream(spool, { highWaterMark: STREAM_CHUNK }) as AsyncIterable<Buffer>),
      );
      counts[collection] = spooled.count;
      parts.push({ name, kind: "collection", size: spooled.size, sha256: spooled.sha256, count: spooled.count });
    }
    for (const extra of input.extras) {
      const { text, count } = await extra.content();
      const bytes = Buffer.from(text, "utf8");
      await entry(extra.name, bytes.length, [bytes]);
      parts.push({ name: extra.name, kind: "extra", size: bytes.length, sha256: sha256Hex(bytes), count });
    }
    let i = 0;
    for await (const bytes of readFiles(input.files)) {
      const file = input.files[i++] as ArchiveFileSource;
      // Gone since the listing: no entry and no manifest part, so the two always agree.
      if (bytes === null) {
        skipped.push(file.name);
        continue;
      }
      await entry(file.name, bytes.length, [bytes]);
      parts.push({ name: file.name, kind: "file", size: bytes.length, sha256: sha256Hex(bytes) });
    }
    // Last: the manifest, once every part's checksum is known.
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
    const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, "utf8");
    await entry(MANIFEST_NAME, bytes.length, [bytes]);
    pack.finalize();
    written = manifest;
  }

  // The entries are written while the pack is read; a failure on either side ends the other.
  const writing = writeEntries().catch((error: unknown) => {
    pack.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  writing.catch(() => undefined);
  try {
    await Promise.all([
      pipeline(
        inLargeChunks(pack as AsyncIterable<Uint8Array>, STREAM_CHUNK),
        createGzip({ level: 6, chunkSize: STREAM_CHUNK }),
        createWriteStream(temporary, { mode: 0o600, highWaterMark: STREAM_CHUNK }),
      ).catch((error: unknown) => {
        pack.destroy(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }),
      writing,
    ]);
    // On disk before the rename (fsync flushes the file, whichever descriptor asks).
    const handle = await open(temporary, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (!written) throw new BackupError("Archyvas neužbaigtas");
    const { size } = await stat(temporary);
    await rename(temporary, target);
    return { manifest: written, size, path: target, skipped };
  } catch (error) {
    // The entry still being written (if any) has given up by now: the spool can go.
    await writing.catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  } finally {
    await rm(spool, { force: true });
  }
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
 * Why reading the archive failed, in Lithuanian: zlib, tar and the file system answer in
 * English ("unexpected end of file", "incorrect header check"), which an operator should not get.
 */
export function readFailureReason(error: unknown): string {
  const code = typeof error === "object" && error !== null ? String((error as { code?: unknown }).code ?? "") : "";
  const message = error instanceof Error ? error.message : String(error);
  if (code === "ENOENT") return "failas nerastas";
  if (code === "EACCES" || code === "EPERM") return "nėra teisės skaityti failo";
  if (code === "EISDIR") return "nurodytas aplankas, ne failas";
  if (code === "Z_BUF_ERROR" || /unexpected end|end of (file|data)/i.test(message)) {
    return "failas nukirstas (baigiasi per anksti)";
  }
  if (code.startsWith("Z_") || /header check|invalid (block|distance|code|stored)|gzip/i.test(message)) {
    return "suspaustas turinys sugadintas";
  }
  if (/tar|header|checksum/i.test(message)) return "netinkama archyvo (tar) struktūra";
  return code ? `failo nepavyko perskaityti (${code})` : "failo nepavyko perskaityti";
}

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
    throw new BackupError(`${DAMAGED}: ${readFailureReason(error)}`);
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
    throw new BackupError(`${DAMAGED}: ${readFailureReason(error)}`);
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

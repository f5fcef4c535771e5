// Uploaded images: POST/DELETE /api/admin/files (staff), resumable uploads on the same path,
// GET /files/* (public). The bytes go to the file storage (server/files: DATA_DIR/files, fsynced
// before the 201, or the S3 bucket every server shares), their size and SHA-256 to the files
// table; GET /files/* hands out only bytes that match that record. Folder "desk" (the rental
// desk's damage photos and signatures) is private: its uploads go to the private area
// (server/services/privateFiles.ts), never under /files, and staff read them at
// /api/admin/private/desk/<name>.
// The type comes from the file's first bytes, never from its name or the declared type.
import { randomUUID } from "node:crypto";
import { appendFile, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { type Context, Hono } from "hono";
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_UPLOAD_BYTES,
  NOT_AN_IMAGE_MESSAGE,
  type SniffedImage,
  sniffImage,
} from "../../src/domain/imageUpload";
import { fileStorageFor, readVerified, StoredFileError, sha256Hex } from "../files/index";
import { currentUser } from "../http/auth";
import { readJsonObject } from "../http/body";
import type { AppEnv } from "../http/context";
import { ApiError } from "../http/errors";
import { log } from "../log";
import { publish } from "../services/events";
import { privateFilesFor } from "../services/privateFiles";
import { auditPrivateUpload, fileRecord, recordFile, removeFileRecord } from "../store/files";

export const FILE_FOLDERS = ["cars", "offers", "news", "misc"] as const;
/** Folders staff upload to: the public ones, and the private "desk". */
export const UPLOAD_FOLDERS = [...FILE_FOLDERS, "desk"] as const;
export type FileFolder = (typeof UPLOAD_FOLDERS)[number];
export const PRIVATE_URL_PREFIX = "/api/admin/private/";
/** Content types of what /files serves; SVG only because the demo seed ships car drawings. */
const SERVED_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
};

const STORED_PATH_PATTERN = /^(cars|offers|news|misc)\/[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

/** "cars/x.webp" or "/files/cars/x.webp" -> "cars/x.webp"; null when it is not a stored file's path. */
export function normaliseStoredPath(input: string): string | null {
  const trimmed = input.trim().replace(/^\/?files\//, "");
  if (!STORED_PATH_PATTERN.test(trimmed) || trimmed.includes("..")) return null;
  return trimmed;
}

/** Stores sniffed image bytes in the storage's public <folder>/ and records them; returns the stored path. */
async function storeImage(
  c: Context<AppEnv>,
  folder: FileFolder,
  bytes: Uint8Array,
  image: SniffedImage,
): Promise<string> {
  const { db, config } = c.get("deps");
  const user = currentUser(c);
  const relative = `${folder}/${randomUUID()}.${image.extension}`;
  if (folder === "desk") {
    // Private: not in the public files table nor under /files; recorded in private_files.
    await privateFilesFor(config, db).put(relative, bytes, image.contentType);
    await auditPrivateUpload(db, relative, user.email);
    log.info(`${user.email} įkėlė privatų failą ${relative} (${image.contentType}, ${bytes.length} B)`);
    return relative;
  }
  const storage = fileStorageFor(config);
  // Durable (fsynced, or the bucket answered) before it is recorded and before the 201.
  await storage.put("public", relative, bytes, image.contentType);
  const record = { path: relative, contentType: image.contentType, size: bytes.length, sha256: sha256Hex(bytes) };
  try {
    await recordFile(db, record, user.email);
  } catch (error) {
    await storage.remove("public", relative).catch(() => false);
    throw error;
  }
  publish("files", relative, "created");
  log.info(`${user.email} įkėlė failą ${relative} (${image.contentType}, ${bytes.length} B)`);
  return relative;
}

/** Where an <img> loads a stored upload: /files/… for public folders, the staff-only route for "desk". */
export function uploadedFileUrl(relative: string): string {
  return relative.startsWith("desk/") ? `${PRIVATE_URL_PREFIX}${relative}` : `/files/${relative}`;
}

function checkFolder(folder: unknown): FileFolder {
  if (typeof folder !== "string" || !(UPLOAD_FOLDERS as readonly string[]).includes(folder)) {
    throw new ApiError(422, "Patikrinkite pažymėtus laukus", {
      folder: `Aplankas turi būti vienas iš: ${UPLOAD_FOLDERS.join(", ")}`,
    });
  }
  return folder as FileFolder;
}

// ---------- Resumable uploads ----------
// POST   /api/admin/files?uploadType=resumable {folder, size, name?} -> 201 {uploadId, offset: 0, size}
// PUT    /api/admin/files?upload=<id>&offset=<n>  (raw bytes of the next chunk)
//          -> 200 {offset, size} while parts are missing, 201 {path, url} once the file is whole
// GET    /api/admin/files?upload=<id>             -> 200 {offset, size}: where to resume after a pause
// DELETE /api/admin/files?upload=<id>             -> 200: canceled, the parts are removed
// Parts wait in DATA_DIR/uploads/ (one instance's disk): a paused upload resumes on the same server.

const UPLOAD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/**
 * An unfinished upload untouched this long is removed (when a new one starts and by the hourly
 * job): a paused photo upload resumes within it; abandoned parts never pile up for a day.
 */
export const UPLOAD_TTL_MS = 60 * 60 * 1000;
/** Unfinished uploads one member may have at once (a desk photo series is 4–8, one after another). */
export const MAX_OPEN_UPLOADS_PER_USER = 8;
export const TOO_MANY_UPLOADS_MESSAGE =
  "Per daug nebaigtų įkėlimų. Palaukite, kol baigsis pradėti, arba atšaukite juos ir bandykite vėl.";
export const UPLOAD_NOT_FOUND_MESSAGE = "Įkėlimas nerastas arba jau baigtas. Pradėkite iš naujo.";

interface UploadSession {
  id: string;
  folder: FileFolder;
  size: number;
  userId: string;
  name: string;
  startedAt: number;
}

/** Uploads whose chunk is being written right now: one chunk at a time per upload. */
const busyUploads = new Set<string>();

function uploadsRoot(dataDir: string): string {
  return path.resolve(dataDir, "uploads");
}

function uploadFiles(dataDir: string, id: string): { meta: string; part: string } {
  const root = uploadsRoot(dataDir);
  return { meta: path.join(root, `${id}.json`), part: path.join(root, `${id}.part`) };
}

async function removeUpload(dataDir: string, id: string): Promise<void> {
  const files = uploadFiles(dataDir, id);
  await rm(files.part, { force: true });
  await rm(files.meta, { force: true });
}

/** Removes the unfinished uploads untouched for UPLOAD_TTL_MS; how many files went. */
export async function removeStaleUploads(dataDir: string, now = Date.now()): Promise<number> {
  const root = uploadsRoot(dataDir);
  const names = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const info = await stat(path.join(root, name)).catch(() => null);
    if (info && now - info.mtimeMs > UPLOAD_TTL_MS) {
      await rm(path.join(root, name), { force: true });
      removed++;
    }
  }
  return removed;
}

/** How many unfinished uploads the member has now. */
async function openUploadsOf(dataDir: string, userId: string): Promise<number> {
  const root = uploadsRoot(dataDir);
  const names = (await readdir(root).catch(() => [] as string[])).filter((name) => name.endsWith(".json"));
  let open = 0;
  for (const name of names) {
    const meta = await readFile(path.join(root, name), "utf8").catch(() => null);
    try {
      if (meta && (JSON.parse(meta) as { userId?: unknown }).userId === userId) open++;
    } catch {
      // a half-written meta file of an upload being started: not counted
    }
  }
  return open;
}

/** The caller's own unfinished upload, or 404. */
async function loadUpload(c: Context<AppEnv>): Promise<{ session: UploadSession; received: number }> {
  const { config } = c.get("deps");
  const id = (c.req.query("upload") ?? "").toLowerCase();
  if (!UPLOAD_ID_PATTERN.test(id)) throw new ApiError(404, UPLOAD_NOT_FOUND_MESSAGE);
  const files = uploadFiles(config.dataDir, id);
  let session: UploadSession;
  try {
    session = JSON.parse(await readFile(files.meta, "utf8")) as UploadSession;
  } catch {
    throw new ApiError(404, UPLOAD_NOT_FOUND_MESSAGE);
  }
  if (session.userId !== currentUser(c).id) throw new ApiError(404, UPLOAD_NOT_FOUND_MESSAGE);
  const info = await stat(files.part).catch(() => null);
  return { session, received: info?.size ?? 0 };
}

async function startResumableUpload(c: Context<AppEnv>): Promise<Response> {
  const { config } = c.get("deps");
  const user = currentUser(c);
  const body = await readJsonObject(c);
  const folder = checkFolder(body.folder);
  const size = body.size;
  if (typeof size !== "number" || !Number.isSafeInteger(size) || size <= 0) {
    throw new ApiError(422, "Patikrinkite pažymėtus laukus", { size: "Nurodykite failo dydį baitais" });
  }
  if (size > MAX_UPLOAD_BYTES) throw new ApiError(413, FILE_TOO_LARGE_MESSAGE);
  const name = typeof body.name === "string" ? body.name.slice(0, 200) : "";
  await mkdir(uploadsRoot(config.dataDir), { recursive: true });
  await removeStaleUploads(config.dataDir);
  if ((await openUploadsOf(config.dataDir, user.id)) >= MAX_OPEN_UPLOADS_PER_USER) {
    throw new ApiError(429, TOO_MANY_UPLOADS_MESSAGE);
  }
  const session: UploadSession = { id: randomUUID(), folder, size, userId: user.id, name, startedAt: Date.now() };
  const files = uploadFiles(config.dataDir, session.id);
  await writeFile(files.part, new Uint8Array(0), { flag: "wx" });
  await writeFile(files.meta, JSON.stringify(session), { flag: "wx" });
  return c.json({ uploadId: session.id, offset: 0, size }, 201);
}

async function appendChunk(c: Context<AppEnv>): Promise<Response> {
  const { config } = c.get("deps");
  const { session, received } = await loadUpload(c);
  if (busyUploads.has(session.id)) {
    return c.json({ message: "Ankstesnė šio failo dalis dar įrašoma", offset: received, size: session.size }, 409);
  }
  busyUploads.add(session.id);
  try {
    const offset = Number(c.req.query("offset"));
    if (!Number.isSafeInteger(offset) || offset !== received) {
      // The client resumes from the offset the server has (e.g. after a chunk was cut off).
      return c.json(
        { message: "Failo dalis ne iš eilės; tęskite nuo nurodytos vietos", offset: received, size: session.size },
        409,
      );
    }
    const chunk = new Uint8Array(await c.req.arrayBuffer());
    if (chunk.length === 0) throw new ApiError(400, "Failo dalis tuščia");
    if (received + chunk.length > session.size) {
      await removeUpload(config.dataDir, session.id);
      throw new ApiError(422, "Failas didesnis, nei nurodyta įkėlimo pradžioje");
    }
    if (received === 0 && !sniffImage(chunk)) {
      await removeUpload(config.dataDir, session.id);
      throw new ApiError(415, NOT_AN_IMAGE_MESSAGE);
    }
    const files = uploadFiles(config.dataDir, session.id);
    await appendFile(files.part, chunk);
    const total = received + chunk.length;
    if (total < session.size) return c.json({ offset: total, size: session.size }, 200);

    const bytes = new Uint8Array(await readFile(files.part));
    const image = sniffImage(bytes);
    if (!image) {
      await removeUpload(config.dataDir, session.id);
      throw new ApiError(415, NOT_AN_IMAGE_MESSAGE);
    }
    const relative = await storeImage(c, session.folder, bytes, image);
    await removeUpload(config.dataDir, session.id);
    return c.json({ path: relative, url: uploadedFileUrl(relative) }, 201);
  } finally {
    busyUploads.delete(session.id);
  }
}

/** POST, PUT, GET and DELETE /api/admin/files; mounted behind requireStaff(). */
export function fileAdminRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post("/", async (c) => {
    const type = c.req.header("content-type")?.toLowerCase() ?? "";
    if (c.req.query("uploadType") === "resumable") return startResumableUpload(c);
    if (!type.startsWith("multipart/form-data")) {
      throw new ApiError(415, "Failą siųskite kaip multipart/form-data (laukai „file“ ir „folder“)");
    }
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new ApiError(400, "Nepavyko perskaityti siunčiamo failo");
    }
    const folder = checkFolder(form.get("folder"));
    const file = form.get("file");
    if (!file || typeof file === "string") {
      throw new ApiError(422, "Patikrinkite pažymėtus laukus", { file: "Pasirinkite failą" });
    }
    if (file.size === 0) throw new ApiError(422, "Patikrinkite pažymėtus laukus", { file: "Failas tuščias" });
    if (file.size > MAX_UPLOAD_BYTES) throw new ApiError(413, FILE_TOO_LARGE_MESSAGE);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const image = sniffImage(bytes);
    if (!image) throw new ApiError(415, NOT_AN_IMAGE_MESSAGE);
    const relative = await storeImage(c, folder, bytes, image);
    return c.json({ path: relative, url: uploadedFileUrl(relative) }, 201);
  });

  app.put("/", (c) => appendChunk(c));

  app.get("/", async (c) => {
    const { session, received } = await loadUpload(c);
    return c.json({ offset: received, size: session.size }, 200);
  });

  app.delete("/", async (c) => {
    const { db, config } = c.get("deps");
    const user = currentUser(c);
    if (c.req.query("upload") !== undefined) {
      const { session } = await loadUpload(c);
      await removeUpload(config.dataDir, session.id);
      log.info(`${user.email} atšaukė failo įkėlimą ${session.id}`);
      return c.json({ canceled: true }, 200);
    }
    const relative = normaliseStoredPath(c.req.query("path") ?? "");
    if (!relative) throw new ApiError(404, "Failas nerastas");
    const removed = await removeFileRecord(db, relative, user.email);
    const stored = await fileStorageFor(config).remove("public", relative);
    if (!removed && !stored) throw new ApiError(404, "Failas nerastas");
    publish("files", relative, "deleted");
    log.info(`${user.email} ištrynė failą ${relative}`);
    return c.json({ path: relative }, 200);
  });

  return app;
}

/** GET /files/* from the file storage, checked against its record: public, long-cached, never run as a document. */
export function filePublicRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/*", async (c) => {
    const { config, db } = c.get("deps");
    const notFound = () => c.json({ message: "Failas nerastas" }, 404);
    let relative: string;
    try {
      relative = decodeURIComponent(new URL(c.req.url).pathname.replace(/^\/files\//, ""));
    } catch {
      return notFound();
    }
    if (
      relative.includes("\0") ||
      relative.includes("\\") ||
      relative.split("/").some((part) => part === ".." || part === "." || part === "")
    ) {
      return notFound();
    }
    const contentType = SERVED_TYPES[path.extname(relative).toLowerCase()];
    if (!contentType || !/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(relative)) return notFound();

    const headers = (sha256: string, size: number, modified: Date) => {
      c.header("Content-Type", contentType);
      c.header("Cache-Control", "public, max-age=31536000, immutable");
      c.header("ETag", `"${sha256.slice(0, 32)}"`);
      c.header("Last-Modified", modified.toUTCString());
      c.header("X-Content-Type-Options", "nosniff");
      c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:");
      c.header("Cross-Origin-Resource-Policy", "same-origin");
      c.header("Content-Length", String(size));
    };
    const record = await fileRecord(db, "public", relative);
    // The browser's copy is the recorded file: no need to read (and check) the bytes again.
    if (record?.sha256 && c.req.header("if-none-match") === `"${record.sha256.slice(0, 32)}"`) {
      headers(record.sha256, record.size, record.createdAt);
      c.header("Content-Length", undefined);
      return c.body(null, 304);
    }
    let found: Awaited<ReturnType<typeof readVerified>>;
    try {
      found = await readVerified(fileStorageFor(config), db, "public", relative, contentType);
    } catch (error) {
      // Missing or damaged bytes are never handed out (readVerified logged it as an error).
      if (error instanceof StoredFileError) {
        c.header("Cache-Control", "no-store");
        return c.json({ message: error.message }, 500);
      }
      throw error;
    }
    if (!found) return notFound();
    headers(found.sha256, found.bytes.length, record?.createdAt ?? new Date());
    if (c.req.method === "HEAD") return c.body(null, 200);
    return c.body(found.bytes as Uint8Array<ArrayBuffer>, 200);
  });

  return app;
}

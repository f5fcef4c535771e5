// Uploaded images: POST/DELETE /api/admin/files (staff), GET /files/* (public).
// The type comes from the file's first bytes, never from its name or the declared type.
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { Hono } from "hono";
import { currentUser } from "../http/auth";
import type { AppEnv } from "../http/context";
import { ApiError } from "../http/errors";
import { log } from "../log";
import { writeAudit } from "../services/audit";
import { publish } from "../services/events";

export const FILE_FOLDERS = ["cars", "offers", "news", "misc"] as const;
export type FileFolder = (typeof FILE_FOLDERS)[number];
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = "Failas per didelis (daugiausia 10 MB)";

export interface SniffedImage {
  contentType: string;
  extension: string;
}

const ascii = (bytes: Uint8Array, start: number, end: number): string =>
  String.fromCharCode(...bytes.subarray(start, end));

/** JPEG, PNG, WebP, AVIF or GIF from the magic bytes; null for anything else (SVG included). */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { contentType: "image/jpeg", extension: "jpg" };
  }
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) {
    return { contentType: "image/png", extension: "png" };
  }
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")) {
    return { contentType: "image/gif", extension: "gif" };
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    return { contentType: "image/webp", extension: "webp" };
  }
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    // ISO BMFF: the major brand, then compatible brands up to the box size.
    const boxSize = Math.min(
      ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0),
      bytes.length,
      64,
    );
    const brands = [ascii(bytes, 8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
    if (brands.includes("avif") || brands.includes("avis")) return { contentType: "image/avif", extension: "avif" };
  }
  return null;
}

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

function filesRoot(dataDir: string): string {
  return path.resolve(dataDir, "files");
}

/** Resolves a relative path inside root; null if it would leave root. */
function insideRoot(root: string, relative: string): string | null {
  const resolved = path.resolve(root, relative);
  return resolved.startsWith(root + path.sep) ? resolved : null;
}

/** POST and DELETE /api/admin/files; mounted behind requireStaff(). */
export function fileAdminRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post("/", async (c) => {
    const { db, config } = c.get("deps");
    const user = currentUser(c);
    const type = c.req.header("content-type")?.toLowerCase() ?? "";
    if (!type.startsWith("multipart/form-data")) {
      throw new ApiError(415, "Failą siųskite kaip multipart/form-data (laukai „file“ ir „folder“)");
    }
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new ApiError(400, "Nepavyko perskaityti siunčiamo failo");
    }
    const folder = form.get("folder");
    if (typeof folder !== "string" || !(FILE_FOLDERS as readonly string[]).includes(folder)) {
      throw new ApiError(422, "Patikrinkite pažymėtus laukus", {
        folder: `Aplankas turi būti vienas iš: ${FILE_FOLDERS.join(", ")}`,
      });
    }
    const file = form.get("file");
    if (!file || typeof file === "string") {
      throw new ApiError(422, "Patikrinkite pažymėtus laukus", { file: "Pasirinkite failą" });
    }
    if (file.size === 0) throw new ApiError(422, "Patikrinkite pažymėtus laukus", { file: "Failas tuščias" });
    if (file.size > MAX_FILE_BYTES) throw new ApiError(413, FILE_TOO_LARGE_MESSAGE);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const image = sniffImage(bytes);
    if (!image) {
      throw new ApiError(415, "Galima įkelti tik JPEG, PNG, WebP, AVIF arba GIF paveikslėlius");
    }

    const relative = `${folder}/${randomUUID()}.${image.extension}`;
    const root = filesRoot(config.dataDir);
    const target = insideRoot(root, relative);
    if (!target) throw new ApiError(400, "Neteisingas failo kelias");
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes, { flag: "wx" });
    try {
      await db.transaction(async (tx) => {
        await tx.query("INSERT INTO files (path, content_type, size) VALUES ($1, $2, $3)", [
          relative,
          image.contentType,
          bytes.length,
        ]);
        await writeAudit(tx, { action: "upload", resource: "files", recordId: relative, actor: user.email });
      });
    } catch (error) {
      await rm(target, { force: true });
      throw error;
    }
    publish("files", relative, "created");
    log.info(`${user.email} įkėlė failą ${relative} (${image.contentType}, ${bytes.length} B)`);
    return c.json({ path: relative, url: `/files/${relative}` }, 201);
  });

  app.delete("/", async (c) => {
    const { db, config } = c.get("deps");
    const user = currentUser(c);
    const relative = normaliseStoredPath(c.req.query("path") ?? "");
    if (!relative) throw new ApiError(404, "Failas nerastas");
    const target = insideRoot(filesRoot(config.dataDir), relative);
    if (!target) throw new ApiError(404, "Failas nerastas");
    const removed = await db.transaction(async (tx) => {
      const result = await tx.query("DELETE FROM files WHERE path = $1", [relative]);
      if (result.affectedRows > 0) {
        await writeAudit(tx, { action: "remove-file", resource: "files", recordId: relative, actor: user.email });
      }
      return result.affectedRows > 0;
    });
    const onDisk = await stat(target).then(
      (s) => s.isFile(),
      () => false,
    );
    if (!removed && !onDisk) throw new ApiError(404, "Failas nerastas");
    await rm(target, { force: true });
    publish("files", relative, "deleted");
    log.info(`${user.email} ištrynė failą ${relative}`);
    return c.json({ path: relative }, 200);
  });

  return app;
}

/** GET /files/* from DATA_DIR/files: public, long-cached, and never run as a document. */
export function filePublicRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/*", async (c) => {
    const { config } = c.get("deps");
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
      relative.split("/").some((part) => part === ".." || part === ".")
    ) {
      return notFound();
    }
    const contentType = SERVED_TYPES[path.extname(relative).toLowerCase()];
    const target = insideRoot(filesRoot(config.dataDir), relative);
    if (!contentType || !target) return notFound();
    const info = await stat(target).catch(() => null);
    if (!info?.isFile()) return notFound();

    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    c.header("Content-Type", contentType);
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("ETag", etag);
    c.header("Last-Modified", info.mtime.toUTCString());
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:");
    c.header("Cross-Origin-Resource-Policy", "same-origin");
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    c.header("Content-Length", String(info.size));
    if (c.req.method === "HEAD") return c.body(null, 200);
    const stream = Readable.toWeb(createReadStream(target)) as ReadableStream<Uint8Array>;
    return c.body(stream, 200);
  });

  return app;
}

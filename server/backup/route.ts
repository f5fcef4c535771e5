// POST /api/backup: a backup taken by the running server, answered as the archive itself.
// PGlite is one process's database, so `npm run backup` asks the server that has DATA_DIR open.
// Who may ask: an administrator's session (the settings screen's download), or whoever can read
// DATA_DIR/backup-secret (the command on the same machine; the file is made readable by its
// owner only). The secret is compared in constant time. Outside /api/admin, whose guard wants a
// session: this route checks the secret or the administrator itself.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { Hono } from "hono";
import { formatDate } from "../../src/domain/format";
import { loadSessionUser } from "../http/auth";
import type { AppEnv } from "../http/context";
import { ApiError } from "../http/errors";
import { log } from "../log";
import { backupLocal } from "./local";

export const BACKUP_SECRET_FILE = "backup-secret";
export const BACKUP_SECRET_HEADER = "x-backup-secret";

/** The secret in DATA_DIR, made (owner-only) when missing. */
export async function ensureBackupSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, BACKUP_SECRET_FILE);
  try {
    await writeFile(file, `${randomBytes(32).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return (await readFile(file, "utf8")).trim();
}

async function secretMatches(dataDir: string, given: string | undefined): Promise<boolean> {
  if (!given) return false;
  const stored = await readFile(path.join(dataDir, BACKUP_SECRET_FILE), "utf8").catch(() => null);
  if (!stored?.trim()) return false;
  const a = Buffer.from(stored.trim());
  const b = Buffer.from(given.trim());
  return a.length === b.length && timingSafeEqual(a, b);
}

export function backupRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post("/api/backup", async (c) => {
    const { db, config } = c.get("deps");
    const bySecret = await secretMatches(config.dataDir, c.req.header(BACKUP_SECRET_HEADER));
    if (!bySecret) {
      const user = await loadSessionUser(c);
      if (!user) throw new ApiError(401, "Neprisijungta");
      if (user.role !== "admin") throw new ApiError(403, "Atsarginę kopiją gali atsisiųsti tik administratorius");
    }
    const file = path.join(os.tmpdir(), `ratai-kopija-${process.pid}-${randomBytes(6).toString("hex")}.tar.gz`);
    const result = await backupLocal(db, config.dataDir, file);
    log.info(
      `Atsarginė kopija sukurta serverio prašymu (${bySecret ? "komanda" : "administratorius"}): ${result.size} B, duomenų bazės momentinė kopija per ${Math.round(result.snapshotMs)} ms`,
    );
    const stream = createReadStream(file);
    stream.on("close", () => void rm(file, { force: true }));
    const name = `atsargine-kopija-${formatDate(new Date())}.tar.gz`;
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        "content-type": "application/gzip",
        "content-length": String(result.size),
        "content-disposition": `attachment; filename="${name}"`,
        "cache-control": "no-store",
      },
    });
  });
  return app;
}

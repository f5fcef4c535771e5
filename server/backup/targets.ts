// Which data `npm run backup` / `npm run restore` work on, from the environment and the options:
// Firebase (--firebase, or FIRESTORE_EMULATOR_HOST) → Firestore of FIREBASE_PROJECT_ID / --project;
// DATABASE_URL → that PostgreSQL; otherwise the PGlite database and files in DATA_DIR (./data).
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BackupError } from "../../src/core/backup";
import { type DbEngine, parseEngine } from "../config";
import { openDb } from "../db/index";
import { migrate } from "../db/migrate";
import type { Db } from "../db/types";
import { readArchive, type WrittenArchive } from "./archive";
import type { FirebaseTarget } from "./firebase";
import { BACKUP_SECRET_HEADER, ensureBackupSecret } from "./route";

export type Target =
  | { kind: "local"; dataDir: string; databaseUrl: string | null; engine: DbEngine }
  | ({ kind: "firebase" } & FirebaseTarget);

export interface TargetOptions {
  firebase?: boolean;
  project?: string;
  bucket?: string;
}

export function resolveTarget(options: TargetOptions, env: NodeJS.ProcessEnv = process.env): Target {
  const dataDir = path.resolve(env.DATA_DIR?.trim() || "./data");
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const wantsFirebase = options.firebase === true || (!databaseUrl && Boolean(env.FIRESTORE_EMULATOR_HOST?.trim()));
  if (!wantsFirebase) return { kind: "local", dataDir, databaseUrl, engine: parseEngine(env.DATABASE_ENGINE) };
  const projectId = options.project ?? (env.FIREBASE_PROJECT_ID?.trim() || env.GCLOUD_PROJECT?.trim());
  if (!projectId) {
    throw new BackupError("Nenurodytas Firebase projektas: --project ID arba FIREBASE_PROJECT_ID");
  }
  return { kind: "firebase", projectId, bucket: options.bucket ?? (env.FIREBASE_STORAGE_BUCKET?.trim() || null) };
}

export const describeTarget = (target: Target): string =>
  target.kind === "firebase"
    ? `Firebase projektas ${target.projectId}${process.env.FIRESTORE_EMULATOR_HOST ? ` (emuliatorius ${process.env.FIRESTORE_EMULATOR_HOST})` : ""}`
    : target.databaseUrl
      ? "PostgreSQL (DATABASE_URL)"
      : `duomenų aplankas ${target.dataDir}`;

/** The PGlite folder is taken by a running server (db/index.ts lockDataDir's refusal). */
export const isFolderInUse = (error: unknown): boolean =>
  error instanceof Error && /jau naudoja kitas procesas/.test(error.message);

/** Opens the local database and brings its schema up to date (as the server does when it starts). */
export async function openLocal(target: Extract<Target, { kind: "local" }>): Promise<Db> {
  const db = await openDb({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, engine: target.engine });
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/**
 * Asks the server that has DATA_DIR open for a backup (POST /api/backup with DATA_DIR's secret),
 * writes the answer to `out`.tmp-…, checks the whole archive and renames it.
 */
export async function backupThroughServer(dataDir: string, serverUrl: string, out: string): Promise<WrittenArchive> {
  const secret = await ensureBackupSecret(dataDir);
  let response: Response;
  try {
    response = await fetch(new URL("/api/backup", serverUrl), {
      method: "POST",
      headers: { [BACKUP_SECRET_HEADER]: secret },
    });
  } catch (error) {
    throw new BackupError(
      `Duomenų aplanką naudoja veikiantis serveris, bet jis neatsako adresu ${serverUrl} (${error instanceof Error ? error.message : String(error)}). Nurodykite jo adresą: --url http://127.0.0.1:PRIEVADAS`,
    );
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => "");
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // not JSON: the text as it is
    }
    throw new BackupError(`Serveris atsarginės kopijos nesukūrė (HTTP ${response.status}): ${message}`);
  }
  const target = path.resolve(out);
  const temporary = `${target}.tmp-${process.pid}-${Date.now()}`;
  try {
    await pipeline(
      Readable.fromWeb(response.body as import("node:stream/web").ReadableStream),
      createWriteStream(temporary),
    );
    const read = await readArchive(temporary, null);
    await rename(temporary, target);
    const { stat } = await import("node:fs/promises");
    return { manifest: read.manifest, size: (await stat(target)).size, path: target };
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

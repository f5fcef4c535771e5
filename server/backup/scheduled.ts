// The local server's backups: the scheduled job (server/jobs.ts), "back up now" and the archives'
// list and download (the BackupArchives port of src/core/backupSchedule.ts), and the backup before
// a migration (./beforeMigration.ts) all write through writeVerifiedBackup:
//   1. the archive is written into the backup folder (files deleted meanwhile are left out and
//      logged: ./local.ts);
//   2. it is read back whole and checked against its manifest (readArchive, ./archive.ts); an
//      archive that does not read back is removed and the backup fails;
//   3. rotation removes the oldest archives of the same kind, only now, after a good one;
//   4. the archive is copied to the second place (settings.copyFolder or BACKUP_COPY_DIR, best on
//      another disk) with its own rotation. More targets (an S3 bucket) go in ARCHIVE_TARGETS' place.
// A failure is logged in Lithuanian and recorded for the admins (settings page, dashboard); older
// archives are never touched by a failed backup.

import { createReadStream } from "node:fs";
import { copyFile, mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { BackupError } from "../../src/core/backup";
import { claimScheduledBackup, finishScheduledBackup, loadBackupSettings } from "../../src/core/backupSchedule";
import type { BackupArchiveInfo, BackupArchives, CoreContext, Log, WrittenBackup } from "../../src/core/ports";
import {
  archiveFileName,
  archiveKindOf,
  archivesToRemove,
  BACKUP_KIND_LABELS,
  type BackupKind,
  type BackupSettings,
  keepOf,
} from "../../src/domain/backupSchedule";
import { formatNumber } from "../../src/domain/format";
import type { Db } from "../db/types";
import { dbOfStore } from "../store/pgStore";
import { readArchive } from "./archive";
import { type BackupLocalOptions, backupLocal } from "./local";

/** DATA_DIR as server/config.ts reads it. */
export const dataDirFromEnv = (env: NodeJS.ProcessEnv = process.env): string =>
  path.resolve(env.DATA_DIR?.trim() || "./data");

/** BACKUP_COPY_DIR as server/config.ts reads it: the second place when the settings name none. */
export const copyDirFromEnv = (env: NodeJS.ProcessEnv = process.env): string | null =>
  env.BACKUP_COPY_DIR?.trim() ? path.resolve(env.BACKUP_COPY_DIR.trim()) : null;

const resolveIn = (folder: string, dataDir: string): string =>
  path.isAbsolute(folder) ? folder : path.resolve(dataDir, folder);

/** The folder of the settings: absolute as given, relative to DATA_DIR, or DATA_DIR/backups. */
export function backupFolder(settings: BackupSettings, dataDir: string): string {
  if (!settings.folder) return path.join(dataDir, "backups");
  return resolveIn(settings.folder, dataDir);
}

/** The second place: the settings' folder (relative: to DATA_DIR), else BACKUP_COPY_DIR, else none. */
export function copyFolder(settings: BackupSettings, dataDir: string, envCopyDir: string | null): string | null {
  if (settings.copyFolder) return resolveIn(settings.copyFolder, dataDir);
  return envCopyDir;
}

/** Where the local server's backups go and how they are written. */
export interface BackupPlace {
  dataDir: string;
  /** BACKUP_COPY_DIR */
  copyDir: string | null;
  /** test seams: after the listing of files, after the archive is written (before it is read back) */
  onListed?: BackupLocalOptions["onListed"];
  beforeVerify?: (file: string) => Promise<void> | void;
}

const megabytes = (bytes: number): string => `${formatNumber(bytes / 1024 / 1024, 2)} MB`;

/** Reads the archive back whole and checks every part against its manifest; throws in Lithuanian. */
export async function verifyArchive(file: string, expectedParts: number): Promise<void> {
  try {
    const read = await readArchive(file, null);
    if (read.manifest.parts.length !== expectedParts) {
      throw new BackupError(`apraše ${read.manifest.parts.length} dalių, įrašyta ${expectedParts}`);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`Įrašyta kopija neperskaitoma, ji pašalinta: ${reason}`);
  }
}

/** Removes the oldest archives of `kind` in `folder` beyond `keep`; returns their names. */
async function rotate(folder: string, kind: BackupKind, keep: number | null): Promise<string[]> {
  if (keep === null) return [];
  const removed = archivesToRemove(await readdir(folder), keep, kind);
  for (const name of removed) await rm(path.join(folder, name), { force: true });
  return removed;
}

/** Copies `file` into `folder` (through a temporary name, flushed, renamed) and checks its size. */
async function copyInto(file: string, folder: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  const target = path.join(folder, path.basename(file));
  const temporary = `${target}.tmp-${process.pid}-${Date.now()}`;
  try {
    await copyFile(file, temporary);
    const handle = await open(temporary, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    const [source, copy] = await Promise.all([stat(file), stat(temporary)]);
    if (source.size !== copy.size) throw new BackupError(`kopijos dydis ${copy.size} B, originalo ${source.size} B`);
    await rename(temporary, target);
    return target;
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * One backup of `kind`: written, read back and verified, rotated, copied to the second place.
 * Throws (Lithuanian) when the archive cannot be written or does not read back; a failed copy is
 * reported in `copyError` (the archive itself is good).
 */
export async function writeVerifiedBackup(
  db: Db,
  settings: BackupSettings,
  kind: BackupKind,
  now: Date,
  place: BackupPlace,
  log: Log,
  options: Pick<BackupLocalOptions, "collections"> & {
    /** false when the clock is far from the data (src/core/clockGuard.ts): archives are named by the clock */
    rotate?: boolean;
  } = {},
): Promise<WrittenBackup> {
  const started = performance.now();
  const folder = backupFolder(settings, place.dataDir);
  const file = path.join(folder, archiveFileName(now, kind));
  let result: Awaited<ReturnType<typeof backupLocal>>;
  try {
    result = await backupLocal(db, place.dataDir, file, { onListed: place.onListed, collections: options.collections });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`Nepavyko įrašyti ${file}: ${reason}`);
  }
  const skipped = result.skipped ?? [];
  if (skipped.length > 0) {
    log.warn(
      `Atsarginė kopija: ${skipped.length} fail${skipped.length === 1 ? "as ištrintas" : "ai ištrinti"} kopijos metu, į archyvą neįtraukt${skipped.length === 1 ? "as" : "i"}: ${skipped.slice(0, 10).join(", ")}${skipped.length > 10 ? " …" : ""}`,
    );
  }
  try {
    await place.beforeVerify?.(file);
    await verifyArchive(file, result.manifest.parts.length);
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  log.info(
    `Atsarginė kopija (${BACKUP_KIND_LABELS[kind]}) įrašyta ir patikrinta: ${file} (${megabytes(result.size)}, ${formatNumber((performance.now() - started) / 1000, 1)} s)`,
  );
  const rotating = options.rotate !== false;
  const removed = rotating ? await rotate(folder, kind, keepOf(settings, kind)) : [];
  if (removed.length > 0) log.info(`Pašalintos senos atsarginės kopijos: ${removed.join(", ")}`);

  // The second place. Another target (an S3 bucket) is one more step like this one.
  const second = copyFolder(settings, place.dataDir, place.copyDir);
  let copy: string | null = null;
  let copyError: string | null = null;
  if (second && path.resolve(second) !== path.resolve(folder)) {
    try {
      copy = await copyInto(file, second);
      const gone = rotating ? await rotate(second, kind, kind === "migration" ? null : settings.copyKeep) : [];
      log.info(
        `Atsarginė kopija nukopijuota į antrą vietą: ${copy}${gone.length > 0 ? `; ten pašalintos senos: ${gone.join(", ")}` : ""}`,
      );
    } catch (error) {
      copyError = `Nepavyko nukopijuoti į ${second}: ${error instanceof Error ? error.message : String(error)}`;
      log.error(`Atsarginė kopija įrašyta, bet ${copyError.charAt(0).toLowerCase()}${copyError.slice(1)}`, error);
    }
  }
  return { file, size: result.size, skippedFiles: skipped, copy, copyError };
}

export interface ScheduledRun {
  day: string;
  kind: "daily" | "hourly";
  ok: boolean;
  file?: string;
  copy?: string | null;
  skippedFiles?: string[];
  error?: string;
}

/** One run of the job: does the backup that is due (day or hour) when nobody else has. */
export async function runScheduledBackup(
  core: CoreContext,
  place: BackupPlace | string = dataDirFromEnv(),
): Promise<ScheduledRun | null> {
  const where: BackupPlace = typeof place === "string" ? { dataDir: place, copyDir: copyDirFromEnv() } : place;
  const db = dbOfStore(core.store);
  if (!db) return null;
  const worker = `${hostname()}:${process.pid}`;
  const claim = await claimScheduledBackup(core, worker);
  if (!claim) return null;
  const started = performance.now();
  try {
    const written = await writeVerifiedBackup(db, claim.settings, claim.kind, core.clock.now(), where, core.log);
    await finishScheduledBackup(core, claim.day, { ok: true, durationMs: performance.now() - started, ...written });
    return {
      day: claim.day,
      kind: claim.kind,
      ok: true,
      file: written.file,
      copy: written.copy,
      skippedFiles: written.skippedFiles,
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    core.log.error(
      `Suplanuota atsarginė kopija (${BACKUP_KIND_LABELS[claim.kind]}) nepavyko; senesnės kopijos nepaliestos`,
      error,
    );
    await finishScheduledBackup(core, claim.day, { ok: false, error: reason, durationMs: performance.now() - started });
    return { day: claim.day, kind: claim.kind, ok: false, error: reason };
  }
}

/** The BackupArchives port of the local server: back up now, the archives' list and download. */
export function localBackupArchives(core: CoreContext, db: Db, place: BackupPlace): BackupArchives {
  const folderNow = async () => backupFolder(await loadBackupSettings(core.store), place.dataDir);
  return {
    async write(kind) {
      const settings = await loadBackupSettings(core.store);
      return writeVerifiedBackup(db, settings, kind, core.clock.now(), place, core.log);
    },
    async list() {
      const folder = await folderNow();
      const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [] as string[];
        throw error;
      });
      const out: BackupArchiveInfo[] = [];
      for (const name of names) {
        const kind = archiveKindOf(name);
        if (!kind) continue;
        const info = await stat(path.join(folder, name)).catch(() => null);
        if (info?.isFile()) out.push({ name, kind, size: info.size, modifiedAt: info.mtime.toISOString() });
      }
      return out.sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt) || b.name.localeCompare(a.name));
    },
    async open(name) {
      // Only our archives' names: nothing else in (or outside) the folder can be asked for.
      if (!archiveKindOf(name)) return null;
      const file = path.join(await folderNow(), name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      const stream = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
      return { size: info.size, stream };
    },
  };
}

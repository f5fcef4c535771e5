// The local server's backups: the scheduled job (server/jobs.ts), "back up now" and the archives'
// list and download (the BackupArchives port of src/core/backupSchedule.ts), and the backup before
// a migration (./beforeMigration.ts) all write through writeVerifiedBackup:
//   1. the archive is written into the backup folder (files deleted meanwhile are left out and
//      logged: ./local.ts);
//   2. it is read back whole and checked against its manifest (readArchive, ./archive.ts); an
//      archive that does not read back is removed and the backup fails;
//   3. rotation removes the oldest archives of the same kind, only now, after a good one;
//   4. the archive is copied to the second place (settings.copyFolder or BACKUP_COPY_DIR, best on
//      another disk) with its own rotation;
//   5. it is uploaded to the S3-compatible bucket (BACKUP_S3_*, ./s3.ts), read back there and
//      compared (size, SHA-256), and the bucket rotated like the second place (copyKeep).
// A failed copy or upload is recorded (copyError, remoteError) and warned about; the archive itself
// is good and the backup counts as done.
// A failure is logged in Lithuanian and recorded for the admins (settings page, dashboard); older
// archives are never touched by a failed backup.

import { createReadStream } from "node:fs";
import { copyFile, mkdtemp, open, readdir, rename, rm, stat } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { BackupError } from "../../src/core/backup";
import { claimScheduledBackup, finishScheduledBackup, loadBackupSettings } from "../../src/core/backupSchedule";
import { checkClockForDestructiveJob } from "../../src/core/clockGuard";
import type {
  BackupArchiveInfo,
  BackupArchivePlace,
  BackupArchives,
  CoreContext,
  Log,
  WrittenBackup,
} from "../../src/core/ports";
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
import type { S3BackupConfig } from "../config";
import type { Db } from "../db/types";
import { makeFolder } from "../files/makeFolder";
import { dbOfStore } from "../store/pgStore";
import { readArchive } from "./archive";
import { type BackupLocalOptions, backupLocal } from "./local";
import { createS3Backups, fileDigest, type S3Backups } from "./s3";

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
  /** BACKUP_S3_*: the bucket each verified archive is uploaded to */
  s3?: S3BackupConfig | null;
  /** test seams: after the listing of files, after the archive is written (before it is read back) */
  onListed?: BackupLocalOptions["onListed"];
  beforeVerify?: (file: string) => Promise<void> | void;
}

const megabytes = (bytes: number): string => `${formatNumber(bytes / 1024 / 1024, 2)} MB`;

const s3Clients = new Map<string, S3Backups>();

/** One client per bucket configuration, kept for the process's life. */
export function s3BackupsFor(config: S3BackupConfig | null | undefined): S3Backups | null {
  if (!config) return null;
  const key = JSON.stringify(config);
  let backups = s3Clients.get(key);
  if (!backups) {
    backups = createS3Backups(config);
    s3Clients.set(key, backups);
  }
  return backups;
}

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
  await makeFolder(folder);
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

  // The bucket: uploaded, read back and compared there, then rotated like the second place.
  const bucket = s3BackupsFor(place.s3);
  let remote: string | null = null;
  let remoteError: string | null = null;
  if (bucket) {
    try {
      const uploaded = performance.now();
      remote = await bucket.uploadVerified(file, path.basename(file));
      const gone = rotating ? await bucket.rotate(kind, kind === "migration" ? null : settings.copyKeep) : [];
      log.info(
        `Atsarginė kopija įkelta į S3 ir ten patikrinta (dydis ir SHA-256): ${remote} (${formatNumber((performance.now() - uploaded) / 1000, 1)} s)${gone.length > 0 ? `; ten pašalintos senos: ${gone.join(", ")}` : ""}`,
      );
    } catch (error) {
      remoteError = `Nepavyko įkelti į S3: ${error instanceof Error ? error.message : String(error)}`;
      log.error(`Atsarginė kopija įrašyta vietoje, bet ${remoteError.charAt(0).toLowerCase()}${remoteError.slice(1)}`);
    }
  }
  return { file, size: result.size, skippedFiles: skipped, copy, copyError, remote, remoteError };
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

/**
 * Whether the rotation may delete old archives now. Archives are named by the clock: with a clock
 * far ahead the new archive would sort after every later one and the real ones would be rotated
 * away later; with a clock far behind the new one sorts first and would be removed at once. The
 * backup itself is written either way; only the deletions wait (src/core/clockGuard.ts).
 */
async function rotationAllowed(core: CoreContext, now: Date): Promise<boolean> {
  const clock = await checkClockForDestructiveJob(core, "Senų atsarginių kopijų šalinimo darbai", now);
  if (!clock.ok && clock.reason) core.log.warn(clock.reason);
  return clock.ok;
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
    const now = core.clock.now();
    const rotate = await rotationAllowed(core, now);
    const written = await writeVerifiedBackup(db, claim.settings, claim.kind, now, where, core.log, { rotate });
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

/** The archives (our names only) in a folder with their size and time; none when it does not exist. */
async function archivesInFolder(folder: string): Promise<Omit<BackupArchiveInfo, "places">[]> {
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  const out: Omit<BackupArchiveInfo, "places">[] = [];
  for (const name of names) {
    const kind = archiveKindOf(name);
    if (!kind) continue;
    const info = await stat(path.join(folder, name)).catch(() => null);
    if (info?.isFile()) out.push({ name, kind, size: info.size, modifiedAt: info.mtime.toISOString() });
  }
  return out;
}

const PLACE_LABELS: Record<BackupArchivePlace, string> = {
  local: "kopijų aplanke",
  copy: "antroje vietoje",
  s3: "S3 krepšyje",
};

/**
 * The BackupArchives port of the local server: back up now, the archives' list (the backup folder,
 * the second place and the bucket, each archive once with the places that hold it), download and check.
 */
export function localBackupArchives(core: CoreContext, db: Db, place: BackupPlace): BackupArchives {
  const folders = async () => {
    const settings = await loadBackupSettings(core.store);
    const folder = backupFolder(settings, place.dataDir);
    const second = copyFolder(settings, place.dataDir, place.copyDir);
    return { folder, second: second && path.resolve(second) !== path.resolve(folder) ? second : null };
  };
  const fileIn = async (folder: string | null, name: string): Promise<string | null> => {
    if (!folder) return null;
    const file = path.join(folder, name);
    return (await stat(file).catch(() => null))?.isFile() ? file : null;
  };
  return {
    async write(kind) {
      const settings = await loadBackupSettings(core.store);
      const now = core.clock.now();
      return writeVerifiedBackup(db, settings, kind, now, place, core.log, {
        rotate: await rotationAllowed(core, now),
      });
    },
    async list() {
      const { folder, second } = await folders();
      const byName = new Map<string, BackupArchiveInfo>();
      const add = (items: Omit<BackupArchiveInfo, "places">[], where: BackupArchivePlace) => {
        for (const item of items) {
          const seen = byName.get(item.name);
          if (seen) seen.places.push(where);
          else byName.set(item.name, { ...item, places: [where] });
        }
      };
      add(await archivesInFolder(folder), "local");
      if (second) add(await archivesInFolder(second).catch(() => []), "copy");
      const bucket = s3BackupsFor(place.s3);
      if (bucket) {
        try {
          add(await bucket.list(), "s3");
        } catch (error) {
          // The list still shows the local ones; the failure is in the log and in the last backup's record.
          core.log.warn(`Atsarginių kopijų sąrašas be S3: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return [...byName.values()].sort(
        (a, b) => b.modifiedAt.localeCompare(a.modifiedAt) || b.name.localeCompare(a.name),
      );
    },
    async open(name) {
      // Only our archives' names: nothing else in (or outside) the folders can be asked for.
      if (!archiveKindOf(name)) return null;
      const { folder, second } = await folders();
      const file = (await fileIn(folder, name)) ?? (await fileIn(second, name));
      if (file) {
        const info = await stat(file);
        return { size: info.size, stream: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array> };
      }
      return (await s3BackupsFor(place.s3)?.open(name)) ?? null;
    },
    async check(name, where) {
      if (!archiveKindOf(name)) return null;
      const { folder, second } = await folders();
      let file: string | null = null;
      let location: string;
      let temporary: string | null = null;
      if (where === "s3") {
        const bucket = s3BackupsFor(place.s3);
        if (!bucket) throw new BackupError("S3 krepšys nenustatytas (BACKUP_S3_*)");
        location = bucket.location(name);
        temporary = await mkdtemp(path.join(tmpdir(), "ratai-tikrinimas-"));
        file = path.join(temporary, name);
        try {
          await bucket.download(`${bucket.config.prefix}${name}`, file);
        } catch (error) {
          await rm(temporary, { recursive: true, force: true });
          if (error instanceof BackupError && / nėra$/.test(error.message)) return null;
          throw error;
        }
      } else {
        file = await fileIn(where === "local" ? folder : second, name);
        if (!file) return null;
        location = file;
      }
      try {
        const { size, sha256 } = await fileDigest(file);
        let read: Awaited<ReturnType<typeof readArchive>>;
        try {
          read = await readArchive(file, null);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new BackupError(`Kopija ${name} (${PLACE_LABELS[where]}) netinkama atkurti: ${reason}`);
        }
        const files = read.manifest.parts.filter((p) => p.kind === "file");
        return {
          name,
          place: where,
          location,
          dataDir: path.resolve(place.dataDir),
          size,
          sha256,
          createdAt: read.manifest.createdAt,
          backend: read.manifest.source.backend,
          appVersion: read.manifest.appVersion,
          schemaVersion: read.manifest.schemaVersion,
          counts: read.manifest.counts,
          files: files.length,
          filesBytes: files.reduce((sum, p) => sum + p.size, 0),
        };
      } finally {
        if (temporary) await rm(temporary, { recursive: true, force: true });
      }
    },
  };
}

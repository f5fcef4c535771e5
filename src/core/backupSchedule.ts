// Backups over the store port. Scheduled ones: each slot's record (backups/{Vilnius date} for
// the daily one, backups/{date}T{hour} for the hourly one) is the marker that makes it happen
// once, with any number of servers on one database. A server claims the slot in a transaction
// (the record does not exist yet, or it failed, or its claim is older than
// BACKUP_CLAIM_TIMEOUT_MS: the claimer died), writes the archive outside it, and then records the
// result. "Back up now" (an administrator) writes its own record. The archive itself is the
// adapter's (server/backup/scheduled.ts, the BackupArchives port).
import {
  archiveKindOf,
  BACKUP_CLAIM_TIMEOUT_MS,
  type BackupKind,
  type BackupRecord,
  type BackupSettings,
  backupIsStale,
  backupSettingsOf,
  hourSlot,
  restoreCommand,
  restoreSteps,
  scheduledBackupDay,
  scheduledBackupHour,
} from "../domain/backupSchedule";
import { InputError } from "../domain/input";
import { COLLECTIONS, SETTINGS_ID } from "./collections";
import { CoreError } from "./errors";
import type {
  BackupArchiveCheck,
  BackupArchiveInfo,
  BackupArchivePlace,
  BackupArchives,
  CoreContext,
  DocumentStore,
  WrittenBackup,
} from "./ports";
import type { StaffActor } from "./writes";

export async function loadBackupSettings(store: DocumentStore): Promise<BackupSettings> {
  const doc = await store.get(COLLECTIONS.settings, SETTINGS_ID);
  return backupSettingsOf(doc?.data ?? null);
}

/** How often a failed slot is tried again (each attempt is a claim of its own). */
export const BACKUP_MAX_ATTEMPTS = 3;

export interface BackupClaim {
  /** the record id: the Vilnius date, or date and hour */
  day: string;
  kind: "daily" | "hourly";
  settings: BackupSettings;
  attempt: number;
}

type StoredRecord = BackupRecord & { attempt?: number };

async function claimSlot(
  ctx: CoreContext,
  id: string,
  kind: "daily" | "hourly",
  settings: BackupSettings,
  worker: string,
  now: Date,
): Promise<BackupClaim | null> {
  // Cheap skip outside the transaction; the transaction decides.
  const seen = await ctx.store.get(COLLECTIONS.backups, id);
  if (seen && (seen.data as unknown as BackupRecord).status === "ok") return null;
  return ctx.store.transaction(async (tx) => {
    await tx.lock(`backup-${id}`);
    const existing = await tx.get(COLLECTIONS.backups, id);
    const record = existing?.data as StoredRecord | undefined;
    const attempt = (record?.attempt ?? 0) + 1;
    if (record) {
      if (record.status === "ok") return null;
      if (record.status === "running" && now.getTime() - Date.parse(record.claimedAt) < BACKUP_CLAIM_TIMEOUT_MS) {
        return null;
      }
      if (record.status === "failed" && attempt > BACKUP_MAX_ATTEMPTS) return null;
    }
    const claimed: StoredRecord = {
      day: id,
      kind,
      status: "running",
      claimedAt: now.toISOString(),
      claimedBy: worker,
      finishedAt: null,
      file: null,
      size: null,
      error: null,
      durationMs: null,
      attempt,
    };
    tx.set(COLLECTIONS.backups, id, {
      ...claimed,
      createdAt: existing?.data.createdAt ?? now.toISOString(),
      updatedAt: now.toISOString(),
    });
    return { day: id, kind, settings, attempt };
  });
}

/**
 * Claims the backup that is due and nobody has done or is doing: the day's first (from its
 * hour), else the hour's (when hourly backups are on; not in the hour the daily one was written).
 * Returns the record to finish, or null. `worker` names the claiming server in the record.
 */
export async function claimScheduledBackup(
  ctx: CoreContext,
  worker: string,
  now: Date = ctx.clock.now(),
): Promise<BackupClaim | null> {
  const settings = await loadBackupSettings(ctx.store);
  const day = scheduledBackupDay(settings, now);
  if (day) {
    const daily = await claimSlot(ctx, day, "daily", settings, worker, now);
    if (daily) return daily;
  }
  const hour = scheduledBackupHour(settings, now);
  if (!hour) return null;
  if (day) {
    const record = (await ctx.store.get(COLLECTIONS.backups, day))?.data as BackupRecord | undefined;
    // The daily one is running, or was written this hour: it stands for the hour's too.
    if (record?.status === "running") return null;
    if (record?.status === "ok" && record.finishedAt && hourSlot(new Date(record.finishedAt)) === hour) return null;
  }
  return claimSlot(ctx, hour, "hourly", settings, worker, now);
}

export type BackupResult =
  | ({ ok: true; durationMs: number } & Omit<WrittenBackup, "skippedFiles"> & { skippedFiles?: string[] })
  | { ok: false; error: string; durationMs: number };

/** Records how the claimed (or manual) backup ended. */
export async function finishScheduledBackup(ctx: CoreContext, day: string, result: BackupResult): Promise<void> {
  const now = ctx.clock.now();
  await ctx.store.transaction(async (tx) => {
    const existing = await tx.get(COLLECTIONS.backups, day);
    const base = (existing?.data ?? { day, claimedAt: now.toISOString(), claimedBy: "" }) as Record<string, unknown>;
    tx.set(COLLECTIONS.backups, day, {
      ...base,
      status: result.ok ? "ok" : "failed",
      finishedAt: now.toISOString(),
      file: result.ok ? result.file : null,
      size: result.ok ? result.size : null,
      error: result.ok ? null : result.error,
      copy: result.ok ? result.copy : null,
      copyError: result.ok ? result.copyError : null,
      remote: result.ok ? (result.remote ?? null) : null,
      remoteError: result.ok ? (result.remoteError ?? null) : null,
      skippedFiles: result.ok ? (result.skippedFiles?.length ?? 0) : 0,
      durationMs: Math.round(result.durationMs),
      updatedAt: now.toISOString(),
    });
  });
  ctx.events.publish("backups", day, "updated");
}

export interface BackupStatus {
  settings: BackupSettings;
  /** the newest record, whatever its result */
  last: BackupRecord | null;
  /** the newest good one */
  lastGood: BackupRecord | null;
  /** backups are on and the last good one is older than the schedule allows (or there is none) */
  stale: boolean;
  /** now, by the server's clock (the screen shows the last good one's age from it) */
  now: string;
}

/** What the settings page and the dashboard show. */
export async function backupStatus(ctx: CoreContext, now: Date = ctx.clock.now()): Promise<BackupStatus> {
  const settings = await loadBackupSettings(ctx.store);
  const records = (
    await ctx.store.query(COLLECTIONS.backups, { orderBy: [{ field: "claimedAt", direction: "desc" }], limit: 100 })
  ).map((d) => d.data as unknown as BackupRecord);
  const last = records[0] ?? null;
  const lastGood = records.find((r) => r.status === "ok") ?? null;
  return {
    settings,
    last,
    lastGood,
    stale: backupIsStale(settings, lastGood?.finishedAt ?? null, now),
    now: now.toISOString(),
  };
}

const NO_ARCHIVES =
  "Atsarginės kopijos šiame serveryje nekuriamos (Firebase duomenys kopijuojami komanda npm run backup)";

function archivesOf(archives: BackupArchives | undefined): BackupArchives {
  if (!archives) throw new CoreError("precondition", NO_ARCHIVES);
  return archives;
}

/** The record id of a backup made outside the schedule: rankine-20261120T051233123Z. */
const manualId = (kind: BackupKind, now: Date): string =>
  `${kind === "manual" ? "rankine" : kind}-${now.toISOString().replace(/[-:.]/g, "")}`;

/**
 * "Back up now": an archive written, verified and copied like a scheduled one, with its own
 * record (the settings page shows it as the last backup). A failure is recorded and refused in
 * Lithuanian; older archives are untouched.
 */
export async function backUpNow(
  ctx: CoreContext,
  archives: BackupArchives | undefined,
  actor: StaffActor,
): Promise<BackupRecord> {
  const port = archivesOf(archives);
  const now = ctx.clock.now();
  const id = manualId("manual", now);
  const started = Date.now();
  await ctx.store.transaction(async (tx) => {
    const record: BackupRecord = {
      day: id,
      kind: "manual",
      status: "running",
      claimedAt: now.toISOString(),
      claimedBy: actor.email,
      finishedAt: null,
      file: null,
      size: null,
      error: null,
      durationMs: null,
    };
    tx.set(COLLECTIONS.backups, id, { ...record, createdAt: now.toISOString(), updatedAt: now.toISOString() });
  });
  try {
    const written = await port.write("manual");
    await finishScheduledBackup(ctx, id, { ok: true, durationMs: Date.now() - started, ...written });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await finishScheduledBackup(ctx, id, {
      ok: false,
      error: `Nepavyko sukurti kopijos: ${reason}`,
      durationMs: Date.now() - started,
    });
    throw new CoreError(
      "precondition",
      `Atsarginės kopijos sukurti nepavyko: ${reason}. Senesnės kopijos nepaliestos.`,
    );
  }
  const stored = await ctx.store.get(COLLECTIONS.backups, id);
  return stored?.data as unknown as BackupRecord;
}

/** The archives in the backup folder, newest first. */
export async function listBackupArchives(archives: BackupArchives | undefined): Promise<BackupArchiveInfo[]> {
  return archivesOf(archives).list();
}

/** One archive to download; 404 in Lithuanian when there is no such archive. */
export async function openBackupArchive(
  archives: BackupArchives | undefined,
  name: string,
): Promise<{ fileName: string; size: number; stream: ReadableStream<Uint8Array> }> {
  const opened = await archivesOf(archives).open(name);
  if (!opened) throw new CoreError("not-found", "Tokios atsarginės kopijos nėra");
  return { fileName: name, ...opened };
}

const PLACES: readonly BackupArchivePlace[] = ["local", "copy", "s3"];

/** The guided restore's answer: what the archive holds, and how to restore it on this server. */
export interface BackupArchiveChecked extends BackupArchiveCheck {
  /** the command that restores it (run with the server stopped) */
  command: string;
  /** the steps in order, Lithuanian */
  steps: string[];
}

/**
 * Checks one archive (the backup folder, the second place or the bucket) whole without changing
 * anything: every part against its manifest. A damaged one is refused in Lithuanian; a good one is
 * answered with its contents and the exact steps to restore it on this server.
 */
export async function checkBackupArchive(
  ctx: CoreContext,
  archives: BackupArchives | undefined,
  input: { name: string; place: string },
): Promise<BackupArchiveChecked> {
  const port = archivesOf(archives);
  if (!archiveKindOf(input.name)) throw new CoreError("not-found", "Tokios atsarginės kopijos nėra");
  if (!PLACES.includes(input.place as BackupArchivePlace)) {
    throw new InputError("Vieta turi būti „local“ (kopijų aplankas), „copy“ (antra vieta) arba „s3“", {
      place: "Netinkama vieta",
    });
  }
  let checked: BackupArchiveCheck | null;
  try {
    checked = await port.check(input.name, input.place as BackupArchivePlace);
  } catch (error) {
    throw new CoreError("precondition", error instanceof Error ? error.message : String(error));
  }
  if (!checked) throw new CoreError("not-found", "Tokios atsarginės kopijos šioje vietoje nėra");
  return {
    ...checked,
    command: restoreCommand(checked.location, checked.dataDir),
    steps: restoreSteps(checked.location, ctx.clock.now(), checked.dataDir),
  };
}

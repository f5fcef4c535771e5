// Scheduled backups over the store port: the day's record backups/{Vilnius date} is the marker
// that makes one daily backup happen once, with any number of servers on one database. A server
// claims the day in a transaction (the record does not exist yet, or it failed, or its claim is
// older than BACKUP_CLAIM_TIMEOUT_MS: the claimer died), writes the archive outside it, and then
// records the result. The archive itself is the adapter's (server/backup/scheduled.ts).
import {
  BACKUP_CLAIM_TIMEOUT_MS,
  type BackupRecord,
  type BackupSettings,
  backupIsStale,
  backupSettingsOf,
  scheduledBackupDay,
} from "../domain/backupSchedule";
import { COLLECTIONS, SETTINGS_ID } from "./collections";
import type { CoreContext, DocumentStore } from "./ports";

export async function loadBackupSettings(store: DocumentStore): Promise<BackupSettings> {
  const doc = await store.get(COLLECTIONS.settings, SETTINGS_ID);
  return backupSettingsOf(doc?.data ?? null);
}

/** How often a failed day is tried again (each attempt is a claim of its own). */
export const BACKUP_MAX_ATTEMPTS = 3;

/**
 * Claims the day's backup when it is due and nobody has done or is doing it. Returns the record
 * id to finish, or null. `worker` names the claiming server in the record.
 */
export async function claimScheduledBackup(
  ctx: CoreContext,
  worker: string,
  now: Date = ctx.clock.now(),
): Promise<{ day: string; settings: BackupSettings; attempt: number } | null> {
  const settings = await loadBackupSettings(ctx.store);
  const day = scheduledBackupDay(settings, now);
  if (!day) return null;
  // Cheap skip outside the transaction; the transaction decides.
  const seen = await ctx.store.get(COLLECTIONS.backups, day);
  if (seen && (seen.data as unknown as BackupRecord).status === "ok") return null;
  return ctx.store.transaction(async (tx) => {
    await tx.lock(`backup-${day}`);
    const existing = await tx.get(COLLECTIONS.backups, day);
    const record = existing?.data as (BackupRecord & { attempt?: number }) | undefined;
    const attempt = (record?.attempt ?? 0) + 1;
    if (record) {
      if (record.status === "ok") return null;
      if (record.status === "running" && now.getTime() - Date.parse(record.claimedAt) < BACKUP_CLAIM_TIMEOUT_MS) {
        return null;
      }
      if (record.status === "failed" && attempt > BACKUP_MAX_ATTEMPTS) return null;
    }
    const claimed: BackupRecord & { attempt: number } = {
      day,
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
    tx.set(COLLECTIONS.backups, day, {
      ...claimed,
      createdAt: existing?.data.createdAt ?? now.toISOString(),
      updatedAt: now.toISOString(),
    });
    return { day, settings, attempt };
  });
}

/** Records how the claimed backup ended. */
export async function finishScheduledBackup(
  ctx: CoreContext,
  day: string,
  result:
    | { ok: true; file: string; size: number; durationMs: number }
    | { ok: false; error: string; durationMs: number },
): Promise<void> {
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
  /** scheduled backups are on and the last good one is older than 26 h (or there is none) */
  stale: boolean;
}

/** What the settings page and the dashboard show. */
export async function backupStatus(ctx: CoreContext, now: Date = ctx.clock.now()): Promise<BackupStatus> {
  const settings = await loadBackupSettings(ctx.store);
  const records = (
    await ctx.store.query(COLLECTIONS.backups, { orderBy: [{ field: "day", direction: "desc" }], limit: 60 })
  ).map((d) => d.data as unknown as BackupRecord);
  const last = records[0] ?? null;
  const lastGood = records.find((r) => r.status === "ok") ?? null;
  return { settings, last, lastGood, stale: backupIsStale(settings, lastGood?.finishedAt ?? null, now) };
}

// Scheduled backups, the pure part: the settings (on/off, hour, folder, how many to keep), when
// the day's backup is due, the archive's file name, which archives rotation removes, and when the
// dashboard warns. src/core/backupSchedule.ts keeps the day's record; server/backup/scheduled.ts
// writes the archive.
import { z } from "zod";
import { vilniusDateString } from "./time";

export const BACKUP_DEFAULTS = {
  enabled: false,
  /** the Vilnius hour the day's backup starts (0–23) */
  hour: 3,
  /** where archives go on the server; empty: DATA_DIR/backups */
  folder: "",
  /** how many archives are kept */
  keep: 14,
} as const;

/** The dashboard warns when the last good scheduled backup is older than this. */
export const BACKUP_STALE_HOURS = 26;

export const backupSettingsSchema = z
  .object({
    enabled: z.boolean({ error: "Turi būti taip arba ne" }).default(BACKUP_DEFAULTS.enabled),
    hour: z
      .number({ error: "Turi būti skaičius" })
      .int({ error: "Turi būti sveikas skaičius" })
      .min(0, { error: "Valanda: nuo 0 iki 23" })
      .max(23, { error: "Valanda: nuo 0 iki 23" })
      .default(BACKUP_DEFAULTS.hour),
    folder: z
      .string({ error: "Turi būti tekstas" })
      .trim()
      .max(500, { error: "Kelias per ilgas (daugiausia 500 simbolių)" })
      .refine((v) => v === "" || !v.split(/[\\/]/).includes(".."), { error: "Kelias negali turėti „..“" })
      .default(BACKUP_DEFAULTS.folder),
    keep: z
      .number({ error: "Turi būti skaičius" })
      .int({ error: "Turi būti sveikas skaičius" })
      .min(1, { error: "Laikyti reikia bent 1 kopiją" })
      .max(365, { error: "Daugiausia 365 kopijos" })
      .default(BACKUP_DEFAULTS.keep),
  })
  .strict();
export type BackupSettings = z.infer<typeof backupSettingsSchema>;

/** The stored settings; a missing or broken value is its default. */
export function backupSettingsOf(doc: { backups?: unknown } | null | undefined): BackupSettings {
  const stored = doc?.backups;
  const result: Record<string, unknown> = { ...BACKUP_DEFAULTS };
  if (typeof stored !== "object" || stored === null) return result as BackupSettings;
  const shape = backupSettingsSchema.shape;
  for (const key of Object.keys(BACKUP_DEFAULTS) as (keyof BackupSettings)[]) {
    const parsed = shape[key].safeParse((stored as Record<string, unknown>)[key]);
    if (parsed.success) result[key] = parsed.data;
  }
  return result as BackupSettings;
}

/** The Vilnius hour of an instant. */
export function vilniusHour(now: Date): number {
  const text = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Vilnius",
    hour: "2-digit",
    hourCycle: "h23",
  }).format(now);
  return Number(text);
}

/** The day's record id (the Vilnius date) when the day's backup is due at `now`, else null. */
export function scheduledBackupDay(settings: BackupSettings, now: Date): string | null {
  if (!settings.enabled) return null;
  return vilniusHour(now) >= settings.hour ? vilniusDateString(now) : null;
}

/** A claim older than this is taken to be a server that died mid-backup: another may retry. */
export const BACKUP_CLAIM_TIMEOUT_MS = 2 * 3_600_000;

/** The archive's name: atsargine-kopija-2026-11-21-0300.tar.gz (Vilnius time). */
export function archiveFileName(now: Date): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Vilnius",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const hh = parts.find((p) => p.type === "hour")?.value ?? "00";
  const mm = parts.find((p) => p.type === "minute")?.value ?? "00";
  return `atsargine-kopija-${vilniusDateString(now)}-${hh}${mm}.tar.gz`;
}

export const ARCHIVE_NAME_PATTERN = /^atsargine-kopija-\d{4}-\d{2}-\d{2}-\d{4}\.tar\.gz$/;

/** Of the archives in the folder (names), the ones rotation removes: all but the newest `keep`. */
export function archivesToRemove(names: readonly string[], keep: number): string[] {
  const ours = names.filter((n) => ARCHIVE_NAME_PATTERN.test(n)).sort();
  return ours.slice(0, Math.max(0, ours.length - keep));
}

/** The day's record of a scheduled backup: backups/{Vilnius date}. */
export interface BackupRecord {
  day: string;
  status: "running" | "ok" | "failed";
  claimedAt: string;
  claimedBy: string;
  finishedAt: string | null;
  file: string | null;
  size: number | null;
  /** Lithuanian, for admins */
  error: string | null;
  /** how long the backup took, ms */
  durationMs: number | null;
}

/** Whether the dashboard warns: scheduled backups on and no good one in the last 26 h. */
export function backupIsStale(settings: BackupSettings, lastGoodAt: string | null, now: Date): boolean {
  if (!settings.enabled) return false;
  if (!lastGoodAt) return true;
  return now.getTime() - Date.parse(lastGoodAt) > BACKUP_STALE_HOURS * 3_600_000;
}

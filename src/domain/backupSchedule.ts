// Scheduled backups, the pure part: the settings (on/off, hourly, the daily hour, folders, how many
// to keep), which slot (day or hour) is due, the archives' file names by kind, which archives
// rotation removes, and when the dashboard warns. src/core/backupSchedule.ts keeps the records;
// server/backup/scheduled.ts writes, verifies and copies the archives.
import { z } from "zod";
import { vilniusDateString } from "./time";

export const BACKUP_DEFAULTS = {
  /** on from the first start: a fresh install is protected without anyone opening the settings */
  enabled: true,
  /** besides the daily one, a backup every hour */
  hourly: true,
  /** the Vilnius hour the day's backup starts (0–23) */
  hour: 3,
  /** where archives go on the server; empty: DATA_DIR/backups */
  folder: "",
  /** how many daily archives are kept (the name `keep` is the older settings' own) */
  keep: 14,
  /** how many hourly archives are kept */
  keepHourly: 24,
  /** a second place (best on another disk) each verified archive is copied to; empty: BACKUP_COPY_DIR or none */
  copyFolder: "",
  /** how many archives of each kind the second place keeps */
  copyKeep: 14,
} as const;

/** The dashboard warns when the last good backup is older than this (daily backups only). */
export const BACKUP_STALE_HOURS = 26;
/** … and with hourly backups on, older than this. */
export const BACKUP_STALE_HOURS_HOURLY = 2;

const count = (min: number, max: number, minMessage: string) =>
  z
    .number({ error: "Turi būti skaičius" })
    .int({ error: "Turi būti sveikas skaičius" })
    .min(min, { error: minMessage })
    .max(max, { error: `Daugiausia ${max} kopijos` });

const folderPath = z
  .string({ error: "Turi būti tekstas" })
  .trim()
  .max(500, { error: "Kelias per ilgas (daugiausia 500 simbolių)" })
  .refine((v) => v === "" || !v.split(/[\\/]/).includes(".."), { error: "Kelias negali turėti „..“" });

export const backupSettingsSchema = z
  .object({
    enabled: z.boolean({ error: "Turi būti taip arba ne" }).default(BACKUP_DEFAULTS.enabled),
    hourly: z.boolean({ error: "Turi būti taip arba ne" }).default(BACKUP_DEFAULTS.hourly),
    hour: z
      .number({ error: "Turi būti skaičius" })
      .int({ error: "Turi būti sveikas skaičius" })
      .min(0, { error: "Valanda: nuo 0 iki 23" })
      .max(23, { error: "Valanda: nuo 0 iki 23" })
      .default(BACKUP_DEFAULTS.hour),
    folder: folderPath.default(BACKUP_DEFAULTS.folder),
    keep: count(1, 365, "Laikyti reikia bent 1 kopiją").default(BACKUP_DEFAULTS.keep),
    keepHourly: count(1, 168, "Laikyti reikia bent 1 kopiją").default(BACKUP_DEFAULTS.keepHourly),
    copyFolder: folderPath.default(BACKUP_DEFAULTS.copyFolder),
    copyKeep: count(1, 365, "Laikyti reikia bent 1 kopiją").default(BACKUP_DEFAULTS.copyKeep),
  })
  .strict();
export type BackupSettings = z.infer<typeof backupSettingsSchema>;

/**
 * The stored settings, normalised: a missing field (settings saved before it existed) or a broken
 * value is its default, an unknown field is dropped. An explicit `enabled: false` stays off (the
 * dashboard warns about it); settings never saved are on.
 */
export function backupSettingsOf(doc: { backups?: unknown } | null | undefined): BackupSettings {
  const stored = doc?.backups;
  const result: Record<string, unknown> = { ...BACKUP_DEFAULTS };
  if (typeof stored !== "object" || stored === null) return result as BackupSettings;
  const shape = backupSettingsSchema.shape;
  for (const key of Object.keys(BACKUP_DEFAULTS) as (keyof BackupSettings)[]) {
    const value = (stored as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const parsed = shape[key].safeParse(value);
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

/** The hour's record id (Vilnius: 2026-11-20T05) when hourly backups are on, else null. */
export function scheduledBackupHour(settings: BackupSettings, now: Date): string | null {
  if (!settings.enabled || !settings.hourly) return null;
  return hourSlot(now);
}

/** The Vilnius hour an instant falls in, as a record id: 2026-11-20T05. */
export const hourSlot = (at: Date): string => `${vilniusDateString(at)}T${String(vilniusHour(at)).padStart(2, "0")}`;

/** A claim older than this is taken to be a server that died mid-backup: another may retry. */
export const BACKUP_CLAIM_TIMEOUT_MS = 2 * 3_600_000;

/**
 * What made an archive: the daily or hourly schedule, an administrator's "back up now", or the
 * start-up before a migration. Each kind has its own name and its own rotation.
 */
export type BackupKind = "daily" | "hourly" | "manual" | "migration";

const KIND_INFIX: Record<BackupKind, string> = {
  daily: "",
  hourly: "valandine-",
  manual: "rankine-",
  migration: "pries-migracija-",
};

export const BACKUP_KIND_LABELS: Record<BackupKind, string> = {
  daily: "kasdienė",
  hourly: "valandinė",
  manual: "rankinė",
  migration: "prieš migraciją",
};

/**
 * The archive's name (Vilnius time): atsargine-kopija-2026-11-21-0300.tar.gz for the daily one,
 * atsargine-kopija-valandine-…, atsargine-kopija-rankine-…-030512 (seconds: several a minute),
 * atsargine-kopija-pries-migracija-….
 */
export function archiveFileName(now: Date, kind: BackupKind = "daily"): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Vilnius",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  const seconds = kind === "manual" || kind === "migration" ? part("second") : "";
  return `atsargine-kopija-${KIND_INFIX[kind]}${vilniusDateString(now)}-${part("hour")}${part("minute")}${seconds}.tar.gz`;
}

/** The daily archives' names (the only kind older versions wrote). */
export const ARCHIVE_NAME_PATTERN = /^atsargine-kopija-\d{4}-\d{2}-\d{2}-\d{4}\.tar\.gz$/;

const KIND_PATTERNS: Record<BackupKind, RegExp> = {
  daily: ARCHIVE_NAME_PATTERN,
  hourly: /^atsargine-kopija-valandine-\d{4}-\d{2}-\d{2}-\d{4}\.tar\.gz$/,
  manual: /^atsargine-kopija-rankine-\d{4}-\d{2}-\d{2}-\d{6}\.tar\.gz$/,
  migration: /^atsargine-kopija-pries-migracija-\d{4}-\d{2}-\d{2}-\d{6}\.tar\.gz$/,
};

/** The kind of an archive by its name; null for anything that is not one of ours. */
export function archiveKindOf(name: string): BackupKind | null {
  for (const kind of Object.keys(KIND_PATTERNS) as BackupKind[]) if (KIND_PATTERNS[kind].test(name)) return kind;
  return null;
}

/** Of the archives in the folder (names), the ones of `kind` rotation removes: all but the newest `keep`. */
export function archivesToRemove(names: readonly string[], keep: number, kind: BackupKind = "daily"): string[] {
  const ours = names.filter((n) => KIND_PATTERNS[kind].test(n)).sort();
  return ours.slice(0, Math.max(0, ours.length - keep));
}

/** How many archives of a kind the backup folder keeps (pre-migration ones are kept until removed by hand). */
export function keepOf(settings: BackupSettings, kind: BackupKind): number | null {
  if (kind === "hourly") return settings.keepHourly;
  if (kind === "migration") return null;
  return settings.keep;
}

/** A backup's record: backups/{Vilnius date} (daily), backups/{date}T{hour} (hourly), backups/rankine-… (manual). */
export interface BackupRecord {
  day: string;
  /** absent in records written before hourly backups: daily */
  kind?: BackupKind;
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
  /** the copy in the second place, when one is set */
  copy?: string | null;
  /** why the copy in the second place failed (the archive itself is good) */
  copyError?: string | null;
  /** the verified copy in the S3 bucket (s3://bucket/key) */
  remote?: string | null;
  /** why the upload to the bucket failed (the archive itself is good) */
  remoteError?: string | null;
  /** files deleted while the backup ran (not in the archive) */
  skippedFiles?: number;
}

/** How old the last good backup may be before the dashboard warns: one missed slot and some. */
export const backupStaleAfterHours = (settings: BackupSettings): number =>
  settings.hourly ? BACKUP_STALE_HOURS_HOURLY : BACKUP_STALE_HOURS;

/** Whether the dashboard warns: scheduled backups on and no good one within what the schedule allows. */
export function backupIsStale(settings: BackupSettings, lastGoodAt: string | null, now: Date): boolean {
  if (!settings.enabled) return false;
  if (!lastGoodAt) return true;
  return now.getTime() - Date.parse(lastGoodAt) > backupStaleAfterHours(settings) * 3_600_000;
}

/** The age of the last good backup in Lithuanian: „prieš 5 min.“, „prieš 3 val. 10 min.“, „prieš 2 d. 4 val.“. */
export function backupAgeText(finishedAt: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(finishedAt)) / 60_000));
  if (minutes < 1) return "ką tik";
  if (minutes < 60) return `prieš ${minutes} min.`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `prieš ${hours} val.${minutes % 60 ? ` ${minutes % 60} min.` : ""}`;
  const days = Math.floor(hours / 24);
  return `prieš ${days} d.${hours % 24 ? ` ${hours % 24} val.` : ""}`;
}

/** Quotes a path for a POSIX shell when it needs it. */
const shellWord = (text: string): string =>
  /^[A-Za-z0-9_./:=@+-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;

/** The restore command of an archive (a path or s3://bucket/key) over this server's data (--force: it has data). */
export const restoreCommand = (location: string, dataDir?: string): string =>
  `${dataDir ? `DATA_DIR=${shellWord(dataDir)} ` : ""}npm run restore -- ${shellWord(location)} --force`;

/** The backup command of the present data before a restore, over the same data folder. */
const backupCommand = (out: string, dataDir?: string): string =>
  `${dataDir ? `DATA_DIR=${shellWord(dataDir)} ` : ""}npm run backup -- --out ${shellWord(out)}`;

/**
 * The guided restore's steps in Lithuanian: the archive is checked already; the server is stopped
 * (the data folder is one process's), the present data backed up, the archive restored, the server started.
 */
export function restoreSteps(location: string, now: Date, dataDir?: string): string[] {
  const before = archiveFileName(now, "manual").replace("-rankine-", "-pries-atkurima-");
  return [
    "Praneškite darbuotojams: atkūrimo metu sistema nepasiekiama, o viskas, kas įvesta po kopijos sukūrimo, bus prarasta.",
    "Sustabdykite serverį (pvz., „systemctl stop ratai“ arba „docker compose stop app“) ir įsitikinkite, kad jis nebeveikia.",
    `Programos aplanke, su tais pačiais aplinkos kintamaisiais kaip serveris (DATA_DIR, DATABASE_URL, BACKUP_S3_*), išsaugokite dabartinius duomenis: ${backupCommand(before, dataDir)}`,
    `Atkurkite pasirinktą kopiją (komanda ją dar kartą patikrins; sugadintos neatkurs ir nieko nepakeis): ${restoreCommand(location, dataDir)}`,
    "Paleiskite serverį (pvz., „systemctl start ratai“ arba „docker compose start app“) ir patikrinkite, ar duomenys tokie, kokių tikėjotės.",
  ];
}

/** The archive's collections as the guided restore names them (unknown ones by their own name). */
const COLLECTION_NAMES_LT: Readonly<Record<string, string>> = {
  cars: "automobiliai",
  fleet: "parko įrašai",
  prices: "kainos",
  offers: "pasiūlymai",
  news: "naujienos",
  customers: "klientai",
  requests: "užklausos",
  reservations: "rezervacijos",
  locations: "vietos",
  extras: "papildomos paslaugos",
  settings: "nustatymai",
  staff: "darbuotojai",
  mail: "laiškai",
  clientErrors: "naršyklės klaidos",
  auditLog: "veiksmų žurnalas",
  priceUpdates: "kainų keitimai",
  counters: "numeracijos skaitikliai",
  rateLimits: "užklausų ribos",
  reminders: "priminimai",
  damages: "pažeidimai",
  calendarFeeds: "kalendorių adresai",
  maintenance: "remontai",
  payments: "mokėjimai",
  invoices: "sąskaitos",
  reservationLinks: "„Mano rezervacija“ nuorodos",
  retentionRuns: "saugojimo terminų vykdymai",
  backups: "kopijų įrašai",
  erasureLedger: "ištrintų klientų sąrašas",
};

export const collectionNameLt = (collection: string): string => COLLECTION_NAMES_LT[collection] ?? collection;

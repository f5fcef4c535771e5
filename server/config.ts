// Server configuration from the environment and the command line. Every mistake is
// reported in Lithuanian at start-up, never discovered later at request time.
import { readFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_SITE_RATE_LIMITS, SITE_RATE_WINDOW_SECONDS, type SiteRateLimits } from "../src/core/limits";
import type { FirebaseWebConfig } from "../src/domain/runtimeConfig";
import type { LogFormat } from "./log";

/** true: any peer's forwarded headers; false: none; "loopback": only a proxy on 127.0.0.0/8 or ::1. */
export type TrustProxy = boolean | "loopback";

/** PGlite's shared buffers by default, MB: a quarter of PostgreSQL's own default. */
export const PGLITE_SHARED_BUFFERS_MB = 32;
/**
 * How far V8 lets the JavaScript heap grow past what is alive before a full collection, in %.
 * Its own default lets it reach about 4× the live heap; the server's live heap is small (tens of
 * MB) and its work (lists, scans, backups) makes short-lived garbage in bursts, so 1.5× keeps the
 * process near its live size for a few more short, mostly concurrent, collections.
 */
export const HEAP_GROWING_PERCENT = 50;

/** The browser's Firebase config (src/domain/runtimeConfig.ts); the server always fills in the region. */
export type FirebaseRuntimeConfig = FirebaseWebConfig & { functionsRegion: string };

/**
 * Which database holds DATA_DIR's data when no DATABASE_URL is given (DATABASE_ENGINE):
 * "embedded-postgres" (DATABASE_ENGINE=postgres: a PostgreSQL server the product runs itself,
 * server/db/embeddedPostgres.ts), "pglite" (PGlite inside the process: no fsync, for tests and quick
 * trials), or "auto" (unset): the embedded PostgreSQL, unless DATA_DIR still holds a PGlite database
 * and no cluster (moved by one command, README) or this platform has no PostgreSQL programs.
 */
export type DbEngine = "auto" | "pglite" | "embedded-postgres";

/** DATABASE_ENGINE read as loadConfig reads it (the backup tools use it too). */
export function parseEngine(value: string | undefined): DbEngine {
  const given = nonEmpty(value)?.toLowerCase();
  if (!given) return "auto";
  if (given === "postgres" || given === "postgresql") return "embedded-postgres";
  if (given === "pglite") return "pglite";
  throw new ConfigError(`DATABASE_ENGINE turi būti „postgres“ arba „pglite“, o ne „${value}“`);
}

/** The embedded PostgreSQL's WAL archive and base backups (server/db/walArchive.ts). */
export interface WalArchiveSettings {
  /** WAL_ARCHIVE_TIMEOUT_S: a segment with changes is archived at least this often (the recovery point) */
  timeoutS: number;
  /** BASE_BACKUP_INTERVAL_H: a new base backup when the newest is this old */
  baseBackupHours: number;
  /** BASE_BACKUP_KEEP: base backups kept (and the WAL they need) */
  baseBackupKeep: number;
}

/** WAL_ARCHIVE (default on) and its settings; null when WAL_ARCHIVE=0. Read by the embedded cluster too. */
export function walArchiveFromEnv(env: Env = process.env): WalArchiveSettings | null {
  if (nonEmpty(env.WAL_ARCHIVE) !== null && !parseBoolean("WAL_ARCHIVE", env.WAL_ARCHIVE)) return null;
  return {
    timeoutS: parseInteger("WAL_ARCHIVE_TIMEOUT_S", env.WAL_ARCHIVE_TIMEOUT_S, 60, 1, 3600),
    baseBackupHours: parseInteger("BASE_BACKUP_INTERVAL_H", env.BASE_BACKUP_INTERVAL_H, 24, 1, 24 * 30),
    baseBackupKeep: parseInteger("BASE_BACKUP_KEEP", env.BASE_BACKUP_KEEP, 7, 1, 365),
  };
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** BACKUP_COPY_DIR: the second place each verified backup is copied to (best on another disk); null: none unless the settings name one */
  backupCopyDir: string | null;
  /** BACKUP_S3_*: an S3-compatible bucket each verified backup is uploaded to; null: none */
  backupS3: S3BackupConfig | null;
  /** BACKUP_BEFORE_MIGRATION (default on): a database with data is backed up before pending migrations */
  backupBeforeMigration: boolean;
  /** SCHEDULED_BACKUPS (default on): whether this process runs the scheduled backup job */
  scheduledBackups: boolean;
  /** WAL_ARCHIVE (default on): the embedded PostgreSQL archives its WAL and takes base backups; null: off */
  walArchive: WalArchiveSettings | null;
  distDir: string;
  /** a PostgreSQL server run elsewhere; null means the data lives in dataDir (see engine) */
  databaseUrl: string | null;
  /** without databaseUrl: the database in dataDir */
  engine: DbEngine;
  /** the embedded PGlite's shared_buffers, MB */
  pgliteSharedBuffersMb: number;
  /** V8's heap growing factor over the live heap, % (0: V8's own default) */
  heapGrowingPercent: number;
  smtpUrl: string | null;
  /** the site's public address, e.g. https://nuoma.lt (no trailing slash) */
  publicUrl: string | null;
  demo: boolean;
  /** SESSION_TTL_HOURS: a session's absolute lifetime from sign-in, however busy (default 12) */
  sessionTtlHours: number;
  /** SESSION_IDLE_MINUTES: a session unused this long ends (default 30) */
  sessionIdleMinutes: number;
  /**
   * Whose X-Forwarded-For / X-Forwarded-Proto / X-Forwarded-Host to believe: everyone's (TRUST_PROXY=1),
   * nobody's (TRUST_PROXY=0), or, when TRUST_PROXY is not set, a proxy on this machine's loopback
   * address only (nginx in front on the same host works without any setting).
   */
  trustProxy: TrustProxy;
  /** LOG_FORMAT: readable text lines (default) or one JSON object per line */
  logFormat: LogFormat;
  /** ACCESS_LOG: one line per answered request (default on) */
  accessLog: boolean;
  /** METRICS_TOKEN: a bearer token that may read /api/metrics besides an administrator's session */
  metricsToken: string | null;
  /** SHUTDOWN_DELAY_MS: after SIGTERM, how long the server keeps accepting while readiness says 503 */
  shutdownDelayMs: number;
  /** SHUTDOWN_DRAIN_MS: how long requests already received may take to finish before connections are cut */
  shutdownDrainMs: number;
  /** DISK_MIN_FREE_MB: readiness fails when DATA_DIR's disk has less free space */
  diskMinFreeMb: number;
  /** present when the browser should use the Firebase adapter */
  firebase: FirebaseRuntimeConfig | null;
  /** how often the browser checks builds/latest.json; null = the app's default */
  buildCheckIntervalMs: number | null;
  /** public submissions accepted per client and 10 minutes */
  siteRateLimits: SiteRateLimits;
  /** FILE_STORAGE: where uploads and private files are kept (DATA_DIR or an S3-compatible bucket) */
  fileStorage: FileStorageConfig;
}

/** S3-compatible storage (FILE_STORAGE=s3): the same bucket for every server of one site. */
export interface S3StorageConfig {
  kind: "s3";
  /** S3_ENDPOINT: e.g. http://minio:9000; null: AWS S3 itself */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_PREFIX: "" or ending in "/"; public files under <prefix>public/, private under <prefix>private/ */
  prefix: string;
  forcePathStyle: boolean;
}

export type FileStorageConfig = { kind: "local" } | S3StorageConfig;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

type Env = Record<string, string | undefined>;

const FIREBASE_REQUIRED = ["apiKey", "authDomain", "projectId", "storageBucket", "messagingSenderId", "appId"] as const;
const FIREBASE_OPTIONAL = ["measurementId", "databaseURL"] as const;
const FIREBASE_ENV: Record<(typeof FIREBASE_REQUIRED)[number] | (typeof FIREBASE_OPTIONAL)[number], string> = {
  apiKey: "FIREBASE_API_KEY",
  authDomain: "FIREBASE_AUTH_DOMAIN",
  projectId: "FIREBASE_PROJECT_ID",
  storageBucket: "FIREBASE_STORAGE_BUCKET",
  messagingSenderId: "FIREBASE_MESSAGING_SENDER_ID",
  appId: "FIREBASE_APP_ID",
  measurementId: "FIREBASE_MEASUREMENT_ID",
  databaseURL: "FIREBASE_DATABASE_URL",
};

const nonEmpty = (value: string | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

function parseBoolean(name: string, value: string | undefined): boolean {
  const v = nonEmpty(value)?.toLowerCase();
  if (v === null || v === undefined) return false;
  if (["1", "true", "yes", "taip", "on"].includes(v)) return true;
  if (["0", "false", "no", "ne", "off"].includes(v)) return false;
  throw new ConfigError(`${name} turi būti 1 arba 0, o gauta „${value}“`);
}

function parseInteger(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  const v = nonEmpty(value);
  if (v === null) return fallback;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
    throw new ConfigError(`${name} turi būti sveikasis skaičius nuo ${min} iki ${max}, o gauta „${value}“`);
  }
  return Number(v);
}

function parseUrl(name: string, value: string | undefined, protocols: string[]): string | null {
  const v = nonEmpty(value);
  if (v === null) return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new ConfigError(`${name} nėra teisingas adresas: „${v}“`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} turi prasidėti ${protocols.map((p) => `${p}//`).join(" arba ")}`);
  }
  return v;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** Builds and checks a Firebase config from loose input (a JSON file or the environment). */
function firebaseFromObject(source: Record<string, unknown>, origin: string): FirebaseRuntimeConfig {
  const missing = FIREBASE_REQUIRED.filter((key) => typeof source[key] !== "string" || !(source[key] as string).trim());
  if (missing.length > 0) {
    throw new ConfigError(`${origin}: trūksta Firebase nustatymų: ${missing.join(", ")}`);
  }
  const config: FirebaseRuntimeConfig = {
    apiKey: String(source.apiKey).trim(),
    authDomain: String(source.authDomain).trim(),
    projectId: String(source.projectId).trim(),
    storageBucket: String(source.storageBucket).trim(),
    messagingSenderId: String(source.messagingSenderId).trim(),
    appId: String(source.appId).trim(),
    functionsRegion:
      typeof source.functionsRegion === "string" && source.functionsRegion.trim()
        ? source.functionsRegion.trim()
        : "us-central1",
  };
  for (const key of FIREBASE_OPTIONAL) {
    const value = source[key];
    if (typeof value === "string" && value.trim()) config[key] = value.trim();
  }
  if (source.emulators !== undefined && source.emulators !== null) {
    const emulators = asRecord(source.emulators);
    if (!emulators) throw new ConfigError(`${origin}: „emulators“ turi būti JSON objektas`);
    config.emulators = emulators;
  }
  return config;
}

function readRuntimeConfigFile(file: string): {
  firebase: FirebaseRuntimeConfig | null;
  publicUrl: string | null;
  buildCheckIntervalMs: number | null;
} {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ConfigError(`Nepavyko perskaityti RUNTIME_CONFIG failo ${file}: ${(error as Error).message}`);
  }
  const root = asRecord(parsed);
  if (!root) throw new ConfigError(`RUNTIME_CONFIG faile ${file} turi būti JSON objektas`);
  // Either { firebase: {...}, publicUrl?, buildCheckIntervalMs? } or the bare Firebase config object.
  const firebaseSource = asRecord(root.firebase) ?? (typeof root.apiKey === "string" ? root : null);
  const publicUrl =
    typeof root.publicUrl === "string" ? parseUrl("publicUrl", root.publicUrl, ["http:", "https:"]) : null;
  const interval = root.buildCheckIntervalMs;
  if (interval !== undefined && (typeof interval !== "number" || !Number.isInteger(interval) || interval < 1000)) {
    throw new ConfigError(`RUNTIME_CONFIG: buildCheckIntervalMs turi būti sveikasis skaičius ne mažesnis nei 1000`);
  }
  return {
    firebase: firebaseSource ? firebaseFromObject(firebaseSource, `RUNTIME_CONFIG (${file})`) : null,
    publicUrl,
    buildCheckIntervalMs: typeof interval === "number" ? interval : null,
  };
}

function firebaseFromEnv(env: Env): FirebaseRuntimeConfig | null {
  const given = Object.values(FIREBASE_ENV).some((name) => nonEmpty(env[name]) !== null);
  if (!given) return null;
  const source: Record<string, unknown> = {};
  for (const [key, name] of Object.entries(FIREBASE_ENV)) source[key] = nonEmpty(env[name]) ?? undefined;
  source.functionsRegion = nonEmpty(env.FIREBASE_FUNCTIONS_REGION) ?? "us-central1";
  const emulators = nonEmpty(env.FIREBASE_EMULATORS);
  if (emulators !== null) {
    try {
      source.emulators = JSON.parse(emulators);
    } catch {
      throw new ConfigError("FIREBASE_EMULATORS turi būti JSON objektas");
    }
  }
  return firebaseFromObject(source, "FIREBASE_* aplinkos kintamieji");
}

/** Reads the configuration. Throws ConfigError with a Lithuanian message when something is wrong. */
export function loadConfig(env: Env = process.env, argv: string[] = process.argv.slice(2)): Config {
  const fileConfig = nonEmpty(env.RUNTIME_CONFIG)
    ? readRuntimeConfigFile(path.resolve(env.RUNTIME_CONFIG as string))
    : null;
  const firebase = fileConfig?.firebase ?? firebaseFromEnv(env);
  const publicUrl = parseUrl("PUBLIC_URL", env.PUBLIC_URL, ["http:", "https:"]) ?? fileConfig?.publicUrl ?? null;
  const buildInterval = nonEmpty(env.BUILD_CHECK_INTERVAL_MS);
  return {
    port: parseInteger("PORT", env.PORT, 3000, 0, 65535),
    host: nonEmpty(env.HOST) ?? "0.0.0.0",
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? "./data"),
    backupCopyDir: nonEmpty(env.BACKUP_COPY_DIR) ? path.resolve(env.BACKUP_COPY_DIR as string) : null,
    backupS3: s3BackupFromEnv(env),
    // On unless SCHEDULED_BACKUPS=0: this process does no scheduled backups (the tests' servers; a
    // server beside another that does them). The settings' on/off is for everyone.
    backupBeforeMigration:
      nonEmpty(env.BACKUP_BEFORE_MIGRATION) === null ||
      parseBoolean("BACKUP_BEFORE_MIGRATION", env.BACKUP_BEFORE_MIGRATION),
    scheduledBackups:
      nonEmpty(env.SCHEDULED_BACKUPS) === null || parseBoolean("SCHEDULED_BACKUPS", env.SCHEDULED_BACKUPS),
    walArchive: walArchiveFromEnv(env),
    distDir: path.resolve(nonEmpty(env.DIST_DIR) ?? "./dist"),
    databaseUrl: parseUrl("DATABASE_URL", env.DATABASE_URL, ["postgres:", "postgresql:"]),
    engine: parseEngine(env.DATABASE_ENGINE),
    pgliteSharedBuffersMb: parseInteger(
      "PGLITE_SHARED_BUFFERS_MB",
      env.PGLITE_SHARED_BUFFERS_MB,
      PGLITE_SHARED_BUFFERS_MB,
      1,
      16_384,
    ),
    heapGrowingPercent: parseInteger("HEAP_GROWING_PERCENT", env.HEAP_GROWING_PERCENT, HEAP_GROWING_PERCENT, 0, 400),
    smtpUrl: parseUrl("SMTP_URL", env.SMTP_URL, ["smtp:", "smtps:"]),
    publicUrl: publicUrl ? publicUrl.replace(/\/+$/, "") : null,
    demo: argv.includes("--demo") || parseBoolean("DEMO", env.DEMO),
    sessionTtlHours: parseInteger("SESSION_TTL_HOURS", env.SESSION_TTL_HOURS, 12, 1, 24 * 90),
    sessionIdleMinutes: parseInteger("SESSION_IDLE_MINUTES", env.SESSION_IDLE_MINUTES, 30, 1, 24 * 60),
    trustProxy: nonEmpty(env.TRUST_PROXY) === null ? "loopback" : parseBoolean("TRUST_PROXY", env.TRUST_PROXY),
    logFormat: parseLogFormat(env.LOG_FORMAT),
    accessLog: nonEmpty(env.ACCESS_LOG) === null ? true : parseBoolean("ACCESS_LOG", env.ACCESS_LOG),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    shutdownDelayMs: parseInteger("SHUTDOWN_DELAY_MS", env.SHUTDOWN_DELAY_MS, 0, 0, 600_000),
    shutdownDrainMs: parseInteger("SHUTDOWN_DRAIN_MS", env.SHUTDOWN_DRAIN_MS, 10_000, 0, 600_000),
    diskMinFreeMb: parseInteger("DISK_MIN_FREE_MB", env.DISK_MIN_FREE_MB, 256, 0, 10_000_000),
    firebase,
    buildCheckIntervalMs:
      buildInterval !== null
        ? parseInteger("BUILD_CHECK_INTERVAL_MS", buildInterval, 0, 1000, 86_400_000)
        : (fileConfig?.buildCheckIntervalMs ?? null),
    siteRateLimits: siteRateLimitsFromEnv(env),
    fileStorage: parseFileStorage(env),
  };
}

const S3_BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const S3_PREFIX_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** FILE_STORAGE and the S3_* settings: a missing or wrong one stops the start, naming it. */
export function parseFileStorage(env: Env): FileStorageConfig {
  const kind = nonEmpty(env.FILE_STORAGE)?.toLowerCase() ?? "local";
  if (kind === "local" || kind === "disk") return { kind: "local" };
  if (kind !== "s3") {
    throw new ConfigError(`FILE_STORAGE turi būti „local“ arba „s3“, o gauta „${env.FILE_STORAGE}“`);
  }
  const required = (name: string): string => {
    const value = nonEmpty(env[name]);
    if (value === null) throw new ConfigError(`FILE_STORAGE=s3: nenurodytas ${name}`);
    return value;
  };
  const endpoint = parseUrl("S3_ENDPOINT", env.S3_ENDPOINT, ["http:", "https:"]);
  const region = required("S3_REGION");
  if (!/^[a-z0-9-]{2,40}$/.test(region)) {
    throw new ConfigError(`S3_REGION turi būti regiono pavadinimas (pvz., eu-central-1), o gauta „${region}“`);
  }
  const bucket = required("S3_BUCKET");
  if (!S3_BUCKET_PATTERN.test(bucket) || bucket.includes("..")) {
    throw new ConfigError(
      `S3_BUCKET turi būti 3–63 ženklų kibiro pavadinimas (mažosios raidės, skaitmenys, „-“ ir „.“), o gauta „${bucket}“`,
    );
  }
  const accessKeyId = required("S3_ACCESS_KEY_ID");
  const secretAccessKey = required("S3_SECRET_ACCESS_KEY");
  const rawPrefix = nonEmpty(env.S3_PREFIX)?.replace(/\/+$/, "") ?? "";
  if (rawPrefix && (!S3_PREFIX_PATTERN.test(rawPrefix) || rawPrefix.split("/").some((p) => p === "" || p === ".."))) {
    throw new ConfigError(
      `S3_PREFIX gali turėti tik raides, skaitmenis, „.“, „_“, „-“ ir „/“ (ne pradžioje), o gauta „${env.S3_PREFIX}“`,
    );
  }
  return {
    kind: "s3",
    endpoint: endpoint ? endpoint.replace(/\/+$/, "") : null,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    prefix: rawPrefix ? `${rawPrefix}/` : "",
    // A self-hosted S3 (MinIO, Ceph, Garage) is addressed by path unless told otherwise; AWS by host.
    forcePathStyle:
      nonEmpty(env.S3_FORCE_PATH_STYLE) === null
        ? endpoint !== null
        : parseBoolean("S3_FORCE_PATH_STYLE", env.S3_FORCE_PATH_STYLE),
  };
}

/** An S3-compatible bucket for the backups (server/backup/s3.ts). */
export interface S3BackupConfig {
  /** BACKUP_S3_ENDPOINT: another provider's address (MinIO, Hetzner, Cloudflare R2…); null: AWS */
  endpoint: string | null;
  region: string;
  bucket: string;
  /** the keys' prefix, "" or ending in "/" */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const S3_REQUIRED = ["BACKUP_S3_BUCKET", "BACKUP_S3_ACCESS_KEY_ID", "BACKUP_S3_SECRET_ACCESS_KEY"] as const;
const S3_ALL = [
  "BACKUP_S3_ENDPOINT",
  "BACKUP_S3_REGION",
  "BACKUP_S3_PREFIX",
  "BACKUP_S3_FORCE_PATH_STYLE",
  ...S3_REQUIRED,
] as const;

/**
 * BACKUP_S3_*: none set → no bucket; some set → the bucket, its keys and secret are required (a
 * half-set configuration refuses the start, naming what is missing). Region: us-east-1 unless set;
 * path-style addresses (endpoint/bucket/key) by default when an endpoint is given.
 */
export function s3BackupFromEnv(env: Env): S3BackupConfig | null {
  if (!S3_ALL.some((name) => nonEmpty(env[name]) !== null)) return null;
  const missing = S3_REQUIRED.filter((name) => nonEmpty(env[name]) === null);
  if (missing.length > 0) {
    throw new ConfigError(
      `Atsarginių kopijų S3 krepšys nustatytas tik iš dalies: trūksta ${missing.join(", ")}. Nurodykite ${missing.length === 1 ? "jį" : "juos"} arba pašalinkite visus BACKUP_S3_* nustatymus.`,
    );
  }
  const bucket = nonEmpty(env.BACKUP_S3_BUCKET) as string;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      `BACKUP_S3_BUCKET „${bucket}“ netinkamas: 3–63 ženklai, mažosios raidės, skaitmenys, taškai ir brūkšneliai`,
    );
  }
  const endpoint = parseUrl("BACKUP_S3_ENDPOINT", env.BACKUP_S3_ENDPOINT, ["http:", "https:"]);
  const prefix = (nonEmpty(env.BACKUP_S3_PREFIX) ?? "").replace(/^\/+|\/+$/g, "");
  if (prefix.split("/").includes("..")) throw new ConfigError("BACKUP_S3_PREFIX negali turėti „..“");
  return {
    endpoint,
    region: nonEmpty(env.BACKUP_S3_REGION) ?? "us-east-1",
    bucket,
    prefix: prefix ? `${prefix}/` : "",
    accessKeyId: nonEmpty(env.BACKUP_S3_ACCESS_KEY_ID) as string,
    secretAccessKey: nonEmpty(env.BACKUP_S3_SECRET_ACCESS_KEY) as string,
    forcePathStyle:
      nonEmpty(env.BACKUP_S3_FORCE_PATH_STYLE) === null
        ? endpoint !== null
        : parseBoolean("BACKUP_S3_FORCE_PATH_STYLE", env.BACKUP_S3_FORCE_PATH_STYLE),
  };
}

function parseLogFormat(value: string | undefined): LogFormat {
  const v = nonEmpty(value)?.toLowerCase() ?? "text";
  if (v === "text" || v === "json") return v;
  throw new ConfigError(`LOG_FORMAT turi būti „text“ arba „json“, o gauta „${value}“`);
}

function parseMetricsToken(value: string | undefined): string | null {
  const v = nonEmpty(value);
  if (v === null) return null;
  if (v.length < 16) throw new ConfigError("METRICS_TOKEN turi būti bent 16 ženklų ilgio");
  return v;
}

function siteRateLimitsFromEnv(env: Env): SiteRateLimits {
  const limit = (name: string, fallback: number) => ({
    max: parseInteger(name, env[name], fallback, 1, 1_000_000),
    windowSeconds: SITE_RATE_WINDOW_SECONDS,
  });
  return {
    requests: limit("RATE_LIMIT_REQUESTS", DEFAULT_SITE_RATE_LIMITS.requests.max),
    reservations: limit("RATE_LIMIT_RESERVATIONS", DEFAULT_SITE_RATE_LIMITS.reservations.max),
    quotes: limit("RATE_LIMIT_QUOTES", DEFAULT_SITE_RATE_LIMITS.quotes.max),
  };
}

/** A config for tests and tools: defaults with overrides, no environment read. */
export function defaultConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}, []), ...overrides };
}

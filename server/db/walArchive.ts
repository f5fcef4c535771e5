// Point-in-time recovery of the embedded PostgreSQL (server/db/embeddedPostgres.ts):
//   - WAL archiving: each finished WAL segment goes to DATA_DIR/backups/wal (./walCommands.ts),
//     at least every WAL_ARCHIVE_TIMEOUT_S seconds while anything changes;
//   - base backups: a copy of the cluster's folder between pg_backup_start and pg_backup_stop (the
//     low-level API: no pg_basebackup in the embedded package) into DATA_DIR/backups/base/<time>,
//     taken by the job of server/jobs.ts when the newest is BASE_BACKUP_INTERVAL_H old; then the
//     oldest beyond BASE_BACKUP_KEEP are removed with the WAL only they needed;
//   - restoreToTime: the newest base backup before the target, its WAL replayed up to the target
//     (npm run db:restore-to-time). The cluster that was there is renamed aside, never deleted.
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { formatNumber } from "../../src/domain/format";
import { VILNIUS_TZ } from "../../src/domain/time";
import {
  clusterUser,
  EMBEDDED_CLUSTER_DIR,
  embeddedClusterUrl,
  openEmbeddedCluster,
  runningPostmaster,
} from "./embeddedPostgres";
import { baseBackupsDir, restoreCommand, WAL_SEGMENT, walArchiveDir } from "./walCommands";

/** The description written beside each base backup's copy (kopija.json). */
export interface BaseBackupInfo {
  name: string;
  /** the backup's folder; the cluster's copy is in its `data` */
  dir: string;
  startedAt: string;
  /** the earliest time it can be restored to: the WAL up to here is needed to make the copy consistent */
  stoppedAt: string;
  /** the first WAL segment it needs */
  startWal: string;
  bytes: number;
}

const INFO_FILE = "kopija.json";
const COPY_DIR = "data";

/**
 * What a base backup leaves out (PostgreSQL's own list for backups): the WAL (it comes from the
 * archive), the running server's files and temporary or recreated content.
 */
const SKIP_FILES = new Set(["postmaster.pid", "postmaster.opts", "backup_label", "tablespace_map", "backup_label.old"]);
const EMPTY_FOLDERS = new Set([
  "pg_wal",
  "pg_replslot",
  "pg_stat_tmp",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_subtrans",
]);

/** "2026-11-29 10:15:03" in Vilnius time. */
export function vilniusStamp(value: Date | string): string {
  const parts = new Intl.DateTimeFormat("lt-LT", {
    timeZone: VILNIUS_TZ,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(value));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}:${get("second")}`;
}

const megabytes = (bytes: number): string => `${formatNumber(bytes / 1024 / 1024, 1)} MB`;

async function fsyncPath(file: string): Promise<void> {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Copies the folder `from` into `to` (created), skipping what a backup leaves out; returns the bytes copied. */
async function copyCluster(from: string, to: string, top = true): Promise<number> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  let bytes = 0;
  const entries = await readdir(from, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    // A folder removed while we copy (a temporary one) is simply not in the backup.
    if (error.code === "ENOENT") return [];
    throw error;
  });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (top && EMPTY_FOLDERS.has(entry.name)) {
        await mkdir(target, { mode: 0o700 });
        if (entry.name === "pg_wal") await mkdir(path.join(target, "archive_status"), { mode: 0o700 });
        continue;
      }
      if (entry.name === "pgsql_tmp") continue;
      bytes += await copyCluster(source, target, false);
    } else if (entry.isFile()) {
      if (top && SKIP_FILES.has(entry.name)) continue;
      if (entry.name.startsWith("pgsql_tmp")) continue;
      try {
        await copyFile(source, target);
        bytes += (await stat(target)).size;
      } catch (error) {
        // Files PostgreSQL removes during the copy are replayed from the WAL.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
    // Sockets and their lock files (the cluster's own socket folder) are not copied.
  }
  return bytes;
}

/** The base backups in DATA_DIR/backups/base, oldest first (unfinished ones are not listed). */
export async function listBaseBackups(dataDir: string): Promise<BaseBackupInfo[]> {
  const root = baseBackupsDir(dataDir);
  const names = await readdir(root).catch(() => [] as string[]);
  const found: BaseBackupInfo[] = [];
  for (const name of names) {
    if (name.endsWith(".tmp")) continue;
    const text = await readFile(path.join(root, name, INFO_FILE), "utf8").catch(() => null);
    if (!text) continue;
    const info = JSON.parse(text) as Omit<BaseBackupInfo, "dir" | "name">;
    found.push({ ...info, name, dir: path.join(root, name) });
  }
  return found.sort((a, b) => a.stoppedAt.localeCompare(b.stoppedAt));
}

/** Log and segment number of a segment name (its last 16 digits): the order across timelines. */
const segmentPosition = (name: string): string => name.slice(8, 24);

/**
 * Takes a base backup of dataDir's running cluster: pg_backup_start, the folder copied,
 * pg_backup_stop (which waits until the WAL it needs is archived), backup_label written.
 */
export async function takeBaseBackup(dataDir: string, now: () => Date = () => new Date()): Promise<BaseBackupInfo> {
  const clusterDir = path.resolve(dataDir, EMBEDDED_CLUSTER_DIR);
  const root = baseBackupsDir(dataDir);
  await mkdir(root, { recursive: true, mode: 0o700 });
  const startedAt = now();
  const name = startedAt
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  const temporary = path.join(root, `${name}.tmp`);
  const client = new pg.Client({ connectionString: embeddedClusterUrl(dataDir) });
  await client.connect();
  try {
    await rm(temporary, { recursive: true, force: true });
    await client.query("SELECT pg_backup_start($1, true)", [`ratai ${name}`]);
    let bytes: number;
    try {
      bytes = await copyCluster(clusterDir, path.join(temporary, COPY_DIR));
    } catch (error) {
      await client.query("SELECT pg_backup_stop(false)").catch(() => undefined);
      throw error;
    }
    // pg_backup_stop waits until the WAL the copy needs is archived: not forever when archiving fails.
    await client.query("SET statement_timeout = '15min'");
    const stopped = await client.query<{ labelfile: string; spcmapfile: string | null }>(
      "SELECT labelfile, spcmapfile FROM pg_backup_stop(true)",
    );
    const { labelfile, spcmapfile } = stopped.rows[0]!;
    const startWal = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(labelfile)?.[1];
    if (!startWal) throw new Error(`backup_label be pradinio WAL segmento: ${labelfile}`);
    await writeFile(path.join(temporary, COPY_DIR, "backup_label"), labelfile);
    if (spcmapfile) await writeFile(path.join(temporary, COPY_DIR, "tablespace_map"), spcmapfile);
    const info: Omit<BaseBackupInfo, "dir" | "name"> = {
      startedAt: startedAt.toISOString(),
      stoppedAt: now().toISOString(),
      startWal,
      bytes,
    };
    await writeFile(path.join(temporary, INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
    await fsyncPath(path.join(temporary, INFO_FILE));
    await rename(temporary, path.join(root, name));
    await fsyncPath(root);
    return { ...info, name, dir: path.join(root, name) };
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Keeps the newest `keep` base backups and the archived WAL they need (from the oldest kept one's
 * first segment on; timeline history files always). Returns what was removed.
 */
export async function pruneBaseBackups(
  dataDir: string,
  keep: number,
): Promise<{ backups: string[]; walFiles: number }> {
  const all = await listBaseBackups(dataDir);
  const removed = all.slice(0, Math.max(0, all.length - keep));
  for (const backup of removed) await rm(backup.dir, { recursive: true, force: true });
  const oldest = all[removed.length];
  if (!oldest) return { backups: removed.map((b) => b.name), walFiles: 0 };
  const from = segmentPosition(oldest.startWal);
  const archive = walArchiveDir(dataDir);
  let walFiles = 0;
  for (const file of await readdir(archive).catch(() => [] as string[])) {
    // <segment>.gz and <segment>.<offset>.backup.gz; *.history.gz and *.partial.gz of a timeline switch are kept.
    const segment = file.slice(0, 24);
    if (!WAL_SEGMENT.test(segment) || file.includes(".history") || file.includes(".partial")) continue;
    if (!file.endsWith(".gz") || segmentPosition(segment) >= from) continue;
    await rm(path.join(archive, file), { force: true });
    walFiles += 1;
  }
  return { backups: removed.map((b) => b.name), walFiles };
}

export interface BaseBackupJobResult {
  taken: BaseBackupInfo;
  removedBackups: string[];
  removedWal: number;
}

/** The job: a base backup when the newest is `intervalHours` old (or there is none), then the pruning. */
export async function runBaseBackupJob(
  dataDir: string,
  settings: { baseBackupHours: number; baseBackupKeep: number },
  log: { info(message: string): void },
  now: () => Date = () => new Date(),
): Promise<BaseBackupJobResult | null> {
  const newest = (await listBaseBackups(dataDir)).at(-1);
  if (newest && now().getTime() - Date.parse(newest.stoppedAt) < settings.baseBackupHours * 3_600_000) return null;
  const started = performance.now();
  const taken = await takeBaseBackup(dataDir, now);
  log.info(
    `Bazinė PostgreSQL kopija įrašyta: ${taken.dir} (${megabytes(taken.bytes)}, ${formatNumber((performance.now() - started) / 1000, 1)} s); atkurti galima nuo ${vilniusStamp(taken.stoppedAt)}`,
  );
  const pruned = await pruneBaseBackups(dataDir, settings.baseBackupKeep);
  if (pruned.backups.length > 0 || pruned.walFiles > 0) {
    log.info(
      `Pašalintos senos bazinės kopijos: ${pruned.backups.join(", ") || "nėra"}; WAL segmentų, kurių jos vienos reikėjo: ${pruned.walFiles}`,
    );
  }
  return { taken, removedBackups: pruned.backups, removedWal: pruned.walFiles };
}

// ---------- restore to a point in time ----------

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefused";
  }
}

export interface RestoreResult {
  target: Date;
  base: BaseBackupInfo;
  /** where the cluster that was there is now (null: there was none) */
  keptAside: string | null;
  /** the last transaction replayed (Vilnius time), as PostgreSQL reported it */
  lastReplayed: string | null;
  /** the first transaction left out (after the target), Vilnius time */
  firstSkipped: string | null;
  /** true when no change came after the target: the WAL was replayed to its end */
  toEnd: boolean;
  ms: number;
}

/** PostgreSQL ends recovery with this (FATAL) when the WAL ends before a commit after the target. */
const TARGET_NOT_REACHED = "recovery ended before configured recovery target was reached";

/** A timestamp in PostgreSQL's text form: "2026-11-29 08:15:03.123456+02". */
function pgTime(text: string): Date {
  const match = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(\.\d+)?([+-]\d\d)(?::?(\d\d))?/.exec(text.trim());
  if (!match) return new Date(Number.NaN);
  const [, day, time, fraction = "", hours, minutes = "00"] = match;
  return new Date(`${day}T${time}${fraction.slice(0, 4)}${hours}:${minutes}`);
}

/** The newest time any WAL file we have was written: the archive's and the old cluster's pg_wal. */
async function newestWalTime(dataDir: string, oldCluster: string | null): Promise<number> {
  let newest = 0;
  const consider = async (dir: string, match: (name: string) => boolean) => {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (!match(name)) continue;
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (info?.isFile()) newest = Math.max(newest, info.mtimeMs);
    }
  };
  await consider(walArchiveDir(dataDir), (name) => /^[0-9A-F]{24}(\.partial)?\.gz$/.test(name));
  if (oldCluster) await consider(path.join(oldCluster, "pg_wal"), (name) => WAL_SEGMENT.test(name));
  return newest;
}

/** Where the old cluster goes: DATA_DIR/postgres-pries-atkurima-<time>. */
const asideName = (now: Date): string =>
  `${EMBEDDED_CLUSTER_DIR}-pries-atkurima-${now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}`;

async function chownTree(dir: string, owner: { uid: number; gid: number }): Promise<void> {
  const { chown } = await import("node:fs/promises");
  await chown(dir, owner.uid, owner.gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, owner);
    else await chown(full, owner.uid, owner.gid);
  }
}

/**
 * The segments of a stopped cluster's pg_wal that are not in the archive, up to the one it wrote
 * last (the newest): the later names are recycled files with old content, not WAL of this cluster.
 */
async function unarchivedSegments(walDir: string, archiveDir: string): Promise<string[]> {
  const names = (await readdir(walDir).catch(() => [] as string[])).filter((name) => WAL_SEGMENT.test(name));
  let current: { name: string; mtime: number } | null = null;
  for (const name of names) {
    const info = await stat(path.join(walDir, name)).catch(() => null);
    if (info && (!current || info.mtimeMs > current.mtime)) current = { name, mtime: info.mtimeMs };
  }
  if (!current) return [];
  const archived = new Set(await readdir(archiveDir).catch(() => [] as string[]));
  const last = current.name;
  return names.filter((name) => name <= last && !archived.has(`${name}.gz`));
}

/** Copies the base backup's cluster to `clusterDir`, with the old cluster's unarchived WAL. */
async function placeBaseBackup(
  base: BaseBackupInfo,
  clusterDir: string,
  oldCluster: string | null,
  archiveDir: string,
): Promise<void> {
  await rm(clusterDir, { recursive: true, force: true });
  await copyCluster(path.join(base.dir, COPY_DIR), clusterDir);
  // backup_label is one of the files a copy of a running cluster leaves out; here it is the point.
  await copyFile(path.join(base.dir, COPY_DIR, "backup_label"), path.join(clusterDir, "backup_label"));
  const spcmap = path.join(base.dir, COPY_DIR, "tablespace_map");
  if (await stat(spcmap).catch(() => null)) await copyFile(spcmap, path.join(clusterDir, "tablespace_map"));
  // The last segments the old cluster wrote but had not archived yet (PostgreSQL's advice).
  if (oldCluster) {
    for (const name of await unarchivedSegments(path.join(oldCluster, "pg_wal"), archiveDir)) {
      await copyFile(path.join(oldCluster, "pg_wal", name), path.join(clusterDir, "pg_wal", name));
    }
  }
  await writeFile(path.join(clusterDir, "recovery.signal"), "");
  const owner = await clusterUser();
  if (owner) await chownTree(clusterDir, owner);
}

/**
 * Restores dataDir's cluster to `target`: refuses (RestoreRefused, nothing changed) while the
 * cluster runs, before the oldest base backup's end or after the newest WAL; otherwise renames the
 * cluster aside, copies the newest base backup before the target, replays the archived WAL up to
 * the target, promotes and stops the server again.
 */
export async function restoreToTime(
  dataDir: string,
  target: Date,
  report: (line: string) => void = () => {},
): Promise<RestoreResult> {
  const started = performance.now();
  const clusterDir = path.resolve(dataDir, EMBEDDED_CLUSTER_DIR);
  if ((await runningPostmaster(clusterDir)) !== null) {
    throw new RestoreRefused(
      `PostgreSQL serveris aplanke ${clusterDir} veikia. Sustabdykite serverį ir paleiskite atkūrimą dar kartą. Niekas nepakeista.`,
    );
  }
  const backups = await listBaseBackups(dataDir);
  if (backups.length === 0) {
    throw new RestoreRefused(`Bazinių kopijų aplanke ${baseBackupsDir(dataDir)} nėra. Niekas nepakeista.`);
  }
  const base = backups.filter((backup) => Date.parse(backup.stoppedAt) <= target.getTime()).at(-1);
  if (!base) {
    throw new RestoreRefused(
      `Laikas ${vilniusStamp(target)} ankstesnis nei seniausia bazinė kopija: atkurti galima nuo ${vilniusStamp(backups[0]!.stoppedAt)}. Niekas nepakeista.`,
    );
  }
  const hadCluster = (await stat(path.join(clusterDir, "PG_VERSION")).catch(() => null)) !== null;
  const newest = await newestWalTime(dataDir, hadCluster ? clusterDir : null);
  if (target.getTime() > newest) {
    throw new RestoreRefused(
      `Laikas ${vilniusStamp(target)} vėlesnis nei naujausias archyvuotas WAL (${newest > 0 ? vilniusStamp(new Date(newest)) : "archyvas tuščias"}). Niekas nepakeista.`,
    );
  }

  let keptAside: string | null = null;
  if (hadCluster || (await stat(clusterDir).catch(() => null))) {
    keptAside = path.join(path.dirname(clusterDir), asideName(new Date()));
    await rename(clusterDir, keptAside);
    report(`Dabartinis klasteris perkeltas į ${keptAside} (neištrintas)`);
  }
  report(`Bazinė kopija: ${base.name} (atkurti galima nuo ${vilniusStamp(base.stoppedAt)})`);

  /** One recovery from the base backup; null when the WAL ended before the target (no change came after it). */
  const recover = async (toTarget: boolean): Promise<string | null> => {
    await placeBaseBackup(base, clusterDir, keptAside, walArchiveDir(dataDir));
    const settings: Record<string, string> = {
      restore_command: restoreCommand(walArchiveDir(dataDir)),
      recovery_target_timeline: "latest",
      hot_standby: "on",
    };
    if (toTarget) {
      settings.recovery_target_time = target.toISOString().replace("T", " ").replace("Z", "+00");
      settings.recovery_target_action = "promote";
    }
    let cluster: Awaited<ReturnType<typeof openEmbeddedCluster>>;
    try {
      cluster = await openEmbeddedCluster(dataDir, { settings });
    } catch (error) {
      if (error instanceof Error && error.message.includes(TARGET_NOT_REACHED)) return null;
      throw error;
    }
    try {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      try {
        // Connections are accepted once the copy is consistent; recovery ends with the promotion.
        for (;;) {
          const { rows } = await client.query<{ recovering: boolean }>("SELECT pg_is_in_recovery() AS recovering");
          if (!rows[0]!.recovering) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        await client.query("CHECKPOINT");
      } finally {
        await client.end().catch(() => undefined);
      }
      return cluster.output();
    } catch (error) {
      await cluster.stop();
      if (cluster.output().includes(TARGET_NOT_REACHED)) return null;
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}: ${cluster.output().trim().slice(-2000)}`,
      );
    } finally {
      await cluster.stop();
    }
  };

  let output = await recover(true);
  const toEnd = output === null;
  if (output === null) {
    report("Po nurodyto laiko pakeitimų nebuvo: WAL pritaikomas iki galo");
    output = await recover(false);
    if (output === null) throw new Error("PostgreSQL nepavyko pritaikyti WAL iki galo");
  }
  const last = /last completed transaction was at log time ([^\n]+)/.exec(output)?.[1];
  const firstSkipped = /recovery stopping before (?:commit|abort) of transaction \d+, time ([^\n]+)/.exec(output)?.[1];
  return {
    target,
    base,
    keptAside,
    lastReplayed: last ? vilniusStamp(pgTime(last)) : null,
    firstSkipped: firstSkipped ? vilniusStamp(pgTime(firstSkipped)) : null,
    toEnd,
    ms: performance.now() - started,
  };
}

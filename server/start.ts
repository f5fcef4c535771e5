// The server's start-up as one function: configuration in, a running HTTP server out (database
// opened and migrated, demo data or base settings, change feed, mail sender, background jobs,
// HTTP listening), and a stop() that undoes it all in order. server/main.ts runs it as the process
// (signals, exit codes); the integration tests run it inside their own worker
// (tests/helpers/server.ts), several times per process, so nothing here touches the process itself.
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createAdaptorServer } from "@hono/node-server";
import { formatNumber } from "../src/domain/format";
import { paymentsFrom } from "../src/payments/gateway";
import { createApp } from "./app";
import { backupBeforeMigration } from "./backup/beforeMigration";
import type { Config } from "./config";
import { coreFor } from "./core";
import { openDb } from "./db/index";
import { migrate } from "./db/migrate";
import type { Db } from "./db/types";
import type { MailerHandle } from "./http/context";
import { log } from "./log";
import { paymentConfigFromEnv } from "./payments/config";
import { ensureBaseSettings, seedDemoIfEmpty } from "./seed/seed";
import { type ChangeFeed, closeStreams, connectChangeFeed } from "./services/events";
import { type JobRunner, startJobs } from "./services/jobRunner";
import { startMailer } from "./services/mail";
import { privateFilesFor } from "./services/privateFiles";

/** In-flight requests get this long to finish before connections are cut. */
const DRAIN_MS = 3000;

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
  /** Closes HTTP (in-flight requests get DRAIN_MS), stops jobs, mail and the change feed, closes the database. */
  stop(): Promise<void>;
}

async function prepareData(db: Db, config: Config): Promise<void> {
  // A migration takes a backup first (a database with data only; BACKUP_BEFORE_MIGRATION=0 skips it).
  if (config.backupBeforeMigration) {
    await backupBeforeMigration(db, { dataDir: config.dataDir, copyDir: config.backupCopyDir }, log);
  } else {
    log.warn("BACKUP_BEFORE_MIGRATION=0: atsarginė kopija prieš migracijas nedaroma");
  }
  const applied = await migrate(db);
  if (applied.length === 0) log.info("Duomenų bazės schema atnaujinta, naujų migracijų nėra");
  if (config.demo) {
    const seeded = await seedDemoIfEmpty(db, { dataDir: config.dataDir });
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
  let stopped: Promise<void> | null = null;

  const shutdown = async (): Promise<void> => {
    if (server) {
      const open = server;
      closeStreams();
      const closing = new Promise<void>((resolve) => open.close(() => resolve()));
      open.closeIdleConnections();
      // Connections become idle as their last response ends (the live streams end just after
      // closeStreams()): close each one then, not only at the drain deadline.
      const sweep = setInterval(() => open.closeIdleConnections(), 50);
      // Anything still busy after DRAIN_MS is cut.
      const drain = setTimeout(() => open.closeAllConnections(), DRAIN_MS);
      await closing;
      clearInterval(sweep);
      clearTimeout(drain);
    }
    if (jobs) await jobs.stop().catch((error: unknown) => log.error("Nepavyko sustabdyti foninių darbų", error));
    if (mailer) await mailer.stop().catch((error: unknown) => log.error("Nepavyko sustabdyti laiškų siuntimo", error));
    // After the HTTP server: changes its last requests published still go out to the other instances.
    if (feed) await feed.close().catch((error: unknown) => log.error("Nepavyko uždaryti pakeitimų kanalo", error));
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
    const core = coreFor(db, { siteUrl: config.publicUrl ?? `http://localhost:${config.port}` });
    await prepareData(db, config);
    // Before HTTP: a tab that connects to this instance already hears the others' changes.
    feed = await connectChangeFeed(db);
    if (feed) log.info("Gyvi pakeitimai perduodami tarp serverių per PostgreSQL LISTEN/NOTIFY");
    mailer = startMailer(db, { smtpUrl: config.smtpUrl, privateFiles: privateFilesFor(config) });
    // Background jobs (server/jobs.ts); JOB_INTERVAL_MS (milliseconds) only for tests.
    jobs = startJobs(core, env);
    const app = createApp({ db, config, payments, mailer });
    const http = createAdaptorServer({ fetch: app.fetch }) as Server;
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
    if (config.firebase) log.info(`Naršyklė naudos Firebase (projektas ${config.firebase.projectId})`);
    if (!existsSync(path.join(config.distDir, "index.html"))) {
      log.warn(`Programos failų nėra (${config.distDir}). Sukurkite juos komanda „npm run build“.`);
    }
    log.info(`Paruošta per ${formatNumber((Date.now() - started) / 1000, 1)} s`);
    return { config, db, server: http, port: address.port, stop };
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

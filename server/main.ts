// Starts the server: configuration, database, migrations, demo data or base settings, the mail
// sender and HTTP. Stops cleanly on SIGINT/SIGTERM so PGlite writes everything to disk.
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { createAdaptorServer } from "@hono/node-server";
import { formatNumber } from "../src/domain/format";
import { createApp } from "./app";
import { type Config, ConfigError, loadConfig } from "./config";
import { coreFor } from "./core";
import { openDb } from "./db/index";
import { migrate } from "./db/migrate";
import type { Db } from "./db/types";
import type { MailerHandle } from "./http/context";
import { log } from "./log";
import { ensureBaseSettings, seedDemoIfEmpty } from "./seed/seed";
import { type ChangeFeed, closeStreams, connectChangeFeed } from "./services/events";
import { type JobRunner, startJobs } from "./services/jobRunner";
import { startMailer } from "./services/mail";
import { privateFilesFor } from "./services/privateFiles";

/** In-flight requests get this long to finish before connections are cut. */
const DRAIN_MS = 3000;
/** After this the process exits even if something hangs. */
const FORCE_EXIT_MS = 15_000;

async function prepareData(db: Db, config: Config): Promise<void> {
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

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    log.error(
      error instanceof ConfigError ? `Netinkami nustatymai: ${error.message}` : "Nepavyko nuskaityti nustatymų",
      error,
    );
    process.exit(1);
  }

  // Before the database and the caches fill the heap (server/config.ts, HEAP_GROWING_PERCENT).
  if (config.heapGrowingPercent > 0) setFlagsFromString(`--heap-growing-percent=${config.heapGrowingPercent}`);
  log.info(`Paleidžiamas serveris${config.demo ? " (demonstracinis režimas)" : ""}`);
  const started = Date.now();
  let db: Db;
  try {
    db = await openDb(config);
  } catch (error) {
    log.error(
      config.databaseUrl
        ? "Nepavyko prisijungti prie PostgreSQL (patikrinkite DATABASE_URL)"
        : `Nepavyko atverti PGlite duomenų bazės aplanke ${path.join(config.dataDir, "pglite")}`,
      error,
    );
    process.exit(1);
  }
  log.info(
    db.kind === "postgres"
      ? "Duomenų bazė: PostgreSQL (DATABASE_URL)"
      : `Duomenų bazė: PGlite aplanke ${path.join(config.dataDir, "pglite")}`,
  );

  let mailer: MailerHandle | null = null;
  let jobs: JobRunner | null = null;
  let feed: ChangeFeed | null = null;
  let server: Server | null = null;
  let stopping = false;

  const stop = async (reason: string, code: number): Promise<never> => {
    if (stopping) return new Promise<never>(() => undefined);
    stopping = true;
    log.info(`${reason}: serveris stabdomas`);
    setTimeout(() => {
      log.error(`Serveris nesustojo per ${FORCE_EXIT_MS / 1000} s, išeinama priverstinai`);
      process.exit(1);
    }, FORCE_EXIT_MS).unref();
    if (server) {
      closeStreams();
      const closing = new Promise<void>((resolve) => server?.close(() => resolve()));
      server.closeIdleConnections();
      // Connections become idle as their last response ends (the live streams end just after
      // closeStreams()): close each one then, not only at the drain deadline.
      const sweep = setInterval(() => server?.closeIdleConnections(), 50);
      // Anything still busy after DRAIN_MS is cut.
      const drain = setTimeout(() => server?.closeAllConnections(), DRAIN_MS);
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
    process.exit(code);
  };

  process.on("SIGINT", () => void stop("Gautas SIGINT", 0));
  process.on("SIGTERM", () => void stop("Gautas SIGTERM", 0));
  process.on("unhandledRejection", (reason) => log.error("Neapdorotas pažado atmetimas", reason));

  try {
    await prepareData(db, config);
    // Before HTTP: a tab that connects to this instance already hears the others' changes.
    feed = await connectChangeFeed(db);
    if (feed) log.info("Gyvi pakeitimai perduodami tarp serverių per PostgreSQL LISTEN/NOTIFY");
    mailer = startMailer(db, { smtpUrl: config.smtpUrl, privateFiles: privateFilesFor(config) });
    // Background jobs (server/jobs.ts); JOB_INTERVAL_MS (milliseconds) only for tests.
    jobs = startJobs(coreFor(db));
    const app = createApp({ db, config, mailer });
    server = createAdaptorServer({ fetch: app.fetch }) as Server;
    // Idle keep-alive connections stay open longer than those of the proxies in front (nginx, load
    // balancers: 60 s), so a client never sends on a connection this server is just closing
    // (that race answers ECONNRESET; Node's own default is 5 s).
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    const address = await listen(server, config);
    const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
    log.info(`Serveris veikia: http://${shownHost}:${address.port}`);
    if (config.publicUrl) log.info(`Viešas adresas: ${config.publicUrl}`);
    if (config.firebase) log.info(`Naršyklė naudos Firebase (projektas ${config.firebase.projectId})`);
    if (!existsSync(path.join(config.distDir, "index.html"))) {
      log.warn(`Programos failų nėra (${config.distDir}). Sukurkite juos komanda „npm run build“.`);
    }
    log.info(`Paruošta per ${formatNumber((Date.now() - started) / 1000, 1)} s`);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "EADDRINUSE") log.error(`Prievadas ${config.port} jau užimtas. Nurodykite kitą: PORT=3001`);
    else if (code === "EACCES") log.error(`Neleidžiama klausytis prievado ${config.port}`);
    else log.error("Serverio nepavyko paleisti", error);
    server = null;
    await stop("Paleidimo klaida", 1);
  }
}

void main();

// Starts the server process: configuration, then server/start.ts (database, migrations, demo data
// or base settings, the mail sender, jobs and HTTP). Stops cleanly on SIGINT/SIGTERM so PGlite
// writes everything to disk.
import { setFlagsFromString } from "node:v8";
import { type Config, ConfigError, loadConfig } from "./config";
import { log, setLogFormat } from "./log";
import { type RunningApp, startServer } from "./start";

/** After the drain limit (and the delay before it), this long more and the process exits even if something hangs. */
const FORCE_EXIT_MARGIN_MS = 15_000;

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

  setLogFormat(config.logFormat);

  // Before the database and the caches fill the heap (server/config.ts, HEAP_GROWING_PERCENT).
  if (config.heapGrowingPercent > 0) setFlagsFromString(`--heap-growing-percent=${config.heapGrowingPercent}`);

  let running: RunningApp | null = null;
  let stopping = false;
  // A signal during start-up waits for it to finish, then stops what started.
  let starting: Promise<RunningApp | null> | null = null;

  const stop = async (reason: string, code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info(`${reason}: serveris stabdomas`);
    const forceMs = config.shutdownDelayMs + config.shutdownDrainMs + FORCE_EXIT_MARGIN_MS;
    setTimeout(() => {
      log.error(`Serveris nesustojo per ${Math.round(forceMs / 1000)} s, išeinama priverstinai`);
      process.exit(1);
    }, forceMs).unref();
    const app = running ?? (await starting);
    if (app) await app.stop();
    process.exit(code);
  };

  process.on("SIGINT", () => void stop("Gautas SIGINT", 0));
  process.on("SIGTERM", () => void stop("Gautas SIGTERM", 0));
  process.on("unhandledRejection", (reason) => log.error("Neapdorotas pažado atmetimas", reason));

  // A failed start is logged by startServer, which closed what it had opened.
  starting = startServer(config).catch(() => process.exit(1));
  running = await starting;
}

void main();

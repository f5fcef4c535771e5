// Starts the server for a test on a free port with its own PGlite data folder (or a given
// PostgreSQL). Two ways, one interface:
// - in process (the integration project, tests/helpers/integrationSetup.ts): server/start.ts runs
//   inside the test worker and listens on a real port, so tests fetch(url) exactly as before,
//   without a child process (tsx start-up) per server;
// - a REAL process (node --import tsx server/main.ts, scripts/lib/serverProcess.ts) where the process
//   itself is the point: { process: true }, the compiled server, a shared PostgreSQL, and every
//   server outside the integration project (e2e).
// With { demo: true } and a fresh PGlite folder, the server starts from a copy of the demo data the
// project seeded once (tests/helpers/demoTemplate.ts) instead of seeding it again; an in-process
// server without the demo starts from a migrated empty database (tests/helpers/pgliteTemplate.ts).
import { inject } from "vitest";
import { freePort, launchServer, ROOT, removeDir, type ServerProcess, tempDir } from "../../scripts/lib/serverProcess";
import { copyDemoTemplate, DEMO_TEMPLATE_KEY, isEmptyDataDir } from "./demoTemplate";
import { copyMigratedTemplate } from "./pgliteTemplate";

export { freePort, tempDir };
export const REPO_ROOT = ROOT;

export interface StartOptions {
  /** load the demo seed (server/main.ts --demo) */
  demo?: boolean;
  /** run the compiled server that `npm start` runs (build/server/main.mjs, made by npm run build) */
  compiled?: boolean;
  /** a real child process even in the integration project (start-up, signals, restarts of the process) */
  process?: boolean;
  /** reuse a data folder (durability); default: a fresh temp folder */
  dataDir?: string;
  /** a real PostgreSQL (DATABASE_URL); default: none, the server's own PGlite in dataDir */
  databaseUrl?: string;
  env?: Record<string, string>;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** true when the server runs inside the test worker (no child process) */
  inProcess: boolean;
  /** everything the server printed (logged) so far */
  output(): string;
  /** stop (SIGTERM and wait, or a clean in-process stop); a data folder the helper made is removed (KEEP_TEST_DATA=1 keeps it) */
  stop(): Promise<void>;
  /** stop, then start again on the same data folder and port */
  restart(): Promise<void>;
  /** a real process ({ process: true }) only: sends a signal and resolves with how the process exited */
  signal(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Removes a temp folder the tests made, unless KEEP_TEST_DATA=1 asks to keep it for a post-mortem. */
export function removeTempDir(dir: string): void {
  if (process.env.KEEP_TEST_DATA === "1") return;
  removeDir(dir);
}

function provided<T>(key: string): T | undefined {
  try {
    return inject(key as never) as T | undefined;
  } catch {
    return undefined;
  }
}

/** The environment a server gets: the developer's own database, mail, demo and Firebase settings removed, then ours. */
function serverEnv(port: number, dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATABASE_ENGINE;
  delete env.SMTP_URL;
  delete env.DEMO;
  for (const key of Object.keys(env)) if (key.startsWith("FIREBASE_")) delete env[key];
  // Scheduled backups (on by default) only where a test asks for them: SCHEDULED_BACKUPS: "1".
  Object.assign(env, { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SCHEDULED_BACKUPS: "0", ...extra });
  return env;
}

/**
 * Makes process.env equal to env until the returned function puts it back: what the server reads
 * from process.env itself (backup targets) sees the environment its process would have.
 */
function applyEnv(env: NodeJS.ProcessEnv): () => void {
  const saved = { ...process.env };
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);
  return () => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  };
}

/** server/start.ts inside this worker; its log goes to output() instead of the console. */
async function launchInProcess(options: {
  port: number;
  dataDir: string;
  demo?: boolean;
  env: Record<string, string>;
}): Promise<ServerProcess> {
  const [{ loadConfig }, { startServer: startApp }, { withLogSink }] = await Promise.all([
    import("../../server/config"),
    import("../../server/start"),
    import("../../server/log"),
  ]);
  const url = `http://127.0.0.1:${options.port}`;
  const env = serverEnv(options.port, options.dataDir, options.env);
  let log = "";
  const sink = (line: string): void => {
    log += `${line}\n`;
  };
  const started = performance.now();
  const restoreEnv = applyEnv(env);
  let app: Awaited<ReturnType<typeof startApp>>;
  try {
    const config = loadConfig(env, options.demo ? ["--demo"] : []);
    app = await withLogSink(sink, () => startApp(config, { env }));
  } catch (error) {
    restoreEnv();
    throw new Error(
      `Nepavyko paleisti serverio (${url}, DATA_DIR=${options.dataDir}): ${(error as Error).message}\nServerio išvestis:\n${log}`,
      { cause: error },
    );
  }
  let stopped: Promise<void> | null = null;
  return {
    url,
    startMs: performance.now() - started,
    output: () => log,
    stop: () => {
      stopped ??= withLogSink(sink, () => app.stop()).finally(restoreEnv);
      return stopped;
    },
  };
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? tempDir("data");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const inProcess =
    !options.process && !options.compiled && !options.databaseUrl && provided<boolean>("ratai.inProcess") === true;
  // The demo data seeded once per run (integration and e2e globalSetup): copied into a fresh PGlite
  // folder. The compiled server seeds its own: that it can is what its test checks.
  const template = provided<string>(DEMO_TEMPLATE_KEY);
  if (options.demo && !options.compiled && !options.databaseUrl && template && isEmptyDataDir(dataDir)) {
    copyDemoTemplate(template, dataDir);
  } else if (!options.demo && inProcess && isEmptyDataDir(dataDir)) {
    // An empty server inside the worker starts from the migrated empty database (initdb and the
    // migrations done once per run); a real process keeps doing its own first start.
    copyMigratedTemplate(dataDir);
  }
  // The output of the servers before a restart, then the running one's.
  let earlier = "";
  let current: ServerProcess | null = null;

  const env = {
    PUBLIC_URL: url,
    // The tests' servers keep PGlite in their data folder; the compiled server runs as `npm start`
    // does, on its default (the embedded PostgreSQL).
    ...(options.compiled ? {} : { DATABASE_ENGINE: "pglite" }),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const launch = async (): Promise<void> => {
    current = inProcess
      ? await launchInProcess({ port, dataDir, demo: options.demo, env })
      : await launchServer({ port, dataDir, demo: options.demo, compiled: options.compiled, env });
  };
  const stopCurrent = async (): Promise<void> => {
    const running = current;
    current = null;
    if (!running) return;
    await running.stop();
    earlier += running.output();
  };

  try {
    await launch();
  } catch (error) {
    if (ownDataDir) removeTempDir(dataDir);
    throw error;
  }
  return {
    url,
    port,
    dataDir,
    inProcess,
    output: () => earlier + (current?.output() ?? ""),
    stop: async () => {
      await stopCurrent();
      if (ownDataDir) removeTempDir(dataDir);
    },
    restart: async () => {
      await stopCurrent();
      await launch();
    },
    signal: async (signal) => {
      const running = current as ServerProcess | null;
      if (!running?.kill || !running.exited)
        throw new Error("Signalą galima siųsti tik tikram procesui ({ process: true })");
      running.kill(signal);
      return running.exited;
    },
  };
}

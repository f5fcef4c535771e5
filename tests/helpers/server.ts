// Starts the REAL server (node --import tsx server/main.ts) on a free port with its
// own PGlite data folder (or a given PostgreSQL), so integration and e2e tests drive the thing users run.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const REPO_ROOT = resolve(import.meta.dirname, "../..");
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 20_000;

export interface StartOptions {
  /** load the demo seed (server/main.ts --demo) */
  demo?: boolean;
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
  /** everything the process printed so far */
  output(): string;
  /** SIGTERM and wait; a data folder the helper made is removed (KEEP_TEST_DATA=1 keeps it) */
  stop(): Promise<void>;
  /** stop, then start again on the same data folder and port */
  restart(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  server.close();
  await once(server, "close");
  if (!port) throw new Error("Nepavyko rasti laisvo prievado");
  return port;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `ratai-${prefix}-`));
}

/** Removes a temp folder the tests made, unless KEEP_TEST_DATA=1 asks to keep it for a post-mortem. */
export function removeTempDir(dir: string): void {
  if (process.env.KEEP_TEST_DATA === "1") return;
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? tempDir("data");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  let child: ChildProcess | null = null;

  const launch = async (): Promise<void> => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    // Never let the developer's own database or SMTP leak into a test run.
    delete env.DATABASE_URL;
    delete env.SMTP_URL;
    delete env.DEMO;
    for (const key of Object.keys(env)) if (key.startsWith("FIREBASE_")) delete env[key];
    Object.assign(env, {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    });
    const args = ["--import", "tsx", "server/main.ts", ...(options.demo ? ["--demo"] : [])];
    const proc = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    child = proc;
    proc.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      log += chunk;
    });
    proc.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      log += chunk;
    });
    let exited = false;
    proc.once("exit", (code, signal) => {
      exited = true;
      log += `\n[procesas baigėsi: kodas ${code}, signalas ${signal}]\n`;
    });

    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (exited) break;
      try {
        const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(150);
    }
    await stopChild();
    const why = exited
      ? "serverio procesas baigėsi nepasileidęs"
      : `serveris neatsakė į GET /api/health per ${START_TIMEOUT_MS / 1000} s`;
    throw new Error(`Nepavyko paleisti serverio: ${why} (${url}, DATA_DIR=${dataDir}).\nServerio išvestis:\n${log}`);
  };

  const stopChild = async (): Promise<void> => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = once(proc, "exit");
    proc.kill("SIGTERM");
    const timer = setTimeout(() => {
      log += "\n[serveris nesustojo po SIGTERM; siunčiamas SIGKILL]\n";
      proc.kill("SIGKILL");
    }, STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
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
    output: () => log,
    stop: async () => {
      await stopChild();
      if (ownDataDir) removeTempDir(dataDir);
    },
    restart: async () => {
      await stopChild();
      await launch();
    },
  };
}

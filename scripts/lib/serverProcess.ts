// Starts the real server (node --import tsx server/main.ts, or the compiled build/server/main.mjs
// that `npm start` runs) as a child process and waits for GET /api/health. One implementation for the bench scripts, the prerender step and the test
// helper (tests/helpers/server.ts), so they all run the server the same way users do.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "../../server/paths";

export const ROOT = PROJECT_ROOT;
const STOP_TIMEOUT_MS = 20_000;
/** The compiled server, relative to ROOT (scripts/build-server.ts writes it). */
export const COMPILED_SERVER = "build/server/main.mjs";
/**
 * Node's flags for the compiled server, as `npm start` and `npm run serve` give them (package.json):
 * a young generation of 8 MB semi-spaces instead of 16 MB. The server's short-lived garbage
 * (requests, pages of a scan) is collected a little more often, and the process stays ~30 MB
 * smaller. Heap flags must be given at start; the heap's growth is set in server/main.ts.
 */
export const COMPILED_SERVER_FLAGS = ["--max-semi-space-size=8"];

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

/** A fresh temporary folder named ratai-<prefix>-… */
export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `ratai-${prefix}-`));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

export interface LaunchOptions {
  port: number;
  dataDir: string;
  /** load the demo seed (server/main.ts --demo) */
  demo?: boolean;
  /** run the compiled server (build/server/main.mjs, scripts/build-server.ts) instead of the sources */
  compiled?: boolean;
  /** set after the developer's own DATABASE_URL, SMTP_URL, DEMO and FIREBASE_* are removed */
  env?: Record<string, string>;
  /** how often /api/health is asked while starting */
  pollMs?: number;
  /**
   * Give up when the starting server shows no progress for this long: it printed nothing new and
   * (on Linux) used no CPU time. A busy machine only makes a start slower, never a failure;
   * default STALL_TIMEOUT_MS.
   */
  stallMs?: number;
  /** an absolute limit on the start, however it progresses; default none */
  timeoutMs?: number;
}

/** No output and no CPU time for this long while starting: the server is stuck. */
export const STALL_TIMEOUT_MS = 180_000;

/** The CPU time (user + system, clock ticks) a process used so far; null where /proc is not there. */
function cpuTicks(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ... utime stime ..." – utime and stime are the
    // 14th and 15th fields, counted after the command name (which may hold spaces).
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

export interface ServerProcess {
  url: string;
  /** from spawning the process until GET /api/health first answered 200 */
  startMs: number;
  /** everything the process printed so far */
  output(): string;
  /** SIGTERM (SIGKILL if it has not exited after 20 s) and wait for the exit */
  stop(): Promise<void>;
  /** a real process only: sends the signal and returns, without waiting */
  kill?(signal: NodeJS.Signals): void;
  /** a real process only: resolves when it has exited */
  exited?: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Spawns the server on the given port and data folder and waits for GET /api/health while it makes
 * progress; throws (with its output) if it exits, stalls (stallMs) or passes timeoutMs.
 */
export async function launchServer(options: LaunchOptions): Promise<ServerProcess> {
  const { port, dataDir, pollMs = 150, stallMs = STALL_TIMEOUT_MS, timeoutMs } = options;
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Never let the developer's own database, mail or Firebase project leak into the run.
  delete env.DATABASE_URL;
  delete env.DATABASE_ENGINE;
  delete env.SMTP_URL;
  delete env.DEMO;
  for (const key of Object.keys(env)) if (key.startsWith("FIREBASE_")) delete env[key];
  Object.assign(env, { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ...options.env });

  let log = "";
  const started = performance.now();
  const entry = options.compiled ? [...COMPILED_SERVER_FLAGS, COMPILED_SERVER] : ["--import", "tsx", "server/main.ts"];
  const args = [...entry, ...(options.demo ? ["--demo"] : [])];
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    log += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    log += chunk;
  });
  let exited = false;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => {
      exited = true;
      log += `\n[procesas baigėsi: kodas ${code}, signalas ${signal}]\n`;
      resolve({ code, signal });
    });
  });

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exit = once(child, "exit");
    child.kill("SIGTERM");
    const timer = setTimeout(() => {
      log += "\n[serveris nesustojo po SIGTERM; siunčiamas SIGKILL]\n";
      child.kill("SIGKILL");
    }, STOP_TIMEOUT_MS);
    await exit;
    clearTimeout(timer);
  };

  // Waits as long as the server makes progress: new output, or CPU time used (migrations and the
  // demo seed print nothing for a while; on a busy machine they are just slow).
  const deadline = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
  let progressAt = Date.now();
  let seenOutput = log.length;
  let seenCpu = cpuTicks(child.pid);
  let why = "";
  while (!exited) {
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) {
        return {
          url,
          startMs: performance.now() - started,
          output: () => log,
          stop,
          kill: (signal) => child.kill(signal),
          exited: exit,
        };
      }
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, pollMs));
    const cpu = cpuTicks(child.pid);
    if (log.length !== seenOutput || (cpu !== null && seenCpu !== null && cpu > seenCpu)) progressAt = Date.now();
    seenOutput = log.length;
    seenCpu = cpu;
    if (Date.now() - progressAt > stallMs) {
      why = `serveris ${Math.round(stallMs / 1000)} s nieko neišvedė ir nenaudojo procesoriaus, į GET /api/health neatsakė`;
      break;
    }
    if (Date.now() > deadline) {
      why = `serveris neatsakė į GET /api/health per ${Math.round((timeoutMs ?? 0) / 1000)} s`;
      break;
    }
  }
  await stop();
  if (exited && !why) why = "serverio procesas baigėsi nepasileidęs";
  throw new Error(`Nepavyko paleisti serverio: ${why} (${url}, DATA_DIR=${dataDir}).\nServerio išvestis:\n${log}`);
}

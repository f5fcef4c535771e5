// Runs an emulator process and makes sure it stops with whoever started it: the starter talks
// to this guard over an IPC channel, and when that channel closes (the starter stopped it, exited,
// crashed, was killed, or Ctrl-C ended a test worker) the guard stops the emulator (its stop
// signal, then SIGKILL after a grace period) and any process it left behind that carries the
// run's marker (firebase-tools starts Java in a process group of its own). Linux: leftovers are
// found through /proc.
//   startGuarded({ command, args, ... }) -> { output(), stop(), exited }
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

export interface GuardSpec {
  command: string;
  args: string[];
  cwd?: string;
  /** set on top of the starter's environment */
  env?: Record<string, string>;
  /** removed from the starter's environment */
  unsetEnv?: string[];
  /** how the emulator is asked to stop; default SIGTERM */
  stopSignal?: NodeJS.Signals;
  /** how long it may take before SIGKILL; default 20 s */
  graceMs?: number;
  /** a string only this run's processes carry on their command line (e.g. a temp path) */
  marker?: string;
  /** a temp folder of the run, removed once everything stopped */
  removeAfter?: string;
}

export interface GuardedProcess {
  pid: number | undefined;
  /** the end of what the emulator printed */
  output(): string;
  /** true once the emulator (and the guard) exited */
  exited(): boolean;
  /** stops the emulator and waits until it and its leftovers are gone */
  stop(): Promise<void>;
  /** resolves when the guard exits, with the emulator's exit code */
  done: Promise<number | null>;
}

const GUARD_FILE = fileURLToPath(import.meta.url);
const SPEC_VARIABLE = "RATAI_EMULATOR_GUARD";

/** Processes (other than this one) whose command line contains the marker. */
function markedPids(marker: string): number[] {
  const pids: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmdline.includes(marker)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function killMarked(marker: string | undefined): Promise<void> {
  if (!marker) return;
  const left = markedPids(marker);
  for (const pid of left) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // gone
    }
  }
  for (let i = 0; i < 50 && markedPids(marker).length > 0; i++) await sleep(100);
  for (const pid of markedPids(marker)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone
    }
  }
}

function removeFolder(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** The guard itself: started by startGuarded with its spec in the environment. */
async function guard(spec: GuardSpec): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...spec.env };
  for (const name of spec.unsetEnv ?? []) delete env[name];
  const child: ChildProcess = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  let stopping: Promise<void> | null = null;
  const childExited = new Promise<number | null>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
    child.once("error", (error) => {
      console.error(`Nepavyko paleisti „${spec.command}“: ${error.message}`);
      resolve(127);
    });
  });
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(spec.stopSignal ?? "SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), spec.graceMs ?? 20_000);
        await childExited;
        clearTimeout(timer);
      }
      await killMarked(spec.marker);
      removeFolder(spec.removeAfter);
      process.exit(0);
    })();
  };
  process.on("disconnect", stop);
  process.on("message", (message) => {
    if (message === "stop") stop();
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, stop);
  const code = await childExited;
  if (stopping) return;
  await killMarked(spec.marker);
  removeFolder(spec.removeAfter);
  process.exit(code ?? 1);
}

/** Starts the command under a guard; its output is collected (the last 64 KiB). */
export function startGuarded(spec: GuardSpec, onOutput?: (chunk: string) => void): GuardedProcess {
  const guardProcess = spawn(process.execPath, ["--import", "tsx", GUARD_FILE], {
    // Its own process group: a Ctrl-C meant for the tests does not cut the emulator's shutdown short.
    detached: true,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    env: { ...process.env, [SPEC_VARIABLE]: JSON.stringify(spec) },
  });
  let log = "";
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    log = (log + text).slice(-65_536);
    onOutput?.(text);
  };
  guardProcess.stdout?.on("data", keep);
  guardProcess.stderr?.on("data", keep);
  let exited = false;
  const done = new Promise<number | null>((resolve) => {
    guardProcess.once("exit", (code) => {
      exited = true;
      resolve(code);
    });
    guardProcess.once("error", (error) => {
      exited = true;
      log += `\n${error.message}`;
      resolve(127);
    });
  });
  // Never keeps the starter alive: when it ends, the channel closes and the guard stops the emulator.
  guardProcess.unref();
  guardProcess.channel?.unref();
  (guardProcess.stdout as unknown as { unref?: () => void } | null)?.unref?.();
  (guardProcess.stderr as unknown as { unref?: () => void } | null)?.unref?.();
  return {
    pid: guardProcess.pid,
    output: () => log,
    exited: () => exited,
    stop: async () => {
      // Waiting for it keeps this process alive meanwhile.
      guardProcess.ref();
      if (!exited && guardProcess.connected) guardProcess.disconnect();
      else if (!exited) guardProcess.kill("SIGTERM");
      await done;
    },
    done,
  };
}

if (process.env[SPEC_VARIABLE] && process.argv[1] === GUARD_FILE) {
  const spec = JSON.parse(process.env[SPEC_VARIABLE]) as GuardSpec;
  delete process.env[SPEC_VARIABLE];
  guard(spec).catch((error: unknown) => {
    console.error(`Emuliatoriaus sargas sustojo su klaida: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

// Starts the Firebase Auth emulator (scripts/firebase-auth-emulator.ts) for a test file, or
// uses the one FIREBASE_AUTH_EMULATOR_HOST names when it answers.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { resolve } from "node:path";
import { freePort } from "../../helpers/server";

const REPO = resolve(import.meta.dirname, "../../..");
const START_TIMEOUT_MS = 90_000;

export interface AuthEmulator {
  host: string;
  port: number;
  /** "host:port", as FIREBASE_AUTH_EMULATOR_HOST and the runtime config take it */
  address: string;
  projectId: string;
  output(): string;
  stop(): Promise<void>;
}

async function answers(address: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${address}/`, { signal: AbortSignal.timeout(1500) });
    return response.ok;
  } catch {
    return false;
  }
}

export async function startAuthEmulator(projectId = "demo-ratai"): Promise<AuthEmulator> {
  const existing = process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  if (existing && (await answers(existing))) {
    const [host = "127.0.0.1", port = "9099"] = existing.split(":");
    return { host, port: Number(port), address: existing, projectId, output: () => "", stop: async () => {} };
  }
  const port = await freePort();
  const host = "127.0.0.1";
  const address = `${host}:${port}`;
  let log = "";
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/firebase-auth-emulator.ts", "--port", String(port), "--project", projectId],
    { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    log += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    log += chunk;
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (await answers(address)) return { host, port, address, projectId, output: () => log, stop };
    await new Promise((done) => setTimeout(done, 200));
  }
  await stop();
  throw new Error(`Nepavyko paleisti Firebase Auth emuliatoriaus (${address}).\nIšvestis:\n${log}`);
}

// Starts the Google Cloud SDK's Firestore emulator, when it is installed, on a free port. It
// runs on Java 17 and needs no download (firebase-tools' own emulator needs Java 21 and the
// internet). Used by `npm run firebase:test-emulators` and the Firebase browser test.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { freePort } from "./lib/serverProcess";

export const GCLOUD_FIRESTORE_EMULATORS = [
  "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator",
  "/usr/share/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator",
  "/opt/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator",
];

export interface RunningFirestoreEmulator {
  /** "host:port", as FIRESTORE_EMULATOR_HOST takes it */
  address: string;
  host: string;
  port: number;
  stop(): void;
}

function stopGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

export function findGcloudFirestoreEmulator(): string | null {
  return GCLOUD_FIRESTORE_EMULATORS.find((path) => existsSync(path)) ?? null;
}

/** null when the SDK's emulator is not installed; throws when it is but does not start. */
export async function startGcloudFirestore(timeoutMs = 90_000): Promise<RunningFirestoreEmulator | null> {
  const binary = findGcloudFirestoreEmulator();
  if (!binary) return null;
  const port = await freePort();
  const host = "127.0.0.1";
  const address = `${host}:${port}`;
  // Its own process group: the wrapper script starts Java as a child, and both must stop.
  const child = spawn(binary, ["start", `--host=${host}`, `--port=${port}`], {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  // Keep reading its output (a full pipe would stall the emulator); remember only the end.
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const stop = () => stopGroup(child);
  process.once("exit", stop);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`http://${address}/`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return { address, host, port, stop };
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 300));
  }
  stop();
  throw new Error(`Firestore emuliatorius nepasileido (${binary}).\n${log}`);
}

// Starts the Google Cloud SDK's Firestore emulator, when it is installed, on a free port, with
// firestore.rules loaded (its own `--rules` flag: the rules apply to every project the emulator
// serves, unless a test replaces them for its project). It runs on Java 17 and needs no download
// (firebase-tools' own emulator needs Java 21 and the internet). Used by `npm test` (the
// integration step), `npm run firebase:test-emulators` and the Firebase browser test.
// The SDK's files are only read: its jar is run with `java -cp`, as its own wrapper script does.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { startGuarded } from "./lib/emulatorGuard";
import { freePort } from "./lib/serverProcess";

const ROOT = resolve(import.meta.dirname, "..");

/** The rules the emulator loads unless told otherwise. */
export const FIRESTORE_RULES = join(ROOT, "firestore.rules");

export const GCLOUD_FIRESTORE_EMULATORS = [
  "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator",
  "/usr/share/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator",
  "/opt/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator",
];

/** The emulator's entry point inside the SDK's jar (the SDK's wrapper script names it). */
export const GCLOUD_FIRESTORE_MAIN_CLASS = "com.google.cloud.datastore.emulator.firestore.CloudFirestore";

export interface RunningFirestoreEmulator {
  /** "host:port", as FIRESTORE_EMULATOR_HOST takes it */
  address: string;
  host: string;
  port: number;
  /** the rules file loaded at start, or null when started without rules */
  rules: string | null;
  /** the end of what the emulator printed */
  output(): string;
  /** stops it and waits until it is gone (it also stops when the process that started it ends) */
  stop(): Promise<void>;
}

export interface StartGcloudOptions {
  /** the rules file to load; null starts without rules (everything allowed). Default: firestore.rules */
  rules?: string | null;
  timeoutMs?: number;
}

/** The SDK's wrapper script, when the SDK's Firestore emulator is installed. */
export function findGcloudFirestoreEmulator(): string | null {
  return GCLOUD_FIRESTORE_EMULATORS.find((path) => existsSync(path)) ?? null;
}

/** The SDK's emulator jar (beside its wrapper script), or null. */
export function findGcloudFirestoreJar(): string | null {
  const wrapper = findGcloudFirestoreEmulator();
  if (!wrapper) return null;
  const jar = join(dirname(wrapper), "cloud-firestore-emulator.jar");
  return existsSync(jar) ? jar : null;
}

/** Why the SDK's emulator cannot be used here, in Lithuanian; null when it is installed. */
export function gcloudFirestoreMissingReason(): string | null {
  if (findGcloudFirestoreJar()) return null;
  return `Google Cloud SDK Firestore emuliatorius neįdiegtas (ieškota: ${GCLOUD_FIRESTORE_EMULATORS.map(dirname).join(", ")})`;
}

/**
 * null when the SDK's emulator is not installed; throws when it is but does not start.
 * A number is the old signature (the start timeout).
 */
export async function startGcloudFirestore(
  options: StartGcloudOptions | number = {},
): Promise<RunningFirestoreEmulator | null> {
  const { rules = FIRESTORE_RULES, timeoutMs = 90_000 } =
    typeof options === "number" ? { timeoutMs: options } : options;
  const jar = findGcloudFirestoreJar();
  if (!jar) return null;
  if (rules && !existsSync(rules)) throw new Error(`Nerastas Firestore taisyklių failas ${rules}`);
  const port = await freePort();
  const host = "127.0.0.1";
  const address = `${host}:${port}`;
  const java = process.env.JAVA?.trim() || "java";
  const args = [
    "-Duser.language=en",
    "-cp",
    jar,
    GCLOUD_FIRESTORE_MAIN_CLASS,
    `--host=${host}`,
    `--port=${port}`,
    ...(rules ? [`--rules=${rules}`] : []),
  ];
  // Under a guard: it stops when the process that started it ends, however that happens.
  const emulator = startGuarded({ command: java, args });
  const stop = () => emulator.stop();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !emulator.exited()) {
    try {
      const response = await fetch(`http://${address}/`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return { address, host, port, rules: rules ?? null, output: emulator.output, stop };
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 300));
  }
  const exited = emulator.exited();
  await stop();
  const why = exited
    ? `procesas baigėsi (ar įdiegta Java „${java}“? Užtenka Java 17)`
    : `neatsakė per ${Math.round(timeoutMs / 1000)} s`;
  throw new Error(`Firestore emuliatorius nepasileido (${jar}): ${why}.\n${emulator.output().slice(-8000)}`);
}

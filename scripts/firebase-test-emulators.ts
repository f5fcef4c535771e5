// npm run firebase:test-emulators: runs the emulator-backed Firebase suites
// (tests/integration/firebase: the rules matrix, the data provider, the functions' transactions)
// against a real Firestore emulator, which plain `npm test` skips.
// - FIRESTORE_EMULATOR_HOST already set (e.g. inside `firebase emulators:exec`): uses it.
// - Otherwise starts the Google Cloud SDK's Firestore emulator when it is installed.
// - Otherwise says how to run them with firebase-tools.
// The Storage rules suite needs the Storage emulator: run it through `firebase emulators:exec`.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { resolve } from "node:path";
import { type RunningFirestoreEmulator, startGcloudFirestore } from "./firebase-gcloud-emulator";

const ROOT = resolve(import.meta.dirname, "..");

async function main(): Promise<number> {
  let started: RunningFirestoreEmulator | null = null;
  const env = { ...process.env };
  if (!env.FIRESTORE_EMULATOR_HOST) {
    started = await startGcloudFirestore();
    if (!started) {
      console.error(
        'Firestore emuliatorius nerastas. Paleiskite: firebase emulators:exec --only firestore,storage,auth "npm run test:integration" (reikia Java 21).',
      );
      return 1;
    }
    env.FIRESTORE_EMULATOR_HOST = started.address;
    console.info(`Firestore emuliatorius (Google Cloud SDK): ${started.address}`);
  }
  try {
    // Asynchronously: the event loop must keep draining the emulator's output meanwhile.
    const vitest = spawn(
      resolve(ROOT, "node_modules/.bin/vitest"),
      ["run", "--project", "integration", "tests/integration/firebase", ...process.argv.slice(2)],
      { cwd: ROOT, env, stdio: "inherit" },
    );
    const [code] = (await once(vitest, "exit")) as [number | null];
    return code ?? 1;
  } finally {
    started?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);

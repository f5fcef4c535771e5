// npm run firebase:test-emulators: only the emulator-backed Firebase suites (tests/integration/firebase:
// the rules matrix, the data provider, the functions on Firestore transactions, Auth; and every
// other integration test file that reads FIRESTORE_EMULATOR_HOST, such as the core's contract
// suite) against a real Firestore emulator with firestore.rules loaded. `npm test` runs the same
// suites in its integration step; this is the quick way to run just them.
// - FIRESTORE_EMULATOR_HOST already set (e.g. inside `firebase emulators:exec`): uses it.
// - Otherwise starts the Google Cloud SDK's Firestore emulator when it is installed.
// - Otherwise says why not and how to get one.
// The Storage rules suite needs the Storage emulator, which cannot start offline: it says so and is skipped.
//   npm run firebase:test-emulators [-- <vitest arguments>]
import { spawn } from "node:child_process";
import { once } from "node:events";
import { resolve } from "node:path";
import {
  gcloudFirestoreMissingReason,
  type RunningFirestoreEmulator,
  startGcloudFirestore,
} from "./firebase-gcloud-emulator";
import { firestoreSuiteFiles } from "./lib/emulatorSuites";

const ROOT = resolve(import.meta.dirname, "..");

async function main(): Promise<number> {
  let started: RunningFirestoreEmulator | null = null;
  const env = { ...process.env };
  if (!env.FIRESTORE_EMULATOR_HOST) {
    started = await startGcloudFirestore();
    if (!started) {
      console.error(
        `Firestore emuliatorius nerastas: ${gcloudFirestoreMissingReason()}. Įdiekite „gcloud components install cloud-firestore-emulator“ ` +
          '(jam užtenka Java 17) arba paleiskite per firebase-tools: firebase emulators:exec --only firestore,auth "npm run test:integration" (reikia Java 21 ir interneto).',
      );
      return 1;
    }
    env.FIRESTORE_EMULATOR_HOST = started.address;
    console.info(`Firestore emuliatorius (Google Cloud SDK, su firestore.rules): ${started.address}`);
  }
  const files = [
    "tests/integration/firebase",
    ...firestoreSuiteFiles(ROOT, "tests/integration").filter((file) => !file.startsWith("tests/integration/firebase/")),
  ];
  console.info(`Vykdoma: ${files.join(", ")}`);
  try {
    // Asynchronously: the event loop must keep draining the emulator's output meanwhile.
    const vitest = spawn(
      resolve(ROOT, "node_modules/.bin/vitest"),
      ["run", "--project", "integration", ...files, ...process.argv.slice(2)],
      { cwd: ROOT, env, stdio: "inherit" },
    );
    const [code] = (await once(vitest, "exit")) as [number | null];
    return code ?? 1;
  } finally {
    await started?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);

// Finds the Firebase emulators the environment names (`npm test` and
// `npm run firebase:test-emulators` set FIRESTORE_EMULATOR_HOST; `firebase emulators:exec` sets it
// and friends). A suite whose emulator is absent prints "nevykdyta: ... emuliatorius nepasiekiamas"
// with the reason and is skipped, never counted as passed.
import { connect } from "node:net";

export interface EmulatorHost {
  host: string;
  port: number;
  /** "host:port" */
  address: string;
}

/** What to do about a missing emulator, by the variable that names it. */
const HINTS: Record<string, string> = {
  FIRESTORE_EMULATOR_HOST:
    "jį paleidžia „npm test“ ir „npm run firebase:test-emulators“, kai įdiegtas Google Cloud SDK Firestore emuliatorius",
  FIREBASE_STORAGE_EMULATOR_HOST:
    "Storage emuliatorius be interneto nepasileidžia: firebase-tools jo taisyklių vykdymo aplinką (jar) atsisiunčia iš interneto; " +
    "paleiskite „firebase emulators:exec --only storage“ kompiuteryje su internetu ir Java 21",
};

function parse(value: string | undefined): EmulatorHost | null {
  const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(value?.trim() ?? "");
  if (!match) return null;
  const host = match[1] as string;
  const port = Number(match[2]);
  return { host, port, address: `${host}:${port}` };
}

function reachable(target: EmulatorHost, timeoutMs = 1500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: target.host, port: target.port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** The emulator named by an environment variable, when it answers; null (with the notice printed) otherwise. */
export async function emulatorFromEnv(variable: string, label: string): Promise<EmulatorHost | null> {
  const target = parse(process.env[variable]);
  const ok = target ? await reachable(target) : false;
  if (!target || !ok) {
    const why = target ? `${variable}=${target.address} neatsako` : `${variable} nenurodytas`;
    const hint = HINTS[variable];
    console.info(`nevykdyta: ${label} emuliatorius nepasiekiamas (${why})${hint ? `; ${hint}` : ""}`);
    return null;
  }
  return target;
}

// Which image URLs the prerendered pages carry: the same ones the browser will compute after
// start-up, so hydration keeps every <img src> as it is and no picture flashes broken.
//
//   PRERENDER_BACKEND=local     the local server's /files/<path> (the default without Firebase)
//   PRERENDER_BACKEND=firebase  Cloud Storage download URLs of the deployment's bucket
//   (unset)                     firebase when the deployment's Firebase config is given (the
//                               FIREBASE_* variables or RUNTIME_CONFIG, as for the server and
//                               `npm run firebase:deploy`), else local
//
// The bucket and a Storage emulator come from that same config, read as the server reads it
// (server/config.ts), and become URLs through the Firebase adapter's own function.
import { loadConfig } from "../../server/config";
import { runtimeConfigOf } from "../../server/routes/runtimeConfig";
import { parseEmulators } from "../../src/backend/firebase/emulators";
import { STORAGE_ORIGIN, storageOrigin, storageUrl } from "../../src/backend/firebase/storageUrl";
import { fileUrl } from "../../src/backend/local/files";

export interface PrerenderFiles {
  backend: "local" | "firebase";
  /** the <img src> of a stored file */
  url(path: string): string;
  /** for the build log, in Lithuanian */
  description: string;
}

export class PrerenderConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PrerenderConfigError";
  }
}

type Env = Record<string, string | undefined>;

const given = (value: string | undefined) => typeof value === "string" && value.trim() !== "";

/** Whether the environment carries a Firebase deployment config (what makes the server say "firebase"). */
function firebaseConfigGiven(env: Env): boolean {
  return given(env.RUNTIME_CONFIG) || Object.keys(env).some((name) => name.startsWith("FIREBASE_") && given(env[name]));
}

export function prerenderFiles(env: Env = process.env): PrerenderFiles {
  const choice = env.PRERENDER_BACKEND?.trim().toLowerCase() ?? "";
  if (!["", "local", "firebase"].includes(choice)) {
    throw new PrerenderConfigError(
      `PRERENDER_BACKEND turi būti „local“ arba „firebase“, o nurodyta „${env.PRERENDER_BACKEND}“`,
    );
  }
  const local: PrerenderFiles = { backend: "local", url: fileUrl, description: "vietinio serverio /files/ adresai" };
  if (choice === "local" || (choice === "" && !firebaseConfigGiven(env))) return local;

  let runtime: ReturnType<typeof runtimeConfigOf>;
  try {
    runtime = runtimeConfigOf(loadConfig(env, []));
  } catch (error) {
    throw new PrerenderConfigError(
      `Nepavyko perskaityti Firebase nustatymų paveikslėlių adresams: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (runtime.backend !== "firebase" || !runtime.firebase) {
    if (choice === "") return local;
    throw new PrerenderConfigError(
      "PRERENDER_BACKEND=firebase, bet nenurodyti Firebase nustatymai: FIREBASE_STORAGE_BUCKET ir kiti FIREBASE_* kintamieji arba RUNTIME_CONFIG failas",
    );
  }
  const bucket = runtime.firebase.storageBucket;
  let origin: string;
  try {
    origin = storageOrigin(parseEmulators(runtime.firebase.emulators));
  } catch (error) {
    throw new PrerenderConfigError(
      `Netinkami Firebase emuliatorių nustatymai: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return {
    backend: "firebase",
    url: (path) => storageUrl(origin, bucket, path),
    description: `Cloud Storage adresai (talpykla ${bucket}${origin === STORAGE_ORIGIN ? "" : `, ${origin}`})`,
  };
}

// The Firebase emulators through firebase-tools (Auth, Firestore and Functions), fully offline:
// - Java: firebase-tools needs Java 21 or later for its emulators. It is looked for in JAVA_HOME,
//   on PATH and under /usr/lib/jvm (every JDK there is asked its version); its bin goes first on
//   PATH, with JAVA_HOME, for the firebase-tools process only.
// - Firestore: firebase-tools would download its emulator jar. Instead FIRESTORE_EMULATOR_BINARY_PATH
//   names a small launcher jar built here with the JDK's `jar` tool in a temp folder: its manifest
//   has the emulator's Main-Class and a Class-Path naming the Google Cloud SDK's jar, which is only
//   read (firebase-tools chmods the file the variable names: that is our own launcher, never the SDK's).
// - Functions: discovered through FIREBASE_FUNCTIONS_DISCOVERY_OUTPUT_PATH (a manifest file, not
//   an HTTP server on a random port); the node runtime is this Node (firebase-tools accepts a
//   different major than functions/package.json's engines and says so in a warning).
// - Ports: every port firebase-tools opens is fixed in the config it is given (auth, firestore and
//   its websocket, functions, hub, logging, eventarc, tasks): the repo's firebase.json ones, or
//   free ones picked here. The Firestore JVM binds one more internal loopback port of its own
//   choosing, which neither firebase-tools nor the emulator lets us fix.
// - Network: no update check (NO_UPDATE_NOTIFIER), no message-of-the-day fetch (CI=1), npm
//   offline for the firebase-functions version check (npm_config_offline), no probe of the GCE
//   metadata server (METADATA_SERVER_DETECTION=none), a config folder of the run's own (no usage
//   reporting), a demo- project (no login, no Google APIs). Checked in a network namespace without
//   any network (unshare -n) under strace: no connection leaves the loopback.
// - Storage is not started: its emulator needs a rules runtime jar that firebase-tools downloads.
//
// By hand:  npm run firebase:emulators:offline   (ports from firebase.json; Ctrl-C stops)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { buildFunctions } from "./firebase-build-functions";
import {
  findGcloudFirestoreJar,
  GCLOUD_FIRESTORE_MAIN_CLASS,
  gcloudFirestoreMissingReason,
} from "./firebase-gcloud-emulator";
import { type GuardedProcess, startGuarded } from "./lib/emulatorGuard";
import { freePort, removeDir, tempDir } from "./lib/serverProcess";

const ROOT = resolve(import.meta.dirname, "..");
const FIREBASE_BIN = join(ROOT, "node_modules/firebase-tools/lib/bin/firebase.js");
export const MIN_JAVA_FOR_FIREBASE_TOOLS = 21;
export const STORAGE_OFFLINE_REASON =
  "Storage emuliatorius be interneto nepasileidžia: firebase-tools jo taisyklių vykdymo aplinką (jar) atsisiunčia iš interneto";

export interface Jdk {
  /** JAVA_HOME */
  home: string;
  java: string;
  /** the `jar` tool, when this is a JDK (a JRE has none) */
  jar: string | null;
  major: number;
  version: string;
}

/** `java -version` of one binary: "25.0.3" and 25, "1.8.0_392" and 8; null when it does not run. */
export function javaVersion(java: string): { version: string; major: number } | null {
  const run = spawnSync(java, ["-version"], { encoding: "utf8", timeout: 15_000 });
  if (run.error || run.status !== 0) return null;
  const match = /version "([^"]+)"/.exec(`${run.stderr}${run.stdout}`);
  if (!match) return null;
  const version = match[1] as string;
  const parts = version.split(/[.+_-]/).map(Number);
  const major = parts[0] === 1 ? (parts[1] ?? 0) : (parts[0] ?? 0);
  return { version, major };
}

/** Candidate Java homes: JAVA_HOME, the java on PATH, every folder under /usr/lib/jvm (each once). */
function javaHomes(): string[] {
  const homes: string[] = [];
  if (process.env.JAVA_HOME) homes.push(process.env.JAVA_HOME);
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const java = join(dir, "java");
    if (dir && existsSync(java)) homes.push(dirname(dirname(realpathSync(java))));
  }
  for (const base of ["/usr/lib/jvm"]) {
    let entries: string[] = [];
    try {
      entries = readdirSync(base);
    } catch {
      continue;
    }
    for (const entry of entries.sort()) homes.push(join(base, entry));
  }
  const seen = new Set<string>();
  return homes.filter((home) => {
    let real: string;
    try {
      real = realpathSync(home);
    } catch {
      return false;
    }
    if (seen.has(real)) return false;
    seen.add(real);
    return existsSync(join(real, "bin", "java"));
  });
}

/** The newest JDK (with `jar`) of at least `minMajor`, or null. */
export function findJdk(minMajor = MIN_JAVA_FOR_FIREBASE_TOOLS): Jdk | null {
  let best: Jdk | null = null;
  for (const home of javaHomes()) {
    const java = join(home, "bin", "java");
    const found = javaVersion(java);
    if (!found || found.major < minMajor) continue;
    const jar = existsSync(join(home, "bin", "jar")) ? join(home, "bin", "jar") : null;
    const candidate: Jdk = { home: realpathSync(home), java, jar, ...found };
    if (!best || (candidate.jar && !best.jar) || (!!candidate.jar === !!best.jar && candidate.major > best.major)) {
      best = candidate;
    }
  }
  return best;
}

/** Why firebase-tools' emulators cannot run offline here, in Lithuanian; null when they can. */
export function firebaseToolsMissingReason(jdk: Jdk | null = findJdk()): string | null {
  if (!existsSync(FIREBASE_BIN))
    return `nerastas firebase-tools (${relative(ROOT, FIREBASE_BIN)}); paleiskite npm install`;
  if (!jdk) {
    return `nerasta Java ${MIN_JAVA_FOR_FIREBASE_TOOLS} ar naujesnė (firebase-tools emuliatoriams; ieškota JAVA_HOME, PATH ir /usr/lib/jvm)`;
  }
  if (!jdk.jar) return `Java ${jdk.version} (${jdk.home}) neturi įrankio „jar“ (reikia JDK, ne JRE)`;
  return gcloudFirestoreMissingReason();
}

/**
 * Builds the launcher jar in `dir`: only a manifest, whose Main-Class is the emulator's and whose
 * Class-Path names the SDK's jar. The main class is first checked in the SDK jar's listing.
 */
export function buildFirestoreLauncherJar(jdk: Jdk, dir: string): string {
  const sdkJar = findGcloudFirestoreJar();
  if (!sdkJar) throw new Error(gcloudFirestoreMissingReason() ?? "Nerastas Google Cloud SDK Firestore emuliatorius");
  if (!jdk.jar) throw new Error(`Java ${jdk.version} neturi įrankio „jar“`);
  const listing = spawnSync(jdk.jar, ["tf", sdkJar], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const mainClassFile = `${GCLOUD_FIRESTORE_MAIN_CLASS.replaceAll(".", "/")}.class`;
  if (listing.status !== 0 || !listing.stdout.split("\n").includes(mainClassFile)) {
    throw new Error(
      `${sdkJar} neturi klasės ${GCLOUD_FIRESTORE_MAIN_CLASS} (jar tf: ${listing.stderr || listing.status})`,
    );
  }
  mkdirSync(dir, { recursive: true });
  const manifest = join(dir, "MANIFEST.MF");
  writeFileSync(manifest, `Main-Class: ${GCLOUD_FIRESTORE_MAIN_CLASS}\nClass-Path: ${pathToFileURL(sdkJar).href}\n`);
  const launcher = join(dir, "cloud-firestore-emulator-launcher.jar");
  const built = spawnSync(jdk.jar, ["--create", "--file", launcher, "--manifest", manifest], { encoding: "utf8" });
  if (built.status !== 0) throw new Error(`Nepavyko surinkti paleidimo jar (${jdk.jar}): ${built.stderr}`);
  return launcher;
}

export type FirebaseToolsEmulator = "auth" | "firestore" | "functions";

export interface FirebaseToolsPorts {
  auth: number;
  firestore: number;
  firestoreWebsocket: number;
  functions: number;
  hub: number;
  logging: number;
  eventarc: number;
  tasks: number;
}

interface RepoConfig {
  functions: Record<string, unknown>[];
  emulators?: Record<string, { port?: number; websocketPort?: number } | boolean | undefined>;
}

const readRepoConfig = (): RepoConfig => JSON.parse(readFileSync(join(ROOT, "firebase.json"), "utf8")) as RepoConfig;

/** The ports fixed in the repo's firebase.json (every one firebase-tools would otherwise pick itself). */
export function configuredPorts(): FirebaseToolsPorts {
  const emulators = readRepoConfig().emulators ?? {};
  const port = (name: string, key: "port" | "websocketPort" = "port"): number => {
    const entry = emulators[name];
    const value = typeof entry === "object" && entry ? entry[key] : undefined;
    if (typeof value !== "number") throw new Error(`firebase.json emulators.${name}.${key} nenurodytas`);
    return value;
  };
  return {
    auth: port("auth"),
    firestore: port("firestore"),
    firestoreWebsocket: port("firestore", "websocketPort"),
    functions: port("functions"),
    hub: port("hub"),
    logging: port("logging"),
    eventarc: port("eventarc"),
    tasks: port("tasks"),
  };
}

async function freePorts(): Promise<FirebaseToolsPorts> {
  const ports: number[] = [];
  while (ports.length < 8) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const [auth, firestore, firestoreWebsocket, functions, hub, logging, eventarc, tasks] = ports as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { auth, firestore, firestoreWebsocket, functions, hub, logging, eventarc, tasks };
}

/** The config firebase-tools gets: the repo's functions and rules, and every emulator port fixed. */
function runConfig(projectDir: string, ports: FirebaseToolsPorts): Record<string, unknown> {
  const host = "127.0.0.1";
  const functions = readRepoConfig().functions.map((codebase) => {
    const { predeploy: _predeploy, ...rest } = codebase;
    // firebase-tools joins the source to the project folder: a relative path.
    return { ...rest, source: relative(projectDir, resolve(ROOT, String(codebase.source ?? "functions"))) };
  });
  return {
    functions,
    firestore: { rules: join(ROOT, "firestore.rules"), indexes: join(ROOT, "firestore.indexes.json") },
    emulators: {
      singleProjectMode: true,
      auth: { host, port: ports.auth },
      firestore: { host, port: ports.firestore, websocketPort: ports.firestoreWebsocket },
      functions: { host, port: ports.functions },
      hub: { host, port: ports.hub },
      logging: { host, port: ports.logging },
      eventarc: { host, port: ports.eventarc },
      tasks: { host, port: ports.tasks },
      ui: { enabled: false },
    },
  };
}

export interface RunningFirebaseTools {
  projectId: string;
  ports: FirebaseToolsPorts;
  jdk: Jdk;
  /** the firebase.json written for this run (every port fixed in it) */
  configFile: string;
  /** "host:port" of each emulator, as the runtime config's FIREBASE_EMULATORS takes them */
  addresses: { auth: string; firestore: string; functions: string };
  output(): string;
  /** stops every emulator (firebase-tools' own shutdown, then anything left) and removes the temp folder */
  stop(): Promise<void>;
  /** resolves when the emulators ended (stopped, or on their own) */
  done: Promise<number | null>;
}

export interface StartFirebaseToolsOptions {
  projectId?: string;
  only?: FirebaseToolsEmulator[];
  /** "free": free ports picked now (tests); "config": the repo's firebase.json ports */
  ports?: "free" | "config";
  timeoutMs?: number;
  /** firebase-tools' output as it comes (e.g. process.stdout.write for a manual run) */
  onOutput?: (chunk: string) => void;
  jdk?: Jdk;
}

/**
 * Starts firebase-tools' emulators offline and resolves when all are ready. Build the functions
 * first (npm run firebase:build-functions): firebase-tools loads functions/lib.
 */
export async function startFirebaseToolsEmulators(
  options: StartFirebaseToolsOptions = {},
): Promise<RunningFirebaseTools> {
  const { projectId = "demo-ratai", only = ["auth", "firestore", "functions"], timeoutMs = 180_000 } = options;
  const jdk = options.jdk ?? findJdk();
  const missing = firebaseToolsMissingReason(jdk);
  if (missing || !jdk) throw new Error(`firebase-tools emuliatorių paleisti negalima: ${missing}`);
  const ports = options.ports === "config" ? configuredPorts() : await freePorts();
  const workDir = tempDir("firebase-tools");
  const projectDir = join(workDir, "projektas");
  const discovery = join(workDir, "funkciju-aprasas");
  const tmp = join(workDir, "tmp");
  for (const dir of [projectDir, discovery, tmp]) mkdirSync(dir, { recursive: true });
  const configFile = join(projectDir, "firebase.json");
  let launcher: string;
  try {
    launcher = buildFirestoreLauncherJar(jdk, join(workDir, "paleidejas"));
    writeFileSync(configFile, JSON.stringify(runConfig(projectDir, ports), null, 2));
  } catch (error) {
    removeDir(workDir);
    throw error;
  }

  const emulators: GuardedProcess = startGuarded(
    {
      command: process.execPath,
      args: [FIREBASE_BIN, "emulators:start", "--config", configFile, "--only", only.join(","), "--project", projectId],
      cwd: projectDir,
      env: {
        PATH: `${join(jdk.home, "bin")}${delimiter}${process.env.PATH ?? ""}`,
        JAVA_HOME: jdk.home,
        FIRESTORE_EMULATOR_BINARY_PATH: launcher,
        FIREBASE_FUNCTIONS_DISCOVERY_OUTPUT_PATH: discovery,
        CI: "1",
        NO_UPDATE_NOTIFIER: "1",
        // google-auth-library would probe the GCE metadata server (metadata.google.internal, 169.254.169.254).
        METADATA_SERVER_DETECTION: "none",
        npm_config_offline: "true",
        npm_config_update_notifier: "false",
        XDG_CONFIG_HOME: join(workDir, "konfiguracija"),
        TMPDIR: tmp,
        FORCE_COLOR: "0",
      },
      // Nothing of the developer's own emulators or credentials.
      unsetEnv: [
        "FIRESTORE_EMULATOR_HOST",
        "FIREBASE_AUTH_EMULATOR_HOST",
        "FIREBASE_STORAGE_EMULATOR_HOST",
        "FIREBASE_EMULATOR_HUB",
        "GOOGLE_APPLICATION_CREDENTIALS",
        "GCLOUD_PROJECT",
        "FIREBASE_CONFIG",
        "FIREBASE_TOKEN",
      ],
      stopSignal: "SIGINT",
      graceMs: 30_000,
      // The launcher's path is on the command line of the Java process firebase-tools starts.
      marker: launcher,
      removeAfter: workDir,
    },
    options.onOutput,
  );
  // The guard removes the temp folder once everything stopped.
  const stop = () => emulators.stop();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !emulators.exited()) {
    if (emulators.output().includes("All emulators ready")) {
      const address = (port: number) => `127.0.0.1:${port}`;
      return {
        projectId,
        ports,
        jdk,
        configFile,
        addresses: {
          auth: address(ports.auth),
          firestore: address(ports.firestore),
          functions: address(ports.functions),
        },
        output: emulators.output,
        stop,
        done: emulators.done,
      };
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  const exited = emulators.exited();
  await stop();
  throw new Error(
    `firebase-tools emuliatoriai ${exited ? "baigė darbą nepasiruošę" : `nepasiruošė per ${Math.round(timeoutMs / 1000)} s`}.\n` +
      emulators.output().slice(-12_000),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const jdk = findJdk();
  const missing = firebaseToolsMissingReason(jdk);
  if (missing) {
    console.error(`Nepavyko: ${missing}`);
    process.exit(1);
  }
  console.info(`Java: ${jdk!.version} (${jdk!.home})`);
  console.info(`nevykdyta: Storage emuliatorius – ${STORAGE_OFFLINE_REASON}`);
  buildFunctions({ typecheck: false })
    .then((bundle) => {
      console.info(`Cloud Functions surinktos: ${relative(ROOT, bundle)}`);
      return startFirebaseToolsEmulators({ ports: "config", onOutput: (chunk) => process.stdout.write(chunk) });
    })
    .then(
      (running) => {
        console.info(
          `\nEmuliatoriai veikia (projektas ${running.projectId}): Auth ${running.addresses.auth}, Firestore ${running.addresses.firestore}, Functions ${running.addresses.functions}. Sustabdyti: Ctrl-C.`,
        );
        // The emulators stop when this process ends: keep it running until Ctrl-C.
        const alive = setInterval(() => {}, 60_000);
        running.done.then((code) => {
          clearInterval(alive);
          console.error(`Emuliatoriai baigė darbą (kodas ${code ?? "nežinomas"}).`);
          process.exit(code ? 1 : 0);
        });
        const stop = () => {
          running.stop().finally(() => process.exit(0));
        };
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      },
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : String(error));
        process.exit(1);
      },
    );
}

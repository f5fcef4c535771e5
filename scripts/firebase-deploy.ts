// npm run firebase:deploy: builds the app and the Cloud Functions and deploys them with the
// rules and indexes to a Firebase project. The runtime config the server would serve
// (/runtime-config.json) is written into dist, so Firebase Hosting serves the same build with
// { backend: "firebase" }.
//
//   FIREBASE_API_KEY=... FIREBASE_AUTH_DOMAIN=... FIREBASE_PROJECT_ID=... FIREBASE_STORAGE_BUCKET=... \
//   FIREBASE_MESSAGING_SENDER_ID=... FIREBASE_APP_ID=... [FIREBASE_MEASUREMENT_ID=...] \
//   [FIREBASE_DATABASE_URL=...] [FIREBASE_FUNCTIONS_REGION=europe-west1] [PUBLIC_URL=https://nuoma.lt] \
//   npm run firebase:deploy [-- --only hosting,functions] [--skip-build] [--dry-run]
// (or RUNTIME_CONFIG=runtime-config.json with the same fields). --dry-run prepares everything
// and stops before `firebase deploy`.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { type Config, ConfigError, loadConfig } from "../server/config";
import { runtimeConfigOf } from "../server/routes/runtimeConfig";
import { buildFunctions } from "./firebase-build-functions";
import { INDEXES_FILE, indexesText } from "./firebase-indexes";

const ROOT = resolve(import.meta.dirname, "..");
const DEFAULT_TARGETS = "hosting,functions,firestore,storage";

export class DeployError extends Error {}

function option(argv: string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  if (index >= 0) return argv[index + 1];
  return argv.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** The deployed functions' region (functions/.env) must be the one the browser calls and Hosting rewrites to. */
export function checkRegions(config: Config, root = ROOT): string {
  const region = config.firebase?.functionsRegion ?? "us-central1";
  const env = readFileSync(resolve(root, "functions/.env"), "utf8");
  const functionsRegion = /^FUNCTIONS_REGION=(.+)$/m.exec(env)?.[1]?.trim() ?? "us-central1";
  const hosting = JSON.parse(readFileSync(resolve(root, "firebase.json"), "utf8")) as {
    hosting: { rewrites: { function?: { region?: string } }[] };
  };
  const rewriteRegions = hosting.hosting.rewrites.flatMap((r) => (r.function?.region ? [r.function.region] : []));
  const mismatched = [functionsRegion, ...rewriteRegions].filter((r) => r !== region);
  if (mismatched.length > 0) {
    throw new DeployError(
      `Cloud Functions regionai nesutampa: svetainė kviečia „${region}“ (FIREBASE_FUNCTIONS_REGION), functions/.env – „${functionsRegion}“, firebase.json – ${rewriteRegions.map((r) => `„${r}“`).join(", ")}. Suvienodinkite juos.`,
    );
  }
  return region;
}

/** dist ready for Hosting: the runtime config, the app shell for app routes and the 404 page. */
export function prepareDist(config: Config, distDir: string): void {
  if (!existsSync(resolve(distDir, "index.html"))) {
    throw new DeployError(`Nerastas ${resolve(distDir, "index.html")}: pirmiausia surinkite programą (npm run build)`);
  }
  const runtime = runtimeConfigOf(config);
  writeFileSync(resolve(distDir, "runtime-config.json"), `${JSON.stringify(runtime, null, 2)}\n`);
  const shell = resolve(distDir, "200.html");
  if (!existsSync(shell)) copyFileSync(resolve(distDir, "index.html"), shell);
  // Hosting answers unknown paths with 404.html and status 404; the app then shows its 404 page.
  copyFileSync(shell, resolve(distDir, "404.html"));
}

function run(command: string, args: string[]): void {
  console.info(`> ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: process.env });
  if (result.status !== 0) throw new DeployError(`Komanda nepavyko: ${command} ${args.join(" ")}`);
}

async function main(argv: string[]): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env, []);
  } catch (error) {
    if (error instanceof ConfigError) throw new DeployError(error.message);
    throw error;
  }
  if (!config.firebase) {
    throw new DeployError(
      "Nenurodyti Firebase nustatymai: FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN, FIREBASE_PROJECT_ID, FIREBASE_STORAGE_BUCKET, FIREBASE_MESSAGING_SENDER_ID, FIREBASE_APP_ID (arba RUNTIME_CONFIG failas). Reikšmės – Firebase konsolėje: Project settings → Your apps.",
    );
  }
  if (config.firebase.emulators) {
    throw new DeployError("Į produkciją diegiama be emuliatorių: pašalinkite FIREBASE_EMULATORS / „emulators“");
  }
  const project = option(argv, "--project") ?? config.firebase.projectId;
  const targets = option(argv, "--only") ?? DEFAULT_TARGETS;
  const region = checkRegions(config);

  if (readFileSync(INDEXES_FILE, "utf8") !== indexesText()) {
    throw new DeployError("firestore.indexes.json pasenęs: paleiskite „npm run firebase:indexes“");
  }
  if (!argv.includes("--skip-build")) run("npm", ["run", "build"]);
  prepareDist(config, config.distDir);
  console.info(`Įrašyta ${resolve(config.distDir, "runtime-config.json")} (projektas ${project}, regionas ${region})`);
  if (argv.includes("--dry-run")) {
    // A real deploy builds them in firebase.json's predeploy hook.
    if (targets.includes("functions")) console.info(`Cloud Functions surinktos: ${await buildFunctions()}`);
    console.info(`Paruošta. Diegimui: firebase deploy --project ${project} --only ${targets}`);
    return;
  }
  run(resolve(ROOT, "node_modules/.bin/firebase"), ["deploy", "--project", project, "--only", targets]);
  console.info(`Įdiegta į Firebase projektą ${project}: ${targets}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`Diegimas nepavyko: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

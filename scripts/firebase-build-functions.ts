// Builds the Cloud Functions: type-checks functions/ and bundles functions/src/index.ts with
// the shared src/domain and src/backend/firebase code into functions/lib/index.js. A functions
// deploy uploads only functions/, so nothing there may import ../src at run time; only
// firebase-admin and firebase-functions stay external (Cloud Build installs them).
//   npm run firebase:build-functions [-- --no-typecheck]
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { build } from "esbuild";

const ROOT = resolve(import.meta.dirname, "..");
export const FUNCTIONS_ENTRY = resolve(ROOT, "functions/src/index.ts");
export const FUNCTIONS_BUNDLE = resolve(ROOT, "functions/lib/index.js");

export async function buildFunctions(options: { typecheck?: boolean } = {}): Promise<string> {
  if (options.typecheck !== false) {
    const tsc = spawnSync(resolve(ROOT, "node_modules/.bin/tsc"), ["-p", "functions/tsconfig.json"], {
      cwd: ROOT,
      stdio: "inherit",
    });
    if (tsc.status !== 0) throw new Error("Cloud Functions tipų patikra nepavyko (tsc -p functions/tsconfig.json)");
  }
  await build({
    entryPoints: [FUNCTIONS_ENTRY],
    outfile: FUNCTIONS_BUNDLE,
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    external: ["firebase-admin", "firebase-admin/*", "firebase-functions", "firebase-functions/*"],
    sourcemap: true,
    legalComments: "none",
    logLevel: "warning",
  });
  return FUNCTIONS_BUNDLE;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  buildFunctions({ typecheck: !process.argv.includes("--no-typecheck") }).then(
    (file) => {
      const kib = Math.round(statSync(file).size / 1024);
      console.info(`Cloud Functions surinktos: ${file} (${kib} KiB, ${Date.now() - started} ms)`);
    },
    (error: unknown) => {
      console.error(`Nepavyko surinkti Cloud Functions: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}

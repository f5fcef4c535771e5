// Runs after `vite build`: writes the files the new-build watcher reads.
//   dist/builds/latest.json        { id, timestamp }  (polled by open tabs)
//   dist/builds/meta/<id>.json     { id, timestamp }  (this build's manifest)
//
// The id must be the __BUILD_ID__ baked into the bundle. vite.config.ts takes it from
// BUILD_ID or makes one up, so when BUILD_ID is unset we read it back from the built
// entry chunk: src/main.tsx writes it with setAttribute("data-build-id", "<id>").
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface BuildInfo {
  id: string;
  timestamp: number;
}

// Minifiers may print the strings with ", ' or ` quotes.
const BUILD_ID_IN_BUNDLE = /["'`]data-build-id["'`]\s*,\s*["'`]([^"'`\\]+)["'`]/;

/** The build ids the bundle in `distDir` carries (normally exactly one). */
export function findBuildIds(distDir: string): string[] {
  const assets = path.join(distDir, "assets");
  if (!existsSync(assets)) return [];
  const ids = new Set<string>();
  for (const name of readdirSync(assets)) {
    if (!name.endsWith(".js")) continue;
    const match = BUILD_ID_IN_BUNDLE.exec(readFileSync(path.join(assets, name), "utf8"));
    if (match?.[1]) ids.add(match[1]);
  }
  return [...ids];
}

export function resolveBuildId(distDir: string, envBuildId: string | undefined): string {
  const found = findBuildIds(distDir);
  if (found.length > 1) throw new Error(`Pakete rasti keli versijos identifikatoriai: ${found.join(", ")}`);
  const fromBundle = found[0];
  const fromEnv = envBuildId?.trim() || undefined;
  if (fromEnv && fromBundle && fromEnv !== fromBundle) {
    throw new Error(`BUILD_ID (${fromEnv}) nesutampa su pakete įrašytu identifikatoriumi (${fromBundle})`);
  }
  const id = fromBundle ?? fromEnv;
  if (!id) {
    throw new Error(
      `Nerastas versijos identifikatorius: ${distDir}/assets/*.js neturi data-build-id ir BUILD_ID nenurodytas`,
    );
  }
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(id)) throw new Error(`Netinkamas versijos identifikatorius: ${id}`);
  return id;
}

export function writeBuildInfo(distDir: string, info: BuildInfo): void {
  const buildsDir = path.join(distDir, "builds");
  mkdirSync(path.join(buildsDir, "meta"), { recursive: true });
  const json = `${JSON.stringify(info)}\n`;
  writeFileSync(path.join(buildsDir, "meta", `${info.id}.json`), json);
  // latest.json last: a tab never sees an id whose manifest is not there yet.
  writeFileSync(path.join(buildsDir, "latest.json"), json);
}

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const distDir = path.resolve(root, process.env.DIST_DIR ?? "dist");
  if (!existsSync(path.join(distDir, "index.html"))) {
    throw new Error(`Nerastas ${path.join(distDir, "index.html")}: pirmiausia paleiskite vite build`);
  }
  const info: BuildInfo = { id: resolveBuildId(distDir, process.env.BUILD_ID), timestamp: Date.now() };
  writeBuildInfo(distDir, info);
  console.info(`Versijos informacija įrašyta: builds/latest.json ir builds/meta/${info.id}.json (${info.id})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(`Nepavyko įrašyti versijos informacijos: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

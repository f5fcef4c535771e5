// Where the server's own files are: found from the project's root (the folder with package.json
// above this module), so the paths hold both for the sources run by tsx (server/…) and for the
// compiled server (build/server/main.mjs, scripts/build-server.ts), whose modules are one file.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`Nerastas projekto aplankas (package.json) virš ${from}`);
  }
}

export const PROJECT_ROOT = projectRoot(path.dirname(fileURLToPath(import.meta.url)));
/** server/db/migrations: the SQL migrations, applied in order */
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, "server", "db", "migrations");
/** server/seed/images: the drawn car pictures that ship with the repository */
export const SEED_IMAGES_DIR = path.join(PROJECT_ROOT, "server", "seed", "images");
export const PACKAGE_JSON = path.join(PROJECT_ROOT, "package.json");

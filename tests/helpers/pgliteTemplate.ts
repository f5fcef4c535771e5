// An empty PGlite database with every migration applied, made ONCE per integration run (its
// globalSetup, tests/helpers/integrationSetup.ts) and copied for each test database or server that
// starts empty: PGlite's initdb and the migrations cost ~4 s per database on these machines, a
// copy of the closed folder ~0,1 s. Callers still run migrate(): on a copy it finds nothing to do,
// so a test that runs without the template (another project, one file on its own) behaves the same.
import { cpSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import { removeDir, tempDir } from "../../scripts/lib/serverProcess";

declare module "vitest" {
  export interface ProvidedContext {
    /** a data folder holding a migrated, empty PGlite database, cleanly closed; copy it, never use it */
    "ratai.migratedTemplate": string;
  }
}

const MIGRATED_TEMPLATE_KEY = "ratai.migratedTemplate";

function providedTemplate(): string | undefined {
  try {
    return inject(MIGRATED_TEMPLATE_KEY);
  } catch {
    return undefined;
  }
}

/** Copies the migrated database into dataDir (its `pglite` folder), when the project made one; true if it did. */
export function copyMigratedTemplate(dataDir: string): boolean {
  const template = providedTemplate();
  if (!template) return false;
  cpSync(path.join(template, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
  return true;
}

/** A new temporary data folder, already holding a migrated empty PGlite database when the project made one. */
export function migratedDataDir(prefix: string): string {
  const dataDir = tempDir(prefix);
  copyMigratedTemplate(dataDir);
  return dataDir;
}

/** For a globalSetup: migrates an empty database once and provides its folder; the teardown removes it. */
export async function provideMigratedTemplate(project: TestProject): Promise<() => void> {
  const [{ openDb }, { migrate }, { withLogSink }] = await Promise.all([
    import("../../server/db/index"),
    import("../../server/db/migrate"),
    import("../../server/log"),
  ]);
  const root = tempDir("migruota-sablonas");
  let log = "";
  try {
    await withLogSink(
      (line) => {
        log += `${line}\n`;
      },
      async () => {
        const db = await openDb({ dataDir: root, databaseUrl: null });
        try {
          await migrate(db);
        } finally {
          await db.close();
        }
      },
    );
  } catch (error) {
    removeDir(root);
    throw new Error(`Nepavyko paruošti tuščios duomenų bazės šablono: ${(error as Error).message}\n${log}`, {
      cause: error,
    });
  }
  project.provide(MIGRATED_TEMPLATE_KEY, root);
  return () => {
    if (process.env.KEEP_TEST_DATA !== "1") removeDir(root);
  };
}

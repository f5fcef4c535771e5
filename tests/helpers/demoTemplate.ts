// The demo data, seeded ONCE per test run into a template data folder (PGlite + files) that every
// server with { demo: true } starts from as a copy, instead of seeding (argon2 hashes, images,
// thousands of rows) again for each one. The integration project builds it in its globalSetup
// (tests/helpers/integrationSetup.ts) and hands the folder over with provide/inject; anywhere else
// (e2e) it is built lazily, once per process, on first use.
import { cpSync, existsSync, readdirSync } from "node:fs";
import path from "node:path";

export const DEMO_TEMPLATE_KEY = "ratai.demoTemplate";

/**
 * Migrates and seeds the demo data into dataDir, then closes the database cleanly (PGlite
 * checkpoints on close), so the folder can be copied byte for byte.
 */
export async function buildDemoTemplate(dataDir: string): Promise<void> {
  const [{ openDb }, { migrate }, { seedDemoIfEmpty }] = await Promise.all([
    import("../../server/db/index"),
    import("../../server/db/migrate"),
    import("../../server/seed/seed"),
  ]);
  const db = await openDb({ dataDir, databaseUrl: null });
  try {
    await migrate(db);
    if (!(await seedDemoIfEmpty(db, { dataDir }))) throw new Error(`Aplanke ${dataDir} jau buvo duomenų`);
  } finally {
    await db.close();
  }
}

/** True when dataDir has no database yet (a fresh or empty folder). */
export function isEmptyDataDir(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

/** Copies the template (database and files) into an empty dataDir. */
export function copyDemoTemplate(template: string, dataDir: string): void {
  cpSync(template, dataDir, { recursive: true });
}

/** A template folder name under dir for this process (e2e: built on first use). */
export function templatePath(dir: string): string {
  return path.join(dir, "demo");
}

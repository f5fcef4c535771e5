// The demo data, seeded ONCE per test run into a template data folder (PGlite + files) that every
// server with { demo: true } starts from as a copy (tests/helpers/server.ts), instead of seeding
// (argon2 hashes, images, thousands of rows) again for each one. The integration and e2e projects
// build it in their globalSetup (provideDemoTemplate) and hand the folder over with provide/inject.
import { cpSync, existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { removeDir, tempDir } from "../../scripts/lib/serverProcess";
import { withLogSink } from "../../server/log";

declare module "vitest" {
  export interface ProvidedContext {
    /** a data folder with the demo seed, cleanly closed; copy it, never use it */
    "ratai.demoTemplate": string;
  }
}

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

/**
 * For a project's globalSetup: seeds the template once and provides its folder to the project's
 * test files; the returned teardown removes it (KEEP_TEST_DATA=1 keeps it).
 */
export async function provideDemoTemplate(project: TestProject): Promise<() => void> {
  const root = tempDir("demo-sablonas");
  const started = performance.now();
  const template = path.join(root, "demo");
  // The seed's own log (migrations, counts) only when it fails.
  let log = "";
  try {
    await withLogSink(
      (line) => {
        log += `${line}\n`;
      },
      () => buildDemoTemplate(template),
    );
  } catch (error) {
    removeDir(root);
    throw new Error(`Nepavyko paruošti demonstracinių duomenų: ${(error as Error).message}\n${log}`, { cause: error });
  }
  console.info(
    `Demonstraciniai duomenys paruošti kartą per ${Math.round(performance.now() - started)} ms (${template})`,
  );
  project.provide(DEMO_TEMPLATE_KEY, template);
  return () => {
    if (process.env.KEEP_TEST_DATA !== "1") removeDir(root);
  };
}

// Seeds the demo data once per e2e run: a server started with --demo fills a data folder and
// stops; each test file then starts its own server on a copy (tests/helpers/e2e.ts,
// startDemoServer), so a file gets the same fresh demo data without paying for PGlite's initdb,
// the migrations, the argon2 hashes and the seed again (~60 s per file on a busy 2-core machine).
import type { TestProject } from "vitest/node";
import { freePort, launchServer } from "../../scripts/lib/serverProcess";
import { removeTempDir, tempDir } from "../helpers/server";

/** Seeding (initdb, migrations, argon2 hashes, images) once: on a busy machine it can pass the usual 90 s. */
const SEED_TIMEOUT_MS = 300_000;

declare module "vitest" {
  export interface ProvidedContext {
    /** a data folder with the demo seed, from a cleanly stopped server; copy it, never use it */
    e2eDemoDataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dataDir = tempDir("e2e-demo-sekla");
  try {
    const port = await freePort();
    const server = await launchServer({
      port,
      dataDir,
      demo: true,
      env: { PUBLIC_URL: `http://127.0.0.1:${port}` },
      timeoutMs: SEED_TIMEOUT_MS,
    });
    await server.stop();
  } catch (error) {
    removeTempDir(dataDir);
    throw error;
  }
  project.provide("e2eDemoDataDir", dataDir);
  return () => removeTempDir(dataDir);
}

// globalSetup of the e2e project (vitest.config.ts): seeds the demo data once per run
// (tests/helpers/demoTemplate.ts); each test file's demo server then starts on a copy of it
// (tests/helpers/server.ts), so a file gets the same fresh demo data without paying for PGlite's
// initdb, the migrations, the argon2 hashes and the seed again (~60 s per file on a busy 2-core
// machine).
import type { TestProject } from "vitest/node";
import { provideDemoTemplate } from "../helpers/demoTemplate";

export default async function setup(project: TestProject): Promise<() => void> {
  const teardown = await provideDemoTemplate(project);
  project.provide("ratai.inProcess", process.env.TEST_SERVER_PROCESS !== "1");
  return teardown;
}

// globalSetup of the integration project (vitest.config.ts): seeds the demo data once
// (tests/helpers/demoTemplate.ts) and migrates an empty database once (tests/helpers/pgliteTemplate.ts)
// for every test file's servers and databases to copy, and tells the test
// helper (tests/helpers/server.ts) to run the servers inside the test workers.
import type { TestProject } from "vitest/node";
import { provideDemoTemplate } from "./demoTemplate";
import { provideMigratedTemplate } from "./pgliteTemplate";

declare module "vitest" {
  export interface ProvidedContext {
    "ratai.inProcess": boolean;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const removeDemo = await provideDemoTemplate(project);
  const removeMigrated = await provideMigratedTemplate(project);
  project.provide("ratai.inProcess", process.env.TEST_SERVER_PROCESS !== "1");
  return () => {
    removeMigrated();
    removeDemo();
  };
}

// globalSetup of the integration project (vitest.config.ts): seeds the demo data once
// (tests/helpers/demoTemplate.ts) for every test file's servers to copy, and tells the test
// helper (tests/helpers/server.ts) to run the servers inside the test workers.
import type { TestProject } from "vitest/node";
import { provideDemoTemplate } from "./demoTemplate";

declare module "vitest" {
  export interface ProvidedContext {
    "ratai.inProcess": boolean;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const teardown = await provideDemoTemplate(project);
  project.provide("ratai.inProcess", process.env.TEST_SERVER_PROCESS !== "1");
  return teardown;
}

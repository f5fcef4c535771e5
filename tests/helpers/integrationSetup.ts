// globalSetup of the integration project (vitest.config.ts): seeds the demo data once
// (tests/helpers/demoTemplate.ts) for every test file's servers to copy, and tells the test
// helper (tests/helpers/server.ts) to run the servers inside the test workers.
import type { TestProject } from "vitest/node";
import { removeDir, tempDir } from "../../scripts/lib/serverProcess";
import { withLogSink } from "../../server/log";
import { buildDemoTemplate, DEMO_TEMPLATE_KEY, templatePath } from "./demoTemplate";

declare module "vitest" {
  export interface ProvidedContext {
    "ratai.demoTemplate": string;
    "ratai.inProcess": boolean;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const root = tempDir("demo-sablonas");
  const started = performance.now();
  const template = templatePath(root);
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
  project.provide("ratai.inProcess", process.env.TEST_SERVER_PROCESS !== "1");
  return () => {
    if (process.env.KEEP_TEST_DATA !== "1") removeDir(root);
  };
}

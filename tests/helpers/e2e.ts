// One demo server and one Chromium per e2e test file; the server runs on a copy of the demo data
// seeded once per run (tests/e2e/globalSetup.ts).
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { assertBuilt, type BrowserSession, openBrowser } from "./browser";
import { type RunningServer, removeTempDir, type StartOptions, startServer, tempDir } from "./server";

export interface E2eContext {
  server: RunningServer;
  browser: BrowserSession;
}

/**
 * A demo server (server/main.ts --demo) on a copy of the run's seeded demo data folder: the same
 * data a fresh --demo start loads, without seeding it again. Stopping it removes the copy. Without
 * the seeded folder (a run that skipped tests/e2e/globalSetup.ts) it seeds its own.
 */
export async function startDemoServer(options: Omit<StartOptions, "demo" | "dataDir"> = {}): Promise<RunningServer> {
  const seeded = inject("e2eDemoDataDir");
  if (!seeded || !existsSync(seeded)) return startServer({ ...options, demo: true });
  const folder = tempDir("e2e-duomenys");
  const dataDir = join(folder, "data");
  try {
    mkdirSync(dataDir);
    cpSync(seeded, dataDir, { recursive: true });
    // --demo as before: the data is there, so the server only says so and starts.
    const server = await startServer({ ...options, demo: true, dataDir });
    return {
      ...server,
      stop: async () => {
        await server.stop();
        removeTempDir(folder);
      },
    };
  } catch (error) {
    removeTempDir(folder);
    throw error;
  }
}

/** Registers beforeAll/afterAll; read the context inside tests. */
export function demoAppForFile(): E2eContext {
  const context = {} as E2eContext;
  beforeAll(async () => {
    assertBuilt();
    // The server and the browser start side by side.
    const [server, browser] = await Promise.allSettled([startDemoServer(), openBrowser()]);
    if (server.status === "fulfilled") context.server = server.value;
    if (browser.status === "fulfilled") context.browser = browser.value;
    if (server.status === "rejected") throw server.reason;
    if (browser.status === "rejected") throw browser.reason;
  });
  afterAll(async () => {
    await context.browser?.close();
    await context.server?.stop();
  });
  return context;
}

/**
 * The folder for a test file's review screenshots: the one the environment variable names (kept,
 * for a person to look at), or else a temporary folder of this file's own, made when first asked
 * for and removed after the file (KEEP_TEST_DATA=1 keeps it).
 */
export function screenshotFolderForFile(name: string, named = process.env.SHOTS_DIR): () => string {
  let folder: string | null = null;
  afterAll(() => {
    if (folder && folder !== named) removeTempDir(folder);
  });
  return () => {
    if (!folder) {
      folder = named || tempDir(`e2e-kopijos-${name}`);
      mkdirSync(folder, { recursive: true });
    }
    return folder;
  };
}

/** Fills the /login form already on the page and submits it. */
export async function submitLoginForm(page: Page, account: { email: string; password: string }): Promise<void> {
  await page
    .getByLabel(/el\.\s*paštas/i)
    .first()
    .fill(account.email);
  await page
    .getByLabel(/slaptažodis/i)
    .first()
    .fill(account.password);
  await page
    .getByRole("button", { name: /prisijungti/i })
    .first()
    .click();
}

/** Signs in through the real /login form and waits for the back-office. */
export async function signInThroughForm(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/login`, { waitUntil: "load" });
  await submitLoginForm(page, account);
  await page.waitForURL((url) => url.pathname.startsWith("/admin"));
}

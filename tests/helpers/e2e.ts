// One demo server and one Chromium per e2e test file; the server runs on a copy of the demo data
// seeded once per run (tests/e2e/globalSetup.ts, tests/helpers/server.ts).
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { assertBuilt, type BrowserSession, openBrowser } from "./browser";
import { type RunningServer, removeTempDir, startServer, tempDir } from "./server";

export interface E2eContext {
  server: RunningServer;
  browser: BrowserSession;
}

/** Registers beforeAll/afterAll; read the context inside tests. */
export function demoAppForFile(): E2eContext {
  const context = {} as E2eContext;
  beforeAll(async () => {
    assertBuilt();
    // The server and the browser start side by side.
    const [server, browser] = await Promise.allSettled([startServer({ demo: true }), openBrowser()]);
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

/**
 * The emulator addresses a Firebase test file sets in process.env, as they were when it loaded;
 * call the returned function in afterAll: the files after it share the worker (isolate: false).
 */
export function emulatorEnvRestorer(): () => void {
  const saved = {
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST,
  };
  return () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

// One demo server and one Chromium per e2e test file.
import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { assertBuilt, type BrowserSession, openBrowser } from "./browser";
import { type RunningServer, startServer } from "./server";

export interface E2eContext {
  server: RunningServer;
  browser: BrowserSession;
}

/** Registers beforeAll/afterAll; read the context inside tests. */
export function demoAppForFile(): E2eContext {
  const context = {} as E2eContext;
  beforeAll(async () => {
    assertBuilt();
    context.server = await startServer({ demo: true });
    context.browser = await openBrowser();
  });
  afterAll(async () => {
    await context.browser?.close();
    await context.server?.stop();
  });
  return context;
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

// Real Chromium through playwright-core: one browser per test worker (the e2e files share a worker,
// vitest.config.ts), a fresh context (cookies, storage, cache) per file, and the console errors of
// every page collected for the assertions. Launching Chromium once instead of once per file saves
// its start-up and shut-down (~3 s each on a busy 2-core machine) for every file.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, DEFAULT_CHROMIUM } from "../../scripts/chromium";
import { REPO_ROOT, tempDir } from "./server";

/** The e2e tests drive the built app; say so plainly when it is missing. */
export function assertBuilt(): void {
  const index = join(process.env.DIST_DIR ?? join(REPO_ROOT, "dist"), "index.html");
  if (!existsSync(index)) {
    throw new Error(
      `Nerastas surinktas programos failas ${index}. Naršyklės testams reikia surinktos programos: ` +
        "paleiskite „npm run build“ arba „npm test“ (jis surenka prieš naršyklės testus).",
    );
  }
}

function chromePath(): string {
  const path = process.env.CHROME_PATH?.trim() || DEFAULT_CHROMIUM;
  if (!existsSync(path)) {
    throw new Error(
      `Nerasta Chromium naršyklė (${path}). Paleiskite per „npm run test:e2e“ (jis suranda arba įdiegia Chromium) ` +
        "arba nurodykite CHROME_PATH.",
    );
  }
  return path;
}

export interface BrowserSession {
  context: BrowserContext;
  newPage(): Promise<Page>;
  /** console errors and uncaught page errors seen on a page */
  errorsOf(page: Page): string[];
  /** saves a full-page screenshot to a temp folder and returns its path */
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

let screenshotsDir: string | null = null;

/** The worker's Chromium, launched when first asked for; launched again if it went away. */
let shared: Promise<Browser> | null = null;

async function sharedBrowser(): Promise<Browser> {
  const current = shared ? await shared.catch(() => null) : null;
  if (current?.isConnected()) return current;
  shared = chromium.launch({ executablePath: chromePath(), headless: true, args: CHROMIUM_FLAGS });
  // Playwright closes the browsers it launched when this process exits.
  return shared;
}

export async function openBrowser(): Promise<BrowserSession> {
  const browser = await sharedBrowser();
  const context = await browser.newContext({
    locale: "lt-LT",
    timezoneId: "Europe/Vilnius",
    viewport: { width: 1280, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const errors = new WeakMap<Page, string[]>();
  const track = (page: Page) => {
    const list: string[] = [];
    errors.set(page, list);
    page.on("console", (message) => {
      if (message.type() === "error") list.push(`${message.text()} (${message.location().url})`);
    });
    page.on("pageerror", (error) => list.push(`nepagauta klaida: ${error.message}`));
  };
  for (const page of context.pages()) track(page);
  context.on("page", track);

  return {
    context,
    newPage: async () => {
      const page = await context.newPage();
      if (!errors.has(page)) track(page);
      return page;
    },
    errorsOf: (page) => errors.get(page) ?? [],
    screenshot: async (page, name) => {
      screenshotsDir ??= tempDir("e2e-ekrano-kopijos");
      mkdirSync(screenshotsDir, { recursive: true });
      const file = join(screenshotsDir, `${name.replace(/[^a-z0-9-]+/gi, "_")}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      return file;
    },
    close: () => context.close(),
  };
}

/**
 * Waits until the page has settled after a change of layout (a resize, a dialog opening): the
 * fonts loaded, no transition or finite animation running (a dialog's fade-in; spinners and
 * skeleton pulses, which never end, do not count), and two frames painted after that.
 * Instead of a fixed pause before a screenshot.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.fonts.status === "loaded" &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity,
        ),
    undefined,
    { polling: "raf" },
  );
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** Resizes the viewport and waits for the page to settle in it. */
export async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await settled(page);
}

/** Runs a browser step; on failure saves a screenshot and names it in the error. */
export async function withScreenshot<T>(
  session: BrowserSession,
  page: Page,
  name: string,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const file = await session.screenshot(page, name);
    if (error instanceof Error) error.message += `\nEkrano kopija: ${file}\nAdresas: ${page.url()}`;
    throw error;
  }
}

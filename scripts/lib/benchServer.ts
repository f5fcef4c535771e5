// Shared by the bench scripts (npm run bench, npm run bench:site): the production server
// (built dist served by the compiled server, build/server/main.mjs --demo) on a free port with its own data folder, and
// the public JavaScript a page loads before any interaction.

import { existsSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { matchPublicRoute } from "../../src/app/routes";
import { buildServer } from "../build-server";
import { CHROMIUM_FLAGS, DEFAULT_CHROMIUM } from "../chromium";
import { freePort, launchServer, ROOT, removeDir, tempDir } from "./serverProcess";

export { ROOT };
export const CHROME_PATH = process.env.CHROME_PATH || DEFAULT_CHROMIUM;
/** Public JavaScript budget, gzip, on every public page (the SPEC's own is 150 kB; the speed goal is lower). */
export const JS_BUDGET_KB = 100;
/** Pages with no form (terms, about, privacy, news, offers): they load no React at all. */
export const JS_BUDGET_NO_FORM_KB = 40;

/** The budget of one public page: the route table marks the pages with no form (staticPage). */
export function jsBudgetFor(pagePath: string): number {
  return matchPublicRoute(new URL(pagePath, "http://localhost").pathname)?.route.staticPage
    ? JS_BUDGET_NO_FORM_KB
    : JS_BUDGET_KB;
}

export const DIST_MISSING = "Nerasta surinkta programa (dist/index.html). Pirmiausia paleiskite „npm run build“.";
const START_TIMEOUT_MS = 120_000;
/** Short, so the measured start time is off by at most this much. */
const POLL_MS = 25;

/** The built app the server will serve: DIST_DIR (as server/config.ts reads it) or dist/. */
export const distBuilt = (): boolean =>
  existsSync(path.join(path.resolve(ROOT, process.env.DIST_DIR?.trim() || "dist"), "index.html"));

export function tempDataDir(): string {
  return tempDir("bench");
}

export const removeDataDir = removeDir;

export interface BenchServer {
  url: string;
  dataDir: string;
  /** from spawning the process until GET /api/health first answered 200 */
  startMs: number;
  /** everything the process printed so far */
  output(): string;
  /** SIGTERM and wait; removes the data folder unless the caller gave it */
  stop(): Promise<void>;
}

/** The compiled server, built once per run from the current sources (what `npm start` runs). */
let compiledServer: Promise<unknown> | null = null;

/**
 * The compiled server (build/server/main.mjs, as `npm start` runs it) with --demo on a free port:
 * the demo seed fills an empty data folder, an existing one is used as it is. Without `dataDir` a
 * fresh temporary folder is made (and removed by stop).
 */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<BenchServer> {
  if (!distBuilt()) throw new Error(DIST_MISSING);
  compiledServer ??= buildServer();
  await compiledServer;
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? tempDataDir();
  try {
    const server = await launchServer({
      port: await freePort(),
      dataDir,
      demo: true,
      compiled: true,
      pollMs: POLL_MS,
      timeoutMs: START_TIMEOUT_MS,
      // The benchmark is one client sending thousands of quotes and reservations: per-client limits
      // would measure 429 answers instead of the work.
      env: {
        RATE_LIMIT_QUOTES: "1000000",
        RATE_LIMIT_RESERVATIONS: "1000000",
        RATE_LIMIT_REQUESTS: "1000000",
        ...options.env,
      },
    });
    return {
      url: server.url,
      dataDir,
      startMs: server.startMs,
      output: server.output,
      stop: async () => {
        await server.stop();
        if (ownDataDir) removeDataDir(dataDir);
      },
    };
  } catch (error) {
    if (ownDataDir) removeDataDir(dataDir);
    throw error;
  }
}

/** Gzip size (kB) of every script a page loads, up to network idle, without any interaction. */
export async function initialJsKb(baseUrl: string, pagePath: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on("request", (request) => {
      if (request.resourceType() === "script" && request.url().startsWith(baseUrl)) scripts.add(request.url());
    });
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: "networkidle" });
    let total = 0;
    for (const url of scripts) {
      const body = Buffer.from(await (await fetch(url, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer());
      total += gzipSync(body, { level: 9 }).length;
    }
    return total / 1024;
  } finally {
    await browser.close();
  }
}

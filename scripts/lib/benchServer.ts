// Shared by the bench scripts (npm run bench, npm run bench:site): the production server
// (built dist served by server/main.ts --demo) on a free port with its own data folder, and
// the public JavaScript a page loads before any interaction.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
export const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
/** Public JavaScript budget (SPEC: at most 150 kB gzip on every public route). */
export const JS_BUDGET_KB = 150;
export const DIST_MISSING = "Nerasta surinkta programa (dist/index.html). Pirmiausia paleiskite „npm run build“.";
const START_TIMEOUT_MS = 120_000;
/** Short, so the measured start time is off by at most this much. */
const POLL_MS = 25;

export const distBuilt = (): boolean => existsSync(path.join(ROOT, "dist", "index.html"));

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  server.close();
  await once(server, "close");
  return port;
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "ratai-bench-"));
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

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

/**
 * server/main.ts --demo on a free port: the demo seed fills an empty data folder, an existing
 * one is used as it is. Without `dataDir` a fresh temporary folder is made (and removed by stop).
 */
export async function startServer(options: { dataDir?: string } = {}): Promise<BenchServer> {
  if (!distBuilt()) throw new Error(DIST_MISSING);
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? tempDataDir();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  for (const key of Object.keys(env)) if (key.startsWith("FIREBASE_")) delete env[key];
  let output = "";
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts", "--demo"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    }
    if (ownDataDir) removeDataDir(dataDir);
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) {
        return { url, dataDir, startMs: performance.now() - started, output: () => output, stop };
      }
    } catch {
      // starting
    }
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
  await stop();
  throw new Error(`Serveris nepasileido.\n${output}`);
}

/** Gzip size (kB) of every script a page loads, up to network idle, without any interaction. */
export async function initialJsKb(baseUrl: string, pagePath: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
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

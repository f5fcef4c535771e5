// `npm run dev`: the API server (server/main.ts --demo, restarted by `node --watch` when a file it
// loads changes) and Vite's dev server (hot reload; /api, /files and /runtime-config.json are
// proxied to the API server, vite.config.ts) in one command. Ctrl-C or SIGTERM stops both; when
// either stops on its own, the other is stopped too.
//
//   npm run dev                    API on PORT (3000), Vite on 5173 (or the next free port)
//   PORT=3100 npm run dev          another API port (Vite's proxy follows it)
//   npm run dev -- --port 5200     arguments after -- go to Vite's server (--port, --host, --open)
//   npm run dev -- --no-demo       the API server without demo data (an empty base)
import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { createServer, type ViteDevServer } from "vite";

const args = process.argv.slice(2);
const demo = !args.includes("--no-demo");
const apiPort = Number(process.env.PORT ?? 3000);
const apiUrl = `http://localhost:${apiPort}`;
/** How long a stopping process may take before it is killed. */
const STOP_GRACE_MS = 5_000;

function option(name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

let stopping = false;
let vite: ViteDevServer | null = null;

const api: ChildProcess = spawn(
  process.execPath,
  ["--import", "tsx", "--watch", "server/main.ts", ...(demo ? ["--demo"] : [])],
  // Its own process group: the watcher and the server it runs are stopped together, even when
  // the watcher itself has died.
  { stdio: "inherit", env: { ...process.env, PORT: String(apiPort) }, detached: true },
);

/** Sends a signal to the API's process group (the watcher and its server). */
function signalApi(signal: NodeJS.Signals): void {
  try {
    if (api.pid !== undefined) process.kill(-api.pid, signal);
  } catch {
    // already gone
  }
}
const apiExited = new Promise<number>((resolve) => {
  api.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});

async function stop(code: number, reason?: string): Promise<never> {
  if (!stopping) {
    stopping = true;
    if (reason) console.log(reason);
    if (api.exitCode === null && api.signalCode === null) {
      signalApi("SIGTERM");
      const killed = await Promise.race([apiExited.then(() => false), sleep(STOP_GRACE_MS).then(() => true)]);
      if (killed) signalApi("SIGKILL");
    } else {
      // The watcher is gone; its server may not be.
      signalApi("SIGTERM");
    }
    await vite?.close();
    process.exit(code);
  }
  return new Promise<never>(() => undefined);
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => void stop(0, "\nStabdoma: API serveris ir Vite…"));
}
void apiExited.then((code) => {
  if (!stopping) void stop(code || 1, `API serveris sustojo (kodas ${code}) – stabdomas ir Vite.`);
});

/** Waits until the API answers /api/health (it runs migrations and seeds demo data first). */
async function waitForApi(): Promise<void> {
  while (!stopping) {
    try {
      if ((await fetch(`${apiUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
}

try {
  // vite.config.ts reads API_URL for its proxy.
  process.env.API_URL = apiUrl;
  const port = option("--port");
  const host = option("--host");
  vite = await createServer({
    server: {
      ...(port ? { port: Number(port) } : {}),
      ...(host ? { host } : {}),
      ...(args.includes("--open") ? { open: true } : {}),
    },
  });
  await vite.listen();
  vite.httpServer?.once("close", () => {
    if (!stopping) void stop(1, "Vite sustojo – stabdomas ir API serveris.");
  });
} catch (error) {
  await stop(1, `Nepavyko paleisti Vite: ${error instanceof Error ? error.message : String(error)}`);
}

const siteUrl = (vite?.resolvedUrls?.local[0] ?? "http://localhost:5173/").replace(/\/$/, "");
console.log(
  [
    "",
    "Kūrimo režimas (Ctrl-C – sustabdyti abu):",
    `  Svetainė:          ${siteUrl}/`,
    `  Administravimas:   ${siteUrl}/admin`,
    `  API serveris:      ${apiUrl}/api (užklausos /api, /files, /runtime-config.json eina per Vite)`,
    ...(vite?.resolvedUrls?.network.map((url) => `  Tinkle:            ${url}`) ?? []),
    "Pakeitimai naršyklėje matomi iškart (Vite), serveris persikrauna pats (node --watch).",
    "",
  ].join("\n"),
);
await waitForApi();
if (!stopping) console.log(`API serveris atsako: ${apiUrl}/api/health – galima dirbti ${siteUrl}/`);

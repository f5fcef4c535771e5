// Starts the REAL server (node --import tsx server/main.ts) on a free port with its
// own PGlite data folder (or a given PostgreSQL), so integration and e2e tests drive the thing users run.
import { freePort, launchServer, ROOT, removeDir, type ServerProcess, tempDir } from "../../scripts/lib/serverProcess";

export { freePort, tempDir };
export const REPO_ROOT = ROOT;

export interface StartOptions {
  /** load the demo seed (server/main.ts --demo) */
  demo?: boolean;
  /** run the compiled server that `npm start` runs (build/server/main.mjs, made by npm run build) */
  compiled?: boolean;
  /** reuse a data folder (durability); default: a fresh temp folder */
  dataDir?: string;
  /** a real PostgreSQL (DATABASE_URL); default: none, the server's own PGlite in dataDir */
  databaseUrl?: string;
  env?: Record<string, string>;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** everything the process printed so far */
  output(): string;
  /** SIGTERM and wait; a data folder the helper made is removed (KEEP_TEST_DATA=1 keeps it) */
  stop(): Promise<void>;
  /** stop, then start again on the same data folder and port */
  restart(): Promise<void>;
}

/** Removes a temp folder the tests made, unless KEEP_TEST_DATA=1 asks to keep it for a post-mortem. */
export function removeTempDir(dir: string): void {
  if (process.env.KEEP_TEST_DATA === "1") return;
  removeDir(dir);
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? tempDir("data");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The output of the processes before a restart, then the running one's.
  let earlier = "";
  let current: ServerProcess | null = null;

  const launch = async (): Promise<void> => {
    current = await launchServer({
      port,
      dataDir,
      demo: options.demo,
      compiled: options.compiled,
      env: {
        PUBLIC_URL: url,
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        ...options.env,
      },
    });
  };
  const stopCurrent = async (): Promise<void> => {
    const running = current;
    current = null;
    if (!running) return;
    await running.stop();
    earlier += running.output();
  };

  try {
    await launch();
  } catch (error) {
    if (ownDataDir) removeTempDir(dataDir);
    throw error;
  }
  return {
    url,
    port,
    dataDir,
    output: () => earlier + (current?.output() ?? ""),
    stop: async () => {
      await stopCurrent();
      if (ownDataDir) removeTempDir(dataDir);
    },
    restart: async () => {
      await stopCurrent();
      await launch();
    },
  };
}

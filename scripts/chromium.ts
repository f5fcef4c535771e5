// Finds the Chromium the end-to-end tests drive: CHROME_PATH, then /usr/bin/chromium;
// as root with apt-get, installs Debian's chromium when it is missing. Also the flags the
// tests and the bench scripts launch it with.
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, statSync } from "node:fs";

export const DEFAULT_CHROMIUM = "/usr/bin/chromium";
/** How the tests and the bench scripts launch it: headless, no sandbox, nothing in the background. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const APT_GET = "/usr/bin/apt-get";

function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export class ChromiumNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChromiumNotFoundError";
  }
}

function runApt(args: string[]): void {
  const result = spawnSync(APT_GET, args, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.status !== 0) {
    throw new ChromiumNotFoundError(`Komanda „apt-get ${args.join(" ")}“ nepavyko (kodas ${result.status}).`);
  }
}

/** The Chromium executable path; throws ChromiumNotFoundError with a Lithuanian explanation. */
export function findChromium(env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.info): string {
  const fromEnv = env.CHROME_PATH?.trim();
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    throw new ChromiumNotFoundError(
      `CHROME_PATH nurodo „${fromEnv}“, bet tokio vykdomojo failo nėra. Pataisykite CHROME_PATH arba jį pašalinkite.`,
    );
  }
  if (isExecutable(DEFAULT_CHROMIUM)) return DEFAULT_CHROMIUM;

  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync(APT_GET)) {
    log("Chromium nerastas: diegiamas Debian paketas „chromium“ (apt-get) ...");
    runApt(["update"]);
    runApt(["install", "-y", "chromium"]);
    if (isExecutable(DEFAULT_CHROMIUM)) return DEFAULT_CHROMIUM;
    throw new ChromiumNotFoundError(`Paketas „chromium“ įdiegtas, bet ${DEFAULT_CHROMIUM} vis tiek nerastas.`);
  }
  throw new ChromiumNotFoundError(
    [
      "Nerasta Chromium naršyklė, reikalinga naršyklės (e2e) testams.",
      `Ieškota: CHROME_PATH (nenustatytas), ${DEFAULT_CHROMIUM}.`,
      "Įdiekite Chromium (pvz., „sudo apt-get install -y chromium“) arba nurodykite kelią:",
      "  CHROME_PATH=/kelias/iki/chromium npm test",
    ].join("\n"),
  );
}

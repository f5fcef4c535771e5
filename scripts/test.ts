// `npm test`: lint, type check, unit, integration, build, end-to-end, in that order,
// stopping at the first failure. `--only e2e` (or `--only unit,integration`) runs a part.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ChromiumNotFoundError, findChromium } from "./chromium";

const ROOT = resolve(import.meta.dirname, "..");
const bin = (name: string) => resolve(ROOT, "node_modules/.bin", name);

interface Step {
  id: string;
  title: string;
  command: string;
  args: string[];
  /** extra environment, computed just before the step runs */
  prepare?: () => Record<string, string>;
}

const STEPS: Step[] = [
  { id: "lint", title: "Stilius ir formatavimas (biome check)", command: bin("biome"), args: ["check", "."] },
  { id: "types", title: "Tipų patikra (tsc --noEmit)", command: bin("tsc"), args: ["-p", "tsconfig.json", "--noEmit"] },
  { id: "unit", title: "Vienetų testai (vitest: unit)", command: bin("vitest"), args: ["run", "--project", "unit"] },
  {
    id: "integration",
    title: "Integraciniai testai (tikras serveris ir PGlite)",
    command: bin("vitest"),
    args: ["run", "--project", "integration"],
  },
  { id: "build", title: "Programos surinkimas (npm run build)", command: "npm", args: ["run", "build"] },
  {
    id: "e2e",
    title: "Naršyklės testai (playwright-core ir Chromium)",
    command: bin("vitest"),
    args: ["run", "--project", "e2e"],
    prepare: () => ({ CHROME_PATH: findChromium() }),
  },
];

/** The counts of vitest's JSON report: printed in the summary so tests not run are never hidden among passes. */
interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

function readCounts(file: string): TestCounts | null {
  try {
    const report = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    const count = (key: string) => (typeof report[key] === "number" ? (report[key] as number) : 0);
    return {
      passed: count("numPassedTests"),
      failed: count("numFailedTests"),
      skipped: count("numPendingTests") + count("numTodoTests"),
    };
  } catch {
    return null;
  }
}

const countsText = (counts: TestCounts | null): string => {
  if (!counts) return "";
  const parts = [`${counts.passed} praėjo`];
  if (counts.failed > 0) parts.push(`${counts.failed} nepavyko`);
  if (counts.skipped > 0) parts.push(`${counts.skipped} nevykdyti`);
  return parts.join(", ");
};

const seconds = (ms: number) =>
  `${new Intl.NumberFormat("lt-LT", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000)} s`;

function parseArgs(argv: string[]): { only: Set<string> | null; vitestArgs: string[] } {
  const dashdash = argv.indexOf("--");
  const own = dashdash === -1 ? argv : argv.slice(0, dashdash);
  const vitestArgs = dashdash === -1 ? [] : argv.slice(dashdash + 1);
  let only: Set<string> | null = null;
  for (let i = 0; i < own.length; i++) {
    const arg = own[i] as string;
    let value: string | undefined;
    if (arg === "--only") value = own[++i];
    else if (arg.startsWith("--only=")) value = arg.slice("--only=".length);
    else
      throw new Error(
        `Nežinomas argumentas „${arg}“. Naudojimas: npm test [-- --only ${STEPS.map((s) => s.id).join(",")}]`,
      );
    if (!value) throw new Error("Po --only nurodykite žingsnį");
    only ??= new Set();
    for (const id of value.split(",")) {
      const trimmed = id.trim();
      if (!STEPS.some((s) => s.id === trimmed)) {
        throw new Error(`Nežinomas žingsnis „${trimmed}“. Galimi: ${STEPS.map((s) => s.id).join(", ")}`);
      }
      only.add(trimmed);
    }
  }
  return { only, vitestArgs };
}

let running: ReturnType<typeof spawn> | null = null;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    running?.kill(signal);
    process.exit(130);
  });
}

function run(step: Step, extraEnv: Record<string, string>, extraArgs: string[]): Promise<number> {
  return new Promise((done) => {
    const child = spawn(step.command, [...step.args, ...extraArgs], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, ...extraEnv, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
    });
    running = child;
    child.once("error", (error) => {
      console.error(`Nepavyko paleisti „${step.command}“: ${error.message}`);
      done(127);
    });
    child.once("exit", (code, signal) => {
      running = null;
      done(code ?? (signal ? 128 : 1));
    });
  });
}

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const steps = STEPS.filter((s) => !parsed.only || parsed.only.has(s.id));
  const results: { step: Step; ms: number; ok: boolean; counts: TestCounts | null }[] = [];
  const started = Date.now();
  const reports = mkdtempSync(join(tmpdir(), "ratai-testai-"));

  for (const [index, step] of steps.entries()) {
    console.info(`\n━━━ ${index + 1}/${steps.length} ${step.title} ━━━`);
    const stepStart = Date.now();
    let env: Record<string, string> = {};
    try {
      env = step.prepare?.() ?? {};
    } catch (error) {
      const message = error instanceof ChromiumNotFoundError ? error.message : String(error);
      console.error(`\n✖ ${step.title}: ${message}`);
      results.push({ step, ms: Date.now() - stepStart, ok: false, counts: null });
      break;
    }
    if (env.CHROME_PATH) console.info(`Chromium: ${env.CHROME_PATH}`);
    const isVitest = step.command === bin("vitest");
    const report = join(reports, `${step.id}.json`);
    const reporterArgs = ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
    const code = await run(step, env, isVitest ? [...reporterArgs, ...parsed.vitestArgs] : []);
    const ms = Date.now() - stepStart;
    results.push({ step, ms, ok: code === 0, counts: isVitest ? readCounts(report) : null });
    if (code !== 0) {
      console.error(
        `\n✖ Nepavyko: ${step.title} (išėjimo kodas ${code}, ${seconds(ms)}). Tolesni žingsniai nevykdyti.`,
      );
      break;
    }
    console.info(`✔ ${step.title}: ${seconds(ms)}`);
  }

  const ok = results.length === steps.length && results.every((r) => r.ok);
  console.info("\n━━━ Santrauka ━━━");
  for (const step of steps) {
    const result = results.find((r) => r.step === step);
    const mark = !result ? "–" : result.ok ? "✔" : "✖";
    const time = result ? seconds(result.ms) : "nevykdyta";
    const counts = countsText(result?.counts ?? null);
    console.info(`${mark} ${step.title.padEnd(52)} ${time.padStart(8)}${counts ? `   ${counts}` : ""}`);
  }
  rmSync(reports, { recursive: true, force: true });
  console.info(`${ok ? "Visi testai praėjo" : "Testai nepraėjo"} per ${seconds(Date.now() - started)}.`);
  return ok ? 0 : 1;
}

process.exit(await main());

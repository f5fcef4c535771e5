// `npm test`: lint, type check, build, unit, end-to-end, integration, stopping at the first
// failure. `--only e2e` (or `--only unit,integration`) runs a part. Steps run beside the next
// ones when nothing after them depends on their order: lint, the type check and the build start
// with the unit tests; after the unit tests the end-to-end tests run beside the integration tests
// (starting when the build is ready). Their output is printed when they end. On 2 cores the test
// files, which run one at a time, leave the second core mostly idle otherwise.
// The summary gives each step's wall time and test counts.
// The integration step runs with the Google Cloud SDK's Firestore emulator (firestore.rules
// loaded) when it is installed, so every Firestore suite runs; the summary says how many
// Firestore tests ran and how many did not, and why.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { ChromiumNotFoundError, findChromium } from "./chromium";
import { gcloudFirestoreMissingReason, startGcloudFirestore } from "./firebase-gcloud-emulator";
import { firebaseToolsMissingReason } from "./firebase-tools-emulators";
import {
  type Counts,
  countOf,
  isFirestoreTest,
  isStorageTest,
  isUnder,
  type ReportedTest,
  readReportedTests,
} from "./lib/emulatorSuites";

const ROOT = resolve(import.meta.dirname, "..");
const bin = (name: string) => resolve(ROOT, "node_modules/.bin", name);

/** A process a step needs running beside it (an emulator), started just before the step. */
interface Service {
  /** environment for the step */
  env: Record<string, string>;
  /** stops it and waits; when this process ends it stops on its own (scripts/lib/emulatorGuard.ts) */
  stop(): Promise<void>;
}

/** A group of a step's tests the summary counts on a line of its own. */
interface Highlight {
  title: string;
  match: (test: ReportedTest) => boolean;
  /** why these tests could not run here, when known before the step (printed with the counts) */
  notRun?: () => string | null;
}

interface Step {
  id: string;
  title: string;
  command: string;
  args: string[];
  /** extra environment, computed just before the step runs */
  prepare?: () => Record<string, string>;
  /** started before the step, stopped after it (also on failure and Ctrl-C); null when not available here */
  service?: (notes: string[]) => Promise<Service | null>;
  highlights?: Highlight[];
  /** runs beside the steps after it; waited for before a step that `needs` it, and at the end */
  beside?: boolean;
  /**
   * steps (run beside) that must have ended, successfully, before this one starts; a step run
   * beside waits for them on its own, without holding up the steps after it
   */
  needs?: string[];
}

/** Why the Firestore suites did not run in this `npm test`, when they did not. */
let firestoreNotRun: string | null = null;

/** The Cloud SDK's Firestore emulator with firestore.rules, for the integration step. */
async function firestoreService(notes: string[]): Promise<Service | null> {
  const named = process.env.FIRESTORE_EMULATOR_HOST?.trim();
  if (named) {
    notes.push(`Firestore emuliatorius: naudojamas FIRESTORE_EMULATOR_HOST=${named}`);
    return { env: { FIRESTORE_EMULATOR_HOST: named }, stop: async () => {} };
  }
  const missing = gcloudFirestoreMissingReason();
  if (missing) {
    firestoreNotRun = missing;
    notes.push(`nevykdyta: Firestore emuliatoriaus testai – ${missing}`);
    return null;
  }
  const started = await startGcloudFirestore();
  if (!started) return null;
  notes.push(
    `Firestore emuliatorius (Google Cloud SDK, taisyklės ${relative(ROOT, started.rules ?? "") || "neįkeltos"}): ${started.address}`,
  );
  return { env: { FIRESTORE_EMULATOR_HOST: started.address }, stop: started.stop };
}

const STORAGE_NOT_RUN =
  "Storage emuliatorius be interneto nepasileidžia (firebase-tools atsisiunčia jo taisyklių vykdymo aplinką)";

const STEPS: Step[] = [
  {
    id: "lint",
    title: "Stilius ir formatavimas (biome check)",
    command: bin("biome"),
    args: ["check", "."],
    beside: true,
  },
  {
    id: "types",
    title: "Tipų patikra (tsc --noEmit)",
    command: bin("tsc"),
    args: ["-p", "tsconfig.json", "--noEmit"],
    beside: true,
  },
  // The build needs nothing before it: started at once, it is ready long before the e2e step.
  { id: "build", title: "Programos surinkimas (npm run build)", command: "npm", args: ["run", "build"], beside: true },
  {
    id: "unit",
    title: "Vienetų testai (vitest: unit ir unit-dom)",
    command: bin("vitest"),
    // `unit`: node files sharing one module graph; `unit-dom`: the files that need isolation (vitest.config.ts).
    args: ["run", "--project", "unit", "--project", "unit-dom"],
  },
  {
    id: "e2e",
    title: "Naršyklės testai (playwright-core ir Chromium)",
    command: bin("vitest"),
    args: ["run", "--project", "e2e"],
    // Beside the integration tests once the unit tests passed and the build is ready: each of the
    // two runs its files one at a time, so together they keep both cores busy.
    beside: true,
    needs: ["build"],
    prepare: () => ({ CHROME_PATH: findChromium() }),
    highlights: [
      {
        title: "Firebase naršyklės testai (Auth, Firestore, Functions emuliatoriai)",
        match: isUnder(ROOT, "tests/e2e/firebase"),
        notRun: () => firebaseToolsMissingReason(),
      },
    ],
  },
  {
    id: "integration",
    title: "Integraciniai testai (tikras serveris, PGlite, Firestore emuliatorius)",
    command: bin("vitest"),
    args: ["run", "--project", "integration"],
    // The build runs beside: the servers these tests start must not see a half-written dist/.
    prepare: () => ({ DIST_DIR: join(tmpdir(), "ratai-testai-be-surinkimo") }),
    service: firestoreService,
    highlights: [
      {
        title: "Firestore emuliatoriaus testai (su firestore.rules)",
        match: isFirestoreTest,
        notRun: () => firestoreNotRun,
      },
      { title: "Storage emuliatoriaus testai", match: isStorageTest, notRun: () => STORAGE_NOT_RUN },
    ],
  },
];

/** The counts of vitest's JSON report: printed in the summary so tests not run are never hidden among passes. */
function readCounts(file: string): Counts | null {
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

const countsText = (counts: Counts | null, always = false): string => {
  if (!counts) return "";
  const parts = [`${counts.passed} praėjo`];
  if (always || counts.failed > 0) parts.push(`${counts.failed} nepavyko`);
  if (always || counts.skipped > 0) parts.push(`${counts.skipped} nevykdyti`);
  return parts.join(", ");
};

interface HighlightResult {
  title: string;
  counts: Counts;
  notRun: string | null;
}

function highlightResults(step: Step, report: string): HighlightResult[] {
  if (!step.highlights?.length) return [];
  const tests = readReportedTests(report);
  if (!tests) return [];
  return step.highlights.map((highlight) => {
    const counts = countOf(tests.filter(highlight.match));
    // The reason is shown only when some of these tests did not run.
    const notRun = counts.skipped > 0 ? (highlight.notRun?.() ?? null) : null;
    return { title: highlight.title, counts, notRun };
  });
}

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

const running = new Set<ReturnType<typeof spawn>>();
let service: Service | null = null;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    // The emulator's guard also sees this process end and stops it.
    void service?.stop();
    process.exit(130);
  });
}

/** Runs a step's command; a step run beside others keeps its output and prints it when it ends. */
function run(step: Step, extraEnv: Record<string, string>, extraArgs: string[]): Promise<number> {
  return new Promise((done) => {
    const child = spawn(step.command, [...step.args, ...extraArgs], {
      cwd: ROOT,
      stdio: step.beside ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...extraEnv, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
    });
    running.add(child);
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    const finish = (code: number) => {
      running.delete(child);
      if (step.beside) {
        console.info(`\n━━━ ${step.title} (vykdyta greta) ━━━`);
        process.stdout.write(Buffer.concat(output));
      }
      done(code);
    };
    child.once("error", (error) => {
      console.error(`Nepavyko paleisti „${step.command}“: ${error.message}`);
      finish(127);
    });
    child.once("exit", (code, signal) => finish(code ?? (signal ? 128 : 1)));
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
  const results: {
    step: Step;
    ms: number;
    ok: boolean;
    counts: Counts | null;
    highlights: HighlightResult[];
  }[] = [];
  const started = Date.now();
  const reports = mkdtempSync(join(tmpdir(), "ratai-testai-"));

  type Result = (typeof results)[number];
  /** steps running beside the others, by id: each resolves to its result */
  const besides = new Map<string, Promise<Result | null>>();
  /** every step started beside, by id, kept after its result is taken (for the `needs` of one run beside) */
  const launched = new Map<string, Promise<Result | null>>();
  /** A step run beside that could not start: a step it needs failed. Not a result: the summary shows it as not run. */
  const NOT_STARTED = null;

  /** A step from start to result; its service stops after it, also when it fails. */
  const execute = async (step: Step, index: number): Promise<Result> => {
    const header = `${index + 1}/${steps.length} ${step.title}`;
    console.info(step.beside ? `\n━━━ ${header}: paleista greta ━━━` : `\n━━━ ${header} ━━━`);
    const stepStart = Date.now();
    let env: Record<string, string> = {};
    const notes: string[] = [];
    let own: Service | null = null;
    try {
      env = step.prepare?.() ?? {};
      own = (await step.service?.(notes)) ?? null;
      if (!step.beside) service = own;
      Object.assign(env, own?.env);
    } catch (error) {
      const message = error instanceof ChromiumNotFoundError || error instanceof Error ? error.message : String(error);
      console.error(`\n✖ ${step.title}: ${message}`);
      await own?.stop();
      return { step, ms: Date.now() - stepStart, ok: false, counts: null, highlights: [] };
    }
    for (const note of notes) console.info(note);
    if (env.CHROME_PATH) console.info(`Chromium: ${env.CHROME_PATH}`);
    const isVitest = step.command === bin("vitest");
    const report = join(reports, `${step.id}.json`);
    const reporterArgs = ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
    let code: number;
    try {
      code = await run(step, env, isVitest ? [...reporterArgs, ...parsed.vitestArgs] : []);
    } finally {
      await own?.stop();
      if (service === own) service = null;
    }
    const ms = Date.now() - stepStart;
    if (code !== 0) console.error(`\n✖ Nepavyko: ${step.title} (išėjimo kodas ${code}, ${seconds(ms)}).`);
    else console.info(`✔ ${step.title}: ${seconds(ms)}`);
    return {
      step,
      ms,
      ok: code === 0,
      counts: isVitest ? readCounts(report) : null,
      highlights: isVitest ? highlightResults(step, report) : [],
    };
  };
  /** Waits for steps run beside; false when one of them failed. */
  const settle = async (ids: readonly string[]): Promise<boolean> => {
    let ok = true;
    for (const id of ids) {
      const pending = besides.get(id);
      if (!pending) continue;
      besides.delete(id);
      const result = await pending;
      if (result === NOT_STARTED) {
        ok = false;
        continue;
      }
      results.push(result);
      ok &&= result.ok;
    }
    return ok;
  };

  let failed = false;
  let besideFailed = false;
  for (const [index, step] of steps.entries()) {
    if (besideFailed || (!step.beside && !(await settle(step.needs ?? [])))) {
      failed = true;
      break;
    }
    if (step.beside) {
      const needed = (step.needs ?? []).map((id) => launched.get(id)).filter((p) => p !== undefined);
      const pending = Promise.all(needed).then(async (before) => {
        if (!before.every((result) => result?.ok)) return NOT_STARTED;
        const result = await execute(step, index);
        if (!result.ok) besideFailed = true;
        return result;
      });
      besides.set(step.id, pending);
      launched.set(step.id, pending);
      continue;
    }
    const result = await execute(step, index);
    results.push(result);
    // A step run beside that has already failed stops the run too.
    if (!result.ok) {
      failed = true;
      break;
    }
  }
  // Whatever still runs beside is waited for (on failure, too: its output is printed, not lost).
  if (!(await settle([...besides.keys()]))) failed = true;
  if (failed) console.error("\n✖ Tolesni žingsniai nevykdyti.");

  const ok = results.length === steps.length && results.every((r) => r.ok);
  console.info("\n━━━ Santrauka ━━━");
  for (const step of steps) {
    const result = results.find((r) => r.step === step);
    const mark = !result ? "–" : result.ok ? "✔" : "✖";
    const time = result ? seconds(result.ms) : "nevykdyta";
    const counts = countsText(result?.counts ?? null);
    console.info(`${mark} ${step.title.padEnd(70)} ${time.padStart(8)}${counts ? `   ${counts}` : ""}`);
    for (const highlight of result?.highlights ?? []) {
      const why = highlight.notRun ? ` (nevykdyta: ${highlight.notRun})` : "";
      console.info(`    ${highlight.title.padEnd(75)}   ${countsText(highlight.counts, true)}${why}`);
    }
  }
  rmSync(reports, { recursive: true, force: true });
  const notRun = results.reduce((sum, result) => sum + (result.counts?.skipped ?? 0), 0);
  const verdict = !ok
    ? "Testai nepraėjo"
    : notRun > 0
      ? `Visi įvykdyti testai praėjo (nevykdyta: ${notRun}, priežastys – aukščiau)`
      : "Visi testai praėjo";
  console.info(`${verdict} per ${seconds(Date.now() - started)}.`);
  return ok ? 0 : 1;
}

process.exit(await main());

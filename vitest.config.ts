import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const ROOT = import.meta.dirname;
const UNIT_INCLUDE = ["tests/unit/**/*.test.{ts,tsx}", "src/**/*.test.{ts,tsx}"];
/**
 * What makes a unit test file need a module graph and globals of its own: a browser-like
 * environment (jsdom), module mocks, stubbed globals or environment variables, a module reset.
 */
const NEEDS_ISOLATION =
  /@vitest-environment\s+(?!node\b)|\bvi\.(?:mock|doMock|unmock|stubGlobal|stubEnv|resetModules)\(/;

/**
 * The unit test files that run isolated (project `unit-dom`); the rest share one module graph per
 * worker (project `unit`, `isolate: false`), which is ~4× faster: the domain modules are loaded
 * once, not once per file.
 */
function isolatedUnitFiles(): string[] {
  const found: string[] = [];
  for (const folder of ["tests/unit", "src"]) {
    for (const entry of readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" })) {
      if (!/\.test\.tsx?$/.test(entry)) continue;
      const file = join(ROOT, folder, entry);
      if (NEEDS_ISOLATION.test(readFileSync(file, "utf8"))) found.push(relative(ROOT, file).split("\\").join("/"));
    }
  }
  return found.sort();
}
const ISOLATED_UNIT = isolatedUnitFiles();

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify("test") },
  test: {
    // A test (or describe) tagged `firestore` runs against the Firestore emulator: `npm test` counts
    // such tests on a line of their own (scripts/lib/emulatorSuites.ts).
    tags: [{ name: "firestore", description: "vykdomas su Firestore emuliatoriumi (FIRESTORE_EMULATOR_HOST)" }],
    projects: [
      {
        extends: true,
        test: {
          // Node unit tests, one module graph per worker: a file must leave no state behind (fake
          // timers restored, spies restored, no module-level registrations). `npm run test:unit`
          // runs this project and `unit-dom`.
          name: "unit",
          include: UNIT_INCLUDE,
          exclude: [...configDefaults.exclude, ...ISOLATED_UNIT],
          environment: "node",
          // The first PDF of a run loads fonts and pdf.js inside its test: on a busy 2-core machine
          // (the build runs beside) that alone can pass vitest's 5 s default.
          testTimeout: 20_000,
          isolate: false,
          unstubEnvs: true,
          unstubGlobals: true,
        },
      },
      {
        extends: true,
        test: {
          // The unit test files that need isolation (jsdom, vi.mock, stubbed globals): see above.
          name: "unit-dom",
          include: ISOLATED_UNIT,
          environment: "node",
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // The commands the tests run (create-admin, backup, restore) keep PGlite in their
          // folders like the tests' servers; durable-default.test.ts removes it to test the default.
          env: { DATABASE_ENGINE: "pglite" },
          // The demo data seeded once for all files; servers run inside the workers (tests/helpers/server.ts).
          globalSetup: ["tests/helpers/integrationSetup.ts"],
          // One module graph per worker: the server code is imported once, not again for every file
          // (measured: the step 1 352 s beside e2e → 670 s alone, same 1 179 passed and 102 not run).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          // The demo data seeded once per run; each file's demo server starts on a copy of it, inside
          // the worker (tests/e2e/globalSetup.ts), and the server code is imported once per worker.
          // The Firebase files start their servers as processes (their settings stay out of this
          // worker's environment) and put back the emulator variables they set.
          globalSetup: ["tests/e2e/globalSetup.ts"],
          isolate: false,
          // One file at a time: firebase-tools' emulators listen on fixed ports, and two browser
          // files side by side beside the integration tests were slower in total (measured:
          // e2e 1 111 s and integration 1 460 s, against 1 341 s and 1 002 s one at a time).
          fileParallelism: false,
          // A real browser on a shared 2-core machine: give UI state changes time to settle.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});

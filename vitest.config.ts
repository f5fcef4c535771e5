import { defineConfig } from "vitest/config";

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
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}", "src/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // The demo data seeded once for all files; servers run inside the workers (tests/helpers/server.ts).
          globalSetup: ["tests/helpers/integrationSetup.ts"],
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
          // A real browser on a shared 2-core machine: give UI state changes time to settle.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

// Which tests ran against a Firebase emulator, read from vitest's JSON report, so `npm test`
// can say how many Firestore tests ran (and how many did not) instead of hiding them among the
// other passes. The rule, in one place:
// - a Firestore test has the vitest tag `firestore`, or sits in a test file that names
//   FIRESTORE_EMULATOR_HOST itself (e.g. emulatorFromEnv("FIRESTORE_EMULATOR_HOST", ...)) and has
//   "Firestore" (any case) in the name of a describe block around it (in its title when it has
//   none), so a contract suite's memory and PGlite blocks do not count; a suite that reads the
//   variable through a helper tags its tests `firestore` (vitest.config.ts defines the tag);
// - a Storage test sits in a test file that names FIREBASE_STORAGE_EMULATOR_HOST;
// - a Firebase browser test sits under tests/e2e/firebase/.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";

export type TestStatus = "passed" | "failed" | "skipped";

export interface ReportedTest {
  /** absolute path of the test file */
  file: string;
  fullName: string;
  /** the describe blocks around it, joined by " > " ("" at the top level) */
  suite: string;
  tags: string[];
  status: TestStatus;
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface JsonAssertion {
  fullName?: string;
  title?: string;
  ancestorTitles?: string[];
  status?: string;
  tags?: unknown;
}

/** Every test of a vitest JSON report (--reporter=json), or null when the report is unreadable. */
export function readReportedTests(reportFile: string): ReportedTest[] | null {
  let report: { testResults?: { name?: string; assertionResults?: JsonAssertion[] }[] };
  try {
    report = JSON.parse(readFileSync(reportFile, "utf8"));
  } catch {
    return null;
  }
  const tests: ReportedTest[] = [];
  for (const file of report.testResults ?? []) {
    for (const assertion of file.assertionResults ?? []) {
      const status: TestStatus =
        assertion.status === "passed" ? "passed" : assertion.status === "failed" ? "failed" : "skipped";
      tests.push({
        file: file.name ?? "",
        fullName: assertion.fullName ?? [...(assertion.ancestorTitles ?? []), assertion.title ?? ""].join(" "),
        suite: (assertion.ancestorTitles ?? []).join(" > "),
        tags: Array.isArray(assertion.tags) ? assertion.tags.filter((t): t is string => typeof t === "string") : [],
        status,
      });
    }
  }
  return tests;
}

export function countOf(tests: ReportedTest[]): Counts {
  return {
    passed: tests.filter((t) => t.status === "passed").length,
    failed: tests.filter((t) => t.status === "failed").length,
    skipped: tests.filter((t) => t.status === "skipped").length,
  };
}

const sourceCache = new Map<string, string>();
function source(file: string): string {
  let text = sourceCache.get(file);
  if (text === undefined) {
    text = existsSync(file) ? readFileSync(file, "utf8") : "";
    sourceCache.set(file, text);
  }
  return text;
}

/** Whether a test file reads an environment variable (names it in its own source). */
export function fileReads(file: string, variable: string): boolean {
  return source(file).includes(variable);
}

export const isFirestoreTest = (test: ReportedTest): boolean =>
  test.tags.includes("firestore") ||
  (fileReads(test.file, "FIRESTORE_EMULATOR_HOST") && /firestore/i.test(test.suite || test.fullName));

export const isStorageTest = (test: ReportedTest): boolean => fileReads(test.file, "FIREBASE_STORAGE_EMULATOR_HOST");

export function isUnder(root: string, folder: string): (test: ReportedTest) => boolean {
  const prefix = resolve(root, folder) + sep;
  return (test) => test.file.startsWith(prefix);
}

/** Test files under `folder` (relative to root) that read FIRESTORE_EMULATOR_HOST, relative paths, sorted. */
export function firestoreSuiteFiles(root: string, folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.tsx?$/.test(entry.name) && fileReads(path, "FIRESTORE_EMULATOR_HOST")) {
        found.push(relative(root, path));
      }
    }
  };
  walk(resolve(root, folder));
  return found.sort();
}

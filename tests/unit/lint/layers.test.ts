// The layers (docs/layers.md) are enforced by the linter: a wrong-way import or an import cycle
// makes `npm run lint` (biome check .) fail. The project's biome.json is copied into a temporary
// folder with a few small files, so the check sees exactly the rules the project uses.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../../..");
const BIOME = join(ROOT, "node_modules/.bin/biome");

interface Finding {
  file: string;
  rule: string;
}

let dir = "";

function write(path: string, text: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
}

/** `biome lint` on the given files: the exit code and the rule found in each file. */
async function lint(...paths: string[]): Promise<{ code: number; findings: Finding[] }> {
  try {
    await run(BIOME, ["lint", "--max-diagnostics=100", ...paths], { cwd: dir });
    return { code: 0, findings: [] };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    const findings = [...`${stdout}\n${stderr}`.matchAll(/^(\S+\.tsx?):\d+:\d+ (lint\/\S+)/gm)].map((m) => ({
      file: m[1] as string,
      rule: m[2] as string,
    }));
    return { code, findings };
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "sluoksniai-"));
  const config = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8"));
  config.$schema = undefined;
  config.vcs = { enabled: false };
  writeFileSync(join(dir, "biome.json"), JSON.stringify(config));
  write("src/domain/money.ts", "export const cents = (value: number): number => Math.round(value * 100);\n");
  write("src/backend/local/session.ts", "export const sessionUser = (): string => 'staff';\n");
  write("src/backend/port.ts", "export interface Backend {\n  name: string;\n}\n");
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("sluoksniai tikrinami linteriu", () => {
  it("leistina kryptis (core → domain) klaidų neduoda", async () => {
    write(
      "src/core/price.ts",
      'import { cents } from "../domain/money";\n\nexport const priceInCents = (value: number): number => cents(value);\n',
    );
    const result = await lint("src/core/price.ts");
    expect(result.findings).toEqual([]);
    expect(result.code).toBe(0);
  }, 60_000);

  it("core → backend adapteris (ir tik tipo importas) – klaida noRestrictedImports", async () => {
    write(
      "src/core/wrongWay.ts",
      'import { sessionUser } from "../backend/local/session";\nimport type { Backend } from "../backend/port";\n\nexport const who = (backend: Backend): string => backend.name + sessionUser();\n',
    );
    const result = await lint("src/core/wrongWay.ts");
    expect(result.code).not.toBe(0);
    expect(result.findings).toEqual([
      { file: "src/core/wrongWay.ts", rule: "lint/style/noRestrictedImports" },
      { file: "src/core/wrongWay.ts", rule: "lint/style/noRestrictedImports" },
    ]);
  }, 60_000);

  it("domain → core ir puslapis → adapteris – klaidos", async () => {
    write(
      "src/domain/upward.ts",
      'import { priceInCents } from "../core/price";\n\nexport const p = priceInCents(1);\n',
    );
    write(
      "src/site/cars/CarsPage.tsx",
      'import { sessionUser } from "../../backend/local/session";\n\nexport default function CarsPage() {\n  return <p>{sessionUser()}</p>;\n}\n',
    );
    const result = await lint("src/domain/upward.ts", "src/site/cars/CarsPage.tsx");
    expect(result.code).not.toBe(0);
    expect(result.findings).toContainEqual({ file: "src/domain/upward.ts", rule: "lint/style/noRestrictedImports" });
    expect(result.findings).toContainEqual({
      file: "src/site/cars/CarsPage.tsx",
      rule: "lint/style/noRestrictedImports",
    });
  }, 60_000);

  it("importų ciklas (ir per tipo importą) – klaida noImportCycles", async () => {
    write(
      "src/core/first.ts",
      'import type { Second } from "./second";\n\nexport interface First {\n  second?: Second;\n}\n',
    );
    write(
      "src/core/second.ts",
      'import type { First } from "./first";\n\nexport interface Second {\n  first?: First;\n}\n',
    );
    const result = await lint("src/core/first.ts", "src/core/second.ts");
    expect(result.code).not.toBe(0);
    expect(result.findings).toContainEqual({ file: "src/core/first.ts", rule: "lint/suspicious/noImportCycles" });
    expect(result.findings).toContainEqual({ file: "src/core/second.ts", rule: "lint/suspicious/noImportCycles" });
  }, 60_000);
});

// Every package the code imports is declared in package.json, and every declared package is used:
// a package that only happens to be in node_modules (a dependency's dependency) may vanish or
// change version with the next install, and an unused one costs every install.
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Our code: the browser, the server, Cloud Functions, scripts, tests and the tools' configuration. */
const SOURCES = ["src", "server", "functions/src", "scripts", "tests", "vite.config.ts", "vitest.config.ts"];
const CODE = /\.(?:[cm]?[jt]sx?)$/;

/**
 * Declared but never imported, on purpose: MUI's styling engine (a peer of @mui/material), the
 * PDF fonts (read as files), the TypeScript loader and compiler, the linter, the type packages,
 * the jsdom test environment and the axe rules the Playwright adapter loads.
 */
const USED_WITHOUT_IMPORT = new Set([
  "@emotion/react",
  "@emotion/styled",
  "dejavu-fonts-ttf",
  "tsx",
  "typescript",
  "@biomejs/biome",
  "jsdom",
  "axe-core",
  // loaded by path inside the password-hashing worker threads (server/services/passwordPool.ts)
  "hash-wasm",
]);

function codeFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (CODE.test(entry)) return [full];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile() && CODE.test(item.name) && !item.parentPath.includes("node_modules"))
    .map((item) => path.join(item.parentPath, item.name));
}

/** The package a bare specifier names ("@mui/material/styles" → "@mui/material"), or null. */
function packageOf(specifier: string): string | null {
  if (/^[./]/.test(specifier) || specifier.startsWith("node:") || builtinModules.includes(specifier)) return null;
  const parts = specifier.split("/");
  if (builtinModules.includes(parts[0] as string)) return null;
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] as string);
}

/** Package → files importing it (static, dynamic, require and `export … from`). */
function importedPackages(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of SOURCES.flatMap(codeFiles)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      const name = packageOf(fileName);
      if (!name) continue;
      const files = found.get(name) ?? [];
      files.push(path.relative(ROOT, file));
      found.set(name, files);
    }
  }
  return found;
}

const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)]);
const imported = importedPackages();

describe("package.json priklausomybės", () => {
  it("kiekvienas importuojamas paketas yra package.json", () => {
    const undeclared = [...imported]
      .filter(([name]) => !declared.has(name))
      .map(([name, files]) => `${name} (${files[0]})`);
    expect(undeclared).toEqual([]);
  });

  it("kiekvienas paketas iš package.json naudojamas", () => {
    const unused = [...declared].filter(
      (name) => !imported.has(name) && !USED_WITHOUT_IMPORT.has(name) && !name.startsWith("@types/"),
    );
    expect(unused).toEqual([]);
  });

  it("@types paketai – tik naudojamiems paketams arba Node", () => {
    const orphans = [...declared]
      .filter((name) => name.startsWith("@types/"))
      .filter((name) => {
        const typed = name.slice("@types/".length).replace(/^(.+)__(.+)$/, "@$1/$2");
        return typed !== "node" && !declared.has(typed);
      });
    expect(orphans).toEqual([]);
  });

  it("serverio ir naršyklės kodas nenaudoja paketų tik iš devDependencies, išskyrus firebase-admin", () => {
    // firebase-admin: the server's Firebase backup and restore load it only when asked for it.
    const devOnly = [...imported]
      .filter(([name]) => !manifest.dependencies[name] && name !== "firebase-admin")
      .filter(([, files]) => files.some((file) => file.startsWith("src/") || file.startsWith("server/")))
      .map(([name]) => name);
    expect(devOnly).toEqual([]);
  });
});

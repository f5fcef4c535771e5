// scripts/write-build-info.ts on a fake dist folder.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findBuildIds, resolveBuildId, writeBuildInfo } from "../../../scripts/write-build-info";

let dist: string;

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), "dist-"));
  mkdirSync(path.join(dist, "assets"));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

const chunk = (name: string, code: string) => writeFileSync(path.join(dist, "assets", name), code);

describe("surinkimo id", () => {
  it("nuskaitomas iš minifikuoto įėjimo failo, kad ir kokios kabutės", () => {
    chunk("index-a.js", "document.documentElement.setAttribute(`data-build-id`,`mwqtn7cf`);var x=1;");
    chunk("other.js", "console.log('nieko')");
    expect(findBuildIds(dist)).toEqual(["mwqtn7cf"]);
    expect(resolveBuildId(dist, undefined)).toBe("mwqtn7cf");
    rmSync(path.join(dist, "assets", "index-a.js"));
    chunk("index-b.js", 'e.setAttribute("data-build-id", "abc-123")');
    expect(resolveBuildId(dist, "abc-123")).toBe("abc-123");
  });

  it("atmeta nuo paketo besiskiriantį BUILD_ID arba visai jokio id", () => {
    chunk("index-a.js", "e.setAttribute('data-build-id','one')");
    expect(() => resolveBuildId(dist, "two")).toThrow(/nesutampa/);
    rmSync(path.join(dist, "assets", "index-a.js"));
    expect(() => resolveBuildId(dist, undefined)).toThrow(/Nerastas versijos identifikatorius/);
    expect(resolveBuildId(dist, "from-env")).toBe("from-env");
  });

  it("įrašo builds/latest.json ir builds/meta/<id>.json", () => {
    writeBuildInfo(dist, { id: "abc", timestamp: 42 });
    expect(JSON.parse(readFileSync(path.join(dist, "builds", "latest.json"), "utf8"))).toEqual({
      id: "abc",
      timestamp: 42,
    });
    expect(JSON.parse(readFileSync(path.join(dist, "builds", "meta", "abc.json"), "utf8"))).toEqual({
      id: "abc",
      timestamp: 42,
    });
  });
});

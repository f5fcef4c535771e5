// The deploy script's preparation of dist for Firebase Hosting, and its region check.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkRegions, DeployError, prepareDist } from "../../../scripts/firebase-deploy";
import { defaultConfig } from "../../../server/config";

const firebase = {
  apiKey: "k",
  authDomain: "ratai.firebaseapp.com",
  projectId: "ratai",
  storageBucket: "ratai.firebasestorage.app",
  messagingSenderId: "1",
  appId: "1:1:web:1",
  functionsRegion: "us-central1",
};

describe("firebase:deploy", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("įrašo Hosting teikiamą vykdymo konfigūraciją, programos apvalkalą ir 404 puslapį", () => {
    const dist = mkdtempSync(join(tmpdir(), "ratai-dist-"));
    dirs.push(dist);
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Pradžia</title>");
    prepareDist(defaultConfig({ firebase, publicUrl: "https://nuoma.lt" }), dist);
    expect(JSON.parse(readFileSync(join(dist, "runtime-config.json"), "utf8"))).toEqual({
      backend: "firebase",
      firebase,
      publicUrl: "https://nuoma.lt",
    });
    expect(readFileSync(join(dist, "200.html"), "utf8")).toContain("Pradžia");
    expect(readFileSync(join(dist, "404.html"), "utf8")).toContain("Pradžia");
    expect(() => prepareDist(defaultConfig({ firebase }), join(dist, "nera"))).toThrow(DeployError);
  });

  it("atmeta regionus, kurie skiriasi tarp svetainės, functions/.env ir firebase.json", () => {
    expect(checkRegions(defaultConfig({ firebase }))).toBe("us-central1");
    expect(() => checkRegions(defaultConfig({ firebase: { ...firebase, functionsRegion: "europe-west1" } }))).toThrow(
      /regionai nesutampa/,
    );
  });
});

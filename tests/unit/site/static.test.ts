// Serving the prerendered build: the home page from index.html, the bare app shell
// (200.html) for other app URLs, a prerendered page from <path>/index.html, and the
// precompressed files the build wrote (brotli first, then gzip, else as they are).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDeps, AppEnv } from "../../../server/http/context";
import { staticRoutes } from "../../../server/routes/static";

let dist: string;
let app: Hono<AppEnv>;

const HOME = "<!doctype html><title>Pradžia</title><div id=root>prerendered home</div>";
const SHELL = "<!doctype html><title>Automobilių nuoma</title><div id=root></div>";
const CARS = "<!doctype html><title>Automobiliai</title><div id=root>Toyota Yaris</div>";
const SCRIPT = `console.log(${JSON.stringify("x".repeat(4000))});`;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), "ratai-static-"));
  writeFileSync(join(dist, "index.html"), HOME);
  writeFileSync(join(dist, "200.html"), SHELL);
  mkdirSync(join(dist, "automobiliai"));
  writeFileSync(join(dist, "automobiliai", "index.html"), CARS);
  writeFileSync(join(dist, "automobiliai", "index.html.br"), brotliCompressSync(CARS));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "assets", "app-abc.js"), SCRIPT);
  writeFileSync(join(dist, "assets", "app-abc.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, "assets", "app-abc.js.gz"), gzipSync(SCRIPT));
  app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("deps", { config: { distDir: dist } } as unknown as AppDeps);
    await next();
  });
  app.route("/", staticRoutes());
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const get = (path: string, encoding?: string) =>
  app.request(path, { headers: encoding === undefined ? {} : { "accept-encoding": encoding } });

describe("iš anksto sugeneruoto surinkimo statinis pateikimas", () => {
  it("pradinis puslapis, iš anksto sugeneruotas puslapis ir apvalkalas kitiems programos URL; nežinomiems keliams 404", async () => {
    expect(await (await get("/")).text()).toBe(HOME);
    const cars = await get("/automobiliai/");
    expect(cars.status).toBe(200);
    expect(await cars.text()).toBe(CARS);
    const admin = await get("/admin/cars");
    expect(admin.status).toBe(200);
    expect(await admin.text()).toBe(SHELL);
    const car = await get("/automobiliai/naujas-automobilis");
    expect(car.status).toBe(200);
    expect(await car.text()).toBe(SHELL);
    const unknown = await get("/kazkas/kito");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(SHELL);
  });

  it("iš anksto suspausti variantai: brotli, jei priimamas, kitaip gzip, kitaip pats failas; niekada – kliento nepriimamas variantas", async () => {
    const br = await get("/assets/app-abc.js", "gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(br.headers.get("cache-control")).toContain("immutable");
    expect(Number(br.headers.get("content-length"))).toBeLessThan(SCRIPT.length);

    const gz = await get("/assets/app-abc.js", "gzip, br;q=0");
    expect(gz.headers.get("content-encoding")).toBe("gzip");

    const plain = await get("/assets/app-abc.js", "identity");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);

    const page = await get("/automobiliai", "br");
    expect(page.headers.get("content-encoding")).toBe("br");
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("cache-control")).toBe("no-cache");
  });
});

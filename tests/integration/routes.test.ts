// The server answers every app route with the app's HTML (history fallback), an
// unknown path with HTTP 404, and every answer with the security headers.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminListAll, signInAdmin } from "../helpers/api";
import { ApiClient, listItems } from "../helpers/http";
import { adminRoutes, PUBLIC_ROUTES } from "../helpers/routes";
import { type RunningServer, removeTempDir, startServer, tempDir } from "../helpers/server";

// Integration runs before the build: serve a small stand-in of dist/ so the test
// checks the server's routing, not whether someone built the app beforehand.
const MARKER = "ratai-testo-rinkinys";
function fakeDist(): string {
  const dir = tempDir("dist");
  writeFileSync(
    join(dir, "index.html"),
    `<!doctype html><html lang="lt"><head><meta charset="utf-8"><title>Automobilių nuoma</title></head>` +
      `<body><div id="root"></div><!-- ${MARKER} --></body></html>`,
  );
  mkdirSync(join(dir, "builds"));
  writeFileSync(join(dir, "builds", "latest.json"), JSON.stringify({ id: "test", builtAt: new Date().toISOString() }));
  return dir;
}

let server: RunningServer;
let anonymous: ApiClient;
let distDir: string;

beforeAll(async () => {
  distDir = fakeDist();
  server = await startServer({ demo: true, env: { DIST_DIR: distDir } });
  anonymous = new ApiClient(server.url);
});
afterAll(async () => {
  await server?.stop();
  if (distDir) removeTempDir(distDir);
});

function expectSecurityHeaders(headers: Headers, path: string) {
  expect(headers.get("content-security-policy"), `${path}: Content-Security-Policy`).toBeTruthy();
  expect(headers.get("x-content-type-options"), `${path}: X-Content-Type-Options`).toBe("nosniff");
  expect(headers.get("referrer-policy"), `${path}: Referrer-Policy`).toBeTruthy();
}

async function expectAppHtml(path: string) {
  const response = await fetch(new URL(path, server.url), { redirect: "manual" });
  const body = await response.text();
  expect(response.status, `${path}: statusas`).toBe(200);
  expect(response.headers.get("content-type"), `${path}: turinio tipas`).toMatch(/^text\/html/);
  expect(body, `${path}: programos HTML`).toContain('<div id="root"');
  expectSecurityHeaders(response.headers, path);
}

describe("sveikata", () => {
  it('GET /api/health atsako 200 {"ok":true}', async () => {
    const response = await anonymous.get("/api/health");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expectSecurityHeaders(response.headers, "/api/health");
  });
});

describe("programos maršrutai", () => {
  it.each(PUBLIC_ROUTES.map((path) => [path]))("viešas maršrutas %s -> 200 HTML", async (path) => {
    await expectAppHtml(path);
  });

  it("automobilio ir naujienos puslapiai su tikrais slug -> 200 HTML", async () => {
    const cars = listItems<{ slug: string }>((await anonymous.get("/api/site/cars")).body);
    const news = listItems<{ slug: string }>((await anonymous.get("/api/site/news")).body);
    expect(cars.length).toBeGreaterThan(0);
    expect(news.length).toBeGreaterThan(0);
    await expectAppHtml(`/automobiliai/${cars[0]?.slug}`);
    await expectAppHtml(`/naujienos/${news[0]?.slug}`);
  });

  it("visi administravimo maršrutai -> 200 HTML (sargas nukreipia naršyklėje)", async () => {
    const admin = await signInAdmin(server.url);
    const [car] = await adminListAll(admin, "cars");
    const [request] = await adminListAll(admin, "requests");
    const [reservation] = await adminListAll(admin, "reservations");
    const routes = adminRoutes({ carId: car!.id, requestId: request!.id, reservationId: reservation!.id });
    for (const path of routes) await expectAppHtml(path);
  });

  it("nežinomas kelias -> HTTP 404 HTML", async () => {
    for (const path of ["/that/path", "/automobiliai/tokio-automobilio-nera/papildomas", "/nera.html"]) {
      const response = await fetch(new URL(path, server.url));
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type"), path).toMatch(/^text\/html/);
      expectSecurityHeaders(response.headers, path);
    }
  });

  it("nežinomas API kelias -> 404 JSON su lietuvišku pranešimu", async () => {
    const response = await anonymous.get("/api/tokio-nera");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/json/);
  });
});

describe("vykdymo konfigūracija", () => {
  it("be Firebase nustatymų renkasi vietinį adapterį", async () => {
    const response = await anonymous.get<{ backend: string; firebase?: unknown }>("/runtime-config.json");
    expect(response.status).toBe(200);
    expect(response.body.backend).toBe("local");
    expect(response.body.firebase ?? null).toBeNull();
  });
});

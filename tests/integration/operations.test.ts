// What an operator sees, in process through the Hono app (createApp over a migrated PGlite, or a
// database that fails on purpose): /api/health/live and /ready with Lithuanian reasons, 503 with
// Retry-After for a lost database or a full disk, request ids and access-log lines (JSON on
// request), and the same-origin check and rate-limit buckets behind a reverse proxy.
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { type Config, defaultConfig } from "../../server/config";
import { coreFor } from "../../server/core";
import { openDb } from "../../server/db/index";
import type { Db } from "../../server/db/types";
import { UNAVAILABLE_MESSAGE } from "../../server/http/errors";
import { createServerState, type ServerState } from "../../server/http/serverState";
import { withLogSink } from "../../server/log";
import { paymentConfigFromEnv } from "../../server/payments/config";
import { COLLECTIONS, SETTINGS_ID } from "../../src/core/collections";
import { paymentsFrom } from "../../src/payments/gateway";
import { inquiryBody, signInAdmin, signInStaff } from "../helpers/api";
import { migratedDataDir } from "../helpers/pgliteTemplate";
import { type RunningServer, removeTempDir, startServer } from "../helpers/server";

const METRICS_TOKEN = "bandomasis-metriku-raktas-123456";
const payments = paymentsFrom(paymentConfigFromEnv({}));

let dataDir: string;
let db: Db;
beforeAll(async () => {
  dataDir = migratedDataDir("ops");
  db = await openDb({ dataDir, databaseUrl: null });
});
afterAll(async () => {
  await db?.close();
  removeTempDir(dataDir);
});

function appWith(overrides: Partial<Config> = {}, options: { db?: Db; state?: ServerState } = {}) {
  const config = defaultConfig({ dataDir, accessLog: true, metricsToken: METRICS_TOKEN, ...overrides });
  return createApp({ db: options.db ?? db, config, payments, state: options.state });
}

/** Runs fn with the app's log lines collected (JSON when asked). */
async function logged<T>(
  fn: () => Promise<T>,
  format: "text" | "json" = "text",
): Promise<{ result: T; lines: string[] }> {
  const lines: string[] = [];
  const result = await withLogSink((line) => lines.push(line), fn, format);
  return { result, lines };
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

/** A database that is gone: every query fails as node-postgres or PGlite would. */
function failingDb(error: () => Error): Db {
  const fail = async (): Promise<never> => {
    throw error();
  };
  return { kind: "postgres", query: fail, transaction: fail, close: async () => {} };
}

const systemError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("sveikata: gyvumas ir pasirengimas", () => {
  it("/api/health lieka {ok:true}; /live 200; /ready 200 su lietuviškais patikrų aprašais", async () => {
    const app = appWith();
    const health = await app.request("/api/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    expect((await app.request("/api/health/live")).status).toBe(200);
    const ready = await app.request("/api/health/ready");
    const body = (await ready.json()) as { ok: boolean; checks: Record<string, { ok: boolean; message: string }> };
    expect(ready.status, JSON.stringify(body)).toBe(200);
    expect(Object.keys(body.checks).sort()).toEqual(["backup", "database", "disk", "mail"]);
    expect(body.checks.database?.message).toBe("Duomenų bazė atsako");
    expect(body.checks.backup?.message).toBe("Suplanuotos atsarginės kopijos įjungtos, pirmoji dar nepadaryta");
  });

  it("pilnas diskas: /ready 503 su priežastimi ir DISK_MIN_FREE_MB", async () => {
    const ready = await appWith({ diskMinFreeMb: 9_000_000 }).request("/api/health/ready");
    expect(ready.status).toBe(503);
    expect(ready.headers.get("retry-after")).toBe("60");
    const body = (await ready.json()) as { message: string; checks: { disk: { ok: boolean; message: string } } };
    expect(body.checks.disk.ok).toBe(false);
    expect(body.checks.disk.message).toMatch(
      /^Diske beveik nėra vietos: laisva .* MB, reikia bent .* MB \(DISK_MIN_FREE_MB\)$/,
    );
    expect(body.message).toContain("Serveris nepasiruošęs priimti užklausų");
  });

  it("laiškų eilė stringa: /ready 503; ?checks=database,disk – 200", async () => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO mail (doc, created_at, updated_at)
       VALUES ('{"to":"ona@pavyzdys.lt","message":{"subject":"Bandymas"},"delivery":{"state":"ERROR","attempts":2}}',
               now() - interval '1 hour', now())
       RETURNING id`,
    );
    try {
      const app = appWith();
      const ready = await app.request("/api/health/ready");
      expect(ready.status).toBe(503);
      const body = (await ready.json()) as { checks: { mail: { ok: boolean; message: string; errors: number } } };
      expect(body.checks.mail.ok).toBe(false);
      expect(body.checks.mail.errors).toBe(1);
      expect(body.checks.mail.message).toMatch(/^Laiškai neišsiunčiami: seniausias neišsiųstas laukia 60 min\./);
      expect((await app.request("/api/health/ready?checks=database,disk")).status).toBe(200);
    } finally {
      await db.query("DELETE FROM mail WHERE id = $1", [rows[0]?.id]);
    }
  });

  it("atsarginės kopijos įjungtos, bet paskutinė pavykusi per sena: /ready 503", async () => {
    const store = coreFor(db).store;
    const settings = await store.get(COLLECTIONS.settings, SETTINGS_ID);
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await store.transaction(async (tx) => {
      tx.set(COLLECTIONS.settings, SETTINGS_ID, {
        ...(settings?.data ?? {}),
        backups: { enabled: true, hour: 3, keep: 7 },
      });
      tx.set(COLLECTIONS.backups, old.slice(0, 10), {
        day: old.slice(0, 10),
        status: "ok",
        claimedAt: old,
        claimedBy: "testas",
        finishedAt: old,
        file: "/tmp/kopija.tar.gz",
        size: 1,
        error: null,
        durationMs: 1,
      });
    });
    try {
      const ready = await appWith().request("/api/health/ready");
      expect(ready.status).toBe(503);
      const body = (await ready.json()) as { checks: { backup: { ok: boolean; message: string } } };
      expect(body.checks.backup).toMatchObject({ ok: false });
      expect(body.checks.backup.message).toMatch(/^Paskutinė pavykusi atsarginė kopija per sena: prieš 72(,0)? val\.$/);
    } finally {
      await store.transaction(async (tx) => {
        if (settings) tx.set(COLLECTIONS.settings, SETTINGS_ID, settings.data);
        else tx.delete(COLLECTIONS.settings, SETTINGS_ID);
        tx.delete(COLLECTIONS.backups, old.slice(0, 10));
      });
    }
  });

  it("stabdomas serveris: /ready 503 „Serveris stabdomas“, /live 200, atsakymai uždaro ryšį", async () => {
    const state = createServerState();
    const app = appWith({}, { state });
    state.draining = true;
    const ready = await app.request("/api/health/ready?checks=database");
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { message: string }).message).toContain("Serveris stabdomas");
    const live = await app.request("/api/health/live");
    expect(live.status).toBe(200);
    expect(live.headers.get("connection")).toBe("close");
  });
});

describe("prarasta duomenų bazė ar pilnas diskas: 503 su Retry-After", () => {
  const cases: [string, () => Error][] = [
    ["PostgreSQL neatsako (ECONNREFUSED)", () => systemError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["ryšys nutrūko", () => new Error("Connection terminated unexpectedly")],
    ["PostgreSQL stabdomas (57P01)", () => systemError("57P01", "terminating connection due to administrator command")],
    ["PGlite uždaryta", () => new Error("PGlite is closed")],
    ["diske nėra vietos (ENOSPC)", () => systemError("ENOSPC", "ENOSPC: no space left on device, write")],
    [
      "PostgreSQL: diskas pilnas (53100)",
      () => systemError("53100", 'could not extend file "base/1/2": No space left'),
    ],
    ["priežastis klaidos viduje", () => new Error("Nepavyko", { cause: systemError("ECONNRESET", "read ECONNRESET") })],
  ];
  for (const [name, error] of cases) {
    it(name, async () => {
      const app = appWith({}, { db: failingDb(error) });
      const { result: response, lines } = await logged(async () => await app.request("/api/site/news"));
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("60");
      expect(await response.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
      expect(
        lines.some((line) =>
          /KLAIDA (Duomenų bazė nepasiekiama|Diske nebėra vietos): GET \/api\/site\/news atsakyta 503/.test(line),
        ),
      ).toBe(true);
    });
  }

  it("rezervacija ir naršyklės puslapis taip pat 503, ne 500", async () => {
    const app = appWith({}, { db: failingDb(() => systemError("ENOSPC", "no space left on device")) });
    const { result: post } = await logged(async () => await app.request("/api/site/requests", json(inquiryBody())));
    expect(post.status).toBe(503);
    expect(((await post.json()) as { message: string }).message).toBe(
      "Paslauga laikinai nepasiekiama, bandykite po minutės",
    );
    const ready = await app.request("/api/health/ready?checks=database");
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { message: string }).message).toContain("Duomenų bazė nepasiekiama");
  });

  it("tikra klaida lieka 500", async () => {
    const app = appWith({}, { db: failingDb(() => new TypeError("x is not a function")) });
    const { result } = await logged(async () => await app.request("/api/site/news"));
    expect(result.status).toBe(500);
  });
});

describe("užklausų ID ir prieigos žurnalas", () => {
  it("tinkamas X-Request-Id grąžinamas, netinkamas pakeičiamas; viena JSON eilutė užklausai", async () => {
    const app = appWith();
    const { result, lines } = await logged(async () => {
      const given = await app.request("/api/health/live?token=slaptas", {
        headers: { "x-request-id": "nginx-0123abcd" },
      });
      const forged = await app.request("/api/site/news?token=slaptas", { headers: { "x-request-id": "<script>" } });
      const portal = await app.request("/mano-rezervacija/slaptas-raktas");
      return { given, forged, portal };
    }, "json");
    expect(result.given.headers.get("x-request-id")).toBe("nginx-0123abcd");
    const forgedId = result.forged.headers.get("x-request-id");
    expect(forgedId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.every((line) => !line.includes("\n"))).toBe(true);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // Successful health probes are not logged; the two others are, once each.
    const access = entries.filter((e) => e.status !== undefined);
    expect(access).toHaveLength(2);
    expect(access[0]).toMatchObject({
      level: "info",
      method: "GET",
      path: "/api/site/news",
      status: 200,
      requestId: forgedId,
    });
    expect(access[0]?.message).toBe(`GET /api/site/news → 200, ${access[0]?.durationMs} ms (užklausa ${forgedId})`);
    expect(access[1]).toMatchObject({ path: "/mano-rezervacija/…" });
    expect(lines.join("\n")).not.toContain("slaptas");
  });

  it("klaidos eilutė JSON formatu: lietuviškas pranešimas, dėklas objekto viduje, užklausos ID", async () => {
    const app = appWith({}, { db: failingDb(() => new TypeError("x is not a function")) });
    const { lines } = await logged(
      async () => await app.request("/api/site/news", { headers: { "x-request-id": "klaidos-id-1" } }),
      "json",
    );
    const error = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((e) => e.level === "error");
    expect(error).toMatchObject({
      message: "Netikėta serverio klaida apdorojant GET /api/site/news",
      requestId: "klaidos-id-1",
      error: { name: "TypeError", message: "x is not a function" },
    });
    expect((error?.error as { stack?: string } | undefined)?.stack).toContain("\n    at ");
    expect(lines.every((line) => !line.includes("\n"))).toBe(true);
  });
});

describe("metrikos /api/metrics", () => {
  it("be teisių 401; su METRICS_TOKEN – Prometheus tekstas, kurį perskaito tikras analizatorius", async () => {
    const app = appWith();
    expect((await app.request("/api/metrics")).status).toBe(401);
    const wrong = await app.request("/api/metrics", { headers: { authorization: "Bearer neteisingas-raktas-0000" } });
    expect(wrong.status).toBe(401);
    expect(
      (
        await appWith({ metricsToken: null }).request("/api/metrics", {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        })
      ).status,
    ).toBe(401);

    await app.request("/api/site/news");
    await app.request("/api/site/news");
    await app.request("/api/site/news/nera-tokios");
    const response = await app.request("/api/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = await response.text();
    const families = parsePrometheusTextFormat(text);
    const byName = new Map(families.map((family) => [family.name, family]));
    const requests = byName.get("ratai_http_requests_total");
    expect(requests?.type).toBe("COUNTER");
    const sample = (route: string, statusClass: string) =>
      requests?.metrics.find((m) => m.labels?.route === route && m.labels?.status_class === statusClass);
    expect(sample("/api/site/news", "2xx")?.value).toBe("2");
    // The route pattern, never the address itself.
    expect(sample("/api/site/news/:slug", "4xx")?.value).toBe("1");
    expect(families.some((f) => JSON.stringify(f).includes("nera-tokios"))).toBe(false);
    const durations = byName.get("ratai_http_request_duration_seconds");
    expect(durations?.type).toBe("HISTOGRAM");
    // This parser folds a labelled histogram's series into one (its limitation): the buckets are
    // checked through it, the per-route count in the text itself.
    expect(Object.keys(durations?.metrics[0]?.buckets ?? {})).toContain("+Inf");
    expect(text).toContain(
      'ratai_http_request_duration_seconds_count{method="GET",route="/api/site/news",status_class="2xx"} 2',
    );
    const queue = byName
      .get("ratai_mail_queue")
      ?.metrics.map((m) => m.labels?.state)
      .sort();
    expect(queue).toEqual(["error", "pending", "processing", "success"]);
    expect(byName.get("ratai_backup_enabled")?.metrics[0]?.value).toBe("1");
    expect(Number(byName.get("process_resident_memory_bytes")?.metrics[0]?.value)).toBeGreaterThan(0);
    expect(byName.get("ratai_data_disk_free_bytes")?.type).toBe("GAUGE");
  });
});

describe("už atvirkštinio tarpinio serverio (nginx)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ demo: true, env: { RATE_LIMIT_REQUESTS: "2", METRICS_TOKEN } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const inquiry = (ip: string) =>
    fetch(`${server.url}/api/site/requests`, json(inquiryBody(), { "x-forwarded-for": ip }));

  it("be TRUST_PROXY vietinio tarpinio serverio X-Forwarded-For skiria lankytojus (atskiros ribos)", async () => {
    expect((await inquiry("203.0.113.10")).status).toBe(201);
    expect((await inquiry("203.0.113.10")).status).toBe(201);
    expect((await inquiry("203.0.113.10")).status).toBe(429);
    expect((await inquiry("203.0.113.11")).status).toBe(201);
  });

  it("metrikos: darbuotojui 403, administratoriui 200; atskaitomas maršrutų šablonas", async () => {
    const staff = await signInStaff(server.url);
    expect((await staff.get("/api/metrics")).status).toBe(403);
    const admin = await signInAdmin(server.url);
    const metrics = await admin.get("/api/metrics");
    expect(metrics.status).toBe(200);
    const families = parsePrometheusTextFormat(metrics.text);
    const inFlight = families.find((f) => f.name === "ratai_http_requests_in_flight");
    expect(Number(inFlight?.metrics[0]?.value)).toBeGreaterThanOrEqual(1);
    expect(families.find((f) => f.name === "nodejs_eventloop_delay_seconds")?.metrics.length).toBe(4);
  });

  it("TRUST_PROXY=0: X-Forwarded-For nepaisoma, vieną kartą įspėjama nurodant TRUST_PROXY", async () => {
    const app = appWith({ trustProxy: false });
    const { lines } = await logged(async () => {
      await app.request("/api/site/news", { headers: { "x-forwarded-for": "203.0.113.5" } });
      await app.request("/api/site/news", { headers: { "x-forwarded-for": "203.0.113.6" } });
    });
    const warnings = lines.filter((line) => line.includes("ĮSPĖJIMAS"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("nustatykite TRUST_PROXY=1");
  });

  it("nginx pakeistas Host: naršyklės Sec-Fetch-Site same-origin praleidžiama, be jo – 403 ir patarimas PUBLIC_URL", async () => {
    const app = appWith({ publicUrl: null });
    const proxied = { host: "127.0.0.1:3000", origin: "https://nuoma.example", "x-forwarded-for": "198.51.100.7" };
    const { result, lines } = await logged(async () => ({
      browser: await app.request(
        "/api/site/requests",
        json(inquiryBody(), { ...proxied, "sec-fetch-site": "same-origin" }),
      ),
      old: await app.request("/api/site/requests", json(inquiryBody(), proxied)),
      crossSite: await app.request(
        "/api/site/requests",
        json(inquiryBody(), { ...proxied, "sec-fetch-site": "cross-site" }),
      ),
    }));
    expect(result.browser.status).toBe(201);
    expect(result.old.status).toBe(403);
    expect(((await result.old.json()) as { message: string }).message).toBe("Užklausa iš kitos svetainės atmesta");
    expect(result.crossSite.status).toBe(403);
    expect(lines.filter((line) => line.includes("PUBLIC_URL=https://nuoma.example"))).toHaveLength(1);
  });

  it("su PUBLIC_URL lyginama su jo kilme (schema ir adresas), ne tik su Host", async () => {
    const app = appWith({ publicUrl: "https://nuoma.example" });
    const host = { host: "127.0.0.1:3000" };
    const same = await app.request(
      "/api/site/requests",
      json(inquiryBody(), { ...host, origin: "https://nuoma.example" }),
    );
    expect(same.status).toBe(201);
    const otherScheme = await app.request(
      "/api/site/requests",
      json(inquiryBody(), { ...host, origin: "http://nuoma.example" }),
    );
    expect(otherScheme.status).toBe(403);
    const other = await app.request(
      "/api/site/requests",
      json(inquiryBody(), { ...host, origin: "https://kita.example" }),
    );
    expect(other.status).toBe(403);
  });
});

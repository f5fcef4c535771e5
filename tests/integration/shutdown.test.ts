// SIGTERM on a real process (server/main.ts, server/start.ts drainHttp): readiness answers 503 at
// once, every request the server received is answered (bodies still on their way included), no
// client sees a reset, then the process exits 0.
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { freeCarId, publicCatalogue, reservationBody, signInAdmin, vilniusDaysFromNow } from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { type RunningServer, startServer } from "../helpers/server";

const METRICS_TOKEN = "bandomasis-metriku-raktas-123456";
const BURST = 40;

interface Outcome {
  status?: number;
  body?: string;
  error?: string;
}

/** A POST whose headers and first half of the body go now, the rest when finish() is called. */
function slowPost(url: string, path: string, payload: unknown): { finish(): void; outcome: Promise<Outcome> } {
  const body = Buffer.from(JSON.stringify(payload));
  const half = Math.floor(body.length / 2);
  const { hostname, port } = new URL(url);
  let finish = (): void => {};
  const outcome = new Promise<Outcome>((resolve) => {
    const request = http.request(
      {
        host: hostname,
        port,
        path,
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", "content-length": String(body.length) },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode, body: text }));
        response.on("error", (error) =>
          resolve({ error: `${(error as NodeJS.ErrnoException).code ?? error.message}` }),
        );
      },
    );
    request.on("error", (error) => resolve({ error: `${(error as NodeJS.ErrnoException).code ?? error.message}` }));
    request.write(body.subarray(0, half));
    finish = () => request.end(body.subarray(half));
  });
  return { finish: () => finish(), outcome };
}

async function inFlight(url: string): Promise<number> {
  const response = await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  const match = /^ratai_http_requests_in_flight (\d+)$/m.exec(text);
  // The metrics request itself is one of them.
  return match ? Number(match[1]) - 1 : 0;
}

/** BURST bookings of one free car on separate days, each its own connection, bodies half sent. */
async function burst(server: RunningServer): Promise<{ finish(): void; outcome: Promise<Outcome> }[]> {
  const site = new ApiClient(server.url);
  const admin = await signInAdmin(server.url);
  const { locations } = await publicCatalogue(site);
  const periods = Array.from({ length: BURST }, (_, i) => ({
    pickupAt: vilniusDaysFromNow(40 + 2 * i, "10:00"),
    returnAt: vilniusDaysFromNow(41 + 2 * i, "10:00"),
  }));
  const carId = await freeCarId(site, admin, periods);
  return periods.map((period) =>
    slowPost(
      server.url,
      "/api/site/reservations",
      reservationBody({ carId, locationId: locations[0]?.id as string, ...period }),
    ),
  );
}

let server: RunningServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

describe("stabdymas SIGTERM", () => {
  it("per rezervacijų srautą atsakoma į kiekvieną gautą užklausą, procesas baigiasi 0", async () => {
    server = await startServer({
      demo: true,
      process: true,
      env: { METRICS_TOKEN, RATE_LIMIT_RESERVATIONS: "1000" },
    });
    const posts = await burst(server);
    // Mid-burst: some requests are in, their bodies half read; others may still be on their way.
    const url = server.url;
    await expect.poll(() => inFlight(url), { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
    const exit = server.signal("SIGTERM");
    for (const post of posts) post.finish();
    const outcomes = await Promise.all(posts.map((post) => post.outcome));
    const failed = outcomes.filter((o) => o.status !== 201);
    expect(
      failed.length,
      `${JSON.stringify(failed.slice(0, 3))} of ${failed.length}\n${server.output().slice(-3000)}`,
    ).toBe(0);
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain("Gautas SIGTERM: serveris stabdomas");
  });

  it("SHUTDOWN_DELAY_MS: pasiruošimas iš karto 503, gyvumas 200, pradėtos užklausos baigiamos", async () => {
    server = await startServer({
      demo: true,
      process: true,
      env: { METRICS_TOKEN, RATE_LIMIT_RESERVATIONS: "1000", SHUTDOWN_DELAY_MS: "5000" },
    });
    const url = server.url;
    expect((await fetch(`${url}/api/health/ready?checks=database`)).status).toBe(200);
    const posts = await burst(server);
    await expect.poll(() => inFlight(url), { timeout: 30_000, interval: 50 }).toBe(BURST);
    const exit = server.signal("SIGTERM");
    await expect
      .poll(async () => (await fetch(`${url}/api/health/ready?checks=database`)).status, {
        timeout: 4_000,
        interval: 50,
      })
      .toBe(503);
    const ready = await fetch(`${url}/api/health/ready?checks=database`);
    const report = (await ready.json()) as { ok: boolean; message: string; checks: Record<string, { ok: boolean }> };
    expect(report.ok).toBe(false);
    expect(report.message).toContain("Serveris stabdomas");
    expect(report.checks.database?.ok).toBe(true);
    expect((await fetch(`${url}/api/health/live`)).status).toBe(200);
    for (const post of posts) post.finish();
    const outcomes = await Promise.all(posts.map((post) => post.outcome));
    expect(outcomes.filter((o) => o.status !== 201)).toEqual([]);
    expect(await exit).toEqual({ code: 0, signal: null });
  });
});

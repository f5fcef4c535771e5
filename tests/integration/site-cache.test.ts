// The public API's answers from memory (server/http/siteCache.ts, server/http/siteStoreCache.ts):
// an ETag and 304 for the catalogue, settings, offers and car pages, and every staff edit or
// booking visible on the very next request, on the same server (PGlite) and on another server
// sharing one PostgreSQL (LISTEN/NOTIFY; skipped without PostgreSQL binaries). No timings asserted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Reservation } from "../../src/domain/schemas";
import { adminGet, type Doc, publicCatalogue, reservationBody, signInAdmin, vilniusDaysFromNow } from "../helpers/api";
import { ApiClient, listItems } from "../helpers/http";
import { detectPostgres, TestCluster } from "../helpers/postgresCluster";
import { type RunningServer, removeTempDir, startServer } from "../helpers/server";

type Car = Doc & { slug: string; model: string; status: string; description: string };

async function getWith(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { accept: "application/json", ...headers } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Car ids a search for [from, to) offers. */
async function searchIds(baseUrl: string, from: string, to: string): Promise<string[]> {
  const answer = await getWith(`${baseUrl}/api/site/search?${new URLSearchParams({ from, to, limit: "100" })}`);
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  return listItems<{ car?: { id: string }; id?: string }>(JSON.parse(answer.text)).map(
    (result) => result.car?.id ?? result.id ?? "",
  );
}

/** Resolves when check() holds; the test's own timeout bounds the wait (no timed assertion). */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((done) => setTimeout(done, 50));
}

describe("viešo API atsakymai iš atminties (ETag, 304, pakeitimai matomi iš karto)", () => {
  let server: RunningServer;
  let admin: ApiClient;
  let cars: Car[];

  beforeAll(async () => {
    server = await startServer({ demo: true });
    admin = await signInAdmin(server.url);
    cars = (await publicCatalogue(new ApiClient(server.url))).cars as Car[];
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("katalogas, automobilis, nustatymai ir akcijos turi ETag; tas pats ETag – 304 be turinio", async () => {
    const car = cars[0] as Car;
    for (const path of ["/api/site/cars", `/api/site/cars/${car.slug}`, "/api/site/settings", "/api/site/offers"]) {
      const first = await getWith(`${server.url}${path}`);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get("etag");
      expect(etag, path).toMatch(/^W\/".+"$/);
      expect(first.headers.get("cache-control"), path).toBe("no-cache");
      expect(first.headers.get("content-type"), path).toContain("application/json");

      const again = await getWith(`${server.url}${path}`);
      expect(again.headers.get("etag"), path).toBe(etag);
      expect(again.text, path).toBe(first.text);

      const notModified = await getWith(`${server.url}${path}`, { "if-none-match": etag as string });
      expect(notModified.status, path).toBe(304);
      expect(notModified.text, path).toBe("");
      expect(notModified.headers.get("etag"), path).toBe(etag);

      const other = await getWith(`${server.url}${path}`, { "if-none-match": 'W/"kitas"' });
      expect(other.status, path).toBe(200);
    }
  });

  it("suspaustas katalogas (br, gzip) yra tas pats JSON", async () => {
    const plain = await getWith(`${server.url}/api/site/cars`, { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    for (const encoding of ["br", "gzip"]) {
      const response = await fetch(`${server.url}/api/site/cars`, { headers: { "accept-encoding": encoding } });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("vary")).toContain("Accept-Encoding");
      // fetch decodes it: the same text as the uncompressed answer.
      expect(await response.text()).toBe(plain.text);
    }
  });

  it("darbuotojo pakeistas automobilis matomas kitoje užklausoje, senas ETag nebetinka", async () => {
    const car = cars[1] as Car;
    const path = `/api/site/cars/${car.slug}`;
    const before = await getWith(`${server.url}${path}`);
    const etag = before.headers.get("etag") as string;
    const catalogueEtag = (await getWith(`${server.url}/api/site/cars`)).headers.get("etag") as string;

    const record = await adminGet<Car>(admin, "cars", car.id);
    const saved = await admin.put(`/api/admin/cars/${car.id}`, { ...record, model: `${record.model} Talpesnis` });
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);

    const after = await getWith(`${server.url}${path}`, { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect((JSON.parse(after.text) as Car).model).toBe(`${record.model} Talpesnis`);
    expect(after.headers.get("etag")).not.toBe(etag);
    const catalogue = await getWith(`${server.url}/api/site/cars`, { "if-none-match": catalogueEtag });
    expect(catalogue.status).toBe(200);
    expect(listItems<Car>(JSON.parse(catalogue.text)).find((c) => c.id === car.id)?.model).toBe(
      `${record.model} Talpesnis`,
    );

    // Hidden: gone from the catalogue and its page at once.
    const current = await adminGet<Car>(admin, "cars", car.id);
    expect((await admin.put(`/api/admin/cars/${car.id}`, { ...current, status: "hidden" })).status).toBe(200);
    expect((await getWith(`${server.url}${path}`)).status).toBe(404);
    const listed = listItems<Car>(JSON.parse((await getWith(`${server.url}/api/site/cars`)).text));
    expect(listed.some((c) => c.id === car.id)).toBe(false);

    const hidden = await adminGet<Car>(admin, "cars", car.id);
    expect(
      (await admin.put(`/api/admin/cars/${car.id}`, { ...hidden, status: "active", model: record.model })).status,
    ).toBe(200);
    expect((await getWith(`${server.url}${path}`)).status).toBe(200);
  });

  it("pakeisti nustatymai ir vietos matomi iš karto", async () => {
    const settingsBefore = await getWith(`${server.url}/api/site/settings`);
    const etag = settingsBefore.headers.get("etag") as string;
    const location = (JSON.parse(settingsBefore.text) as { locations: Doc[] }).locations[0] as Doc & { name: string };
    const record = await adminGet<Doc & { name: string }>(admin, "locations", location.id);
    const saved = await admin.put(`/api/admin/locations/${location.id}`, {
      ...record,
      name: `${record.name} (2 aukštas)`,
    });
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);

    const after = await getWith(`${server.url}/api/site/settings`, { "if-none-match": etag });
    expect(after.status).toBe(200);
    const names = (JSON.parse(after.text) as { locations: { name: string }[] }).locations.map((l) => l.name);
    expect(names).toContain(`${record.name} (2 aukštas)`);
    const renamed = await adminGet<Doc & { name: string }>(admin, "locations", location.id);
    expect((await admin.put(`/api/admin/locations/${location.id}`, { ...renamed, name: record.name })).status).toBe(
      200,
    );
  });

  it("paieška iš karto mato naują rezervaciją ir jos atšaukimą", async () => {
    const site = new ApiClient(server.url);
    const { locations } = await publicCatalogue(site);
    const from = vilniusDaysFromNow(200, "10:00");
    const to = vilniusDaysFromNow(203, "10:00");
    const free = await searchIds(server.url, from, to);
    const carId = free[0] as string;
    expect(carId).toBeTruthy();

    const booked = await site.post<{ id: string }>(
      "/api/site/reservations",
      reservationBody({ carId, locationId: (locations[0] as Doc).id, pickupAt: from, returnAt: to }),
    );
    expect(booked.status, booked.text.slice(0, 300)).toBe(201);
    expect(await searchIds(server.url, from, to)).not.toContain(carId);
    // The quote of the taken car says so too.
    const quote = await site.post<{ available: boolean }>("/api/site/quote", {
      carId,
      pickupAt: from,
      returnAt: to,
      pickupLocationId: (locations[0] as Doc).id,
      returnLocationId: (locations[0] as Doc).id,
      extras: [],
    });
    expect(quote.status, quote.text.slice(0, 300)).toBe(200);
    expect(quote.body.available).toBe(false);

    const current = await adminGet<Doc & Reservation>(admin, "reservations", booked.body.id);
    const cancelled = await admin.put(`/api/admin/reservations/${booked.body.id}`, {
      ...current,
      status: "cancelled",
      statusReason: "Klientas persigalvojo.",
    });
    expect(cancelled.status, cancelled.text.slice(0, 300)).toBe(200);
    expect(await searchIds(server.url, from, to)).toContain(carId);
  });
});

const found = detectPostgres();

describe.skipIf("reason" in found)("du serveriai su vienu PostgreSQL: pakeitimas per vieną matomas kitame", () => {
  let cluster: TestCluster | null = null;
  let serverA: RunningServer | null = null;
  let serverB: RunningServer | null = null;

  beforeAll(async () => {
    if ("reason" in found) return;
    cluster = new TestCluster(found.bin, found.runAs);
    await cluster.start();
    serverA = await startServer({ demo: true, databaseUrl: cluster.url });
    serverB = await startServer({ databaseUrl: cluster.url });
  });

  afterAll(async () => {
    await serverB?.stop();
    await serverA?.stop();
    await cluster?.stop();
    if (cluster) removeTempDir(cluster.root);
  });

  it("automobilio pakeitimas per B pasiekia A atmintį; paieška A mato rezervaciją per B", async () => {
    const a = serverA as RunningServer;
    const b = serverB as RunningServer;
    const cars = (await publicCatalogue(new ApiClient(a.url))).cars as Car[];
    const car = cars[2] as Car;
    const path = `/api/site/cars/${car.slug}`;
    // A has it in memory.
    const etag = (await getWith(`${a.url}${path}`)).headers.get("etag") as string;
    expect((await getWith(`${a.url}${path}`, { "if-none-match": etag })).status).toBe(304);

    const adminB = await signInAdmin(b.url);
    const record = await adminGet<Car>(adminB, "cars", car.id);
    const text = `${record.description} Žiemai – žieminės padangos.`;
    expect((await adminB.put(`/api/admin/cars/${car.id}`, { ...record, description: text })).status).toBe(200);
    // The NOTIFY arrives a moment later; then A answers the new text (the wait has no time limit but the test's).
    await until(async () => (await getWith(`${a.url}${path}`, { "if-none-match": etag })).status === 200);
    expect((JSON.parse((await getWith(`${a.url}${path}`)).text) as Car).description).toBe(text);

    const from = vilniusDaysFromNow(150, "10:00");
    const to = vilniusDaysFromNow(152, "10:00");
    const carId = (await searchIds(a.url, from, to))[0] as string;
    const { locations } = await publicCatalogue(new ApiClient(b.url));
    const booked = await new ApiClient(b.url).post(
      "/api/site/reservations",
      reservationBody({ carId, locationId: (locations[0] as Doc).id, pickupAt: from, returnAt: to }),
    );
    expect(booked.status, booked.text.slice(0, 300)).toBe(201);
    await until(async () => !(await searchIds(a.url, from, to)).includes(carId));
  });
});

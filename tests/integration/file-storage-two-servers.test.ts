// Two servers of one site: one PostgreSQL (DATABASE_URL, a throwaway cluster of
// tests/helpers/postgresCluster.ts) and one S3 bucket (FILE_STORAGE=s3, a local s3rver). A picture
// uploaded through server A is served by server B and the other way round, and the car record
// that points to it shows it on both (admin API and public site). Without PostgreSQL's programs the
// suite prints "nevykdyta: PostgreSQL nerastas (…)" and is skipped.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminListAll, type Doc, signInAdmin } from "../helpers/api";
import type { ApiClient } from "../helpers/http";
import { makePng } from "../helpers/images";
import { detectPostgres, TestCluster } from "../helpers/postgresCluster";
import { startS3, type TestS3 } from "../helpers/s3";
import { type RunningServer, removeTempDir, startServer } from "../helpers/server";

const found = detectPostgres();
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

type Uploaded = { path: string; url: string };
type Car = Doc & { slug: string; images: string[] };

async function upload(client: ApiClient, bytes: Uint8Array, name: string): Promise<Uploaded> {
  const data = new FormData();
  data.set("folder", "cars");
  data.set("file", new Blob([Buffer.from(bytes)], { type: "image/png" }), name);
  const response = await client.request<Uploaded>("POST", "/api/admin/files", { body: data });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function served(server: RunningServer, url: string): Promise<Buffer> {
  const response = await fetch(new URL(url, server.url));
  expect(response.status, `${server.url}${url}`).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe.skipIf("reason" in found)("du serveriai: viena PostgreSQL ir vienas S3 kibiras", () => {
  let cluster: TestCluster | null = null;
  let s3: TestS3 | null = null;
  let serverA: RunningServer | null = null;
  let serverB: RunningServer | null = null;

  beforeAll(async () => {
    if ("reason" in found) return;
    cluster = new TestCluster(found.bin, found.runAs);
    await cluster.start();
    s3 = await startS3("ratai-bendras");
    const env = s3.env("svetaine");
    // A seeds the demo company (its pictures go to the bucket); B finds it there.
    serverA = await startServer({ demo: true, databaseUrl: cluster.url, env });
    serverB = await startServer({ demo: true, databaseUrl: cluster.url, env });
  }, 300_000);

  afterAll(async () => {
    for (const server of [serverA, serverB]) await server?.stop().catch(() => undefined);
    await cluster?.stop().catch(() => undefined);
    if (cluster) removeTempDir(cluster.root);
    await s3?.stop();
  }, 120_000);

  it("A įkeltas paveikslėlis atiduodamas per B, B įkeltas – per A; automobilio įrašas rodo jį abiejuose", async () => {
    const a = serverA as RunningServer;
    const b = serverB as RunningServer;
    expect(a.output()).toContain("Duomenų bazė: PostgreSQL (DATABASE_URL)");
    expect(b.output()).toContain("Failai saugomi S3 kibire ratai-bendras");
    const adminA = await signInAdmin(a.url);
    const adminB = await signInAdmin(b.url);

    const pictureA = makePng(48, 32, true);
    const fromA = await upload(adminA, pictureA, "is-a.png");
    expect((await served(b, fromA.url)).equals(pictureA)).toBe(true);
    expect((await served(a, fromA.url)).equals(pictureA)).toBe(true);
    expect((await s3!.keys("svetaine/public/cars/")).includes(`svetaine/public/${fromA.path}`)).toBe(true);

    const pictureB = makePng(50, 30, true);
    const fromB = await upload(adminB, pictureB, "is-b.png");
    expect((await served(a, fromB.url)).equals(pictureB)).toBe(true);
    // The hash recorded by B is what A checks against.
    const headA = await fetch(new URL(fromB.url, a.url), { method: "HEAD" });
    expect(headA.headers.get("etag")).toBe(`"${sha256(pictureB).slice(0, 32)}"`);

    // The car record (saved through A) points to both pictures; B shows it and serves them.
    const car = (await adminListAll<Car>(adminA, "cars")).find((c) => c.status === "active") as Car;
    const saved = await adminA.put<Car>(`/api/admin/cars/${car.id}`, { ...car, images: [fromA.path, fromB.path] });
    expect(saved.status, saved.text).toBe(200);
    const onB = await adminB.get<Car>(`/api/admin/cars/${car.id}`);
    expect(onB.body.images).toEqual([fromA.path, fromB.path]);
    await expect
      .poll(async () => {
        const site = await fetch(`${b.url}/api/site/cars/${car.slug}`);
        return site.ok ? ((await site.json()) as Car).images : null;
      })
      .toEqual([fromA.path, fromB.path]);
    for (const image of onB.body.images) expect((await served(b, `/files/${image}`)).length).toBeGreaterThan(0);
    const siteA = (await (await fetch(`${a.url}/api/site/cars/${car.slug}`)).json()) as Car;
    expect(siteA.images).toEqual([fromA.path, fromB.path]);
  }, 120_000);
});

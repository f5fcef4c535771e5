// Live updates between instances: two real servers share one throwaway PostgreSQL cluster, and a
// back-office event stream (GET /api/admin/events) on one hears the writes made through the other
// (LISTEN/NOTIFY), each event exactly once. Needs initdb, pg_ctl and postgres (PATH or
// /usr/lib/postgresql/*/bin); without them the suite prints "nevykdyta: PostgreSQL nerastas (…)"
// and is skipped, never counted as passed.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTEN_APPLICATION_NAME } from "../../server/db/index";
import type { ChangeEvent } from "../../server/services/events";
import { adminGet, adminListAll, type Doc, signInAdmin, signInStaff } from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { detectPostgres, TestCluster } from "../helpers/postgresCluster";
import { type RunningServer, removeTempDir, startServer } from "../helpers/server";

const found = detectPostgres();

/** Resolves when check() holds; the test's own timeout bounds the wait (no timed assertion). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((done) => setTimeout(done, 100));
}

/** A back-office event stream read with fetch, as the browser's EventSource would. */
class EventStream {
  readonly changes: ChangeEvent[] = [];
  private ready = false;
  private ended: string | null = null;
  private readonly waiters = new Set<() => void>();
  private readonly controller = new AbortController();

  static async open(baseUrl: string, client: ApiClient): Promise<EventStream> {
    const stream = new EventStream();
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(`${baseUrl}/api/admin/events`, {
      headers: { accept: "text/event-stream", cookie },
      signal: stream.controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    if (!response.body) throw new Error("Įvykių srautas be turinio");
    void stream.pump(response.body.pipeThrough(new TextDecoderStream()).getReader());
    // The server subscribes before it sends "ready": from then on no change is missed.
    await stream.until(() => stream.ready);
    return stream;
  }

  private async pump(reader: ReadableStreamDefaultReader<string>): Promise<void> {
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replace(/\r\n?/g, "\n");
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          this.handle(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
      this.ended = "srautas baigėsi";
    } catch (error) {
      this.ended = `srautas nutrūko: ${error instanceof Error ? error.message : String(error)}`;
    }
    for (const wake of this.waiters) wake();
  }

  private handle(block: string): void {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    if (event === "ready") this.ready = true;
    if (event === "change") this.changes.push(JSON.parse(data.join("\n")) as ChangeEvent);
    for (const wake of this.waiters) wake();
  }

  /** Waits until check() holds; fails if the stream ends first. */
  until(check: () => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const test = () => {
        if (check()) {
          this.waiters.delete(test);
          resolve();
        } else if (this.ended !== null) {
          this.waiters.delete(test);
          reject(new Error(`Įvykio nesulaukta: ${this.ended}`));
        }
      };
      this.waiters.add(test);
      test();
    });
  }

  of(resource: string, id: string): ChangeEvent[] {
    return this.changes.filter((event) => event.resource === resource && event.id === id);
  }

  /** Waits for a change of that record and returns every one received so far. */
  async receive(resource: string, id: string): Promise<ChangeEvent[]> {
    await this.until(() => this.of(resource, id).length > 0);
    return this.of(resource, id);
  }

  close(): void {
    this.controller.abort();
  }
}

type Car = Doc & { model: string };

describe.skipIf("reason" in found)("gyvi pakeitimai tarp serverių per PostgreSQL LISTEN/NOTIFY", () => {
  let cluster: TestCluster | null = null;
  let serverA: RunningServer | null = null;
  let serverB: RunningServer | null = null;
  let adminA: ApiClient;
  let adminB: ApiClient;
  let cars: Car[] = [];
  const streams: EventStream[] = [];

  const cleanUp = async () => {
    for (const stream of streams.splice(0)) stream.close();
    const errors: unknown[] = [];
    for (const server of [serverB, serverA]) await server?.stop().catch((error: unknown) => errors.push(error));
    serverA = serverB = null;
    await cluster?.stop().catch((error: unknown) => errors.push(error));
    if (cluster) removeTempDir(cluster.root);
    cluster = null;
    if (errors.length > 0) throw errors[0];
  };

  const open = async (server: RunningServer, client: ApiClient) => {
    const stream = await EventStream.open(server.url, client);
    streams.push(stream);
    return stream;
  };

  /** Changes a car through one server; returns its id. */
  const touchCar = async (client: ApiClient, car: Car): Promise<string> => {
    const current = await adminGet<Car>(client, "cars", car.id);
    const response = await client.put(`/api/admin/cars/${car.id}`, { ...current, model: `${car.model} ${Date.now()}` });
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    return car.id;
  };

  const listenerBackends = async (): Promise<number> => {
    const client = new pg.Client({ connectionString: cluster?.url });
    await client.connect();
    try {
      const result = await client.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1",
        [LISTEN_APPLICATION_NAME],
      );
      return Number(result.rows[0]?.n ?? 0);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    if ("reason" in found) return;
    try {
      cluster = new TestCluster(found.bin, found.runAs);
      await cluster.start();
      // A migrates and loads the demo data; B finds both done (one database).
      serverA = await startServer({ demo: true, databaseUrl: cluster.url });
      serverB = await startServer({ databaseUrl: cluster.url });
      adminA = await signInAdmin(serverA.url);
      adminB = await signInAdmin(serverB.url);
      cars = await adminListAll<Car>(adminA, "cars");
      expect(cars.length).toBeGreaterThanOrEqual(4);
    } catch (error) {
      await cleanUp().catch(() => undefined);
      throw error;
    }
  }, 300_000);

  afterAll(cleanUp, 120_000);

  it("abu serveriai naudoja tą pačią PostgreSQL ir klausosi kanalo", async () => {
    expect(serverA?.output()).toContain("Duomenų bazė: PostgreSQL");
    expect(serverB?.output()).toContain("Duomenų bazė: PostgreSQL");
    expect(await listenerBackends()).toBe(2);
  });

  it("B srautas gauna per A padarytą pakeitimą; niekas negauna savo pakeitimo dukart", async () => {
    const streamA = await open(serverA as RunningServer, adminA);
    const streamB = await open(serverB as RunningServer, adminB);

    const first = await touchCar(adminA, cars[0] as Car);
    const heardOnB = await streamB.receive("cars", first);
    expect(heardOnB).toHaveLength(1);
    expect(heardOnB[0]?.kind).toBe("updated");
    // The very event A published (same time stamp), not a look-alike.
    expect(await streamA.receive("cars", first)).toEqual(heardOnB);

    // Barrier: PostgreSQL delivers a listener's notifications in commit order. B writes only after
    // hearing A's NOTIFY, so once A hears B's write, A's own NOTIFY (had it been re-emitted) came before.
    const second = await touchCar(adminB, cars[1] as Car);
    await streamA.receive("cars", second);
    expect(streamA.of("cars", first)).toHaveLength(1);

    // The same the other way round, for B's own NOTIFY.
    const third = await touchCar(adminA, cars[2] as Car);
    await streamB.receive("cars", third);
    expect(streamB.of("cars", second)).toHaveLength(1);
    expect(streamB.of("cars", first)).toHaveLength(1);
    expect(streamA.of("cars", second)).toHaveLength(1);
  });

  it("sukūrimas per A ir pašalinimas per B abiem srautams ateina eilės tvarka", async () => {
    const streamA = await open(serverA as RunningServer, adminA);
    const streamB = await open(serverB as RunningServer, adminB);
    const created = await adminA.post<Doc>("/api/admin/locations", {
      name: "Šiaulių stotis",
      address: "Dubijos g. 44, Šiauliai",
      city: "Šiauliai",
      deliveryFee: 15,
      hours: "I–V 8:00–18:00",
    });
    expect(created.status, created.text.slice(0, 300)).toBe(201);
    const id = created.body.id;
    await streamB.receive("locations", id);
    const removed = await adminB.delete(`/api/admin/locations/${id}`);
    expect(removed.status, removed.text.slice(0, 300)).toBe(200);

    const kinds = (stream: EventStream) => stream.of("locations", id).map((event) => event.kind);
    await streamA.until(() => kinds(streamA).includes("deleted"));
    expect(kinds(streamA)).toEqual(["created", "deleted"]);
    // B's own delete came after A's create; a barrier write through A shows nothing else is on the way.
    const barrier = await touchCar(adminA, cars[3] as Car);
    await streamB.receive("cars", barrier);
    expect(kinds(streamB)).toEqual(["created", "deleted"]);
  });

  it("darbuotojas per kitą serverį negauna tik administratoriui skirtų įvykių", async () => {
    const staffB = await signInStaff((serverB as RunningServer).url);
    const staffStream = await open(serverB as RunningServer, staffB);
    const adminStream = await open(serverB as RunningServer, adminB);

    const anonymous = new ApiClient((serverA as RunningServer).url);
    const report = await anonymous.post<{ id: string }>("/api/client-errors", {
      message: "Bandomoji klaida iš kito serverio",
      kind: "error",
      url: "/",
    });
    expect(report.status, report.text.slice(0, 300)).toBe(201);
    await adminStream.receive("client-errors", report.body.id);

    const barrier = await touchCar(adminA, cars[0] as Car);
    await staffStream.receive("cars", barrier);
    expect(staffStream.changes.filter((event) => event.resource === "client-errors")).toEqual([]);
  });

  it("nutrūkus klausymo ryšiui, abu serveriai prisijungia iš naujo ir vėl gauna vienas kito pakeitimus", async () => {
    const admin = new pg.Client({ connectionString: cluster?.url });
    await admin.connect();
    try {
      const terminated = await admin.query<{ ok: boolean }>(
        "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1",
        [LISTEN_APPLICATION_NAME],
      );
      expect(terminated.rows.map((row) => row.ok)).toEqual([true, true]);
    } finally {
      await admin.end();
    }
    for (const server of [serverA, serverB] as RunningServer[]) {
      await until(() => server.output().includes("vėl veikia"));
      expect(server.output()).toContain("Nutrūko PostgreSQL pakeitimų kanalo „ratai_pakeitimai“ ryšys");
    }
    expect(await listenerBackends()).toBe(2);

    const streamA = await open(serverA as RunningServer, adminA);
    const streamB = await open(serverB as RunningServer, adminB);
    const fromA = await touchCar(adminA, cars[1] as Car);
    await streamB.receive("cars", fromA);
    const fromB = await touchCar(adminB, cars[2] as Car);
    await streamA.receive("cars", fromB);
  });

  it("sustabdytas serveris tvarkingai uždaro klausymo ryšį", async () => {
    const server = serverB as RunningServer;
    serverB = null;
    await server.stop();
    expect(server.output()).toContain("Serveris sustabdytas, duomenų bazė uždaryta");
    expect(server.output()).toContain("kodas 0");
    expect(server.output()).not.toContain("Nepavyko uždaryti pakeitimų kanalo");
    await until(async () => (await listenerBackends()) === 1);
  });
});

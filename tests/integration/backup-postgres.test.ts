// Moving between the local backends with the real commands (issue 16, section 2), on a throwaway
// PostgreSQL cluster (tests/helpers/postgresCluster.ts): a PGlite server's archive restored into
// PostgreSQL, where servers on DATABASE_URL serve the same catalogue, reservations and files and
// two concurrent bookings of one slot still give exactly one; PostgreSQL → PGlite; and the
// scheduled backup done once by two servers on the one database. Without initdb/pg_ctl the suite
// prints "nevykdyta: PostgreSQL nerastas (…)" and is skipped, never counted as passed.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readArchive } from "../../server/backup/archive";
import { SETTINGS_ID } from "../../src/core/collections";
import {
  adminListAll,
  type Doc,
  publicCatalogue,
  reservationBody,
  signInAdmin,
  signInStaff,
  vilniusDaysFromNow,
} from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { detectPostgres, TestCluster } from "../helpers/postgresCluster";
import { type RunningServer, removeTempDir, startServer, tempDir } from "../helpers/server";
import { command } from "./backupArchiveTools";

const found = detectPostgres();

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((done) => setTimeout(done, 200));
}

describe.skipIf("reason" in found)("PGlite → PostgreSQL → PGlite ir suplanuota kopija dviem serveriams", () => {
  let cluster: TestCluster | null = null;
  let source: RunningServer | null = null;
  let serverA: RunningServer | null = null;
  let serverB: RunningServer | null = null;
  let back: RunningServer | null = null;
  const work = tempDir("backup-pg");
  const archive = path.join(work, "is-pglite.tar.gz");
  const pgFiles = path.join(work, "pg-failai");
  const pgFilesB = path.join(work, "pg-failai-b");
  const scheduled = path.join(work, "suplanuotos");
  let before: { cars: string[]; reservations: string[] } = { cars: [], reservations: [] };

  beforeAll(async () => {
    if ("reason" in found) return;
    cluster = new TestCluster(found.bin, found.runAs);
    await cluster.start();
    source = await startServer({ demo: true });
    const admin = await signInAdmin(source.url);
    before = {
      cars: (await publicCatalogue(new ApiClient(source.url))).cars.map((c) => c.id).sort(),
      reservations: (await adminListAll(admin, "reservations")).map((r) => r.id).sort(),
    };
    const result = await command("backup", ["--out", archive, "--url", source.url], { DATA_DIR: source.dataDir });
    expect(result.code, result.stderr + result.stdout).toBe(0);
    await source.stop();
    source = null;
  }, 300_000);

  afterAll(async () => {
    for (const server of [source, serverA, serverB, back]) await server?.stop().catch(() => undefined);
    await cluster?.stop().catch(() => undefined);
    if (cluster) removeTempDir(cluster.root);
    removeTempDir(work);
  }, 120_000);

  it("atkurta į PostgreSQL: serveris rodo tą patį katalogą, rezervacijas ir failus", async () => {
    const url = (cluster as TestCluster).url;
    const result = await command("restore", [archive], { DATABASE_URL: url, DATA_DIR: pgFiles });
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toContain("PostgreSQL (DATABASE_URL)");
    // Both servers have the jobs every 300 ms: the scheduled-backup test below needs them.
    const env = { JOB_INTERVAL_MS: "300", RATE_LIMIT_RESERVATIONS: "100000", SCHEDULED_BACKUPS: "1" };
    serverA = await startServer({ databaseUrl: url, dataDir: pgFiles, env });
    serverB = await startServer({ databaseUrl: url, dataDir: pgFilesB, env });
    expect(serverA.output()).toContain("Duomenų bazė: PostgreSQL");
    const site = new ApiClient(serverA.url);
    const { cars, locations } = await publicCatalogue(site);
    expect(cars.map((c) => c.id).sort()).toEqual(before.cars);
    const admin = await signInAdmin(serverA.url);
    expect((await adminListAll(admin, "reservations")).map((r) => r.id).sort()).toEqual(before.reservations);
    const read = await readArchive(archive, null);
    const image = read.files.find((f) => f.name.startsWith("files/public/"))?.name.replace("files/public/", "");
    expect(image).toBeDefined();
    expect((await fetch(`${serverA.url}/files/${image}`)).status).toBe(200);

    // Two bookings of one slot at once, through the two servers: exactly one is taken.
    const car = cars[0] as Doc;
    const slot = {
      carId: car.id,
      locationId: (locations[0] as Doc).id,
      pickupAt: vilniusDaysFromNow(300, "10:00"),
      returnAt: vilniusDaysFromNow(302, "10:00"),
    };
    const answers = await Promise.all([
      new ApiClient(serverA.url).post("/api/site/reservations", reservationBody(slot)),
      new ApiClient((serverB as RunningServer).url).post("/api/site/reservations", reservationBody(slot)),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    // The exclusion constraint is there again after the restore.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const constraint = await client.query(
        "SELECT conname FROM pg_constraint WHERE conname IN ('reservations_no_overlap', 'car_holds_no_overlap') ORDER BY conname",
      );
      // reservations_no_overlap gave way to car_holds_no_overlap, which holds each car of a swapped rental (014_car_swaps.sql).
      expect(constraint.rows.map((r) => r.conname)).toEqual(["car_holds_no_overlap"]);
    } finally {
      await client.end();
    }
  }, 300_000);

  it("PostgreSQL → PGlite: kopija tiesiai iš PostgreSQL (serveriams veikiant), atkurta į naują aplanką", async () => {
    const url = (cluster as TestCluster).url;
    const out = path.join(work, "is-postgres.tar.gz");
    const result = await command("backup", ["--out", out], { DATABASE_URL: url, DATA_DIR: pgFiles });
    expect(result.code, result.stderr + result.stdout).toBe(0);
    const read = await readArchive(out, null);
    expect(read.manifest.source.backend).toBe("postgres");
    const target = path.join(work, "atgal-pglite");
    const restored = await command("restore", [out], { DATA_DIR: target });
    expect(restored.code, restored.stderr + restored.stdout).toBe(0);
    back = await startServer({ dataDir: target });
    const admin = await signInAdmin(back.url);
    const reservations = await adminListAll(admin, "reservations");
    expect(reservations.length).toBe(read.manifest.counts.reservations);
    expect(reservations.length).toBe(before.reservations.length + 1);
    await back.stop();
    back = null;
  }, 300_000);

  it("suplanuotą kopiją padaro lygiai vienas iš dviejų serverių", async () => {
    // Backups are on by default: the first run of the job on either server takes today's daily
    // backup into its own DATA_DIR/backups; the other server finds the day claimed.
    const admin = await signInAdmin((serverA as RunningServer).url);
    let status: { last: { status: string; claimedBy: string } | null; stale: boolean } | null = null;
    await until(async () => {
      const answer = await admin.get<typeof status>("/api/admin/backup-status");
      status = answer.body;
      return answer.status === 200 && status?.last?.status === "ok";
    });
    const archives = () =>
      [pgFiles, pgFilesB].flatMap((dir) => {
        const folder = path.join(dir, "backups");
        return existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith(".tar.gz")) : [];
      });
    expect(archives()).toHaveLength(1);
    // Changed settings (another folder) do not make a second daily backup on the same day.
    const current = await admin.get<Record<string, unknown>>(`/api/admin/settings/${SETTINGS_ID}`);
    expect(current.status).toBe(200);
    const saved = await admin.put(`/api/admin/settings/${SETTINGS_ID}`, {
      ...current.body,
      backups: { enabled: true, hourly: false, hour: 0, folder: scheduled, keep: 3 },
    });
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);
    // Many more job runs on both servers (every 300 ms): still one archive, one record.
    await new Promise((done) => setTimeout(done, 3000));
    const inScheduled = existsSync(scheduled) ? readdirSync(scheduled).filter((f) => f.endsWith(".tar.gz")) : [];
    expect([...archives(), ...inScheduled]).toHaveLength(1);
    const made = [serverA, serverB].filter((s) =>
      s?.output().includes("Atsarginė kopija (kasdienė) įrašyta ir patikrinta"),
    );
    expect(made).toHaveLength(1);
    const final = await admin.get<{ last: { status: string }; stale: boolean }>("/api/admin/backup-status");
    expect(final.body.last.status).toBe("ok");
    expect(final.body.stale).toBe(false);
    // Staff (not admins) may not read it, nor anyone signed out.
    const staff = await signInStaff((serverA as RunningServer).url);
    expect((await staff.get("/api/admin/backup-status")).status).toBe(403);
    expect((await new ApiClient((serverA as RunningServer).url).get("/api/admin/backup-status")).status).toBe(401);
  }, 300_000);
});

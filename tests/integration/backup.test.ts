// Backups and restores on the local server (issue 16, sections 1 and 2), with the real commands:
// - `npm run backup` while the server runs and 8 writers create reservations and customers: the
//   server takes the snapshot (POST /api/backup with DATA_DIR's secret), the command saves it;
//   restored into a fresh PGlite folder, every write acknowledged before the backup began is
//   there, and the counts equal the manifest; the restored server serves the same catalogue,
//   its staff sign in with their passwords, the numbering continues;
// - a non-empty target, a flipped byte, a cut file, a newer schema and a missing file are each refused
//   in Lithuanian, the target exactly as it was (a folder that did not exist is not created);
// - an archive of an older schema is migrated as it is loaded.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readArchive } from "../../server/backup/archive";
import { listFiles } from "../../server/backup/local";
import { openDb } from "../../server/db/index";
import { createPgStore } from "../../server/store/pgStore";
import { BACKUP_COLLECTIONS } from "../../src/core/backup";
import {
  adminListAll,
  type Doc,
  publicCatalogue,
  reservationBody,
  signInAdmin,
  vilniusDaysFromNow,
} from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { type RunningServer, removeTempDir, startServer, tempDir } from "../helpers/server";
import { command, rewriteArchive } from "./backupArchiveTools";

/** Counts and ids per collection of a PGlite folder (no server may have it open). */
async function readFolder(dataDir: string): Promise<Record<string, string[]>> {
  const db = await openDb({ dataDir, databaseUrl: null });
  try {
    const snapshot = await (createPgStore(db).snapshot as NonNullable<ReturnType<typeof createPgStore>["snapshot"]>)(
      BACKUP_COLLECTIONS,
    );
    return Object.fromEntries(Object.entries(snapshot).map(([c, docs]) => [c, docs.map((d) => d.id)]));
  } finally {
    await db.close();
  }
}

const WRITERS = 8;

describe("atsarginė kopija veikiant serveriui ir atkūrimas į naują PGlite", () => {
  let server: RunningServer | null = null;
  let restored: RunningServer | null = null;
  const work = tempDir("backup");
  const archive = path.join(work, "kopija.tar.gz");
  const target = path.join(work, "atkurta");
  /** ids acknowledged (HTTP 201) and when */
  const acknowledged: { collection: "reservations" | "customers"; id: string; at: number }[] = [];
  let backupStartedAt = 0;
  let catalogueBefore: string[] = [];

  beforeAll(async () => {
    server = await startServer({ demo: true, env: { RATE_LIMIT_RESERVATIONS: "100000" } });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await restored?.stop();
    removeTempDir(work);
  }, 60_000);

  it("kopija daroma, kol 8 rašytojai kuria rezervacijas ir klientus", async () => {
    const live = server as RunningServer;
    const admin = await signInAdmin(live.url);
    const site = new ApiClient(live.url);
    const { cars, locations } = await publicCatalogue(site);
    catalogueBefore = cars.map((c) => c.id).sort();
    const location = (locations[0] as Doc).id;
    let stop = false;
    let backupDone = false;
    let sequence = 0;

    const writer = async (index: number): Promise<void> => {
      const client = index % 2 === 0 ? site : admin;
      while (!stop) {
        sequence += 1;
        const n = sequence;
        if (index % 2 === 0) {
          // A reservation far in the future, each on its own day and car, so none conflicts.
          const car = cars[n % cars.length] as Doc;
          const day = 200 + ((Math.floor(n / cars.length) * 2) % 160);
          const response = await client.post<{ id: string }>(
            "/api/site/reservations",
            reservationBody({
              carId: car.id,
              locationId: location,
              pickupAt: vilniusDaysFromNow(day, "10:00"),
              returnAt: vilniusDaysFromNow(day + 1, "10:00"),
            }),
          );
          // 409: the day wrapped onto an earlier writer's booking (a long run); not acknowledged.
          expect([201, 409], response.text.slice(0, 300)).toContain(response.status);
          if (response.status === 201)
            acknowledged.push({ collection: "reservations", id: response.body.id, at: Date.now() });
        } else {
          const response = await client.post<{ id: string }>("/api/admin/customers", {
            firstName: "Rašytojas",
            lastName: `Nr. ${n}`,
            email: `rasytojas.${n}.${process.pid}@pavyzdys.lt`,
            phone: "+37061234567",
          });
          expect(response.status, response.text.slice(0, 300)).toBe(201);
          acknowledged.push({ collection: "customers", id: response.body.id, at: Date.now() });
        }
        // Keep writing until a little after the backup finished.
        if (backupDone && acknowledged.length > 0) stop = true;
      }
    };

    const writers = Array.from({ length: WRITERS }, (_, i) => writer(i));
    // Let the writers get going, then back up while they write.
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 50));
    backupStartedAt = Date.now();
    const result = await command("backup", ["--out", archive, "--url", live.url], { DATA_DIR: live.dataDir });
    backupDone = true;
    const backupMs = Date.now() - backupStartedAt;
    await Promise.all(writers);
    console.info(
      `kopijos komanda truko ${backupMs} ms; serveris: ${
        live
          .output()
          .split("\n")
          .find((l) => l.includes("Atsarginė kopija sukurta")) ?? "–"
      }`,
    );
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toContain("kopiją kuria jis");
    expect(result.stdout).toContain("Atsarginė kopija įrašyta");
    expect(existsSync(archive)).toBe(true);
    // No temporary file is left beside it.
    expect(readdirSync(work).filter((f) => f.includes(".tmp-"))).toEqual([]);
    const after = acknowledged.filter((a) => a.at > backupStartedAt);
    expect(after.length, "rašyta ir kopijai vykstant").toBeGreaterThan(0);
    console.info(
      `kopija: ${acknowledged.length} patvirtintų įrašų, iš jų ${acknowledged.filter((a) => a.at <= backupStartedAt).length} iki kopijos pradžios`,
    );
  }, 240_000);

  it("archyvas pilnas: kiekvienas iki kopijos pradžios patvirtintas įrašas jame yra", async () => {
    const read = await readArchive(archive, null);
    const ids = (collection: string) => new Set((read.collections[collection] ?? []).map((d) => d.id));
    const reservations = ids("reservations");
    const customers = ids("customers");
    const before = acknowledged.filter((a) => a.at <= backupStartedAt);
    expect(before.length).toBeGreaterThanOrEqual(40);
    const missing = before.filter((a) => !(a.collection === "reservations" ? reservations : customers).has(a.id));
    expect(missing).toEqual([]);
    // Every collection of the core is in it, and the files.
    expect(Object.keys(read.manifest.counts).sort()).toEqual([...BACKUP_COLLECTIONS].sort());
    expect(read.files.length).toBeGreaterThan(0);
    expect(read.extras["local/staff-credentials.ndjson"]?.split("\n").filter(Boolean).length).toBe(
      read.manifest.counts.staff,
    );
  });

  it("atkurta į naują PGlite: kiekiai lygūs aprašui, failai vietoje, serveris rodo tą patį", async () => {
    const result = await command("restore", [archive], { DATA_DIR: target });
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toContain("kiekiai ir kontrolinės sumos sutampa");
    const read = await readArchive(archive, null);
    const stored = await readFolder(target);
    for (const collection of BACKUP_COLLECTIONS) {
      expect(stored[collection]?.length ?? 0, collection).toBe(read.manifest.counts[collection]);
    }
    const before = acknowledged.filter((a) => a.at <= backupStartedAt);
    const restoredIds = new Set([...(stored.reservations ?? []), ...(stored.customers ?? [])]);
    expect(before.filter((a) => !restoredIds.has(a.id))).toEqual([]);
    const files = [
      ...(await listFiles(path.join(target, "files"))).map((f) => `files/public/${f}`),
      ...(await listFiles(path.join(target, "private"))).map((f) => `files/private/${f}`),
    ].sort();
    expect(files).toEqual(read.files.map((f) => f.name).sort());

    // The restored server: same catalogue, the demo admin signs in with the same password,
    // uploaded images are served, and the reservation numbers continue the series.
    restored = await startServer({ dataDir: target, env: { RATE_LIMIT_RESERVATIONS: "100000" } });
    const site = new ApiClient(restored.url);
    const { cars, locations } = await publicCatalogue(site);
    expect(cars.map((c) => c.id).sort()).toEqual(catalogueBefore);
    const admin = await signInAdmin(restored.url);
    const reservations = await adminListAll<Doc & { number: string }>(admin, "reservations");
    expect(reservations.length).toBe(read.manifest.counts.reservations);
    const image = (read.files.find((f) => f.name.startsWith("files/public/")) as { name: string }).name;
    const served = await fetch(`${restored.url}/files/${image.replace("files/public/", "")}`);
    expect(served.status).toBe(200);
    const highest = Math.max(...reservations.map((r) => Number(r.number.slice(-6))));
    const car = cars[0] as Doc;
    const next = await site.post<{ number: string }>(
      "/api/site/reservations",
      reservationBody({
        carId: car.id,
        locationId: (locations[0] as Doc).id,
        pickupAt: vilniusDaysFromNow(362, "10:00"),
        returnAt: vilniusDaysFromNow(363, "10:00"),
      }),
    );
    expect(next.status, next.text.slice(0, 300)).toBe(201);
    expect(Number(next.body.number.slice(-6))).toBe(highest + 1);
    await restored.stop();
    restored = null;
  }, 240_000);

  it("netuščia vieta atmetama ir lieka nepakeista", async () => {
    const before = await readFolder(target);
    const result = await command("restore", [archive], { DATA_DIR: target });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Atkurti galima tik į tuščią vietą");
    expect(result.stderr).toContain("--force");
    expect(await readFolder(target)).toEqual(before);
  }, 120_000);

  it("su --force netuščia vieta pakeičiama archyvo turiniu", async () => {
    const result = await command("restore", [archive, "--force"], { DATA_DIR: target });
    expect(result.code, result.stderr + result.stdout).toBe(0);
    const read = await readArchive(archive, null);
    const stored = await readFolder(target);
    for (const collection of BACKUP_COLLECTIONS) {
      expect(stored[collection]?.length ?? 0, collection).toBe(read.manifest.counts[collection]);
    }
  }, 120_000);

  it("sugadintas baitas, nukirstas failas, naujesnė schema ir nesamas failas atmetami lietuviškai; vieta lieka, kokia buvo", async () => {
    const bytes = readFileSync(archive);
    const flipped = path.join(work, "apversta.tar.gz");
    const copy = Buffer.from(bytes);
    const at = Math.floor(copy.length / 2);
    copy[at] = (copy[at] as number) ^ 0x01;
    writeFileSync(flipped, copy);
    const truncated = path.join(work, "nukirsta.tar.gz");
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    const newer = path.join(work, "naujesne.tar.gz");
    await rewriteArchive(archive, newer, (manifest) => ({ ...manifest, schemaVersion: 99 }));

    for (const [file, message, existing] of [
      [flipped, "Archyvas sugadintas arba nepilnas: ", false],
      [truncated, "Archyvas sugadintas arba nepilnas: failas nukirstas (baigiasi per anksti)", true],
      [newer, "naujesnės programos versijos", false],
      [path.join(work, "nera.tar.gz"), "nerastas. Niekas nepakeista.", true],
    ] as const) {
      // A folder that did not exist stays absent; an empty one stays empty (no database, no files).
      const empty = path.join(work, `tuscia-${path.basename(file)}`);
      if (existing) mkdirSync(empty);
      const result = await command("restore", [file], { DATA_DIR: empty });
      expect(result.code, result.stdout).toBe(1);
      expect(result.stderr).toContain(message);
      // Lithuanian to the end: no raw English from zlib, tar or the file system.
      const refusal = result.stderr.trim().split("\n").at(-1) ?? "";
      expect(refusal).toMatch(/^Atkurti nepavyko: /);
      expect(refusal).not.toMatch(/unexpected|incorrect|invalid|header|ENOENT|no such file|end of file/i);
      if (existing) expect(readdirSync(empty)).toEqual([]);
      else expect(existsSync(empty)).toBe(false);
    }
  }, 240_000);

  it("senesnės schemos archyvas atnaujinamas įkeliant (skaitikliai reservation:METAI → reservation-METAI)", async () => {
    const older = path.join(work, "senesne.tar.gz");
    await rewriteArchive(
      archive,
      older,
      (manifest) => ({ ...manifest, schemaVersion: 0 }),
      (collection, docs) =>
        collection === "counters"
          ? docs.map((d) => ({ ...d, id: d.id.replace(/^reservation-(\d+)$/, "reservation:$1") }))
          : docs,
    );
    const oldRead = await readArchive(older, null);
    expect(oldRead.collections.counters?.some((d) => d.id.startsWith("reservation:"))).toBe(true);
    const dir = path.join(work, "is-senesnes");
    const result = await command("restore", [older], { DATA_DIR: dir });
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toContain("atnaujinti iš schemos 0");
    const stored = await readFolder(dir);
    expect(stored.counters?.some((id) => /^reservation-\d+$/.test(id))).toBe(true);
    expect(stored.counters?.some((id) => id.startsWith("reservation:"))).toBe(false);
  }, 120_000);

  it("kopija be veikiančio serverio: komanda pati atveria aplanką", async () => {
    const out = path.join(work, "tiesiogine.tar.gz");
    const result = await command("backup", ["--out", out], { DATA_DIR: target });
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).not.toContain("kopiją kuria jis");
    const read = await readArchive(out, null);
    expect(read.manifest.source.backend).toBe("pglite");
    expect(read.manifest.counts.reservations).toBe((await readArchive(archive, null)).manifest.counts.reservations);
  }, 120_000);
});

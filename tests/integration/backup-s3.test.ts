// Backups that leave the machine: an S3-compatible bucket (s3rver in the test process). A backup
// is uploaded and verified there and listed with its places; the bucket keeps copyKeep of each
// kind; an unreachable bucket leaves the backup good locally with the failure in its status; the
// guided restore's check reads an archive (the bucket's or the folder's) and answers what it holds
// and the exact steps, a damaged one is refused in Lithuanian; `npm run restore -- s3://…` brings
// the same documents into a fresh data folder.
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readArchive } from "../../server/backup/archive";
import { createS3Backups, fileDigest, PART_SIZE } from "../../server/backup/s3";
import { runScheduledBackup } from "../../server/backup/scheduled";
import { loadConfig, type S3BackupConfig } from "../../server/config";
import { openDb } from "../../server/db/index";
import { migrate } from "../../server/db/migrate";
import type { Db } from "../../server/db/types";
import { createPgStore } from "../../server/store/pgStore";
import { BACKUP_COLLECTIONS } from "../../src/core/backup";
import type { BackupArchiveChecked, BackupStatus } from "../../src/core/backupSchedule";
import { backupStatus } from "../../src/core/backupSchedule";
import { COLLECTIONS, SETTINGS_ID } from "../../src/core/collections";
import type { BackupArchiveInfo, CoreContext } from "../../src/core/ports";
import type { BackupRecord } from "../../src/domain/backupSchedule";
import { signInAdmin, signInStaff } from "../helpers/api";
import type { ApiClient } from "../helpers/http";
import { migratedDataDir } from "../helpers/pgliteTemplate";
import { startS3, type TestS3 } from "../helpers/s3";
import { type RunningServer, removeTempDir, startServer, tempDir } from "../helpers/server";
import { command } from "./backupArchiveTools";

const BUCKET = "ratai-kopijos";

const s3Env = (endpoint: string): Record<string, string> => ({
  BACKUP_S3_ENDPOINT: endpoint,
  BACKUP_S3_REGION: "eu-central-1",
  BACKUP_S3_BUCKET: BUCKET,
  BACKUP_S3_PREFIX: "kopijos",
  BACKUP_S3_ACCESS_KEY_ID: "S3RVER",
  BACKUP_S3_SECRET_ACCESS_KEY: "S3RVER",
});

async function keysIn(client: S3Client, prefix: string): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key ?? "").sort();
}

async function snapshotOf(dataDir: string) {
  const db = await openDb({ dataDir, databaseUrl: null });
  try {
    const store = createPgStore(db);
    return await (store.snapshot as NonNullable<typeof store.snapshot>)(BACKUP_COLLECTIONS);
  } finally {
    await db.close();
  }
}

/** A port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("S3 nustatymai", () => {
  it("iš dalies nustatytas krepšys neleidžia paleisti serverio ir įvardija, ko trūksta", () => {
    expect(() => loadConfig({ BACKUP_S3_BUCKET: BUCKET }, [])).toThrow(
      "Atsarginių kopijų S3 krepšys nustatytas tik iš dalies: trūksta BACKUP_S3_ACCESS_KEY_ID, BACKUP_S3_SECRET_ACCESS_KEY",
    );
    expect(() =>
      loadConfig(
        { BACKUP_S3_ENDPOINT: "http://127.0.0.1:9000", BACKUP_S3_ACCESS_KEY_ID: "a", BACKUP_S3_SECRET_ACCESS_KEY: "b" },
        [],
      ),
    ).toThrow("trūksta BACKUP_S3_BUCKET");
    expect(() => loadConfig({ ...s3Env("ftp://kur"), BACKUP_S3_ENDPOINT: "ftp://kur" }, [])).toThrow(
      "BACKUP_S3_ENDPOINT turi prasidėti http:// arba https://",
    );
    expect(loadConfig({}, []).backupS3).toBeNull();
    expect(loadConfig(s3Env("http://127.0.0.1:9000"), []).backupS3).toMatchObject({
      bucket: BUCKET,
      prefix: "kopijos/",
      forcePathStyle: true,
    });
  });
});

describe("atsarginės kopijos S3 krepšyje per serverį", () => {
  let s3: TestS3;
  let client: S3Client;
  let server: RunningServer;
  let admin: ApiClient;
  let made: BackupRecord;
  const restored = tempDir("s3-atkurta");

  beforeAll(async () => {
    s3 = await startS3(BUCKET);
    client = s3.client;
    server = await startServer({ demo: true, env: s3Env(s3.endpoint) });
    admin = await signInAdmin(server.url);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
    removeTempDir(restored);
  });

  it("kopija įkeliama į krepšį, ten patikrinama ir sąraše matoma su vietomis", async () => {
    const answer = await admin.post<BackupRecord>("/api/admin/backups");
    expect(answer.status, answer.text.slice(0, 300)).toBe(201);
    made = answer.body;
    const name = path.basename(made.file as string);
    expect(made).toMatchObject({ status: "ok", remote: `s3://${BUCKET}/kopijos/${name}`, remoteError: null });
    expect(server.output()).toContain(
      `Atsarginė kopija įkelta į S3 ir ten patikrinta (dydis ir SHA-256): s3://${BUCKET}/kopijos/${name}`,
    );

    const stored = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `kopijos/${name}` }));
    const bytes = Buffer.from(
      await (stored.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
    );
    expect(bytes.equals(readFileSync(made.file as string))).toBe(true);
    expect(stored.Metadata?.sha256).toMatch(/^[0-9a-f]{64}$/);

    const list = await admin.get<BackupArchiveInfo[]>("/api/admin/backups");
    expect(list.body.find((a) => a.name === name)).toMatchObject({ kind: "manual", places: ["local", "s3"] });
    const status = await admin.get<BackupStatus>("/api/admin/backup-status");
    expect(status.body.last).toMatchObject({ status: "ok", remoteError: null });
  }, 120_000);

  it("kopijos tikrinimas: ką ji turi ir tikslūs atkūrimo žingsniai; niekas nepakeičiama", async () => {
    const name = path.basename(made.file as string);
    const checked = await admin.post<BackupArchiveChecked>(`/api/admin/backups/${name}/check`, { place: "s3" });
    expect(checked.status, checked.text.slice(0, 300)).toBe(200);
    const read = await readArchive(made.file as string, null);
    expect(checked.body).toMatchObject({
      name,
      place: "s3",
      location: `s3://${BUCKET}/kopijos/${name}`,
      size: made.size,
      backend: "pglite",
      counts: read.manifest.counts,
      files: read.files.length,
      // The server's own data folder is named: pasted into any shell it restores this server's data.
      command: `DATA_DIR=${server.dataDir} npm run restore -- s3://${BUCKET}/kopijos/${name} --force`,
    });
    expect(checked.body.steps).toHaveLength(5);
    expect(checked.body.steps[1]).toContain("Sustabdykite serverį");
    expect(checked.body.steps[3]).toContain(checked.body.command);
    expect(checked.body.steps[2]).toContain(`DATA_DIR=${server.dataDir} npm run backup -- --out`);

    const local = await admin.post<BackupArchiveChecked>(`/api/admin/backups/${name}/check`, { place: "local" });
    expect(local.body).toMatchObject({
      location: made.file,
      command: `DATA_DIR=${server.dataDir} npm run restore -- ${made.file} --force`,
    });

    const staff = await signInStaff(server.url);
    const refused = await staff.post<{ message: string }>(`/api/admin/backups/${name}/check`, { place: "s3" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Atsargines kopijas tikrinti gali tik administratorius");
  }, 120_000);

  it("sugadinta kopija (krepšyje ar aplanke) atmetama lietuviškai", async () => {
    const bad = "atsargine-kopija-rankine-2020-01-01-030000.tar.gz";
    const good = readFileSync(made.file as string);
    const damaged = Buffer.concat([good.subarray(0, 200), Buffer.alloc(400, 7)]);
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `kopijos/${bad}`, Body: damaged }));
    const fromBucket = await admin.post<{ message: string }>(`/api/admin/backups/${bad}/check`, { place: "s3" });
    expect(fromBucket.status).toBe(409);
    expect(fromBucket.body.message).toMatch(
      /^Kopija atsargine-kopija-rankine-2020-01-01-030000\.tar\.gz \(S3 krepšyje\) netinkama atkurti: Archyvas sugadintas arba nepilnas/,
    );

    writeFileSync(path.join(server.dataDir, "backups", bad), damaged);
    const fromFolder = await admin.post<{ message: string }>(`/api/admin/backups/${bad}/check`, { place: "local" });
    expect(fromFolder.status).toBe(409);
    expect(fromFolder.body.message).toContain("(kopijų aplanke) netinkama atkurti: Archyvas sugadintas arba nepilnas");

    const missing = await admin.post<{ message: string }>(
      "/api/admin/backups/atsargine-kopija-2019-01-01-0300.tar.gz/check",
      { place: "s3" },
    );
    expect(missing.status).toBe(404);
    const wrongPlace = await admin.post<{ message: string }>(`/api/admin/backups/${bad}/check`, { place: "debesis" });
    expect(wrongPlace.status).toBe(422);
    expect(wrongPlace.body.message).toContain("Vieta turi būti");
  }, 60_000);

  it("npm run restore -- s3://… atkuria tuos pačius dokumentus į naują duomenų aplanką", async () => {
    const url = made.remote as string;
    const result = await command("restore", [url], { DATA_DIR: restored, ...s3Env(s3.endpoint) });
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toContain("SHA-256 sutampa su įkeltąja kopija");
    expect(result.stdout).toContain("kiekiai ir kontrolinės sumos sutampa");
    const read = await readArchive(made.file as string, null);
    const after = await snapshotOf(restored);
    for (const collection of BACKUP_COLLECTIONS) {
      const expected = (read.collections[collection] ?? []).map((d) => d.id);
      expect(
        (after[collection] ?? []).map((d) => d.id),
        collection,
      ).toEqual(expected);
    }
    const cars = read.collections[COLLECTIONS.cars] ?? [];
    expect(cars.length).toBeGreaterThan(0);
    expect(after[COLLECTIONS.cars]?.map((d) => d.data)).toEqual(cars.map((d) => d.data));

    // A key that is not there: refused, nothing created.
    const empty = path.join(restored, "tuscias");
    const missing = await command("restore", [`s3://${BUCKET}/kopijos/nera.tar.gz`], {
      DATA_DIR: empty,
      ...s3Env(s3.endpoint),
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`Atkurti nepavyko: S3 krepšys ${BUCKET}`);
    expect(missing.stderr).toContain("nėra");
    expect(existsSync(empty)).toBe(false);
  }, 240_000);
});

describe("S3 krepšio sukimas ir nepasiekiamas krepšys", () => {
  const dataDir = migratedDataDir("backup-s3");
  const clock = { now: new Date("2026-11-20T02:10:00Z") };
  const logged: string[] = [];
  let s3: TestS3;
  let client: S3Client;
  let db: Db;
  let core: CoreContext;
  let config: S3BackupConfig;

  beforeAll(async () => {
    s3 = await startS3(BUCKET);
    client = s3.client;
    config = loadConfig({ ...s3Env(s3.endpoint), BACKUP_S3_PREFIX: "sukimas" }, []).backupS3 as S3BackupConfig;
    db = await openDb({ dataDir, databaseUrl: null });
    await migrate(db);
    core = {
      store: createPgStore(db),
      events: { publish: () => undefined },
      clock: { now: () => clock.now },
      log: {
        info: (m) => logged.push(`INFO ${m}`),
        warn: (m) => logged.push(`WARN ${m}`),
        error: (m) => logged.push(`ERROR ${m}`),
      },
    };
    await core.store.transaction(async (tx) => {
      tx.set(COLLECTIONS.settings, SETTINGS_ID, {
        backups: { enabled: true, hourly: true, hour: 3, keep: 5, keepHourly: 5, copyKeep: 2 },
        // The test's clock: the rotation's clock guard compares it with the newest stored change.
        updatedAt: clock.now.toISOString(),
      });
      tx.set(COLLECTIONS.locations, "4b4c7a1e-0c5f-4d55-9a51-3d7f1c0a9b01", { name: "Vilniaus oro uostas" });
    });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await s3?.stop();
    removeTempDir(dataDir);
  });

  it("krepšyje laikoma tiek kiekvienos rūšies kopijų, kiek antroje vietoje (copyKeep)", async () => {
    for (const at of ["2026-11-20T02:10:00Z", "2026-11-20T03:10:00Z", "2026-11-20T04:10:00Z", "2026-11-20T05:10:00Z"]) {
      clock.now = new Date(at);
      const run = await runScheduledBackup(core, { dataDir, copyDir: null, s3: config });
      expect(run?.ok).toBe(true);
    }
    // Local: the daily one and all 3 hourly ones (keepHourly 5); the bucket: the daily one and the newest 2 hourly.
    expect(readdirSync(path.join(dataDir, "backups")).filter((f) => f.endsWith(".tar.gz"))).toHaveLength(4);
    expect(await keysIn(client, "sukimas/")).toEqual([
      "sukimas/atsargine-kopija-2026-11-20-0410.tar.gz",
      "sukimas/atsargine-kopija-valandine-2026-11-20-0610.tar.gz",
      "sukimas/atsargine-kopija-valandine-2026-11-20-0710.tar.gz",
    ]);
    expect(
      logged.some((l) => l.includes("ten pašalintos senos: atsargine-kopija-valandine-2026-11-20-0510.tar.gz")),
    ).toBe(true);
  }, 180_000);

  it("didelė kopija įkeliama dalimis (multipart) ir patikrinama krepšyje; atsisiuntimas tikrinamas pagal SHA-256", async () => {
    const big = path.join(dataDir, "atsargine-kopija-rankine-2026-11-20-090000.tar.gz");
    writeFileSync(big, randomBytes(PART_SIZE * 2 + 12_345));
    const bucket = createS3Backups(config);
    try {
      const location = await bucket.uploadVerified(big, path.basename(big));
      expect(location).toBe(`s3://${BUCKET}/sukimas/atsargine-kopija-rankine-2026-11-20-090000.tar.gz`);
      const back = path.join(dataDir, "atsisiusta.bin");
      const got = await bucket.download(`sukimas/${path.basename(big)}`, back);
      expect(got).toEqual(await fileDigest(big));
      expect(readFileSync(back).equals(readFileSync(big))).toBe(true);
    } finally {
      bucket.close();
    }
  }, 120_000);

  it("krepšys nepasiekiamas: kopija vietoje pavyksta, o klaida matoma būsenoje", async () => {
    const unreachable = { ...config, endpoint: `http://127.0.0.1:${await closedPort()}` };
    clock.now = new Date("2026-11-20T06:10:00Z");
    const run = await runScheduledBackup(core, { dataDir, copyDir: null, s3: unreachable });
    expect(run).toMatchObject({ ok: true, kind: "hourly" });
    await readArchive(run?.file as string, null);
    const { last, lastGood, stale } = await backupStatus(core);
    expect(last).toMatchObject({ status: "ok", remote: null });
    expect(lastGood?.day).toBe(last?.day);
    expect(stale).toBe(false);
    expect(last?.remoteError).toContain("Nepavyko įkelti į S3: S3 krepšys ratai-kopijos");
    expect(last?.remoteError).toContain("serveris nepasiekiamas");
    expect(logged.some((l) => l.startsWith("ERROR Atsarginė kopija įrašyta vietoje, bet nepavyko įkelti į S3"))).toBe(
      true,
    );
  }, 120_000);
});

// The point-in-time recovery leaves the machine (server/db/walMirror.ts): the WAL archive and the
// base backups are copied to a second folder and to an S3-compatible bucket (s3rver in the test
// process), verified there; the pruning there follows the local one; and with DATA_DIR/backups gone
// (or a new, empty DATA_DIR) `npm run db:restore-to-time -- --iki … --is <folder|s3://…>` fetches
// them back and restores: booking A present, B absent.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3BackupConfig } from "../../server/config";
import { embeddedPostgresBinaries } from "../../server/db/embeddedPostgres";
import { openDb } from "../../server/db/index";
import { migrate } from "../../server/db/migrate";
import type { Db } from "../../server/db/types";
import { pruneBaseBackups, runBaseBackupJob, vilniusStamp } from "../../server/db/walArchive";
import { baseBackupsDir, walArchiveDir } from "../../server/db/walCommands";
import { mirrorFolderOf, mirrorWalArchive, unpackBaseBackup } from "../../server/db/walMirror";
import { createPgStore } from "../../server/store/pgStore";
import { startS3, type TestS3 } from "../helpers/s3";
import { REPO_ROOT, removeTempDir, tempDir } from "../helpers/server";

const BUCKET = "ratai-kopijos";
const KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

const s3Config = (endpoint: string, prefix: string): S3BackupConfig => ({
  endpoint,
  region: "eu-central-1",
  bucket: BUCKET,
  prefix,
  ...KEYS,
  forcePathStyle: true,
});

async function keysIn(client: S3Client, prefix: string): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => (o.Key ?? "").slice(prefix.length)).sort();
}

async function objectBytes(client: S3Client, key: string): Promise<Buffer> {
  const answer = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await (answer.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
}

const sha = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

const logOf = (lines: string[]) => ({
  info: (line: string) => lines.push(line),
  warn: (line: string) => lines.push(line),
  error: (line: string) => lines.push(`KLAIDA ${line}`),
});

const segment = (n: number): string => `00000001000000000000000${n}`;

/** A DATA_DIR with made-up base backups and WAL (no PostgreSQL): for the copying and pruning rules. */
function fakeDataDir(): string {
  const dataDir = tempDir("pitr-netikras");
  const wal = walArchiveDir(dataDir);
  mkdirSync(wal, { recursive: true });
  for (let n = 1; n <= 7; n++) writeFileSync(path.join(wal, `${segment(n)}.gz`), `wal ${n}`);
  writeFileSync(path.join(wal, "00000002.history.gz"), "istorija");
  writeFileSync(path.join(wal, `${segment(8)}.gz.tmp`), "nebaigtas");
  for (const [name, start] of [
    ["20261101T000000Z", 2],
    ["20261102T000000Z", 4],
    ["20261103T000000Z", 6],
  ] as const) {
    const dir = path.join(baseBackupsDir(dataDir), name);
    mkdirSync(path.join(dir, "data", "pg_wal", "archive_status"), { recursive: true });
    writeFileSync(path.join(dir, "data", "PG_VERSION"), "18\n");
    const info = {
      startedAt: `${name.slice(0, 4)}-11-0${name[7]}T00:00:00.000Z`,
      stoppedAt: `${name.slice(0, 4)}-11-0${name[7]}T00:00:01.000Z`,
      startWal: segment(start),
      bytes: 3,
    };
    writeFileSync(path.join(dir, "kopija.json"), JSON.stringify(info));
  }
  // An unfinished base backup (no kopija.json) is never copied.
  mkdirSync(path.join(baseBackupsDir(dataDir), "20261104T000000Z.tmp", "data"), { recursive: true });
  return dataDir;
}

describe("WAL archyvas ir bazinės kopijos antroje vietoje: kopijavimas ir šalinimas", () => {
  let s3: TestS3;
  let client: S3Client;
  let dataDir: string;
  let second: string;
  const prefix = "kopijos/";

  beforeAll(async () => {
    s3 = await startS3(BUCKET);
    client = s3.client;
    dataDir = fakeDataDir();
    second = tempDir("pitr-antra");
  }, 60_000);
  afterAll(async () => {
    await s3?.stop();
    if (dataDir) removeTempDir(dataDir);
    if (second) removeTempDir(second);
  });

  it("kiekvienas WAL failas ir baigta bazinė kopija nukopijuoti, patikrinti; šalinimas seka vietinį", async () => {
    const lines: string[] = [];
    const places = { folder: second, s3: s3Config(s3.endpoint, prefix) };
    // Locally 3 kept: segment 1 (before the oldest's first, 2) is already gone here.
    expect((await pruneBaseBackups(dataDir, 3)).walFiles).toBe(1);
    const first = await mirrorWalArchive(dataDir, places, 3, logOf(lines));
    expect(first.errors).toEqual([]);

    const localWal = readdirSync(walArchiveDir(dataDir))
      .filter((name) => name.endsWith(".gz"))
      .sort();
    expect(localWal).toHaveLength(7);
    const bases = ["20261101T000000Z", "20261102T000000Z", "20261103T000000Z"];
    const baseFiles = bases.flatMap((name) => [`${name}.json`, `${name}.tar.gz`]).sort();
    expect(readdirSync(mirrorFolderOf(second, "wal")).sort()).toEqual(localWal);
    expect(readdirSync(mirrorFolderOf(second, "base")).sort()).toEqual(baseFiles);
    expect(await keysIn(client, `${prefix}pitr/wal/`)).toEqual(localWal);
    expect(await keysIn(client, `${prefix}pitr/base/`)).toEqual(baseFiles);
    for (const name of localWal) {
      const local = readFileSync(path.join(walArchiveDir(dataDir), name));
      expect(readFileSync(path.join(mirrorFolderOf(second, "wal"), name)).equals(local)).toBe(true);
      expect(sha(await objectBytes(client, `${prefix}pitr/wal/${name}`))).toBe(sha(local));
    }
    // The packed base backup holds the same files (the empty pg_wal/archive_status too).
    const packed = path.join(second, "išpakuota");
    await unpackBaseBackup(path.join(mirrorFolderOf(second, "base"), "20261102T000000Z.tar.gz"), packed);
    expect(readFileSync(path.join(packed, "data", "PG_VERSION"), "utf8")).toBe("18\n");
    expect(existsSync(path.join(packed, "data", "pg_wal", "archive_status"))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(packed, "kopija.json"), "utf8")).startWal).toBe(segment(4));
    rmSync(packed, { recursive: true });
    expect(lines.join("\n")).toContain("Laiko momento atkūrimo kopija antroje vietoje");

    // Nothing new: nothing copied again.
    const again = await mirrorWalArchive(dataDir, places, 3, logOf([]));
    expect(again.places.map((p) => p.wal + p.base.length)).toEqual([0, 0]);

    // The local pruning keeps 2: the second places follow, never more.
    const pruned = await pruneBaseBackups(dataDir, 2);
    expect(pruned.backups).toEqual(["20261101T000000Z"]);
    const third = await mirrorWalArchive(dataDir, places, 2, logOf([]));
    expect(third.errors).toEqual([]);
    expect(third.places.map((p) => p.removedBase)).toEqual([["20261101T000000Z"], ["20261101T000000Z"]]);
    const keptWal = readdirSync(walArchiveDir(dataDir))
      .filter((name) => name.endsWith(".gz"))
      .sort();
    expect(keptWal).toContain("00000002.history.gz");
    expect(keptWal).not.toContain(`${segment(3)}.gz`);
    const keptBase = bases.slice(1).flatMap((name) => [`${name}.json`, `${name}.tar.gz`]);
    expect(readdirSync(mirrorFolderOf(second, "wal")).sort()).toEqual(keptWal);
    expect(readdirSync(mirrorFolderOf(second, "base")).sort()).toEqual(keptBase);
    expect(await keysIn(client, `${prefix}pitr/wal/`)).toEqual(keptWal);
    expect(await keysIn(client, `${prefix}pitr/base/`)).toEqual(keptBase);
  }, 60_000);

  it("nepasiekiamas krepšys: klaida užrašoma lietuviškai, aplanke kopija vis tiek padaroma", async () => {
    const lines: string[] = [];
    const other = tempDir("pitr-antra-2");
    try {
      const result = await mirrorWalArchive(
        dataDir,
        { folder: other, s3: { ...s3Config("http://127.0.0.1:9", prefix), endpoint: "http://127.0.0.1:9" } },
        2,
        logOf(lines),
      );
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]).toContain("Nepavyko nukopijuoti WAL archyvo ir bazinių kopijų į s3://");
      expect(lines.join("\n")).toContain("KLAIDA Nepavyko nukopijuoti");
      expect(readdirSync(mirrorFolderOf(other, "base"))).toHaveLength(4);
    } finally {
      removeTempDir(other);
    }
  }, 60_000);
});

const binaries = await embeddedPostgresBinaries();
if (typeof binaries === "string")
  console.info(`nevykdyta: atkūrimas iš antros vietos – įdiegto PostgreSQL nėra: ${binaries}`);

function restoreCli(dataDir: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, DATA_DIR: dataDir };
    delete childEnv.DATABASE_URL;
    const child = spawn(process.execPath, ["--import", "tsx", "server/cli/restore-to-time.ts", ...args], {
      cwd: REPO_ROOT,
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out }));
  });
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Nesulaukta: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(typeof binaries === "string")("įdiegtas PostgreSQL: atkūrimas laiko momentui iš antros vietos", () => {
  let s3: TestS3;
  let dataDir: string;
  let second: string;
  let fresh: string;
  let db: Db | null = null;
  let noted: Date;
  const ids = { a: "", b: "" };

  beforeAll(async () => {
    s3 = await startS3(BUCKET);
    dataDir = tempDir("pitr-veidrodis");
    second = tempDir("pitr-veidrodis-antra");
    fresh = tempDir("pitr-naujas-diskas");
    db = await openDb({ dataDir, databaseUrl: null, engine: "embedded-postgres" });
    await migrate(db);
    await runBaseBackupJob(dataDir, { baseBackupHours: 24, baseBackupKeep: 7 }, { info: () => {} });
    const store = createPgStore(db);
    ids.a = store.newId("news");
    ids.b = store.newId("news");
    await store.transaction(async (tx) => tx.set("news", ids.a, { title: "Rezervacija A" }));
    const next = Math.ceil((Date.now() + 1) / 1000) * 1000;
    await waitFor("kita sekundė", () => Date.now() >= next + 200);
    noted = new Date(next);
    await store.transaction(async (tx) => tx.set("news", ids.b, { title: "Rezervacija B" }));
    const switched = await db.query<{ file: string }>("SELECT pg_walfile_name(pg_switch_wal()) AS file");
    const last = switched.rows[0]!.file;
    await waitFor(`WAL segmentas ${last} archyve`, () => existsSync(path.join(walArchiveDir(dataDir), `${last}.gz`)));
    await db.close();
    db = null;
    const result = await mirrorWalArchive(
      dataDir,
      { folder: second, s3: s3Config(s3.endpoint, "kopijos/") },
      7,
      logOf([]),
    );
    expect(result.errors).toEqual([]);
  }, 180_000);

  afterAll(async () => {
    await db?.close();
    await s3?.stop();
    for (const dir of [dataDir, second, fresh]) if (dir) removeTempDir(dir);
  });

  async function expectAWithoutB(dir: string) {
    db = await openDb({ dataDir: dir, databaseUrl: null, engine: "embedded-postgres" });
    const store = createPgStore(db);
    expect((await store.get("news", ids.a))?.data).toMatchObject({ title: "Rezervacija A" });
    expect(await store.get("news", ids.b)).toBeNull();
    await db.close();
    db = null;
  }

  it("DATA_DIR/backups pašalinus, --is <aplankas> parsiunčia bazinę kopiją ir WAL: A yra, B nėra", async () => {
    rmSync(path.join(dataDir, "backups"), { recursive: true });
    const restored = await restoreCli(dataDir, ["--iki", vilniusStamp(noted), "--is", second]);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain("Iš antros vietos paimta bazinė kopija");
    expect(restored.out).toContain("Atkurta į");
    await expectAWithoutB(dataDir);
  }, 180_000);

  it("naujame tuščiame DATA_DIR --is s3://krepšys/priešdėlis: A yra, B nėra", async () => {
    const env = {
      BACKUP_S3_ENDPOINT: s3.endpoint,
      BACKUP_S3_REGION: "eu-central-1",
      BACKUP_S3_BUCKET: BUCKET,
      BACKUP_S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      BACKUP_S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    };
    const restored = await restoreCli(fresh, ["--iki", vilniusStamp(noted), "--is", `s3://${BUCKET}/kopijos`], env);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain("Atkurta į");
    await expectAWithoutB(fresh);
  }, 180_000);

  it("laikas prieš seniausią bazinę kopiją antroje vietoje atmetamas, niekas nepakeičiama", async () => {
    const empty = tempDir("pitr-tuscias");
    try {
      const early = await restoreCli(empty, ["--iki", vilniusStamp(new Date(Date.now() - 3_600_000)), "--is", second]);
      expect(early.code, early.out).toBe(1);
      expect(early.out).toContain("ankstesnis nei seniausia bazinė kopija");
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      removeTempDir(empty);
    }
  }, 60_000);
});

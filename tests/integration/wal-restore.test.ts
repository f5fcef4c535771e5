// Point-in-time recovery of the default database (the embedded PostgreSQL, server/db/walArchive.ts),
// with real processes: the cluster archives its WAL into DATA_DIR/backups/wal, a base backup is
// taken, booking A is written, the time noted, booking B written, the WAL switched and archived;
// with the cluster stopped, `npm run db:restore-to-time -- --iki <time>` brings back A without B
// and keeps the old cluster aside. Times outside what the backups cover are refused, nothing changed.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedPostgresBinaries } from "../../server/db/embeddedPostgres";
import { openDb } from "../../server/db/index";
import { migrate } from "../../server/db/migrate";
import type { Db } from "../../server/db/types";
import { runBaseBackupJob, vilniusStamp } from "../../server/db/walArchive";
import { walArchiveDir } from "../../server/db/walCommands";
import { createPgStore } from "../../server/store/pgStore";
import { REPO_ROOT, removeTempDir, tempDir } from "../helpers/server";

const binaries = await embeddedPostgresBinaries();
if (typeof binaries === "string")
  console.info(`nevykdyta: atkūrimas laiko momentui – įdiegto PostgreSQL nėra: ${binaries}`);

/** npm run db:restore-to-time as a process: its exit code and output. */
function restoreCli(dataDir: string, at: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ["--import", "tsx", "server/cli/restore-to-time.ts", "--iki", at], {
      cwd: REPO_ROOT,
      env,
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

describe.skipIf(typeof binaries === "string")("įdiegtas PostgreSQL: atkūrimas laiko momentui iš WAL archyvo", () => {
  let dataDir: string;
  let db: Db | null = null;
  let noted: Date;
  const ids = { a: "", b: "" };

  beforeAll(async () => {
    dataDir = tempDir("pitr");
    // The default engine with the default WAL settings (WAL_ARCHIVE on).
    db = await openDb({ dataDir, databaseUrl: null, engine: "embedded-postgres" });
    await migrate(db);
    const lines: string[] = [];
    const job = await runBaseBackupJob(
      dataDir,
      { baseBackupHours: 24, baseBackupKeep: 7 },
      { info: (line) => lines.push(line) },
    );
    expect(job?.taken.startWal).toMatch(/^[0-9A-F]{24}$/);
    expect(lines.join("\n")).toContain("Bazinė PostgreSQL kopija įrašyta");

    const store = createPgStore(db);
    ids.a = store.newId("news");
    ids.b = store.newId("news");
    await store.transaction(async (tx) => tx.set("news", ids.a, { title: "Rezervacija A" }));
    // The noted time: the next whole second after A is committed; B comes after it.
    const next = Math.ceil((Date.now() + 1) / 1000) * 1000;
    await waitFor("kita sekundė", () => Date.now() >= next + 200);
    noted = new Date(next);
    await store.transaction(async (tx) => tx.set("news", ids.b, { title: "Rezervacija B" }));

    const switched = await db.query<{ file: string }>("SELECT pg_walfile_name(pg_switch_wal()) AS file");
    const segment = switched.rows[0]!.file;
    await waitFor(`WAL segmentas ${segment} archyve`, () =>
      existsSync(path.join(walArchiveDir(dataDir), `${segment}.gz`)),
    );
    await db.close();
    db = null;
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    if (dataDir) removeTempDir(dataDir);
  });

  it("archyve – suglaudinti segmentai, be laikinų failų", () => {
    const files = readdirSync(walArchiveDir(dataDir));
    expect(files.some((name) => /^[0-9A-F]{24}\.gz$/.test(name))).toBe(true);
    expect(files.filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("laikas prieš seniausią bazinę kopiją ir po naujausio WAL atmetamas lietuviškai, niekas nepakeičiama", async () => {
    const before = readdirSync(dataDir).sort();
    const early = await restoreCli(dataDir, vilniusStamp(new Date(Date.now() - 3_600_000)));
    expect(early.code, early.out).toBe(1);
    expect(early.out).toContain("ankstesnis nei seniausia bazinė kopija");
    expect(early.out).toContain("Niekas nepakeista");
    const late = await restoreCli(dataDir, vilniusStamp(new Date(Date.now() + 3_600_000)));
    expect(late.code, late.out).toBe(1);
    expect(late.out).toContain("vėlesnis nei naujausias archyvuotas WAL");
    expect(readdirSync(dataDir).sort()).toEqual(before);
  }, 60_000);

  it("atkūrus į užrašytą laiką A yra, B nėra; senas klasteris paliktas šalia", async () => {
    const restored = await restoreCli(dataDir, vilniusStamp(noted));
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain("Atkurta į");
    expect(restored.out).toContain("Ankstesnis klasteris paliktas");

    const aside = readdirSync(dataDir).filter((name) => name.startsWith("postgres-pries-atkurima-"));
    expect(aside).toHaveLength(1);
    expect(existsSync(path.join(dataDir, aside[0]!, "PG_VERSION"))).toBe(true);

    db = await openDb({ dataDir, databaseUrl: null, engine: "embedded-postgres" });
    const store = createPgStore(db);
    expect((await store.get("news", ids.a))?.data).toMatchObject({ title: "Rezervacija A" });
    expect(await store.get("news", ids.b)).toBeNull();
    await db.close();
    db = null;
  }, 120_000);
});

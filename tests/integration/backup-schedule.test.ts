// Scheduled backups (issue 16, section 3) on a real PGlite database, with the clock moved by the
// test: the day's backup once even when two runs race, a failure recorded (Lithuanian) without
// touching older archives, rotation only after a good backup, and the 26-hour warning. The same
// job with two servers on one PostgreSQL is in backup-postgres.test.ts.
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScheduledBackup } from "../../server/backup/scheduled";
import { openDb } from "../../server/db/index";
import { migrate } from "../../server/db/migrate";
import type { Db } from "../../server/db/types";
import { createPgStore } from "../../server/store/pgStore";
import { backupStatus } from "../../src/core/backupSchedule";
import { COLLECTIONS, SETTINGS_ID } from "../../src/core/collections";
import type { CoreContext } from "../../src/core/ports";
import { removeTempDir, tempDir } from "../helpers/server";

describe("suplanuotos atsarginės kopijos", () => {
  const dataDir = tempDir("backup-schedule");
  const folder = path.join(dataDir, "kopijos");
  let db: Db;
  let now = new Date("2026-11-20T01:05:00Z"); // 03:05 Vilnius
  const logged: string[] = [];
  let core: CoreContext;

  const setSettings = async (backups: Record<string, unknown>) => {
    await core.store.transaction(async (tx) => {
      const current = await tx.get(COLLECTIONS.settings, SETTINGS_ID);
      tx.set(COLLECTIONS.settings, SETTINGS_ID, { ...(current?.data ?? {}), backups });
    });
  };
  const archives = () =>
    existsSync(folder)
      ? readdirSync(folder)
          .filter((f) => f.endsWith(".tar.gz"))
          .sort()
      : [];

  beforeAll(async () => {
    db = await openDb({ dataDir, databaseUrl: null });
    await migrate(db);
    core = {
      store: createPgStore(db),
      events: { publish: () => undefined },
      clock: { now: () => now },
      log: {
        info: (m) => logged.push(`INFO ${m}`),
        warn: (m) => logged.push(`WARN ${m}`),
        error: (m) => logged.push(`ERROR ${m}`),
      },
    };
    await core.store.transaction(async (tx) => {
      tx.set(COLLECTIONS.locations, "4b4c7a1e-0c5f-4d55-9a51-3d7f1c0a9b01", { name: "Vilniaus oro uostas" });
    });
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    try {
      chmodSync(folder, 0o755);
    } catch {
      // already gone
    }
    removeTempDir(dataDir);
  });

  it("išjungus nedaroma; įjungus – prieš valandą nedaroma, po jos daroma vieną kartą, net kai du paleidimai lenktyniauja", async () => {
    expect(await runScheduledBackup(core, dataDir)).toBeNull();
    await setSettings({ enabled: true, hour: 4, folder: "kopijos", keep: 2 });
    expect(await runScheduledBackup(core, dataDir)).toBeNull(); // 03:05 < 04:00
    await setSettings({ enabled: true, hour: 3, folder: "kopijos", keep: 2 });
    const [a, b] = await Promise.all([runScheduledBackup(core, dataDir), runScheduledBackup(core, dataDir)]);
    const runs = [a, b].filter((r) => r !== null);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.ok).toBe(true);
    expect(await runScheduledBackup(core, dataDir)).toBeNull();
    expect(archives()).toEqual(["atsargine-kopija-2026-11-20-0305.tar.gz"]);
    const status = await backupStatus(core);
    expect(status.last?.status).toBe("ok");
    expect(status.last?.size).toBeGreaterThan(0);
    expect(status.stale).toBe(false);
  }, 120_000);

  it("nepavykusi kopija užrašoma lietuviškai ir senesnių kopijų nepaliečia", async () => {
    now = new Date("2026-11-21T01:10:00Z");
    // The folder cannot be written to: a file stands where the archive's folder should be.
    await setSettings({ enabled: true, hour: 3, folder: "kopijos/uzimta/vieta", keep: 1 });
    mkdirSync(path.join(folder), { recursive: true });
    writeFileSync(path.join(folder, "uzimta"), "ne aplankas");
    const run = await runScheduledBackup(core, dataDir);
    expect(run?.ok).toBe(false);
    expect(archives()).toEqual(["atsargine-kopija-2026-11-20-0305.tar.gz"]);
    const status = await backupStatus(core);
    expect(status.last?.status).toBe("failed");
    expect(status.last?.error).toContain("Nepavyko įrašyti");
    expect(status.lastGood?.day).toBe("2026-11-20");
    expect(logged.some((l) => l.startsWith("ERROR Suplanuota atsarginė kopija nepavyko"))).toBe(true);
    // Within 26 hours of the last good one: no warning yet.
    expect(status.stale).toBe(false);
  }, 120_000);

  it("po 26 val. be pavykusios kopijos įspėjama; pavykus kita diena senos kopijos pašalinamos tik dabar", async () => {
    now = new Date("2026-11-21T04:30:00Z");
    expect((await backupStatus(core)).stale).toBe(true);
    // The failed day is tried again once the folder is fixed.
    await setSettings({ enabled: true, hour: 3, folder: "kopijos", keep: 1 });
    const run = await runScheduledBackup(core, dataDir);
    expect(run?.ok).toBe(true);
    expect(run?.removed).toEqual(["atsargine-kopija-2026-11-20-0305.tar.gz"]);
    expect(archives()).toEqual(["atsargine-kopija-2026-11-21-0630.tar.gz"]);
    const status = await backupStatus(core);
    expect(status.stale).toBe(false);
    expect(status.last?.status).toBe("ok");
  }, 120_000);
});

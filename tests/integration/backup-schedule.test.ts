// Scheduled backups on a real PGlite database, with the clock moved by the test: on from the
// first start (daily and hourly, settings never saved), older settings still read, the slot done
// once even when two runs race, files deleted while a backup runs left out (the manifest agrees
// with the archive), each archive read back (one that does not read back is a failed backup and
// is removed; older ones untouched), the copy to a second folder with its own retention, and the
// dashboard's staleness by schedule. The same job with two servers on one PostgreSQL is in
// backup-postgres.test.ts.
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readArchive } from "../../server/backup/archive";
import { runScheduledBackup } from "../../server/backup/scheduled";
import { openDb } from "../../server/db/index";
import { migrate } from "../../server/db/migrate";
import type { Db } from "../../server/db/types";
import { createPgStore } from "../../server/store/pgStore";
import { backupStatus } from "../../src/core/backupSchedule";
import { COLLECTIONS, SETTINGS_ID } from "../../src/core/collections";
import type { CoreContext } from "../../src/core/ports";
import { migratedDataDir } from "../helpers/pgliteTemplate";
import { removeTempDir, tempDir } from "../helpers/server";

const archivesIn = (folder: string) =>
  existsSync(folder)
    ? readdirSync(folder)
        .filter((f) => f.endsWith(".tar.gz"))
        .sort()
    : [];

async function openCore(
  dataDir: string,
  clock: { now: Date },
  logged: string[],
): Promise<{ db: Db; core: CoreContext }> {
  const db = await openDb({ dataDir, databaseUrl: null });
  await migrate(db);
  const core: CoreContext = {
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
    tx.set(COLLECTIONS.locations, "4b4c7a1e-0c5f-4d55-9a51-3d7f1c0a9b01", { name: "Vilniaus oro uostas" });
  });
  return { db, core };
}

const setSettings = async (core: CoreContext, backups: Record<string, unknown>) => {
  await core.store.transaction(async (tx) => {
    const current = await tx.get(COLLECTIONS.settings, SETTINGS_ID);
    // Stamped with the test's clock: the rotation's clock guard compares it with the newest change.
    const updatedAt = core.clock.now().toISOString();
    tx.set(COLLECTIONS.settings, SETTINGS_ID, { ...(current?.data ?? {}), backups, updatedAt });
  });
};

describe("suplanuotos atsarginės kopijos: numatytai įjungtos", () => {
  const dataDir = migratedDataDir("backup-default");
  const folder = path.join(dataDir, "backups");
  const clock = { now: new Date("2026-11-20T01:05:00Z") }; // 03:05 Vilnius
  const logged: string[] = [];
  let db: Db;
  let core: CoreContext;

  beforeAll(async () => {
    ({ db, core } = await openCore(dataDir, clock, logged));
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    removeTempDir(dataDir);
  });

  it("be jokių nustatymų daroma kasdienė kopija, o kitą valandą – valandinė; abi patikrintos", async () => {
    expect((await core.store.get(COLLECTIONS.settings, SETTINGS_ID))?.data.backups).toBeUndefined();
    const before = await backupStatus(core);
    expect(before.settings.enabled).toBe(true);
    expect(before.settings.hourly).toBe(true);
    expect(before.stale).toBe(true); // on, and no backup yet

    const [a, b] = await Promise.all([runScheduledBackup(core, dataDir), runScheduledBackup(core, dataDir)]);
    const runs = [a, b].filter((r) => r !== null);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ kind: "daily", ok: true });
    // Later in the same hour: the daily one stands for the hour.
    clock.now = new Date("2026-11-20T01:50:00Z");
    expect(await runScheduledBackup(core, dataDir)).toBeNull();
    clock.now = new Date("2026-11-20T02:10:00Z"); // 04:10
    expect(await runScheduledBackup(core, dataDir)).toMatchObject({ kind: "hourly", ok: true });
    expect(await runScheduledBackup(core, dataDir)).toBeNull();
    expect(archivesIn(folder)).toEqual([
      "atsargine-kopija-2026-11-20-0305.tar.gz",
      "atsargine-kopija-valandine-2026-11-20-0410.tar.gz",
    ]);
    // Each archive reads back whole.
    for (const name of archivesIn(folder)) await readArchive(path.join(folder, name), null);
    expect(logged.filter((l) => l.includes("įrašyta ir patikrinta"))).toHaveLength(2);

    const status = await backupStatus(core);
    expect(status.lastGood).toMatchObject({ kind: "hourly", status: "ok" });
    expect(status.stale).toBe(false);
    // Hourly backups on: more than 2 hours without a good one is stale.
    expect((await backupStatus(core, new Date("2026-11-20T04:20:00Z"))).stale).toBe(true);
  }, 120_000);

  it("senos formos nustatymai ({ enabled, hour, folder, keep }) tebeveikia, trūkstami laukai – numatytieji", async () => {
    await setSettings(core, { enabled: true, hour: 3, folder: "kopijos", keep: 1, nezinomas: "x" });
    const { settings } = await backupStatus(core);
    expect(settings).toMatchObject({
      enabled: true,
      hour: 3,
      folder: "kopijos",
      keep: 1,
      hourly: true,
      keepHourly: 24,
    });
    expect(settings).not.toHaveProperty("nezinomas");
    clock.now = new Date("2026-11-21T01:30:00Z");
    expect(await runScheduledBackup(core, dataDir)).toMatchObject({ kind: "daily", ok: true });
    expect(archivesIn(path.join(dataDir, "kopijos"))).toEqual(["atsargine-kopija-2026-11-21-0330.tar.gz"]);
    // Only daily backups: 26 hours allowed.
    await setSettings(core, { enabled: true, hourly: false, hour: 3, folder: "kopijos", keep: 1 });
    expect((await backupStatus(core, new Date("2026-11-22T03:00:00Z"))).stale).toBe(false);
    expect((await backupStatus(core, new Date("2026-11-22T04:00:00Z"))).stale).toBe(true);
    // Turned off by an admin: nothing is done, and the status says so (the dashboard warns).
    await setSettings(core, { enabled: false });
    clock.now = new Date("2026-11-22T10:00:00Z");
    expect(await runScheduledBackup(core, dataDir)).toBeNull();
    expect((await backupStatus(core)).settings.enabled).toBe(false);
  }, 120_000);
});

describe("suplanuotos atsarginės kopijos: failai, patikrinimas, antra vieta", () => {
  const dataDir = migratedDataDir("backup-schedule");
  const folder = path.join(dataDir, "kopijos");
  const second = tempDir("backup-second");
  const clock = { now: new Date("2026-11-20T01:05:00Z") };
  const logged: string[] = [];
  let db: Db;
  let core: CoreContext;

  beforeAll(async () => {
    ({ db, core } = await openCore(dataDir, clock, logged));
    await setSettings(core, { enabled: true, hourly: true, hour: 3, folder: "kopijos", keep: 2, keepHourly: 2 });
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    try {
      chmodSync(folder, 0o755);
    } catch {
      // already gone
    }
    removeTempDir(dataDir);
    removeTempDir(second);
  });

  it("paveikslėliai, ištrinti kopijos metu, praleidžiami: kopija pavyksta, aprašas sutampa su archyvu", async () => {
    const pictures = path.join(dataDir, "files", "cars");
    mkdirSync(pictures, { recursive: true });
    const names = Array.from({ length: 20 }, (_, i) => `auto-${String(i).padStart(2, "0")}.jpg`);
    for (const name of names) writeFileSync(path.join(pictures, name), `nuotrauka ${name}`);
    const deleted = names.filter((_, i) => i % 2 === 0);
    const run = await runScheduledBackup(core, {
      dataDir,
      copyDir: null,
      // Listed already, not read yet: half the pictures are deleted now (as a staff member would).
      onListed: (listed) => {
        expect(listed).toHaveLength(20);
        for (const name of deleted) rmSync(path.join(pictures, name));
      },
    });
    expect(run).toMatchObject({ kind: "daily", ok: true });
    expect(run?.skippedFiles?.sort()).toEqual(deleted.map((n) => `files/public/cars/${n}`));
    const read = await readArchive(path.join(folder, "atsargine-kopija-2026-11-20-0305.tar.gz"), null);
    const inArchive = read.files.map((f) => f.name).sort();
    expect(inArchive).toEqual(names.filter((n) => !deleted.includes(n)).map((n) => `files/public/cars/${n}`));
    expect(read.manifest.parts.filter((p) => p.kind === "file")).toHaveLength(10);
    expect(
      logged.some((l) => /^WARN Atsarginė kopija: 10 failai ištrinti kopijos metu, į archyvą neįtraukti/.test(l)),
    ).toBe(true);
    expect((await backupStatus(core)).last).toMatchObject({ status: "ok", skippedFiles: 10 });
  }, 120_000);

  it("kopija, kurios nepavyksta perskaityti, yra nepavykusi: ji pašalinama, senesnės nepaliestos", async () => {
    clock.now = new Date("2026-11-20T02:10:00Z");
    const run = await runScheduledBackup(core, {
      dataDir,
      copyDir: second,
      beforeVerify: (file) => truncateSync(file, 200), // the disk lost its tail
    });
    expect(run).toMatchObject({ kind: "hourly", ok: false });
    expect(run?.error).toContain("Įrašyta kopija neperskaitoma, ji pašalinta");
    expect(archivesIn(folder)).toEqual(["atsargine-kopija-2026-11-20-0305.tar.gz"]);
    expect(archivesIn(second)).toEqual([]); // nothing unverified goes to the second place
    const status = await backupStatus(core);
    expect(status.last).toMatchObject({ status: "failed", kind: "hourly" });
    expect(status.lastGood?.day).toBe("2026-11-20");
    expect(logged.some((l) => l.startsWith("ERROR Suplanuota atsarginė kopija (valandinė) nepavyko"))).toBe(true);
  }, 120_000);

  it("nepavykus įrašyti – klaida lietuviškai, senesnės kopijos nepaliestos", async () => {
    clock.now = new Date("2026-11-20T03:10:00Z");
    await setSettings(core, { enabled: true, hour: 3, folder: "kopijos/uzimta/vieta", keep: 2 });
    writeFileSync(path.join(folder, "uzimta"), "ne aplankas");
    const run = await runScheduledBackup(core, { dataDir, copyDir: null });
    expect(run?.ok).toBe(false);
    expect(run?.error).toContain("Nepavyko įrašyti");
    expect(archivesIn(folder)).toEqual(["atsargine-kopija-2026-11-20-0305.tar.gz"]);
    rmSync(path.join(folder, "uzimta"));
  }, 120_000);

  it("patikrinta kopija nukopijuojama į antrą vietą (BACKUP_COPY_DIR arba nustatymas), kur laikoma pagal savo skaičių", async () => {
    await setSettings(core, {
      enabled: true,
      hourly: true,
      hour: 3,
      folder: "kopijos",
      keep: 2,
      keepHourly: 2,
      copyKeep: 1,
    });
    const hours = ["2026-11-20T04:10:00Z", "2026-11-20T05:10:00Z", "2026-11-20T06:10:00Z"];
    for (const at of hours) {
      clock.now = new Date(at);
      const run = await runScheduledBackup(core, { dataDir, copyDir: second });
      expect(run).toMatchObject({ kind: "hourly", ok: true });
      expect(run?.copy).toBe(path.join(second, path.basename(run?.file ?? "")));
    }
    // The backup folder keeps 2 hourly ones, the second place 1.
    expect(archivesIn(folder)).toEqual([
      "atsargine-kopija-2026-11-20-0305.tar.gz",
      "atsargine-kopija-valandine-2026-11-20-0710.tar.gz",
      "atsargine-kopija-valandine-2026-11-20-0810.tar.gz",
    ]);
    expect(archivesIn(second)).toEqual(["atsargine-kopija-valandine-2026-11-20-0810.tar.gz"]);
    await readArchive(path.join(second, "atsargine-kopija-valandine-2026-11-20-0810.tar.gz"), null);
    expect(logged.some((l) => l.startsWith(`INFO Atsarginė kopija nukopijuota į antrą vietą: ${second}`))).toBe(true);

    // The setting names a folder of its own: it wins over BACKUP_COPY_DIR.
    const own = path.join(second, "nustatymas");
    await setSettings(core, { enabled: true, hourly: true, hour: 3, folder: "kopijos", keep: 2, copyFolder: own });
    clock.now = new Date("2026-11-20T07:10:00Z");
    const run = await runScheduledBackup(core, { dataDir, copyDir: second });
    expect(run?.copy).toBe(path.join(own, "atsargine-kopija-valandine-2026-11-20-0910.tar.gz"));
    expect((await backupStatus(core)).last).toMatchObject({ status: "ok", copy: run?.copy, copyError: null });
  }, 120_000);

  it("nepavykus nukopijuoti į antrą vietą, pati kopija gera, o klaida užrašoma", async () => {
    const blocked = path.join(second, "blokuota");
    writeFileSync(blocked, "ne aplankas");
    await setSettings(core, { enabled: true, hourly: true, hour: 3, folder: "kopijos", keep: 2, copyFolder: blocked });
    clock.now = new Date("2026-11-20T08:10:00Z");
    const run = await runScheduledBackup(core, { dataDir, copyDir: null });
    expect(run).toMatchObject({ ok: true, copy: null });
    const { last } = await backupStatus(core);
    expect(last?.status).toBe("ok");
    expect(last?.copyError).toContain(`Nepavyko nukopijuoti į ${blocked}`);
    expect(logged.some((l) => l.startsWith("ERROR Atsarginė kopija įrašyta, bet nepavyko nukopijuoti"))).toBe(true);
  }, 120_000);

  it("laikrodis 400 d. į priekį: kopija padaroma, bet senos neištrinamos, žurnale priežastis", async () => {
    const before = archivesIn(folder);
    expect(before.length).toBeGreaterThanOrEqual(2);
    clock.now = new Date("2027-12-25T09:10:00Z");
    const run = await runScheduledBackup(core, { dataDir, copyDir: null });
    expect(run).toMatchObject({ ok: true });
    const after = archivesIn(folder);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after).toHaveLength(before.length + 1);
    expect(
      logged.some((l) => l.startsWith("WARN Senų atsarginių kopijų šalinimo darbai nevykdomi: serverio laikrodis")),
    ).toBe(true);
  }, 120_000);
});

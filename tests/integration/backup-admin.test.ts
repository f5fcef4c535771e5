// What an administrator and an operator see of backups through the running server: "Kurti kopiją
// dabar" and the download of an archive (admins only), a fresh server that backs up from its first
// start, and a start-up that backs the database up before it applies pending migrations.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readArchive } from "../../server/backup/archive";
import { openDb } from "../../server/db/index";
import { listMigrations, migrate } from "../../server/db/migrate";
import { createPgStore } from "../../server/store/pgStore";
import type { BackupStatus } from "../../src/core/backupSchedule";
import { COLLECTIONS, SETTINGS_ID } from "../../src/core/collections";

import type { BackupArchiveInfo } from "../../src/core/ports";
import type { BackupRecord } from "../../src/domain/backupSchedule";
import { signInAdmin, signInStaff } from "../helpers/api";
import type { ApiClient } from "../helpers/http";
import { type RunningServer, removeTempDir, startServer, tempDir } from "../helpers/server";

const tarballs = (folder: string) =>
  existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith(".tar.gz")) : [];

describe("atsarginės kopijos administravime", () => {
  let server: RunningServer;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startServer({ demo: true });
    admin = await signInAdmin(server.url);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("„Kurti kopiją dabar“: archyvas įrašomas, patikrinamas, matomas sąraše ir būsenoje", async () => {
    const made = await admin.post<BackupRecord>("/api/admin/backups");
    expect(made.status, made.text.slice(0, 300)).toBe(201);
    expect(made.body).toMatchObject({ kind: "manual", status: "ok", error: null });
    const file = made.body.file as string;
    expect(path.dirname(file)).toBe(path.join(server.dataDir, "backups"));
    const read = await readArchive(file, null);
    expect(read.collections[COLLECTIONS.cars]?.length).toBeGreaterThan(0);
    expect(server.output()).toContain("Atsarginė kopija (rankinė) įrašyta ir patikrinta");

    const list = await admin.get<BackupArchiveInfo[]>("/api/admin/backups");
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ name: path.basename(file), kind: "manual", size: made.body.size });

    const status = await admin.get<BackupStatus>("/api/admin/backup-status");
    expect(status.body.lastGood).toMatchObject({ kind: "manual", file });
    expect(status.body.settings.enabled).toBe(true);
    expect(status.body.stale).toBe(false);
  }, 120_000);

  it("aplankas, kurio sukurti negalima (/proc/…): „Kurti kopiją dabar“ greitai atsako lietuviškai, serveris neužstringa", async () => {
    const current = await admin.get<Record<string, unknown>>(`/api/admin/settings/${SETTINGS_ID}`);
    const original = current.body;
    const saved = await admin.put(`/api/admin/settings/${SETTINGS_ID}`, {
      ...original,
      backups: { enabled: true, folder: "/proc/ratai-kopijos" },
    });
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);
    try {
      const made = await admin.post<{ error?: string; status?: string }>("/api/admin/backups");
      expect(made.status).not.toBe(201);
      expect(made.status).toBeLessThan(600);
      expect(made.text).toContain("Nepavyko sukurti aplanko /proc/ratai-kopijos");
      // The server still answers at once.
      expect((await admin.get("/api/admin/backup-status")).status).toBe(200);
    } finally {
      const back = await admin.get<Record<string, unknown>>(`/api/admin/settings/${SETTINGS_ID}`);
      await admin.put(`/api/admin/settings/${SETTINGS_ID}`, { ...back.body, backups: original.backups ?? {} });
    }
  }, 60_000);

  it("archyvą atsisiunčia administratorius: tie patys baitai; kitų failų paprašyti negalima", async () => {
    const [first] = (await admin.get<BackupArchiveInfo[]>("/api/admin/backups")).body;
    const name = (first as BackupArchiveInfo).name;
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const response = await fetch(`${server.url}/api/admin/backups/${name}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("content-disposition")).toContain(name);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(readFileSync(path.join(server.dataDir, "backups", name)))).toBe(true);

    const missing = await admin.get<{ message: string }>("/api/admin/backups/atsargine-kopija-2020-01-01-0300.tar.gz");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Tokios atsarginės kopijos nėra");
    const outside = await admin.get("/api/admin/backups/..%2Fbackup-secret");
    expect(outside.status).toBe(404);
  }, 60_000);

  it("darbuotojas (ne administratorius) kopijos nei kuria, nei atsisiunčia, nei mato sąrašo", async () => {
    const staff = await signInStaff(server.url);
    const [first] = (await admin.get<BackupArchiveInfo[]>("/api/admin/backups")).body;
    const refused = [
      await staff.post<{ message: string }>("/api/admin/backups"),
      await staff.get<{ message: string }>("/api/admin/backups"),
      await staff.get<{ message: string }>(`/api/admin/backups/${(first as BackupArchiveInfo).name}`),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403]);
    expect(refused[0]?.body.message).toBe("Atsarginę kopiją kurti gali tik administratorius");
    expect(refused[2]?.body.message).toBe("Atsarginę kopiją atsisiųsti gali tik administratorius");
  }, 60_000);
});

describe("atsarginės kopijos paleidžiant serverį", () => {
  it("naujas serveris be jokių nustatymų kopiją daro iš karto (įjungta numatytai)", async () => {
    const server = await startServer({ env: { SCHEDULED_BACKUPS: "1" } });
    try {
      const folder = path.join(server.dataDir, "backups");
      await expect
        .poll(() => server.output(), { timeout: 60_000 })
        .toMatch(/Atsarginė kopija \((kasdienė|valandinė)\) įrašyta ir patikrinta/);
      const [archive] = tarballs(folder);
      expect(archive).toMatch(/^atsargine-kopija-(valandine-)?\d{4}-\d{2}-\d{2}-\d{4}\.tar\.gz$/);
      await readArchive(path.join(folder, archive as string), null);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("prieš migracijas netuščiai duomenų bazei padaroma kopija ir tai pasakoma žurnale", async () => {
    const dataDir = tempDir("backup-migration");
    const older = tempDir("migrations-older");
    try {
      // A database of the previous version: every migration but the last, and some data.
      const all = await listMigrations();
      const last = all[all.length - 1];
      for (const migration of all.slice(0, -1)) cpSync(migration.file, path.join(older, path.basename(migration.file)));
      mkdirSync(path.join(dataDir, "files"), { recursive: true });
      const db = await openDb({ dataDir, databaseUrl: null });
      await migrate(db, older);
      await createPgStore(db).transaction(async (tx) => {
        tx.set(COLLECTIONS.locations, "4b4c7a1e-0c5f-4d55-9a51-3d7f1c0a9b01", { name: "Kauno stotis" });
      });
      await db.close();

      const server = await startServer({ dataDir });
      try {
        const output = server.output();
        const said = output.indexOf("pirmiausia daroma atsarginė kopija");
        const applied = output.indexOf(`Pritaikyta duomenų bazės migracija ${path.basename(last?.file ?? "", ".sql")}`);
        expect(said).toBeGreaterThan(-1);
        expect(applied).toBeGreaterThan(said);
        expect(output).toContain("Atsarginė kopija prieš migraciją:");
        const [archive] = tarballs(path.join(dataDir, "backups"));
        expect(archive).toMatch(/^atsargine-kopija-pries-migracija-/);
        const read = await readArchive(path.join(dataDir, "backups", archive as string), null);
        expect(read.collections[COLLECTIONS.locations]?.map((d) => d.data.name)).toEqual(["Kauno stotis"]);
      } finally {
        await server.stop();
      }
      // Started again: nothing pending, no second backup.
      const again = await startServer({ dataDir });
      await again.stop();
      expect(tarballs(path.join(dataDir, "backups"))).toHaveLength(1);
    } finally {
      removeTempDir(dataDir);
      removeTempDir(older);
    }
  }, 180_000);

  it("tuščiai duomenų bazei kopija prieš migracijas nedaroma", async () => {
    const server = await startServer({ process: false });
    try {
      expect(server.output()).not.toContain("pirmiausia daroma atsarginė kopija");
      expect(tarballs(path.join(server.dataDir, "backups"))).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

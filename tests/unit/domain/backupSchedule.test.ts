// Scheduled backups, the pure rules (src/domain/backupSchedule.ts).
import { describe, expect, it } from "vitest";
import {
  archiveFileName,
  archiveKindOf,
  archivesToRemove,
  BACKUP_DEFAULTS,
  backupAgeText,
  backupIsStale,
  backupSettingsOf,
  backupSettingsSchema,
  scheduledBackupDay,
  scheduledBackupHour,
} from "../../../src/domain/backupSchedule";
import { settingsFromDoc } from "../../../src/domain/settings";

describe("atsarginių kopijų nustatymai", () => {
  it("be nustatymų – įjungta (kasdien ir kas valandą), numatytosios reikšmės; sugadinta reikšmė – numatytoji", () => {
    expect(backupSettingsOf({})).toEqual(BACKUP_DEFAULTS);
    expect(BACKUP_DEFAULTS).toMatchObject({ enabled: true, hourly: true });
    expect(settingsFromDoc({}).backups).toEqual(BACKUP_DEFAULTS);
    expect(backupSettingsOf({ backups: { enabled: false, hour: 99, keep: "x" } })).toEqual({
      ...BACKUP_DEFAULTS,
      enabled: false,
    });
  });

  it("senos formos nustatymai: išsaugotos reikšmės lieka, naujų laukų – numatytosios, nežinomi laukai atmetami", () => {
    const old = { enabled: true, hour: 5, folder: "/kopijos", keep: 3, senas: 1 };
    expect(backupSettingsOf({ backups: old })).toEqual({
      ...BACKUP_DEFAULTS,
      enabled: true,
      hour: 5,
      folder: "/kopijos",
      keep: 3,
    });
    // The settings form sends the old shape: still accepted, the new fields get their defaults.
    expect(backupSettingsSchema.parse({ enabled: true, hour: 5, folder: "", keep: 3 })).toEqual({
      ...BACKUP_DEFAULTS,
      hour: 5,
      keep: 3,
    });
  });

  it("netinkamos reikšmės atmetamos lietuviškai", () => {
    const result = backupSettingsSchema.safeParse({ enabled: true, hour: 24, folder: "../kitur", keep: 0 });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain("Valanda: nuo 0 iki 23");
    expect(messages).toContain("Kelias negali turėti „..“");
    expect(messages).toContain("Laikyti reikia bent 1 kopiją");
  });
});

describe("kada daroma ir kas šalinama", () => {
  const on = { ...BACKUP_DEFAULTS, enabled: true, hourly: false, hour: 3 };
  it("diena pagal Vilniaus laiką, tik nuo nurodytos valandos", () => {
    expect(scheduledBackupDay(on, new Date("2026-11-20T00:59:00Z"))).toBeNull(); // 02:59
    expect(scheduledBackupDay(on, new Date("2026-11-20T01:00:00Z"))).toBe("2026-11-20"); // 03:00
    expect(scheduledBackupDay(on, new Date("2026-11-20T22:30:00Z"))).toBeNull(); // 00:30 kitą dieną: dar ne
    expect(scheduledBackupDay({ ...on, hour: 0 }, new Date("2026-11-20T22:30:00Z"))).toBe("2026-11-21");
    expect(scheduledBackupDay({ ...on, enabled: false }, new Date("2026-11-20T12:00:00Z"))).toBeNull();
    expect(scheduledBackupHour(on, new Date("2026-11-20T12:00:00Z"))).toBeNull();
    expect(scheduledBackupHour({ ...on, hourly: true }, new Date("2026-11-20T12:00:00Z"))).toBe("2026-11-20T14");
  });

  it("failo vardas ir rotacija: lieka naujausios, svetimi failai nepaliečiami", () => {
    expect(archiveFileName(new Date("2026-07-01T00:05:00Z"))).toBe("atsargine-kopija-2026-07-01-0305.tar.gz");
    const names = [
      "atsargine-kopija-2026-11-19-0300.tar.gz",
      "atsargine-kopija-2026-11-21-0300.tar.gz",
      "atsargine-kopija-2026-11-20-0300.tar.gz",
      "pastabos.txt",
      "atsargine-kopija-2026-11-21-0300.tar.gz.tmp-1-2",
    ];
    expect(archivesToRemove(names, 2)).toEqual(["atsargine-kopija-2026-11-19-0300.tar.gz"]);
    expect(archivesToRemove(names, 5)).toEqual([]);
  });

  it("kiekviena rūšis turi savo vardą ir savo rotaciją", () => {
    const at = new Date("2026-07-01T00:05:09Z");
    const names = {
      daily: archiveFileName(at, "daily"),
      hourly: archiveFileName(at, "hourly"),
      manual: archiveFileName(at, "manual"),
      migration: archiveFileName(at, "migration"),
    };
    expect(names).toEqual({
      daily: "atsargine-kopija-2026-07-01-0305.tar.gz",
      hourly: "atsargine-kopija-valandine-2026-07-01-0305.tar.gz",
      manual: "atsargine-kopija-rankine-2026-07-01-030509.tar.gz",
      migration: "atsargine-kopija-pries-migracija-2026-07-01-030509.tar.gz",
    });
    for (const [kind, name] of Object.entries(names)) expect(archiveKindOf(name)).toBe(kind);
    expect(archiveKindOf("../../etc/passwd")).toBeNull();
    const all = [...Object.values(names), "atsargine-kopija-valandine-2026-07-01-0205.tar.gz"];
    expect(archivesToRemove(all, 1, "hourly")).toEqual(["atsargine-kopija-valandine-2026-07-01-0205.tar.gz"]);
    expect(archivesToRemove(all, 1, "daily")).toEqual([]);
  });

  it("įspėjimas po 26 val. be pavykusios kopijos, tik kai įjungta", () => {
    const now = new Date("2026-11-21T06:00:00Z");
    expect(backupIsStale(on, "2026-11-20T03:59:00Z", now)).toBe(true);
    expect(backupIsStale(on, "2026-11-20T05:00:00Z", now)).toBe(false);
    expect(backupIsStale(on, null, now)).toBe(true);
    expect(backupIsStale({ ...on, enabled: false }, null, now)).toBe(false);
  });

  it("su valandinėmis kopijomis įspėjama po 2 val.", () => {
    const hourly = { ...on, hourly: true };
    const now = new Date("2026-11-21T06:00:00Z");
    expect(backupIsStale(hourly, "2026-11-21T04:30:00Z", now)).toBe(false);
    expect(backupIsStale(hourly, "2026-11-21T03:59:00Z", now)).toBe(true);
  });

  it("kopijos amžius lietuviškai", () => {
    const now = new Date("2026-11-21T06:00:00Z");
    expect(backupAgeText("2026-11-21T05:59:40Z", now)).toBe("ką tik");
    expect(backupAgeText("2026-11-21T05:55:00Z", now)).toBe("prieš 5 min.");
    expect(backupAgeText("2026-11-21T02:50:00Z", now)).toBe("prieš 3 val. 10 min.");
    expect(backupAgeText("2026-11-19T02:00:00Z", now)).toBe("prieš 2 d. 4 val.");
  });
});

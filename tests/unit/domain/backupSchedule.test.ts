// Scheduled backups, the pure rules (src/domain/backupSchedule.ts).
import { describe, expect, it } from "vitest";
import {
  archiveFileName,
  archivesToRemove,
  BACKUP_DEFAULTS,
  backupIsStale,
  backupSettingsOf,
  backupSettingsSchema,
  scheduledBackupDay,
} from "../../../src/domain/backupSchedule";
import { settingsFromDoc } from "../../../src/domain/settings";

describe("atsarginių kopijų nustatymai", () => {
  it("be nustatymų – išjungta, numatytosios reikšmės; sugadinta reikšmė – numatytoji", () => {
    expect(backupSettingsOf({})).toEqual(BACKUP_DEFAULTS);
    expect(settingsFromDoc({}).backups).toEqual(BACKUP_DEFAULTS);
    expect(backupSettingsOf({ backups: { enabled: true, hour: 99, keep: "x" } })).toEqual({
      ...BACKUP_DEFAULTS,
      enabled: true,
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
  const on = { ...BACKUP_DEFAULTS, enabled: true, hour: 3 };
  it("diena pagal Vilniaus laiką, tik nuo nurodytos valandos", () => {
    expect(scheduledBackupDay(on, new Date("2026-11-20T00:59:00Z"))).toBeNull(); // 02:59
    expect(scheduledBackupDay(on, new Date("2026-11-20T01:00:00Z"))).toBe("2026-11-20"); // 03:00
    expect(scheduledBackupDay(on, new Date("2026-11-20T22:30:00Z"))).toBeNull(); // 00:30 kitą dieną: dar ne
    expect(scheduledBackupDay({ ...on, hour: 0 }, new Date("2026-11-20T22:30:00Z"))).toBe("2026-11-21");
    expect(scheduledBackupDay({ ...on, enabled: false }, new Date("2026-11-20T12:00:00Z"))).toBeNull();
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

  it("įspėjimas po 26 val. be pavykusios kopijos, tik kai įjungta", () => {
    const now = new Date("2026-11-21T06:00:00Z");
    expect(backupIsStale(on, "2026-11-20T03:59:00Z", now)).toBe(true);
    expect(backupIsStale(on, "2026-11-20T05:00:00Z", now)).toBe(false);
    expect(backupIsStale(on, null, now)).toBe(true);
    expect(backupIsStale({ ...on, enabled: false }, null, now)).toBe(false);
  });
});

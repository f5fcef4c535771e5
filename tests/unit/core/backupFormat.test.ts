// The archive's documents (src/core/backup.ts): NDJSON both ways, the older-schema step, a newer
// schema refused, and a backup/restore round trip over the memory store.
import { describe, expect, it } from "vitest";
import {
  BACKUP_COLLECTIONS,
  BackupError,
  compareWithStore,
  decodeCollection,
  encodeCollection,
  loadCollections,
  migrateCollections,
  nonEmptyCollections,
  readAllCollections,
  SCHEMA_VERSION,
} from "../../../src/core/backup";
import { COLLECTIONS, SETTINGS_ID } from "../../../src/core/collections";
import { createMemoryStore } from "../../../src/core/stores/memoryStore";

describe("archyvo dokumentai", () => {
  it("NDJSON: eilutė dokumentui; nebaigta eilutė ir ne JSON atmetami", () => {
    const docs = [
      { id: "a", data: { name: "Vilnius", n: 1 } },
      { id: "b", data: { name: "Kaunas\nMiestas" } },
    ];
    const text = encodeCollection(docs);
    expect(text.split("\n")).toHaveLength(3);
    expect(decodeCollection("locations", text)).toEqual(docs);
    expect(() => decodeCollection("locations", text.slice(0, -1))).toThrow(BackupError);
    expect(() => decodeCollection("locations", "{nėra json}\n")).toThrow(/1 eilutė nėra JSON/);
  });

  it("senesnė schema (0): skaitikliai reservation:METAI tampa reservation-METAI; naujesnė atmetama", () => {
    const migrated = migrateCollections(0, {
      counters: [
        { id: "reservation:2026", data: { value: 7 } },
        { id: "reservation-2026", data: { value: 5 } },
      ],
    });
    expect(migrated.counters).toEqual([{ id: "reservation-2026", data: { value: 7 } }]);
    expect(() => migrateCollections(SCHEMA_VERSION + 1, {})).toThrow(/naujesnės programos versijos/);
  });

  it("kopija ir atkūrimas per atminties saugyklą: visi dokumentai, bazinis nustatymų įrašas netrukdo", async () => {
    const source = createMemoryStore();
    await source.transaction(async (tx) => {
      tx.set(COLLECTIONS.cars, "c1", { model: "Octavia" });
      tx.set(COLLECTIONS.counters, "reservation-2026", { value: 12 });
      tx.set(COLLECTIONS.settings, SETTINGS_ID, { company: { name: "UAB Ratai" } });
    });
    const data = await readAllCollections(source);
    expect(Object.keys(data).sort()).toEqual([...BACKUP_COLLECTIONS].sort());
    const target = createMemoryStore();
    await target.transaction(async (tx) => {
      tx.set(COLLECTIONS.settings, SETTINGS_ID, { company: { name: "" } });
    });
    expect(await nonEmptyCollections(target)).toEqual([]);
    await loadCollections(target, data);
    expect(await compareWithStore(target, data)).toEqual([]);
    expect((await target.get(COLLECTIONS.counters, "reservation-2026"))?.data.value).toBe(12);
    expect(await nonEmptyCollections(target)).toEqual(["cars", "counters"]);
  });
});

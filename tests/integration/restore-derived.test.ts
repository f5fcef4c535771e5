// The set-based restore (server/backup/fastLoad.ts, issue 16) writes the same derived rows as the
// row-by-row triggers: a PGlite database filled through the store (every row through the search
// and car_holds triggers), with awkward values (Lithuanian and foreign letters, the Kelvin sign,
// İ, phones in every form, numbers written with exponents, arrays, nested fields, customers that
// do not exist or are named in capitals), is backed up and restored into a fresh PGlite folder:
// - every table's search column and every car_holds row equal the source's;
// - the JavaScript twin's text equals search_document() character for character;
// - the triggers are enabled again, the indexes are back with the same definitions;
// - a database whose search functions differ from the twin's (as a later migration could make
//   them) gets its search text from its own SQL functions instead, and it is again what its
//   triggers write;
// - on a real PostgreSQL (C locale, where lower() leaves the Kelvin sign alone) when one is
//   installed: the restored search column is what that database's triggers write.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCollectionsFast } from "../../server/backup/fastLoad";
import { backupLocal, restoreLocal } from "../../server/backup/local";
import { loadSearchTwin, numericText } from "../../server/backup/searchTwin";
import { openDb } from "../../server/db/index";
import { migrate } from "../../server/db/migrate";
import type { Db } from "../../server/db/types";
import { createPgStore } from "../../server/store/pgStore";
import { readAllCollections } from "../../src/core/backup";
import { detectPostgres, TestCluster } from "../helpers/postgresCluster";
import { removeTempDir, tempDir } from "../helpers/server";

/** Tables whose `search` column a trigger keeps (003_admin_search.sql, 004_damages.sql). */
const SEARCH_TABLES = [
  "cars",
  "fleet",
  "prices",
  "offers",
  "news",
  "customers",
  "requests",
  "reservations",
  "locations",
  "extras",
  "settings",
  "staff",
  "mail",
  "client_errors",
  "audit_log",
  "damages",
];

/** A small deterministic generator: the same awkward data on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}
const next = random(20261125);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

const PIECES = [
  "Šarūnas",
  "ŽEMAITĖ",
  "Ąžuolas",
  "Įvairūs",
  "Ūla",
  "Jörg",
  "Ærø",
  "Łukasz",
  "İstanbul",
  "ıi",
  "\u212Aelvinas",
  "Жанна",
  "😀",
  "+370 612 34567",
  "8 612 34567",
  "861234567",
  "37061234567",
  "612 34 567",
  "LT-01234",
  "AB 123",
  "R-2026-000123",
  "12 34 56",
  "0 0",
  "",
  " ",
  "  a  b  ",
  "UAB „Baltijos logistika“",
  "info@Įmonė.lt",
  "a.b-c_d",
  "x\ty\nz",
  "1e5",
  "007",
  "ǅ",
  "Straße",
];

function text(): string {
  const parts: string[] = [];
  const count = 1 + Math.floor(next() * 3);
  for (let i = 0; i < count; i++) parts.push(pick(PIECES));
  return parts.join(pick([" ", "", "-", ", "]));
}

function value(): unknown {
  const kind = next();
  if (kind < 0.6) return text();
  if (kind < 0.75) return pick([2020, 1e21, 1.5e-7, -3, 0.1, 37061234567, 861234567, 1.25, 0, 123456789012345680000]);
  if (kind < 0.85) return [text(), pick([7, 1e-9, 2024]), true, null, { a: "b" }, text()];
  if (kind < 0.92) return pick([true, null, { nested: "x" }]);
  return undefined;
}

function doc(fields: readonly string[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const v = value();
    if (v !== undefined) out[field] = v;
  }
  return { ...out, ...extra };
}

const uuid = (n: number, prefix = "0"): string =>
  `${prefix.repeat(8)}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`.slice(0, 36);

/** Fills a migrated database through the store: every row goes through the triggers. */
async function fill(db: Db): Promise<void> {
  const store = createPgStore(db);
  const cars = Array.from({ length: 12 }, (_, i) => uuid(i + 1, "c"));
  const customers = Array.from({ length: 150 }, (_, i) => uuid(i + 1, "d"));
  await store.transaction(async (tx) => {
    cars.forEach((id, i) => {
      tx.set("cars", id, doc(["make", "model", "year"], { slug: `auto-${i}` }));
      tx.set("fleet", uuid(i + 1, "f"), doc(["vin", "notes"], { carId: id, plateNumber: `ABC${100 + i}` }));
    });
    customers.forEach((id) => {
      tx.set(
        "customers",
        id,
        doc(["firstName", "lastName", "companyName", "companyCode", "vatCode", "email", "phone"]),
      );
    });
    for (let i = 0; i < 40; i++) {
      tx.set("requests", uuid(i + 1, "e"), {
        ...doc(["name", "email", "phone", "message"]),
        company: doc(["name", "code"]),
      });
      tx.set("prices", uuid(i + 1, "a"), { ...doc(["category"]), season: doc(["name"]) });
      tx.set("mail", uuid(i + 1, "b"), { to: [text(), text()], message: doc(["subject"]), ...doc(["ref"]) });
      tx.set("auditLog", uuid(i + 1, "9"), doc(["actor", "action", "resource", "recordId"]));
      tx.set("damages", uuid(i + 1, "8"), doc(["note"], { carId: pick(cars), status: "open" }));
      tx.set("locations", uuid(i + 1, "7"), doc(["name", "city", "address"]));
      tx.set("clientErrors", uuid(i + 1, "6"), doc(["message", "kind", "url"]));
    }
  });
  // Reservations: per car one after another (the holding ones never overlap); their customers
  // exist, are named in capitals, do not exist, or are not uuids at all.
  const statuses = ["new", "confirmed", "active", "completed", "cancelled", "no_show"] as const;
  for (let batch = 0; batch < 4; batch++) {
    await store.transaction(async (tx) => {
      for (let i = 0; i < 100; i++) {
        const n = batch * 100 + i;
        const car = cars[n % cars.length] as string;
        const day = Math.floor(n / cars.length) * 3;
        const pickup = new Date(Date.UTC(2026, 0, 1 + day, 9));
        const ret = new Date(Date.UTC(2026, 0, 2 + day, 9));
        const customer = pick(customers);
        const customerId = pick([customer, customer, customer.toUpperCase(), uuid(9999, "d"), "ne-uuid", 42]);
        tx.set("reservations", uuid(n + 1, "5"), {
          ...doc(["comment"]),
          number: `R-2026-${String(n + 1).padStart(6, "0")}`,
          carId: car,
          customerId,
          pickupAt: pickup.toISOString(),
          returnAt: ret.toISOString(),
          status: pick(statuses),
        });
      }
    });
  }
  // Rentals whose car was swapped (src/core/rentalChanges.ts): a car_holds row per car, cut by
  // reservation_car_holds() (014_car_swaps.sql); one swap, two swaps, a swap before the pickup time.
  await store.transaction(async (tx) => {
    const at = (day: number, hour: number) => new Date(Date.UTC(2028, 2, day, hour)).toISOString();
    const swap = (when: string, fromCarId: string | undefined, toCarId: string | undefined) => ({
      at: when,
      fromCarId,
      toCarId,
    });
    const swapped = [
      { carId: cars[1], pickupAt: at(1, 9), returnAt: at(5, 9), carSwaps: [swap(at(3, 12), cars[0], cars[1])] },
      {
        carId: cars[4],
        pickupAt: at(10, 9),
        returnAt: at(16, 9),
        carSwaps: [swap(at(11, 9), cars[2], cars[3]), swap(at(13, 15), cars[3], cars[4])],
      },
      { carId: cars[6], pickupAt: at(20, 9), returnAt: at(22, 9), carSwaps: [swap(at(19, 9), cars[5], cars[6])] },
    ];
    swapped.forEach((reservation, i) => {
      tx.set("reservations", uuid(900 + i, "5"), {
        ...reservation,
        number: `R-2028-${String(i + 1).padStart(6, "0")}`,
        customerId: customers[0],
        previousCarIds: reservation.carSwaps.map((each) => each.fromCarId),
        status: "active",
      });
    });
  });
  await store.transaction(async (tx) => {
    cars.slice(0, 4).forEach((car, i) => {
      tx.set("maintenance", uuid(i + 1, "4"), {
        carId: car,
        from: new Date(Date.UTC(2027, 5, 1 + i)).toISOString(),
        to: new Date(Date.UTC(2027, 5, 3 + i)).toISOString(),
        reason: text(),
      });
    });
  });
}

/** The derived rows: each table's (id, search) and car_holds, as text. */
async function derived(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of SEARCH_TABLES) {
    const { rows } = await db.query<{ line: string }>(
      `SELECT id::text || ' ' || coalesce(search::text, '∅') AS line FROM ${table} ORDER BY id`,
    );
    out[table] = rows.map((row) => row.line);
  }
  const { rows } = await db.query<{ line: string }>(
    // The period in UTC: the two databases' time zones may differ.
    `SELECT source || ' ' || source_id::text || ' ' || part::text || ' ' || car_id::text || ' ' ||
       (lower(period) AT TIME ZONE 'UTC')::text || ' ' || (upper(period) AT TIME ZONE 'UTC')::text || ' ' ||
       lower_inc(period)::text || upper_inc(period)::text AS line
     FROM car_holds ORDER BY source, source_id, part`,
  );
  out.car_holds = rows.map((row) => row.line);
  return out;
}

/** Rows whose search column differs from what the triggers' SQL makes of them now. */
async function disagreeingWithTriggers(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of SEARCH_TABLES) {
    const expression =
      table === "reservations"
        ? "search_reservation(doc, car_id)"
        : `to_tsvector('simple', search_document('${table}', doc))`;
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE search IS DISTINCT FROM ${expression}`,
    );
    out[table] = rows[0]?.n ?? -1;
  }
  return out;
}

async function triggersAndIndexes(db: Db): Promise<{ triggers: string[]; indexes: string[] }> {
  const { rows: triggers } = await db.query<{ line: string }>(
    `SELECT c.relname || '.' || t.tgname || ' ' || t.tgenabled::text AS line FROM pg_trigger t
     JOIN pg_class c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal ORDER BY 1`,
  );
  const { rows: indexes } = await db.query<{ line: string }>(
    "SELECT indexdef AS line FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname",
  );
  return { triggers: triggers.map((r) => r.line), indexes: indexes.map((r) => r.line) };
}

const zeros = (): Record<string, number> => Object.fromEntries(SEARCH_TABLES.map((t) => [t, 0]));

describe("atkūrimas aibėmis: tos pačios išvestinės eilutės kaip trigerių", () => {
  const work = tempDir("restore-derived");
  const source = path.join(work, "saltinis");
  const target = path.join(work, "atkurta");
  const archive = path.join(work, "kopija.tar.gz");
  let sourceDerived: Record<string, string[]> = {};
  let sourceShape: { triggers: string[]; indexes: string[] } = { triggers: [], indexes: [] };

  beforeAll(async () => {
    const db = await openDb({ dataDir: source, databaseUrl: null });
    try {
      await migrate(db);
      await fill(db);
      sourceDerived = await derived(db);
      sourceShape = await triggersAndIndexes(db);
      await backupLocal(db, source, archive);
    } finally {
      await db.close();
    }
  }, 240_000);

  afterAll(() => removeTempDir(work));

  it("šaltinio duomenys tikrai pereina per trigerius (paieška ir car_holds užpildyti)", () => {
    expect(sourceDerived.reservations?.length).toBe(403);
    // The swapped rentals: one row per car's part (a swap before the pickup leaves one).
    const parts = (n: number) => sourceDerived.car_holds?.filter((l) => l.includes(` ${uuid(900 + n, "5")} `)) ?? [];
    expect([parts(0).length, parts(1).length, parts(2).length]).toEqual([2, 3, 1]);
    expect(parts(0)[0]).toMatch(/ 0 c+-0000-4000-8000-000000000001 2028-03-01 09:00:00 2028-03-03 12:00:00 /);
    expect(sourceDerived.customers?.length).toBe(150);
    expect(sourceDerived.car_holds?.length).toBeGreaterThan(100);
    expect(sourceDerived.car_holds?.filter((l) => l.startsWith("maintenance")).length).toBe(4);
    expect(sourceDerived.reservations?.every((l) => !l.endsWith("∅"))).toBe(true);
  });

  it("atkurta į naują PGlite: paieškos stulpeliai ir car_holds sutampa eilutė į eilutę", async () => {
    const db = await openDb({ dataDir: target, databaseUrl: null });
    try {
      await migrate(db);
      const result = await restoreLocal(db, target, archive);
      expect(result.phases.load.searchInJs.sort()).toEqual(
        SEARCH_TABLES.filter((t) => t !== "staff")
          .filter((t) => (sourceDerived[t]?.length ?? 0) > 0)
          .sort(),
      );
      expect(result.phases.load.searchInSql).toEqual([]);
      const restored = await derived(db);
      for (const table of Object.keys(sourceDerived)) {
        expect(restored[table], table).toEqual(sourceDerived[table]);
      }
      expect(await disagreeingWithTriggers(db)).toEqual(zeros());
      expect(await triggersAndIndexes(db)).toEqual(sourceShape);
    } finally {
      await db.close();
    }
  }, 240_000);

  it("JavaScript dvynio tekstas lygus search_document() kiekvienam simboliui", async () => {
    const db = await openDb({ dataDir: target, databaseUrl: null });
    try {
      const twin = await loadSearchTwin(db, SEARCH_TABLES);
      expect(twin).not.toBeNull();
      const all = await readAllCollections(createPgStore(db), ["customers", "requests", "mail", "prices", "cars"]);
      const tableOf: Record<string, string> = {};
      const sample: { table: string; doc: Record<string, unknown>; text: string }[] = [];
      for (const [collection, docs] of Object.entries(all)) {
        tableOf[collection] = collection;
        for (const d of docs) {
          const { createdAt: _c, updatedAt: _u, ...rest } = d.data;
          sample.push({ table: collection, doc: rest, text: twin?.documentText(collection, rest) ?? "" });
          sample.push({
            table: "reservation_customer",
            doc: rest,
            text: twin?.documentText("reservation_customer", rest) ?? "",
          });
        }
      }
      const { rows } = await db.query<{ i: number; sql: string }>(
        `SELECT (r->>'i')::int AS i, search_document(r->>'table', r->'doc') AS sql
         FROM jsonb_array_elements($1::jsonb) AS r`,
        [JSON.stringify(sample.map((s, i) => ({ i, table: s.table, doc: s.doc })))],
      );
      const differ = rows.filter((row) => row.sql !== sample[row.i]?.text);
      expect(differ.slice(0, 3)).toEqual([]);
      expect(rows.length).toBe(sample.length);
    } finally {
      await db.close();
    }
  }, 120_000);

  it("JSON skaičiai rašomi taip, kaip jsonb juos spausdina", async () => {
    const db = await openDb({ dataDir: target, databaseUrl: null });
    try {
      const numbers = [
        0, -0, 1, -1, 0.1, 1.5e-7, 1e-7, 5e-324, 1e21, 1.5e21, -2.5e25, 123456789012345680000, 1.7976931348623157e308,
      ];
      const { rows } = await db.query<{ t: string }>(
        "SELECT (value #>> '{}') AS t FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY ORDER BY ordinality",
        [JSON.stringify(numbers)],
      );
      expect(numbers.map(numericText)).toEqual(rows.map((r) => r.t));
    } finally {
      await db.close();
    }
  }, 60_000);

  it("kitokios paieškos funkcijos: tekstas imamas iš pačių SQL funkcijų, ir jis toks, kokį rašo trigeriai", async () => {
    const other = path.join(work, "kita-funkcija");
    const db = await openDb({ dataDir: other, databaseUrl: null });
    try {
      await migrate(db);
      // As a later migration could: the words now also in reverse order.
      await db.query(`CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          SELECT btrim(regexp_replace(lower(reverse(coalesce(value, ''))), '[^a-z0-9]+', ' ', 'g'))
        $$`);
      expect(await loadSearchTwin(db, SEARCH_TABLES)).toBeNull();
      const result = await restoreLocal(db, other, archive);
      expect(result.phases.load.searchInJs).toEqual([]);
      expect(result.phases.load.searchInSql.length).toBeGreaterThan(5);
      expect(await disagreeingWithTriggers(db)).toEqual(zeros());
      const restored = await derived(db);
      expect(restored.car_holds).toEqual(sourceDerived.car_holds);
      expect(restored.customers).not.toEqual(sourceDerived.customers);
    } finally {
      await db.close();
    }
  }, 240_000);

  it("nepavykęs įkėlimas atšaukiamas visas: trigeriai ir indeksai lieka, lentelės tuščios", async () => {
    const other = path.join(work, "nepavykes");
    const db = await openDb({ dataDir: other, databaseUrl: null });
    try {
      await migrate(db);
      const before = await triggersAndIndexes(db);
      const overlapping = {
        cars: [{ id: uuid(1, "c"), data: { make: "A", model: "B", slug: "a" } }],
        reservations: [0, 1].map((i) => ({
          id: uuid(i + 1, "5"),
          data: {
            number: `R-${i}`,
            carId: uuid(1, "c"),
            pickupAt: "2026-01-01T09:00:00.000Z",
            returnAt: "2026-01-03T09:00:00.000Z",
            status: "confirmed",
          },
        })),
      };
      // Two reservations of one car: caught when car_holds is filled (014_car_swaps.sql: one constraint for every hold).
      await expect(db.transaction((q) => loadCollectionsFast(q, overlapping))).rejects.toThrow(/car_holds_no_overlap/);
      // A reservation and a maintenance block of one car: caught when car_holds is filled at once.
      const blocked = {
        cars: overlapping.cars,
        reservations: overlapping.reservations.slice(0, 1),
        maintenance: [
          {
            id: uuid(1, "4"),
            data: { carId: uuid(1, "c"), from: "2026-01-02T00:00:00.000Z", to: "2026-01-05T00:00:00.000Z" },
          },
        ],
      };
      await expect(db.transaction((q) => loadCollectionsFast(q, blocked))).rejects.toThrow(/car_holds_no_overlap/);
      expect(await triggersAndIndexes(db)).toEqual(before);
      const { rows } = await db.query<{ n: number }>(
        "SELECT (SELECT count(*) FROM cars)::int + (SELECT count(*) FROM reservations)::int + (SELECT count(*) FROM car_holds)::int AS n",
      );
      expect(rows[0]?.n).toBe(0);
    } finally {
      await db.close();
    }
  }, 120_000);

  const found = detectPostgres();
  it.skipIf("reason" in found)(
    "PostgreSQL (C lokalė): atkurtas paieškos stulpelis toks, kokį rašo to serverio trigeriai",
    async () => {
      if ("reason" in found) return;
      const cluster = new TestCluster(found.bin, found.runAs);
      try {
        await cluster.start();
        const db = await openDb({ dataDir: path.join(work, "pg-failai"), databaseUrl: cluster.url });
        try {
          await migrate(db);
          const result = await restoreLocal(db, path.join(work, "pg-failai"), archive);
          expect(result.phases.load.searchInSql).toEqual([]);
          expect(await disagreeingWithTriggers(db)).toEqual(zeros());
          const restored = await derived(db);
          expect(restored.car_holds).toEqual(sourceDerived.car_holds);
          expect(await triggersAndIndexes(db)).toEqual(sourceShape);
        } finally {
          await db.close();
        }
      } finally {
        await cluster.stop().catch(() => undefined);
        removeTempDir(cluster.root);
      }
    },
    300_000,
  );
});

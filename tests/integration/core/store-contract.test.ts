// The DocumentStore contract (src/core/ports.ts): the same tests against every store the core
// runs on: memory, PGlite (a temp folder), PostgreSQL (a throwaway cluster, where its programs
// are installed) and the Firestore emulator (where FIRESTORE_EMULATOR_HOST answers). A store
// that is not available prints "nevykdyta: …" and its suite is skipped, never counted as passed.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirestoreDocumentStore, lockDocId } from "../../../functions/src/firestoreDocumentStore";
import { openDb } from "../../../server/db/index";
import { MIGRATIONS_DIR, migrate } from "../../../server/db/migrate";
import type { Db } from "../../../server/db/types";
import { buildDemoData } from "../../../server/seed/demoData";
import { createPgStore } from "../../../server/store/pgStore";
import { fromStoredDoc } from "../../../src/backend/firebase/storedDoc";
import { COLLECTIONS } from "../../../src/core/collections";
import {
  DOCUMENT_ID,
  type DocumentStore,
  EMAIL_LOWER,
  StoreConstraintError,
  type StoredDoc,
  type Transaction,
} from "../../../src/core/ports";
import { forEachPage } from "../../../src/core/scan";
import { createMemoryStore } from "../../../src/core/stores/memoryStore";
import { CLOSED_TRANSACTION_MESSAGE, READ_AFTER_WRITE_MESSAGE } from "../../../src/core/stores/storeRules";
import { customerSchema, reservationSchema } from "../../../src/domain/schemas";
import { migratedDataDir } from "../../helpers/pgliteTemplate";
import { detectPostgres, TestCluster } from "../../helpers/postgresCluster";
import { emulatorFromEnv } from "../firebase/emulators";

type Data = Record<string, unknown>;

interface Harness {
  store: DocumentStore;
  /** PostgreSQL/PGlite: the database under the store */
  db?: Db;
  /** Firestore: the database under the store */
  firestore?: Firestore;
  close(): Promise<void>;
}

const NOW = new Date("2026-11-21T10:00:00.000Z");
const data = buildDemoData(NOW);
const car = data.cars.find((c) => c.doc.status === "active")!;
const otherCar = data.cars.find((c) => c.id !== car.id && c.doc.status === "active")!;
const place = data.locations[0]!;
/** Cars as every store gives them back (Firestore stores a missing optional field as null). */
// The nullable fields as every store keeps them (the Firestore store writes null for an absent one).
const carDoc = (c: (typeof data.cars)[number]): Data => ({
  ...c.doc,
  priceFrom: c.doc.priceFrom ?? null,
  excess: c.doc.excess ?? null,
});

const ids = (docs: StoredDoc[]) => docs.map((d) => d.id);
const sortedIds = (docs: StoredDoc[]) => ids(docs).sort();
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function customer(email: string): Data {
  return customerSchema.parse({
    firstName: "Ona",
    lastName: "Petraitienė",
    email,
    phone: "+37061234567",
    birthDate: "1980-05-04",
    licenceNumber: "LT1234567",
    // Nullable: the Firestore store keeps an absent one as null, so every store is given null.
    licenceExpiresAt: null,
    paymentTermDays: null,
    // Absent on older cards (Lithuania); nullable, so every store is given null as well.
    country: null,
    mergeInto: null,
  }) as Data;
}

function reservation(fields: { number: string; carId: string; pickupAt: string; returnAt: string; status?: string }) {
  return reservationSchema.parse({
    customerId: "00000000-0000-4000-8000-000000000001",
    pickupLocationId: place.id,
    returnLocationId: place.id,
    source: "office",
    ...fields,
  }) as Data;
}

async function write(store: DocumentStore, docs: { collection: string; id: string; data: Data }[]): Promise<void> {
  for (let start = 0; start < docs.length; start += 200) {
    await store.transaction(async (tx) => {
      for (const doc of docs.slice(start, start + 200)) tx.set(doc.collection, doc.id, doc.data);
    });
  }
}

/** The contract: every store passes the same tests. */

/** A test that belongs to some stores only: defined for them, absent (not "not run") for the others. */
const itFor = (applies: boolean): typeof it => (applies ? it : ((() => undefined) as unknown as typeof it));

function storeContract(name: string, available: boolean, open: () => Promise<Harness>): void {
  describe.skipIf(!available)(name, () => {
    let h: Harness;
    const store = () => h.store;
    /** newId() of the store: ids each store accepts */
    const id = (collection: string) => store().newId(collection);

    beforeAll(async () => {
      h = await open();
      await write(h.store, [
        ...data.cars.map((c) => ({
          collection: COLLECTIONS.cars,
          id: c.id,
          data: { ...carDoc(c), createdAt: c.createdAt, updatedAt: c.updatedAt },
        })),
        ...data.locations.map((l) => ({
          collection: COLLECTIONS.locations,
          id: l.id,
          data: { ...l.doc, createdAt: l.createdAt, updatedAt: l.updatedAt },
        })),
      ]);
    });
    afterAll(async () => {
      await h?.close();
    });

    it("įrašo ir grąžina dokumentą su createdAt ir updatedAt", async () => {
      const got = await store().get(COLLECTIONS.cars, car.id);
      expect(got).toEqual({
        id: car.id,
        data: { ...carDoc(car), createdAt: car.createdAt, updatedAt: car.updatedAt },
      });
      expect(await store().get(COLLECTIONS.cars, id(COLLECTIONS.cars))).toBeNull();
    });

    it("be createdAt palieka buvusį sukūrimo laiką, o updatedAt – dabartinį", async () => {
      const locationId = id(COLLECTIONS.locations);
      const doc = { ...data.locations[1]!.doc, name: "Kauno stotis" };
      await store().transaction(async (tx) => {
        tx.set(COLLECTIONS.locations, locationId, {
          ...doc,
          createdAt: "2026-01-02T03:04:05.000Z",
          updatedAt: "2026-01-02T03:04:05.000Z",
        });
      });
      const before = Date.now();
      await store().transaction(async (tx) => tx.set(COLLECTIONS.locations, locationId, { ...doc, city: "Kaunas" }));
      const got = (await store().get(COLLECTIONS.locations, locationId))!;
      expect(got.data.createdAt).toBe("2026-01-02T03:04:05.000Z");
      expect(got.data.city).toBe("Kaunas");
      // The database's clock may differ from ours a little; a new time, not the one written before.
      expect(Date.parse(got.data.updatedAt as string)).toBeGreaterThan(before - 60_000);
    });

    it("užklausos: ==, in, intervalai, rikiavimas ir limitas", async () => {
      const active = data.cars.filter((c) => c.doc.status === "active");
      expect(
        sortedIds(await store().query(COLLECTIONS.cars, { where: [{ field: "status", op: "==", value: "active" }] })),
      ).toEqual(active.map((c) => c.id).sort());

      const categories = [data.cars[0]!.doc.category, data.cars[data.cars.length - 1]!.doc.category];
      expect(
        sortedIds(
          await store().query(COLLECTIONS.cars, { where: [{ field: "category", op: "in", value: categories }] }),
        ),
      ).toEqual(
        data.cars
          .filter((c) => categories.includes(c.doc.category))
          .map((c) => c.id)
          .sort(),
      );

      const years = await store().query(COLLECTIONS.cars, {
        where: [
          { field: "year", op: ">=", value: 2022 },
          { field: "year", op: "<", value: 2025 },
        ],
      });
      expect(sortedIds(years)).toEqual(
        data.cars
          .filter((c) => c.doc.year >= 2022 && c.doc.year < 2025)
          .map((c) => c.id)
          .sort(),
      );

      const slugs = await store().query(COLLECTIONS.cars, {
        where: [
          { field: "slug", op: ">=", value: "t" },
          { field: "slug", op: "<", value: "t\uf8ff" },
        ],
        orderBy: [{ field: "slug", direction: "asc" }],
      });
      const tSlugs = data.cars.filter((c) => c.doc.slug.startsWith("t")).map((c) => c.doc.slug);
      expect(tSlugs.length).toBeGreaterThan(0);
      expect(slugs.map((d) => d.data.slug)).toEqual([...tSlugs].sort());

      const sortKey = (c: (typeof data.cars)[number]) => ({ id: c.id, sortOrder: c.doc.sortOrder });
      const bySortOrder = data.cars.map(sortKey).sort((a, b) => a.sortOrder - b.sortOrder || byId(a, b));
      const firstThree = await store().query(COLLECTIONS.cars, {
        orderBy: [{ field: "sortOrder", direction: "asc" }],
        limit: 3,
      });
      expect(ids(firstThree)).toEqual(bySortOrder.slice(0, 3).map((c) => c.id));
      const lastTwo = await store().query(COLLECTIONS.cars, {
        orderBy: [{ field: "sortOrder", direction: "desc" }],
        limit: 2,
      });
      expect(ids(lastTwo)).toEqual(
        [...bySortOrder]
          .reverse()
          .slice(0, 2)
          .map((c) => c.id),
      );

      const feature = car.doc.features[0]!;
      expect(
        sortedIds(
          await store().query(COLLECTIONS.cars, {
            where: [{ field: "features", op: "array-contains", value: feature }],
          }),
        ),
      ).toEqual(
        data.cars
          .filter((c) => c.doc.features.includes(feature))
          .map((c) => c.id)
          .sort(),
      );
      expect(await store().query(COLLECTIONS.cars, { where: [{ field: "status", op: "in", value: [] }] })).toEqual([]);
    });

    it("dokumento id (DOCUMENT_ID): netinkamas id nieko neranda ir klaidos nemeta", async () => {
      const one = await store().query(COLLECTIONS.cars, { where: [{ field: DOCUMENT_ID, op: "==", value: car.id }] });
      expect(ids(one)).toEqual([car.id]);
      const two = await store().query(COLLECTIONS.cars, {
        where: [{ field: DOCUMENT_ID, op: "in", value: [car.id, "ne-uuid", otherCar.id, "a/b"] }],
      });
      expect(sortedIds(two)).toEqual([car.id, otherCar.id].sort());
      expect(
        await store().query(COLLECTIONS.cars, { where: [{ field: DOCUMENT_ID, op: "==", value: "ne-uuid" }] }),
      ).toEqual([]);
      expect(await store().get(COLLECTIONS.cars, "ne-uuid")).toBeNull();
      expect(await store().get(COLLECTIONS.cars, "a/b")).toBeNull();
      expect(store().isId(id(COLLECTIONS.cars))).toBe(true);
      expect(store().isId("a/b")).toBe(false);
      expect(store().isId("")).toBe(false);
    });

    it("puslapiai pagal id (forEachPage): kiekvienas dokumentas lygiai vieną kartą, id tvarka", async () => {
      const whole = ids(await store().query(COLLECTIONS.cars));
      expect(whole.length).toBeGreaterThan(7);
      const seen: string[] = [];
      const sizes: number[] = [];
      await forEachPage(
        store(),
        COLLECTIONS.cars,
        (page) => {
          sizes.push(page.length);
          seen.push(...ids(page));
        },
        3,
      );
      expect(seen).toEqual(whole);
      expect(sizes.slice(0, -1).every((n) => n === 3)).toBe(true);
      // Past the last id: nothing.
      const last = whole[whole.length - 1] as string;
      expect(await store().query(COLLECTIONS.cars, { where: [{ field: DOCUMENT_ID, op: ">", value: last }] })).toEqual(
        [],
      );
    });

    it("klientas randamas pagal el. paštą bet kokiu raidžių dydžiu (EMAIL_LOWER)", async () => {
      const customerId = id(COLLECTIONS.customers);
      await store().transaction(async (tx) => {
        tx.set(COLLECTIONS.customers, customerId, {
          ...customer("Ona.Petraitiene@Example.LT"),
          createdAt: NOW.toISOString(),
          updatedAt: NOW.toISOString(),
        });
        tx.set(COLLECTIONS.customers, id(COLLECTIONS.customers), {
          ...customer("kitas@example.lt"),
          createdAt: NOW.toISOString(),
          updatedAt: NOW.toISOString(),
        });
      });
      const found = await store().query(COLLECTIONS.customers, {
        where: [{ field: EMAIL_LOWER, op: "==", value: "ona.petraitiene@example.lt" }],
        limit: 1,
      });
      expect(ids(found)).toEqual([customerId]);
      expect(found[0]?.data.email).toBe("Ona.Petraitiene@Example.LT");
      expect(found[0]?.data).not.toHaveProperty(EMAIL_LOWER);
      expect(found[0]?.data).toEqual({
        ...customer("Ona.Petraitiene@Example.LT"),
        createdAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
      });
    });

    it("lygina tik to paties tipo reikšmes; rikiuojant praleidžia dokumentus be lauko", async () => {
      const suite = "tipai";
      const docs: Record<string, Data> = {
        one: { suite, v: 1 },
        five: { suite, v: 5 },
        text: { suite, v: "3" },
        yes: { suite, v: true },
        none: { suite, v: null },
        missing: { suite },
      };
      const idOf: Record<string, string> = {};
      for (const key of Object.keys(docs)) idOf[key] = id(COLLECTIONS.auditLog);
      await write(
        store(),
        Object.entries(docs).map(([key, doc]) => ({ collection: COLLECTIONS.auditLog, id: idOf[key]!, data: doc })),
      );
      const names = (found: StoredDoc[]) =>
        found.map((d) => Object.keys(idOf).find((key) => idOf[key] === d.id)).sort();
      const where = (field: string, op: "==" | "in" | "<" | ">" | ">=", value: unknown) =>
        store().query(COLLECTIONS.auditLog, {
          where: [
            { field: "suite", op: "==", value: suite },
            { field, op, value },
          ],
        });
      expect(names(await where("v", ">", 0))).toEqual(["five", "one"]);
      expect(names(await where("v", "<", "9"))).toEqual(["text"]);
      expect(names(await where("v", ">=", false))).toEqual(["yes"]);
      expect(names(await where("v", "==", null))).toEqual(["none"]);
      expect(names(await where("v", "==", 1))).toEqual(["one"]);
      expect(names(await where("v", "in", [1, "3"]))).toEqual(["one", "text"]);

      const ordered = await store().query(COLLECTIONS.auditLog, {
        where: [{ field: "suite", op: "==", value: suite }],
        orderBy: [{ field: "v", direction: "asc" }],
      });
      // Firestore's order of types: null, booleans, numbers, strings.
      expect(ids(ordered)).toEqual(["none", "yes", "one", "five", "text"].map((key) => idOf[key]));
    });

    it("taškinis kelias (meta.level) ir createdAt intervalai", async () => {
      const suite = "keliai";
      const times = ["2026-03-01T10:00:00.000Z", "2026-03-02T10:00:00.000Z", "2026-03-03T10:00:00.000Z"];
      const written = times.map((time, i) => ({
        collection: COLLECTIONS.auditLog,
        id: id(COLLECTIONS.auditLog),
        data: { suite, meta: { level: i, tags: [`t${i}`] }, createdAt: time, updatedAt: time },
      }));
      await write(store(), written);
      const level = await store().query(COLLECTIONS.auditLog, {
        where: [{ field: "meta.level", op: "==", value: 1 }],
      });
      expect(ids(level)).toEqual([written[1]!.id]);
      expect(level[0]?.data).toEqual(written[1]!.data);

      const recent = await store().query(COLLECTIONS.auditLog, {
        where: [
          { field: "suite", op: "==", value: suite },
          { field: "createdAt", op: ">=", value: times[1] },
        ],
        orderBy: [{ field: "createdAt", direction: "desc" }],
      });
      expect(ids(recent)).toEqual([written[2]!.id, written[1]!.id]);
      const newest = await store().query(COLLECTIONS.auditLog, {
        where: [{ field: "suite", op: "==", value: suite }],
        orderBy: [{ field: "createdAt", direction: "desc" }],
        limit: 1,
      });
      expect(ids(newest)).toEqual([written[2]!.id]);
      expect(
        ids(await store().query(COLLECTIONS.auditLog, { where: [{ field: "createdAt", op: "==", value: times[0] }] })),
      ).toEqual([written[0]!.id]);
    });

    it("rezervacijų užklausos: automobilis, būsenos, laikotarpio persidengimas, numerio intervalas", async () => {
      const at = (day: number, hour = 10) => new Date(Date.UTC(2031, 5, day, hour)).toISOString();
      const rows = [
        { number: "R-2031-000001", pickupAt: at(1), returnAt: at(3), status: "confirmed" },
        { number: "R-2031-000002", pickupAt: at(5), returnAt: at(8), status: "new" },
        { number: "R-2031-000003", pickupAt: at(6), returnAt: at(7), status: "cancelled" },
        { number: "R-2031-000004", pickupAt: at(10), returnAt: at(12), status: "active" },
      ].map((fields) => ({ id: id(COLLECTIONS.reservations), doc: reservation({ ...fields, carId: otherCar.id }) }));
      await write(
        store(),
        rows.map((r) => ({
          collection: COLLECTIONS.reservations,
          id: r.id,
          data: { ...r.doc, createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() },
        })),
      );
      const overlapping = await store().query(COLLECTIONS.reservations, {
        where: [
          { field: "carId", op: "==", value: otherCar.id },
          { field: "status", op: "in", value: ["new", "confirmed", "active"] },
          { field: "pickupAt", op: "<", value: at(11) },
          { field: "returnAt", op: ">", value: at(2) },
        ],
        orderBy: [{ field: "pickupAt", direction: "asc" }],
      });
      expect(overlapping.map((d) => d.data.number)).toEqual(["R-2031-000001", "R-2031-000002", "R-2031-000004"]);
      expect(overlapping[1]?.data).toEqual({
        ...rows[1]!.doc,
        createdAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
      });

      const highest = await store().query(COLLECTIONS.reservations, {
        where: [
          { field: "number", op: ">=", value: "R-2031-" },
          { field: "number", op: "<", value: "R-2031-\uf8ff" },
        ],
        orderBy: [{ field: "number", direction: "desc" }],
        limit: 1,
      });
      expect(highest.map((d) => d.data.number)).toEqual(["R-2031-000004"]);
      expect(
        await store().query(COLLECTIONS.reservations, { where: [{ field: "carId", op: "==", value: "ne-uuid" }] }),
      ).toEqual([]);
    });

    it("skaitikliai, užklausų ribojimai ir kainų keitimų istorija", async () => {
      const expiresAt = "2026-11-21T10:10:00.000Z";
      const priceUpdate = {
        actor: "admin@ratunuoma.lt",
        change: { kind: "percent", value: 5 },
        scope: { kind: "all" },
        rules: [{ key: "ekonominė", before: [{ minDays: 1, price: 30 }], after: [{ minDays: 1, price: 31.5 }] }],
      };
      const batchId = id(COLLECTIONS.priceUpdates);
      await store().transaction(async (tx) => {
        tx.set(COLLECTIONS.counters, "reservation-2031", { value: 41 });
        tx.set(COLLECTIONS.rateLimits, "site-request-abc123", {
          windowStartMs: 1_700_000_000_000,
          count: 2,
          expiresAt,
        });
        tx.set(COLLECTIONS.priceUpdates, batchId, {
          ...priceUpdate,
          createdAt: NOW.toISOString(),
          updatedAt: NOW.toISOString(),
        });
      });
      expect((await store().get(COLLECTIONS.counters, "reservation-2031"))?.data.value).toBe(41);
      expect((await store().get(COLLECTIONS.rateLimits, "site-request-abc123"))?.data).toMatchObject({
        windowStartMs: 1_700_000_000_000,
        count: 2,
        expiresAt,
      });
      const history = await store().query(COLLECTIONS.priceUpdates, {
        orderBy: [{ field: "createdAt", direction: "desc" }],
        limit: 10,
      });
      expect(history).toEqual([
        { id: batchId, data: { ...priceUpdate, createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() } },
      ]);
      await store().transaction(async (tx) => tx.delete(COLLECTIONS.rateLimits, "site-request-abc123"));
      expect(await store().get(COLLECTIONS.rateLimits, "site-request-abc123")).toBeNull();
    });

    it("transakcija, kuri meta klaidą, nieko neįrašo", async () => {
      const auditId = id(COLLECTIONS.auditLog);
      await expect(
        store().transaction(async (tx) => {
          tx.set(COLLECTIONS.auditLog, auditId, { suite: "klaida" });
          tx.set(COLLECTIONS.counters, "contract-failed", { value: 1 });
          throw new Error("bandomoji klaida");
        }),
      ).rejects.toThrow("bandomoji klaida");
      expect(await store().get(COLLECTIONS.auditLog, auditId)).toBeNull();
      expect(await store().get(COLLECTIONS.counters, "contract-failed")).toBeNull();
    });

    it("skaityti ar rakinti po rašymo draudžiama; baigtos transakcijos naudoti negalima", async () => {
      const auditId = id(COLLECTIONS.auditLog);
      await expect(
        store().transaction(async (tx) => {
          tx.set(COLLECTIONS.auditLog, auditId, { suite: "po-rašymo" });
          return tx.get(COLLECTIONS.cars, car.id);
        }),
      ).rejects.toThrow(READ_AFTER_WRITE_MESSAGE);
      await expect(
        store().transaction(async (tx) => {
          tx.set(COLLECTIONS.auditLog, auditId, { suite: "po-rašymo" });
          await tx.lock("po-rašymo");
        }),
      ).rejects.toThrow(READ_AFTER_WRITE_MESSAGE);
      expect(await store().get(COLLECTIONS.auditLog, auditId)).toBeNull();

      let finished: Transaction | null = null;
      const answer = await store().transaction(async (tx) => {
        finished = tx;
        return "atsakymas";
      });
      expect(answer).toBe("atsakymas");
      await expect((finished as unknown as Transaction).get(COLLECTIONS.cars, car.id)).rejects.toThrow(
        CLOSED_TRANSACTION_MESSAGE,
      );
    });

    it("rašymai taikomi iš eilės: įrašyti ir ištrinti, ištrinti ir įrašyti", async () => {
      const first = id(COLLECTIONS.auditLog);
      const second = id(COLLECTIONS.auditLog);
      await store().transaction(async (tx) => {
        tx.set(COLLECTIONS.auditLog, second, { suite: "eilė", n: 0 });
      });
      await store().transaction(async (tx) => {
        tx.set(COLLECTIONS.auditLog, first, { suite: "eilė", n: 1 });
        tx.delete(COLLECTIONS.auditLog, first);
        tx.delete(COLLECTIONS.auditLog, second);
        tx.set(COLLECTIONS.auditLog, second, { suite: "eilė", n: 2 });
      });
      expect(await store().get(COLLECTIONS.auditLog, first)).toBeNull();
      expect((await store().get(COLLECTIONS.auditLog, second))?.data.n).toBe(2);
    });

    it("20 lygiagrečių transakcijų su tuo pačiu užraktu padidina skaitiklį iki 20 be pasikartojimų", async () => {
      const counterId = "contract-concurrency";
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, () =>
          store().transaction(async (tx) => {
            await tx.lock(`counter-${counterId}`);
            const current = await tx.get(COLLECTIONS.counters, counterId);
            const next = Number(current?.data.value ?? 0) + 1;
            const entryId = id(COLLECTIONS.auditLog);
            tx.set(COLLECTIONS.counters, counterId, { value: next });
            const at = new Date().toISOString();
            tx.set(COLLECTIONS.auditLog, entryId, { suite: "lygiagretumas", n: next, createdAt: at, updatedAt: at });
            return { next, entryId };
          }),
        ),
      );
      expect(outcomes.map((o) => o.next).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(new Set(outcomes.map((o) => o.entryId)).size).toBe(20);
      expect((await store().get(COLLECTIONS.counters, counterId))?.data.value).toBe(20);
      const entries = await store().query(COLLECTIONS.auditLog, {
        where: [{ field: "suite", op: "==", value: "lygiagretumas" }],
        orderBy: [{ field: "n", direction: "asc" }],
      });
      expect(entries.map((e) => e.data.n)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it("užraktas apsaugo ir užklausą: lygiagretūs „suskaičiuok ir pridėk“ be pasikartojimų", async () => {
      // As a reservation does: lock the car, query what overlaps, write a new document. The
      // query's answer has no document to conflict on; only the lock serialises the writers.
      // (Fewer on the emulator: each conflict there costs firebase-admin's back-off of a second or more.)
      const suite = "fantomai";
      const writers = h.firestore ? 6 : 10;
      const outcomes = await Promise.all(
        Array.from({ length: writers }, () =>
          store().transaction(async (tx) => {
            await tx.lock(`fantomai-${suite}`);
            const before = await tx.query(COLLECTIONS.auditLog, {
              where: [{ field: "suite", op: "==", value: suite }],
            });
            const n = before.length + 1;
            const at = new Date().toISOString();
            tx.set(COLLECTIONS.auditLog, id(COLLECTIONS.auditLog), { suite, n, createdAt: at, updatedAt: at });
            return n;
          }),
        ),
      );
      expect(outcomes.sort((a, b) => a - b)).toEqual(Array.from({ length: writers }, (_, i) => i + 1));
    });

    // ---------- what only some stores have ----------

    itFor(name.includes("PG") || name.includes("PostgreSQL"))(
      "rezervacija užpildo stulpelius; persidengianti antra užimanti rezervacija – StoreConstraintError „overlap“",
      async () => {
        const db = h.db!;
        const first = id(COLLECTIONS.reservations);
        const doc = reservation({
          number: "R-2032-000001",
          carId: car.id,
          pickupAt: "2032-02-01T08:00:00.000Z",
          returnAt: "2032-02-04T08:00:00.000Z",
          status: "confirmed",
        });
        await store().transaction(async (tx) => tx.set(COLLECTIONS.reservations, first, doc));
        const { rows } = await db.query<Data>(
          "SELECT number, car_id, pickup_at, return_at, status FROM reservations WHERE id = $1",
          [first],
        );
        expect(rows.map((r) => ({ ...r, pickup_at: iso(r.pickup_at), return_at: iso(r.return_at) }))).toEqual([
          {
            number: "R-2032-000001",
            car_id: car.id,
            pickup_at: "2032-02-01T08:00:00.000Z",
            return_at: "2032-02-04T08:00:00.000Z",
            status: "confirmed",
          },
        ]);

        const overlapping = reservation({
          number: "R-2032-000002",
          carId: car.id,
          pickupAt: "2032-02-03T08:00:00.000Z",
          returnAt: "2032-02-06T08:00:00.000Z",
        });
        const refused = await store()
          .transaction(async (tx) => tx.set(COLLECTIONS.reservations, id(COLLECTIONS.reservations), overlapping))
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(refused).toBeInstanceOf(StoreConstraintError);
        // car_holds_no_overlap holds every car of every reservation (014_car_swaps.sql).
        expect(refused).toMatchObject({ kind: "overlap", constraint: "car_holds_no_overlap" });

        // The same period, cancelled, does not block; a taken number is a duplicate.
        await store().transaction(async (tx) =>
          tx.set(COLLECTIONS.reservations, id(COLLECTIONS.reservations), { ...overlapping, status: "cancelled" }),
        );
        const duplicate = await store()
          .transaction(async (tx) =>
            tx.set(COLLECTIONS.reservations, id(COLLECTIONS.reservations), {
              ...overlapping,
              number: "R-2032-000001",
              status: "cancelled",
            }),
          )
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(duplicate).toMatchObject({ kind: "duplicate", constraint: "reservations_number_key" });

        // Changing the first one's status through the store updates the column too.
        await store().transaction(async (tx) =>
          tx.set(COLLECTIONS.reservations, first, { ...doc, status: "cancelled" }),
        );
        const status = await db.query<{ status: string }>("SELECT status FROM reservations WHERE id = $1", [first]);
        expect(status.rows[0]?.status).toBe("cancelled");
      },
    );

    itFor(name.includes("PG") || name.includes("PostgreSQL"))(
      "darbuotojo paskyros per saugyklą nesukuriamos, bet esamą galima keisti; netinkami id ir skaitikliai atmetami",
      async () => {
        const db = h.db!;
        const staffId = id(COLLECTIONS.staff);
        const member = { email: "ona@ratunuoma.lt", name: "Ona Onaitė", role: "staff", active: true };
        await expect(store().transaction(async (tx) => tx.set(COLLECTIONS.staff, staffId, member))).rejects.toThrow(
          "kuria tik serverio paskyrų kodas",
        );
        await db.query("INSERT INTO staff (id, doc, password_hash) VALUES ($1, $2::jsonb, 'x')", [
          staffId,
          JSON.stringify(member),
        ]);
        await store().transaction(async (tx) => tx.set(COLLECTIONS.staff, staffId, { ...member, active: false }));
        expect((await store().get(COLLECTIONS.staff, staffId))?.data).toMatchObject({ ...member, active: false });
        const hash = await db.query<{ password_hash: string }>("SELECT password_hash FROM staff WHERE id = $1", [
          staffId,
        ]);
        expect(hash.rows[0]?.password_hash).toBe("x");
        await expect(store().transaction(async (tx) => tx.set(COLLECTIONS.cars, "ne-uuid", {}))).rejects.toThrow(
          "Netinkamas dokumento identifikatorius",
        );
        await expect(
          store().transaction(async (tx) => tx.set(COLLECTIONS.counters, "x", { value: 1, year: 2026 })),
        ).rejects.toThrow("Skaitiklio x dokumentas");
      },
    );

    itFor(name.includes("Firestore"))(
      "Firestore dokumentai tokie, kokių tikisi naršyklės duomenų tiekėjas",
      async () => {
        const db = h.firestore!;
        const customerId = id(COLLECTIONS.customers);
        const windowId = "site-request-firestore";
        await store().transaction(async (tx) => {
          await tx.lock("customer-ona@example.lt");
          tx.set(COLLECTIONS.customers, customerId, {
            ...customer("Ona@Example.lt"),
            createdAt: NOW.toISOString(),
            updatedAt: NOW.toISOString(),
          });
          tx.set(COLLECTIONS.rateLimits, windowId, {
            windowStartMs: NOW.getTime(),
            count: 1,
            expiresAt: "2026-11-21T10:10:00.000Z",
          });
        });
        const raw = (await db.collection("customers").doc(customerId).get()).data()!;
        expect(raw._emailLower).toBe("ona@example.lt");
        expect(Array.isArray(raw._search)).toBe(true);
        expect(raw.createdAt).toBeInstanceOf(Timestamp);
        expect(raw).toHaveProperty("companyName", null);
        const { id: _id, ...record } = fromStoredDoc("customers", customerId, raw);
        expect((await store().get(COLLECTIONS.customers, customerId))?.data).toEqual(record);

        const window = (await db.collection("rateLimits").doc(windowId).get()).data()!;
        expect(window.expiresAt).toBeInstanceOf(Timestamp);
        expect((window.expiresAt as Timestamp).toDate().toISOString()).toBe("2026-11-21T10:10:00.000Z");
        const lock = await db.collection("reservationLocks").doc(lockDocId("customer-ona@example.lt")).get();
        expect(lock.exists).toBe(true);
        expect(lock.get("key")).toBe("customer-ona@example.lt");
      },
    );

    itFor(name.includes("atmintyje"))("atminties saugykla: skaitytojas negali pakeisti saugomų duomenų", async () => {
      const got = (await store().get(COLLECTIONS.cars, car.id))!;
      (got.data.features as string[]).push("Pakeista");
      got.data.make = "Pakeista";
      expect((await store().get(COLLECTIONS.cars, car.id))?.data).toEqual({
        ...carDoc(car),
        createdAt: car.createdAt,
        updatedAt: car.updatedAt,
      });
      const dump = (store() as ReturnType<typeof createMemoryStore>).dump();
      expect(dump.cars?.[car.id]?.make).toBe(car.doc.make);
    });
  });
}

const iso = (value: unknown): string => new Date(value as string).toISOString();

// ---------- the stores ----------

storeContract("saugykla atmintyje", true, async () => ({
  store: createMemoryStore(),
  close: async () => undefined,
}));

async function pgHarness(dir: string | null, databaseUrl: string | null): Promise<Harness> {
  const dataDir = dir ?? migratedDataDir("saugykla");
  const db = await openDb({ dataDir, databaseUrl });
  await migrate(db);
  return {
    store: createPgStore(db),
    db,
    close: async () => {
      await db.close();
      if (!dir && !databaseUrl) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

storeContract("PGlite saugykla (PG)", true, () => pgHarness(null, null));

const postgres = detectPostgres();
let cluster: TestCluster | null = null;
storeContract("PostgreSQL saugykla (tikras PostgreSQL klasteris)", !("reason" in postgres), async () => {
  if ("reason" in postgres) throw new Error(postgres.reason);
  cluster = new TestCluster(postgres.bin, postgres.runAs);
  try {
    await cluster.start();
    const harness = await pgHarness(cluster.root, cluster.url);
    return {
      ...harness,
      close: async () => {
        await harness.close();
        await cluster?.stop();
        if (cluster) rmSync(cluster.root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    throw error;
  }
});

const firestoreHost = await emulatorFromEnv("FIRESTORE_EMULATOR_HOST", "Firestore");
const PROJECT_ID = "demo-ratai-saugykla";
storeContract("Firestore saugykla (emuliatorius)", firestoreHost !== null, async () => {
  await fetch(`http://${firestoreHost!.address}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, {
    method: "DELETE",
  });
  const app = initializeApp({ projectId: PROJECT_ID }, "saugyklos-kontraktas");
  const db = getFirestore(app);
  return { store: createFirestoreDocumentStore(db), firestore: db, close: () => deleteApp(app) };
});

// ---------- migration 002 on data written before it ----------

describe("migracija 002: skaitiklių pavadinimai ir kainų keitimų istorija", () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "migracija-"));
    const only001 = join(dir, "migracijos");
    mkdirSync(only001);
    copyFileSync(join(MIGRATIONS_DIR, "001_init.sql"), join(only001, "001_init.sql"));
    db = await openDb({ dataDir: dir, databaseUrl: null });
    await migrate(db, only001);
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("pervadina reservation:YYYY į reservation-YYYY ir perkelia „price-update“ įrašus į priceUpdates", async () => {
    await db.query(
      "INSERT INTO counters (name, value) VALUES ('reservation:2025', 12), ('reservation:2026', 7), ('reservation-2026', 9), ('kitas', 1)",
    );
    const batchId = "4f5d2a86-0c2b-4d8e-9a51-7c3b1e2f0a11";
    const entry = {
      action: "price-update",
      resource: "prices",
      recordId: batchId,
      actor: "admin@ratunuoma.lt",
      at: "2026-10-01T09:30:00.000Z",
      change: { kind: "percent", value: 10 },
      scope: { kind: "all" },
      rules: [],
    };
    await db.query("INSERT INTO audit_log (doc) VALUES ($1::jsonb), ($2::jsonb)", [
      JSON.stringify(entry),
      JSON.stringify({ action: "update", resource: "prices", recordId: batchId, actor: "x", at: entry.at }),
    ]);
    // From 002 on, every migration runs, in order, each once.
    const later = readdirSync(MIGRATIONS_DIR)
      .filter((file) => /^\d{3}_.+\.sql$/.test(file))
      .map((file) => Number(file.slice(0, 3)))
      .filter((version) => version >= 2)
      .sort((a, b) => a - b);
    expect(later.length).toBeGreaterThan(0);
    expect(await migrate(db)).toEqual(later);

    const counters = await db.query<{ name: string; value: number }>("SELECT name, value FROM counters ORDER BY name");
    expect(counters.rows).toEqual([
      { name: "kitas", value: 1 },
      { name: "reservation-2025", value: 12 },
      { name: "reservation-2026", value: 9 },
    ]);
    const store = createPgStore(db);
    expect(await store.query(COLLECTIONS.priceUpdates)).toEqual([
      {
        id: batchId,
        data: {
          actor: entry.actor,
          change: entry.change,
          scope: entry.scope,
          rules: [],
          createdAt: entry.at,
          updatedAt: entry.at,
        },
      },
    ]);
    expect((await store.get(COLLECTIONS.counters, "reservation-2025"))?.data.value).toBe(12);
  });
});

// The public API's memory (server/http/siteCache.ts, server/http/siteStoreCache.ts) over a real
// memory store and a hand-driven change feed: what it keeps, and that every change event makes the
// next read fresh, also when the event arrives while the data is being read.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createSiteCache } from "../../../server/http/siteCache";
import { createSiteStoreCache } from "../../../server/http/siteStoreCache";
import type { ChangeEvent } from "../../../server/services/events";
import { COLLECTIONS } from "../../../src/core/collections";
import type { DocumentStore, QuerySpec, StoredDoc } from "../../../src/core/ports";
import { createMemoryStore } from "../../../src/core/stores/memoryStore";

function feed() {
  const listeners = new Set<(event: ChangeEvent) => void>();
  return {
    subscribe: (listener: (event: ChangeEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish: (resource: string, id: string) => {
      for (const listener of listeners) listener({ resource, id, kind: "updated", at: "2026-11-21T10:00:00.000Z" });
    },
  };
}

/** A memory store that counts the reads reaching it and can hold the next query until released. */
function countingStore() {
  const base = createMemoryStore();
  const reads: string[] = [];
  let gate: Promise<void> | null = null;
  /** resolves the promise `hold()` gave out for "a query is waiting at the gate" */
  let arrived: (() => void) | null = null;
  const store: DocumentStore = {
    ...base,
    get: (collection, id) => {
      reads.push(`get ${collection}`);
      return base.get(collection, id);
    },
    query: async (collection: string, spec?: QuerySpec): Promise<StoredDoc[]> => {
      reads.push(`query ${collection}`);
      const result = await base.query(collection, spec);
      if (gate) {
        arrived?.();
        await gate;
      }
      return result;
    },
    transaction: (fn) => base.transaction(fn),
    newId: (collection) => base.newId(collection),
    isId: (id) => base.isId(id),
  };
  const write = (collection: string, id: string, data: Record<string, unknown>) =>
    base.transaction(async (tx) => tx.set(collection, id, data));
  /** Holds the next query; `waiting` resolves once a query has read its rows and waits at the gate. */
  const hold = () => {
    let release: () => void = () => {};
    gate = new Promise<void>((done) => {
      release = () => {
        gate = null;
        done();
      };
    });
    const waiting = new Promise<void>((done) => {
      arrived = done;
    });
    return Object.assign(release, { waiting });
  };
  return { store, reads, write, hold };
}

describe("siteStoreCache: katalogo ir užimtumo duomenys atmintyje", () => {
  it("mažą kolekciją skaito vieną kartą; įvykis ją atnaujina kitam skaitymui", async () => {
    const { store, reads, write } = countingStore();
    const events = feed();
    await write(COLLECTIONS.cars, "a", { model: "Yaris", status: "active" });
    const cache = createSiteStoreCache(store, { subscribe: events.subscribe });
    expect((await cache.store.query(COLLECTIONS.cars)).map((d) => d.data.model)).toEqual(["Yaris"]);
    expect((await cache.store.get(COLLECTIONS.cars, "a"))?.data.model).toBe("Yaris");
    expect(reads.filter((r) => r.endsWith("cars"))).toHaveLength(1);

    await write(COLLECTIONS.cars, "a", { model: "Corolla", status: "active" });
    // Without an event the copy stays (the events are what keep it fresh)…
    expect((await cache.store.get(COLLECTIONS.cars, "a"))?.data.model).toBe("Yaris");
    events.publish("cars", "a");
    expect((await cache.store.get(COLLECTIONS.cars, "a"))?.data.model).toBe("Corolla");
    cache.close();
  });

  it("pakeitimas, atėjęs kol kolekcija skaitoma, neprarandamas", async () => {
    const { store, write, hold } = countingStore();
    const events = feed();
    await write(COLLECTIONS.prices, "p", { amount: 10 });
    const cache = createSiteStoreCache(store, { subscribe: events.subscribe });
    const release = hold();
    const reading = cache.store.query(COLLECTIONS.prices);
    // The read has its (old) rows and waits: the change below arrives in the middle of it.
    await release.waiting;
    await write(COLLECTIONS.prices, "p", { amount: 20 });
    events.publish("prices", "p");
    release();
    await reading;
    expect((await cache.store.get(COLLECTIONS.prices, "p"))?.data.amount).toBe(20);
    cache.close();
  });

  it("užimančios rezervacijos atmintyje: nauja ir atšaukta matomos po įvykio; kitos užklausos – į duomenų bazę", async () => {
    const { store, reads, write } = countingStore();
    const events = feed();
    const reservation = (status: string, pickupAt: string) => ({
      carId: "c1",
      status,
      pickupAt,
      returnAt: "2027-01-10T10:00:00.000Z",
    });
    await write(COLLECTIONS.reservations, "r1", reservation("confirmed", "2027-01-05T10:00:00.000Z"));
    await write(COLLECTIONS.reservations, "r2", reservation("completed", "2026-01-05T10:00:00.000Z"));
    const cache = createSiteStoreCache(store, { subscribe: events.subscribe });
    const holding: QuerySpec = {
      where: [
        { field: "status", op: "in", value: ["new", "confirmed", "active"] },
        { field: "pickupAt", op: "<", value: "2027-02-01T00:00:00.000Z" },
      ],
    };
    const ids = async () => (await cache.store.query(COLLECTIONS.reservations, holding)).map((d) => d.id).sort();
    expect(await ids()).toEqual(["r1"]);

    await write(COLLECTIONS.reservations, "r3", reservation("new", "2027-01-20T10:00:00.000Z"));
    events.publish("reservations", "r3");
    expect(await ids()).toEqual(["r1", "r3"]);
    await write(COLLECTIONS.reservations, "r1", reservation("cancelled", "2027-01-05T10:00:00.000Z"));
    events.publish("reservations", "r1");
    expect(await ids()).toEqual(["r3"]);
    const holdingReads = reads.filter((r) => r === "query reservations").length;
    expect(holdingReads).toBe(1);

    // Not only holding ones: straight to the store.
    const all = await cache.store.query(COLLECTIONS.reservations, {
      where: [{ field: "carId", op: "==", value: "c1" }],
    });
    expect(all).toHaveLength(3);
    expect(reads.filter((r) => r === "query reservations").length).toBe(holdingReads + 1);
    cache.close();
  });
});

describe("siteStoreCache: periodinis užimtumo perkrovimas", () => {
  it("kol visos užimtumo rezervacijos skaitomos iš naujo, skaitytojai gauna turimą kopiją; po to – naują", async () => {
    const { store, write, hold } = countingStore();
    const events = feed();
    let clock = 0;
    const reservation = (carId: string) => ({
      carId,
      status: "confirmed",
      pickupAt: "2027-01-05T10:00:00.000Z",
      returnAt: "2027-01-10T10:00:00.000Z",
    });
    await write(COLLECTIONS.reservations, "r1", reservation("c1"));
    const cache = createSiteStoreCache(store, {
      subscribe: events.subscribe,
      now: () => clock,
      holdingsRefreshMs: 1000,
    });
    const holding: QuerySpec = { where: [{ field: "status", op: "in", value: ["new", "confirmed", "active"] }] };
    const ids = async () => (await cache.store.query(COLLECTIONS.reservations, holding)).map((d) => d.id).sort();
    expect(await ids()).toEqual(["r1"]);

    // Written without an event (as a restore would): the periodic reload is what finds it.
    await write(COLLECTIONS.reservations, "r2", reservation("c2"));
    clock = 1000;
    const release = hold();
    // The reload is held in the database; the reader is answered from the copy meanwhile.
    expect(await ids()).toEqual(["r1"]);
    release();
    await expect.poll(ids).toEqual(["r1", "r2"]);
    cache.close();
  });
});

describe("siteCache: paruošti atsakymai su ETag", () => {
  function app(events: ReturnType<typeof feed>, load: () => Promise<unknown>) {
    const cache = createSiteCache({ subscribe: events.subscribe });
    const hono = new Hono();
    hono.get("/x", (c) => cache.json(c, "x", load));
    return { hono, cache };
  }

  it("tas pats atsakymas su ETag, 304 su If-None-Match; katalogo įvykis jį išmeta, kiti – ne", async () => {
    const events = feed();
    let version = 1;
    let loads = 0;
    const { hono, cache } = app(events, async () => {
      loads++;
      return { version };
    });
    const first = await hono.request("/x");
    const etag = first.headers.get("etag") as string;
    expect(await first.json()).toEqual({ version: 1 });
    expect((await hono.request("/x", { headers: { "if-none-match": etag } })).status).toBe(304);
    expect(loads).toBe(1);

    version = 2;
    events.publish("reservations", "r");
    expect((await hono.request("/x", { headers: { "if-none-match": etag } })).status).toBe(304);
    events.publish("offers", "o");
    const fresh = await hono.request("/x", { headers: { "if-none-match": etag } });
    expect(fresh.status).toBe(200);
    expect(await fresh.json()).toEqual({ version: 2 });
    expect(fresh.headers.get("etag")).not.toBe(etag);
    cache.close();
  });

  it("atsakymas, ruoštas kol atėjo įvykis, išsiunčiamas, bet nelaikomas", async () => {
    const events = feed();
    let loads = 0;
    const { hono, cache } = app(events, async () => {
      loads++;
      if (loads === 1) events.publish("cars", "a");
      return { loads };
    });
    expect(await (await hono.request("/x")).json()).toEqual({ loads: 1 });
    expect(cache.size()).toBe(0);
    expect(await (await hono.request("/x")).json()).toEqual({ loads: 2 });
    expect(cache.size()).toBe(1);
    cache.close();
  });

  it("klaida (pvz. 404) nelaikoma", async () => {
    const events = feed();
    let fail = true;
    const { hono, cache } = app(events, async () => {
      if (fail) throw new Error("nėra");
      return { ok: true };
    });
    hono.onError((_error, c) => c.json({ message: "Nerasta" }, 404));
    expect((await hono.request("/x")).status).toBe(404);
    fail = false;
    expect((await hono.request("/x")).status).toBe(200);
    cache.close();
  });
});

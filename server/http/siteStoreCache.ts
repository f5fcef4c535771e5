// What the public site's reads need, kept in this server's memory: the catalogue's small
// collections (cars, prices, offers, settings, places, extras), the maintenance blocks, and the
// reservations that hold a car (new, confirmed, active). The public API (server/routes/site.ts)
// runs the same use cases (src/core) over this store instead of the database, so the catalogue,
// search and quote read no database rows at all; everything else (transactions, other
// collections, other queries) goes to the database as before.
//
// Freshness comes from the change events (server/services/events.ts), which every committed
// write publishes and which reach every server through LISTEN/NOTIFY:
//   - an event of a small collection drops that collection; the next read loads it whole;
//   - an event of a reservation reloads that one reservation (in the order the events came);
//   - a read waits for the reloads queued before it, so a search right after a booking sees it.
// A write that publishes nothing (direct SQL, a restore) is picked up by the full reload after
// REFRESH_MS at the latest. A search here is only a display: the booking itself is decided in a
// database transaction with the car locked (src/core/reservations.ts).
import { COLLECTIONS } from "../../src/core/collections";
import type { DocumentStore, QuerySpec, StoredDoc } from "../../src/core/ports";
import { createMemoryStore, type MemoryStore } from "../../src/core/stores/memoryStore";
import { BLOCKING_STATUSES } from "../../src/domain/availability";
import type { ChangeEvent } from "../services/events";

/** Collections read whole and dropped on any change. */
const WHOLE: ReadonlySet<string> = new Set([
  COLLECTIONS.cars,
  COLLECTIONS.prices,
  COLLECTIONS.offers,
  COLLECTIONS.settings,
  COLLECTIONS.locations,
  COLLECTIONS.extras,
  COLLECTIONS.maintenance,
]);
const HOLDING: ReadonlySet<string> = new Set(BLOCKING_STATUSES);
/** The longest a copy is trusted without events: the safety net for writes that publish none. */
export const REFRESH_MS = 60_000;
/** The same for the holding reservations, whose full reload is the heaviest read here. */
export const HOLDINGS_REFRESH_MS = 5 * 60_000;

export interface SiteStoreCacheOptions {
  /** change events of this and every other server */
  subscribe: (listener: (event: ChangeEvent) => void) => () => void;
  now?: () => number;
  refreshMs?: number;
  holdingsRefreshMs?: number;
}

export interface SiteStoreCache {
  store: DocumentStore;
  /** stops listening (server shutdown, tests) */
  close(): void;
}

/** A query the holding reservations can answer: every clause on status asks only for holding ones. */
function asksHoldingOnly(spec: QuerySpec | undefined): boolean {
  const statusClauses = (spec?.where ?? []).filter((clause) => clause.field === "status");
  if (statusClauses.length === 0) return false;
  return statusClauses.every((clause) =>
    clause.op === "in"
      ? Array.isArray(clause.value) && clause.value.every((value) => HOLDING.has(value as string))
      : clause.op === "==" && HOLDING.has(clause.value as string),
  );
}

export function createSiteStoreCache(base: DocumentStore, options: SiteStoreCacheOptions): SiteStoreCache {
  const now = options.now ?? Date.now;
  const refreshMs = options.refreshMs ?? REFRESH_MS;
  const holdingsRefreshMs = options.holdingsRefreshMs ?? HOLDINGS_REFRESH_MS;
  let mirror: MemoryStore = createMemoryStore({ sharedReads: true });
  /** collection -> when it was loaded (absent: load before the next read) */
  const loaded = new Map<string, number>();
  /** each collection's loading, so concurrent first reads load it once */
  const loading = new Map<string, Promise<void>>();
  /** drops that arrived while a collection was loading: that load must not be kept */
  const dropped = new Map<string, number>();
  let holdingsLoadedAt: number | null = null;
  /** every change to the holding reservations, one after another */
  let queue: Promise<void> = Promise.resolve();

  const replaceCollection = async (collection: string, docs: StoredDoc[]): Promise<void> => {
    const existing = await mirror.query(collection);
    await mirror.transaction(async (tx) => {
      for (const doc of existing) tx.delete(collection, doc.id);
      for (const doc of docs) tx.set(collection, doc.id, doc.data);
    });
  };

  const ensureWhole = (collection: string): Promise<void> => {
    const at = loaded.get(collection);
    if (at !== undefined && now() - at < refreshMs) return Promise.resolve();
    let pending = loading.get(collection);
    if (!pending) {
      const dropsBefore = dropped.get(collection) ?? 0;
      const load: Promise<void> = (async () => {
        const docs = await base.query(collection);
        // A change came while this was read: it may be missing, so read again.
        if ((dropped.get(collection) ?? 0) !== dropsBefore) return ensureWhole(collection);
        await replaceCollection(collection, docs);
        if ((dropped.get(collection) ?? 0) !== dropsBefore) return ensureWhole(collection);
        loaded.set(collection, now());
      })().finally(() => {
        if (loading.get(collection) === load) loading.delete(collection);
      });
      pending = load;
      loading.set(collection, pending);
    }
    return pending;
  };

  const loadHoldings = async (): Promise<void> => {
    const docs = await base.query(COLLECTIONS.reservations, {
      where: [{ field: "status", op: "in", value: [...BLOCKING_STATUSES] }],
    });
    await replaceCollection(COLLECTIONS.reservations, docs);
    holdingsLoadedAt = now();
  };

  const refreshReservation = async (id: string): Promise<void> => {
    const doc = await base.get(COLLECTIONS.reservations, id);
    await mirror.transaction(async (tx) => {
      if (doc && HOLDING.has(doc.data.status as string)) tx.set(COLLECTIONS.reservations, id, doc.data);
      else tx.delete(COLLECTIONS.reservations, id);
    });
  };

  const enqueue = (work: () => Promise<void>): Promise<void> => {
    // A failed reload (database briefly away) forces a full reload at the next read.
    queue = queue.then(work).catch(() => {
      holdingsLoadedAt = null;
    });
    return queue;
  };

  const ensureHoldings = (): Promise<void> => {
    if (holdingsLoadedAt === null) {
      holdingsLoadedAt = now();
      return enqueue(loadHoldings);
    }
    if (now() - holdingsLoadedAt >= holdingsRefreshMs) {
      // The periodic reload is only the safety net for writes that publish no event: readers
      // keep the copy they have (with every event before now applied) while it runs.
      holdingsLoadedAt = now();
      const current = queue;
      void enqueue(loadHoldings);
      return current;
    }
    return queue;
  };

  const unsubscribe = options.subscribe((event) => {
    if (WHOLE.has(event.resource)) {
      loaded.delete(event.resource);
      loading.delete(event.resource);
      dropped.set(event.resource, (dropped.get(event.resource) ?? 0) + 1);
    } else if (event.resource === COLLECTIONS.reservations && holdingsLoadedAt !== null) {
      void enqueue(() => refreshReservation(event.id));
    }
  });

  const store: DocumentStore = {
    async get(collection, id) {
      if (WHOLE.has(collection)) {
        await ensureWhole(collection);
        return mirror.get(collection, id);
      }
      return base.get(collection, id);
    },
    async query(collection, spec) {
      if (WHOLE.has(collection)) {
        await ensureWhole(collection);
        return mirror.query(collection, spec);
      }
      if (collection === COLLECTIONS.reservations && asksHoldingOnly(spec)) {
        await ensureHoldings();
        return mirror.query(collection, spec);
      }
      return base.query(collection, spec);
    },
    transaction: (fn) => base.transaction(fn),
    newId: (collection) => base.newId(collection),
    isId: (id) => base.isId(id),
  };

  return {
    store,
    close: () => {
      unsubscribe();
      mirror = createMemoryStore({ sharedReads: true });
    },
  };
}

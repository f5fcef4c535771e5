// An in-memory Store for the functions' logic tests: the same contract as Firestore where the
// logic depends on it (where/orderBy/limit, transactions that read before they write and
// commit all or nothing, serverTimestamp() resolved at commit). Transactions run one at a
// time, which is what Firestore's retries amount to for conflicting transactions.
import type { QuerySpec, Store, StoredDoc, Transaction, Where } from "../../../functions/src/store";

export class MemoryTimestamp {
  constructor(private readonly millis: number) {}
  toDate(): Date {
    return new Date(this.millis);
  }
  toMillis(): number {
    return this.millis;
  }
}

const SERVER_TIME = Symbol("serverTime");

function clone(value: unknown, commitTime?: number): unknown {
  if (value === SERVER_TIME) {
    if (commitTime === undefined) throw new Error("serverTime() gali būti tik įrašomoje reikšmėje");
    return new MemoryTimestamp(commitTime);
  }
  if (value instanceof MemoryTimestamp) return value;
  if (value instanceof Date) return new Date(value.getTime());
  if (Array.isArray(value)) return value.map((item) => clone(item, commitTime));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) if (inner !== undefined) out[key] = clone(inner, commitTime);
    return out;
  }
  return value;
}

function fieldValue(data: Record<string, unknown>, path: string, id: string): unknown {
  if (path === "__name__") return id;
  let current: unknown = data;
  for (const part of path.split(".")) {
    if (!current || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

const comparable = (value: unknown): unknown =>
  value instanceof MemoryTimestamp ? value.toMillis() : value instanceof Date ? value.getTime() : value;

function compare(a: unknown, b: unknown): number {
  const x = comparable(a);
  const y = comparable(b);
  if (x === y) return 0;
  if (x === null || x === undefined) return -1;
  if (y === null || y === undefined) return 1;
  if (typeof x === "number" && typeof y === "number") return x - y;
  return String(x) < String(y) ? -1 : 1;
}

function matches(doc: StoredDoc, clause: Where): boolean {
  const value = fieldValue(doc.data, clause.field, doc.id);
  switch (clause.op) {
    case "==":
      return compare(value, clause.value) === 0 && value !== undefined;
    case "in":
      return Array.isArray(clause.value) && clause.value.some((v) => compare(value, v) === 0) && value !== undefined;
    case "array-contains":
      return Array.isArray(value) && value.some((v) => compare(v, clause.value) === 0);
    case "<":
      return value !== undefined && value !== null && compare(value, clause.value) < 0;
    case "<=":
      return value !== undefined && value !== null && compare(value, clause.value) <= 0;
    case ">":
      return value !== undefined && value !== null && compare(value, clause.value) > 0;
    case ">=":
      return value !== undefined && value !== null && compare(value, clause.value) >= 0;
  }
}

export interface MemoryStore extends Store {
  /** every document of a collection (tests read the outcome here) */
  all(collection: string): StoredDoc[];
  /** writes a document directly, as the seed would */
  put(collection: string, id: string, data: Record<string, unknown>): void;
  /** transactions committed so far */
  commits: number;
}

export function createMemoryStore(now: () => number = () => Date.now()): MemoryStore {
  const collections = new Map<string, Map<string, Record<string, unknown>>>();
  let idCounter = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const col = (name: string) => {
    let found = collections.get(name);
    if (!found) {
      found = new Map();
      collections.set(name, found);
    }
    return found;
  };

  const read = async (collection: string, id: string): Promise<StoredDoc | null> => {
    const data = col(collection).get(id);
    return data ? { id, data: clone(data) as Record<string, unknown> } : null;
  };
  const runQuery = async (collection: string, spec: QuerySpec = {}): Promise<StoredDoc[]> => {
    let docs = [...col(collection).entries()].map(([id, data]) => ({
      id,
      data: clone(data) as Record<string, unknown>,
    }));
    for (const clause of spec.where ?? []) docs = docs.filter((doc) => matches(doc, clause));
    const orders = spec.orderBy ?? [];
    // Like Firestore: ordering by a field leaves out documents without it.
    for (const order of orders) docs = docs.filter((doc) => fieldValue(doc.data, order.field, doc.id) !== undefined);
    docs.sort((a, b) => {
      for (const order of orders) {
        const result = compare(fieldValue(a.data, order.field, a.id), fieldValue(b.data, order.field, b.id));
        if (result !== 0) return order.direction === "desc" ? -result : result;
      }
      return a.id.localeCompare(b.id);
    });
    return spec.limit !== undefined ? docs.slice(0, spec.limit) : docs;
  };

  const store: MemoryStore = {
    commits: 0,
    get: read,
    query: runQuery,
    transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      const run = async (): Promise<T> => {
        const writes: (() => void)[] = [];
        let wrote = false;
        const readGuard = () => {
          if (wrote) throw new Error("Firestore transakcijoje visi skaitymai turi būti prieš rašymus");
        };
        const tx: Transaction = {
          get: async (collection, id) => {
            readGuard();
            return read(collection, id);
          },
          query: async (collection, spec) => {
            readGuard();
            return runQuery(collection, spec);
          },
          set: (collection, id, data) => {
            wrote = true;
            writes.push(() => col(collection).set(id, clone(data, commitTime) as Record<string, unknown>));
          },
          update: (collection, id, data) => {
            wrote = true;
            writes.push(() => {
              const current = col(collection).get(id);
              if (!current) throw new Error(`Dokumentas nerastas: ${collection}/${id}`);
              col(collection).set(id, { ...current, ...(clone(data, commitTime) as Record<string, unknown>) });
            });
          },
          delete: (collection, id) => {
            wrote = true;
            writes.push(() => col(collection).delete(id));
          },
        };
        let commitTime = 0;
        const result = await fn(tx);
        commitTime = now();
        // Check updates first: a failed update fails the whole commit, nothing applied.
        const snapshot = new Map([...collections.entries()].map(([name, docs]) => [name, new Map(docs)]));
        try {
          for (const write of writes) write();
        } catch (error) {
          collections.clear();
          for (const [name, docs] of snapshot) collections.set(name, docs);
          throw error;
        }
        store.commits += 1;
        return result;
      };
      const next = queue.then(run, run);
      queue = next.catch(() => undefined);
      return next;
    },
    newId() {
      idCounter += 1;
      return `doc${String(idCounter).padStart(17, "0")}`;
    },
    serverTime() {
      return SERVER_TIME;
    },
    all(collection) {
      return [...col(collection).entries()].map(([id, data]) => ({ id, data }));
    },
    put(collection, id, data) {
      col(collection).set(id, clone(data, now()) as Record<string, unknown>);
    },
  };
  return store;
}

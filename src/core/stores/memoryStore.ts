// The DocumentStore in memory, for fast tests of the use cases. It keeps Firestore's rules, so
// a use case that passes here behaves the same on the real stores:
// - queries: "==", "in", ranges between values of the same type only (numbers numerically,
//   strings by UTF-16 code units, booleans), "array-contains"; orderBy leaves out documents
//   without the field; ties (and no orderBy) go by document id;
// - transactions run one at a time; reads see committed data; writes are buffered and applied
//   only when the function returns; a read (or lock) after a write throws;
// - documents are copied on the way in and out, so a caller never changes stored data (with
//   `sharedReads`, copied on the way in and frozen, then read without a copy).
import { COLLECTIONS } from "../collections";
import {
  DOCUMENT_ID,
  type DocumentStore,
  EMAIL_LOWER,
  type QuerySpec,
  type StoredDoc,
  type Transaction,
  type Where,
} from "../ports";
import { canonicalInstant, checkQuerySpec, jsonCopy, TransactionGuard, withoutAuditFields } from "./storeRules";

type Data = Record<string, unknown>;

export interface MemoryStoreOptions {
  /** ids for newId(); default crypto.randomUUID() */
  newId?: () => string;
  /** the time of createdAt/updatedAt when a write leaves them out; default the system clock */
  now?: () => Date;
  /**
   * Reads answer the stored documents themselves, deep-frozen, instead of copies: for a cache
   * read far more often than written (server/http/siteStoreCache.ts), where copying every
   * document of every query was most of a search's time. A reader that changes one throws.
   */
  sharedReads?: boolean;
}

export interface MemoryStore extends DocumentStore {
  /** every stored document, collection -> id -> data (a copy) */
  dump(): Record<string, Record<string, Data>>;
}

const MEMORY_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;

type Write =
  | { kind: "set"; collection: string; id: string; data: Data }
  | { kind: "delete"; collection: string; id: string };

// ---------- values as Firestore compares them ----------

/** Firestore's order of types: null, booleans, numbers, strings, arrays, maps. */
function typeRank(value: unknown): number {
  if (value === null) return 0;
  if (typeof value === "boolean") return 1;
  if (typeof value === "number") return 2;
  if (typeof value === "string") return 3;
  if (Array.isArray(value)) return 4;
  return 5;
}

/** Total order of JSON values (Firestore's for the types a document holds). */
export function compareValues(a: unknown, b: unknown): number {
  const rank = typeRank(a) - typeRank(b);
  if (rank !== 0) return rank;
  if (typeof a === "boolean" || typeof a === "number") return Number(a) - Number(b);
  if (typeof a === "string") return a < (b as string) ? -1 : a > (b as string) ? 1 : 0;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    for (let i = 0; i < Math.min(a.length, other.length); i++) {
      const c = compareValues(a[i], other[i]);
      if (c !== 0) return c;
    }
    return a.length - other.length;
  }
  if (a && typeof a === "object") {
    const left = a as Data;
    const right = b as Data;
    const leftKeys = Object.keys(left).sort();
    const rightKeys = Object.keys(right).sort();
    for (let i = 0; i < Math.min(leftKeys.length, rightKeys.length); i++) {
      const lk = leftKeys[i] as string;
      const rk = rightKeys[i] as string;
      if (lk !== rk) return lk < rk ? -1 : 1;
      const c = compareValues(left[lk], right[rk]);
      if (c !== 0) return c;
    }
    return leftKeys.length - rightKeys.length;
  }
  return 0;
}

const equalValues = (a: unknown, b: unknown): boolean => typeRank(a) === typeRank(b) && compareValues(a, b) === 0;

/** Ranges compare numbers, strings and booleans, each only with its own type. */
const rangeComparable = (a: unknown, b: unknown): boolean =>
  typeof a === typeof b && (typeof a === "number" || typeof a === "string" || typeof a === "boolean");

const paths = new Map<string, readonly string[]>();
/** A dotted field's parts, split once per field name (queries scan thousands of documents). */
function pathOf(field: string): readonly string[] {
  let path = paths.get(field);
  if (!path) {
    path = field.split(".");
    if (paths.size < 1000) paths.set(field, path);
  }
  return path;
}

/** The value a where/orderBy field names in a document; `present: false` when it has none. */
function fieldOf(collection: string, id: string, data: Data, field: string): { present: boolean; value: unknown } {
  if (field === DOCUMENT_ID) return { present: true, value: id };
  if (field === EMAIL_LOWER && collection === COLLECTIONS.customers) {
    return typeof data.email === "string"
      ? { present: true, value: data.email.trim().toLowerCase() }
      : { present: false, value: undefined };
  }
  let current: unknown = data;
  for (const part of pathOf(field)) {
    if (!current || typeof current !== "object" || Array.isArray(current) || !Object.hasOwn(current, part)) {
      return { present: false, value: undefined };
    }
    current = (current as Data)[part];
  }
  return current === undefined ? { present: false, value: undefined } : { present: true, value: current };
}

function matches(collection: string, id: string, data: Data, clause: Where): boolean {
  const { present, value } = fieldOf(collection, id, data, clause.field);
  if (!present) return false;
  const wanted = clause.value;
  switch (clause.op) {
    case "==":
      return equalValues(value, wanted);
    case "in":
      return (wanted as unknown[]).some((candidate) => equalValues(value, candidate));
    case "array-contains":
      return Array.isArray(value) && value.some((item) => equalValues(item, wanted));
    case "<":
      return rangeComparable(value, wanted) && compareValues(value, wanted) < 0;
    case "<=":
      return rangeComparable(value, wanted) && compareValues(value, wanted) <= 0;
    case ">":
      return rangeComparable(value, wanted) && compareValues(value, wanted) > 0;
    case ">=":
      return rangeComparable(value, wanted) && compareValues(value, wanted) >= 0;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** A where clause as a test of one document, what it compares worked out once per query. */
function clauseTest(collection: string, clause: Where): (id: string, data: Data) => boolean {
  const wanted = clause.value;
  // `in` over strings (statuses, ids): a set lookup instead of comparing with each value.
  if (clause.op === "in" && Array.isArray(wanted) && wanted.every((v) => typeof v === "string")) {
    const allowed = new Set<unknown>(wanted);
    return (id, data) => {
      const { present, value } = fieldOf(collection, id, data, clause.field);
      return present && typeof value === "string" && allowed.has(value);
    };
  }
  return (id, data) => matches(collection, id, data, clause);
}

/** Whether entries are in ascending id order already (a collection loaded in id order stays so). */
function inIdOrder(entries: [string, Data][]): boolean {
  for (let i = 1; i < entries.length; i++) {
    if ((entries[i - 1] as [string, Data])[0] > (entries[i] as [string, Data])[0]) return false;
  }
  return true;
}

function runQuery(
  collection: string,
  docs: Map<string, Data> | undefined,
  spec: QuerySpec = {},
  copy: (data: Data) => Data = jsonCopy,
): StoredDoc[] {
  checkQuerySpec(spec);
  const orderBy = spec.orderBy ?? [];
  const tests = (spec.where ?? []).map((clause) => clauseTest(collection, clause));
  const found: [string, Data][] = [];
  for (const [id, data] of docs ?? []) {
    if (
      tests.every((test) => test(id, data)) &&
      orderBy.every((order) => fieldOf(collection, id, data, order.field).present)
    ) {
      found.push([id, data]);
    }
  }
  // Ties go by document id, in the direction of the last orderBy (Firestore's implicit order).
  const idDirection = orderBy.length > 0 && orderBy[orderBy.length - 1]?.direction === "desc" ? -1 : 1;
  if (orderBy.length > 0 || !inIdOrder(found)) {
    found.sort(([idA, a], [idB, b]) => {
      for (const order of orderBy) {
        const c = compareValues(
          fieldOf(collection, idA, a, order.field).value,
          fieldOf(collection, idB, b, order.field).value,
        );
        if (c !== 0) return order.direction === "desc" ? -c : c;
      }
      return idA < idB ? -idDirection : idA > idB ? idDirection : 0;
    });
  }
  const limited = spec.limit === undefined ? found : found.slice(0, spec.limit);
  return limited.map(([id, data]) => ({ id, data: copy(data) }));
}

// ---------- the store ----------

export function createMemoryStore(opts: MemoryStoreOptions = {}): MemoryStore {
  const collections = new Map<string, Map<string, Data>>();
  const newId = opts.newId ?? (() => globalThis.crypto.randomUUID());
  const now = opts.now ?? (() => new Date());
  // Transactions run one after another: each waits for the one before it to end.
  let queue: Promise<unknown> = Promise.resolve();
  const readCopy: (data: Data) => Data = opts.sharedReads ? (data) => data : jsonCopy;

  const get = (collection: string, id: string): StoredDoc | null => {
    const data = collections.get(collection)?.get(id);
    return data ? { id, data: readCopy(data) } : null;
  };

  /**
   * A write as it is buffered: plain JSON (copied now: the caller may change its object after
   * set()), the audit fields as canonical ISO instants when given. Checked here, so applying the
   * writes at the end cannot fail half-way.
   */
  const prepared = (id: string, data: Data): Data => {
    if (!MEMORY_ID_PATTERN.test(id)) throw new Error(`Netinkamas dokumento identifikatorius: ${JSON.stringify(id)}`);
    const copy = jsonCopy(withoutAuditFields(data));
    if (data.createdAt !== undefined) copy.createdAt = canonicalInstant(data.createdAt, "createdAt");
    if (data.updatedAt !== undefined) copy.updatedAt = canonicalInstant(data.updatedAt, "updatedAt");
    return copy;
  };

  /** Left out audit fields: createdAt stays the existing document's (now for a new one), updatedAt is now. */
  const stored = (collection: string, id: string, data: Data): Data => {
    const time = now().toISOString();
    const existing = collections.get(collection)?.get(id)?.createdAt as string | undefined;
    return { ...data, createdAt: data.createdAt ?? existing ?? time, updatedAt: data.updatedAt ?? time };
  };

  const apply = (writes: Write[]): void => {
    for (const write of writes) {
      if (write.kind === "delete") {
        collections.get(write.collection)?.delete(write.id);
        continue;
      }
      let docs = collections.get(write.collection);
      if (!docs) {
        docs = new Map();
        collections.set(write.collection, docs);
      }
      const data = stored(write.collection, write.id, write.data);
      docs.set(write.id, opts.sharedReads ? deepFreeze(data) : data);
    }
  };

  const runTransaction = async <T>(fn: (tx: Transaction) => Promise<T>): Promise<T> => {
    const guard = new TransactionGuard();
    const writes: Write[] = [];
    const tx: Transaction = {
      async get(collection, id) {
        guard.beforeRead();
        return get(collection, id);
      },
      async query(collection, spec) {
        guard.beforeRead();
        return runQuery(collection, collections.get(collection), spec, readCopy);
      },
      async lock(key) {
        guard.beforeRead();
        if (typeof key !== "string" || key.length === 0) throw new Error("Užrakto raktas negali būti tuščias");
      },
      set(collection, id, data) {
        guard.beforeWrite();
        writes.push({ kind: "set", collection, id, data: prepared(id, data) });
      },
      delete(collection, id) {
        guard.beforeWrite();
        writes.push({ kind: "delete", collection, id });
      },
    };
    try {
      const result = await fn(tx);
      guard.close();
      apply(writes);
      return result;
    } finally {
      guard.close();
    }
  };

  return {
    async get(collection, id) {
      return get(collection, id);
    },
    async query(collection, spec) {
      return runQuery(collection, collections.get(collection), spec, readCopy);
    },
    transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      const run = queue.then(() => runTransaction(fn));
      queue = run.catch(() => undefined);
      return run;
    },
    newId() {
      return newId();
    },
    isId(id) {
      return typeof id === "string" && MEMORY_ID_PATTERN.test(id);
    },
    dump() {
      const out: Record<string, Record<string, Data>> = {};
      for (const [collection, docs] of collections) {
        out[collection] = Object.fromEntries([...docs].map(([id, data]) => [id, jsonCopy(data)]));
      }
      return out;
    },
  };
}

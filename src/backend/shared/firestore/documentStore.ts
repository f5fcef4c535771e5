// The core's DocumentStore on Cloud Firestore (firebase-admin).
//
// Documents are stored exactly as the browser's data provider stores them
// (src/backend/firebase/storedDoc.ts), so staff's lists, filters and search see what the core
// wrote:
// - a collection of an admin resource (RESOURCE_MODELS) gets toStoredDoc(): every schema field
//   (null when missing), the `_search` tokens, `_emailLower` of customers; createdAt and
//   updatedAt as Timestamps. Read back: fromStoredDoc() (no "_" fields, audit fields and other
//   Timestamps as ISO strings, nulls the schema does not take left out).
// - other collections (counters, rateLimits, priceUpdates, auditLog) keep the data as given,
//   except that createdAt, updatedAt and expiresAt given as ISO strings are stored as
//   Timestamps (the TTL policy on rateLimits.expiresAt needs one; the page's history of
//   priceUpdates orders by the createdAt Timestamp). Every Timestamp reads back as ISO.
// - createdAt left out of a write keeps the stored document's (the server's time for a new
//   one); updatedAt left out is the server's time.
//
// Transactions: reads (and lock()) come first and run at once; writes are buffered and applied
// in order when the function returns, as Firestore requires all reads before any write.
// lock(key) reads reservationLocks/{key} and writes it at commit, so two transactions that
// lock the same key conflict and Firestore runs one of them again.
import { createHash } from "node:crypto";
import {
  type DocumentReference,
  type DocumentSnapshot,
  FieldPath,
  FieldValue,
  type Firestore,
  type Transaction as FirestoreTransaction,
  type Query,
  Timestamp,
} from "firebase-admin/firestore";
import { COLLECTIONS } from "../../../core/collections";
import type { DocumentStore, QuerySpec, StoredDoc, Transaction, Where } from "../../../core/ports";
import { DOCUMENT_ID, EMAIL_LOWER } from "../../../core/ports";
import * as storeRules from "../../../core/stores/storeRules";
import { EMAIL_LOWER_FIELD, type FirestoreResource, INTERNAL_COLLECTIONS, RESOURCE_MODELS } from "./model";
import { fromStoredDoc, plainValue, toStoredDoc } from "./storedDoc";

const { backoff, canonicalInstant, checkQuerySpec, instantOrNull, jsonCopy, TransactionGuard, withoutAuditFields } =
  storeRules;

/** Ids the core may take from a request: Firestore's auto-ids, Auth uids, the settings UUID. */
const FIRESTORE_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
/** How often Firestore may run a transaction that keeps meeting contention. */
export const MAX_TRANSACTION_ATTEMPTS = 10;
/** The staff document's stamp of the last role change: a Timestamp, kept beside the schema's fields. */
const CLAIMS_STAMP_FIELD = "_claimsUpdatedAt";
/** Fields stored as Timestamps in the collections without a schema. */
const INSTANT_FIELDS = ["createdAt", "updatedAt", "expiresAt"] as const;

type Data = Record<string, unknown>;

const RESOURCE_OF_COLLECTION: ReadonlyMap<string, FirestoreResource> = new Map(
  (Object.entries(RESOURCE_MODELS) as [FirestoreResource, { collection: string }][]).map(([resource, model]) => [
    model.collection,
    resource,
  ]),
);

/** Whether Firestore takes `id` as a document id (no "/", not "." or "..", not __reserved__). */
function usableId(id: string): boolean {
  return (
    typeof id === "string" &&
    id.length > 0 &&
    Buffer.byteLength(id) <= 1500 &&
    !id.includes("/") &&
    id !== "." &&
    id !== ".." &&
    !/^__.*__$/.test(id)
  );
}

/** The lock document's id: the key itself when it is a plain id, otherwise its hash. */
export function lockDocId(key: string): string {
  return /^[A-Za-z0-9_.:-]{1,200}$/.test(key) && usableId(key)
    ? key
    : `h-${createHash("sha256").update(key).digest("hex")}`;
}

const timestamp = (iso: string): Timestamp => Timestamp.fromDate(new Date(iso));

// ---------- documents <-> stored form ----------

/** A document as the core gave it, in the form Firestore keeps (audit fields apart). */
function storedForm(collection: string, data: Data): Data {
  const plain = jsonCopy(withoutAuditFields(data));
  const resource = RESOURCE_OF_COLLECTION.get(collection);
  if (resource) {
    const stored = toStoredDoc(resource, plain);
    // The write count (src/core/versions.ts) is the store's, like the times: kept as the core set it.
    if (typeof plain.version === "number") stored.version = plain.version;
    // The staff document's role stamp, which the signed-in browser watches (src/backend/firebase/session.ts).
    const stamp = plain[CLAIMS_STAMP_FIELD];
    if (typeof stamp === "string" && instantOrNull(stamp) !== null) stored[CLAIMS_STAMP_FIELD] = timestamp(stamp);
    return stored;
  }
  for (const field of INSTANT_FIELDS) {
    const value = plain[field];
    if (typeof value === "string" && instantOrNull(value) !== null) plain[field] = timestamp(value);
  }
  return plain;
}

/** A stored document as the core reads it: plain JSON, instants as ISO strings. */
function readForm(collection: string, id: string, data: Data): Data {
  const resource = RESOURCE_OF_COLLECTION.get(collection);
  if (resource) {
    const { id: _id, ...record } = fromStoredDoc(resource, id, data);
    return record;
  }
  return plainValue(data) as Data;
}

const fromSnapshot = (collection: string, snapshot: DocumentSnapshot): StoredDoc | null =>
  snapshot.exists ? { id: snapshot.id, data: readForm(collection, snapshot.id, snapshot.data() ?? {}) } : null;

// ---------- queries ----------

/** A query value as stored: Timestamps for the audit fields (and expiresAt outside the resources). */
function storedValue(collection: string, field: string, value: unknown): unknown {
  const instantField =
    field === "createdAt" ||
    field === "updatedAt" ||
    (field === "expiresAt" && !RESOURCE_OF_COLLECTION.has(collection));
  if (!instantField) return value;
  const convert = (v: unknown) => {
    const instant = instantOrNull(v);
    return instant === null ? v : timestamp(instant);
  };
  return Array.isArray(value) ? value.map(convert) : convert(value);
}

function fieldRef(collection: string, field: string): string | FieldPath {
  if (field === DOCUMENT_ID) return FieldPath.documentId();
  if (field === EMAIL_LOWER && collection === COLLECTIONS.customers) return EMAIL_LOWER_FIELD;
  return field;
}

/** The Firestore query, or null when it can match nothing (an empty "in", a malformed document id). */
function buildQuery(db: Firestore, collection: string, spec: QuerySpec = {}): Query | null {
  checkQuerySpec(spec);
  let query: Query = db.collection(collection);
  for (const clause of spec.where ?? []) {
    const value = usableValue(clause);
    if (value === NOTHING) return null;
    query = query.where(fieldRef(collection, clause.field), clause.op, storedValue(collection, clause.field, value));
  }
  for (const order of spec.orderBy ?? []) query = query.orderBy(fieldRef(collection, order.field), order.direction);
  if (spec.limit !== undefined) {
    if (spec.limit === 0) return null;
    query = query.limit(spec.limit);
  }
  return query;
}

const NOTHING = Symbol("nothing matches");

/** The value of a where clause, without the ids Firestore cannot take; NOTHING when no document can match. */
function usableValue(clause: Where): unknown {
  if (clause.op === "in") {
    const values = clause.field === DOCUMENT_ID ? (clause.value as unknown[]).filter(isUsableIdValue) : clause.value;
    return (values as unknown[]).length === 0 ? NOTHING : values;
  }
  if (clause.field === DOCUMENT_ID && clause.op === "==" && !isUsableIdValue(clause.value)) return NOTHING;
  return clause.value;
}

const isUsableIdValue = (value: unknown): boolean => typeof value === "string" && usableId(value);

// ---------- the store ----------

type Write =
  | { kind: "set"; ref: DocumentReference; data: Data; createdAt: string | null; updatedAt: string | null }
  | { kind: "delete"; ref: DocumentReference };

/**
 * The creation times this transaction knows, by document path: read with the document (null:
 * no such document, or none stored), or written earlier in this transaction.
 */
type KnownCreation = Map<string, Timestamp | null>;

const creationOf = (snapshot: DocumentSnapshot): Timestamp | null => {
  const createdAt = snapshot.exists ? snapshot.get("createdAt") : null;
  return createdAt instanceof Timestamp ? createdAt : null;
};

/**
 * Applies the buffered writes in order. A write without createdAt keeps the stored document's:
 * known from this transaction's reads, or read now (still before any write).
 */
async function commit(
  t: FirestoreTransaction,
  writes: Write[],
  locks: Map<string, DocumentReference>,
  known: KnownCreation,
): Promise<void> {
  const unread = new Map<string, DocumentReference>();
  for (const write of writes) {
    if (write.kind === "set" && write.createdAt === null && !known.has(write.ref.path)) {
      unread.set(write.ref.path, write.ref);
    }
  }
  if (unread.size > 0) {
    for (const snapshot of await t.getAll(...unread.values())) known.set(snapshot.ref.path, creationOf(snapshot));
  }
  for (const [key, ref] of locks) t.set(ref, { key, touchedAt: FieldValue.serverTimestamp() });
  for (const write of writes) {
    if (write.kind === "delete") {
      t.delete(write.ref);
      known.set(write.ref.path, null);
      continue;
    }
    const createdAt =
      write.createdAt !== null
        ? timestamp(write.createdAt)
        : (known.get(write.ref.path) ?? FieldValue.serverTimestamp());
    const updatedAt = write.updatedAt !== null ? timestamp(write.updatedAt) : FieldValue.serverTimestamp();
    t.set(write.ref, { ...write.data, createdAt, updatedAt });
    // A later write of the same document in this transaction keeps this creation time.
    if (createdAt instanceof Timestamp) known.set(write.ref.path, createdAt);
  }
}

/**
 * The emulator answers a transaction another one has pre-empted with INVALID_ARGUMENT "Transaction
 * is invalid or closed", which firebase-admin does not retry (Firestore itself says ABORTED, which
 * it does). Both mean: run the function again.
 */
const isPreempted = (error: unknown): boolean =>
  error instanceof Error &&
  (error as Error & { code?: unknown }).code === 3 &&
  /transaction is invalid or closed/i.test(error.message);

/** How often a pre-empted transaction is started again (each start has its own attempts). */
const MAX_PREEMPTED_RESTARTS = 5;

export function createFirestoreDocumentStore(db: Firestore): DocumentStore {
  const docRef = (collection: string, id: string) => db.collection(collection).doc(id);

  /** One run of fn in a Firestore transaction: reads at once, writes at the end. */
  const attempt = async <T>(t: FirestoreTransaction, fn: (tx: Transaction) => Promise<T>): Promise<T> => {
    const guard = new TransactionGuard();
    const writes: Write[] = [];
    const locks = new Map<string, DocumentReference>();
    const known: KnownCreation = new Map();
    const tx: Transaction = {
      async get(collection, id) {
        guard.beforeRead();
        if (!usableId(id)) return null;
        const snapshot = await t.get(docRef(collection, id));
        known.set(snapshot.ref.path, creationOf(snapshot));
        return fromSnapshot(collection, snapshot);
      },
      async query(collection, spec) {
        guard.beforeRead();
        const query = buildQuery(db, collection, spec);
        if (!query) return [];
        const snapshot = await t.get(query);
        for (const d of snapshot.docs) known.set(d.ref.path, creationOf(d));
        return snapshot.docs.map((d) => ({ id: d.id, data: readForm(collection, d.id, d.data()) }));
      },
      async lock(key) {
        guard.beforeRead();
        if (typeof key !== "string" || key.length === 0) throw new Error("Užrakto raktas negali būti tuščias");
        if (locks.has(key)) return;
        const ref = docRef(INTERNAL_COLLECTIONS.reservationLocks, lockDocId(key));
        locks.set(key, ref);
        await t.get(ref);
      },
      set(collection, id, data) {
        guard.beforeWrite();
        if (!usableId(id)) {
          throw new Error(`Netinkamas dokumento identifikatorius kolekcijoje ${collection}: ${JSON.stringify(id)}`);
        }
        writes.push({
          kind: "set",
          ref: docRef(collection, id),
          data: storedForm(collection, data),
          createdAt: data.createdAt === undefined ? null : canonicalInstant(data.createdAt, "createdAt"),
          updatedAt: data.updatedAt === undefined ? null : canonicalInstant(data.updatedAt, "updatedAt"),
        });
      },
      delete(collection, id) {
        guard.beforeWrite();
        if (usableId(id)) writes.push({ kind: "delete", ref: docRef(collection, id) });
      },
    };
    try {
      const result = await fn(tx);
      guard.close();
      await commit(t, writes, locks, known);
      return result;
    } finally {
      guard.close();
    }
  };

  return {
    async get(collection, id) {
      if (!usableId(id)) return null;
      return fromSnapshot(collection, await docRef(collection, id).get());
    },
    async query(collection, spec) {
      const query = buildQuery(db, collection, spec);
      if (!query) return [];
      const snapshot = await query.get();
      return snapshot.docs.map((d) => ({ id: d.id, data: readForm(collection, d.id, d.data()) }));
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      for (let restart = 0; ; restart++) {
        try {
          return await db.runTransaction((t) => attempt(t, fn), { maxAttempts: MAX_TRANSACTION_ATTEMPTS });
        } catch (error) {
          if (!isPreempted(error) || restart >= MAX_PREEMPTED_RESTARTS) throw error;
          await backoff(restart + 3);
        }
      }
    },
    async snapshot(collections) {
      // Backups: one read-only transaction, whose reads all see the database at one read time
      // (the server's, taken at its first read: what was committed before the backup is in it).
      return db.runTransaction(
        async (t) => {
          const out: Record<string, StoredDoc[]> = {};
          for (const collection of collections) {
            const snapshot = await t.get(db.collection(collection).orderBy(FieldPath.documentId()));
            out[collection] = snapshot.docs.map((d) => ({ id: d.id, data: readForm(collection, d.id, d.data()) }));
          }
          return out;
        },
        { readOnly: true },
      );
    },
    newId(collection) {
      return db.collection(collection).doc().id;
    },
    isId(id) {
      return typeof id === "string" && FIRESTORE_ID_PATTERN.test(id);
    },
  };
}

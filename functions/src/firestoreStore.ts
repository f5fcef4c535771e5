// The functions' Store on Cloud Firestore (firebase-admin).
import {
  type CollectionReference,
  type DocumentSnapshot,
  FieldPath,
  FieldValue,
  type Firestore,
  type Query,
} from "firebase-admin/firestore";
import type { QuerySpec, Store, StoredDoc, Transaction } from "./store";

const DOCUMENT_ID = "__name__";

function build(source: CollectionReference, spec: QuerySpec = {}): Query {
  let query: Query = source;
  for (const clause of spec.where ?? []) {
    query = query.where(clause.field === DOCUMENT_ID ? FieldPath.documentId() : clause.field, clause.op, clause.value);
  }
  for (const order of spec.orderBy ?? []) {
    query = query.orderBy(order.field === DOCUMENT_ID ? FieldPath.documentId() : order.field, order.direction);
  }
  if (spec.limit !== undefined) query = query.limit(spec.limit);
  return query;
}

const toStored = (snapshot: DocumentSnapshot): StoredDoc | null =>
  snapshot.exists ? { id: snapshot.id, data: snapshot.data() ?? {} } : null;

export function createFirestoreStore(db: Firestore): Store {
  return {
    async get(collection, id) {
      return toStored(await db.collection(collection).doc(id).get());
    },
    async query(collection, spec) {
      const snapshot = await build(db.collection(collection), spec).get();
      return snapshot.docs.map((d) => ({ id: d.id, data: d.data() }));
    },
    transaction(fn) {
      return db.runTransaction(async (t) => {
        const tx: Transaction = {
          async get(collection, id) {
            return toStored(await t.get(db.collection(collection).doc(id)));
          },
          async query(collection, spec) {
            const snapshot = await t.get(build(db.collection(collection), spec));
            return snapshot.docs.map((d) => ({ id: d.id, data: d.data() }));
          },
          set(collection, id, data) {
            t.set(db.collection(collection).doc(id), data);
          },
          update(collection, id, data) {
            t.update(db.collection(collection).doc(id), data);
          },
          delete(collection, id) {
            t.delete(db.collection(collection).doc(id));
          },
        };
        return fn(tx);
      });
    },
    newId(collection) {
      return db.collection(collection).doc().id;
    },
    serverTime() {
      return FieldValue.serverTimestamp();
    },
  };
}

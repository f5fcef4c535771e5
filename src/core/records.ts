// Stored documents as the domain's records: { id, ...data }. The data of every store is plain
// JSON (see ports.ts), so this is only a matter of putting the id in.
import type { StoredDoc } from "./ports";

export type WithId<T> = T & { id: string };
export type Stamped<T> = WithId<T> & { createdAt: string; updatedAt: string };

/**
 * Records of frozen documents: the server's shared in-memory copy (memoryStore `sharedReads`)
 * hands out the same frozen data to every reader until it changes, so its record is made once,
 * frozen as well (a search reads a thousand cars and thousands of holds each time).
 */
const frozenRecords = new WeakMap<object, object>();

export function toRecord<T>(doc: StoredDoc): Stamped<T> {
  if (!Object.isFrozen(doc.data)) return { ...(doc.data as T), id: doc.id } as Stamped<T>;
  let record = frozenRecords.get(doc.data);
  if (!record) {
    record = Object.freeze({ ...doc.data, id: doc.id });
    frozenRecords.set(doc.data, record);
  }
  return record as Stamped<T>;
}

// Stored documents as the domain's records: { id, ...data }. The data of every store is plain
// JSON (see ports.ts), so this is only a matter of putting the id in.
import type { StoredDoc } from "./ports";

export type WithId<T> = T & { id: string };
export type Stamped<T> = WithId<T> & { createdAt: string; updatedAt: string };

/**
 * What is worked out from a document's data, made once while the data is frozen: the server's
 * shared in-memory copy (memoryStore `sharedReads`) hands the same frozen data to every reader
 * until it changes, and a search reads a thousand cars and thousands of holds each time. Data
 * that is not frozen may change, so it is worked out every time.
 */
export function derivedOnce<T>(cache: WeakMap<object, T>, data: object, make: () => T): T {
  if (!Object.isFrozen(data)) return make();
  let value = cache.get(data);
  if (value === undefined) {
    value = make();
    cache.set(data, value);
  }
  return value;
}

/** Records of frozen data, frozen as well (shared by every reader). */
const frozenRecords = new WeakMap<object, object>();

export const toRecord = <T>(doc: StoredDoc): Stamped<T> =>
  derivedOnce(frozenRecords, doc.data, () =>
    Object.isFrozen(doc.data) ? Object.freeze({ ...doc.data, id: doc.id }) : { ...doc.data, id: doc.id },
  ) as Stamped<T>;

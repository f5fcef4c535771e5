// Stored documents as the domain's records: { id, ...data }. The data of every store is plain
// JSON (see ports.ts), so this is only a matter of putting the id in.
import type { StoredDoc } from "./ports";

export type WithId<T> = T & { id: string };
export type Stamped<T> = WithId<T> & { createdAt: string; updatedAt: string };

export const toRecord = <T>(doc: StoredDoc): Stamped<T> => ({ ...(doc.data as T), id: doc.id }) as Stamped<T>;

// The small interface the functions' logic uses instead of Firestore itself, so the logic is
// tested without an emulator (tests/unit/firebase/memoryStore.ts) and runs on Firestore in
// production (firestoreStore.ts). Transactions follow Firestore's rule: all reads first.

export type WhereOp = "==" | "in" | "<" | "<=" | ">" | ">=" | "array-contains";

export interface Where {
  field: string;
  op: WhereOp;
  value: unknown;
}

export interface QuerySpec {
  where?: Where[];
  orderBy?: { field: string; direction: "asc" | "desc" }[];
  limit?: number;
}

export interface StoredDoc {
  id: string;
  data: Record<string, unknown>;
}

export interface Reader {
  get(collection: string, id: string): Promise<StoredDoc | null>;
  query(collection: string, spec?: QuerySpec): Promise<StoredDoc[]>;
}

export interface Transaction extends Reader {
  /** creates or replaces a document */
  set(collection: string, id: string, data: Record<string, unknown>): void;
  /** changes the given fields of an existing document */
  update(collection: string, id: string, data: Record<string, unknown>): void;
  delete(collection: string, id: string): void;
}

export interface Store extends Reader {
  /** runs fn atomically; Firestore retries it on contention, so fn may run more than once */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** a new document id (20 characters, like Firestore's) */
  newId(collection: string): string;
  /** the value that makes Firestore store its own commit time (serverTimestamp()) */
  serverTime(): unknown;
}

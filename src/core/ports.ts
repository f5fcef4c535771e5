// The ports the use cases of src/core are written against. One implementation each for
// PostgreSQL/PGlite (server/store), Cloud Firestore (functions/src/firestoreStore.ts) and
// memory (src/core/stores/memoryStore.ts, for fast tests). No SDK, no SQL, no React here.
//
// Documents are plain JSON records: the domain schemas' fields, instants as ISO strings in UTC,
// and `createdAt`/`updatedAt` as ISO strings, which the use case sets from the clock (so what
// it answers is exactly what was stored). A store maps them to its own form (columns,
// Firestore Timestamps) and back.

import type { BackupKind } from "../domain/backupSchedule";

export type WhereOp = "==" | "in" | "<" | "<=" | ">" | ">=" | "array-contains";

export interface Where {
  /** a field of the document, a dotted path ("delivery.state"), or DOCUMENT_ID */
  field: string;
  op: WhereOp;
  value: unknown;
}

export interface QuerySpec {
  where?: Where[];
  orderBy?: { field: string; direction: "asc" | "desc" }[];
  limit?: number;
}

/** Where-field that means the document's id. */
export const DOCUMENT_ID = "__name__";
/**
 * Where-field of `customers`: the e-mail address trimmed and lower-cased, kept by every store
 * (PostgreSQL: an expression index; Firestore: a stored field), so a customer is found by e-mail
 * whatever its case.
 */
export const EMAIL_LOWER = "_emailLower";

export interface StoredDoc {
  id: string;
  data: Record<string, unknown>;
}

export interface Reader {
  get(collection: string, id: string): Promise<StoredDoc | null>;
  query(collection: string, spec?: QuerySpec): Promise<StoredDoc[]>;
}

/**
 * A transaction. As on Firestore, every read comes before the first write; the writes are
 * applied together when the function returns, or not at all when it throws.
 */
export interface Transaction extends Reader {
  /**
   * Serialises this transaction with every other one that locks the same key, until it ends
   * (PostgreSQL: an advisory lock; Firestore: a read and a write of a lock document). A read
   * made after the lock sees what the previous holder committed. Call it before the reads it
   * protects.
   */
  lock(key: string): Promise<void>;
  /** creates or replaces a whole document */
  set(collection: string, id: string, data: Record<string, unknown>): void;
  delete(collection: string, id: string): void;
}

export interface DocumentStore extends Reader {
  /**
   * Runs fn atomically. The store may run fn again when the database reports contention
   * (Firestore aborts, PostgreSQL serialisation failures), so fn must not have side effects
   * beyond its transaction's writes.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** a new document id: a UUID on PostgreSQL, Firestore's 20-character id on Firestore */
  newId(collection: string): string;
  /** whether `id` could name a document of this store (a malformed id is simply not found) */
  isId(id: string): boolean;
  /**
   * Backups (src/core/backup.ts): every document of the named collections, read at one instant
   * (PostgreSQL/PGlite: one REPEATABLE READ READ ONLY transaction; Firestore: one read time),
   * each collection in id order. Optional: a store without it is read collection by collection.
   */
  snapshot?(collections: readonly string[]): Promise<Record<string, StoredDoc[]>>;
}

/**
 * A write the database itself refused: the exclusion constraint on overlapping reservations
 * ("overlap"), or a unique index ("duplicate"). The use cases answer these as conflicts.
 */
export class StoreConstraintError extends Error {
  constructor(
    readonly kind: "overlap" | "duplicate",
    readonly constraint: string,
  ) {
    super(`Duomenų bazės apribojimas ${constraint}`);
    this.name = "StoreConstraintError";
  }
}

export type ChangeKind = "created" | "updated" | "deleted";

/** Change notices for staff's live lists (local: server-sent events; Firestore has its own). */
export interface Events {
  publish(resource: string, id: string, kind: ChangeKind): void;
}

export interface Clock {
  now(): Date;
}

export interface Log {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/**
 * Private files of the rental desk: photos, signatures and signed documents ("desk/…",
 * "documents/…", PRIVATE_FILE_PATTERN in src/domain/schemas.ts). Never public: the local server
 * keeps them outside /files, Firebase in Storage paths only staff may read.
 */
export interface PrivateFiles {
  put(path: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when there is no such file */
  get(path: string): Promise<Uint8Array | null>;
}

/** One archive in the backup folder, as the admin screen lists it. */
/** Where an archive lives: the backup folder, the second place, the S3 bucket. */
export type BackupArchivePlace = "local" | "copy" | "s3";

export interface BackupArchiveInfo {
  name: string;
  kind: BackupKind;
  size: number;
  /** when it was written (ISO) */
  modifiedAt: string;
  /** every place that holds it (the backup folder first) */
  places: BackupArchivePlace[];
}

/** What an archive holds, checked whole without changing anything (the guided restore). */
export interface BackupArchiveCheck {
  name: string;
  place: BackupArchivePlace;
  /** the file's path, or s3://bucket/key */
  location: string;
  /** the server's data folder (absolute): the restore command names it, so it cannot restore into another */
  dataDir?: string;
  size: number;
  sha256: string;
  /** when the archive was made (ISO), by its manifest */
  createdAt: string;
  /** the database it was made from: pglite, postgres, firestore */
  backend: string;
  appVersion: string;
  schemaVersion: number;
  /** documents per collection */
  counts: Record<string, number>;
  /** uploaded files in it and their bytes */
  files: number;
  filesBytes: number;
}

/** A written and verified archive (server/backup/scheduled.ts). */
export interface WrittenBackup {
  file: string;
  size: number;
  /** files deleted while the backup ran: not in the archive, not in its manifest */
  skippedFiles: string[];
  /** the copy in the second place; null when none is set or it failed */
  copy: string | null;
  copyError: string | null;
  /** the verified copy in the S3 bucket (s3://bucket/key); null when none is set or it failed */
  remote?: string | null;
  remoteError?: string | null;
}

/**
 * The local server's archives (the backup folder): write one now (written, read back and
 * verified, copied to the second place), list them, open one for download. Firebase has none.
 */
export interface BackupArchives {
  write(kind: BackupKind): Promise<WrittenBackup>;
  list(): Promise<BackupArchiveInfo[]>;
  /** null when there is no such archive */
  open(name: string): Promise<{ size: number; stream: ReadableStream<Uint8Array> } | null>;
  /** reads the archive in `place` whole and checks it; null when there is none; throws BackupError when it is damaged */
  check(name: string, place: BackupArchivePlace): Promise<BackupArchiveCheck | null>;
}

/** VIES's answer for one VAT code (the European Commission's VAT information exchange system). */
export interface VatRegistryAnswer {
  /** registered and active for intra-EU supplies on the day asked */
  valid: boolean;
  /** the trader's name and address as the member state gives them; null when it does not */
  name: string | null;
  address: string | null;
  /** the day VIES answered (YYYY-MM-DD), the proof the supplier checked */
  requestDate: string | null;
}

/** VIES (or the member state's database behind it) did not answer: nothing is known of the code. */
export class VatRegistryUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "VatRegistryUnavailableError";
  }
}

/**
 * The EU's VAT registry (VIES): whether a VAT code is registered now. The adapter is
 * src/backend/shared/viesClient.ts; it is optional (settings VIES_CHECK, off by default).
 */
export interface VatRegistry {
  /** `countryCode`: the VIES prefix (EL for Greece, XI for Northern Ireland); `vatNumber`: the rest. Throws VatRegistryUnavailableError. */
  check(code: { countryCode: string; vatNumber: string }): Promise<VatRegistryAnswer>;
}

/** What every use case gets: the store and the world around it. */
export interface CoreContext {
  store: DocumentStore;
  events: Events;
  clock: Clock;
  log: Log;
  /** where the site lives, for the links in mails (server: PUBLIC_URL; Firebase: the hosting address); absent: http://localhost:3000 */
  siteUrl?: string;
  /** VIES, asked before a reverse charge (src/core/vies.ts); absent: not asked (VIES_CHECK off, the default) */
  vatRegistry?: VatRegistry;
}

export const systemClock: Clock = { now: () => new Date() };
export const noEvents: Events = { publish: () => undefined };

// The stored files' records on PostgreSQL/PGlite (the bytes are in the file storage,
// server/files/storage.ts): the public files table and the private_files table, each row with the
// file's size and SHA-256, and the audit of every upload and removal, each in one transaction.
// Rows written before migration 013 have no SHA-256: it is computed the first time the file is
// read (served or backed up) and kept (fillFileHash).
import type { Db, Queryable } from "../db/types";
import type { FileArea } from "../files/storage";
import { writeAudit } from "../services/audit";

export interface FileRecord {
  size: number;
  /** null: recorded before hashes were kept (computed on the first read) */
  sha256: string | null;
  createdAt: Date;
}

export interface NewFileRecord {
  path: string;
  contentType: string;
  size: number;
  sha256: string;
}

const TABLE: Record<FileArea, string> = { public: "files", private: "private_files" };

/** A public upload: its row in the files table, audited. */
export async function recordFile(db: Db, file: NewFileRecord, actor: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO files (path, content_type, size, sha256) VALUES ($1, $2, $3, $4)
       ON CONFLICT (path) DO UPDATE SET content_type = EXCLUDED.content_type, size = EXCLUDED.size, sha256 = EXCLUDED.sha256`,
      [file.path, file.contentType, file.size, file.sha256],
    );
    await writeAudit(tx, { action: "upload", resource: "files", recordId: file.path, actor });
  });
}

/** A private file's record (not in the public files table), audited when a person uploaded it. */
export async function recordPrivateFile(db: Db, file: NewFileRecord, actor: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO private_files (path, content_type, size, sha256) VALUES ($1, $2, $3, $4)
       ON CONFLICT (path) DO UPDATE SET content_type = EXCLUDED.content_type, size = EXCLUDED.size, sha256 = EXCLUDED.sha256`,
      [file.path, file.contentType, file.size, file.sha256],
    );
    if (actor) await writeAudit(tx, { action: "upload", resource: "private-files", recordId: file.path, actor });
  });
}

/** The audit line of a private upload by a staff member (its record is written with the bytes). */
export async function auditPrivateUpload(db: Db, relative: string, actor: string): Promise<void> {
  await writeAudit(db, { action: "upload", resource: "private-files", recordId: relative, actor });
}

export async function fileRecord(db: Queryable, area: FileArea, relative: string): Promise<FileRecord | null> {
  const { rows } = await db.query<{ size: number; sha256: string | null; created_at: Date | string }>(
    `SELECT size, sha256, created_at FROM ${TABLE[area]} WHERE path = $1`,
    [relative],
  );
  const row = rows[0];
  return row ? { size: Number(row.size), sha256: row.sha256, createdAt: new Date(row.created_at) } : null;
}

/**
 * The hash of a file recorded without one, computed from its bytes on the first read (served or
 * backed up); a row that has a hash is never changed here. A public file without a row (older
 * than the files table) gets none: a row is only made by an upload, so a picture being deleted
 * is never recorded again. A private file without a record (from before the records) gets one.
 */
export async function fillFileHash(db: Queryable, area: FileArea, file: NewFileRecord): Promise<void> {
  if (area === "public") {
    await db.query("UPDATE files SET sha256 = $2 WHERE path = $1 AND sha256 IS NULL", [file.path, file.sha256]);
    return;
  }
  await db.query(
    `INSERT INTO private_files (path, content_type, size, sha256) VALUES ($1, $2, $3, $4)
     ON CONFLICT (path) DO NOTHING`,
    [file.path, file.contentType, file.size, file.sha256],
  );
}

/** Removes a public file's row (audited when there was one); whether a row was removed. */
export async function removeFileRecord(db: Db, relative: string, actor: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const result = await tx.query("DELETE FROM files WHERE path = $1", [relative]);
    if (result.affectedRows > 0) {
      await writeAudit(tx, { action: "remove-file", resource: "files", recordId: relative, actor });
    }
    return result.affectedRows > 0;
  });
}

export async function removePrivateRecord(db: Queryable, relative: string): Promise<void> {
  await db.query("DELETE FROM private_files WHERE path = $1", [relative]);
}

/** Whether this database keeps the files' hashes yet (migration 013; a backup before it runs sees none). */
export async function hasFileHashes(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ present: string | null }>("SELECT to_regclass('private_files')::text AS present");
  return Boolean(rows[0]?.present);
}

/** Every record of an area by path (a backup checks the files it archives against them). */
export async function allFileRecords(db: Queryable, area: FileArea): Promise<Map<string, FileRecord>> {
  const { rows } = await db.query<{ path: string; size: number; sha256: string | null; created_at: Date | string }>(
    `SELECT path, size, sha256, created_at FROM ${TABLE[area]}`,
  );
  return new Map(
    rows.map((row) => [row.path, { size: Number(row.size), sha256: row.sha256, createdAt: new Date(row.created_at) }]),
  );
}

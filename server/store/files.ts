// The uploaded files' records on PostgreSQL/PGlite (server/routes/files.ts keeps the bytes on disk):
// the public files table and the audit of every upload and removal, each in one transaction.
import type { Db } from "../db/types";
import { writeAudit } from "../services/audit";

/** A public upload: its row in the files table, audited. */
export async function recordFile(
  db: Db,
  file: { path: string; contentType: string; size: number },
  actor: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("INSERT INTO files (path, content_type, size) VALUES ($1, $2, $3)", [
      file.path,
      file.contentType,
      file.size,
    ]);
    await writeAudit(tx, { action: "upload", resource: "files", recordId: file.path, actor });
  });
}

/** A private upload (not in the files table): only audited. */
export async function recordPrivateUpload(db: Db, relative: string, actor: string): Promise<void> {
  await db.transaction((tx) =>
    writeAudit(tx, { action: "upload", resource: "private-files", recordId: relative, actor }),
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

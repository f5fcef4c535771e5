// The audit log (table audit_log): who changed what, readable by admins at /api/admin/audit-log.
import type { Queryable } from "../db/types";

export type AuditAction = "create" | "update" | "delete" | "upload" | "remove-file";

export interface AuditEntry {
  action: AuditAction;
  resource: string;
  recordId: string;
  /** the staff member's e-mail, or "svetainė" for the public site */
  actor: string;
}

export async function writeAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  const doc = { ...entry, at: new Date().toISOString() };
  await db.query("INSERT INTO audit_log (doc) VALUES ($1::jsonb)", [JSON.stringify(doc)]);
}

// The back-office's generic records on PostgreSQL/PGlite (/api/admin/:resource, server/routes/admin.ts):
// the list, one record, and the deletes with their rules (a reservation only while it never became
// a rental; never the last active admin). The route reads the request and answers; the SQL is here.
import { CoreError } from "../../src/core/errors";
import { refuseDeletingMoney } from "../../src/core/moneyTrail";
import { assertAnotherActiveAdmin, isActiveAdmin } from "../../src/core/staff";
import { versionOf } from "../../src/core/versions";
import { DELETABLE_STATUSES, RESERVATION_DELETE_REFUSED } from "../../src/domain/reservationRules";
import { type Db, DOCUMENT_TABLES, type Queryable } from "../db/types";
import { writeAudit } from "../services/audit";
import { transactionOver } from "./pgStore";

export const NOT_FOUND_MESSAGE = "Nerasta";
export const OWN_ACCOUNT_DELETE_REFUSED = "Savo paskyros ištrinti negalima";

export interface DocRow {
  id: string;
  doc: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Keys that come from columns or are write-only; never stored in, nor read from, the document. */
const NON_DOCUMENT_KEYS = ["id", "createdAt", "updatedAt", "password", "passwordHash", "password_hash"];

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

export function withoutNonDocumentKeys(value: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...value };
  for (const key of NON_DOCUMENT_KEYS) delete copy[key];
  return copy;
}

/** A row as react-admin sees it: { id, ...doc, version, createdAt, updatedAt } (a record from before versions: 0). */
export function toRecord(row: DocRow): Record<string, unknown> {
  return {
    id: row.id,
    ...withoutNonDocumentKeys(row.doc ?? {}),
    version: versionOf(row.doc ?? {}),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A list query built by server/http/listQuery.ts (its WHERE and ORDER BY and their parameters). */
export interface ListSql {
  where: string;
  orderBy: string;
  params: unknown[];
  whereParams: unknown[];
}

/** One page of a table's records and how many match in all. */
export async function listRecords(
  db: Queryable,
  table: string,
  query: ListSql,
  page: { start: number; limit: number },
): Promise<{ total: number; records: Record<string, unknown>[] }> {
  const [rows, count] = await Promise.all([
    db.query<DocRow>(
      `SELECT id, doc, created_at, updated_at FROM ${table} WHERE ${query.where}
           ORDER BY ${query.orderBy} LIMIT ${page.limit} OFFSET ${page.start}`,
      query.params,
    ),
    db.query<{ total: number }>(`SELECT count(*) AS total FROM ${table} WHERE ${query.where}`, query.whereParams),
  ]);
  return { total: Number(count.rows[0]?.total ?? 0), records: rows.rows.map(toRecord) };
}

/** One record by id, or null. */
export async function getRecord(db: Queryable, table: string, id: string): Promise<Record<string, unknown> | null> {
  const result = await db.query<DocRow>(`SELECT id, doc, created_at, updated_at FROM ${table} WHERE id = $1`, [id]);
  const row = result.rows[0];
  return row ? toRecord(row) : null;
}

/**
 * Deletes a staff account (never the last active admin) or a reservation (only one that never
 * became a rental), audited in the same transaction.
 */
export async function deleteRecord(
  db: Db,
  resource: "staff" | "reservations",
  id: string,
  actor: { id: string; email: string },
): Promise<Record<string, unknown>> {
  if (resource === "staff" && id === actor.id) throw new CoreError("precondition", OWN_ACCOUNT_DELETE_REFUSED);
  const row = await db.transaction(async (tx) => {
    if (resource === "reservations") {
      const current = await tx.query<DocRow>("SELECT id, doc FROM reservations WHERE id = $1 FOR UPDATE", [id]);
      const status = String(current.rows[0]?.doc.status ?? "");
      if (current.rows[0] && !(DELETABLE_STATUSES as readonly string[]).includes(status)) {
        throw new CoreError("precondition", RESERVATION_DELETE_REFUSED);
      }
      // Never one with ledger entries or invoices (src/core/moneyTrail.ts): 409.
      if (current.rows[0]) await refuseDeletingMoney(transactionOver(tx).tx, id);
    }
    if (resource === "staff") {
      const current = await tx.query<DocRow>("SELECT id, doc FROM staff WHERE id = $1", [id]);
      if (current.rows[0] && isActiveAdmin(current.rows[0].doc)) {
        await assertAnotherActiveAdmin(transactionOver(tx).tx, id);
      }
    }
    const deleted = await tx.query<DocRow>(
      `DELETE FROM ${DOCUMENT_TABLES[resource]} WHERE id = $1 RETURNING id, doc, created_at, updated_at`,
      [id],
    );
    const result = deleted.rows[0];
    if (!result) throw new CoreError("not-found", NOT_FOUND_MESSAGE);
    await writeAudit(tx, { action: "delete", resource, recordId: id, actor: actor.email });
    return result;
  });
  return toRecord(row);
}

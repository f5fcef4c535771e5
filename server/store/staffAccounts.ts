// Local staff accounts on PostgreSQL/PGlite: the staff table keeps the account document and its
// password hash. Creating and changing an account (the password hashed before any transaction
// starts; the last active admin kept; an account switched off, or whose password someone else
// reset, signed out everywhere) and finding the account that signs in.

import type { ZodType } from "zod";
import { CoreError, StaleRecordError } from "../../src/core/errors";
import { assertAnotherActiveAdmin, isActiveAdmin } from "../../src/core/staff";
import { versionOf } from "../../src/core/versions";
import { passwordProblem } from "../../src/domain/commonPasswords";
import { invalidFields } from "../../src/domain/input";
import { PASSWORD_REQUIRED_MESSAGE } from "../../src/domain/passwordRules";
import { ADMIN_RESOURCES, staffUserSchema } from "../../src/domain/schemas";
import type { Db, Queryable } from "../db/types";
import { writeAudit } from "../services/audit";
import { hashPassword } from "../services/passwords";
import { deleteUserSessions, type StaffRow } from "../services/sessions";
import { type DocRow, NOT_FOUND_MESSAGE, toRecord, withoutNonDocumentKeys } from "./adminRecords";
import { transactionOver } from "./pgStore";

// The map holds a different object schema per resource; the staff one parses to a plain object.
const staffSchema = ADMIN_RESOURCES.staff as unknown as ZodType<Record<string, unknown>>;

/** Checks a new password before any transaction starts (hashing is slow; the database must not wait). */
async function passwordHashFrom(body: Record<string, unknown>): Promise<string | null> {
  if (body.password === undefined || body.password === null || body.password === "") return null;
  // A ZodError: answered as 422 with the field's message, like every other invalid input.
  const { password } = staffUserSchema.pick({ password: true }).parse({ password: body.password });
  if (!password) return null;
  const problem = passwordProblem(password, [String(body.email ?? ""), String(body.name ?? "")]);
  if (problem) throw invalidFields({ password: problem });
  return hashPassword(password);
}

/** A new staff account, audited in the same transaction. */
export async function createStaffAccount(
  db: Db,
  body: Record<string, unknown>,
  actor: string,
): Promise<Record<string, unknown>> {
  const passwordHash = await passwordHashFrom(body);
  if (passwordHash === null) throw invalidFields({ password: PASSWORD_REQUIRED_MESSAGE });
  const doc = withoutNonDocumentKeys(staffSchema.parse(withoutNonDocumentKeys(body)));
  const row = await db.transaction(async (tx) => {
    const inserted = (
      await tx.query<DocRow>(
        "INSERT INTO staff (doc, password_hash) VALUES ($1::jsonb, $2) RETURNING id, doc, created_at, updated_at",
        [JSON.stringify({ ...doc, version: 1 }), passwordHash],
      )
    ).rows[0];
    if (!inserted) throw new Error("INSERT negrąžino įrašo");
    await writeAudit(tx, { action: "create", resource: "staff", recordId: inserted.id, actor });
    return inserted;
  });
  return toRecord(row);
}

/**
 * A staff account's update (`expected`: the version the editor read). The last active admin cannot
 * be demoted or switched off, and an account switched off, or whose password someone else reset,
 * is signed out everywhere.
 */
export async function updateStaffAccount(
  db: Db,
  id: string,
  body: Record<string, unknown>,
  options: { expected: number | undefined; actor: { id: string; email: string } },
): Promise<Record<string, unknown>> {
  const { expected, actor } = options;
  const passwordHash = await passwordHashFrom(body);
  const changes = withoutNonDocumentKeys(body);
  const row = await db.transaction(async (tx) => {
    const current = await tx.query<DocRow>(
      "SELECT id, doc, created_at, updated_at FROM staff WHERE id = $1 FOR UPDATE",
      [id],
    );
    const existing = current.rows[0];
    if (!existing) throw new CoreError("not-found", NOT_FOUND_MESSAGE);
    if (expected !== undefined && expected !== versionOf(existing.doc)) throw new StaleRecordError(toRecord(existing));
    // Merge: updateMany sends only the changed fields; the edit form sends them all.
    const doc = withoutNonDocumentKeys(staffSchema.parse({ ...withoutNonDocumentKeys(existing.doc), ...changes }));
    const stored = JSON.stringify({ ...doc, version: versionOf(existing.doc) + 1 });
    if (isActiveAdmin(existing.doc) && !isActiveAdmin(doc)) {
      await assertAnotherActiveAdmin(transactionOver(tx).tx, id);
    }
    const updated =
      passwordHash !== null
        ? await tx.query<DocRow>(
            `UPDATE staff SET doc = $2::jsonb, password_hash = $3, updated_at = now() WHERE id = $1
             RETURNING id, doc, created_at, updated_at`,
            [id, stored, passwordHash],
          )
        : await tx.query<DocRow>(
            `UPDATE staff SET doc = $2::jsonb, updated_at = now() WHERE id = $1
             RETURNING id, doc, created_at, updated_at`,
            [id, stored],
          );
    if (doc.active === false || (passwordHash !== null && id !== actor.id)) await deleteUserSessions(tx, id);
    await writeAudit(tx, { action: "update", resource: "staff", recordId: id, actor: actor.email });
    const result = updated.rows[0];
    if (!result) throw new CoreError("not-found", NOT_FOUND_MESSAGE);
    return result;
  });
  return toRecord(row);
}

/** The account with this e-mail (any case), with its password hash, or null. */
export async function findStaffByEmail(db: Queryable, email: string): Promise<StaffRow | null> {
  const found = await db.query<StaffRow>(
    "SELECT id, doc, password_hash FROM staff WHERE lower(doc->>'email') = $1 LIMIT 1",
    [email.toLowerCase()],
  );
  return found.rows[0] ?? null;
}

// Staff accounts: who may use the back-office, with which role. The rule both backends keep: at
// least one active admin always remains. Local accounts live in the staff table with a password
// hash (server/routes/admin.ts); Firebase accounts are Auth users with a `role` claim, managed
// through the Accounts port below (functions/src/authAdmin.ts).

import { z } from "zod";
import { passwordProblem } from "../domain/commonPasswords";
import { invalidFields, parseFields } from "../domain/input";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_REQUIRED_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from "../domain/passwordRules";
import { email, STAFF_ROLES, type StaffRole } from "../domain/schemas";
import { COLLECTIONS } from "./collections";
import { CoreError } from "./errors";
import type { CoreContext, Reader, Transaction } from "./ports";
import { toRecord } from "./records";
import { replaceDoc, writeAudit, writer } from "./writes";

export const LAST_ADMIN_MESSAGE = "Turi likti bent vienas aktyvus administratorius";
export const USER_NOT_FOUND_MESSAGE = "Naudotojas nerastas";
export const ADMIN_ONLY_MESSAGE = "Šį veiksmą gali atlikti tik administratorius";
/** Serialises changes of admins, so two demotions cannot both pass the last-admin check. */
const ADMINS_LOCK = "staff-admins";

export const isActiveAdmin = (doc: { role?: unknown; active?: unknown } | null | undefined): boolean =>
  !!doc && doc.role === "admin" && doc.active !== false;

/** Another active admin than `exceptId` exists (reads: call it among the transaction's reads). */
export async function hasAnotherActiveAdmin(reader: Reader, exceptId: string): Promise<boolean> {
  const admins = await reader.query(COLLECTIONS.staff, { where: [{ field: "role", op: "==", value: "admin" }] });
  return admins.some((doc) => doc.id !== exceptId && doc.data.active !== false);
}

/** Locks the admins and refuses when `exceptId` is the last active one. */
export async function assertAnotherActiveAdmin(tx: Transaction, exceptId: string): Promise<void> {
  await tx.lock(ADMINS_LOCK);
  if (!(await hasAnotherActiveAdmin(tx, exceptId))) throw new CoreError("precondition", LAST_ADMIN_MESSAGE);
}

// ---------- Firebase: Auth users with role claims ----------

export interface AuthUser {
  uid: string;
  email?: string | undefined;
  displayName?: string | undefined;
  disabled: boolean;
  customClaims?: Record<string, unknown> | undefined;
}

/** What setStaffRole needs of an identity service (firebase-admin's Auth). */
export interface Accounts {
  getUser(uid: string): Promise<AuthUser | null>;
  getUserByEmail(email: string): Promise<AuthUser | null>;
  createUser(user: {
    uid: string;
    email: string;
    password: string;
    displayName: string;
    disabled: boolean;
  }): Promise<AuthUser>;
  updateUser(
    uid: string,
    changes: { email?: string; password?: string; displayName?: string; disabled?: boolean },
  ): Promise<AuthUser>;
  setCustomUserClaims(uid: string, claims: Record<string, unknown> | null): Promise<void>;
  revokeRefreshTokens(uid: string): Promise<void>;
}

export interface Caller {
  uid: string;
  email?: string;
  role: StaffRole | null;
}

export const setStaffRoleInputSchema = z
  .object({
    uid: z.string().min(1).max(128).optional(),
    email: email.optional(),
    name: z.string().trim().min(1, { error: "Laukas privalomas" }).max(120).optional(),
    /** null takes the role away: the account stays, but it is no longer staff */
    role: z.enum(STAFF_ROLES, { error: "Neteisinga rolė" }).nullable(),
    active: z.boolean().optional(),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT_MESSAGE })
      .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_TOO_LONG_MESSAGE })
      .optional(),
  })
  .strict()
  .refine((input) => input.uid !== undefined || input.email !== undefined, {
    error: "Nurodykite naudotoją (uid arba el. paštą)",
    path: ["email"],
  });

export interface StaffRecord extends Record<string, unknown> {
  id: string;
  email: string;
  name: string;
  role: StaffRole | null;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

const authIsActiveAdmin = (user: AuthUser | null): boolean =>
  !!user && !user.disabled && user.customClaims?.role === "admin";

/**
 * An admin creates a staff account, changes its role, name, e-mail, password or activity, or
 * takes its role away (role null). The last active admin stays. A demoted, deactivated or
 * re-passworded user is signed out everywhere; the staff document's _claimsUpdatedAt tells their
 * browser to take the new token.
 */
export async function setStaffRole(
  ctx: CoreContext,
  accounts: Accounts,
  body: unknown,
  caller: Caller,
): Promise<StaffRecord> {
  const { store } = ctx;
  if (caller.role !== "admin") throw new CoreError("forbidden", ADMIN_ONLY_MESSAGE);
  const input = parseFields(setStaffRoleInputSchema, body);
  if (input.password) {
    const problem = passwordProblem(input.password, [input.email ?? "", input.name ?? ""]);
    if (problem) throw invalidFields({ password: problem });
  }

  let user = input.uid ? await accounts.getUser(input.uid) : await accounts.getUserByEmail(input.email as string);
  if (input.uid && !user) throw new CoreError("not-found", USER_NOT_FOUND_MESSAGE);

  // Keep one active admin: no demotion, deactivation or removal of the last one.
  const staysActiveAdmin = input.role === "admin" && input.active !== false;
  if (authIsActiveAdmin(user) && !staysActiveAdmin && user) {
    const uid = user.uid;
    await store.transaction((tx) => assertAnotherActiveAdmin(tx, uid));
  }

  if (!user) {
    if (input.role === null) throw new CoreError("not-found", USER_NOT_FOUND_MESSAGE);
    if (!input.password) throw invalidFields({ password: PASSWORD_REQUIRED_MESSAGE });
    const name = input.name ?? (input.email as string);
    // Staff ids look like the store's ids, so /admin/staff/{id} accepts them.
    user = await accounts.createUser({
      uid: store.newId(COLLECTIONS.staff),
      email: input.email as string,
      password: input.password,
      displayName: name,
      disabled: input.active === false,
    });
  } else {
    const changes: { email?: string; password?: string; displayName?: string; disabled?: boolean } = {};
    if (input.email && input.email.toLowerCase() !== (user.email ?? "").toLowerCase()) changes.email = input.email;
    if (input.password) changes.password = input.password;
    if (input.name && input.name !== user.displayName) changes.displayName = input.name;
    if (input.active !== undefined && input.active === user.disabled) changes.disabled = !input.active;
    if (Object.keys(changes).length > 0) user = await accounts.updateUser(user.uid, changes);
  }

  const claims = { ...(user.customClaims ?? {}) };
  delete claims.role;
  if (input.role) claims.role = input.role;
  await accounts.setCustomUserClaims(user.uid, Object.keys(claims).length > 0 ? claims : null);
  const lostAccess = (user.customClaims?.role !== undefined && input.role === null) || user.disabled;
  const demoted = user.customClaims?.role === "admin" && input.role !== "admin";
  if (lostAccess || demoted || input.password) await accounts.revokeRefreshTokens(user.uid);

  const now = ctx.clock.now();
  const uid = user.uid;
  const fields = {
    email: user.email ?? input.email ?? "",
    name: user.displayName ?? input.name ?? user.email ?? "",
    role: input.role,
    active: !user.disabled,
  };
  const actor = caller.email ?? caller.uid;
  const stamps = await store.transaction(async (tx) => {
    const found = await tx.get(COLLECTIONS.staff, uid);
    const w = writer(tx, store, now);
    if (input.role === null) {
      if (found) {
        tx.delete(COLLECTIONS.staff, uid);
        writeAudit(w, { action: "delete", resource: "staff", recordId: uid, actor });
      }
      return { createdAt: found ? toRecord(found).createdAt : now.toISOString(), updatedAt: now.toISOString() };
    }
    const current = found ? toRecord<Record<string, unknown>>(found) : null;
    // The name the member gave themselves ("Mano paskyra") stays unless the admin typed another.
    if (input.name === undefined && isStaffDisplayName(current?.name)) fields.name = current.name;
    const written = replaceDoc(
      w,
      COLLECTIONS.staff,
      uid,
      { ...fields, _claimsUpdatedAt: now.toISOString() },
      current?.createdAt,
    );
    writeAudit(w, { action: current ? "update" : "create", resource: "staff", recordId: uid, actor });
    return written;
  });
  ctx.events.publish("staff", uid, input.role === null ? "deleted" : "updated");
  return { id: uid, ...fields, ...stamps };
}

// ---------- the staff member's name on documents ----------

export const STAFF_NAME_REQUIRED_MESSAGE =
  "Jūsų paskyroje neįrašytas vardas ir pavardė, o jie spausdinami sutartyje ir aktuose. Įrašykite juos skiltyje „Mano paskyra“ ir bandykite dar kartą.";

/** A name a document may print for the lessor's representative: a person's name, never an e-mail address. */
export function isStaffDisplayName(value: unknown): value is string {
  return typeof value === "string" && value.trim().length > 0 && !value.includes("@");
}

/** The staff document of the signed-in member (by e-mail, any case), or null. */
async function staffDocOf(reader: Reader, email: string) {
  const exact = await reader.query(COLLECTIONS.staff, {
    where: [{ field: "email", op: "==", value: email }],
    limit: 1,
  });
  if (exact[0]) return exact[0];
  const lower = email.toLowerCase();
  if (lower === email) return null;
  const folded = await reader.query(COLLECTIONS.staff, {
    where: [{ field: "email", op: "==", value: lower }],
    limit: 1,
  });
  return folded[0] ?? null;
}

/** The staff member's display name (the account's "Vardas ir pavardė"), or null when it is missing or an e-mail address. */
export async function staffDisplayName(reader: Reader, actor: { email: string }): Promise<string | null> {
  const found = await staffDocOf(reader, actor.email);
  const name = found?.data.name;
  return isStaffDisplayName(name) ? name.trim() : null;
}

/** The display name a signed document prints; without one the desk is refused (409, Lithuanian). */
export async function requireStaffDisplayName(reader: Reader, actor: { email: string }): Promise<string> {
  const name = await staffDisplayName(reader, actor);
  if (!name) throw new CoreError("precondition", STAFF_NAME_REQUIRED_MESSAGE);
  return name;
}

export const ownNameInputSchema = z
  .object({
    name: z
      .string({ error: "Įveskite vardą ir pavardę" })
      .trim()
      .min(1, { error: "Įveskite vardą ir pavardę" })
      .max(120, { error: "Ne daugiau kaip 120 simbolių" })
      .refine((name) => !name.includes("@"), { error: "Įveskite vardą ir pavardę, ne el. pašto adresą" }),
  })
  .strict();

export interface OwnAccount {
  email: string;
  name: string;
  /** whether documents can print the name (else the hand-over and return are refused) */
  nameReady: boolean;
}

/** The signed-in staff member's own account, as "Mano paskyra" shows it. */
export async function ownAccount(ctx: CoreContext, actor: { email: string }): Promise<OwnAccount> {
  const found = await staffDocOf(ctx.store, actor.email);
  if (!found) throw new CoreError("not-found", USER_NOT_FOUND_MESSAGE);
  const name = typeof found.data.name === "string" ? found.data.name : "";
  return { email: String(found.data.email ?? actor.email), name, nameReady: isStaffDisplayName(name) };
}

/**
 * A staff member (or an admin) changes their own display name: the name the agreement and the
 * acts print for the lessor's representative. Only the name; the role and the rest stay.
 */
export async function setOwnName(ctx: CoreContext, body: unknown, actor: { email: string }): Promise<OwnAccount> {
  const { store } = ctx;
  const input = parseFields(ownNameInputSchema, body);
  const found = await staffDocOf(store, actor.email);
  if (!found) throw new CoreError("not-found", USER_NOT_FOUND_MESSAGE);
  const now = ctx.clock.now();
  await store.transaction(async (tx) => {
    const current = await tx.get(COLLECTIONS.staff, found.id);
    if (!current) throw new CoreError("not-found", USER_NOT_FOUND_MESSAGE);
    const record = toRecord<Record<string, unknown>>(current);
    const w = writer(tx, store, now);
    const { id: _id, createdAt, updatedAt: _updatedAt, ...doc } = record;
    replaceDoc(w, COLLECTIONS.staff, found.id, { ...doc, name: input.name }, createdAt as string | undefined);
    writeAudit(w, { action: "update", resource: "staff", recordId: found.id, actor: actor.email });
  });
  ctx.events.publish("staff", found.id, "updated");
  return { email: String(found.data.email ?? actor.email), name: input.name, nameReady: true };
}

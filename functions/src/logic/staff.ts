// Staff accounts on Firebase: Firebase Auth users with the custom claim `role` and a
// document staff/{uid} for the back-office list. Only admins call setStaffRole (and the
// `npm run firebase:set-role` script, which bootstraps the first admin). At least one active
// admin always remains. A demoted or deactivated user's sessions are revoked, and the
// staff document's _claimsUpdatedAt tells their browser to take the new token.
import { z } from "zod";
import { RESOURCE_MODELS } from "../../../src/backend/firebase/model";
import { toStoredDoc } from "../../../src/backend/firebase/storedDoc";
import { email, STAFF_ROLES, type StaffRole } from "../../../src/domain/schemas";
import type { Store } from "../store";
import { ADMIN_ONLY_MESSAGE, FunctionError, invalidInput } from "./errors";
import { zodErrors } from "./input";

export interface AuthUser {
  uid: string;
  email?: string | undefined;
  displayName?: string | undefined;
  disabled: boolean;
  customClaims?: Record<string, unknown> | undefined;
}

/** What setStaffRole needs of firebase-admin's Auth (firebaseAuthAdmin in index.ts adapts it). */
export interface AuthAdmin {
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
  role: StaffRole | null;
}

export const LAST_ADMIN_MESSAGE = "Turi likti bent vienas aktyvus administratorius";
export const USER_NOT_FOUND_MESSAGE = "Naudotojas nerastas";

export const setStaffRoleInputSchema = z
  .object({
    uid: z.string().min(1).max(128).optional(),
    email: email.optional(),
    name: z.string().trim().min(1, { error: "Laukas privalomas" }).max(120).optional(),
    /** null takes the role away: the account stays, but it is no longer staff */
    role: z.enum(STAFF_ROLES, { error: "Neteisinga rolė" }).nullable(),
    active: z.boolean().optional(),
    password: z.string().min(10, { error: "Slaptažodis turi būti bent 10 simbolių" }).max(200).optional(),
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
}

const STAFF = RESOURCE_MODELS.staff.collection;
const isActiveAdmin = (user: AuthUser | null) => !!user && !user.disabled && user.customClaims?.role === "admin";

export async function setStaffRole(auth: AuthAdmin, store: Store, body: unknown, caller: Caller): Promise<StaffRecord> {
  if (caller.role !== "admin") throw new FunctionError("permission-denied", ADMIN_ONLY_MESSAGE);
  const parsed = setStaffRoleInputSchema.safeParse(body);
  if (!parsed.success) throw invalidInput(zodErrors(parsed.error));
  const input = parsed.data;

  let user = input.uid ? await auth.getUser(input.uid) : await auth.getUserByEmail(input.email as string);
  if (input.uid && !user) throw new FunctionError("not-found", USER_NOT_FOUND_MESSAGE);
  const existingDoc = user ? await store.get(STAFF, user.uid) : null;
  const wasActiveAdmin = isActiveAdmin(user);

  // Keep one active admin: no demotion, deactivation or removal of the last one.
  const staysActiveAdmin = input.role === "admin" && input.active !== false;
  if (wasActiveAdmin && !staysActiveAdmin) {
    const admins = await store.query(STAFF, { where: [{ field: "role", op: "==", value: "admin" }] });
    const others = admins.filter((doc) => doc.id !== user?.uid && doc.data.active !== false);
    if (others.length === 0) throw new FunctionError("failed-precondition", LAST_ADMIN_MESSAGE);
  }

  if (!user) {
    if (input.role === null) throw new FunctionError("not-found", USER_NOT_FOUND_MESSAGE);
    if (!input.password) throw invalidInput({ password: "Įveskite slaptažodį (bent 10 simbolių)" });
    const name = input.name ?? (input.email as string);
    // Staff ids look like Firestore ids, so /admin/staff/{id} accepts them.
    user = await auth.createUser({
      uid: store.newId(STAFF),
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
    if (Object.keys(changes).length > 0) user = await auth.updateUser(user.uid, changes);
  }

  const claims = { ...(user.customClaims ?? {}) };
  delete claims.role;
  if (input.role) claims.role = input.role;
  await auth.setCustomUserClaims(user.uid, Object.keys(claims).length > 0 ? claims : null);
  const lostAccess = (user.customClaims?.role !== undefined && input.role === null) || user.disabled;
  const demoted = user.customClaims?.role === "admin" && input.role !== "admin";
  if (lostAccess || demoted || input.password) await auth.revokeRefreshTokens(user.uid);

  const time = store.serverTime();
  const now = new Date().toISOString();
  const staffRecord: StaffRecord = {
    id: user.uid,
    email: user.email ?? input.email ?? "",
    name: user.displayName ?? input.name ?? user.email ?? "",
    role: input.role,
    active: !user.disabled,
  };
  const uid = user.uid;
  await store.transaction(async (tx) => {
    const current = await tx.get(STAFF, uid);
    if (input.role === null) {
      if (current) tx.delete(STAFF, uid);
      return;
    }
    const doc = {
      ...toStoredDoc("staff", {
        email: staffRecord.email,
        name: staffRecord.name,
        role: input.role,
        active: staffRecord.active,
      }),
      _claimsUpdatedAt: time,
      updatedAt: time,
    };
    tx.set(STAFF, uid, current ? { ...doc, createdAt: current.data.createdAt ?? time } : { ...doc, createdAt: time });
  });
  const createdAt = existingDoc?.data.createdAt;
  return {
    ...staffRecord,
    createdAt:
      createdAt && typeof createdAt === "object" && "toDate" in createdAt
        ? (createdAt as { toDate(): Date }).toDate().toISOString()
        : now,
    updatedAt: now,
  };
}

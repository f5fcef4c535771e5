// Staff roles on Firebase live in the ID token's custom claim `role`. Pure: the browser and
// Cloud Functions read it the same way.
import { STAFF_ROLES, type StaffRole } from "../../../domain/schemas";

export function roleFromClaims(claims: Record<string, unknown> | null | undefined): StaffRole | null {
  const role = claims?.role;
  return typeof role === "string" && (STAFF_ROLES as readonly string[]).includes(role) ? (role as StaffRole) : null;
}

// firebase-admin's Auth as the core's Accounts port (src/core/staff.ts).
import type { Auth } from "firebase-admin/auth";
import type { Accounts, AuthUser } from "../../src/core/staff";

interface AdminUserRecord {
  uid: string;
  email?: string | undefined;
  displayName?: string | undefined;
  disabled: boolean;
  customClaims?: Record<string, unknown> | undefined;
}

const toUser = (user: AdminUserRecord): AuthUser => ({
  uid: user.uid,
  email: user.email,
  displayName: user.displayName,
  disabled: user.disabled,
  customClaims: user.customClaims,
});

export function firebaseAccounts(auth: Auth): Accounts {
  const orNull = async (load: () => Promise<AdminUserRecord>): Promise<AuthUser | null> => {
    try {
      return toUser(await load());
    } catch (error) {
      if ((error as { code?: unknown })?.code === "auth/user-not-found") return null;
      throw error;
    }
  };
  return {
    getUser: (uid) => orNull(() => auth.getUser(uid)),
    getUserByEmail: (email) => orNull(() => auth.getUserByEmail(email)),
    createUser: async (user) => toUser(await auth.createUser(user)),
    updateUser: async (uid, changes) => toUser(await auth.updateUser(uid, changes)),
    setCustomUserClaims: (uid, claims) => auth.setCustomUserClaims(uid, claims),
    revokeRefreshTokens: (uid) => auth.revokeRefreshTokens(uid),
  };
}

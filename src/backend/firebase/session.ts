// Staff sign-in with Firebase Auth (e-mail and password). The role comes from the ID
// token's custom claim `role` ("admin" | "staff"), which only the setStaffRole function
// (or `npm run firebase:set-role`) sets. A signed-in account without a role is not staff:
// the session API treats it as signed out.
//
// After a role change the old ID token still carries the old claim for up to an hour.
// setStaffRole stamps staff/{uid}._claimsUpdatedAt; the signed-in user watches their own
// staff document and refreshes the token when the stamp moves (and the caller refreshes
// at once when it changed its own role).
import {
  type Auth,
  EmailAuthProvider,
  onAuthStateChanged,
  reauthenticateWithCredential,
  signInWithEmailAndPassword,
  signOut,
  type User,
  updatePassword,
} from "firebase/auth";
import { doc, type Firestore, onSnapshot, type Unsubscribe } from "firebase/firestore";
import { logger } from "../../domain/logger";
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE } from "../../domain/passwordRules";
import { BackendError, type SessionApi, type SessionUser } from "../port";
import { toBackendError } from "./errors";
import { RESOURCE_MODELS } from "./model";
import { roleFromClaims } from "./roles";

export const NOT_STAFF_MESSAGE = "Ši paskyra neturi darbuotojo teisių. Kreipkitės į administratorių.";

export { roleFromClaims };

export async function sessionUserOf(user: User, forceRefresh = false): Promise<SessionUser | null> {
  const token = await user.getIdTokenResult(forceRefresh);
  const role = roleFromClaims(token.claims);
  if (!role) return null;
  return { id: user.uid, email: user.email ?? "", name: user.displayName || user.email || user.uid, role };
}

export interface FirebaseSession extends SessionApi {
  /** refreshes the ID token (new claims) and answers the user as the token now says */
  refresh(): Promise<SessionUser | null>;
  /** calls back whenever the signed-in staff user (or their role) changes */
  onChange(listener: (user: SessionUser | null) => void): () => void;
}

export function createFirebaseSession(auth: Auth, firestore: Firestore | null): FirebaseSession {
  const listeners = new Set<(user: SessionUser | null) => void>();
  let stopWatchingClaims: Unsubscribe | null = null;
  let lastStamp: string | null = null;

  const notify = (user: SessionUser | null) => {
    for (const listener of listeners) listener(user);
  };

  const refresh = async (): Promise<SessionUser | null> => {
    const user = auth.currentUser;
    if (!user) return null;
    let sessionUser: SessionUser | null;
    try {
      sessionUser = await sessionUserOf(user, true);
    } catch (error) {
      const failure = toBackendError(error);
      // A revoked session or a disabled account: signed out.
      if (failure.status !== 401 && failure.status !== 403) throw failure;
      await signOut(auth).catch(() => undefined);
      sessionUser = null;
    }
    notify(sessionUser);
    return sessionUser;
  };

  // Watch staff/{uid}: a moved _claimsUpdatedAt means the role changed on the server.
  const watchClaims = (user: User | null) => {
    stopWatchingClaims?.();
    stopWatchingClaims = null;
    lastStamp = null;
    if (!user || !firestore) return;
    stopWatchingClaims = onSnapshot(
      doc(firestore, RESOURCE_MODELS.staff.collection, user.uid),
      (snapshot) => {
        const raw = snapshot.get("_claimsUpdatedAt") as { toMillis?: () => number } | null | undefined;
        const stamp = raw && typeof raw.toMillis === "function" ? String(raw.toMillis()) : null;
        if (lastStamp !== null && stamp !== lastStamp) {
          logger.info("Pasikeitė naudotojo rolė: atnaujinamas prieigos raktas");
          void refresh().catch((error: unknown) => logger.warn("Nepavyko atnaujinti prieigos rakto", error));
        }
        lastStamp = stamp ?? "";
      },
      // A user without a staff document (or a lost connection) simply is not watched.
      () => undefined,
    );
  };

  onAuthStateChanged(auth, (user) => {
    watchClaims(user);
    if (!user) notify(null);
  });

  return {
    async login(email, password) {
      try {
        const credential = await signInWithEmailAndPassword(auth, email.trim(), password);
        const user = await sessionUserOf(credential.user, true);
        if (!user) {
          await signOut(auth);
          throw new BackendError(NOT_STAFF_MESSAGE, 403);
        }
        notify(user);
        return user;
      } catch (error) {
        const failure = toBackendError(error);
        if (failure.status === 422) {
          const field = /slaptažod/i.test(failure.message) ? "password" : "email";
          throw new BackendError(failure.message, 422, { [field]: failure.message }, error);
        }
        throw failure;
      }
    },
    async logout() {
      try {
        await signOut(auth);
      } catch (error) {
        throw toBackendError(error);
      }
    },
    // Firebase Auth checks the current password (re-authentication) and ends the account's other
    // sessions itself when the password changes; the length rule is checked here first.
    async changePassword(currentPassword, newPassword) {
      const user = auth.currentUser;
      if (!user?.email) throw new BackendError("Neprisijungta", 401);
      const tooShort = newPassword.length < PASSWORD_MIN_LENGTH;
      if (tooShort || newPassword === currentPassword) {
        const message = tooShort ? PASSWORD_TOO_SHORT_MESSAGE : "Naujas slaptažodis turi skirtis nuo dabartinio";
        throw new BackendError(message, 422, { newPassword: message });
      }
      try {
        await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
      } catch (error) {
        const failure = toBackendError(error);
        if (failure.status === 422 || failure.status === 401) {
          const message = "Neteisingas dabartinis slaptažodis";
          throw new BackendError(message, 422, { currentPassword: message }, error);
        }
        throw failure;
      }
      try {
        await updatePassword(user, newPassword);
      } catch (error) {
        const failure = toBackendError(error);
        throw new BackendError(failure.message, failure.status, { newPassword: failure.message }, error);
      }
    },
    async me() {
      await auth.authStateReady();
      const user = auth.currentUser;
      if (!user) return null;
      try {
        return await sessionUserOf(user);
      } catch (error) {
        const failure = toBackendError(error);
        // An expired or revoked session is simply signed out.
        if (failure.status === 401 || failure.status === 400) return null;
        throw failure;
      }
    },
    refresh,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

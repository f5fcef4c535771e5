// react-admin AuthProvider on Firebase Auth: e-mail and password, roles admin and staff from
// the ID token's custom claims, the token refreshed when the role changes (see session.ts).
import type { AuthProvider } from "react-admin";
import { loginUrlForLocation } from "../../app/guards";
import { ADMIN_ONLY_RESOURCES } from "../port";
import { reportSessionExpired, SESSION_EXPIRED_MESSAGE } from "../sessionExpiry";
import type { FirebaseSession } from "./session";

export const LOGIN_PATH = "/login";
/** /login?redirect=<where the visitor was>: one level deep, same-site admin paths only (src/app/guards.ts). */
export function loginRedirectPath(location: Pick<Location, "pathname" | "search"> | undefined = globalThis.location) {
  return loginUrlForLocation(location);
}

const signedOut = () => ({ redirectTo: loginRedirectPath(), message: false as const });

export function createFirebaseAuthProvider(session: FirebaseSession): AuthProvider {
  return {
    async login(params: { email?: string; username?: string; password?: string }) {
      return session.login(params.email ?? params.username ?? "", params.password ?? "");
    },
    async logout() {
      try {
        await session.logout();
      } catch (error) {
        console.warn("[nuoma] Atsijungti nepavyko", error);
      }
      return loginRedirectPath();
    },
    async checkAuth() {
      const user = await session.me();
      if (!user) throw signedOut();
    },
    async checkError(error: { status?: number; message?: string }) {
      // The ID token is gone (expired, revoked, signed out in another tab): Firestore answers
      // permission-denied (403), Functions unauthenticated (401). Resolving keeps the page and
      // its typed data (a rejection makes react-admin treat a failed save as done and leave);
      // the sign-in dialog over the page (SessionDialog) takes it from here.
      if (error?.status === 401 || (error?.status === 403 && !(await session.me().catch(() => null)))) {
        reportSessionExpired();
        // The caller's toast should say why, not "no permission".
        if (error instanceof Error) error.message = SESSION_EXPIRED_MESSAGE;
        return;
      }
      // 403: stay signed in; react-admin shows the Lithuanian refusal as a toast.
    },
    async getIdentity() {
      const user = await session.me();
      if (!user) throw signedOut();
      return { id: user.id, fullName: user.name, email: user.email, role: user.role };
    },
    async getPermissions() {
      return (await session.me())?.role ?? null;
    },
    async canAccess({ resource }: { resource: string; action: string }) {
      const user = await session.me();
      if (!user) return false;
      return user.role === "admin" || !ADMIN_ONLY_RESOURCES.includes(resource);
    },
  };
}

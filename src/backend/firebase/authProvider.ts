// react-admin AuthProvider on Firebase Auth: e-mail and password, roles admin and staff from
// the ID token's custom claims, the token refreshed when the role changes (see session.ts).
import type { AuthProvider } from "react-admin";
import { ADMIN_ONLY_RESOURCES } from "../port";
import type { FirebaseSession } from "./session";

export const LOGIN_PATH = "/login";
/** /login?redirect=<where the visitor was>, a full path outside the /admin basename. */
export function loginRedirectPath(location: Pick<Location, "pathname" | "search"> | undefined = globalThis.location) {
  if (!location) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
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
    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        await session.logout().catch(() => undefined);
        throw signedOut();
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

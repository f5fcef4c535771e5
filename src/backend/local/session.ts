// SessionApi: the login page and the auth guard, without react-admin.
import { BackendError, type SessionApi, type SessionUser } from "../port";
import type { HttpClient } from "./http";

/** The server may answer the user itself or { user }. */
function userOf(body: unknown): SessionUser | null {
  if (!body || typeof body !== "object") return null;
  const candidate = "user" in body ? (body as { user: unknown }).user : body;
  if (!candidate || typeof candidate !== "object") return null;
  const user = candidate as Partial<SessionUser>;
  return typeof user.id === "string" && typeof user.email === "string" ? (user as SessionUser) : null;
}

export function createLocalSessionApi(http: HttpClient): SessionApi {
  return {
    async login(email, password) {
      const user = userOf(await http.post("/api/auth/login", { email, password }));
      if (!user) throw new BackendError("Serveris nepatvirtino prisijungimo", 500);
      return user;
    },
    async logout() {
      await http.post("/api/auth/logout");
    },
    async changePassword(currentPassword, newPassword) {
      await http.post("/api/auth/password", { currentPassword, newPassword });
    },
    async me() {
      try {
        return userOf(await http.get("/api/auth/me"));
      } catch (error) {
        if (error instanceof BackendError && error.status === 401) return null;
        throw error;
      }
    },
  };
}

// Session middleware: requireStaff() for any staff member, requireStaff("admin") for admins only.
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { SessionUser } from "../../src/backend/port";
import type { StaffRole } from "../../src/domain/schemas";
import { findSession, renewSession, SESSION_COOKIE } from "../services/sessions";
import { isHttps } from "./clientIp";
import type { AppEnv } from "./context";
import { ApiError } from "./errors";

export const NOT_SIGNED_IN_MESSAGE = "Neprisijungta";
export const FORBIDDEN_MESSAGE = "Neturite teisių šiam veiksmui";

export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date): void {
  const { config } = c.get("deps");
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: isHttps(c, config.trustProxy, config.publicUrl),
    expires: expiresAt,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  const { config } = c.get("deps");
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: isHttps(c, config.trustProxy, config.publicUrl) });
}

/** The signed-in user from the cookie, or null. Caches the answer on the context. */
export async function loadSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const cached = c.get("user");
  if (cached) return cached;
  const { db, config } = c.get("deps");
  const token = getCookie(c, SESSION_COOKIE);
  const session = await findSession(db, token);
  if (!session || !token) return null;
  const ttlMs = config.sessionTtlHours * 3_600_000;
  if (session.expiresAt.getTime() - Date.now() < ttlMs / 2) {
    setSessionCookie(c, token, await renewSession(db, token, config.sessionTtlHours));
  }
  c.set("user", session.user);
  return session.user;
}

/** 401 without a session, 403 when the role may not. Sets c.get("user"). */
export function requireStaff(role?: StaffRole): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await loadSessionUser(c);
    if (!user) throw new ApiError(401, NOT_SIGNED_IN_MESSAGE);
    if (role === "admin" && user.role !== "admin") throw new ApiError(403, FORBIDDEN_MESSAGE);
    await next();
  };
}

/** The user requireStaff let through; 401 when called on a route without it. */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw new ApiError(401, NOT_SIGNED_IN_MESSAGE);
  return user;
}

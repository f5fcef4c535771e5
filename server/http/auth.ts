// Session middleware: requireStaff() for any staff member, requireStaff("admin") for admins only.
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { SessionUser } from "../../src/backend/port";
import type { StaffRole } from "../../src/domain/schemas";
import {
  findSession,
  renewSession,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  type SessionLifetime,
} from "../services/sessions";
import { isHttps } from "./clientIp";
import type { AppEnv } from "./context";
import { ApiError } from "./errors";

export const NOT_SIGNED_IN_MESSAGE = "Neprisijungta";
export const FORBIDDEN_MESSAGE = "Neturite teisių šiam veiksmui";

/** The session cookie's name for this request: `__Host-sid` over HTTPS, `sid` over plain HTTP (development). */
export function sessionCookieName(c: Context<AppEnv>): string {
  const { config } = c.get("deps");
  return isHttps(c, config.trustProxy, config.publicUrl) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The session token the request carries, under the name its scheme uses. */
export function sessionToken(c: Context<AppEnv>): string | undefined {
  return getCookie(c, sessionCookieName(c));
}

export function sessionLifetime(c: Context<AppEnv>): SessionLifetime {
  const { config } = c.get("deps");
  return { absoluteHours: config.sessionTtlHours, idleMinutes: config.sessionIdleMinutes };
}

/** The cookie lives until the session's absolute end; the server ends it earlier when idle. */
export function setSessionCookie(c: Context<AppEnv>, token: string, endsAt: Date): void {
  const secure = sessionCookieName(c) === SECURE_SESSION_COOKIE;
  setCookie(c, sessionCookieName(c), token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure,
    expires: endsAt,
    maxAge: Math.max(0, Math.floor((endsAt.getTime() - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  const secure = sessionCookieName(c) === SECURE_SESSION_COOKIE;
  deleteCookie(c, sessionCookieName(c), { path: "/", secure });
}

/** Requests within this long of the last renewal do not write the session again. */
const RENEW_AFTER_MS = 60_000;

/** The signed-in user from the cookie, or null. Caches the answer on the context. */
export async function loadSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const cached = c.get("user");
  if (cached) return cached;
  const { db } = c.get("deps");
  const token = sessionToken(c);
  const session = await findSession(db, token);
  if (!session || !token) return null;
  const lifetime = sessionLifetime(c);
  const idleMs = lifetime.idleMinutes * 60_000;
  if (session.expiresAt.getTime() - Date.now() < idleMs - RENEW_AFTER_MS) await renewSession(db, token, lifetime);
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

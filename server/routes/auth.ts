// POST /api/auth/login, POST /api/auth/logout, GET /api/auth/me.
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { loginInputSchema } from "../../src/domain/schemas";
import { clearSessionCookie, loadSessionUser, NOT_SIGNED_IN_MESSAGE, setSessionCookie } from "../http/auth";
import { parseWith, readJsonObject } from "../http/body";
import { clientIp } from "../http/clientIp";
import type { AppEnv } from "../http/context";
import { ApiError } from "../http/errors";
import { log } from "../log";
import { verifyAgainstDummy, verifyPassword } from "../services/passwords";
import { clearRateLimit, isRateLimited, pruneRateLimits, recordHit } from "../services/rateLimit";
import { createSession, deleteSession, SESSION_COOKIE, staffToSessionUser } from "../services/sessions";
import { findStaffByEmail } from "../store/staffAccounts";

export { currentUser, requireStaff } from "../http/auth";

/** At most this many failed sign-ins per IP and per e-mail in the window. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

export const WRONG_CREDENTIALS_MESSAGE = "Neteisingas el. paštas arba slaptažodis";
export const TOO_MANY_ATTEMPTS_MESSAGE = "Per daug bandymų. Bandykite vėliau.";

export function authRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  app.post("/login", async (c) => {
    const { db, config } = c.get("deps");
    const input = parseWith(loginInputSchema, await readJsonObject(c));
    const ip = clientIp(c, config.trustProxy);
    const email = input.email.toLowerCase();
    const ipKey = `login:ip:${ip}`;
    const emailKey = `login:email:${email}`;

    if (
      (await isRateLimited(db, ipKey, LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS)) ||
      (await isRateLimited(db, emailKey, LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS))
    ) {
      log.warn(`Prisijungimas užblokuotas dėl per daug bandymų: ${email} (IP ${ip})`);
      c.header("Retry-After", String(LOGIN_WINDOW_SECONDS));
      throw new ApiError(429, TOO_MANY_ATTEMPTS_MESSAGE);
    }

    const row = await findStaffByEmail(db, email);
    const passwordOk = row
      ? await verifyPassword(input.password, row.password_hash)
      : await verifyAgainstDummy(input.password);
    const active = row?.doc.active !== false;
    if (!row || !passwordOk || !active) {
      await recordHit(db, ipKey, LOGIN_WINDOW_SECONDS);
      await recordHit(db, emailKey, LOGIN_WINDOW_SECONDS);
      log.warn(
        row && passwordOk && !active
          ? `Išjungta paskyra bandė prisijungti: ${email} (IP ${ip})`
          : `Nesėkmingas prisijungimas: ${email} (IP ${ip})`,
      );
      throw new ApiError(401, WRONG_CREDENTIALS_MESSAGE);
    }

    await clearRateLimit(db, emailKey);
    if (Math.random() < 0.05) await pruneRateLimits(db);
    const session = await createSession(db, row.id, config.sessionTtlHours);
    setSessionCookie(c, session.token, session.expiresAt);
    const user = staffToSessionUser(row);
    log.info(`Prisijungė ${user.email} (${user.role === "admin" ? "administratorius" : "darbuotojas"})`);
    return c.json(user, 200);
  });

  app.post("/logout", async (c) => {
    const { db } = c.get("deps");
    await deleteSession(db, getCookie(c, SESSION_COOKIE));
    clearSessionCookie(c);
    return c.json({ ok: true }, 200);
  });

  app.get("/me", async (c) => {
    const user = await loadSessionUser(c);
    if (!user) throw new ApiError(401, NOT_SIGNED_IN_MESSAGE);
    return c.json(user, 200);
  });

  return app;
}

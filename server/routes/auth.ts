// POST /api/auth/login, POST /api/auth/logout, GET /api/auth/me.
import { Hono } from "hono";
import { passwordProblem } from "../../src/domain/commonPasswords";
import { formatDateTime } from "../../src/domain/format";
import { changePasswordInputSchema, loginInputSchema } from "../../src/domain/schemas";
import {
  clearSessionCookie,
  loadSessionUser,
  NOT_SIGNED_IN_MESSAGE,
  sessionLifetime,
  sessionToken,
  setSessionCookie,
} from "../http/auth";
import { parseWith, readJsonObject } from "../http/body";
import { clientIp } from "../http/clientIp";
import type { AppEnv } from "../http/context";
import { ApiError } from "../http/errors";
import { log } from "../log";
import { writeAudit } from "../services/audit";
import {
  giveBackLoginAttempt,
  LOGIN_FREE_ATTEMPTS,
  loginSucceeded,
  shouldTellOwner,
  takeLoginAttempt,
} from "../services/loginThrottle";
import { enqueueMail, type OutgoingMail, textToHtml } from "../services/mail";
import {
  hashPassword,
  PasswordPoolBusyError,
  passwordCheckHasRoom,
  verifyAgainstDummy,
  verifyPassword,
} from "../services/passwords";
import { pruneRateLimits } from "../services/rateLimit";
import { createSession, deleteOtherSessions, deleteSession, staffToSessionUser } from "../services/sessions";
import { findStaffByEmail } from "../store/staffAccounts";

export { currentUser, requireStaff } from "../http/auth";

export { LOGIN_WINDOW_SECONDS } from "../services/loginThrottle";

export const WRONG_CREDENTIALS_MESSAGE = "Neteisingas el. paštas arba slaptažodis";
export const TOO_MANY_ATTEMPTS_MESSAGE = "Per daug bandymų. Bandykite vėliau.";
export const SIGN_IN_BUSY_MESSAGE = "Per daug bandymų prisijungti vienu metu. Bandykite po minutės.";
const SIGN_IN_BUSY_RETRY_S = 10;

/** The account owner's notice of a throttled burst of wrong passwords (once a day at most). */
function throttleNotice(email: string, client: string, at: Date): OutgoingMail {
  const text = [
    "Laba diena,",
    "",
    `${formatDateTime(at)} į paskyrą ${email} iš adreso ${client} bandyta prisijungti su neteisingu slaptažodžiu ` +
      `${LOGIN_FREE_ATTEMPTS} ar daugiau kartų iš eilės. Tolesni bandymai iš šio adreso sulėtinti; iš kitų adresų, ` +
      "taip pat ir jūsų, prisijungti galima kaip įprasta.",
    "",
    "Jei tai buvote jūs, palaukite kelias minutes ir bandykite vėl. Jei ne, pasikeiskite slaptažodį " +
      "(Administravimas → Mano paskyra) ir praneškite administratoriui.",
  ].join("\n");
  return {
    to: email,
    subject: "Daug nesėkmingų bandymų prisijungti prie jūsų paskyros",
    text,
    html: textToHtml(text),
    ref: `login:${email}`,
  };
}

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

    // A burst beyond the hashing queue is refused before it costs the database anything.
    if (!passwordCheckHasRoom()) {
      c.header("Retry-After", String(SIGN_IN_BUSY_RETRY_S));
      throw new ApiError(503, SIGN_IN_BUSY_MESSAGE);
    }
    // Counted before the password is checked: concurrent guesses cannot pass the count together.
    const attempt = await takeLoginAttempt(db, email, ip);
    const row = await findStaffByEmail(db, email);
    if (!attempt.allowed) {
      log.warn(
        attempt.reason === "client"
          ? `Prisijungimai iš IP ${ip} sulėtinti: per daug bandymų (paskutinis – ${email})`
          : `Prisijungimai prie ${email} iš IP ${ip} sulėtinti po nesėkmingų bandymų`,
      );
      if (attempt.reason === "account" && row && (await shouldTellOwner(db, email))) {
        await enqueueMail(db, throttleNotice(email, ip, new Date()));
      }
      c.header("Retry-After", String(attempt.retryAfterSeconds));
      throw new ApiError(429, TOO_MANY_ATTEMPTS_MESSAGE);
    }

    let passwordOk: boolean;
    try {
      passwordOk = row
        ? await verifyPassword(input.password, row.password_hash, true)
        : await verifyAgainstDummy(input.password, true);
    } catch (error) {
      if (!(error instanceof PasswordPoolBusyError)) throw error;
      await giveBackLoginAttempt(db, email, ip);
      log.warn(`Prisijungimas atmestas: per daug tikrinimų vienu metu (${email}, IP ${ip})`);
      c.header("Retry-After", String(SIGN_IN_BUSY_RETRY_S));
      throw new ApiError(503, SIGN_IN_BUSY_MESSAGE);
    }
    const active = row?.doc.active !== false;
    if (!row || !passwordOk || !active) {
      log.warn(
        row && passwordOk && !active
          ? `Išjungta paskyra bandė prisijungti: ${email} (IP ${ip})`
          : `Nesėkmingas prisijungimas: ${email} (IP ${ip})`,
      );
      throw new ApiError(401, WRONG_CREDENTIALS_MESSAGE);
    }

    await loginSucceeded(db, email, ip);
    if (Math.random() < 0.05) await pruneRateLimits(db);
    const session = await createSession(db, row.id, sessionLifetime(c));
    setSessionCookie(c, session.token, session.endsAt);
    const user = staffToSessionUser(row);
    log.info(`Prisijungė ${user.email} (${user.role === "admin" ? "administratorius" : "darbuotojas"})`);
    return c.json(user, 200);
  });

  // The signed-in member changes their own password: the current one checked (counted like a
  // sign-in), the new one against the rules and the common-password list; every other session of
  // the account ends, this one stays.
  app.post("/password", async (c) => {
    const { db, config } = c.get("deps");
    const user = await loadSessionUser(c);
    const token = sessionToken(c);
    if (!user || !token) throw new ApiError(401, NOT_SIGNED_IN_MESSAGE);
    const input = parseWith(changePasswordInputSchema, await readJsonObject(c));
    const ip = clientIp(c, config.trustProxy);
    const email = user.email.toLowerCase();
    const attempt = await takeLoginAttempt(db, email, ip);
    if (!attempt.allowed) {
      c.header("Retry-After", String(attempt.retryAfterSeconds));
      throw new ApiError(429, TOO_MANY_ATTEMPTS_MESSAGE);
    }
    const row = await findStaffByEmail(db, email);
    if (!row) throw new ApiError(401, NOT_SIGNED_IN_MESSAGE);
    let currentOk: boolean;
    try {
      currentOk = await verifyPassword(input.currentPassword, row.password_hash, true);
    } catch (error) {
      if (!(error instanceof PasswordPoolBusyError)) throw error;
      await giveBackLoginAttempt(db, email, ip);
      c.header("Retry-After", String(SIGN_IN_BUSY_RETRY_S));
      throw new ApiError(503, SIGN_IN_BUSY_MESSAGE);
    }
    if (!currentOk) {
      log.warn(`Slaptažodžio keitimas: neteisingas dabartinis slaptažodis (${email}, IP ${ip})`);
      throw new ApiError(422, "Patikrinkite pažymėtus laukus", {
        currentPassword: "Neteisingas dabartinis slaptažodis",
      });
    }
    await loginSucceeded(db, email, ip);
    const problem = passwordProblem(input.newPassword, [email, user.name]);
    if (problem) throw new ApiError(422, "Patikrinkite pažymėtus laukus", { newPassword: problem });
    const hash = await hashPassword(input.newPassword);
    const ended = await db.transaction(async (tx) => {
      await tx.query("UPDATE staff SET password_hash = $2, updated_at = now() WHERE id = $1", [row.id, hash]);
      await writeAudit(tx, { action: "update", resource: "staff", recordId: row.id, actor: email });
      return deleteOtherSessions(tx, row.id, token);
    });
    log.info(`${email} pasikeitė slaptažodį; baigta kitų sesijų: ${ended}`);
    return c.json({ ok: true, endedSessions: ended }, 200);
  });

  app.post("/logout", async (c) => {
    const { db } = c.get("deps");
    await deleteSession(db, sessionToken(c));
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

// Staff sessions in the database (table sessions), so several instances share them. The cookie
// holds a random 32-byte token; only its SHA-256 is stored, so a database leak gives no sessions.
import { createHash, randomBytes } from "node:crypto";
import type { SessionUser } from "../../src/backend/port";
import type { StaffRole } from "../../src/domain/schemas";
import type { Queryable } from "../db/types";

export const SESSION_COOKIE = "sid";
/**
 * The cookie's name over HTTPS: the `__Host-` prefix makes the browser refuse it unless it is
 * Secure, for this host only (no Domain) and for the whole site (Path=/), so a sibling subdomain
 * cannot plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = "__Host-sid";

/** How long a session lives: at most `absoluteHours` from sign-in, and `idleMinutes` since the last request. */
export interface SessionLifetime {
  absoluteHours: number;
  idleMinutes: number;
}
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

export interface StaffRow {
  id: string;
  doc: { email?: string; name?: string; role?: StaffRole; active?: boolean };
  password_hash: string;
}

export function staffToSessionUser(row: Pick<StaffRow, "id" | "doc">): SessionUser {
  return {
    id: row.id,
    email: String(row.doc.email ?? ""),
    name: String(row.doc.name ?? ""),
    role: row.doc.role === "admin" ? "admin" : "staff",
  };
}

export async function createSession(
  db: Queryable,
  userId: string,
  lifetime: SessionLifetime,
): Promise<{ token: string; expiresAt: Date; endsAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const result = await db.query<{ expires_at: Date; ends_at: Date }>(
    `INSERT INTO sessions (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + LEAST(make_interval(mins => $3), make_interval(hours => $4)))
     RETURNING expires_at, created_at + make_interval(hours => $4) AS ends_at`,
    [hashToken(token), userId, lifetime.idleMinutes, lifetime.absoluteHours],
  );
  // Expired sessions of anyone are dropped whenever somebody signs in.
  await db.query("DELETE FROM sessions WHERE expires_at < now()");
  const row = result.rows[0];
  return { token, expiresAt: new Date(row?.expires_at ?? Date.now()), endsAt: new Date(row?.ends_at ?? Date.now()) };
}

export interface ActiveSession {
  user: SessionUser;
  /** the idle deadline: pushed out by requests */
  expiresAt: Date;
  /** sign-in time, where the absolute lifetime counts from */
  createdAt: Date;
}

/** The active staff member behind a cookie token, or null (unknown, expired, inactive). */
export async function findSession(db: Queryable, token: string | undefined): Promise<ActiveSession | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const result = await db.query<{ id: string; doc: StaffRow["doc"]; expires_at: Date; created_at: Date }>(
    `SELECT s.id, s.doc, x.expires_at, x.created_at FROM sessions x JOIN staff s ON s.id = x.user_id
     WHERE x.token_hash = $1 AND x.expires_at > now() AND coalesce(s.doc->'active', 'true'::jsonb) <> 'false'::jsonb`,
    [hashToken(token)],
  );
  const row = result.rows[0];
  return row
    ? { user: staffToSessionUser(row), expiresAt: new Date(row.expires_at), createdAt: new Date(row.created_at) }
    : null;
}

/**
 * A request's activity pushes the idle deadline out again, never past the absolute end (the
 * session then ends however busy it is: ASVS 3.3.2).
 */
export async function renewSession(db: Queryable, token: string, lifetime: SessionLifetime): Promise<Date> {
  const result = await db.query<{ expires_at: Date }>(
    `UPDATE sessions SET expires_at = LEAST(now() + make_interval(mins => $2), created_at + make_interval(hours => $3))
     WHERE token_hash = $1 RETURNING expires_at`,
    [hashToken(token), lifetime.idleMinutes, lifetime.absoluteHours],
  );
  return new Date(result.rows[0]?.expires_at ?? Date.now());
}

export async function deleteSession(db: Queryable, token: string | undefined): Promise<void> {
  if (!token || !TOKEN_PATTERN.test(token)) return;
  await db.query("DELETE FROM sessions WHERE token_hash = $1", [hashToken(token)]);
}

export async function deleteUserSessions(db: Queryable, userId: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE user_id = $1", [userId]);
}

/** Ends every session of the user except the one with this token (a password changed by its owner). */
export async function deleteOtherSessions(db: Queryable, userId: string, keepToken: string): Promise<number> {
  const result = await db.query("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2", [
    userId,
    hashToken(keepToken),
  ]);
  return result.affectedRows;
}

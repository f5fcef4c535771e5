// Sign-in throttling (ASVS 2.2.1): every attempt is counted, atomically, before its password is
// checked, so concurrent guesses cannot slip past the count. Two counters:
//  - per account and client ("login:account:<e-mail>:<address>"): the first LOGIN_FREE_ATTEMPTS
//    failures in a row cost nothing, then each further attempt must wait twice as long as the one
//    before (1 s, 2 s, 4 s … at most LOGIN_MAX_DELAY_S). It is never a lockout a stranger can set
//    off: the owner signing in from their own address has a counter of their own. A success clears it.
//  - per client across accounts ("login:client:<address>"): LOGIN_CLIENT_MAX attempts per
//    LOGIN_WINDOW_SECONDS, so one address cannot walk through many accounts.
// The counters live in rate_limits (hits, window_start = the last attempt for the account key).
import type { Queryable } from "../db/types";

export const LOGIN_FREE_ATTEMPTS = 5;
export const LOGIN_MAX_DELAY_S = 15 * 60;
/** An account counter untouched this long starts again from zero. */
export const LOGIN_FORGET_AFTER_S = 24 * 60 * 60;
export const LOGIN_CLIENT_MAX = 30;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

/** The wait before the next attempt after `failures` failures in a row (0 while still free). */
export function loginDelaySeconds(failures: number): number {
  if (failures < LOGIN_FREE_ATTEMPTS) return 0;
  return Math.min(LOGIN_MAX_DELAY_S, 2 ** (failures - LOGIN_FREE_ATTEMPTS));
}

export const accountKey = (email: string, client: string) => `login:account:${email}:${client}`;
export const clientKey = (client: string) => `login:client:${client}`;

export type AttemptOutcome =
  | { allowed: true; failuresBefore: number }
  | { allowed: false; retryAfterSeconds: number; reason: "account" | "client" };

/**
 * Counts one attempt for the account from this client, when it is allowed now: one statement,
 * so two attempts at once cannot both pass a count they would break together.
 */
async function takeAccountAttempt(
  db: Queryable,
  key: string,
): Promise<{ allowed: true; failuresBefore: number } | { allowed: false; retryAfterSeconds: number }> {
  const taken = await db.query<{ hits: number }>(
    `INSERT INTO rate_limits (key, hits, window_start) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => $2) THEN 1
                   ELSE rate_limits.hits + 1 END,
       window_start = now()
     WHERE rate_limits.window_start <= now() - make_interval(secs => $2)
        OR rate_limits.hits < $3
        OR rate_limits.window_start <= now() - make_interval(secs => LEAST($4, power(2, rate_limits.hits - $3)))
     RETURNING hits`,
    [key, LOGIN_FORGET_AFTER_S, LOGIN_FREE_ATTEMPTS, LOGIN_MAX_DELAY_S],
  );
  const hits = taken.rows[0]?.hits;
  if (hits !== undefined) return { allowed: true, failuresBefore: Number(hits) - 1 };
  const { rows } = await db.query<{ hits: number; waited: number }>(
    "SELECT hits, EXTRACT(EPOCH FROM now() - window_start)::float8 AS waited FROM rate_limits WHERE key = $1",
    [key],
  );
  const row = rows[0];
  const wait = row ? loginDelaySeconds(Number(row.hits)) - Number(row.waited) : 1;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
}

/** Counts one attempt on the client's counter; whether it is within the window's limit. */
async function takeClientAttempt(db: Queryable, key: string): Promise<{ hits: number; retryAfterSeconds: number }> {
  const { rows } = await db.query<{ hits: number; left: number }>(
    `INSERT INTO rate_limits (key, hits, window_start) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE rate_limits.hits + 1 END,
       window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => $2) THEN now()
                           ELSE rate_limits.window_start END
     RETURNING hits, EXTRACT(EPOCH FROM window_start + make_interval(secs => $2) - now())::float8 AS left`,
    [key, LOGIN_WINDOW_SECONDS],
  );
  const row = rows[0];
  return { hits: Number(row?.hits ?? 1), retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.left ?? 1))) };
}

/** Counts a sign-in attempt before its password is checked; refused when throttled. */
export async function takeLoginAttempt(db: Queryable, email: string, client: string): Promise<AttemptOutcome> {
  const byClient = await takeClientAttempt(db, clientKey(client));
  if (byClient.hits > LOGIN_CLIENT_MAX) {
    return { allowed: false, retryAfterSeconds: byClient.retryAfterSeconds, reason: "client" };
  }
  const byAccount = await takeAccountAttempt(db, accountKey(email, client));
  if (!byAccount.allowed) {
    // A refused attempt checks no password: it does not use up the client's allowance.
    await giveBackClientAttempt(db, client);
    return { ...byAccount, reason: "account" };
  }
  return byAccount;
}

async function giveBackClientAttempt(db: Queryable, client: string): Promise<void> {
  await db.query("UPDATE rate_limits SET hits = GREATEST(hits - 1, 0) WHERE key = $1", [clientKey(client)]);
}

/** A successful sign-in: the account's counter from this client is cleared, the attempt given back. */
export async function loginSucceeded(db: Queryable, email: string, client: string): Promise<void> {
  await db.query("DELETE FROM rate_limits WHERE key = $1", [accountKey(email, client)]);
  await giveBackClientAttempt(db, client);
}

/** An attempt whose password could not be checked (the server was busy): it counts for nothing. */
export async function giveBackLoginAttempt(db: Queryable, email: string, client: string): Promise<void> {
  await db.query("UPDATE rate_limits SET hits = GREATEST(hits - 1, 0) WHERE key = $1", [accountKey(email, client)]);
  await giveBackClientAttempt(db, client);
}

/** Whether the owner was already told of a throttled burst today (counts the telling when not). */
export async function shouldTellOwner(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query<{ hits: number }>(
    `INSERT INTO rate_limits (key, hits, window_start) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.window_start <= now() - interval '1 day' THEN 1 ELSE rate_limits.hits + 1 END,
       window_start = CASE WHEN rate_limits.window_start <= now() - interval '1 day' THEN now()
                           ELSE rate_limits.window_start END
     RETURNING hits`,
    [`login:notice:${email}`],
  );
  return Number(rows[0]?.hits ?? 1) === 1;
}

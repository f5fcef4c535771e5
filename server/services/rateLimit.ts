// Fixed-window rate limits kept in the database (table rate_limits), so every instance sharing
// one PostgreSQL counts together. Keys look like "login:ip:1.2.3.4" or "client-errors:ip:...".
import type { Queryable } from "../db/types";

/** Counts one hit; returns the hits in the current window (a fresh window starts at 1). */
export async function recordHit(db: Queryable, key: string, windowSeconds: number): Promise<number> {
  const result = await db.query<{ hits: number }>(
    `INSERT INTO rate_limits (key, hits, window_start) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE rate_limits.hits + 1 END,
       window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => $2) THEN now()
                           ELSE rate_limits.window_start END
     RETURNING hits`,
    [key, windowSeconds],
  );
  return Number(result.rows[0]?.hits ?? 1);
}

/** Whether the key already used up its limit in the current window (does not count a hit). */
export async function isRateLimited(
  db: Queryable,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<boolean> {
  const result = await db.query<{ hits: number }>(
    "SELECT hits FROM rate_limits WHERE key = $1 AND window_start > now() - make_interval(secs => $2)",
    [key, windowSeconds],
  );
  return Number(result.rows[0]?.hits ?? 0) >= limit;
}

/** Counts a hit and tells whether it is still within the limit. */
export async function consumeRateLimit(
  db: Queryable,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<boolean> {
  return (await recordHit(db, key, windowSeconds)) <= limit;
}

export async function clearRateLimit(db: Queryable, key: string): Promise<void> {
  await db.query("DELETE FROM rate_limits WHERE key = $1", [key]);
}

/** Drops windows that ended long ago; cheap, called now and then. */
export async function pruneRateLimits(db: Queryable, olderThanSeconds = 86_400): Promise<void> {
  await db.query("DELETE FROM rate_limits WHERE window_start < now() - make_interval(secs => $1)", [olderThanSeconds]);
}

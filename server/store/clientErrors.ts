// The browser's error reports on PostgreSQL/PGlite: the old ones are dropped now and then
// (server/routes/clientErrors.ts), so the table cannot grow without bound.
import type { Queryable } from "../db/types";

/** Deletes the reports older than `keepDays` days. */
export async function dropOldClientErrors(db: Queryable, keepDays: number): Promise<void> {
  await db.query("DELETE FROM client_errors WHERE created_at < now() - make_interval(days => $1)", [keepDays]);
}

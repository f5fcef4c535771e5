// The guard of the destructive jobs (the retention periods, backup rotation): a clock far from
// the data refuses them. A server whose clock jumped 400 days ahead would otherwise find every
// inquiry and mail "old" and delete them for good.
//
// "Far": the clock is more than CLOCK_GUARD_AHEAD_DAYS (31) days after the newest change stored
// in the business records, or more than CLOCK_GUARD_BEHIND_DAYS (2) days before it. 31 days: a
// working rental changes a reservation, a customer, an inquiry, a payment or a mail at least once a
// month, while the shortest retention period is far longer, so a month's wrong clock costs nothing
// but a paused job (it runs again once the clock or the data catch up). The job's own records
// (retentionRuns, backups, auditLog, counters) do not count: a job must not vouch for itself.
import { vilniusDateString } from "../domain/time";
import { COLLECTIONS } from "./collections";
import type { CoreContext } from "./ports";

export const CLOCK_GUARD_AHEAD_DAYS = 31;
export const CLOCK_GUARD_BEHIND_DAYS = 2;
const DAY_MS = 86_400_000;

/** The records whose newest change shows what "now" the data knows. */
const EVIDENCE = [
  COLLECTIONS.reservations,
  COLLECTIONS.customers,
  COLLECTIONS.requests,
  COLLECTIONS.mail,
  COLLECTIONS.payments,
  COLLECTIONS.invoices,
  COLLECTIONS.cars,
  COLLECTIONS.settings,
] as const;

export interface ClockCheck {
  ok: boolean;
  /** the newest updatedAt (or createdAt) among the records; null: no records at all */
  newest: string | null;
  /** Lithuanian, for the log: why the job does not run; null when ok */
  reason: string | null;
}

const instantOf = (data: Record<string, unknown>): number => {
  const updated = Date.parse(String(data.updatedAt ?? ""));
  return Number.isNaN(updated) ? Date.parse(String(data.createdAt ?? "")) : updated;
};

/** The newest stored change of the business records, ms; null when there are none. */
export async function newestStoredChange(ctx: CoreContext): Promise<number | null> {
  let newest: number | null = null;
  for (const collection of EVIDENCE) {
    const docs = await ctx.store.query(collection, { orderBy: [{ field: "updatedAt", direction: "desc" }], limit: 1 });
    for (const doc of docs) {
      const at = instantOf(doc.data);
      if (!Number.isNaN(at) && (newest === null || at > newest)) newest = at;
    }
  }
  return newest;
}

/**
 * Whether a destructive job (named in Lithuanian, e.g. "Saugojimo terminai") may run at `now`:
 * not when the clock is more than 31 days after, or 2 days before, the newest stored change.
 * Reads only; the caller logs `reason` and skips its work.
 */
export async function checkClockForDestructiveJob(ctx: CoreContext, job: string, now: Date): Promise<ClockCheck> {
  const newest = await newestStoredChange(ctx);
  if (newest === null) return { ok: true, newest: null, reason: null };
  const newestIso = new Date(newest).toISOString();
  const ahead = now.getTime() - newest;
  const day = (ms: number) => vilniusDateString(new Date(ms));
  if (ahead > CLOCK_GUARD_AHEAD_DAYS * DAY_MS) {
    return {
      ok: false,
      newest: newestIso,
      reason: `${job} nevykdomi: serverio laikrodis (${day(now.getTime())}) ${Math.floor(ahead / DAY_MS)} d. toliau už naujausią įrašą (${day(newest)}), leidžiama ne daugiau kaip ${CLOCK_GUARD_AHEAD_DAYS} d. Patikrinkite serverio laiką; niekas neištrinta.`,
    };
  }
  if (-ahead > CLOCK_GUARD_BEHIND_DAYS * DAY_MS) {
    return {
      ok: false,
      newest: newestIso,
      reason: `${job} nevykdomi: serverio laikrodis (${day(now.getTime())}) ${Math.floor(-ahead / DAY_MS)} d. atsilieka nuo naujausio įrašo (${day(newest)}). Patikrinkite serverio laiką; niekas neištrinta.`,
    };
  }
  return { ok: true, newest: newestIso, reason: null };
}

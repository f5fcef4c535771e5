// The local server's reminder job: queueDueReminders (src/core/reminders.ts) once at start and
// then every minute. Nothing is kept in memory between runs: what was sent is in the database
// (the reminders' markers), so a restart, or a second server on the same PostgreSQL, never sends a
// reminder twice. Runs never overlap within one server; stop() waits for the running one.
import type { CoreContext } from "../../src/core/ports";
import { queueDueReminders } from "../../src/core/reminders";
import { formatNumber } from "../../src/domain/format";
import { log } from "../log";

export const REMINDER_INTERVAL_MS = 60_000;

export interface ReminderJob {
  stop(): Promise<void>;
}

export function startReminderJob(core: CoreContext, opts: { intervalMs?: number } = {}): ReminderJob {
  const intervalMs = opts.intervalMs ?? REMINDER_INTERVAL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const tick = async (): Promise<void> => {
    try {
      await queueDueReminders(core);
    } catch (error) {
      log.error("Priminimų apie paėmimą patikra nepavyko; bus bandoma vėl", error);
    }
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = null;
        schedule(intervalMs);
      });
    }, delay);
  };

  log.info(`Priminimai apie paėmimą tikrinami kas ${formatNumber(intervalMs / 1000, 1)} s`);
  schedule(0);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}

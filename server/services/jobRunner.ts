// The local server's job runner: each job once at start and then every interval (a minute by
// default). Nothing is kept in memory between runs: what a job did is in the database (the
// reminders' markers, a payment hold's status, a backup's record), so a restart, or a second
// server on the same PostgreSQL, never does the same work twice; each job guards itself with the
// store's transactions. Runs of one job never overlap within one server; stop() waits for them.
import type { CoreContext } from "../../src/core/ports";
import { formatNumber } from "../../src/domain/format";
import { JOBS, type JobSpec } from "../jobs";
import { log } from "../log";

export const JOB_INTERVAL_MS = 60_000;

export interface JobRunner {
  stop(): Promise<void>;
}

function startJob(core: CoreContext, job: JobSpec, intervalMs: number): JobRunner {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const tick = async (): Promise<void> => {
    try {
      await job.run(core);
    } catch (error) {
      log.error(`Darbas „${job.title}“ nepavyko; bus bandoma vėl`, error);
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
  schedule(0);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}

/**
 * Starts every job of server/jobs.ts. JOB_INTERVAL_MS (milliseconds, at least 100) shortens the
 * interval for tests; REMINDER_INTERVAL_MS is its older name.
 */
export function startJobs(core: CoreContext, env: NodeJS.ProcessEnv = process.env): JobRunner {
  const fromEnv = Number(env.JOB_INTERVAL_MS ?? env.REMINDER_INTERVAL_MS);
  const baseInterval = Number.isInteger(fromEnv) && fromEnv >= 100 ? fromEnv : null;
  const runners = JOBS.map((job) => {
    const intervalMs = baseInterval ?? job.intervalMs ?? JOB_INTERVAL_MS;
    log.info(`Darbas „${job.title}“ vykdomas kas ${formatNumber(intervalMs / 1000, 1)} s`);
    return startJob(core, job, intervalMs);
  });
  return { stop: async () => void (await Promise.all(runners.map((runner) => runner.stop()))) };
}

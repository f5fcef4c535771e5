// The jobs the local server runs in the background (server/services/jobRunner.ts). Each job is a
// use case of src/core that is safe to run at any time, repeatedly and on two servers at once.
// On Firebase the same use cases run as scheduled functions (functions/src/index.ts).
import type { CoreContext } from "../src/core/ports";
import { queueDueReminders } from "../src/core/reminders";

export interface JobSpec {
  /** Lithuanian, for the log */
  title: string;
  run(core: CoreContext): Promise<unknown>;
  /** default: every minute */
  intervalMs?: number;
}

export const JOBS: JobSpec[] = [{ title: "priminimai apie paėmimą", run: queueDueReminders }];

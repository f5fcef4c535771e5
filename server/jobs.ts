// The jobs the local server runs in the background (server/services/jobRunner.ts). Each job is a
// use case of src/core that is safe to run at any time, repeatedly and on two servers at once.
// On Firebase the same use cases run as scheduled functions (functions/src/index.ts).
import { releaseExpiredHolds } from "../src/core/payments";
import type { CoreContext } from "../src/core/ports";
import { queueDueReminders } from "../src/core/reminders";
import { runScheduledBackup } from "./backup/scheduled";
import { loadConfig } from "./config";
import { runBaseBackupJob } from "./db/walArchive";
import { runRetention } from "./routes/dataRights";
import { dbOfStore } from "./store/pgStore";

export interface JobSpec {
  /** Lithuanian, for the log */
  title: string;
  run(core: CoreContext): Promise<unknown>;
  /** default: every minute */
  intervalMs?: number;
}

export const JOBS: JobSpec[] = [
  { title: "priminimai apie paėmimą", run: queueDueReminders },
  // Web reservations whose online payment did not come in time are cancelled: the car is free again.
  { title: "neapmokėtų rezervacijų atlaisvinimas", run: (core) => releaseExpiredHolds(core) },
  // Once a day (a marker per Vilnius date); checked every 15 minutes so a restarted server catches up.
  {
    title: "asmens duomenų saugojimo terminai",
    run: (core) => runRetention(core, loadConfig()),
    intervalMs: 15 * 60_000,
  },
  // Daily and hourly backups (on unless the settings turn them off; a record per slot: once with many servers).
  {
    title: "suplanuotos atsarginės kopijos",
    run: (core) => {
      const config = loadConfig();
      if (!config.scheduledBackups) return Promise.resolve(null);
      return runScheduledBackup(core, { dataDir: config.dataDir, copyDir: config.backupCopyDir, s3: config.backupS3 });
    },
    intervalMs: 5 * 60_000,
  },
  // The embedded PostgreSQL's base backup for point-in-time recovery (WAL_ARCHIVE), when the newest is
  // BASE_BACKUP_INTERVAL_H old; the oldest beyond BASE_BACKUP_KEEP go, with the WAL only they needed.
  {
    title: "bazinė PostgreSQL kopija laiko momento atkūrimui",
    run: (core) => {
      const config = loadConfig();
      if (!config.scheduledBackups || !config.walArchive || dbOfStore(core.store)?.engine !== "embedded-postgres") {
        return Promise.resolve(null);
      }
      return runBaseBackupJob(config.dataDir, config.walArchive, core.log);
    },
    intervalMs: 15 * 60_000,
  },
];

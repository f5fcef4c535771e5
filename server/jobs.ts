// The jobs the local server runs in the background (server/services/jobRunner.ts). Each job is a
// use case of src/core that is safe to run at any time, repeatedly and on two servers at once.
// On Firebase the same use cases run as scheduled functions (functions/src/index.ts).
import { loadBackupSettings } from "../src/core/backupSchedule";
import { releaseExpiredHolds } from "../src/core/payments";
import type { CoreContext } from "../src/core/ports";
import { queueDueReminders } from "../src/core/reminders";
import { copyFolder, runScheduledBackup, s3BackupsFor } from "./backup/scheduled";
import { loadConfig } from "./config";
import { runBaseBackupJob } from "./db/walArchive";
import { mirrorWalArchive } from "./db/walMirror";
import { runRetention } from "./routes/dataRights";
import { removeStaleUploads } from "./routes/files";
import { dbOfStore } from "./store/pgStore";

export interface JobSpec {
  /** Lithuanian, for the log */
  title: string;
  run(core: CoreContext): Promise<unknown>;
  /** default: every minute */
  intervalMs?: number;
}

/** Whether the embedded PostgreSQL's point-in-time recovery is on here (the base backup and mirror jobs). */
function pitrConfig(core: CoreContext) {
  const config = loadConfig();
  if (!config.scheduledBackups || !config.walArchive || dbOfStore(core.store)?.engine !== "embedded-postgres") {
    return null;
  }
  return { config, walArchive: config.walArchive };
}

/** The WAL archive and base backups copied to the second folder and/or the bucket (server/db/walMirror.ts). */
async function mirrorPitr(core: CoreContext): Promise<unknown> {
  const on = pitrConfig(core);
  if (!on) return null;
  const settings = await loadBackupSettings(core.store);
  const folder = copyFolder(settings, on.config.dataDir, on.config.backupCopyDir);
  if (!folder && !on.config.backupS3) return null;
  return mirrorWalArchive(
    on.config.dataDir,
    { folder, s3: on.config.backupS3 },
    on.walArchive.baseBackupKeep,
    core.log,
    { s3: s3BackupsFor(on.config.backupS3) ?? undefined },
  );
}

export const JOBS: JobSpec[] = [
  // Unfinished resumable uploads untouched for an hour (server/routes/files.ts).
  {
    title: "nebaigtų įkėlimų valymas",
    run: () => removeStaleUploads(loadConfig().dataDir),
    intervalMs: 10 * 60_000,
  },
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
    run: async (core) => {
      const on = pitrConfig(core);
      if (!on) return null;
      const taken = await runBaseBackupJob(on.config.dataDir, on.walArchive, core.log);
      // The new base backup (and the pruning) reach the second places at once.
      if (taken) await mirrorPitr(core);
      return taken;
    },
    intervalMs: 15 * 60_000,
  },
  // The WAL archive and base backups leave the machine: the second folder and/or the S3 bucket
  // (the same places as the archives), pruned there like here.
  { title: "WAL archyvo ir bazinių kopijų kopijavimas į antrą vietą", run: mirrorPitr },
];

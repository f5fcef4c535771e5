// The scheduled backup job of the local server (server/jobs.ts): when the settings turn daily
// backups on and the hour has come, one server claims the day (src/core/backupSchedule.ts),
// writes the archive into the folder and records the result. Rotation removes the oldest
// archives only after a backup succeeded, so a failing disk never costs the good ones. A failure
// is logged in Lithuanian and recorded for the admins (settings page, dashboard).

import { readdir, rm } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { claimScheduledBackup, finishScheduledBackup } from "../../src/core/backupSchedule";
import { checkClockForDestructiveJob } from "../../src/core/clockGuard";
import type { CoreContext } from "../../src/core/ports";
import { archiveFileName, archivesToRemove, type BackupSettings } from "../../src/domain/backupSchedule";
import { formatNumber } from "../../src/domain/format";
import { dbOfStore } from "../store/pgStore";
import { backupLocal } from "./local";

/** DATA_DIR as server/config.ts reads it. */
export const dataDirFromEnv = (env: NodeJS.ProcessEnv = process.env): string =>
  path.resolve(env.DATA_DIR?.trim() || "./data");

/** The folder of the settings: absolute as given, relative to DATA_DIR, or DATA_DIR/backups. */
export function backupFolder(settings: BackupSettings, dataDir: string): string {
  if (!settings.folder) return path.join(dataDir, "backups");
  return path.isAbsolute(settings.folder) ? settings.folder : path.resolve(dataDir, settings.folder);
}

export interface ScheduledRun {
  day: string;
  ok: boolean;
  file?: string;
  removed: string[];
}

/** One run of the job: does the day's backup when it is due and nobody else has. */
export async function runScheduledBackup(
  core: CoreContext,
  dataDir: string = dataDirFromEnv(),
): Promise<ScheduledRun | null> {
  const db = dbOfStore(core.store);
  if (!db) return null;
  const worker = `${hostname()}:${process.pid}`;
  const claim = await claimScheduledBackup(core, worker);
  if (!claim) return null;
  const started = performance.now();
  const folder = backupFolder(claim.settings, dataDir);
  const file = path.join(folder, archiveFileName(core.clock.now()));
  try {
    const result = await backupLocal(db, dataDir, file);
    await finishScheduledBackup(core, claim.day, {
      ok: true,
      file,
      size: result.size,
      durationMs: performance.now() - started,
    });
    core.log.info(
      `Suplanuota atsarginė kopija įrašyta: ${file} (${formatNumber(result.size / 1024 / 1024, 2)} MB, ${formatNumber((performance.now() - started) / 1000, 1)} s)`,
    );
    // Rotation only now, after a good one: keep the newest `keep`. Not with a clock far from the
    // data (src/core/clockGuard.ts): archives are named by the clock, so the good ones look old.
    const clock = await checkClockForDestructiveJob(core, "Senų atsarginių kopijų šalinimas", core.clock.now());
    if (!clock.ok) {
      core.log.error(clock.reason ?? "");
      return { day: claim.day, ok: true, file, removed: [] };
    }
    const names = await readdir(folder);
    const removed = archivesToRemove(names, claim.settings.keep);
    for (const name of removed) await rm(path.join(folder, name), { force: true });
    if (removed.length > 0) core.log.info(`Pašalintos senos atsarginės kopijos: ${removed.join(", ")}`);
    return { day: claim.day, ok: true, file, removed };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    core.log.error(`Suplanuota atsarginė kopija nepavyko (${file}); senesnės kopijos nepaliestos`, error);
    await finishScheduledBackup(core, claim.day, {
      ok: false,
      error: `Nepavyko įrašyti ${file}: ${reason}`,
      durationMs: performance.now() - started,
    });
    return { day: claim.day, ok: false, removed: [] };
  }
}

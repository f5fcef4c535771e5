// A migration takes a backup first: when the server starts (server/start.ts) and migrations are
// pending on a database that already holds data, an archive of it goes into the backup folder
// (atsargine-kopija-pries-migracija-….tar.gz, read back and verified, copied to the second place)
// before the first migration runs. The schema is still the old one: only the collections whose
// tables exist are taken. If the backup fails, no migration runs and the server does not start
// (BACKUP_BEFORE_MIGRATION=0 skips it, for an operator who has a backup of their own).
import { BACKUP_COLLECTIONS, nonEmptyCollections } from "../../src/core/backup";
import { loadBackupSettings } from "../../src/core/backupSchedule";
import type { Log, WrittenBackup } from "../../src/core/ports";
import { backupSettingsOf } from "../../src/domain/backupSchedule";
import { pendingMigrations } from "../db/migrate";
import type { Db } from "../db/types";
import { createPgStore } from "../store/pgStore";
import { tableOf } from "../store/tables";
import { type BackupPlace, writeVerifiedBackup } from "./scheduled";

/** The collections whose tables the database has now (before its migrations). */
async function collectionsWithTables(db: Db): Promise<string[]> {
  const out: string[] = [];
  for (const collection of BACKUP_COLLECTIONS) {
    const { rows } = await db.query<{ present: string | null }>("SELECT to_regclass($1)::text AS present", [
      tableOf(collection).table,
    ]);
    if (rows[0]?.present) out.push(collection);
  }
  return out;
}

/**
 * Writes the backup before pending migrations when the database has data; returns it, or null
 * when there is nothing to migrate or nothing to lose. Throws (Lithuanian) when the backup fails.
 */
export async function backupBeforeMigration(
  db: Db,
  place: BackupPlace,
  log: Log,
  now: Date = new Date(),
): Promise<WrittenBackup | null> {
  const pending = await pendingMigrations(db);
  if (pending.length === 0) return null;
  const collections = await collectionsWithTables(db);
  if (collections.length === 0) return null;
  const store = createPgStore(db);
  if ((await nonEmptyCollections(store, collections)).length === 0) return null;
  const names = pending.map((m) => `${String(m.version).padStart(3, "0")}_${m.name}`).join(", ");
  log.info(`Duomenų bazėje yra duomenų, o laukia migracijos (${names}): pirmiausia daroma atsarginė kopija`);
  const settings = await loadBackupSettings(store).catch(() => backupSettingsOf(null));
  try {
    const written = await writeVerifiedBackup(db, settings, "migration", now, place, log, { collections });
    log.info(`Atsarginė kopija prieš migraciją: ${written.file}; taikomos migracijos`);
    return written;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Migracijos netaikytos: nepavyko atsarginė kopija prieš migraciją (${reason}). Duomenys nepakeisti. Jei turite savo kopiją, paleiskite su BACKUP_BEFORE_MIGRATION=0.`,
      { cause: error },
    );
  }
}

// `npm run db:move-to-postgres`: moves a data folder that still holds a PGlite database (the
// default before the embedded PostgreSQL) into the embedded PostgreSQL of the same folder, through
// the backup archive (server/backup/local.ts): an archive of everything is written and checked
// first, then loaded into a new cluster and compared with the archive, and only then is the PGlite
// folder renamed (kept, not deleted). The files are not moved (both engines read them from
// DATA_DIR). A failure leaves the folder as it was: the new cluster is removed, PGlite stays in use.
import { existsSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { BackupError } from "../../src/core/backup";
import { archiveFileName } from "../../src/domain/backupSchedule";
import { parseFileStorage } from "../config";
import { EMBEDDED_CLUSTER_DIR } from "../db/embeddedPostgres";
import { openDb } from "../db/index";
import { migrate } from "../db/migrate";
import { createFileStorage } from "../files/index";
import { backupLocal, restoreLocal } from "./local";

export interface MoveResult {
  /** the archive written before the move (kept in DATA_DIR/backups) */
  archive: string;
  /** where the PGlite folder now is */
  keptPglite: string;
  documents: number;
  files: number;
}

/** The PGlite folder's new name: pglite-perkelta-YYYYMMDDHHMMSS. */
const keptName = (now: Date): string => `pglite-perkelta-${now.toISOString().replace(/\D/g, "").slice(0, 14)}`;

export async function moveToPostgres(dataDir: string, now: Date = new Date()): Promise<MoveResult> {
  const pgliteDir = path.join(dataDir, "pglite");
  const clusterDir = path.join(dataDir, EMBEDDED_CLUSTER_DIR);
  if (!existsSync(path.join(pgliteDir, "PG_VERSION"))) {
    throw new BackupError(`Aplanke ${dataDir} nėra PGlite duomenų bazės (${pgliteDir}): nėra ką perkelti.`);
  }
  if (existsSync(path.join(clusterDir, "PG_VERSION"))) {
    throw new BackupError(
      `Aplanke ${dataDir} jau yra PostgreSQL klasteris (${clusterDir}). Niekas nepakeista: patikrinkite, kuriuos duomenis norite palikti.`,
    );
  }

  // 1. Everything into an archive, read back and checked as it is written.
  const backups = path.join(dataDir, "backups");
  await mkdir(backups, { recursive: true });
  const archive = path.join(backups, `pries-perkelima-${archiveFileName(now)}`);
  const source = await openDb({ dataDir, databaseUrl: null, engine: "pglite" });
  try {
    await migrate(source);
    // The files where the server keeps them (DATA_DIR, or the bucket of FILE_STORAGE=s3); restored
    // below into the scratch folder only to be checked.
    await backupLocal(source, dataDir, archive, {
      storage: createFileStorage({ dataDir, fileStorage: parseFileStorage(process.env) }),
    });
  } catch (error) {
    await rm(archive, { force: true });
    if (error instanceof Error && /jau naudoja kitas procesas/.test(error.message)) {
      throw new BackupError(
        `Duomenų aplanką ${dataDir} naudoja veikiantis serveris. Sustabdykite jį ir bandykite dar kartą.`,
      );
    }
    throw error;
  } finally {
    await source.close();
  }

  // 2. A new cluster, loaded from the archive and compared with it (restoreLocal). The files stay
  // where they are: the archive's copies are unpacked into a scratch folder, checked against
  // their hashes there, and removed.
  const scratch = path.join(dataDir, `.perkeliama-${process.pid}`);
  try {
    const target = await openDb({ dataDir, databaseUrl: null, engine: "embedded-postgres" });
    let result: Awaited<ReturnType<typeof restoreLocal>>;
    try {
      await migrate(target);
      result = await restoreLocal(target, scratch, archive);
    } finally {
      await target.close();
      await rm(scratch, { recursive: true, force: true });
    }
    // 3. Only now: the PGlite folder is set aside, so the next start opens PostgreSQL.
    const keptPglite = path.join(dataDir, keptName(now));
    await rename(pgliteDir, keptPglite);
    return {
      archive,
      keptPglite,
      documents: Object.values(result.counts).reduce((a, b) => a + b, 0),
      files: result.files,
    };
  } catch (error) {
    // PGlite and the files are untouched; only the new cluster goes.
    await rm(clusterDir, { recursive: true, force: true });
    throw error;
  }
}

// npm run restore -- FILE|s3://BUCKET/KEY [--force] [--firebase --project ID --bucket NAME]
// An s3:// archive is downloaded (with the BACKUP_S3_* endpoint and keys) to a temporary folder,
// checked against the SHA-256 it was uploaded with, then restored like a file; the temporary
// copy is removed afterwards.
// Loads an archive into an empty target (server/backup/targets.ts): DATA_DIR's PGlite and
// folders, DATABASE_URL's PostgreSQL, or a Firebase project. Everything is checked first; a
// damaged archive, a newer schema or a target with data (without --force) changes nothing: the
// database is opened only after the archive was checked, and what a refused run created is removed.
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError } from "../../src/core/backup";
import { formatNumber } from "../../src/domain/format";
import { restoreLocal } from "../backup/local";
import { createS3Backups, parseS3Url } from "../backup/s3";
import { describeTarget, isFolderInUse, openLocal, resolveTarget } from "../backup/targets";
import { parseFileStorage, s3BackupFromEnv } from "../config";
import { createFileStorage } from "../files/index";

const USAGE =
  "Naudojimas: npm run restore -- kopija.tar.gz|s3://KREPŠYS/RAKTAS [--force] [--firebase --project ID --bucket KREPŠYS]";

const total = (counts: Record<string, number>): string =>
  formatNumber(
    Object.values(counts).reduce((a, b) => a + b, 0),
    0,
  );

/** The folder's entries, or null when it does not exist. */
async function existingEntries(dir: string): Promise<Set<string> | null> {
  try {
    return new Set(await readdir(dir));
  } catch {
    return null;
  }
}

/** Removes what was not in the folder before (the folder itself, when there was none). */
async function removeCreated(dir: string, before: Set<string> | null): Promise<void> {
  if (before === null) {
    await rm(dir, { recursive: true, force: true });
    return;
  }
  for (const entry of await readdir(dir).catch(() => [] as string[])) {
    if (!before.has(entry)) await rm(path.join(dir, entry), { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      force: { type: "boolean" },
      firebase: { type: "boolean" },
      project: { type: "string" },
      bucket: { type: "string" },
      help: { type: "boolean" },
    },
  });
  const file = positionals[0];
  if (values.help || !file || positionals.length > 1) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const remote = parseS3Url(file);
  if (!remote) return restoreFrom(path.resolve(file), values);
  const config = s3BackupFromEnv(process.env);
  if (!config) {
    throw new BackupError(
      "Kopijai iš S3 atsisiųsti reikia BACKUP_S3_* nustatymų (BACKUP_S3_BUCKET, BACKUP_S3_ACCESS_KEY_ID, BACKUP_S3_SECRET_ACCESS_KEY, jei ne AWS – BACKUP_S3_ENDPOINT). Niekas nepakeista.",
    );
  }
  const bucket = createS3Backups(config);
  const staging = await mkdtemp(path.join(os.tmpdir(), "ratai-is-s3-"));
  try {
    const archive = path.join(staging, path.basename(remote.key));
    console.log(`Atsisiunčiama ${file}…`);
    const { size } = await bucket.download(remote.key, archive, remote.bucket);
    console.log(`Atsisiųsta ${formatNumber(size / 1024 / 1024, 2)} MB, SHA-256 sutampa su įkeltąja kopija`);
    return await restoreFrom(archive, values);
  } finally {
    bucket.close();
    await rm(staging, { recursive: true, force: true });
  }
}

async function restoreFrom(
  archive: string,
  values: { force?: boolean; firebase?: boolean; project?: string; bucket?: string },
): Promise<number> {
  if (!(await stat(archive).catch(() => null))?.isFile()) {
    throw new BackupError(`Archyvo failas ${archive} nerastas. Niekas nepakeista.`);
  }
  const target = resolveTarget({ firebase: values.firebase, project: values.project, bucket: values.bucket });
  console.log(`Atkuriama iš ${archive} į: ${describeTarget(target)}`);
  if (target.kind === "firebase") {
    // firebase-admin only when it is needed: the local commands start faster without it.
    const { openFirebase, restoreFirebase } = await import("../backup/firebase");
    const handle = openFirebase(target);
    const staging = await mkdtemp(path.join(os.tmpdir(), "ratai-atkurimas-"));
    try {
      const result = await restoreFirebase(handle, target, archive, { force: values.force, stagingDir: staging });
      console.log(`Atkurta: ${total(result.counts)} dokumentų, failų: ${result.files}`);
      if (result.migratedFrom !== null) console.log(`  Duomenys atnaujinti iš schemos ${result.migratedFrom}`);
      if (result.filesSkipped) console.log(`  Failai NEATKURTI: ${result.filesSkipped}`);
      if (result.erasuresReapplied > 0) console.log(erasuresLine(result.erasuresReapplied));
    } finally {
      await rm(staging, { recursive: true, force: true });
      await handle.close();
    }
    return 0;
  }
  // A refused or failed restore leaves the target as it was: what this run created in DATA_DIR
  // (the folder itself, a new PGlite database, the staging folder) is removed again.
  const before = await existingEntries(target.dataDir);
  const open = async () => {
    try {
      return await openLocal(target);
    } catch (error) {
      if (isFolderInUse(error)) {
        throw new BackupError(
          `Duomenų aplanką ${target.dataDir} naudoja veikiantis serveris. Sustabdykite jį ir paleiskite atkūrimą dar kartą.`,
        );
      }
      throw error;
    }
  };
  let result: Awaited<ReturnType<typeof restoreLocal>>;
  try {
    // The files go where the server keeps them: DATA_DIR, or the S3 bucket of FILE_STORAGE=s3.
    const storage = createFileStorage({ dataDir: target.dataDir, fileStorage: parseFileStorage(process.env) });
    result = await restoreLocal(open, target.dataDir, archive, { force: values.force, storage });
  } catch (error) {
    await removeCreated(target.dataDir, before);
    throw error;
  }
  console.log(
    `Atkurta: ${total(result.counts)} dokumentų, failų: ${result.files}, per ${formatNumber(result.ms / 1000, 1)} s. Patikrinta: kiekiai ir kontrolinės sumos sutampa.`,
  );
  if (result.migratedFrom !== null) console.log(`  Duomenys atnaujinti iš schemos ${result.migratedFrom}`);
  if (result.erasuresReapplied > 0) console.log(erasuresLine(result.erasuresReapplied));
  if (result.staffWithoutPassword > 0) {
    console.log(
      `  ${result.staffWithoutPassword} darbuotojų slaptažodžių archyve nebuvo: nustatykite juos komanda npm run create-admin`,
    );
  }
  return 0;
}

/** The customers erased after the archive was made, erased again (the erasure ledger). */
const erasuresLine = (count: number): string =>
  `  Pakartotinai ištrinti po kopijos ištrintų klientų duomenys: ${formatNumber(count)}`;

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Atkurti nepavyko: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

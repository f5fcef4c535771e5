// npm run restore -- FILE [--force] [--firebase --project ID --bucket NAME]
// Loads an archive into an empty target (server/backup/targets.ts): DATA_DIR's PGlite and
// folders, DATABASE_URL's PostgreSQL, or a Firebase project. Everything is checked first; a
// damaged archive, a newer schema or a target with data (without --force) changes nothing.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError } from "../../src/core/backup";
import { formatNumber } from "../../src/domain/format";
import { restoreLocal } from "../backup/local";
import { describeTarget, isFolderInUse, openLocal, resolveTarget } from "../backup/targets";

const USAGE = "Naudojimas: npm run restore -- kopija.tar.gz [--force] [--firebase --project ID --bucket KREPŠYS]";

const total = (counts: Record<string, number>): string =>
  formatNumber(
    Object.values(counts).reduce((a, b) => a + b, 0),
    0,
  );

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
  const archive = path.resolve(file);
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
    } finally {
      await rm(staging, { recursive: true, force: true });
      await handle.close();
    }
    return 0;
  }
  let db: Awaited<ReturnType<typeof openLocal>>;
  try {
    db = await openLocal(target);
  } catch (error) {
    if (isFolderInUse(error)) {
      throw new BackupError(
        `Duomenų aplanką ${target.dataDir} naudoja veikiantis serveris. Sustabdykite jį ir paleiskite atkūrimą dar kartą.`,
      );
    }
    throw error;
  }
  try {
    const result = await restoreLocal(db, target.dataDir, archive, { force: values.force });
    console.log(
      `Atkurta: ${total(result.counts)} dokumentų, failų: ${result.files}, per ${formatNumber(result.ms / 1000, 1)} s. Patikrinta: kiekiai ir kontrolinės sumos sutampa.`,
    );
    if (result.migratedFrom !== null) console.log(`  Duomenys atnaujinti iš schemos ${result.migratedFrom}`);
    if (result.staffWithoutPassword > 0) {
      console.log(
        `  ${result.staffWithoutPassword} darbuotojų slaptažodžių archyve nebuvo: nustatykite juos komanda npm run create-admin`,
      );
    }
  } finally {
    await db.close();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Atkurti nepavyko: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

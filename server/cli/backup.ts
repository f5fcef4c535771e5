// npm run backup -- --out FILE [--url http://127.0.0.1:3000] [--firebase --project ID --bucket NAME]
// Writes one archive (server/backup/archive.ts) of the data the environment names
// (server/backup/targets.ts). When a running server has DATA_DIR's PGlite open, the server
// takes the backup (POST /api/backup, DATA_DIR/backup-secret) and this command saves it.
import { parseArgs } from "node:util";
import type { Manifest } from "../../src/core/backup";
import { formatNumber } from "../../src/domain/format";
import { backupLocal } from "../backup/local";
import { backupThroughServer, describeTarget, isFolderInUse, openLocal, resolveTarget } from "../backup/targets";
import { parseFileStorage } from "../config";
import { createFileStorage } from "../files/index";

const USAGE =
  "Naudojimas: npm run backup -- --out kopija.tar.gz [--url http://127.0.0.1:3000] [--firebase --project ID --bucket KREPŠYS]";

function summary(manifest: Manifest, size: number, file: string, ms: number): string {
  const documents = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  const files = manifest.parts.filter((p) => p.kind === "file").length;
  return `Atsarginė kopija įrašyta: ${file}\n  dokumentų: ${formatNumber(documents, 0)} (${Object.keys(manifest.counts).length} kolekcijos), failų: ${formatNumber(files, 0)}, dydis: ${formatNumber(size / 1024 / 1024, 2)} MB, laikas: ${formatNumber(ms / 1000, 1)} s`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      out: { type: "string" },
      url: { type: "string" },
      firebase: { type: "boolean" },
      project: { type: "string" },
      bucket: { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help || !values.out) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const started = performance.now();
  const target = resolveTarget({ firebase: values.firebase, project: values.project, bucket: values.bucket });
  console.log(`Kuriama atsarginė kopija: ${describeTarget(target)}`);
  if (target.kind === "firebase") {
    // firebase-admin only when it is needed: the local commands start faster without it.
    const { backupFirebase, openFirebase } = await import("../backup/firebase");
    const handle = openFirebase(target);
    try {
      const result = await backupFirebase(handle, target, values.out);
      console.log(summary(result.manifest, result.size, result.path, performance.now() - started));
      if (result.filesSkipped) console.log(`  Failai į kopiją NEĮTRAUKTI: ${result.filesSkipped}`);
    } finally {
      await handle.close();
    }
    return 0;
  }
  let db: Awaited<ReturnType<typeof openLocal>>;
  try {
    db = await openLocal(target);
  } catch (error) {
    if (!isFolderInUse(error)) throw error;
    const url = values.url ?? process.env.BACKUP_SERVER_URL ?? `http://127.0.0.1:${process.env.PORT ?? "3000"}`;
    console.log(`Duomenų aplanką naudoja veikiantis serveris: kopiją kuria jis (${url})`);
    const result = await backupThroughServer(target.dataDir, url, values.out);
    console.log(summary(result.manifest, result.size, result.path, performance.now() - started));
    return 0;
  }
  try {
    // The files where the server keeps them: DATA_DIR, or the S3 bucket of FILE_STORAGE=s3.
    const storage = createFileStorage({ dataDir: target.dataDir, fileStorage: parseFileStorage(process.env) });
    const result = await backupLocal(db, target.dataDir, values.out, { storage });
    console.log(summary(result.manifest, result.size, result.path, result.totalMs));
    if (result.damaged.length > 0) {
      console.error(`  SUGADINTI FAILAI (į kopiją neįtraukti, ${result.damaged.length}):`);
      for (const problem of result.damaged) console.error(`  - ${problem}`);
      return 1;
    }
  } finally {
    await db.close();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Atsarginė kopija nesukurta: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

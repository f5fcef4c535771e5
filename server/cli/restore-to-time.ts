// npm run db:restore-to-time -- --iki "2026-11-29 10:15" [--is /antras/aplankas | s3://krepšys/priešdėlis]
// Restores the embedded PostgreSQL of DATA_DIR to a moment (Europe/Vilnius time) from the newest
// base backup before it and the archived WAL (server/db/walArchive.ts). The server must be stopped.
// The cluster that was there is renamed to DATA_DIR/postgres-pries-atkurima-<time>, never deleted;
// a time outside what the backups cover is refused and nothing is changed. With --is the base
// backup and WAL are first fetched from the second place (server/db/walMirror.ts: the second
// folder, or the bucket with the BACKUP_S3_* endpoint and keys) into DATA_DIR/backups (a new disk).
import { parseArgs } from "node:util";
import { formatNumber } from "../../src/domain/format";
import { isDateString, vilniusLocalToInstant } from "../../src/domain/time";
import { dataDirFromEnv } from "../backup/scheduled";
import { s3BackupFromEnv } from "../config";
import { RestoreRefused, restoreToTime, vilniusStamp } from "../db/walArchive";
import { fetchFromMirror, mirrorPlacesOf } from "../db/walMirror";

const USAGE =
  'Naudojimas: npm run db:restore-to-time -- --iki "2026-11-29 10:15[:30]" [--is /antras/aplankas|s3://krepšys/priešdėlis] (Vilniaus laiku; serveris sustabdytas)';

/** "YYYY-MM-DD HH:MM" or "YYYY-MM-DD HH:MM:SS", Vilnius wall-clock time. */
function parseTarget(text: string): Date | null {
  const match = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d(?::\d\d)?)$/.exec(text.trim());
  if (!match || !isDateString(match[1]!)) return null;
  try {
    return vilniusLocalToInstant(match[1]!, match[2]!);
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { iki: { type: "string" }, is: { type: "string" }, help: { type: "boolean" } },
  });
  if (values.help || !values.iki) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const target = parseTarget(values.iki);
  if (!target) {
    console.error(`Neteisingas laikas „${values.iki}“. ${USAGE}`);
    return 2;
  }
  if (process.env.DATABASE_URL?.trim()) {
    console.error(
      "Nustatytas DATABASE_URL: ši komanda atkuria tik įdiegtą PostgreSQL (DATA_DIR/postgres). Išorinio serverio atkūrimas laiko momentui – jo administratoriaus WAL archyvu (README). Niekas nepakeista.",
    );
    return 1;
  }
  const dataDir = dataDirFromEnv();
  console.log(`Atkuriama į ${vilniusStamp(target)} (Vilniaus laiku), duomenų aplankas ${dataDir}`);
  try {
    if (values.is) {
      const places = mirrorPlacesOf(values.is, s3BackupFromEnv(process.env));
      const fetched = await fetchFromMirror(dataDir, places, target, (line) => console.log(`  ${line}`));
      console.log(`  Iš antros vietos paimta bazinė kopija ${fetched.base} ir ${fetched.wal} WAL failų`);
    }
    const result = await restoreToTime(dataDir, target, (line) => console.log(`  ${line}`));
    console.log(
      `Atkurta į ${vilniusStamp(result.target)} per ${formatNumber(result.ms / 1000, 1)} s iš bazinės kopijos ${result.base.name}.`,
    );
    if (result.lastReplayed) console.log(`  Paskutinė pritaikyta transakcija: ${result.lastReplayed}`);
    if (result.firstSkipped) console.log(`  Pirmoji nepritaikyta (po nurodyto laiko): ${result.firstSkipped}`);
    if (result.keptAside) console.log(`  Ankstesnis klasteris paliktas: ${result.keptAside}`);
    console.log("  Paleiskite serverį (npm run serve): jis atvers atkurtą duomenų bazę.");
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefused) {
      console.error(`Atkūrimas atsisakytas: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Atkurti nepavyko: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

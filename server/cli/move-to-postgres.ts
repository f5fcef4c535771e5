// npm run db:move-to-postgres
// Moves DATA_DIR's PGlite database and files into the embedded PostgreSQL of the same folder
// (server/backup/moveToPostgres.ts). Stop the server first.
import path from "node:path";
import { formatNumber } from "../../src/domain/format";
import { moveToPostgres } from "../backup/moveToPostgres";

const dataDir = path.resolve(process.env.DATA_DIR?.trim() || "./data");
console.log(`Perkeliama iš PGlite į PostgreSQL: ${dataDir}`);
moveToPostgres(dataDir).then(
  (result) => {
    console.log(
      `Perkelta: ${formatNumber(result.documents, 0)} dokumentų, ${formatNumber(result.files, 0)} failų; patikrinta – kiekiai ir kontrolinės sumos sutampa.`,
    );
    console.log(`  Atsarginė kopija prieš perkėlimą: ${result.archive}`);
    console.log(
      `  Senas PGlite aplankas paliktas: ${result.keptPglite} (ištrinkite, kai įsitikinsite, kad viskas gerai)`,
    );
    console.log("Paleiskite serverį įprastai (npm run serve): jis naudos PostgreSQL.");
    process.exit(0);
  },
  (error: unknown) => {
    console.error(`Perkelti nepavyko, niekas nepakeista: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

// The core's contract (./useCases.contract.ts) on PostgreSQL's store over PGlite, in every run:
// one database in a temporary folder, emptied and loaded with the demo company by the server's
// own loader (server/seed/seed.ts) before each group of tests.
import { rmSync } from "node:fs";
import { openDb } from "../../../server/db/index";
import { migrate } from "../../../server/db/migrate";
import type { Db } from "../../../server/db/types";
import { seedDemoIfEmpty } from "../../../server/seed/seed";
import { createPgStore } from "../../../server/store/pgStore";
import { migratedDataDir } from "../../helpers/pgliteTemplate";
import { defineApprovalsContract } from "./approvals.contract";
import { defineCalendarFeedsContract } from "./calendarFeeds.contract";
import { defineCarLocationContract } from "./carLocation.contract";
import { defineDayDeskContract } from "./dayDesk.contract";
import { defineDepositsContract } from "./deposits.contract";
import { defineInvoiceTermsContract } from "./invoiceTerms.contract";
import { defineMaintenanceContract } from "./maintenance.contract";
import { defineNotificationsContract } from "./notifications.contract";
import { definePriceFloorContract } from "./priceFloor.contract";
import { defineRentalChangesContract } from "./rentalChanges.contract";
import { defineRentalDeskContract } from "./rentalDesk.contract";
import { defineRuleFeesContract } from "./ruleFees.contract";
import { type CoreStoreHarness, defineCoreContract, NOW } from "./useCases.contract";
import { defineVatContract } from "./vat.contract";

/** Every table but the migrations' own record. */
async function emptyTables(db: Db): Promise<void> {
  const { rows } = await db.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'",
  );
  await db.query(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(", ")} CASCADE`);
}

const openPglite = async () => {
  const dataDir = migratedDataDir("branduolys");
  let db: Db;
  try {
    db = await openDb({ dataDir, databaseUrl: null });
    await migrate(db);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const store = createPgStore(db);
  const harness: CoreStoreHarness = {
    store,
    async seed() {
      await emptyTables(db);
      if (!(await seedDemoIfEmpty(db, { dataDir, now: NOW }))) throw new Error("Demonstraciniai duomenys neįkelti");
    },
    async close() {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
};

definePriceFloorContract("PGlite (createPgStore)", openPglite);

defineRentalDeskContract("PGlite (createPgStore)", openPglite);

defineRentalChangesContract("PGlite (createPgStore)", openPglite);
defineRuleFeesContract("PGlite (createPgStore)", openPglite);
defineDayDeskContract("PGlite (createPgStore)", openPglite);
defineDepositsContract("PGlite (createPgStore)", openPglite);
defineInvoiceTermsContract("PGlite (createPgStore)", openPglite);
defineCarLocationContract("PGlite (createPgStore)", openPglite);

defineNotificationsContract("PGlite (createPgStore)", openPglite, { concurrency: 10 });

defineMaintenanceContract("PGlite (createPgStore)", openPglite, { databaseGuarantee: true, concurrency: 20 });

defineCalendarFeedsContract("PGlite (createPgStore)", openPglite);

defineVatContract("PGlite (createPgStore)", openPglite);

defineApprovalsContract("PGlite (createPgStore)", openPglite);

defineCoreContract("PGlite (createPgStore)", openPglite, {
  concurrency: 50,
  numberingConcurrency: 20,
  idPattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  staffCreation:
    "vietiniame serveryje darbuotojų paskyras (su slaptažodžio maiša) kuria serverio paskyrų kodas, o PostgreSQL saugykla staff įrašų nekuria",
});

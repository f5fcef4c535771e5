// The data-rights contract (./dataRights.contract.ts) on the in-memory store and on PostgreSQL's
// store over PGlite (one database in a temporary folder, loaded with the demo company), in every
// run; on Firestore when FIRESTORE_EMULATOR_HOST names an emulator (else "nevykdyta", skipped).
import { rmSync } from "node:fs";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirestoreDocumentStore } from "../../../functions/src/firestoreDocumentStore";
import { demoDocuments } from "../../../scripts/firebase-seed";
import { openDb } from "../../../server/db/index";
import { migrate } from "../../../server/db/migrate";
import { seedDemoIfEmpty } from "../../../server/seed/seed";
import { createPgStore } from "../../../server/store/pgStore";
import { COLLECTIONS } from "../../../src/core/collections";
import { eraseCustomer } from "../../../src/core/dataRights";
import { createMemoryStore } from "../../../src/core/stores/memoryStore";
import { migratedDataDir } from "../../helpers/pgliteTemplate";
import { emulatorFromEnv } from "../firebase/emulators";
import { defineDataRightsContract, memoryFiles } from "./dataRights.contract";
import { type CoreStoreHarness, demo, demoCoreDocuments, NOW, testContext, writeDocuments } from "./useCases.contract";

defineDataRightsContract("atmintyje (createMemoryStore)", async () => {
  const store = createMemoryStore();
  const harness: CoreStoreHarness = {
    store,
    seed: () => writeDocuments(store, demoCoreDocuments(demo)),
    close: async () => undefined,
  };
  return harness;
});

defineDataRightsContract("PGlite (createPgStore)", async () => {
  const dataDir = migratedDataDir("teises");
  const db = await openDb({ dataDir, databaseUrl: null });
  await migrate(db);
  const harness: CoreStoreHarness = {
    store: createPgStore(db),
    async seed() {
      if (!(await seedDemoIfEmpty(db, { dataDir, now: NOW }))) throw new Error("Demonstraciniai duomenys neįkelti");
    },
    async close() {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
});

const firestoreHost = await emulatorFromEnv("FIRESTORE_EMULATOR_HOST", "Firestore");
const PROJECT_ID = "demo-ratai-teises";

describe.skipIf(!firestoreHost)("Firestore emuliatorius", () => {
  defineDataRightsContract("Firestore (createFirestoreDocumentStore)", async () => {
    const app = initializeApp({ projectId: PROJECT_ID }, `teises-${Date.now()}`);
    const firestore = getFirestore(app);
    const harness: CoreStoreHarness = {
      store: createFirestoreDocumentStore(firestore),
      async seed() {
        const cleared = await fetch(
          `http://${firestoreHost?.address}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`,
          { method: "DELETE" },
        );
        if (!cleared.ok) throw new Error(`Firestore emuliatoriaus išvalyti nepavyko: HTTP ${cleared.status}`);
        const docs = demoDocuments(demo, (iso) => Timestamp.fromDate(new Date(iso)));
        for (let start = 0; start < docs.length; start += 400) {
          const batch = firestore.batch();
          for (const item of docs.slice(start, start + 400)) {
            batch.set(firestore.collection(item.collection).doc(item.id), item.data);
          }
          await batch.commit();
        }
      },
      close: () => deleteApp(app),
    };
    return harness;
  });
});

describe.skipIf(!firestoreHost)("Firestore: ištrinto kliento paieškos žodžiai (_search)", () => {
  const app = firestoreHost ? initializeApp({ projectId: PROJECT_ID }, "teises-paieska") : null;
  afterAll(async () => {
    if (app) await deleteApp(app);
  });
  let id = "";
  beforeAll(async () => {
    const store = createFirestoreDocumentStore(getFirestore(app!));
    id = store.newId(COLLECTIONS.customers);
    await store.transaction(async (tx) => {
      tx.set(COLLECTIONS.customers, id, {
        type: "private",
        firstName: "Gintautė",
        lastName: "Paieškaitė",
        email: "gintaute.paieskaite@pavyzdys.lt",
        phone: "+37069998877",
        birthDate: null,
        licenceIssuedAt: null,
        notes: "",
        consentAt: null,
        version: 1,
        createdAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
      });
    });
  });
  it("po ištrynimo _search nebeturi vardo, el. pašto ir telefono žodžių", async () => {
    const raw = getFirestore(app!).collection(COLLECTIONS.customers).doc(id);
    const before = ((await raw.get()).data()?._search ?? []) as string[];
    expect(before).toContain("paieskaite");
    const store = createFirestoreDocumentStore(getFirestore(app!));
    await eraseCustomer(testContext(store), { files: memoryFiles() }, id, "admin@ratunuoma.lt");
    const after = ((await raw.get()).data()?._search ?? []) as string[];
    for (const word of ["paieskaite", "gintaute", "69998877", "37069998877"]) expect(after).not.toContain(word);
    expect(after).toContain("istrintas");
  });
});

// An erased customer stays erased after a restore (issue 27, privacy): a backup is taken while the
// customer is whole, the customer is erased, the backup is restored with --force. The restore keeps
// the erasure ledger (it is never replaced by the archive's) and erases the customer again, on
// PGlite (restoreLocal, in this process) and on the Firestore emulator (restoreFirebase; where
// FIRESTORE_EMULATOR_HOST names no emulator that part says "nevykdyta" and is skipped).
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { backupFirebase, openFirebase, restoreFirebase } from "../../server/backup/firebase";
import { backupLocal, restoreLocal } from "../../server/backup/local";
import { openDb } from "../../server/db/index";
import { migrate } from "../../server/db/migrate";
import { fileStorageFor } from "../../server/files/index";
import { seedDemoIfEmpty } from "../../server/seed/seed";
import { createPrivateFiles } from "../../server/services/privateFiles";
import { createPgStore } from "../../server/store/pgStore";
import { COLLECTIONS, SETTINGS_ID } from "../../src/core/collections";
import { eraseCustomer } from "../../src/core/dataRights";
import type { DocumentStore } from "../../src/core/ports";
import { memoryFiles } from "../helpers/memoryFiles";
import { migratedDataDir } from "../helpers/pgliteTemplate";
import { removeTempDir, tempDir } from "../helpers/server";
import { testContext } from "./core/useCases.contract";
import { emulatorFromEnv } from "./firebase/emulators";

const WHOLE = {
  type: "private",
  firstName: "Rūta",
  lastName: "Atkuriamaitė",
  email: "ruta.atkuriamaite@pavyzdys.lt",
  phone: "+37061112233",
  birthDate: "1990-05-05",
  licenceNumber: "LT-RUTA-1",
  licenceIssuedAt: "2010-01-01",
  notes: "Skambinti vakare",
  consentAt: null,
};

async function addCustomer(store: DocumentStore): Promise<string> {
  const id = store.newId(COLLECTIONS.customers);
  const at = new Date().toISOString();
  await store.transaction(async (tx) => {
    tx.set(COLLECTIONS.customers, id, { ...WHOLE, version: 1, createdAt: at, updatedAt: at });
  });
  return id;
}

async function expectErased(store: DocumentStore, id: string): Promise<void> {
  const customer = (await store.get(COLLECTIONS.customers, id))?.data;
  expect(customer).toMatchObject({ firstName: "Ištrintas", lastName: "klientas", anonymisedAt: expect.any(String) });
  const text = JSON.stringify(customer);
  for (const value of [WHOLE.lastName, WHOLE.email, WHOLE.licenceNumber, WHOLE.notes])
    expect(text).not.toContain(value);
  expect((await store.get(COLLECTIONS.erasureLedger, id))?.data).toMatchObject({ customerId: id, complete: true });
}

describe("ištrintas klientas lieka ištrintas atkūrus atsarginę kopiją: PGlite", () => {
  const work = tempDir("istrynimas-atkurimas");
  afterAll(() => removeTempDir(work));

  it("kopija su visu klientu → ištrinama → atkuriama su --force → klientas vėl ištrintas, sąrašas išliko", async () => {
    const dataDir = migratedDataDir("istrynimas-pglite");
    const archive = path.join(work, "kopija.tar.gz");
    const db = await openDb({ dataDir, databaseUrl: null });
    try {
      await migrate(db);
      await seedDemoIfEmpty(db, { dataDir });
      const store = createPgStore(db);
      const id = await addCustomer(store);
      await backupLocal(db, dataDir, archive);
      const files = createPrivateFiles(fileStorageFor({ dataDir }), db);
      await eraseCustomer(testContext(store, new Date()), { files }, id, "admin@ratunuoma.lt");
      await expectErased(store, id);

      const result = await restoreLocal(db, dataDir, archive, { force: true });
      expect(result.erasuresReapplied).toBe(1);
      await expectErased(store, id);
      // A second restore of the same archive: the ledger still there, the customer erased again.
      const again = await restoreLocal(db, dataDir, archive, { force: true });
      expect(again.erasuresReapplied).toBe(1);
      await expectErased(store, id);
    } finally {
      await db.close();
      removeTempDir(dataDir);
    }
  }, 240_000);
});

const firestoreHost = await emulatorFromEnv("FIRESTORE_EMULATOR_HOST", "Firestore");
const PROJECT = "demo-ratai-istrynimas";

describe.skipIf(!firestoreHost)("ištrintas klientas lieka ištrintas atkūrus atsarginę kopiją: Firestore", () => {
  const work = tempDir("istrynimas-firestore");
  afterAll(() => removeTempDir(work));

  it("kopija su visu klientu → ištrinama → atkuriama su --force → klientas vėl ištrintas, sąrašas išliko", async () => {
    const cleared = await fetch(
      `http://${firestoreHost?.address}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`,
      { method: "DELETE" },
    );
    expect(cleared.ok).toBe(true);
    const target = { projectId: PROJECT, bucket: null };
    const handle = openFirebase(target);
    try {
      const { store } = handle;
      const at = new Date().toISOString();
      await store.transaction(async (tx) => {
        tx.set(COLLECTIONS.settings, SETTINGS_ID, {
          company: { name: "UAB „Ratai“", emails: ["info@ratunuoma.lt"] },
          version: 1,
          createdAt: at,
          updatedAt: at,
        });
      });
      const id = await addCustomer(store);
      const archive = path.join(work, "kopija.tar.gz");
      await backupFirebase(handle, target, archive);
      await eraseCustomer(testContext(store, new Date()), { files: memoryFiles() }, id, "admin@ratunuoma.lt");
      await expectErased(store, id);

      const result = await restoreFirebase(handle, target, archive, { force: true, stagingDir: work });
      expect(result.erasuresReapplied).toBe(1);
      await expectErased(store, id);
    } finally {
      await handle.close();
    }
  }, 240_000);
});

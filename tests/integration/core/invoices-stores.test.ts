// Invoices (src/core/invoices.ts) on the in-memory store and, when the emulator answers at
// FIRESTORE_EMULATOR_HOST, on Firestore's store: concurrent issues get gap-free numbers, a
// reservation is invoiced once, a credit note reverses its invoice (which is never rewritten),
// and the i.SAF export's totals equal the invoices'.
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirestoreDocumentStore } from "../../../functions/src/firestoreDocumentStore";
import { demoDocuments } from "../../../scripts/firebase-seed";
import { COLLECTIONS } from "../../../src/core/collections";
import {
  creditInvoice,
  getInvoice,
  invoicesOfMonth,
  isafExport,
  issueReservationInvoice,
} from "../../../src/core/invoices";
import type { DocumentStore } from "../../../src/core/ports";
import { createMemoryStore } from "../../../src/core/stores/memoryStore";
import { totalsByRate } from "../../../src/domain/invoiceLines";
import { memoryFiles } from "../../helpers/memoryFiles";
import { emulatorFromEnv } from "../firebase/emulators";
import { type CoreStoreHarness, demo, demoCoreDocuments, NOW, testContext, writeDocuments } from "./useCases.contract";

const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;

function defineInvoicesContract(name: string, open: () => Promise<CoreStoreHarness>): void {
  describe(`Sąskaitos: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let store: DocumentStore;
    const files = memoryFiles();
    const ctx = () => testContext(store, NOW);
    const deps = { files };
    const invoiceable = demo.reservations.filter((r) => r.doc.status === "completed" && r.doc.quote).slice(0, 8);
    const issued: { id: string; number: string; total: number }[] = [];

    beforeAll(async () => {
      harness = await open();
      await harness.seed();
      store = harness.store;
    }, 120_000);
    afterAll(async () => {
      await harness?.close();
    });

    it("numbers concurrent issues without gaps or duplicates, and each reservation once", async () => {
      expect(invoiceable.length).toBeGreaterThanOrEqual(8);
      const answers = await Promise.all(invoiceable.map((r) => issueReservationInvoice(ctx(), deps, r.id, {}, STAFF)));
      issued.push(...answers);
      expect(answers.map((a) => a.number).sort()).toEqual(
        Array.from({ length: answers.length }, (_, i) => `RN-${String(i + 1).padStart(6, "0")}`),
      );
      await expect(issueReservationInvoice(ctx(), deps, invoiceable[0]!.id, {}, STAFF)).rejects.toMatchObject({
        kind: "conflict",
      });
      expect(files.paths().length).toBe(answers.length);
    }, 120_000);

    it("a credit note reverses its invoice in the i.SAF totals; the invoice stays as written", async () => {
      const original = await getInvoice(ctx(), issued[0]!.id);
      const credit = await creditInvoice(ctx(), deps, original.id, { reason: "Klaidingi duomenys" }, STAFF);
      expect(credit.number).toBe("KS-000001");
      expect(credit.total).toBe(-original.totals.total);
      const after = await getInvoice(ctx(), original.id);
      expect(after.updatedAt).toBe(original.updatedAt);
      expect(after.creditedBy).toEqual({ id: credit.id, number: credit.number });
      const stored = await store.get(COLLECTIONS.invoices, original.id);
      expect(stored?.data.version).toBe(1);

      const month = original.month;
      const { xml } = await isafExport(ctx(), month);
      const invoices = await invoicesOfMonth(ctx(), month);
      const sum = (pattern: RegExp) =>
        [...xml.matchAll(pattern)].reduce((total, match) => total + Math.round(Number(match[1]) * 100), 0);
      // The taxable amounts: the invoices' nets within the VAT register (a rounding line of
      // src/domain/invoiceLines.ts, like damage compensation, is outside it).
      expect(sum(/<TaxableValue>(-?[\d.]+)<\/TaxableValue>/g)).toBe(
        invoices.reduce((s, i) => s + totalsByRate(i.lines).reduce((t, rate) => t + Math.round(rate.net * 100), 0), 0),
      );
      expect(sum(/<Amount>(-?[\d.]+)<\/Amount>/g)).toBe(
        invoices.reduce((s, i) => s + Math.round(i.totals.vat * 100), 0),
      );
      expect(xml).toContain(`<ReferenceNo>${original.number}</ReferenceNo>`);
    }, 120_000);
  });
}

defineInvoicesContract("atmintyje (createMemoryStore)", async () => {
  const store = createMemoryStore();
  return { store, seed: () => writeDocuments(store, demoCoreDocuments(demo)), close: async () => undefined };
});

const firestoreHost = await emulatorFromEnv("FIRESTORE_EMULATOR_HOST", "Firestore");
const PROJECT_ID = "demo-ratai-saskaitos";

describe.skipIf(!firestoreHost)("Sąskaitos su Firestore saugykla (Firestore emuliatorius)", () => {
  defineInvoicesContract("Firestore (createFirestoreDocumentStore)", async () => {
    const app = initializeApp({ projectId: PROJECT_ID }, `saskaitos-${Date.now()}`);
    const firestore = getFirestore(app);
    return {
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
  });
});

// The core's contract (./useCases.contract.ts) on Cloud Firestore's store (firebase-admin), where
// the Firestore emulator answers at FIRESTORE_EMULATOR_HOST (`npm test` starts the Cloud SDK's
// emulator when it is installed). Otherwise it prints "nevykdyta: ..." and is skipped, never
// counted as passed. The demo company is written as `npm run firebase:seed` writes it
// (scripts/firebase-seed.ts), into a project of its own that is emptied first.
//
// Beside the contract: what only Firestore has, i.e. the stored form the browser's data provider,
// the rules and the Trigger Email extension read (Timestamps, search tokens, mail documents).
import { deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirestoreDocumentStore, lockDocId } from "../../../functions/src/firestoreDocumentStore";
import { demoDocuments } from "../../../scripts/firebase-seed";
import { EMAIL_LOWER_FIELD, INTERNAL_COLLECTIONS } from "../../../src/backend/firebase/model";
import { COLLECTIONS } from "../../../src/core/collections";
import type { DocumentStore } from "../../../src/core/ports";
import { counterId, submitWebReservation } from "../../../src/core/reservations";
import { setStaffRole } from "../../../src/core/staff";
import { emulatorFromEnv } from "../firebase/emulators";
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
import {
  at,
  type CoreStoreHarness,
  car,
  defineCoreContract,
  demo,
  MemoryAccounts,
  NOW,
  reservationInput,
  testContext,
} from "./useCases.contract";
import { defineVatContract } from "./vat.contract";

const firestoreHost = await emulatorFromEnv("FIRESTORE_EMULATOR_HOST", "Firestore");
const PROJECT_ID = "demo-ratai-branduolys";

interface FirestoreHarness extends CoreStoreHarness {
  firestore: Firestore;
}

/** An app of its own on the emulator's project; seed() empties the project and writes the demo company. */
async function openFirestore(appName: string): Promise<FirestoreHarness> {
  const app = initializeApp({ projectId: PROJECT_ID }, appName);
  const firestore = getFirestore(app);
  const store: DocumentStore = createFirestoreDocumentStore(firestore);
  return {
    store,
    firestore,
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
}

describe.skipIf(!firestoreHost)("Branduolys su Firestore saugykla (Firestore emuliatorius)", () => {
  let appCount = 0;
  definePriceFloorContract("Firestore (createFirestoreDocumentStore)", () => openFirestore(`kainos-${++appCount}`));
  defineRentalDeskContract("Firestore (createFirestoreDocumentStore)", () => openFirestore(`stalas-${++appCount}`));
  defineRentalChangesContract("Firestore (createFirestoreDocumentStore)", () =>
    openFirestore(`keitimas-${++appCount}`),
  );
  defineDayDeskContract("Firestore (createFirestoreDocumentStore)", () => openFirestore(`diena-${++appCount}`));
  defineRuleFeesContract("Firestore (createFirestoreDocumentStore)", () => openFirestore(`mokesciai-${++appCount}`));
  defineDepositsContract("Firestore (createFirestoreDocumentStore)", () => openFirestore(`uzstatai-${++appCount}`));
  defineInvoiceTermsContract("Firestore (createFirestoreDocumentStore)", () =>
    openFirestore(`saskaitu-turinys-${++appCount}`),
  );
  defineCarLocationContract("Firestore (createFirestoreDocumentStore)", () => openFirestore(`vieta-${++appCount}`));
  defineNotificationsContract(
    "Firestore (createFirestoreDocumentStore)",
    () => openFirestore(`laiskai-${++appCount}`),
    {
      concurrency: 5,
    },
  );
  defineMaintenanceContract("Firestore (createFirestoreDocumentStore)", () => openFirestore(`blokai-${++appCount}`), {
    databaseGuarantee: false,
    concurrency: 8,
  });
  defineCalendarFeedsContract("Firestore (createFirestoreDocumentStore)", () =>
    openFirestore(`kalendoriai-${++appCount}`),
  );
  defineVatContract("Firestore (createFirestoreDocumentStore)", () => openFirestore(`pvm-${++appCount}`));
  defineApprovalsContract("Firestore (createFirestoreDocumentStore)", () =>
    openFirestore(`keturios-akys-${++appCount}`),
  );
  defineCoreContract("Firestore (createFirestoreDocumentStore)", () => openFirestore(`branduolys-${++appCount}`), {
    concurrency: 20,
    numberingConcurrency: 8,
    idPattern: /^[A-Za-z0-9]{20}$/,
    staffCreation: null,
  });

  describe("Firestore dokumentų forma", () => {
    let h: FirestoreHarness;
    beforeAll(async () => {
      h = await openFirestore("branduolys-forma");
      await h.seed();
    });
    afterAll(async () => {
      await h?.close();
    });

    it("rezervaciją saugo su Timestamp laiko žymomis, paieškos žymomis ir užraktu, laiškus – Trigger Email formatu", async () => {
      const created = await submitWebReservation(
        testContext(h.store),
        reservationInput({ pickupAt: at(90), returnAt: at(92) }),
      );
      const db = h.firestore;

      const stored = await db.collection(COLLECTIONS.reservations).doc(created.id).get();
      expect(stored.get("createdAt")).toBeInstanceOf(Timestamp);
      expect(stored.get("updatedAt")).toBeInstanceOf(Timestamp);
      expect((stored.get("createdAt") as Timestamp).toDate().toISOString()).toBe(NOW.toISOString());
      expect(stored.get("_search")).toContain(created.number.replace(/\D/g, ""));
      expect(stored.get("pickupAt")).toBe(at(90));

      const customer = await db
        .collection(COLLECTIONS.customers)
        .doc(stored.get("customerId") as string)
        .get();
      expect(customer.get(EMAIL_LOWER_FIELD)).toBe("ruta.zemaitiene@example.lt");
      expect(customer.get("createdAt")).toBeInstanceOf(Timestamp);

      const mails = await db.collection(COLLECTIONS.mail).where("ref", "==", `reservation:${created.id}`).get();
      expect(mails.size).toBe(2);
      for (const mail of mails.docs) {
        // What the Trigger Email extension reads: to, replyTo, message { subject, text, html }, and its delivery state.
        expect(typeof mail.get("to") === "string" || Array.isArray(mail.get("to"))).toBe(true);
        expect(mail.get("message.subject")).toContain(created.number);
        expect(mail.get("message.text")).toContain(created.number);
        expect(mail.get("delivery.state")).toBe("PENDING");
        expect(mail.get("delivery.attempts")).toBe(0);
        expect(mail.get("createdAt")).toBeInstanceOf(Timestamp);
        expect(
          Object.keys(mail.get("message") as object).every((key) => ["subject", "text", "html"].includes(key)),
        ).toBe(true);
      }

      const lock = await db
        .collection(INTERNAL_COLLECTIONS.reservationLocks)
        .doc(lockDocId(`car-${car.id}`))
        .get();
      expect(lock.exists).toBe(true);
      const counter = await db.collection(INTERNAL_COLLECTIONS.counters).doc(counterId(2026)).get();
      expect(counter.get("value")).toBe(Number(created.number.slice(-6)));
    });

    it("setStaffRole darbuotojo dokumente _claimsUpdatedAt saugo kaip Timestamp (naršyklė pagal jį atnaujina prieigos raktą)", async () => {
      const accounts = MemoryAccounts.withDemoStaff();
      const admin = { uid: "admin-1", role: "admin" as const, email: "admin@ratunuoma.lt" };
      const saved = await setStaffRole(
        testContext(h.store),
        accounts,
        { email: "nauja@ratunuoma.lt", name: "Nauja Darbuotoja", role: "staff", password: "Slaptazodis2026!" },
        admin,
      );
      expect(saved.id).toMatch(/^[A-Za-z0-9]{20}$/);
      const doc = await h.firestore.collection(COLLECTIONS.staff).doc(saved.id).get();
      expect(doc.get("createdAt")).toBeInstanceOf(Timestamp);
      expect(doc.get("_claimsUpdatedAt")).toBeInstanceOf(Timestamp);
      expect((doc.get("_claimsUpdatedAt") as Timestamp).toDate().toISOString()).toBe(NOW.toISOString());
    });
  });
});

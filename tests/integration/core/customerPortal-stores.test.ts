// "Mano rezervacija" (src/core/customerPortal.ts) on every store: in memory, PostgreSQL over PGlite
// (loaded with the demo company) and Cloud Firestore when the emulator is at
// FIRESTORE_EMULATOR_HOST. The link the confirmation carries opens only its own reservation; a
// change to a taken period is a conflict and to a free one is re-priced; a cancellation frees the
// car; staff's new link revokes the old ones; the token itself is stored nowhere.
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
import { applyPortalChange, cancelByCustomer, openPortal, resendPortalLink } from "../../../src/core/customerPortal";
import type { DocumentStore } from "../../../src/core/ports";
import { submitWebReservation } from "../../../src/core/reservations";
import { createMemoryStore } from "../../../src/core/stores/memoryStore";
import { sha256Hex } from "../../../src/domain/portalToken";
import type { Reservation } from "../../../src/domain/schemas";
import { migratedDataDir } from "../../helpers/pgliteTemplate";
import { emulatorFromEnv } from "../firebase/emulators";
import {
  at,
  type CoreStoreHarness,
  coreRefusal,
  demo,
  demoCoreDocuments,
  NOW,
  reservationInput,
  testContext,
  writeDocuments,
} from "./useCases.contract";

const TOKEN_IN_LINK = /\/mano-rezervacija\/([A-Za-z0-9_-]{43})/;
const ADMIN = { email: "admin@ratunuoma.lt", role: "admin" } as const;
const activeCars = demo.cars.filter((c) => c.doc.status === "active");

function defineCustomerPortalContract(name: string, open: () => Promise<CoreStoreHarness>): void {
  describe(`Mano rezervacija: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let store: DocumentStore;
    const ctx = () => testContext(store, NOW);
    beforeAll(async () => {
      harness = await open();
      await harness.seed();
      store = harness.store;
    }, 120_000);
    afterAll(async () => {
      await harness?.close();
    });

    /** A web booking and the token its confirmation mail carries. */
    const book = async (carId: string, day: number, email: string) => {
      const saved = await submitWebReservation(
        ctx(),
        reservationInput({
          carId,
          pickupAt: at(day),
          returnAt: at(day + 3),
          customer: { ...(reservationInput().customer as object), email },
        }),
      );
      return { ...saved, token: (await tokensOf(saved.id, email))[0] as string };
    };
    /** The tokens of the customer's mails about the reservation (one clock: their order is not known). */
    const tokensOf = async (reservationId: string, email: string) => {
      const mails = await store.query(COLLECTIONS.mail, {
        where: [{ field: "ref", op: "==", value: `reservation:${reservationId}` }],
      });
      const tokens = mails
        .filter((m) => String(m.data.to).toLowerCase() === email)
        .map((m) => TOKEN_IN_LINK.exec(String((m.data.message as { text: string }).text))?.[1])
        .filter((t): t is string => Boolean(t));
      expect(tokens.length).toBeGreaterThan(0);
      return tokens;
    };
    const stored = async (id: string) => (await store.get(COLLECTIONS.reservations, id))?.data as Reservation;

    it("nuoroda atidaro tik savo rezervaciją; saugoma tik maiša", async () => {
      const a = await book(activeCars[0]!.id, 120, "a@example.lt");
      const b = await book(activeCars[1]!.id, 120, "b@example.lt");
      expect((await openPortal(ctx(), a.token)).number).toBe(a.number);
      expect((await openPortal(ctx(), b.token)).number).toBe(b.number);
      await coreRefusal(openPortal(ctx(), `${a.token.slice(0, -1)}${a.token.endsWith("A") ? "B" : "A"}`), "not-found");
      const link = await store.get(COLLECTIONS.reservationLinks, sha256Hex(a.token));
      expect(link?.data.reservationId).toBe(a.id);
      expect(JSON.stringify(link?.data)).not.toContain(a.token);
    });

    it("pakeitimas į užimtą laiką – konfliktas, į laisvą – perskaičiuota; atšaukimas atlaisvina automobilį", async () => {
      const carId = activeCars[2]!.id;
      const first = await book(carId, 130, "c@example.lt");
      const second = await book(carId, 140, "d@example.lt");
      const change = (day: number) => ({
        pickupAt: at(day),
        returnAt: at(day + 4),
        pickupLocationId: first.record.pickupLocationId,
        returnLocationId: first.record.pickupLocationId,
        extras: [],
      });
      await coreRefusal(applyPortalChange(ctx(), second.token, change(131)), "conflict");
      const applied = await applyPortalChange(ctx(), second.token, change(145));
      expect(applied.outcome).toBe("applied");
      expect((await stored(second.id)).pickupAt).toBe(at(145));
      expect((await stored(second.id)).quote?.total).toBe(applied.quote.total);
      expect(applied.quote.total).not.toBe(second.quote.total);
      // A's token never changed B.
      expect((await stored(first.id)).pickupAt).toBe(at(130));

      await cancelByCustomer(ctx(), first.token, { confirm: true });
      expect((await stored(first.id)).status).toBe("cancelled");
      // The slot is free again: a new booking of it succeeds.
      const again = await book(carId, 130, "e@example.lt");
      expect(again.number).toMatch(/^R-/);
    });

    it("darbuotojų nauja nuoroda atšaukia senas", async () => {
      const a = await book(activeCars[3]!.id, 150, "f@example.lt");
      const answer = await resendPortalLink(ctx(), a.id, ADMIN);
      expect(answer.revoked).toBe(1);
      await coreRefusal(openPortal(ctx(), a.token), "not-found");
      const fresh = (await tokensOf(a.id, "f@example.lt")).find((token) => token !== a.token);
      if (!fresh) throw new Error("Naujos nuorodos laiško nėra");
      expect((await openPortal(ctx(), fresh)).number).toBe(a.number);
    });
  });
}

defineCustomerPortalContract("atmintyje (createMemoryStore)", async () => {
  const store = createMemoryStore();
  return { store, seed: () => writeDocuments(store, demoCoreDocuments(demo)), close: async () => undefined };
});

defineCustomerPortalContract("PGlite (createPgStore)", async () => {
  const dataDir = migratedDataDir("portalas");
  const db = await openDb({ dataDir, databaseUrl: null });
  await migrate(db);
  return {
    store: createPgStore(db),
    async seed() {
      if (!(await seedDemoIfEmpty(db, { dataDir, now: NOW }))) throw new Error("Demonstraciniai duomenys neįkelti");
    },
    async close() {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

const firestoreHost = await emulatorFromEnv("FIRESTORE_EMULATOR_HOST", "Firestore");
const PROJECT_ID = "demo-ratai-portalas";

describe.skipIf(!firestoreHost)("Firestore emuliatorius", () => {
  defineCustomerPortalContract("Firestore (createFirestoreDocumentStore)", async () => {
    const app = initializeApp({ projectId: PROJECT_ID }, "portalas");
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

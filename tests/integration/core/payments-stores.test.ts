// The payments ledger and the online pre-payment's rules (src/core/payments.ts) on the in-memory
// store, on PostgreSQL's store over PGlite (loaded with the demo company) and on Cloud Firestore's
// store when the emulator answers at FIRESTORE_EMULATOR_HOST (else "nevykdyta", skipped), with a clock the
// test moves: a reservation waiting for payment holds the car, the job releases it when the hold
// runs out (a new booking of the slot then succeeds), a verified payment is recorded once and
// confirms, a wrong amount is refused, a failed one never confirms, and a staff entry never makes
// the reservation's open form stale.
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
import {
  addLedgerEntry,
  listLedger,
  PaymentRefusedError,
  recordVerifiedPayment,
  releaseExpiredHolds,
} from "../../../src/core/payments";
import type { DocumentStore } from "../../../src/core/ports";
import { submitWebReservation, updateStaffReservation } from "../../../src/core/reservations";
import { createMemoryStore } from "../../../src/core/stores/memoryStore";
import { HOLD_EXPIRED_REASON } from "../../../src/domain/payments";
import type { Reservation } from "../../../src/domain/schemas";
import { migratedDataDir } from "../../helpers/pgliteTemplate";
import { emulatorFromEnv } from "../firebase/emulators";
import {
  at,
  type CoreStoreHarness,
  coreRefusal,
  demo,
  demoCoreDocuments,
  inputRefusal,
  NOW,
  reservationInput,
  testContext,
  writeDocuments,
} from "./useCases.contract";

const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;
const STRIPE = { provider: "stripe", canHoldDeposit: false } as const;
const activeCars = demo.cars.filter((c) => c.doc.status === "active");
const minutesLater = (m: number) => new Date(NOW.getTime() + m * 60_000);

function definePaymentsContract(name: string, open: () => Promise<CoreStoreHarness>): void {
  describe(`Mokėjimai ir mokėjimas internetu: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let store: DocumentStore;
    const ctx = (now: Date = NOW) => testContext(store, now);
    beforeAll(async () => {
      harness = await open();
      await harness.seed();
      store = harness.store;
    });
    afterAll(async () => {
      await harness?.close();
    });

    const book = (carId: string, day: number, email: string, now: Date = NOW, online = true) =>
      submitWebReservation(
        ctx(now),
        reservationInput({
          carId,
          pickupAt: at(day),
          returnAt: at(day + 3),
          customer: { ...(reservationInput().customer as object), email },
        }),
        online ? { onlinePayment: STRIPE } : {},
      );
    const stored = async (id: string) =>
      (await store.get(COLLECTIONS.reservations, id))?.data as Reservation & {
        version: number;
        updatedAt: string;
      };
    const paid = (reservationId: string, cents: number, paymentId: string, outcome: "paid" | "failed" = "paid") =>
      recordVerifiedPayment(ctx(minutesLater(5)), {
        provider: "stripe",
        reservationId,
        providerPaymentId: paymentId,
        amountCents: cents,
        currency: "eur",
        depositHoldCents: 0,
        outcome,
      });

    it("laukianti mokėjimo rezervacija laiko automobilį, o pasibaigus laikui darbas ją atšaukia ir automobilis vėl laisvas", async () => {
      const carId = activeCars[3]!.id;
      const first = await book(carId, 90, "laukia@example.lt");
      const online = (await stored(first.id)).payment?.online;
      expect(online).toMatchObject({
        provider: "stripe",
        state: "awaiting",
        amount: Math.min(50, first.quote.total),
        holdUntil: minutesLater(30).toISOString(),
      });
      // The car is held: the same slot is refused.
      await coreRefusal(book(carId, 90, "kitas@example.lt", minutesLater(1)), "conflict");

      expect((await releaseExpiredHolds(ctx(minutesLater(29)))).released).toEqual([]);
      expect((await stored(first.id)).status).toBe("new");

      const run = await releaseExpiredHolds(ctx(minutesLater(31)));
      expect(run.released).toEqual([first.number]);
      const after = await stored(first.id);
      expect(after).toMatchObject({ status: "cancelled", cancelReason: HOLD_EXPIRED_REASON });
      expect(after.payment?.online?.state).toBe("expired");
      // Run again: nothing more.
      expect((await releaseExpiredHolds(ctx(minutesLater(32)))).released).toEqual([]);

      const second = await book(carId, 90, "kitas@example.lt", minutesLater(33), false);
      expect((await stored(second.id)).status).toBe("new");

      // A payment arriving after the hold ran out: the money is recorded, the reservation stays cancelled.
      expect(await paid(first.id, Math.round(online!.amount * 100), "pi_velai")).toBe("recorded");
      expect((await stored(first.id)).status).toBe("cancelled");
      expect((await listLedger(ctx(), first.id)).entries).toHaveLength(1);
    });

    it("patvirtintas mokėjimas įrašomas vieną kartą ir patvirtina rezervaciją; neteisinga suma ar valiuta atmetama", async () => {
      const carId = activeCars[4]!.id;
      const saved = await book(carId, 95, "moka@example.lt");
      const amount = (await stored(saved.id)).payment!.online!.amount;
      const cents = Math.round(amount * 100);

      await expect(paid(saved.id, cents + 1, "pi_1")).rejects.toBeInstanceOf(PaymentRefusedError);
      await expect(
        recordVerifiedPayment(ctx(), {
          provider: "stripe",
          reservationId: saved.id,
          providerPaymentId: "pi_1",
          amountCents: cents,
          currency: "usd",
          depositHoldCents: 0,
          outcome: "paid",
        }),
      ).rejects.toBeInstanceOf(PaymentRefusedError);
      await expect(
        recordVerifiedPayment(ctx(), {
          provider: "paysera",
          reservationId: saved.id,
          providerPaymentId: "pi_1",
          amountCents: cents,
          currency: "EUR",
          depositHoldCents: 0,
          outcome: "paid",
        }),
      ).rejects.toBeInstanceOf(PaymentRefusedError);
      expect((await listLedger(ctx(), saved.id)).entries).toHaveLength(0);
      expect((await stored(saved.id)).status).toBe("new");

      expect(await paid(saved.id, cents, "pi_1")).toBe("recorded");
      const confirmed = await stored(saved.id);
      expect(confirmed.status).toBe("confirmed");
      expect(confirmed.payment).toMatchObject({ paid: amount, depositState: "none", online: { state: "paid" } });
      const version = confirmed.version;

      expect(await paid(saved.id, cents, "pi_1")).toBe("duplicate");
      const ledger = await listLedger(ctx(), saved.id);
      expect(ledger.entries).toHaveLength(1);
      expect(ledger.entries[0]).toMatchObject({
        amount,
        method: "online",
        kind: amount >= saved.quote.total ? "rental" : "advance",
        who: "provider",
        provider: "stripe",
        providerPaymentId: "pi_1",
      });
      expect(ledger.summary).toMatchObject({ total: saved.quote.total, paid: amount });
      expect((await stored(saved.id)).version).toBe(version);
      // Paid: the hold job leaves it alone.
      expect((await releaseExpiredHolds(ctx(minutesLater(120)))).released).toEqual([]);
    });

    it("nepavykęs mokėjimas rezervacijos nepatvirtina", async () => {
      const carId = activeCars[5]!.id;
      const saved = await book(carId, 100, "nepavyko@example.lt");
      expect(await paid(saved.id, 100, "cs_expired", "failed")).toBe("not-paid");
      const after = await stored(saved.id);
      expect(after.status).toBe("new");
      expect(after.payment?.online?.state).toBe("failed");
      expect((await listLedger(ctx(), saved.id)).entries).toHaveLength(0);
      const run = await releaseExpiredHolds(ctx(minutesLater(31)));
      expect(run.released).toContain(saved.number);
      expect((await stored(saved.id)).status).toBe("cancelled");
    });

    it("darbuotojo įrašas pridedamas prie žurnalo, nekeičia rezervacijos versijos; mokėjimo internetu įvesti negalima", async () => {
      const carId = activeCars[6]!.id;
      const saved = await book(carId, 105, "kasa@example.lt", NOW, false);
      const before = await stored(saved.id);

      const refused = await inputRefusal(
        addLedgerEntry(ctx(), saved.id, { amount: 10, method: "online", kind: "advance" }, STAFF),
      );
      expect(Object.keys(refused.errors ?? {})).toEqual(["method"]);
      await inputRefusal(addLedgerEntry(ctx(), saved.id, { amount: -5, method: "cash", kind: "rental" }, STAFF));

      const cash = await addLedgerEntry(
        ctx(minutesLater(10)),
        saved.id,
        { amount: 100, method: "cash", kind: "rental", reference: "Kasos kvitas 17" },
        STAFF,
      );
      expect(cash.entry).toMatchObject({ amount: 100, who: STAFF.email, method: "cash", reference: "Kasos kvitas 17" });
      const deposit = await addLedgerEntry(
        ctx(minutesLater(11)),
        saved.id,
        { amount: 300, method: "card", kind: "deposit-held" },
        STAFF,
      );
      expect(deposit.summary.deposit).toEqual({ amount: 300, state: "held" });
      const after = await stored(saved.id);
      expect(after.version).toBe(before.version);
      expect(after.updatedAt).toBe(before.updatedAt);
      expect(after.payment).toMatchObject({
        paid: 100,
        due: Math.max(0, Math.round((saved.quote.total - 100) * 100) / 100),
        depositState: "held",
      });

      // Staff who opened the record before the payments save it without a stale-record conflict,
      // and the summary stays.
      const edited = await updateStaffReservation(
        ctx(minutesLater(12)),
        saved.id,
        { ...before, notes: "Klientas prašė vaikiškos kėdutės", version: before.version },
        STAFF,
      );
      expect(edited.notes).toBe("Klientas prašė vaikiškos kėdutės");
      expect((await stored(saved.id)).payment).toMatchObject({ paid: 100, depositState: "held" });

      const ledger = await listLedger(ctx(), saved.id);
      expect(ledger.entries.map((e) => e.kind)).toEqual(["rental", "deposit-held"]);
    });

    it("nežinoma rezervacija: 404", async () => {
      await coreRefusal(listLedger(ctx(), "nera-tokios"), "not-found");
    });
  });
}

definePaymentsContract("atmintyje (createMemoryStore)", async () => {
  const store = createMemoryStore();
  return {
    store,
    seed: () => writeDocuments(store, demoCoreDocuments(demo)),
    close: async () => undefined,
  };
});

definePaymentsContract("PGlite (createPgStore)", async () => {
  const dataDir = migratedDataDir("mokejimai");
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
const FIRESTORE_PROJECT = "demo-ratai-mokejimai";

describe.skipIf(!firestoreHost)("Firestore emuliatorius", () => {
  // The demo company as `npm run firebase:seed` writes it, into a project of its own emptied first.
  definePaymentsContract("Firestore (createFirestoreDocumentStore)", async () => {
    const app = initializeApp({ projectId: FIRESTORE_PROJECT }, "mokejimai");
    const firestore = getFirestore(app);
    return {
      store: createFirestoreDocumentStore(firestore),
      async seed() {
        const cleared = await fetch(
          `http://${firestoreHost?.address}/emulator/v1/projects/${FIRESTORE_PROJECT}/databases/(default)/documents`,
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

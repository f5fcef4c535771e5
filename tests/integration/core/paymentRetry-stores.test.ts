// A web booking's online pre-payment tried again, its hold's expiry and the confirmation mails'
// consumer information (src/core/payments.ts retryOnlinePayment, releaseExpiredHolds;
// src/domain/consumerInfo.ts) on the in-memory store, on PostgreSQL's store over PGlite (the demo
// company) and on Cloud Firestore's store when the emulator answers at FIRESTORE_EMULATOR_HOST (else
// "nevykdyta"), with a clock the test moves. A cancelled or failed payment is opened again from the
// cancel page and from "Mano rezervacija" for the same amount and the same hold; when the hold runs
// out the job cancels the booking (audit entry, mail) and the car is free again; a paid booking is
// never released and never reopened.
import { rmSync } from "node:fs";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirestoreDocumentStore } from "../../../functions/src/firestoreDocumentStore";
import { demoDocuments } from "../../../scripts/firebase-seed";
import { openDb } from "../../../server/db/index";
import { migrate } from "../../../server/db/migrate";
import { DEMO_COMPANY } from "../../../server/seed/demoData";
import { seedDemoIfEmpty } from "../../../server/seed/seed";
import { createPgStore } from "../../../server/store/pgStore";
import { COLLECTIONS } from "../../../src/core/collections";
import { openPortal, payPortalBalance } from "../../../src/core/customerPortal";
import type { CheckoutRequest, PaymentGateway } from "../../../src/core/paymentPort";
import {
  PAYMENT_RETRY_ACTOR,
  publicPaymentStatus,
  recordVerifiedPayment,
  releaseExpiredHolds,
  retryOnlinePayment,
  SYSTEM_ACTOR,
} from "../../../src/core/payments";
import type { DocumentStore } from "../../../src/core/ports";
import { submitWebReservation } from "../../../src/core/reservations";
import { createMemoryStore } from "../../../src/core/stores/memoryStore";
import { HOLD_EXPIRED_REASON, RETRY_MESSAGES } from "../../../src/domain/payments";
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

const activeCars = demo.cars.filter((c) => c.doc.status === "active");
const minutesLater = (m: number) => new Date(NOW.getTime() + m * 60_000);
const TOKEN_IN_LINK = /\/mano-rezervacija\/([A-Za-z0-9_-]{43})/;
const URLS = {
  successUrl: "https://nuoma.example/mokejimas/sekmingas",
  cancelUrl: "https://nuoma.example/mokejimas/atsauktas",
  callbackUrl: "https://nuoma.example/api/payments/paysera/callback",
};

/** Paysera as the core sees it: the order id names the order; every checkout asked is kept. */
function fakePaysera(): PaymentGateway & { requests: CheckoutRequest[] } {
  const requests: CheckoutRequest[] = [];
  return {
    provider: "paysera",
    canHoldDeposit: false,
    requests,
    startCheckout: async (request) => {
      requests.push(request);
      const orderId = request.orderId ?? request.reservationId;
      return { redirectUrl: `https://pay.example/${orderId}`, orderId };
    },
  };
}

function definePaymentRetryContract(name: string, open: () => Promise<CoreStoreHarness>): void {
  describe(`Mokėjimas internetu dar kartą ir rezervacijos laikymas: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let store: DocumentStore;
    const ctx = (now: Date = NOW) => ({ ...testContext(store, now), siteUrl: "https://nuoma.example" });
    beforeAll(async () => {
      harness = await open();
      await harness.seed();
      store = harness.store;
    }, 120_000);
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
        online ? { onlinePayment: { provider: "paysera", canHoldDeposit: false } } : {},
      );
    const stored = async (id: string) => (await store.get(COLLECTIONS.reservations, id))?.data as Reservation;
    const mailsOf = async (id: string, to: string) =>
      (
        await store.query(COLLECTIONS.mail, {
          where: [{ field: "ref", op: "==", value: `reservation:${id}` }],
        })
      )
        .filter((m) => String(m.data.to).toLowerCase() === to)
        .map((m) => m.data.message as { subject: string; text: string; html?: string });
    const auditOf = async (id: string) =>
      (await store.query(COLLECTIONS.auditLog, { where: [{ field: "recordId", op: "==", value: id }] })).map(
        (doc) => doc.data as { actor: string; reason?: string; toStatus?: string },
      );
    const paysera = (reservationId: string, orderId: string, cents: number, outcome: "paid" | "failed", now: Date) =>
      recordVerifiedPayment(ctx(now), {
        provider: "paysera",
        reservationId,
        providerPaymentId: orderId,
        amountCents: cents,
        currency: "EUR",
        depositHoldCents: 0,
        outcome,
      });

    it("atšauktas mokėjimas pradedamas dar kartą ta pačia suma ir tuo pačiu laikymu; apmokėta – patvirtinta ir nebeatlaisvinama", async () => {
      const gateway = fakePaysera();
      const saved = await book(activeCars[7]!.id, 200, "kartoja@example.lt");
      const online = (await stored(saved.id)).payment?.online;
      expect(online).toMatchObject({
        provider: "paysera",
        state: "awaiting",
        holdUntil: minutesLater(30).toISOString(),
      });
      const cents = Math.round(online!.amount * 100);

      // The visitor cancels on Paysera's page (status 0): the booking still waits, the cancel page offers a retry.
      expect(await paysera(saved.id, saved.id, cents, "failed", minutesLater(3))).toBe("not-paid");
      expect((await stored(saved.id)).payment?.online?.state).toBe("failed");
      expect(await publicPaymentStatus(ctx(minutesLater(4)), saved.id)).toMatchObject({
        state: "failed",
        retry: true,
        holdUntil: online!.holdUntil,
        amount: online!.amount,
      });

      const retried = await retryOnlinePayment(ctx(minutesLater(5)), gateway, saved.id, URLS);
      expect(retried).toMatchObject({
        redirectUrl: `https://pay.example/p2-${saved.id}`,
        amount: online!.amount,
        provider: "paysera",
        holdUntil: online!.holdUntil,
      });
      expect(gateway.requests).toHaveLength(1);
      expect(gateway.requests[0]).toMatchObject({
        reservationId: saved.id,
        orderId: `p2-${saved.id}`,
        amount: online!.amount,
        holdUntil: online!.holdUntil,
        email: "kartoja@example.lt",
      });
      expect((await stored(saved.id)).payment?.online).toMatchObject({
        state: "awaiting",
        attempts: 2,
        orderId: `p2-${saved.id}`,
        holdUntil: online!.holdUntil,
      });
      expect((await auditOf(saved.id)).some((entry) => entry.actor === PAYMENT_RETRY_ACTOR)).toBe(true);

      // A late failure of the first order says nothing of the second.
      expect(await paysera(saved.id, saved.id, cents, "failed", minutesLater(6))).toBe("not-paid");
      expect((await stored(saved.id)).payment?.online?.state).toBe("awaiting");

      // The second order is paid: recorded once, the booking confirmed.
      expect(await paysera(saved.id, `p2-${saved.id}`, cents, "paid", minutesLater(8))).toBe("recorded");
      const paid = await stored(saved.id);
      expect(paid.status).toBe("confirmed");
      expect(paid.payment?.online?.state).toBe("paid");

      // Paid: never reopened, never released.
      const refused = await coreRefusal(
        retryOnlinePayment(ctx(minutesLater(9)), gateway, saved.id, URLS),
        "precondition",
      );
      expect(refused.message).toBe(RETRY_MESSAGES.paid);
      expect((await publicPaymentStatus(ctx(minutesLater(9)), saved.id)).retry).toBe(false);
      expect((await releaseExpiredHolds(ctx(minutesLater(120)))).released).toEqual([]);
      expect((await stored(saved.id)).status).toBe("confirmed");
    });

    it("„Mano rezervacija“ siūlo sumokėti laukiančios rezervacijos mokėjimą ir jį pradeda dar kartą", async () => {
      const gateway = fakePaysera();
      const email = "portalas.moka@example.lt";
      const saved = await book(activeCars[8]!.id, 205, email);
      const online = (await stored(saved.id)).payment!.online!;
      const token = (await mailsOf(saved.id, email))
        .map((m) => TOKEN_IN_LINK.exec(m.text)?.[1])
        .find((t): t is string => Boolean(t));
      if (!token) throw new Error("Patvirtinimo laiške nėra nuorodos");

      const view = await openPortal(ctx(minutesLater(10)), token, { gateway });
      expect(view.payBalance).toEqual({ due: online.amount, booking: { holdUntil: online.holdUntil } });
      const started = await payPortalBalance(ctx(minutesLater(11)), gateway, token, URLS);
      expect(started).toEqual({ redirectUrl: `https://pay.example/p2-${saved.id}`, amount: online.amount });
      expect((await stored(saved.id)).payment?.online).toMatchObject({
        state: "awaiting",
        attempts: 2,
        holdUntil: online.holdUntil,
      });
      // Still unpaid when the hold runs out: released like any other.
      expect((await openPortal(ctx(minutesLater(31)), token, { gateway })).payBalance).toBeNull();
      expect((await releaseExpiredHolds(ctx(minutesLater(31)))).released).toContain(saved.number);
    });

    it("pasibaigus laikymui mokėti dar kartą nebegalima: darbas atšaukia rezervaciją (auditas, laiškas) ir automobilis laisvas", async () => {
      const gateway = fakePaysera();
      const carId = activeCars[9]!.id;
      const email = "nespejo@example.lt";
      const saved = await book(carId, 210, email);
      await coreRefusal(book(carId, 210, "kitas.laukia@example.lt", minutesLater(2)), "conflict");

      const late = await coreRefusal(
        retryOnlinePayment(ctx(minutesLater(30)), gateway, saved.id, URLS),
        "precondition",
      );
      expect(late.message).toBe(RETRY_MESSAGES.expired);
      expect(gateway.requests).toEqual([]);
      expect((await publicPaymentStatus(ctx(minutesLater(30)), saved.id)).retry).toBe(false);

      const run = await releaseExpiredHolds(ctx(minutesLater(31)));
      expect(run.released).toContain(saved.number);
      expect(await stored(saved.id)).toMatchObject({ status: "cancelled", cancelReason: HOLD_EXPIRED_REASON });
      expect(
        (await auditOf(saved.id)).some(
          (entry) =>
            entry.actor === SYSTEM_ACTOR && entry.toStatus === "cancelled" && entry.reason === HOLD_EXPIRED_REASON,
        ),
      ).toBe(true);
      const cancelled = (await mailsOf(saved.id, email)).find((m) => m.text.includes(HOLD_EXPIRED_REASON));
      expect(cancelled?.subject).toContain(saved.number);

      // The car is free again, and the cancelled booking stays closed.
      const next = await book(carId, 210, "kitas.laukia@example.lt", minutesLater(32), false);
      expect((await stored(next.id)).status).toBe("new");
      await coreRefusal(retryOnlinePayment(ctx(minutesLater(33)), gateway, saved.id, URLS), "precondition");
    });

    it("laiškai „gauta“ ir „patvirtinta“: įmonės kodas, adresas, kainos išklotinė, užstatas, atšaukimo taisyklė, sąlygos, VVTAT", async () => {
      const email = "laiskai@example.lt";
      const saved = await book(activeCars[10]!.id, 215, email);
      const online = (await stored(saved.id)).payment!.online!;
      expect(await paysera(saved.id, saved.id, Math.round(online.amount * 100), "paid", minutesLater(5))).toBe(
        "recorded",
      );
      const mails = await mailsOf(saved.id, email);
      const received = mails.find((m) => m.subject.includes("gauta"));
      const confirmed = mails.find((m) => m.subject.includes("patvirtinta"));
      if (!received || !confirmed) throw new Error(`Laiškų nėra: ${mails.map((m) => m.subject).join(", ")}`);
      const deposit = saved.quote.deposit.toFixed(2).replace(".", ",");
      for (const mail of [received, confirmed]) {
        expect(mail.text).toContain(`Įmonės kodas ${DEMO_COMPANY.companyCode}`);
        expect(mail.text).toContain(DEMO_COMPANY.address);
        expect(mail.text).toMatch(new RegExp(`Užstatas \\(grąžinamas\\): ${deposit}\\s€`));
        expect(mail.text).toContain("48 val. iki paėmimo");
        expect(mail.text).toContain("Nuomos sąlygos: https://nuoma.example/salygos");
        expect(mail.text).toContain("Valstybinė vartotojų teisių apsaugos tarnyba (VVTAT), Vilniaus g. 25, Vilnius");
        expect(mail.html).toContain('<a href="https://nuoma.example/salygos">');
        expect(mail.html).toContain('<a href="https://www.vvtat.lt">');
      }
    });
  });
}

definePaymentRetryContract("atmintyje (createMemoryStore)", async () => {
  const store = createMemoryStore();
  return { store, seed: () => writeDocuments(store, demoCoreDocuments(demo)), close: async () => undefined };
});

definePaymentRetryContract("PGlite (createPgStore)", async () => {
  const dataDir = migratedDataDir("mokejimas-dar-karta");
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
const FIRESTORE_PROJECT = "demo-ratai-mokejimas-dar-karta";

describe.skipIf(!firestoreHost)("Firestore emuliatorius", () => {
  definePaymentRetryContract("Firestore (createFirestoreDocumentStore)", async () => {
    const app = initializeApp({ projectId: FIRESTORE_PROJECT }, "mokejimas-dar-karta");
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

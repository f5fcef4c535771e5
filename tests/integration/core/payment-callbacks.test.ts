// The online pre-payment's shared adapter code (src/payments: configuration, gateway, site checkout,
// signed callbacks) that both the local server's routes and the Cloud Functions (submitReservation,
// payseraCallback, stripeWebhook) run, on the in-memory store and on Cloud Firestore's store when
// the emulator answers at FIRESTORE_EMULATOR_HOST (else "nevykdyta", skipped). Paysera's checkout is
// checked by its signed redirect and callbacks signed with ss1 (md5 with the password); Stripe's
// webhooks are signed with stripe.webhooks.generateTestHeaderString.
import { createHash } from "node:crypto";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore, Timestamp } from "firebase-admin/firestore";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirestoreDocumentStore } from "../../../functions/src/firestoreDocumentStore";
import { demoDocuments } from "../../../scripts/firebase-seed";
import { COLLECTIONS } from "../../../src/core/collections";
import { listLedger } from "../../../src/core/payments";
import type { DocumentStore } from "../../../src/core/ports";
import { submitWebReservation } from "../../../src/core/reservations";
import { createMemoryStore } from "../../../src/core/stores/memoryStore";
import type { Reservation } from "../../../src/domain/schemas";
import {
  answerPayseraCallback,
  answerStripeWebhook,
  CALLBACK_REFUSED,
  payseraFieldsFrom,
} from "../../../src/payments/callbacks";
import { PaymentConfigError, paymentConfigFromEnv } from "../../../src/payments/config";
import { paymentsFrom } from "../../../src/payments/gateway";
import { payseraDecode, payseraEncode } from "../../../src/payments/paysera";
import { checkoutFor, onlinePaymentOption } from "../../../src/payments/siteCheckout";
import { emulatorFromEnv } from "../firebase/emulators";
import {
  at,
  type CoreStoreHarness,
  demo,
  demoCoreDocuments,
  NOW,
  reservationInput,
  testContext,
  writeDocuments,
} from "./useCases.contract";

const PAYSERA_ENV = {
  PAYSERA_PROJECT_ID: "123456",
  PAYSERA_PASSWORD: "slaptas-paysera-slaptazodis",
  PAYSERA_PAY_URL: "http://127.0.0.1:9/paysera/pay/",
  PAYSERA_TEST: "1",
};
const STRIPE_ENV = { STRIPE_SECRET_KEY: "sk_test_vietinis", STRIPE_WEBHOOK_SECRET: "whsec_vietinis_testas" };
const ORIGIN = "https://ratai-demo.web.app";
const md5 = (text: string) => createHash("md5").update(text).digest("hex");
const activeCars = demo.cars.filter((c) => c.doc.status === "active");
const minutesLater = (m: number) => new Date(NOW.getTime() + m * 60_000);

describe("Mokėjimo konfigūracija iš aplinkos (ta pati serveriui ir Cloud Functions)", () => {
  it("nieko nenurodžius – mokama atsiimant; klaidos lietuviškai", () => {
    expect(paymentsFrom(paymentConfigFromEnv({})).gateway.provider).toBe("pickup");
    expect(paymentsFrom(paymentConfigFromEnv(PAYSERA_ENV)).gateway.provider).toBe("paysera");
    expect(() => paymentConfigFromEnv({ PAYSERA_PROJECT_ID: "1" })).toThrow(PaymentConfigError);
    expect(() => paymentConfigFromEnv({ ...PAYSERA_ENV, ...STRIPE_ENV })).toThrow(/nurodykite PAYMENT_PROVIDER/);
  });
});

function defineCallbacksContract(name: string, open: () => Promise<CoreStoreHarness>): void {
  describe(`Mokėjimo internetu adapteriai: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let store: DocumentStore;
    beforeAll(async () => {
      harness = await open();
      await harness.seed();
      store = harness.store;
    });
    afterAll(async () => {
      await harness?.close();
    });
    const stored = async (id: string) => (await store.get(COLLECTIONS.reservations, id))?.data as Reservation;

    it("Paysera: rezervacija gauna pasirašytą nukreipimą; blogas parašas atmetamas, geras įrašomas vieną kartą", async () => {
      const payments = paymentsFrom(paymentConfigFromEnv(PAYSERA_ENV));
      const body = reservationInput({ carId: activeCars[6]!.id, pickupAt: at(100), returnAt: at(103) });
      const created = await submitWebReservation(testContext(store), body, onlinePaymentOption(payments));
      const payment = await checkoutFor(testContext(store), payments, created, body, ORIGIN);
      expect(payment).not.toBeNull();
      const url = new URL(payment!.redirectUrl);
      expect(`${url.origin}${url.pathname}`).toBe(PAYSERA_ENV.PAYSERA_PAY_URL);
      const data = url.searchParams.get("data")!;
      expect(url.searchParams.get("sign")).toBe(md5(data + PAYSERA_ENV.PAYSERA_PASSWORD));
      const request = new URLSearchParams(payseraDecode(data));
      expect(request.get("orderid")).toBe(created.id);
      expect(Number(request.get("amount"))).toBe(Math.round(payment!.amount * 100));
      expect(request.get("accepturl")).toBe(`${ORIGIN}/mokejimas/sekmingas?r=${created.id}`);
      expect(request.get("callbackurl")).toBe(`${ORIGIN}/api/payments/paysera/callback`);
      expect((await stored(created.id)).payment?.online).toMatchObject({ state: "awaiting", provider: "paysera" });

      const signed = (password: string) => {
        const fields = new URLSearchParams({
          projectid: PAYSERA_ENV.PAYSERA_PROJECT_ID,
          orderid: created.id,
          amount: request.get("amount")!,
          currency: "EUR",
          test: "1",
          status: "1",
          requestid: "555",
        }).toString();
        const encoded = payseraEncode(fields);
        return new URLSearchParams({ data: encoded, ss1: md5(encoded + password) }).toString();
      };
      const ctx = testContext(store, minutesLater(5));
      const post = (text: string) =>
        answerPayseraCallback(
          ctx,
          payments.config.paysera,
          payseraFieldsFrom({}, "POST", "application/x-www-form-urlencoded", text),
        );

      expect(await post(signed("neteisingas"))).toEqual({ status: 400, text: CALLBACK_REFUSED });
      expect((await listLedger(ctx, created.id)).entries).toHaveLength(0);
      expect(await post(signed(PAYSERA_ENV.PAYSERA_PASSWORD))).toEqual({ status: 200, text: "OK" });
      expect(await post(signed(PAYSERA_ENV.PAYSERA_PASSWORD))).toEqual({ status: 200, text: "OK" });
      const ledger = await listLedger(ctx, created.id);
      expect(ledger.entries).toHaveLength(1);
      expect(ledger.entries[0]).toMatchObject({ method: "online", amount: payment!.amount });
      expect(await stored(created.id)).toMatchObject({ status: "confirmed", payment: { paid: payment!.amount } });
      // A JSON body that does not parse is refused, never a 500.
      expect(
        await answerPayseraCallback(
          ctx,
          payments.config.paysera,
          payseraFieldsFrom({}, "POST", "application/json", "{"),
        ),
      ).toEqual({ status: 400, text: CALLBACK_REFUSED });
    });

    it("Stripe: webhook tikrinamas su žaliu turiniu; blogas parašas – 400, geras įrašomas vieną kartą", async () => {
      const payments = paymentsFrom(paymentConfigFromEnv(STRIPE_ENV));
      const stripe = new Stripe(STRIPE_ENV.STRIPE_SECRET_KEY);
      // Booked waiting for Stripe (the session itself is the SDK's call to Stripe, covered by tests/integration/payments.test.ts).
      const created = await submitWebReservation(
        testContext(store),
        reservationInput({ carId: activeCars[7]!.id, pickupAt: at(105), returnAt: at(108) }),
        { onlinePayment: { provider: "stripe", canHoldDeposit: false } },
      );
      const amount = (await stored(created.id)).payment!.online!.amount;
      const payload = JSON.stringify({
        id: "evt_1",
        object: "event",
        type: "checkout.session.completed",
        data: {
          object: {
            id: "cs_test_1",
            object: "checkout.session",
            client_reference_id: created.id,
            metadata: { reservationId: created.id, depositHoldCents: "0" },
            amount_total: Math.round(amount * 100),
            currency: "eur",
            payment_status: "paid",
            status: "complete",
            payment_intent: "pi_test_1",
          },
        },
      });
      const ctx = testContext(store, minutesLater(5));
      const sign = (secret: string) => stripe.webhooks.generateTestHeaderString({ payload, secret });
      const bad = await answerStripeWebhook(ctx, payments, payload, sign("whsec_kitas"));
      expect(bad).toEqual({ status: 400, json: { message: CALLBACK_REFUSED } });
      expect(await answerStripeWebhook(ctx, payments, payload, undefined)).toMatchObject({ status: 400 });
      const good = await answerStripeWebhook(ctx, payments, payload, sign(STRIPE_ENV.STRIPE_WEBHOOK_SECRET));
      expect(good).toEqual({ status: 200, json: { received: true, outcome: "recorded" } });
      const again = await answerStripeWebhook(ctx, payments, payload, sign(STRIPE_ENV.STRIPE_WEBHOOK_SECRET));
      expect(again).toEqual({ status: 200, json: { received: true, outcome: "duplicate" } });
      expect((await listLedger(ctx, created.id)).entries).toHaveLength(1);
      expect((await stored(created.id)).status).toBe("confirmed");
    });

    it("nesukonfigūruotas tiekėjas: 404, nieko neįrašoma", async () => {
      const pickup = paymentsFrom(paymentConfigFromEnv({}));
      expect(onlinePaymentOption(pickup)).toEqual({});
      expect(await answerPayseraCallback(testContext(store), null, { data: "x" })).toMatchObject({ status: 404 });
      expect(await answerStripeWebhook(testContext(store), pickup, "{}", "t=1,v1=x")).toMatchObject({ status: 404 });
    });
  });
}

defineCallbacksContract("atmintyje (createMemoryStore)", async () => {
  const store = createMemoryStore();
  return { store, seed: () => writeDocuments(store, demoCoreDocuments(demo)), close: async () => undefined };
});

const firestoreHost = await emulatorFromEnv("FIRESTORE_EMULATOR_HOST", "Firestore");
const FIRESTORE_PROJECT = "demo-ratai-mokejimu-adapteriai";

describe.skipIf(!firestoreHost)("Firestore emuliatorius", () => {
  defineCallbacksContract("Firestore (createFirestoreDocumentStore)", async () => {
    const app = initializeApp({ projectId: FIRESTORE_PROJECT }, "mokejimu-adapteriai");
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

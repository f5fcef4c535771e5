// Stripe Checkout through the REAL Cloud Functions (firebase-tools' Functions emulator, offline):
// submitReservation opens the checkout session with the Stripe SDK against a local stand-in of
// Stripe's API (STRIPE_API_HOST / STRIPE_API_PROTOCOL, the same variables the local server reads),
// and stripeWebhook verifies a webhook signed with the SDK's test-header helper and records the
// payment once. The functions get the variables from firebase-tools' environment (it passes its
// own environment on to the functions it runs). Skipped, saying why, without Java 21+ or the
// Cloud SDK's Firestore emulator.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore, Timestamp } from "firebase-admin/firestore";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFunctions } from "../../../scripts/firebase-build-functions";
import { demoDocuments } from "../../../scripts/firebase-seed";
import {
  findJdk,
  firebaseToolsMissingReason,
  type RunningFirebaseTools,
  startFirebaseToolsEmulators,
} from "../../../scripts/firebase-tools-emulators";
import { buildDemoData } from "../../../server/seed/demoData";
import { vilniusDaysFromNow } from "../../helpers/api";

const PROJECT_ID = "demo-ratai-stripe";
const REGION = "us-central1";
const STRIPE = { secretKey: "sk_test_funkcijos", webhookSecret: "whsec_funkciju_testas" };
const demo = buildDemoData(new Date());

const jdk = findJdk();
const missing = firebaseToolsMissingReason(jdk);
if (missing) console.info(`nevykdyta: Stripe per tikras Cloud Functions – ${missing}`);

describe.skipIf(missing !== null)("Stripe Checkout per Cloud Functions (firebase-tools emuliatoriai)", () => {
  let emulators: RunningFirebaseTools | undefined;
  let api: Server;
  let adminApp: App;
  let db: Firestore;
  const sessions: URLSearchParams[] = [];
  const stripe = new Stripe(STRIPE.secretKey);
  const saved: Record<string, string | undefined> = {};
  const fn = (name: string) => `http://${emulators!.addresses.functions}/${PROJECT_ID}/${REGION}/${name}`;

  beforeAll(async () => {
    // Stripe's API as the SDK calls it: POST /v1/checkout/sessions answers a session.
    api = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        if (req.method !== "POST" || req.url !== "/v1/checkout/sessions") {
          res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"nėra"}}');
          return;
        }
        const form = new URLSearchParams(body);
        sessions.push(form);
        const id = `cs_test_fn_${sessions.length}`;
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            id,
            object: "checkout.session",
            url: `http://127.0.0.1:9/stripe/pay/${id}`,
            amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
            currency: "eur",
            client_reference_id: form.get("client_reference_id"),
            payment_status: "unpaid",
            status: "open",
          }),
        );
      });
    });
    await new Promise<void>((done) => api.listen(0, "127.0.0.1", done));
    const env = {
      STRIPE_SECRET_KEY: STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
      STRIPE_API_HOST: `127.0.0.1:${(api.address() as AddressInfo).port}`,
      STRIPE_API_PROTOCOL: "http",
      PUBLIC_URL: "http://svetaine.test",
    };
    for (const [name, value] of Object.entries(env)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
    await buildFunctions({ typecheck: false });
    emulators = await startFirebaseToolsEmulators({
      projectId: PROJECT_ID,
      jdk: jdk!,
      only: ["firestore", "functions"],
    });
    process.env.FIRESTORE_EMULATOR_HOST = emulators.addresses.firestore;
    adminApp = initializeApp({ projectId: PROJECT_ID }, "stripe-funkcijos");
    db = getFirestore(adminApp);
    const docs = demoDocuments(demo, (iso) => Timestamp.fromDate(new Date(iso)));
    for (let start = 0; start < docs.length; start += 400) {
      const batch = db.batch();
      for (const item of docs.slice(start, start + 400))
        batch.set(db.collection(item.collection).doc(item.id), item.data);
      await batch.commit();
    }
  }, 300_000);

  afterAll(async () => {
    if (adminApp) await deleteApp(adminApp);
    await emulators?.stop();
    await new Promise((done) => api?.close(done));
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    delete process.env.FIRESTORE_EMULATOR_HOST;
  });

  const callable = async (name: string, data: unknown) => {
    const response = await fetch(fn(name), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const postWebhook = async (payload: string, secret = STRIPE.webhookSecret) => {
    const response = await fetch(fn("stripeWebhook"), {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      body: payload,
    });
    return { status: response.status, text: await response.text() };
  };

  it("submitReservation sukuria sesiją vietiniame Stripe API; pasirašytas webhook įrašo mokėjimą vieną kartą", async () => {
    const car = demo.cars.find((c) => c.doc.status === "active")!;
    const location = demo.locations[0]!;
    // Beyond the demo's 60 days: the car is free.
    const period = { pickupAt: vilniusDaysFromNow(75, "10:00"), returnAt: vilniusDaysFromNow(78, "10:00") };
    const submitted = await callable("submitReservation", {
      carId: car.id,
      ...period,
      pickupLocationId: location.id,
      returnLocationId: location.id,
      extras: [],
      customer: {
        firstName: "Rūta",
        lastName: "Stripaitė",
        email: "ruta.stripe@pavyzdys.lt",
        phone: "+370 612 34567",
        birthDate: "1985-04-12",
        licenceNumber: "LT7000001",
      },
      comment: "",
      acceptTerms: true,
    });
    expect(submitted.status, JSON.stringify(submitted.body).slice(0, 400)).toBe(200);
    const created = submitted.body.result as {
      id: string;
      number: string;
      quote: { total: number };
      payment: { provider: string; amount: number; redirectUrl: string } | null;
    };
    expect(created.payment?.provider).toBe("stripe");
    expect(created.payment?.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:9\/stripe\/pay\/cs_test_fn_\d+$/);
    // The session was opened at the stand-in with the server's amount, not a browser's.
    expect(sessions).toHaveLength(1);
    const form = sessions[0]!;
    const cents = Math.round(created.payment!.amount * 100);
    expect(cents).toBeGreaterThan(0);
    expect(Number(form.get("line_items[0][price_data][unit_amount]"))).toBe(cents);
    expect(form.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(form.get("client_reference_id")).toBe(created.id);
    expect(form.get("success_url")).toBe(`http://svetaine.test/mokejimas/sekmingas?r=${created.id}`);
    const waiting = (await db.collection("reservations").doc(created.id).get()).data()!;
    expect(waiting.status).toBe("new");
    expect(waiting.payment.online).toMatchObject({
      provider: "stripe",
      state: "awaiting",
      amount: created.payment!.amount,
    });

    const session = {
      id: created.payment!.redirectUrl.split("/").pop(),
      object: "checkout.session",
      client_reference_id: created.id,
      metadata: { reservationId: created.id, depositHoldCents: "0" },
      amount_total: cents,
      currency: "eur",
      payment_intent: "pi_test_funkcijos",
      payment_status: "paid",
      status: "complete",
    };
    const payload = JSON.stringify({
      id: "evt_funkcijos_1",
      object: "event",
      type: "checkout.session.completed",
      data: { object: session },
    });
    // A wrong signature is refused and records nothing.
    expect((await postWebhook(payload, "whsec_svetimas")).status).toBe(400);
    expect((await db.collection("payments").where("reservationId", "==", created.id).get()).size).toBe(0);

    const first = await postWebhook(payload);
    expect(first.status, first.text).toBe(200);
    expect(JSON.parse(first.text)).toMatchObject({ outcome: "recorded" });
    const repeat = await postWebhook(payload);
    expect(repeat.status).toBe(200);
    expect(JSON.parse(repeat.text)).toMatchObject({ outcome: "duplicate" });

    const ledger = await db.collection("payments").where("reservationId", "==", created.id).get();
    expect(ledger.size).toBe(1);
    expect(ledger.docs[0]!.data()).toMatchObject({
      method: "online",
      provider: "stripe",
      providerPaymentId: "pi_test_funkcijos",
      amount: created.payment!.amount,
    });
    const paid = (await db.collection("reservations").doc(created.id).get()).data()!;
    expect(paid.status).toBe("confirmed");
    expect(paid.payment).toMatchObject({ paid: created.payment!.amount, online: { state: "paid" } });
    expect(paid._unpaid).toBe(created.payment!.amount < created.quote.total);
  });
});

// Payments over HTTP (src/core/payments.ts does the work):
//   GET  /api/admin/reservations/:id/payments   the ledger: { reservationId, number, entries, summary, online }
//   POST /api/admin/reservations/:id/payments   a new entry { amount, method, kind, reference }: 201 { entry, summary }
//   PUT, PATCH, DELETE on the ledger or an entry: 405 (append-only: a correction is a new entry)
//   POST /api/payments/paysera/callback         Paysera's signed callback (form, query or JSON): "OK"
//   POST /api/payments/stripe/webhook           Stripe's signed webhook: { received: true }
//   GET  /api/payments/status/:reservationId    the site's return page: { number, state, amount, status }
// A callback that does not verify, or names a wrong amount or currency, is answered 400 and logged;
// a repeat of a recorded one is answered as the first was and records nothing.
import { type Context, Hono } from "hono";
import {
  addLedgerEntry,
  listLedger,
  PaymentRefusedError,
  publicPaymentStatus,
  recordVerifiedPayment,
} from "../../src/core/payments";
import type { StaffActor } from "../../src/core/writes";
import { coreFor } from "../core";
import { currentUser } from "../http/auth";
import { readJsonObject } from "../http/body";
import type { AppEnv } from "../http/context";
import { ApiError } from "../http/errors";
import { log } from "../log";
import { paymentsFor } from "../payments/gateway";
import { type PayseraCallbackFields, PayseraSignatureError, verifyPayseraCallback } from "../payments/paysera";
import { StripeSignatureError, verifyStripeWebhook } from "../payments/stripe";

export const LEDGER_APPEND_ONLY =
  "Mokėjimų įrašai nekeičiami ir netrinami: klaidą ištaisykite nauju įrašu (pvz., grąžinimu)";
export const PAYSERA_CALLBACK_PATH = "/api/payments/paysera/callback";
export const CALLBACK_REFUSED = "Mokėjimo pranešimas atmestas";

function staffActor(c: Context<AppEnv>): StaffActor {
  const user = currentUser(c);
  return { email: user.email, role: user.role === "admin" ? "admin" : "staff" };
}

export function paymentAdminRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/reservations/:id/payments", async (c) =>
    c.json(await listLedger(coreFor(c.get("deps").db), c.req.param("id")), 200),
  );
  app.post("/reservations/:id/payments", async (c) => {
    const body = await readJsonObject(c);
    return c.json(await addLedgerEntry(coreFor(c.get("deps").db), c.req.param("id"), body, staffActor(c)), 201);
  });
  const refuse = (c: Context<AppEnv>) => {
    c.header("Allow", "GET, POST");
    return c.json({ message: LEDGER_APPEND_ONLY }, 405);
  };
  for (const path of ["/reservations/:id/payments", "/reservations/:id/payments/:entryId"]) {
    app.put(path, refuse);
    app.patch(path, refuse);
    app.delete(path, refuse);
  }
  app.get("/reservations/:id/payments/:entryId", refuse);
  return app;
}

/** Paysera's fields from the query, a form body or a JSON body. */
async function payseraFields(c: Context<AppEnv>): Promise<PayseraCallbackFields> {
  const fields: Record<string, string> = { ...c.req.query() };
  if (c.req.method === "POST") {
    const type = c.req.header("content-type") ?? "";
    const text = await c.req.text();
    if (type.includes("application/json")) {
      try {
        const parsed = JSON.parse(text) as Record<string, unknown>;
        for (const [key, value] of Object.entries(parsed)) if (typeof value === "string") fields[key] = value;
      } catch {
        throw new ApiError(400, CALLBACK_REFUSED);
      }
    } else {
      for (const [key, value] of new URLSearchParams(text)) fields[key] = value;
    }
  }
  return { data: fields.data, ss1: fields.ss1, ss2: fields.ss2, ss3: fields.ss3 };
}

export function paymentPublicRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Checked when the server starts: a wrong configuration stops it with a Lithuanian message.
  const payments = paymentsFor();

  const paysera = async (c: Context<AppEnv>) => {
    const config = payments.config.paysera;
    if (!config) throw new ApiError(404, "Paysera nesukonfigūruota");
    let verified: ReturnType<typeof verifyPayseraCallback>;
    try {
      verified = verifyPayseraCallback(config, await payseraFields(c));
    } catch (error) {
      if (error instanceof PayseraSignatureError) {
        log.warn(`Atmestas Paysera pranešimas: ${error.message}`);
        return c.text(CALLBACK_REFUSED, 400);
      }
      throw error;
    }
    try {
      await recordVerifiedPayment(coreFor(c.get("deps").db), verified);
    } catch (error) {
      if (error instanceof PaymentRefusedError) return c.text(`${CALLBACK_REFUSED}: ${error.message}`, 400);
      throw error;
    }
    // Paysera expects exactly "OK" once the callback is accepted.
    return c.text("OK", 200);
  };
  app.post("/paysera/callback", paysera);
  app.get("/paysera/callback", paysera);

  app.post("/stripe/webhook", async (c) => {
    const config = payments.config.stripe;
    if (!config || !payments.stripe) throw new ApiError(404, "Stripe nesukonfigūruotas");
    const raw = await c.req.text();
    let verified: ReturnType<typeof verifyStripeWebhook>;
    try {
      verified = verifyStripeWebhook(payments.stripe, config, raw, c.req.header("stripe-signature"));
    } catch (error) {
      if (error instanceof StripeSignatureError) {
        log.warn(`Atmestas Stripe pranešimas: ${error.message}`);
        return c.json({ message: CALLBACK_REFUSED }, 400);
      }
      throw error;
    }
    if (!verified) return c.json({ received: true, ignored: true }, 200);
    try {
      const outcome = await recordVerifiedPayment(coreFor(c.get("deps").db), verified);
      return c.json({ received: true, outcome }, 200);
    } catch (error) {
      if (error instanceof PaymentRefusedError)
        return c.json({ message: `${CALLBACK_REFUSED}: ${error.message}` }, 400);
      throw error;
    }
  });

  app.get("/status/:id", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await publicPaymentStatus(coreFor(c.get("deps").db), c.req.param("id")), 200);
  });
  return app;
}

// Payments over HTTP (src/core/payments.ts does the work):
//   PUT, PATCH, DELETE on the ledger or an entry: 405 (append-only: a correction is a new entry); the
//   ledger's GET and POST /api/admin/reservations/:id/payments are the registry's (src/core/actions/payments.ts)
//   POST /api/payments/paysera/callback         Paysera's signed callback (form, query or JSON): "OK"
//   POST /api/payments/stripe/webhook           Stripe's signed webhook: { received: true }
//   GET  /api/payments/status/:reservationId    the site's return page: { number, state, amount, status, holdUntil, retry }
//   POST /api/payments/retry/:reservationId     "Mokėti dar kartą" on the cancel page: { redirectUrl, amount, provider, holdUntil }
// A callback that does not verify, or names a wrong amount or currency, is answered 400 and logged;
// a repeat of a recorded one is answered as the first was and records nothing
// (src/payments/callbacks.ts, shared with the Cloud Functions).
import { type Context, Hono } from "hono";
import { publicPaymentStatus } from "../../src/core/payments";
import {
  answerPayseraCallback,
  answerStripeWebhook,
  type CallbackAnswer,
  payseraFieldsFrom,
} from "../../src/payments/callbacks";
import type { Payments } from "../../src/payments/gateway";
import { PAYSERA_CALLBACK_PATH, retryCheckoutFor } from "../../src/payments/siteCheckout";
import { coreFor } from "../core";
import type { AppEnv } from "../http/context";
import { refusedRoutes } from "../http/refused";
import { siteOrigin } from "../payments/siteCheckout";
import { privateFilesFor } from "../services/privateFiles";

export const LEDGER_APPEND_ONLY =
  "Mokėjimų įrašai nekeičiami ir netrinami: klaidą ištaisykite nauju įrašu (pvz., grąžinimu)";
export { CALLBACK_REFUSED } from "../../src/payments/callbacks";
export { PAYSERA_CALLBACK_PATH };

export function paymentAdminRoutes(): Hono<AppEnv> {
  return refusedRoutes(
    {
      "/reservations/:id/payments": ["PUT", "PATCH", "DELETE"],
      "/reservations/:id/payments/:entryId": ["GET", "PUT", "PATCH", "DELETE"],
    },
    "GET, POST",
    LEDGER_APPEND_ONLY,
  );
}

/** A shared callback answer (src/payments/callbacks.ts) as a Hono response. */
function reply(c: Context<AppEnv>, answer: CallbackAnswer): Response {
  if (answer.json) return c.json(answer.json, answer.status);
  return c.text(answer.text ?? "", answer.status);
}

/** payments: the provider read when the server started (server/start.ts), where a wrong configuration stops it. */
export function paymentPublicRoutes(payments: Payments): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  const paysera = async (c: Context<AppEnv>) => {
    const fields = payseraFieldsFrom(
      c.req.query(),
      c.req.method,
      c.req.header("content-type") ?? "",
      c.req.method === "POST" ? await c.req.text() : "",
    );
    const { db, config } = c.get("deps");
    const documents = { files: privateFilesFor(config, db) };
    return reply(c, await answerPayseraCallback(coreFor(db), payments.config.paysera, fields, documents));
  };
  app.post("/paysera/callback", paysera);
  app.get("/paysera/callback", paysera);

  app.post("/stripe/webhook", async (c) => {
    const raw = await c.req.text();
    const { db, config } = c.get("deps");
    const answer = await answerStripeWebhook(coreFor(db), payments, raw, c.req.header("stripe-signature"), {
      files: privateFilesFor(config, db),
    });
    return reply(c, answer);
  });

  app.get("/status/:id", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await publicPaymentStatus(coreFor(c.get("deps").db), c.req.param("id")), 200);
  });

  // The reservation's id (a random id only its visitor has, from the provider's return address)
  // is the key, as for the status; the core refuses anything but a booking still waiting for payment.
  app.post("/retry/:id", async (c) => {
    c.header("Cache-Control", "no-store");
    const deps = c.get("deps");
    const origin = siteOrigin(c, deps.config);
    return c.json(await retryCheckoutFor(coreFor(deps.db), payments, c.req.param("id"), origin), 200);
  });
  return app;
}

// The providers' signed callbacks, the same for the local server (server/routes/payments.ts) and
// the Cloud Functions (payseraCallback, stripeWebhook): verify the signature with the provider's
// code, record through the core (recordVerifiedPayment, idempotent) and say what to answer.
// A callback that does not verify, or names a wrong amount or currency, is answered 400 and logged.

import type { InvoiceDeps } from "../core/invoices";
import { PaymentRefusedError, recordVerifiedPayment } from "../core/payments";
import type { CoreContext } from "../core/ports";
import type { PayseraConfig } from "./config";
import type { Payments } from "./gateway";
import { type PayseraCallbackFields, PayseraSignatureError, verifyPayseraCallback } from "./paysera";
import { StripeSignatureError, verifyStripeWebhook } from "./stripe";

export const CALLBACK_REFUSED = "Mokėjimo pranešimas atmestas";

export type CallbackAnswer =
  | { status: 200 | 400 | 404; text: string; json?: undefined }
  | { status: 200 | 400 | 404; json: Record<string, unknown>; text?: undefined };

/** Paysera's fields from the query, and a form or JSON body; null when a JSON body does not parse. */
export function payseraFieldsFrom(
  query: Record<string, string>,
  method: string,
  contentType: string,
  body: string,
): PayseraCallbackFields | null {
  const fields: Record<string, string> = { ...query };
  if (method === "POST") {
    if (contentType.includes("application/json")) {
      try {
        const parsed = JSON.parse(body) as Record<string, unknown>;
        for (const [key, value] of Object.entries(parsed)) if (typeof value === "string") fields[key] = value;
      } catch {
        return null;
      }
    } else {
      for (const [key, value] of new URLSearchParams(body)) fields[key] = value;
    }
  }
  return { data: fields.data, ss1: fields.ss1, ss2: fields.ss2, ss3: fields.ss3 };
}

export async function answerPayseraCallback(
  core: CoreContext,
  config: PayseraConfig | null,
  fields: PayseraCallbackFields | null,
  documents: InvoiceDeps | null = null,
): Promise<CallbackAnswer> {
  if (!config) return { status: 404, json: { message: "Paysera nesukonfigūruota" } };
  if (!fields) return { status: 400, text: CALLBACK_REFUSED };
  let verified: ReturnType<typeof verifyPayseraCallback>;
  try {
    verified = verifyPayseraCallback(config, fields);
  } catch (error) {
    if (error instanceof PayseraSignatureError) {
      core.log.warn(`Atmestas Paysera pranešimas: ${error.message}`);
      return { status: 400, text: CALLBACK_REFUSED };
    }
    throw error;
  }
  try {
    await recordVerifiedPayment(core, verified, documents);
  } catch (error) {
    if (error instanceof PaymentRefusedError) return { status: 400, text: `${CALLBACK_REFUSED}: ${error.message}` };
    throw error;
  }
  // Paysera expects exactly "OK" once the callback is accepted.
  return { status: 200, text: "OK" };
}

export async function answerStripeWebhook(
  core: CoreContext,
  payments: Payments,
  rawBody: string,
  signature: string | undefined,
  documents: InvoiceDeps | null = null,
): Promise<CallbackAnswer> {
  const config = payments.config.stripe;
  if (!config || !payments.stripe) return { status: 404, json: { message: "Stripe nesukonfigūruotas" } };
  let verified: ReturnType<typeof verifyStripeWebhook>;
  try {
    verified = verifyStripeWebhook(payments.stripe, config, rawBody, signature);
  } catch (error) {
    if (error instanceof StripeSignatureError) {
      core.log.warn(`Atmestas Stripe pranešimas: ${error.message}`);
      return { status: 400, json: { message: CALLBACK_REFUSED } };
    }
    throw error;
  }
  if (!verified) return { status: 200, json: { received: true, ignored: true } };
  try {
    const outcome = await recordVerifiedPayment(core, verified, documents);
    return { status: 200, json: { received: true, outcome } };
  } catch (error) {
    if (error instanceof PaymentRefusedError)
      return { status: 400, json: { message: `${CALLBACK_REFUSED}: ${error.message}` } };
    throw error;
  }
}

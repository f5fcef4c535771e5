// Stripe Checkout: a Checkout Session per reservation (the amount and currency are the server's),
// the visitor pays on Stripe's page, and Stripe's webhook (signed with the endpoint's secret,
// checked by stripe.webhooks.constructEvent) says what happened. Optionally the deposit is held
// on the card too: the session's payment is then authorised only (capture_method "manual") and
// staff capture or release it in Stripe's dashboard, recording the deposit's release in the ledger.
import Stripe from "stripe";
import {
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentGateway,
  PaymentProviderError,
  type VerifiedPayment,
} from "../core/paymentPort";
import { toCents } from "../domain/payments";
import type { StripeConfig } from "./config";

export function stripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    ...(config.apiHost ? { host: config.apiHost } : {}),
    ...(config.apiPort ? { port: config.apiPort } : {}),
    protocol: config.apiProtocol,
    telemetry: false,
    maxNetworkRetries: 1,
    timeout: 20_000,
  });
}

/** Stripe wants a session to live at least 30 minutes and at most 24 hours. */
function sessionExpiry(holdUntil: string, now: number): number {
  const min = now + 31 * 60_000;
  const max = now + 23 * 3_600_000;
  return Math.floor(Math.min(max, Math.max(min, Date.parse(holdUntil))) / 1000);
}

export async function createStripeCheckout(stripe: Stripe, request: CheckoutRequest): Promise<CheckoutSession> {
  const hold = request.depositHold > 0;
  const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [
    {
      quantity: 1,
      price_data: {
        currency: "eur",
        unit_amount: toCents(request.amount),
        product_data: { name: request.description },
      },
    },
  ];
  if (hold) {
    lineItems.push({
      quantity: 1,
      price_data: {
        currency: "eur",
        unit_amount: toCents(request.depositHold),
        product_data: { name: "Užstatas (rezervuojamas kortelėje, grąžinamas grąžinus automobilį)" },
      },
    });
  }
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: lineItems,
      client_reference_id: request.reservationId,
      customer_email: request.email,
      locale: "lt",
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      expires_at: sessionExpiry(request.holdUntil, Date.now()),
      metadata: {
        reservationId: request.reservationId,
        number: request.number,
        depositHoldCents: String(toCents(request.depositHold)),
      },
      payment_intent_data: {
        ...(hold ? { capture_method: "manual" as const } : {}),
        metadata: { reservationId: request.reservationId, number: request.number },
      },
    },
    // A retried request creates no second session for the same reservation.
    { idempotencyKey: `checkout-${request.orderId ?? request.reservationId}` },
  );
  if (!session.url) throw new PaymentProviderError("Stripe negrąžino mokėjimo puslapio adreso");
  return { redirectUrl: session.url, orderId: session.id };
}

export class StripeSignatureError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StripeSignatureError";
  }
}

/**
 * The webhook's event, verified with the endpoint's secret; null for event types that say nothing
 * about a checkout's payment (answered 200 and ignored).
 */
export function verifyStripeWebhook(
  stripe: Stripe,
  config: StripeConfig,
  rawBody: string,
  signature: string | undefined,
): VerifiedPayment | null {
  if (!signature) throw new StripeSignatureError("trūksta Stripe-Signature antraštės");
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
  } catch (error) {
    throw new StripeSignatureError("neteisingas parašas", { cause: error });
  }
  const types = [
    "checkout.session.completed",
    "checkout.session.async_payment_succeeded",
    "checkout.session.async_payment_failed",
    "checkout.session.expired",
  ];
  if (!types.includes(event.type)) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  const reservationId = session.client_reference_id ?? session.metadata?.reservationId ?? "";
  const depositHoldCents = Number(session.metadata?.depositHoldCents ?? "0");
  const manual = depositHoldCents > 0;
  let outcome: VerifiedPayment["outcome"];
  if (event.type === "checkout.session.async_payment_failed" || event.type === "checkout.session.expired") {
    outcome = "failed";
  } else if (session.payment_status === "paid" || (manual && session.status === "complete")) {
    // Paid, or (deposit hold) authorised on the card.
    outcome = "paid";
  } else {
    outcome = "pending";
  }
  const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  return {
    provider: "stripe",
    reservationId,
    providerPaymentId: intent ?? session.id,
    amountCents: session.amount_total ?? -1,
    currency: session.currency ?? "",
    depositHoldCents: Number.isSafeInteger(depositHoldCents) ? depositHoldCents : -1,
    outcome,
  };
}

export function stripeGateway(config: StripeConfig, stripe: Stripe = stripeClient(config)): PaymentGateway {
  return {
    provider: "stripe",
    canHoldDeposit: true,
    startCheckout: (request) => createStripeCheckout(stripe, request),
  };
}

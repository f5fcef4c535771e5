// The public booking's online pre-payment: what submitWebReservation needs to store a reservation
// waiting for payment, and the provider's page to send the visitor to. Shared by the local server
// (server/routes/site.ts) and the Cloud Functions' submitReservation callable.
import { type CheckoutUrls, retryOnlinePayment, startOnlinePayment } from "../core/payments";
import type { CoreContext } from "../core/ports";
import type { ReservationSaved, WebReservationOptions } from "../core/reservations";
import type { PaymentProvider } from "../domain/schemas";
import type { Payments } from "./gateway";

/** Where providers post their signed callbacks (the local route; Firebase Hosting rewrites it). */
export const PAYSERA_CALLBACK_PATH = "/api/payments/paysera/callback";
export const STRIPE_WEBHOOK_PATH = "/api/payments/stripe/webhook";

/** The site's payment return pages (src/site/payment). */
export const PAYMENT_SUCCESS_PATH = "/mokejimas/sekmingas";
export const PAYMENT_CANCEL_PATH = "/mokejimas/atsauktas";

export interface SitePayment {
  redirectUrl: string;
  amount: number;
  provider: PaymentProvider;
}

export const onlinePaymentOption = (payments: Payments): Pick<WebReservationOptions, "onlinePayment"> =>
  payments.gateway.provider === "pickup" ? {} : { onlinePayment: payments.gateway };

/** Opens the provider's checkout for a reservation that waits for payment; null when none waits. */
export async function checkoutFor(
  core: CoreContext,
  payments: Payments,
  created: ReservationSaved,
  body: unknown,
  origin: string,
): Promise<SitePayment | null> {
  if (!created.record.payment?.online) return null;
  const email = String((body as { customer?: { email?: unknown } })?.customer?.email ?? "").trim();
  const back = (path: string) => `${origin}${path}?r=${encodeURIComponent(created.id)}`;
  return startOnlinePayment(
    core,
    payments.gateway,
    created.id,
    {
      successUrl: back(PAYMENT_SUCCESS_PATH),
      cancelUrl: back(PAYMENT_CANCEL_PATH),
      callbackUrl: `${origin}${PAYSERA_CALLBACK_PATH}`,
    },
    email,
  );
}

/** Where a retried booking payment sends the visitor back: the same return pages as the first try. */
export function siteCheckoutUrls(origin: string, reservationId: string): CheckoutUrls {
  const base = origin.replace(/\/+$/, "");
  const back = (path: string) => `${base}${path}?r=${encodeURIComponent(reservationId)}`;
  return {
    successUrl: back(PAYMENT_SUCCESS_PATH),
    cancelUrl: back(PAYMENT_CANCEL_PATH),
    callbackUrl: `${base}${PAYSERA_CALLBACK_PATH}`,
  };
}

/** "Mokėti dar kartą" on the payment cancel page (POST /api/payments/retry/:id): the provider's page again. */
export async function retryCheckoutFor(
  core: CoreContext,
  payments: Payments,
  reservationId: string,
  origin: string,
): Promise<SitePayment & { holdUntil: string }> {
  return retryOnlinePayment(core, payments.gateway, reservationId, siteCheckoutUrls(origin, reservationId));
}

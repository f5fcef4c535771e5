// The public booking's online pre-payment: what submitWebReservation needs to store a reservation
// waiting for payment, and the provider's page to send the visitor to. Shared by the local server
// (server/routes/site.ts) and the Cloud Functions' submitReservation callable.
import { startOnlinePayment } from "../core/payments";
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

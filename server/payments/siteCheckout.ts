// The public booking's online pre-payment on the local server: what submitWebReservation needs
// to store a reservation waiting for payment, and the provider's page to send the visitor to.
import type { Context } from "hono";
import { startOnlinePayment } from "../../src/core/payments";
import type { CoreContext } from "../../src/core/ports";
import type { ReservationSaved, WebReservationOptions } from "../../src/core/reservations";
import type { PaymentProvider } from "../../src/domain/schemas";
import type { Config } from "../config";
import type { Payments } from "./gateway";

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

/** The site's own address: PUBLIC_URL, or the request's origin. */
export function siteOrigin(c: Context, config: Partial<Pick<Config, "publicUrl">>): string {
  return config.publicUrl ?? new URL(c.req.url).origin;
}

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
      callbackUrl: `${origin}/api/payments/paysera/callback`,
    },
    email,
  );
}

// The public booking's online pre-payment on the local server: the shared part is
// src/payments/siteCheckout.ts; here only the site's address from the request.
import type { Context } from "hono";
import type { Config } from "../config";

export {
  checkoutFor,
  onlinePaymentOption,
  PAYMENT_CANCEL_PATH,
  PAYMENT_SUCCESS_PATH,
  type SitePayment,
} from "../../src/payments/siteCheckout";

/** The site's own address: PUBLIC_URL, or the request's origin. */
export function siteOrigin(c: Context, config: Partial<Pick<Config, "publicUrl">>): string {
  return config.publicUrl ?? new URL(c.req.url).origin;
}

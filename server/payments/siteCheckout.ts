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

/**
 * The site's own address for the payment provider's return and callback addresses: PUBLIC_URL.
 * Without it, only the demo takes the request's origin; otherwise a forged Host header could
 * send a customer's payment return (and the provider's callback) to someone else's site, so
 * the server's own local address is used (and the start-up log asks for PUBLIC_URL).
 */
export function siteOrigin(c: Context, config: Partial<Pick<Config, "publicUrl" | "demo" | "port">>): string {
  if (config.publicUrl) return config.publicUrl;
  if (config.demo) return new URL(c.req.url).origin;
  return `http://localhost:${config.port ?? 3000}`;
}

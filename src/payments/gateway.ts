// The payment gateway for a configuration (src/payments/config.ts): Paysera, Stripe Checkout or
// "pay at pick-up". Used by the local server (server/start.ts, once per start) and the Cloud Functions.
import type Stripe from "stripe";
import { type PaymentGateway, payAtPickup } from "../core/paymentPort";
import type { PaymentConfig } from "./config";
import { payseraGateway } from "./paysera";
import { stripeClient, stripeGateway } from "./stripe";

export interface Payments {
  config: PaymentConfig;
  gateway: PaymentGateway;
  /** present when Stripe is configured (its webhook is verified with it) */
  stripe: Stripe | null;
}

export function paymentsFrom(config: PaymentConfig): Payments {
  const stripe = config.stripe ? stripeClient(config.stripe) : null;
  let gateway: PaymentGateway = payAtPickup;
  if (config.provider === "paysera" && config.paysera) gateway = payseraGateway(config.paysera);
  if (config.provider === "stripe" && config.stripe && stripe) gateway = stripeGateway(config.stripe, stripe);
  return { config, gateway, stripe };
}

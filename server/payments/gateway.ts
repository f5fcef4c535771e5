// The process's payment gateway, from the configuration (server/payments/config.ts).
import type Stripe from "stripe";
import { type PaymentGateway, payAtPickup } from "../../src/core/paymentPort";
import { type PaymentConfig, paymentConfig } from "./config";
import { payseraGateway } from "./paysera";
import { stripeClient, stripeGateway } from "./stripe";

export interface Payments {
  config: PaymentConfig;
  gateway: PaymentGateway;
  /** present when Stripe is configured (its webhook is verified with it) */
  stripe: Stripe | null;
}

let cached: Payments | null = null;

export function paymentsFor(config: PaymentConfig = paymentConfig()): Payments {
  if (cached && cached.config === config) return cached;
  const stripe = config.stripe ? stripeClient(config.stripe) : null;
  let gateway: PaymentGateway = payAtPickup;
  if (config.provider === "paysera" && config.paysera) gateway = payseraGateway(config.paysera);
  if (config.provider === "stripe" && config.stripe && stripe) gateway = stripeGateway(config.stripe, stripe);
  cached = { config, gateway, stripe };
  return cached;
}

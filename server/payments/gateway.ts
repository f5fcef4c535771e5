// The process's payment gateway, from the configuration (server/payments/config.ts; built by src/payments/gateway.ts).
import { type Payments, paymentsFrom } from "../../src/payments/gateway";
import { type PaymentConfig, paymentConfig } from "./config";

export type { Payments } from "../../src/payments/gateway";

let cached: Payments | null = null;

export function paymentsFor(config: PaymentConfig = paymentConfig()): Payments {
  if (cached && cached.config === config) return cached;
  cached = paymentsFrom(config);
  return cached;
}

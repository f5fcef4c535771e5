// Online payment configuration of the local server: the shared reading of the environment
// (src/payments/config.ts), its mistakes reported as ConfigErrors when the server starts.
import {
  type PaymentConfig,
  PaymentConfigError,
  paymentConfigFromEnv as readPaymentConfig,
} from "../../src/payments/config";
import { ConfigError } from "../config";

export type { PaymentConfig, PayseraConfig, StripeConfig } from "../../src/payments/config";
export { PAYSERA_DEFAULT_PAY_URL } from "../../src/payments/config";

export function paymentConfigFromEnv(env: Record<string, string | undefined>): PaymentConfig {
  try {
    return readPaymentConfig(env);
  } catch (error) {
    if (error instanceof PaymentConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

// Online payment configuration from the environment (README „Mokėjimai internetu“), shared by the
// local server (server/payments/config.ts) and the Cloud Functions. Nothing set: "pay at pick-up".
// Mistakes are PaymentConfigErrors with Lithuanian messages.
import { readFileSync } from "node:fs";

export class PaymentConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentConfigError";
  }
}

export interface PayseraConfig {
  projectId: string;
  password: string;
  /** Paysera's public key (PEM) for ss2/ss3; null: only ss1 (md5 with the password) is checked */
  publicKeyPem: string | null;
  payUrl: string;
  /** accept Paysera's test payments (test=1) */
  test: boolean;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** tests and stubs: another API host ("127.0.0.1:4242"), and http */
  apiHost: string | null;
  apiPort: number | null;
  apiProtocol: "http" | "https";
}

export interface PaymentConfig {
  provider: "pickup" | "paysera" | "stripe";
  paysera: PayseraConfig | null;
  stripe: StripeConfig | null;
}

type Env = Record<string, string | undefined>;
const value = (env: Env, name: string): string | null => {
  const v = env[name]?.trim();
  return v ? v : null;
};

export const PAYSERA_DEFAULT_PAY_URL = "https://www.paysera.com/pay/";

function payseraFrom(env: Env): PayseraConfig | null {
  const projectId = value(env, "PAYSERA_PROJECT_ID");
  const password = value(env, "PAYSERA_PASSWORD");
  if (!projectId && !password) return null;
  if (!projectId || !password) {
    throw new PaymentConfigError("Paysera: reikia abiejų kintamųjų PAYSERA_PROJECT_ID ir PAYSERA_PASSWORD");
  }
  if (!/^\d{1,12}$/.test(projectId)) throw new PaymentConfigError("PAYSERA_PROJECT_ID turi būti projekto numeris");
  let publicKeyPem = value(env, "PAYSERA_PUBLIC_KEY")?.replace(/\\n/g, "\n") ?? null;
  const keyFile = value(env, "PAYSERA_PUBLIC_KEY_FILE");
  if (!publicKeyPem && keyFile) {
    try {
      publicKeyPem = readFileSync(keyFile, "utf8");
    } catch {
      throw new PaymentConfigError(`PAYSERA_PUBLIC_KEY_FILE: nepavyko perskaityti failo ${keyFile}`);
    }
  }
  if (publicKeyPem && !publicKeyPem.includes("-----BEGIN")) {
    throw new PaymentConfigError(
      "PAYSERA_PUBLIC_KEY turi būti PEM formato viešasis raktas (-----BEGIN PUBLIC KEY-----)",
    );
  }
  const payUrl = value(env, "PAYSERA_PAY_URL") ?? PAYSERA_DEFAULT_PAY_URL;
  try {
    new URL(payUrl);
  } catch {
    throw new PaymentConfigError(`PAYSERA_PAY_URL turi būti adresas, o gauta „${payUrl}“`);
  }
  const test = value(env, "PAYSERA_TEST");
  return { projectId, password, publicKeyPem, payUrl, test: test === "1" || test === "true" };
}

function stripeFrom(env: Env): StripeConfig | null {
  const secretKey = value(env, "STRIPE_SECRET_KEY");
  const webhookSecret = value(env, "STRIPE_WEBHOOK_SECRET");
  if (!secretKey && !webhookSecret) return null;
  if (!secretKey || !webhookSecret) {
    throw new PaymentConfigError("Stripe: reikia abiejų kintamųjų STRIPE_SECRET_KEY ir STRIPE_WEBHOOK_SECRET");
  }
  const hostValue = value(env, "STRIPE_API_HOST");
  let apiHost: string | null = null;
  let apiPort: number | null = null;
  if (hostValue) {
    const match = /^([A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(hostValue);
    if (!match)
      throw new PaymentConfigError(
        `STRIPE_API_HOST turi būti „serveris“ arba „serveris:prievadas“, o gauta „${hostValue}“`,
      );
    apiHost = match[1] ?? null;
    apiPort = match[2] ? Number(match[2]) : null;
  }
  const protocol = value(env, "STRIPE_API_PROTOCOL") ?? "https";
  if (protocol !== "http" && protocol !== "https")
    throw new PaymentConfigError("STRIPE_API_PROTOCOL turi būti http arba https");
  return { secretKey, webhookSecret, apiHost, apiPort, apiProtocol: protocol };
}

export function paymentConfigFromEnv(env: Env): PaymentConfig {
  const paysera = payseraFrom(env);
  const stripe = stripeFrom(env);
  const chosen = value(env, "PAYMENT_PROVIDER");
  let provider: PaymentConfig["provider"];
  if (chosen) {
    if (chosen !== "pickup" && chosen !== "paysera" && chosen !== "stripe") {
      throw new PaymentConfigError(`PAYMENT_PROVIDER turi būti paysera, stripe arba pickup, o gauta „${chosen}“`);
    }
    if (chosen === "paysera" && !paysera)
      throw new PaymentConfigError("PAYMENT_PROVIDER=paysera, bet Paysera nesukonfigūruota");
    if (chosen === "stripe" && !stripe)
      throw new PaymentConfigError("PAYMENT_PROVIDER=stripe, bet Stripe nesukonfigūruotas");
    provider = chosen;
  } else if (paysera && stripe) {
    throw new PaymentConfigError(
      "Sukonfigūruotos ir Paysera, ir Stripe: nurodykite PAYMENT_PROVIDER=paysera arba stripe",
    );
  } else {
    provider = paysera ? "paysera" : stripe ? "stripe" : "pickup";
  }
  return { provider, paysera, stripe };
}

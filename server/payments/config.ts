// Online payment configuration from the environment (README „Mokėjimai internetu“). Nothing set:
// "pay at pick-up". Mistakes are reported in Lithuanian when the server starts.
import { readFileSync } from "node:fs";
import { ConfigError } from "../config";

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
    throw new ConfigError("Paysera: reikia abiejų kintamųjų PAYSERA_PROJECT_ID ir PAYSERA_PASSWORD");
  }
  if (!/^\d{1,12}$/.test(projectId)) throw new ConfigError("PAYSERA_PROJECT_ID turi būti projekto numeris");
  let publicKeyPem = value(env, "PAYSERA_PUBLIC_KEY")?.replace(/\\n/g, "\n") ?? null;
  const keyFile = value(env, "PAYSERA_PUBLIC_KEY_FILE");
  if (!publicKeyPem && keyFile) {
    try {
      publicKeyPem = readFileSync(keyFile, "utf8");
    } catch {
      throw new ConfigError(`PAYSERA_PUBLIC_KEY_FILE: nepavyko perskaityti failo ${keyFile}`);
    }
  }
  if (publicKeyPem && !publicKeyPem.includes("-----BEGIN")) {
    throw new ConfigError("PAYSERA_PUBLIC_KEY turi būti PEM formato viešasis raktas (-----BEGIN PUBLIC KEY-----)");
  }
  const payUrl = value(env, "PAYSERA_PAY_URL") ?? PAYSERA_DEFAULT_PAY_URL;
  try {
    new URL(payUrl);
  } catch {
    throw new ConfigError(`PAYSERA_PAY_URL turi būti adresas, o gauta „${payUrl}“`);
  }
  const test = value(env, "PAYSERA_TEST");
  return { projectId, password, publicKeyPem, payUrl, test: test === "1" || test === "true" };
}

function stripeFrom(env: Env): StripeConfig | null {
  const secretKey = value(env, "STRIPE_SECRET_KEY");
  const webhookSecret = value(env, "STRIPE_WEBHOOK_SECRET");
  if (!secretKey && !webhookSecret) return null;
  if (!secretKey || !webhookSecret) {
    throw new ConfigError("Stripe: reikia abiejų kintamųjų STRIPE_SECRET_KEY ir STRIPE_WEBHOOK_SECRET");
  }
  const hostValue = value(env, "STRIPE_API_HOST");
  let apiHost: string | null = null;
  let apiPort: number | null = null;
  if (hostValue) {
    const match = /^([A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(hostValue);
    if (!match)
      throw new ConfigError(`STRIPE_API_HOST turi būti „serveris“ arba „serveris:prievadas“, o gauta „${hostValue}“`);
    apiHost = match[1] ?? null;
    apiPort = match[2] ? Number(match[2]) : null;
  }
  const protocol = value(env, "STRIPE_API_PROTOCOL") ?? "https";
  if (protocol !== "http" && protocol !== "https")
    throw new ConfigError("STRIPE_API_PROTOCOL turi būti http arba https");
  return { secretKey, webhookSecret, apiHost, apiPort, apiProtocol: protocol };
}

export function paymentConfigFromEnv(env: Env): PaymentConfig {
  const paysera = payseraFrom(env);
  const stripe = stripeFrom(env);
  const chosen = value(env, "PAYMENT_PROVIDER");
  let provider: PaymentConfig["provider"];
  if (chosen) {
    if (chosen !== "pickup" && chosen !== "paysera" && chosen !== "stripe") {
      throw new ConfigError(`PAYMENT_PROVIDER turi būti paysera, stripe arba pickup, o gauta „${chosen}“`);
    }
    if (chosen === "paysera" && !paysera)
      throw new ConfigError("PAYMENT_PROVIDER=paysera, bet Paysera nesukonfigūruota");
    if (chosen === "stripe" && !stripe) throw new ConfigError("PAYMENT_PROVIDER=stripe, bet Stripe nesukonfigūruotas");
    provider = chosen;
  } else if (paysera && stripe) {
    throw new ConfigError("Sukonfigūruotos ir Paysera, ir Stripe: nurodykite PAYMENT_PROVIDER=paysera arba stripe");
  } else {
    provider = paysera ? "paysera" : stripe ? "stripe" : "pickup";
  }
  return { provider, paysera, stripe };
}

let cached: PaymentConfig | null = null;
/** The process's configuration (read once). */
export function paymentConfig(): PaymentConfig {
  cached ??= paymentConfigFromEnv(process.env);
  return cached;
}

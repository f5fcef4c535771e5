// Paysera checkout (v1.6): the visitor is sent to Paysera with `data` (the request's fields,
// url-encoded, then base64url) and `sign` = md5(data + password); Paysera calls back with `data`,
// `ss1` = md5(data + password), `ss2` (RSA/SHA-1) and `ss3` (RSA/SHA-256) signed with Paysera's
// private key. A callback counts only when ss1 matches and, with Paysera's public key configured,
// an RSA signature verifies (ss3 first; ss2 when ss3 is missing).
import { createHash, createVerify, timingSafeEqual } from "node:crypto";
import type { CheckoutRequest, CheckoutSession, PaymentGateway, VerifiedPayment } from "../core/paymentPort";
import { reservationIdOfOrder, toCents } from "../domain/payments";
import type { PayseraConfig } from "./config";

/** base64url as Paysera writes it: "+" → "-", "/" → "_" (padding kept). */
export const payseraEncode = (text: string): string =>
  Buffer.from(text, "utf8").toString("base64").replace(/\+/g, "-").replace(/\//g, "_");
export const payseraDecode = (data: string): string =>
  Buffer.from(data.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("utf8");

const md5 = (text: string): string => createHash("md5").update(text, "utf8").digest("hex");

export function payseraRequestUrl(config: PayseraConfig, request: CheckoutRequest): string {
  const params = new URLSearchParams({
    projectid: config.projectId,
    orderid: request.orderId ?? request.reservationId,
    accepturl: request.successUrl,
    cancelurl: request.cancelUrl,
    callbackurl: request.callbackUrl,
    version: "1.6",
    amount: String(toCents(request.amount)),
    currency: "EUR",
    lang: "LIT",
    p_email: request.email,
    paytext: `${request.description} (nr. [order_nr]) ([site_name])`,
    test: config.test ? "1" : "0",
  });
  const data = payseraEncode(params.toString());
  const url = new URL(config.payUrl);
  url.searchParams.set("data", data);
  url.searchParams.set("sign", md5(data + config.password));
  return url.toString();
}

export class PayseraSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PayseraSignatureError";
  }
}

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

function rsaVerifies(algorithm: "RSA-SHA256" | "RSA-SHA1", data: string, signature: string, key: string): boolean {
  try {
    const raw = Buffer.from(signature.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    return createVerify(algorithm).update(data, "utf8").verify(key, raw);
  } catch {
    return false;
  }
}

export interface PayseraCallbackFields {
  data?: string;
  ss1?: string;
  ss2?: string;
  ss3?: string;
}

/** Verifies a callback and reads it; a PayseraSignatureError when it does not verify. */
export function verifyPayseraCallback(config: PayseraConfig, fields: PayseraCallbackFields): VerifiedPayment {
  const { data, ss1, ss2, ss3 } = fields;
  if (!data || !ss1) throw new PayseraSignatureError("trūksta data arba ss1");
  if (!sameText(md5(data + config.password), ss1.toLowerCase())) throw new PayseraSignatureError("neteisingas ss1");
  if (config.publicKeyPem) {
    const ok = ss3
      ? rsaVerifies("RSA-SHA256", data, ss3, config.publicKeyPem)
      : ss2
        ? rsaVerifies("RSA-SHA1", data, ss2, config.publicKeyPem)
        : false;
    if (!ok) throw new PayseraSignatureError(ss3 || ss2 ? "neteisingas RSA parašas (ss3/ss2)" : "trūksta ss3/ss2");
  }
  const params = new URLSearchParams(payseraDecode(data));
  if (params.get("projectid") !== config.projectId) throw new PayseraSignatureError("ne mūsų projekto pranešimas");
  if (params.get("test") === "1" && !config.test) throw new PayseraSignatureError("bandomasis mokėjimas neleidžiamas");
  const orderId = params.get("orderid") ?? "";
  const status = params.get("status");
  const amount = Number(params.get("amount"));
  return {
    provider: "paysera",
    // A balance paid from "Mano rezervacija" has its own order id ("b<n>-<reservation id>").
    reservationId: reservationIdOfOrder(orderId),
    // One order is paid once: the order id names the payment (a repeat callback carries it again).
    providerPaymentId: orderId,
    amountCents: Number.isSafeInteger(amount) ? amount : -1,
    currency: params.get("currency") ?? "",
    depositHoldCents: 0,
    outcome: status === "1" ? "paid" : status === "0" ? "failed" : "pending",
  };
}

export function payseraGateway(config: PayseraConfig): PaymentGateway {
  return {
    provider: "paysera",
    canHoldDeposit: false,
    startCheckout: async (request): Promise<CheckoutSession> => ({
      redirectUrl: payseraRequestUrl(config, request),
      orderId: request.orderId ?? request.reservationId,
    }),
  };
}

// The payment port: how the site takes an online pre-payment. Adapters live with their SDKs
// (server/payments/*: Paysera, Stripe Checkout); "pay at pick-up" is what runs when nothing is
// configured. The amount is always the server's (src/domain/payments.ts onlineChargeAmount),
// never the browser's; a payment counts only from a callback whose signature verified.
import type { PaymentProvider } from "../domain/schemas";

export interface CheckoutRequest {
  /** our order id: the reservation's id */
  reservationId: string;
  /** the order id sent to the provider when it is not the reservation's id (a balance: balanceOrderId) */
  orderId?: string;
  number: string;
  /** € to charge now */
  amount: number;
  /** € to hold on the card for the deposit (Stripe manual capture), 0 for none */
  depositHold: number;
  email: string;
  /** the payment's name on the provider's page */
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** where the provider posts its signed callback (Paysera) */
  callbackUrl: string;
  /** when the car's hold runs out (the provider's session should not outlive it by much) */
  holdUntil: string;
}

export interface CheckoutSession {
  /** the provider's page the visitor is sent to */
  redirectUrl: string;
  /** the provider's id of this checkout (Stripe session id; Paysera: our order id) */
  orderId: string;
}

/** A provider's callback, after its signature verified. */
export interface VerifiedPayment {
  provider: PaymentProvider;
  /** our order id: the reservation's id */
  reservationId: string;
  /** the provider's id of the payment: a repeat callback carries the same one */
  providerPaymentId: string;
  /** what the provider says was paid, in cents, and in which currency ("EUR") */
  amountCents: number;
  currency: string;
  /** held on the card for the deposit (Stripe manual capture), in cents */
  depositHoldCents: number;
  /** paid: money taken; failed: refused or cancelled; pending: not decided yet (nothing recorded) */
  outcome: "paid" | "failed" | "pending";
}

export interface PaymentGateway {
  /** "pickup": no online payment, the customer pays at the desk */
  readonly provider: PaymentProvider | "pickup";
  /** whether the provider can hold the deposit on the card */
  readonly canHoldDeposit: boolean;
  startCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
}

/** Pay at pick-up: the default when no provider is configured. Nothing is charged online. */
export const payAtPickup: PaymentGateway = {
  provider: "pickup",
  canHoldDeposit: false,
  startCheckout: async () => {
    throw new Error("Mokėjimas internetu nesukonfigūruotas: mokama atsiimant automobilį");
  },
};

/** The provider answered a checkout request with an error (shown to the visitor in Lithuanian). */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaymentProviderError";
  }
}

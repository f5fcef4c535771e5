// Stripe Checkout and webhook verification live in src/payments/stripe.ts (shared with the Cloud Functions).
export * from "../../src/payments/stripe";

// Paysera's checkout and callback verification live in src/payments/paysera.ts (shared with the Cloud Functions).
export * from "../../src/payments/paysera";

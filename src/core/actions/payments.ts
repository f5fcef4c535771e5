// The reservation's payments ledger (append-only).
import { envelope, id, value } from "./envelope";
import { STAFF, staffAction } from "./registry";

export const paymentActions = {
  /** the reservation's payments ledger with its summary */
  reservationPayments: staffAction({
    roles: STAFF,
    args: (id: string) => ({ id }),
    input: envelope({ id }),
    http: { method: "GET", path: "/reservations/:id/payments" },
    run: ({ payments }, input, ctx) => payments.listLedger(ctx.core, input.id),
  }),
  /** a new ledger entry taken by staff (append-only); the entry and the new summary */
  addReservationPayment: staffAction({
    roles: STAFF,
    args: (id: string, body: { amount: number; method: string; kind: string; reference?: string }) => ({ id, body }),
    input: envelope({ id, body: value }),
    http: { method: "POST", path: "/reservations/:id/payments", body: "body", status: 201 },
    invalidates: ["reservations"],
    run: ({ payments }, input, ctx) => payments.addLedgerEntry(ctx.core, input.id, input.body, ctx.actor),
  }),
};

// What a reservation has been paid above its price (permoka): a paid reservation re-priced lower,
// e.g. shortened by the customer in "Mano rezervacija". Derived from the ledger's summary kept on
// the reservation (payment.paid) and the price, never stored apart, so it can never disagree with
// them; staff give it back by an approved refund (src/core/approvals.ts), which brings it to 0.
import { formatMoney, roundMoney } from "./format";
import { NOT_OWING_STATUSES, reservationTotal } from "./payments";
import type { Quote } from "./schemas";

interface PricedPaid {
  status?: string;
  quote?: Quote | null;
  returnAct?: unknown;
  payment?: { paid?: number } | null;
}

/** What was paid above the price (0 when nothing; a cancelled or no-show reservation: 0, staff decide). */
export function overpaymentOf(reservation: PricedPaid): number {
  if (NOT_OWING_STATUSES.includes(String(reservation.status))) return 0;
  const paid = typeof reservation.payment?.paid === "number" ? reservation.payment.paid : 0;
  return Math.max(0, roundMoney(paid - reservationTotal(reservation)));
}

/**
 * The reservations list's "Permoka" rule on a stored reservation: overpaymentOf() above 0, read
 * from the document as stored (a missing or non-number sum counts as 0). The local server says the
 * same in SQL (server/payments/listFilter.ts); Firestore keeps it as the `_overpaid` flag derived
 * at every write.
 */
export function isOverpaid(data: Record<string, unknown>): boolean {
  const quote = data.quote as { total?: unknown } | null | undefined;
  const payment = data.payment as { paid?: unknown } | null | undefined;
  const amount = overpaymentOf({
    status: String(data.status),
    quote: { total: typeof quote?.total === "number" ? quote.total : 0 } as Quote,
    returnAct: data.returnAct,
    payment: { paid: typeof payment?.paid === "number" ? payment.paid : 0 },
  });
  return amount > 0;
}

/** How staff see it on the reservation and in the lists. */
export const overpaymentLabel = (amount: number): string => `Permoka ${formatMoney(amount)}, grąžintina`;

/** What the customer reads after a change that leaves the reservation overpaid. */
export const portalOverpaymentMessage = (amount: number): string =>
  `Sumokėjote ${formatMoney(amount)} daugiau, nei dabar kainuoja rezervacija. Šią permoką grąžinsime: grąžinimą patvirtins mūsų darbuotojas, o pinigus pervesime per kelias darbo dienas ir apie tai pranešime el. paštu.`;

/** A change sent to staff first (the settings ask for approval), when it lowers a paid price. */
export const portalApprovalMessage =
  "Pakeitimo prašymą gavome: jį peržiūrės mūsų darbuotojas ir atsakys el. paštu. Jei nauja kaina bus mažesnė už sumokėtą sumą, permoką grąžinsime.";

// A reservation with money (ledger entries or invoices) is never deleted: src/core/moneyTrail.ts
// keeps the flag payment.moneyTrail, firestore.rules (hasMoneyTrail) and the back-office read it.

export const RESERVATION_WITH_MONEY_DELETE_REFUSED =
  "Rezervacijos, kuriai yra mokėjimų ar sąskaitų, ištrinti negalima: mokėjimai ir sąskaitos turi likti susieti su ja. Atšaukite rezervaciją (jei reikia, išrašykite kreditinę sąskaitą ar grąžinkite pinigus).";

/** The flag as firestore.rules read it (hasMoneyTrail): the flag, or money paid on a legacy summary. */
export function reservationHasMoneyFlag(data: Record<string, unknown>): boolean {
  const payment = data.payment as { moneyTrail?: unknown; paid?: unknown } | null | undefined;
  if (!payment) return false;
  return payment.moneyTrail === true || (typeof payment.paid === "number" && payment.paid !== 0);
}

// The money trail of a reservation: once it has a ledger entry (src/core/payments.ts) or an
// invoice (src/core/invoices.ts), it is never deleted, so the ledger and the invoices always point
// at a reservation. The local server asks the ledger and the invoices themselves (refuseDeletingMoney);
// Firestore's rules cannot query, so the same writes keep a flag on the reservation,
// payment.moneyTrail = true, and firestore.rules refuse to delete a reservation that has it.
import { invoiceBalance } from "../domain/creditNotes";
import { formatMoney } from "../domain/format";
import { RESERVATION_WITH_MONEY_DELETE_REFUSED } from "../domain/moneyTrail";
import { paymentSummaryDoc, summarizeLedger } from "../domain/payments";
import type { ReservationPayment } from "../domain/schemas";
import { COLLECTIONS } from "./collections";
import { CoreError } from "./errors";
import type { Reader, StoredDoc, Transaction } from "./ports";
import { reservationRecord } from "./records";

export { RESERVATION_WITH_MONEY_DELETE_REFUSED, reservationHasMoneyFlag } from "../domain/moneyTrail";

/** The payment summary with the flag set (a reservation without a ledger gets its empty summary). */
export function withMoneyTrail(found: StoredDoc): ReservationPayment {
  const current = found.data.payment as ReservationPayment | null | undefined;
  const base = current ?? paymentSummaryDoc(summarizeLedger(reservationRecord(found), []));
  return { ...base, moneyTrail: true };
}

/** Sets the flag on the reservation read in this transaction (never counting its version). */
export function markMoneyTrail(tx: Transaction, found: StoredDoc): void {
  const current = found.data.payment as ReservationPayment | null | undefined;
  if (current?.moneyTrail) return;
  tx.set(COLLECTIONS.reservations, found.id, { ...found.data, payment: withMoneyTrail(found) });
}

/** Whether the reservation has a ledger entry, an invoice or a credit note. */
export async function hasMoneyTrail(reader: Reader, reservationId: string): Promise<boolean> {
  const payments = await reader.query(COLLECTIONS.payments, {
    where: [{ field: "reservationId", op: "==", value: reservationId }],
    limit: 1,
  });
  if (payments.length > 0) return true;
  const invoices = await reader.query(COLLECTIONS.invoices, {
    where: [{ field: "reservationIds", op: "array-contains", value: reservationId }],
    limit: 1,
  });
  return invoices.length > 0;
}

/** Refuses (409) to delete a reservation with money: call in the deleting transaction. */
export async function refuseDeletingMoney(reader: Reader, reservationId: string): Promise<void> {
  if (await hasMoneyTrail(reader, reservationId)) {
    throw new CoreError("precondition", RESERVATION_WITH_MONEY_DELETE_REFUSED);
  }
}

export const INVOICED_CANCEL_REFUSED = (number: string, balance: number) =>
  `Rezervacijai išrašyta sąskaita ${number} dar galioja (${formatMoney(balance)}). Prieš atšaukdami rezervaciją išrašykite kreditinę sąskaitą (administratorius) arba pateikite prašymą ją išrašyti – sąskaitos puslapyje „Kreditinė sąskaita“.`;

/**
 * Refuses (409) to cancel a reservation whose invoice is still in force: its credit note comes
 * first (issued, or asked for and approved). Call in the cancelling transaction, before its writes.
 */
export async function refuseCancellingInvoiced(reader: Reader, reservationId: string): Promise<void> {
  const docs = await reader.query(COLLECTIONS.invoices, {
    where: [{ field: "reservationIds", op: "array-contains", value: reservationId }],
  });
  const invoices = docs.filter((doc) => doc.data.kind === "invoice");
  if (invoices.length === 0) return;
  const credits = await reader.query(COLLECTIONS.invoices, {
    where: [{ field: "creditOfId", op: "in", value: invoices.map((doc) => doc.id).slice(0, 30) }],
  });
  for (const doc of invoices) {
    const own = credits.filter((c) => c.data.creditOfId === doc.id).map((c) => c.data as { totals: { total: number } });
    const balance = invoiceBalance(doc.data as { totals: { total: number } }, own);
    if (balance > 0) throw new CoreError("precondition", INVOICED_CANCEL_REFUSED(String(doc.data.number), balance));
  }
}

// The deposit's ledger entries written by the rental desk (src/core/rentalDesk.ts): the deposit
// taken at the hand-over, applied and given back at the return. Written inside the desk's own
// transaction, under the ledger's lock, with the reservation's payment summary (the rules:
// src/domain/deposits.ts, the sums: summarizeLedger).

import type { StoredLedgerEntry } from "../domain/payments";
import { type LedgerEntry, ledgerEntrySchema, paymentSummaryDoc, summarizeLedger } from "../domain/payments";
import type { Reservation, ReservationPayment } from "../domain/schemas";
import { COLLECTIONS } from "./collections";
import { ledgerLockKey, ledgerOf } from "./payments";
import type { Transaction } from "./ports";
import { type Writer, writeAudit } from "./writes";

export type NewLedgerEntry = Pick<LedgerEntry, "amount" | "kind" | "method" | "reference">;

/** Locks the reservation's ledger in this transaction and reads it (oldest first). */
export async function lockedLedger(tx: Transaction, reservationId: string): Promise<StoredLedgerEntry[]> {
  await tx.lock(ledgerLockKey(reservationId));
  return ledgerOf(tx, reservationId);
}

/**
 * Appends the entries (never changed afterwards) with their audit entries; answers the
 * reservation's new payment summary, to be written with the reservation itself.
 */
export function writeDeskLedgerEntries(
  w: Writer,
  reservation: Pick<Reservation, "quote" | "returnAct" | "payment">,
  reservationId: string,
  before: readonly StoredLedgerEntry[],
  added: readonly NewLedgerEntry[],
  actor: string,
): ReservationPayment | null {
  if (added.length === 0 && !reservation.payment && before.length === 0) return null;
  const at = w.now.toISOString();
  const entries: LedgerEntry[] = added.map((entry) =>
    ledgerEntrySchema.parse({ reservationId, ...entry, who: actor, at }),
  );
  for (const entry of entries) {
    const id = w.store.newId(COLLECTIONS.payments);
    w.tx.set(COLLECTIONS.payments, id, { ...entry, createdAt: at, updatedAt: at });
    writeAudit(w, {
      action: "create",
      resource: "payments",
      recordId: id,
      actor,
      reservationId,
      amount: entry.amount,
      kind: entry.kind,
      method: entry.method,
    });
  }
  const summary = summarizeLedger(reservation, [...before, ...entries]);
  return paymentSummaryDoc(summary, reservation.payment?.online ?? null);
}

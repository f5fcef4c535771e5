// Advance invoices (avansinės PVM sąskaitos faktūros): VAT is due when money is received before the
// supply (PVM įstatymo 14 str. 4 d.), so an online payment (Paysera, Stripe) recorded for a rental
// not invoiced yet gets its own VAT invoice in the series settings.invoicing.advanceSeries ("IS"),
// issued by the system when the provider's verified callback is recorded (recordVerifiedPayment,
// src/core/payments.ts; the local server and the Cloud Functions call the same code). The final
// invoice deducts it ("Atskaitomas avansas pagal sąskaitą IS-…", advanceDeductions in invoices.ts),
// so the two add up to the rental per VAT rate, in the invoices and in i.SAF.
//
// One advance invoice per ledger entry: it names the entry (advance.paymentId), and a repeated
// callback only issues it when it is still missing (e.g. the first attempt failed after the
// payment was recorded). Issuing never fails the callback: a problem is logged for staff.
import { invoicingOf, sellerGaps, sellerIsVatPayer } from "../domain/invoices";
import { advanceLine } from "../domain/invoiceTerms";
import type { LedgerEntry } from "../domain/payments";
import type { Reservation } from "../domain/schemas";
import { loadSettings } from "./catalog";
import { COLLECTIONS } from "./collections";
import {
  afterIssue,
  type Draft,
  type InvoiceDeps,
  type IssuedInvoice,
  invoiceDoc,
  invoicesOfReservation,
  openInvoiceOf,
  readCar,
  readCustomer,
  takeInvoiceNumber,
  writeInvoice,
} from "./invoices";
import type { CoreContext } from "./ports";
import { reservationRecord } from "./records";

/** Who issues advance invoices in the records: the system, on the provider's confirmation. */
export const ADVANCE_ISSUER = "sistema (mokėjimas internetu)";

/** Ledger kinds that are money received for the rental (a deposit hold is not). */
const RECEIVED_KINDS: readonly LedgerEntry["kind"][] = ["advance", "rental", "charge"];
/** The rental is not supplied yet: money received now is an advance. */
const BEFORE_SUPPLY: readonly Reservation["status"][] = ["new", "confirmed", "active"];

/**
 * The advance invoice of one recorded payment (the ledger entry `paymentId`), when the payment
 * came before the rental was supplied and invoiced and the seller is a VAT payer; null otherwise.
 */
export async function issueAdvanceInvoice(
  ctx: CoreContext,
  deps: InvoiceDeps | null,
  reservationId: string,
  paymentId: string,
): Promise<IssuedInvoice | null> {
  const now = ctx.clock.now();
  try {
    const result = await ctx.store.transaction(async (tx) => {
      await tx.lock(`invoice-reservation-${reservationId}`);
      const found = await tx.get(COLLECTIONS.reservations, reservationId);
      const entryDoc = await tx.get(COLLECTIONS.payments, paymentId);
      if (!found || !entryDoc) return null;
      const entry = entryDoc.data as unknown as LedgerEntry;
      const reservation = reservationRecord(found);
      if (!RECEIVED_KINDS.includes(entry.kind) || !(entry.amount > 0)) return null;
      if (!BEFORE_SUPPLY.includes(reservation.status) || !reservation.quote) return null;
      const existing = await invoicesOfReservation(tx, reservationId);
      if (existing.some((i) => i.advance?.paymentId === paymentId)) return null;
      if (await openInvoiceOf(tx, reservationId)) return null;
      const settings = await loadSettings(tx);
      if (!sellerIsVatPayer(settings)) return null;
      const gaps = sellerGaps(settings);
      if (gaps) throw new Error(gaps);
      const customer = await readCustomer(tx, reservation.customerId);
      const car = await readCar(tx, reservation.carId);
      const draft: Draft = {
        kind: "invoice",
        settings,
        customerId: reservation.customerId,
        customer,
        reservations: [reservation],
        lines: [advanceLine(reservation, car, entry.amount, reservation.quote.vatRate)],
        creditOf: null,
        reason: "",
        period: null,
        advance: { paymentId, paidAt: entry.at },
      };
      const taken = await takeInvoiceNumber(tx, invoicingOf(settings).advanceSeries);
      const doc = invoiceDoc(draft, taken, now, ADVANCE_ISSUER, settings.company.name);
      const id = writeInvoice(tx, ctx, now, doc, taken.commit, ADVANCE_ISSUER);
      return { id, number: doc.number, total: doc.totals.total };
    });
    if (!result) return null;
    ctx.events.publish("invoices", result.id, "created");
    ctx.log.info(`Išrašyta avansinė sąskaita ${result.number} rezervacijai ${reservationId} (mokėjimas ${paymentId})`);
    if (deps) await afterIssue(ctx, deps, result.id);
    return result;
  } catch (error) {
    ctx.log.error(`Avansinė sąskaita rezervacijai ${reservationId} (mokėjimas ${paymentId}) neišrašyta`, error);
    return null;
  }
}

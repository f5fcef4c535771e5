// What an invoice says about being paid and about the supply, beside its lines: the due date
// from the payment terms (settings.invoicing.paymentTermDays, or the customer's own), the rental
// period supplied, the seller's bank account, the paid / part-paid / unpaid status from the
// reservation's payments ledger, and the advance invoices (avansinės) a final invoice deducts.
// Pure: src/core/invoices.ts and src/core/advanceInvoices.ts read the ledger and store the result.
import { formatDate, formatMoney } from "./format";
import {
  type AdvanceRef,
  grossLine,
  type InvoiceDoc,
  type InvoiceLine,
  type InvoiceTotals,
  supplyDateOf,
} from "./invoices";
import { DEFAULT_PAYMENT_TERM_DAYS, type InvoicingSettings } from "./invoicingSettings";
import type { Customer, Reservation, Settings } from "./schemas";
import { vilniusDateString } from "./time";

// ---------- due date ----------

/** The customer's payment terms, else the settings' (days). */
export const paymentTermDaysOf = (
  customer: Pick<Customer, "paymentTermDays"> | null,
  invoicing: Pick<InvoicingSettings, "paymentTermDays">,
): number => customer?.paymentTermDays ?? invoicing.paymentTermDays ?? DEFAULT_PAYMENT_TERM_DAYS;

/** The calendar day `days` after the date (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export const dueDateOf = (issueDate: string, termDays: number): string => addDays(issueDate, termDays);

// ---------- supply ----------

/** The rental period supplied: the first pick-up's and the last return's Vilnius dates. */
export function supplyPeriodOf(
  rentals: readonly Pick<Reservation, "pickupAt" | "returnAt" | "returnAct">[],
  issueDate: string,
): { from: string; to: string } | null {
  if (rentals.length === 0) return null;
  const starts = rentals.map((r) => vilniusDateString(r.pickupAt)).sort();
  return { from: starts[0] as string, to: supplyDateOf(rentals, issueDate) };
}

/** The line the PDF and the screen show about the supply (empty for a credit note without one). */
export function supplyText(invoice: Pick<InvoiceDoc, "supplyDate" | "supplyPeriod" | "advance" | "kind">): string {
  if (invoice.advance) return `Avanso gavimo data: ${formatDate(invoice.advance.paidAt)}`;
  if (invoice.kind === "credit") return "";
  const period = invoice.supplyPeriod;
  if (period && period.from !== period.to) {
    return `Paslaugų suteikimo laikotarpis: ${formatDate(period.from)} – ${formatDate(period.to)}`;
  }
  const date = period?.to ?? invoice.supplyDate;
  return date ? `Paslaugų suteikimo data: ${formatDate(date)}` : "";
}

/** The seller's bank account as settings hold it, or null when there is no IBAN. */
export function payToOf(settings: Settings): { bankName: string; iban: string } | null {
  const iban = settings.company.iban?.trim() ?? "";
  return iban ? { bankName: settings.company.bankName?.trim() ?? "", iban } : null;
}

export function payToText(payTo: { bankName: string; iban: string }): string {
  return `Banko sąskaita: ${payTo.iban}${payTo.bankName ? `, ${payTo.bankName}` : ""}`;
}

// ---------- paid status ----------

export const PAYMENT_STATUSES = ["paid", "part-paid", "unpaid"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  paid: "Apmokėta",
  "part-paid": "Apmokėta iš dalies",
  unpaid: "Neapmokėta",
};

export interface InvoicePayment {
  status: PaymentStatus;
  /** paid towards the invoice (never more than it asks) */
  paid: number;
  /** still to pay */
  balance: number;
}

const cents = (amount: number): number => Math.round(amount * 100);

/**
 * The invoice's status from what it asks (its total in force: less its credit notes) and the
 * money received towards it: paid in full, in part, or not at all. Nothing asked: paid.
 */
export function invoicePaymentOf(asked: number, received: number): InvoicePayment {
  const askedCents = Math.max(0, cents(asked));
  const paidCents = Math.min(askedCents, Math.max(0, cents(received)));
  const balance = (askedCents - paidCents) / 100;
  const status: PaymentStatus = askedCents === paidCents ? "paid" : paidCents > 0 ? "part-paid" : "unpaid";
  return { status, paid: paidCents / 100, balance };
}

/**
 * What of a reservation's payments goes towards its final invoice: the money paid (refunds
 * taken off) less the advance invoices it deducts (they were invoiced when the money came).
 */
export function receivedTowards(
  paidOnLedger: number,
  deductedAdvances: readonly Pick<InvoiceTotals, "total">[],
): number {
  const advances = deductedAdvances.reduce((sum, a) => sum + cents(a.total), 0);
  return (cents(paidOnLedger) - advances) / 100;
}

/** The PDF's and screen's sentence: "Apmokėta iš dalies: sumokėta 50,00 €, liko mokėti 846,00 €". */
export function paymentStatusText(payment: InvoicePayment): string {
  const label = PAYMENT_STATUS_LABELS[payment.status];
  if (payment.status === "paid") return `${label}: sumokėta ${formatMoney(payment.paid)}`;
  if (payment.status === "unpaid") return `${label}: mokėtina ${formatMoney(payment.balance)}`;
  return `${label}: sumokėta ${formatMoney(payment.paid)}, liko mokėti ${formatMoney(payment.balance)}`;
}

// ---------- advance invoices ----------

/** The advance invoice's one line: the money received for the rental, VAT included. */
export function advanceLine(
  reservation: Pick<Reservation, "number" | "pickupAt" | "returnAt">,
  car: { make: string; model: string } | null,
  amount: number,
  vatRate: number,
): InvoiceLine {
  const ref = reservation.number ? `, rezervacija ${reservation.number}` : "";
  const carName = car ? `${car.make} ${car.model}` : "automobilio";
  return grossLine(
    `Avansas už automobilio ${carName} nuomą ${formatDate(reservation.pickupAt)}–${formatDate(reservation.returnAt)}${ref}`,
    amount,
    vatRate,
  );
}

export const advanceDeductionText = (ref: AdvanceRef): string =>
  `Atskaitomas avansas pagal sąskaitą ${ref.number} (${formatDate(ref.issueDate)})`;

/**
 * A final invoice's lines that deduct an advance invoice: its lines negated, with the net and VAT
 * that invoice reported (so the two documents add up per rate), each naming it.
 */
export function advanceDeductionLines(
  advance: Pick<InvoiceDoc, "number" | "issueDate" | "lines"> & { id: string },
): InvoiceLine[] {
  const ref: AdvanceRef = { id: advance.id, number: advance.number, issueDate: advance.issueDate };
  const neg = (v: number) => (v === 0 ? 0 : -v);
  return advance.lines.map((line) => ({
    description: line.vatNote ? `${advanceDeductionText(ref)}: ${line.description}` : advanceDeductionText(ref),
    quantity: 1,
    unit: "vnt.",
    unitNet: neg(line.net),
    net: neg(line.net),
    vatRate: line.vatRate,
    vat: neg(line.vat),
    total: neg(line.total),
    ...(line.vatNote ? { vatNote: line.vatNote } : {}),
    advance: ref,
  }));
}

/** The advance invoices a final invoice deducted (one per advance, in the order of the lines). */
export function deductedAdvances(lines: readonly InvoiceLine[]): (AdvanceRef & { total: number })[] {
  const found = new Map<string, AdvanceRef & { total: number }>();
  for (const line of lines) {
    if (!line.advance) continue;
    const entry = found.get(line.advance.id) ?? { ...line.advance, total: 0 };
    entry.total = (cents(entry.total) - cents(line.total)) / 100;
    found.set(line.advance.id, entry);
  }
  return [...found.values()];
}

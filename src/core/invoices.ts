// Invoices (sąskaitos faktūros) and credit notes: issued from a reservation by staff or at the
// return, monthly for a business customer, corrected only by a credit note. Written once for every
// store; server/routes/invoices.ts and the Firebase callables only adapt requests to these.
//
// Numbers: each series ("RN", credit notes "KS") has a counter document, counters/invoice-<series>,
// taken under tx.lock in the invoice's own transaction, so a refused issue gives its number back and
// two issues never get the same number (PostgreSQL also has a unique index on the number). Locks
// are always taken in the same order: the reservations' (sorted), or the credited invoice's, then
// the counter; so no two transactions wait for each other in a circle.
//
// An issued invoice is never written again: nothing here replaces one (a credit note is a new
// document naming the original in creditOfId), the PostgreSQL trigger of 007_invoices.sql refuses
// any UPDATE or DELETE, and the Firestore rules let nobody write them from a browser.
import { renderInvoicePdf } from "../documents/invoicePdf";
import { inlineAttachment } from "../documents/mailAttachments";
import {
  CREDIT_MESSAGES,
  type CreditLine,
  creditLines,
  invoiceBalance,
  readPartialCreditInput,
  remainingByLine,
} from "../domain/creditNotes";
import { formatMoney } from "../domain/format";
import { InputError } from "../domain/input";
import { exactLines } from "../domain/invoiceLines";
import {
  buyerParty,
  type InvoiceDoc,
  type InvoiceLine,
  invoiceBody,
  invoiceFileName,
  invoiceNumber,
  invoicingOf,
  issueDateOf,
  monthBounds,
  NO_QUOTE_MESSAGE,
  partyCountry,
  readIssueInput,
  readMonth,
  readMonthlyInput,
  rentalEndedAt,
  reservationLines,
  reverseChargedLines,
  sellerGaps,
  sellerIsVatPayer,
  sellerParty,
  sequenceOf,
  supplyDateOf,
} from "../domain/invoices";
import {
  advanceDeductionLines,
  deductedAdvances,
  dueDateOf,
  type InvoicePayment,
  invoicePaymentOf,
  paymentTermDaysOf,
  payToOf,
  receivedTowards,
  supplyPeriodOf,
} from "../domain/invoiceTerms";
import { damageVatOf } from "../domain/invoicingSettings";
import {
  buildIsafXml,
  ISAF_REFUSED_MESSAGE,
  inVatRegister,
  isafFileName,
  isafProblems,
  NOT_VAT_PAYER_MESSAGE,
} from "../domain/isaf";
import { invoiceMailText, type OutgoingMail } from "../domain/mailTemplates";
import { type MailLanguage, mailLanguageOf } from "../domain/notifications";
import { type LedgerEntry, summarizeLedger } from "../domain/payments";
import { RESERVATION_STATUS_LABELS } from "../domain/reservationStatus";
import type { Car, Customer, Reservation, Settings } from "../domain/schemas";
import { vilniusDateString } from "../domain/time";
import { hireVatTreatment } from "../domain/vatPlaceOfSupply";
import { loadSettings } from "./catalog";
import { COLLECTIONS } from "./collections";
import { CoreError, RESERVATION_NOT_FOUND_MESSAGE } from "./errors";
import { markMoneyTrail } from "./moneyTrail";
import type { CoreContext, PrivateFiles, Reader, StoredDoc, Transaction } from "./ports";
import { carRecord, customerRecord, reservationRecord, type Stamped, toRecord } from "./records";
import { staffDisplayName } from "./staff";
import { confirmReverseCharge } from "./vies";
import { insertDoc, queueMail, type StaffActor, writeAudit, writer } from "./writes";

export interface InvoiceDeps {
  files: PrivateFiles;
  /** put the PDF into the mail itself (Firebase: the Trigger Email extension cannot read private Storage) */
  inlineMailAttachments?: boolean;
}

export type StoredInvoice = Stamped<InvoiceDoc> & { creditOfId: string | null };

export const INVOICE_NOT_FOUND_MESSAGE = "Sąskaita nerasta";
export const ALREADY_INVOICED_MESSAGE = (number: string) =>
  `Rezervacijai jau išrašyta sąskaita ${number}. Norėdami ją pakeisti, išrašykite kreditinę sąskaitą.`;
export const ALREADY_CREDITED_MESSAGE = (number: string) => `Šiai sąskaitai jau išrašyta kreditinė sąskaita ${number}`;
export const CREDIT_OF_CREDIT_MESSAGE = "Kreditinės sąskaitos kredituoti negalima";
export const NOT_BUSINESS_MESSAGE = "Mėnesio sąskaita išrašoma tik verslo klientams (įmonėms)";
export const NOTHING_TO_INVOICE_MESSAGE = (month: string) =>
  `Kliento baigtų ir dar neįtrauktų į sąskaitas nuomų ${month} mėn. nėra`;
export const INVOICEABLE_STATUSES: readonly Reservation["status"][] = ["confirmed", "active", "completed"];

const statusMessage = (status: Reservation["status"]) =>
  `Sąskaitą galima išrašyti tik patvirtintai, vykdomai ar baigtai rezervacijai (dabar: ${
    RESERVATION_STATUS_LABELS[status] ?? status
  })`;

export const invoicePdfPath = (id: string): string => `documents/saskaita-${id}.pdf`;
const counterId = (series: string): string => `invoice-${series}`;

// ---------- reading ----------

const toInvoice = (doc: { id: string; data: Record<string, unknown> }): StoredInvoice => ({
  ...toRecord<InvoiceDoc & { creditOfId: string | null }>(doc),
  creditOfId: (doc.data.creditOfId as string | null | undefined) ?? null,
});

/** Invoices (not credit notes) that name the reservation. */
export async function invoicesOfReservation(reader: Reader, reservationId: string): Promise<StoredInvoice[]> {
  const docs = await reader.query(COLLECTIONS.invoices, {
    where: [{ field: "reservationIds", op: "array-contains", value: reservationId }],
  });
  return docs.map(toInvoice);
}

async function creditNotesOf(reader: Reader, invoiceIds: string[]): Promise<StoredInvoice[]> {
  if (invoiceIds.length === 0) return [];
  const found: StoredInvoice[] = [];
  // Firestore's "in" takes at most 30 values.
  for (let i = 0; i < invoiceIds.length; i += 30) {
    const docs = await reader.query(COLLECTIONS.invoices, {
      where: [{ field: "creditOfId", op: "in", value: invoiceIds.slice(i, i + 30) }],
    });
    found.push(...docs.map(toInvoice));
  }
  return found;
}

/** The reservation's invoice still in force (issued and not wholly credited), if any. */
export async function openInvoiceOf(reader: Reader, reservationId: string): Promise<StoredInvoice | null> {
  const invoices = (await invoicesOfReservation(reader, reservationId)).filter(
    (i) => i.kind === "invoice" && !i.advance,
  );
  const credits = await creditNotesOf(
    reader,
    invoices.map((i) => i.id),
  );
  return (
    invoices.find(
      (i) =>
        invoiceBalance(
          i,
          credits.filter((c) => c.creditOfId === i.id),
        ) > 0,
    ) ?? null
  );
}

async function loadInvoice(reader: Reader, ctx: CoreContext, id: string): Promise<StoredInvoice> {
  const found = ctx.store.isId(id) ? await reader.get(COLLECTIONS.invoices, id) : null;
  if (!found) throw new CoreError("not-found", INVOICE_NOT_FOUND_MESSAGE);
  return toInvoice(found);
}

export interface InvoiceView extends StoredInvoice {
  /** the (latest) credit note that corrects this invoice, when there is one */
  creditedBy: { id: string; number: string } | null;
  /** every credit note of this invoice, oldest first */
  credits: { id: string; number: string; total: number; issueDate: string }[];
  /** what of the invoice is still in force (its total less its credit notes); a credit note: its own total */
  balance: number;
  /** what of each line is still in force (gross), for a partial credit note */
  remainingLines: number[];
  /**
   * paid / part-paid / unpaid now, from the reservations' payments ledger (getInvoice and
   * reservationInvoices; null in lists and for credit notes and invoices wholly credited)
   */
  payment?: InvoicePayment | null;
}

/** An invoice with its credit notes: the latest, all of them and the balance still in force. */
function viewOf(invoice: StoredInvoice, credits: readonly StoredInvoice[]): InvoiceView {
  const own = credits
    .filter((c) => c.creditOfId === invoice.id)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.sequence - b.sequence);
  const latest = own[own.length - 1];
  return {
    ...invoice,
    creditedBy: latest ? { id: latest.id, number: latest.number } : null,
    credits: own.map((c) => ({ id: c.id, number: c.number, total: c.totals.total, issueDate: c.issueDate })),
    balance: invoice.kind === "invoice" ? invoiceBalance(invoice, own) : invoice.totals.total,
    remainingLines: invoice.kind === "invoice" ? remainingByLine(invoice, own) : invoice.lines.map(() => 0),
  };
}

/** One invoice with its credit notes. */
export async function getInvoice(ctx: CoreContext, id: string): Promise<InvoiceView> {
  const invoice = await loadInvoice(ctx.store, ctx, id);
  const credits = invoice.kind === "invoice" ? await creditNotesOf(ctx.store, [id]) : [];
  const view = viewOf(invoice, credits);
  return { ...view, payment: await paymentOfView(ctx.store, view) };
}

/** What the reservations' ledgers hold as paid (refunds taken off), in euros. */
export async function paidOnLedger(reader: Reader, reservations: readonly Reservation[]): Promise<number> {
  let cents = 0;
  for (const reservation of reservations) {
    const entries = await reader.query(COLLECTIONS.payments, {
      where: [{ field: "reservationId", op: "==", value: reservation.id }],
    });
    const paid = summarizeLedger(
      reservation,
      entries.map((doc) => doc.data as unknown as LedgerEntry),
    ).paid;
    cents += Math.round(paid * 100);
  }
  return cents / 100;
}

/**
 * The invoice's paid status now: an advance invoice is paid (it was issued for money received);
 * a final invoice takes the reservations' payments less the advances it deducts; a credit note or
 * an invoice wholly credited has none.
 */
async function paymentOfView(reader: Reader, view: InvoiceView): Promise<InvoicePayment | null> {
  if (view.kind !== "invoice" || view.balance <= 0) return null;
  if (view.advance) return invoicePaymentOf(view.balance, view.balance);
  const reservations: Reservation[] = [];
  for (const id of view.reservationIds) {
    const found = await reader.get(COLLECTIONS.reservations, id);
    if (found) reservations.push(reservationRecord(found));
  }
  const received = receivedTowards(await paidOnLedger(reader, reservations), deductedAdvances(view.lines));
  return invoicePaymentOf(view.balance, received);
}

/** Every invoice and credit note, each with its credit notes (newest first). */
export async function allInvoices(ctx: CoreContext): Promise<InvoiceView[]> {
  const all = (await ctx.store.query(COLLECTIONS.invoices)).map(toInvoice);
  const credits = all.filter((i) => i.creditOfId);
  return all.map((invoice) => viewOf(invoice, credits)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The reservation's invoices and credit notes, for its page. */
export async function reservationInvoices(ctx: CoreContext, reservationId: string): Promise<InvoiceView[]> {
  if (!ctx.store.isId(reservationId)) throw new CoreError("not-found", RESERVATION_NOT_FOUND_MESSAGE);
  const invoices = await invoicesOfReservation(ctx.store, reservationId);
  const credits = await creditNotesOf(
    ctx.store,
    invoices.filter((i) => i.kind === "invoice").map((i) => i.id),
  );
  const views = [...invoices, ...credits.filter((c) => !invoices.some((i) => i.id === c.id))].map((invoice) =>
    viewOf(invoice, credits),
  );
  const withPayments = await Promise.all(
    views.map(async (view) => ({ ...view, payment: await paymentOfView(ctx.store, view) })),
  );
  return withPayments.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

// ---------- numbering ----------

/** The next number of the series and the write that takes it (call inside the issuing transaction, last lock). */
export async function takeInvoiceNumber(
  tx: Transaction,
  series: string,
): Promise<{ number: string; sequence: number; commit: () => void }> {
  const id = counterId(series);
  await tx.lock(`counter-${id}`);
  const counter = await tx.get(COLLECTIONS.counters, id);
  let last = Number(counter?.data.value ?? 0);
  if (!counter) {
    // A missing counter (data loaded without it) catches up with the highest stored number.
    const highest = await tx.query(COLLECTIONS.invoices, {
      where: [
        { field: "number", op: ">=", value: `${series}-` },
        { field: "number", op: "<", value: `${series}-\uf8ff` },
      ],
      orderBy: [{ field: "number", direction: "desc" }],
      limit: 1,
    });
    last = sequenceOf(series, highest[0]?.data.number) ?? 0;
  }
  if (!Number.isSafeInteger(last) || last < 0) throw new Error(`Sugadintas sąskaitų skaitiklis ${id}`);
  const sequence = last + 1;
  return {
    number: invoiceNumber(series, sequence),
    sequence,
    commit: () => tx.set(COLLECTIONS.counters, id, { value: sequence }),
  };
}

// ---------- issuing ----------

export interface IssuedInvoice {
  id: string;
  number: string;
  total: number;
}

export interface Draft {
  kind: InvoiceDoc["kind"];
  settings: Settings;
  customerId: string;
  customer: Customer;
  reservations: Stamped<Reservation>[];
  lines: InvoiceLine[];
  creditOf: InvoiceDoc["creditOf"];
  reason: string;
  period: string | null;
  /** paid towards the invoice when issued (the reservations' ledgers); absent for a credit note */
  paidOnLedger?: number;
  /** an advance invoice: the payment it is issued for */
  advance?: InvoiceDoc["advance"];
}

/**
 * The invoice's lines by the exact rule (src/domain/invoiceLines.ts); a credit note keeps the lines
 * it credits as they are (a whole one mirrors its invoice, which followed the rule).
 */
const linesForDoc = (draft: Draft): InvoiceLine[] => (draft.kind === "invoice" ? exactLines(draft.lines) : draft.lines);

/** What an invoice adds about payment and supply: due date, period, bank account, paid when issued. */
function termsOf(draft: Draft, issueDate: string, lines: InvoiceLine[]): Partial<InvoiceDoc> {
  if (draft.kind !== "invoice") return {};
  const invoicing = invoicingOf(draft.settings);
  const total = invoiceBody(lines).totals.total;
  const payTo = payToOf(draft.settings);
  const period = supplyPeriodOf(draft.reservations, issueDate);
  const paid = draft.advance
    ? total
    : invoicePaymentOf(total, receivedTowards(draft.paidOnLedger ?? 0, deductedAdvances(lines))).paid;
  return {
    dueDate: draft.advance ? issueDate : dueDateOf(issueDate, paymentTermDaysOf(draft.customer, invoicing)),
    ...(period && !draft.advance ? { supplyPeriod: period } : {}),
    ...(payTo ? { payTo } : {}),
    paidAtIssue: paid,
    ...(draft.advance ? { advance: draft.advance, supplyDate: vilniusDateString(draft.advance.paidAt) } : {}),
  };
}

export function invoiceDoc(
  draft: Draft,
  taken: { number: string; sequence: number },
  now: Date,
  actor: string,
  actorName: string | null,
) {
  const invoicing = invoicingOf(draft.settings);
  const issueDate = issueDateOf(now);
  const lines = linesForDoc(draft);
  const doc: InvoiceDoc & { creditOfId: string | null } = {
    kind: draft.kind,
    vatInvoice: sellerIsVatPayer(draft.settings),
    series:
      draft.kind === "credit" ? invoicing.creditSeries : draft.advance ? invoicing.advanceSeries : invoicing.series,
    sequence: taken.sequence,
    number: taken.number,
    issueDate,
    supplyDate: supplyDateOf(draft.reservations, issueDate),
    month: issueDate.slice(0, 7),
    seller: sellerParty(draft.settings),
    buyer: buyerParty(draft.customer),
    customerId: draft.customerId,
    reservationIds: draft.reservations.map((r) => r.id),
    reservationNumbers: draft.reservations.map((r) => r.number ?? r.id),
    ...invoiceBody(lines),
    creditOf: draft.creditOf,
    creditOfId: draft.creditOf?.id ?? null,
    reason: draft.reason,
    period: draft.period,
    issuedBy: actor,
    ...(actorName ? { issuedByName: actorName } : {}),
    pdf: "",
    ...termsOf(draft, issueDate, lines),
  };
  return doc;
}

/** Writes the invoice, its counter and audit entry; returns the stored document's id. */
export function writeInvoice(
  tx: Transaction,
  ctx: CoreContext,
  now: Date,
  doc: InvoiceDoc & { creditOfId: string | null },
  commit: () => void,
  actor: string,
): string {
  const w = writer(tx, ctx.store, now);
  const id = ctx.store.newId(COLLECTIONS.invoices);
  commit();
  insertDoc(w, COLLECTIONS.invoices, { ...doc, pdf: invoicePdfPath(id) } as unknown as Record<string, unknown>, id);
  writeAudit(w, {
    action: "create",
    resource: "invoices",
    recordId: id,
    actor,
    number: doc.number,
    total: doc.totals.total,
    reservationIds: doc.reservationIds,
  });
  return id;
}

/**
 * After the invoice is stored: its PDF rendered into the private files, then the e-mail to the
 * customer with the PDF attached (a mail only once its file exists). A failure here leaves the
 * invoice as issued; the PDF is rendered again on download.
 */
export async function afterIssue(ctx: CoreContext, deps: InvoiceDeps, id: string): Promise<void> {
  try {
    const invoice = await loadInvoice(ctx.store, ctx, id);
    const bytes = await renderInvoicePdf(invoice);
    await deps.files.put(invoice.pdf, bytes, "application/pdf");
    if (!invoice.buyer.email) return;
    const now = ctx.clock.now();
    const mailId = await ctx.store.transaction(async (tx) => {
      const settings = await loadSettings(tx);
      const customer = invoice.customerId ? await tx.get(COLLECTIONS.customers, invoice.customerId) : null;
      const language = mailLanguageOf(customer ? customerRecord(customer) : null);
      const w = writer(tx, ctx.store, now);
      const mail = invoiceMail(invoice, settings, language);
      return queueMail(w, {
        ...mail,
        attachments: deps.inlineMailAttachments
          ? [inlineAttachment(invoiceFileName(invoice), invoice.pdf, bytes)]
          : mail.attachments,
      });
    });
    ctx.events.publish("mail", mailId, "created");
  } catch (error) {
    ctx.log.error(`Sąskaitos ${id} PDF ar laiškas nepavyko`, error);
  }
}

/** The customer's mail: the settings' invoiceIssued / creditNoteIssued template, the PDF attached. */
function invoiceMail(invoice: StoredInvoice, settings: Settings, language: MailLanguage): OutgoingMail {
  const { subject, text, html } = invoiceMailText(invoice, settings, language);
  return {
    to: invoice.buyer.email,
    ...(settings.company.emails[0] ? { replyTo: settings.company.emails[0] } : {}),
    subject,
    text,
    html,
    // Shown with its reservation (the reservation's mail list); a monthly invoice with the invoice.
    ref: invoice.reservationIds.length === 1 ? `reservation:${invoice.reservationIds[0]}` : `invoice:${invoice.id}`,
    attachments: [{ filename: invoiceFileName(invoice), path: invoice.pdf }],
  };
}

export async function readCustomer(reader: Reader, id: string): Promise<Customer> {
  const found = await reader.get(COLLECTIONS.customers, id);
  if (!found) throw new CoreError("precondition", "Rezervacijos klientas nerastas");
  return customerRecord(found);
}

export async function readCar(reader: Reader, id: string): Promise<Car | null> {
  const found = await reader.get(COLLECTIONS.cars, id);
  return found ? carRecord(found) : null;
}

export function assertSeller(settings: Settings): void {
  const gaps = sellerGaps(settings);
  if (gaps) throw new CoreError("precondition", gaps);
}

function linesOf(reservation: Reservation, car: Car | null, settings: Settings): InvoiceLine[] {
  if (!reservation.quote) throw new CoreError("precondition", NO_QUOTE_MESSAGE);
  const rate = sellerIsVatPayer(settings) ? reservation.quote.vatRate : 0;
  return reservationLines(reservation, car, rate, damageVatOf(invoicingOf(settings)));
}

/**
 * The lines deducting the reservations' advance invoices still in force (not credited), which no
 * invoice in force deducts yet: their VAT was due when the money came, the final invoice takes it off.
 */
export async function advanceDeductions(reader: Reader, reservationIds: readonly string[]): Promise<InvoiceLine[]> {
  const lines: InvoiceLine[] = [];
  const seen = new Set<string>();
  for (const reservationId of reservationIds) {
    const advances = (await invoicesOfReservation(reader, reservationId)).filter(
      (i) => i.kind === "invoice" && i.advance && !seen.has(i.id),
    );
    const credits = await creditNotesOf(
      reader,
      advances.map((a) => a.id),
    );
    for (const advance of advances.sort((a, b) => a.sequence - b.sequence)) {
      seen.add(advance.id);
      const own = credits.filter((c) => c.creditOfId === advance.id);
      if (own.length > 0 || invoiceBalance(advance, own) <= 0) continue;
      lines.push(...advanceDeductionLines(advance));
    }
  }
  return lines;
}

/**
 * The reservation's lines with the VAT its place of supply asks for (src/domain/vatPlaceOfSupply.ts):
 * Lithuanian VAT, or the reverse charge for a long-term hire to a business of another member
 * state; refused (with the reason) where the product cannot invoice it. A seller that is not a
 * VAT payer charges no VAT at all.
 */
function vatTreatedLines(
  reservation: Stamped<Reservation>,
  car: Car | null,
  settings: Settings,
  customer: Customer,
): InvoiceLine[] {
  const lines = linesOf(reservation, car, settings);
  if (!sellerIsVatPayer(settings)) return lines;
  const buyer = buyerParty(customer);
  const treatment = hireVatTreatment(reservation, {
    type: buyer.type,
    country: partyCountry(buyer),
    vatCode: buyer.vatCode,
  });
  if (treatment.kind === "refused") {
    throw new CoreError("precondition", `Rezervacija ${reservation.number ?? reservation.id}: ${treatment.message}`);
  }
  return treatment.kind === "reverse-charge" ? reverseChargedLines(lines) : lines;
}

/** Staff issue the invoice of one reservation: 201 { id, number, total }. */
export async function issueReservationInvoice(
  ctx: CoreContext,
  deps: InvoiceDeps,
  reservationId: string,
  body: unknown,
  actor: StaffActor,
): Promise<IssuedInvoice> {
  readIssueInput(body);
  await confirmReverseChargeOf(ctx, reservationId);
  const issued = await issueFor(ctx, reservationId, actor.email, { auto: false });
  if (!issued) throw new Error("Sąskaita neišrašyta");
  await afterIssue(ctx, deps, issued.id);
  return issued;
}

/** VIES before the reverse charge of one reservation (src/core/vies.ts); nothing when VIES is off. */
async function confirmReverseChargeOf(ctx: CoreContext, reservationId: string): Promise<void> {
  if (!ctx.vatRegistry || !ctx.store.isId(reservationId)) return;
  const found = await ctx.store.get(COLLECTIONS.reservations, reservationId);
  if (!found) return;
  const reservation = reservationRecord(found);
  const customer = await ctx.store.get(COLLECTIONS.customers, reservation.customerId);
  if (customer) await confirmReverseCharge(ctx, customerRecord(customer), [reservation]);
}

/**
 * The invoice at the return (settings.invoicing.autoInvoiceAtReturn): a private customer's
 * reservation not invoiced yet. Never fails the return: a problem is logged for staff.
 */
export async function invoiceAtReturn(
  ctx: CoreContext,
  deps: InvoiceDeps,
  reservationId: string,
  actor: StaffActor,
): Promise<IssuedInvoice | null> {
  try {
    const settings = await loadSettings(ctx.store);
    if (!invoicingOf(settings).autoInvoiceAtReturn) return null;
    const issued = await issueFor(ctx, reservationId, actor.email, { auto: true });
    if (issued) await afterIssue(ctx, deps, issued.id);
    return issued;
  } catch (error) {
    ctx.log.warn(
      `Sąskaita grąžinant rezervaciją ${reservationId} neišrašyta: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}

async function issueFor(
  ctx: CoreContext,
  reservationId: string,
  actor: string,
  opts: { auto: boolean },
): Promise<IssuedInvoice | null> {
  const { store } = ctx;
  const now = ctx.clock.now();
  if (!store.isId(reservationId)) throw new CoreError("not-found", RESERVATION_NOT_FOUND_MESSAGE);
  const actorName = await staffDisplayName(store, { email: actor });
  const result = await store.transaction(async (tx) => {
    await tx.lock(`invoice-reservation-${reservationId}`);
    const found = await tx.get(COLLECTIONS.reservations, reservationId);
    if (!found) throw new CoreError("not-found", RESERVATION_NOT_FOUND_MESSAGE);
    const reservation = reservationRecord(found);
    if (!INVOICEABLE_STATUSES.includes(reservation.status)) {
      throw new CoreError("precondition", statusMessage(reservation.status));
    }
    const open = await openInvoiceOf(tx, reservationId);
    if (open) {
      if (opts.auto) return null;
      throw new CoreError("conflict", ALREADY_INVOICED_MESSAGE(open.number));
    }
    const settings = await loadSettings(tx);
    assertSeller(settings);
    const customer = await readCustomer(tx, reservation.customerId);
    if (opts.auto && customer.type === "business") return null;
    const car = await readCar(tx, reservation.carId);
    const draft: Draft = {
      kind: "invoice",
      settings,
      customerId: reservation.customerId,
      customer,
      reservations: [reservation],
      lines: [
        ...vatTreatedLines(reservation, car, settings, customer),
        ...(await advanceDeductions(tx, [reservation.id])),
      ],
      creditOf: null,
      reason: "",
      period: null,
      paidOnLedger: await paidOnLedger(tx, [reservation]),
    };
    const taken = await takeInvoiceNumber(tx, invoicingOf(settings).series);
    const doc = invoiceDoc(draft, taken, now, actor, actorName);
    const id = writeInvoice(tx, ctx, now, doc, taken.commit, actor);
    markMoneyTrail(tx, found);
    return { id, number: doc.number, total: doc.totals.total };
  });
  if (!result) return null;
  ctx.events.publish("invoices", result.id, "created");
  ctx.log.info(
    `Išrašyta sąskaita ${result.number} (${formatMoney(result.total)}) rezervacijai ${reservationId} (${actor})`,
  );
  return result;
}

/** When a completed rental ended: the return act's time, or the planned return. */
const endedAt = rentalEndedAt;

/** A business customer's completed rentals of a month on one invoice: POST /invoices/monthly { customerId, month }. */
export async function issueMonthlyInvoice(
  ctx: CoreContext,
  deps: InvoiceDeps,
  body: unknown,
  actor: StaffActor,
): Promise<IssuedInvoice> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const input = readMonthlyInput(body);
  if (!store.isId(input.customerId)) throw new CoreError("not-found", "Klientas nerastas");
  const actorName = await staffDisplayName(store, actor);
  const { first, last } = monthBounds(input.month);
  // The candidates, read first to know which reservations to lock.
  const candidates = (
    await store.query(COLLECTIONS.reservations, {
      where: [{ field: "customerId", op: "==", value: input.customerId }],
    })
  )
    .map((doc) => reservationRecord(doc))
    .filter((r) => r.status === "completed")
    .filter((r) => {
      const day = vilniusDateString(endedAt(r));
      return day >= first && day <= last;
    })
    .sort((a, b) => endedAt(a).localeCompare(endedAt(b)));
  if (ctx.vatRegistry && candidates.length > 0) {
    const customer = await store.get(COLLECTIONS.customers, input.customerId);
    if (customer) await confirmReverseCharge(ctx, customerRecord(customer), candidates);
  }

  const result = await store.transaction(async (tx) => {
    for (const id of candidates.map((r) => r.id).sort()) await tx.lock(`invoice-reservation-${id}`);
    const customerDoc = await tx.get(COLLECTIONS.customers, input.customerId);
    if (!customerDoc) throw new CoreError("not-found", "Klientas nerastas");
    const customer = customerRecord(customerDoc);
    if (customer.type !== "business" || !customer.companyName?.trim()) {
      throw new CoreError("precondition", NOT_BUSINESS_MESSAGE);
    }
    const settings = await loadSettings(tx);
    assertSeller(settings);
    const reservations: Stamped<Reservation>[] = [];
    const foundDocs: StoredDoc[] = [];
    const lines: InvoiceLine[] = [];
    for (const candidate of candidates) {
      const found = await tx.get(COLLECTIONS.reservations, candidate.id);
      if (!found) continue;
      const reservation = reservationRecord(found);
      if (reservation.status !== "completed" || reservation.customerId !== input.customerId) continue;
      if (await openInvoiceOf(tx, reservation.id)) continue;
      if (!reservation.quote) continue;
      reservations.push(reservation);
      foundDocs.push(found);
      lines.push(...vatTreatedLines(reservation, await readCar(tx, reservation.carId), settings, customer));
    }
    if (reservations.length === 0) throw new CoreError("precondition", NOTHING_TO_INVOICE_MESSAGE(input.month));
    const draft: Draft = {
      kind: "invoice",
      settings,
      customerId: input.customerId,
      customer,
      reservations,
      lines: [
        ...lines,
        ...(await advanceDeductions(
          tx,
          reservations.map((r) => r.id),
        )),
      ],
      creditOf: null,
      reason: "",
      period: `${first}–${last}`,
      paidOnLedger: await paidOnLedger(tx, reservations),
    };
    const taken = await takeInvoiceNumber(tx, invoicingOf(settings).series);
    const doc = invoiceDoc(draft, taken, now, actor.email, actorName);
    const id = writeInvoice(tx, ctx, now, doc, taken.commit, actor.email);
    for (const found of foundDocs) markMoneyTrail(tx, found);
    return { id, number: doc.number, total: doc.totals.total };
  });
  ctx.events.publish("invoices", result.id, "created");
  ctx.log.info(
    `Išrašyta mėnesio sąskaita ${result.number} klientui ${input.customerId} už ${input.month} (${actor.email})`,
  );
  await afterIssue(ctx, deps, result.id);
  return result;
}

/**
 * A credit note: POST /invoices/:id/credit { reason, lines? }. Without lines it credits everything
 * still in force (the whole invoice the first time); with lines, each chosen line by the amount
 * given. Several may follow each other until nothing is left, never more than the invoice.
 * An administrator's action: staff file a request an administrator approves (src/core/approvals.ts).
 */
export async function creditInvoice(
  ctx: CoreContext,
  deps: InvoiceDeps,
  invoiceId: string,
  body: unknown,
  actor: StaffActor,
): Promise<IssuedInvoice> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const input = readPartialCreditInput(body);
  if (!store.isId(invoiceId)) throw new CoreError("not-found", INVOICE_NOT_FOUND_MESSAGE);
  const actorName = await staffDisplayName(store, actor);
  const result = await store.transaction(async (tx) => {
    const credit = await prepareCreditNote(tx, ctx, invoiceId, body, actor.email, actorName, now);
    return credit.write();
  });
  afterCredit(ctx, result, invoiceId, input.reason, actor.email);
  await afterIssue(ctx, deps, result.id);
  return result;
}

/** After a credit note's transaction: the event and the log line (the PDF and mail: afterIssue). */
export function afterCredit(
  ctx: CoreContext,
  result: IssuedInvoice,
  invoiceId: string,
  reason: string,
  actor: string,
): void {
  ctx.events.publish("invoices", result.id, "created");
  ctx.log.info(`Išrašyta kreditinė sąskaita ${result.number} sąskaitai ${invoiceId}: ${reason} (${actor})`);
}

export interface PreparedCredit {
  /** the credited invoice */
  original: StoredInvoice;
  /** the credit note's lines and total (negative) */
  lines: CreditLine[];
  total: number;
  reason: string;
  /** writes the credit note (call after every other read of the transaction) */
  write: () => IssuedInvoice;
}

/**
 * Reads and checks a credit note inside the caller's transaction (every read first, as Firestore
 * wants): the invoice, its credit notes, what is left of each line, the counter. `write` stores it.
 */
export async function prepareCreditNote(
  tx: Transaction,
  ctx: CoreContext,
  invoiceId: string,
  body: unknown,
  actor: string,
  actorName: string | null,
  now: Date,
): Promise<PreparedCredit> {
  const input = readPartialCreditInput(body);
  await tx.lock(`invoice-credit-${invoiceId}`);
  const original = await loadInvoice(tx, ctx, invoiceId);
  const { lines } = await checkCreditLines(tx, original, input.lines);
  const settings = await loadSettings(tx);
  const customerDoc = await tx.get(COLLECTIONS.customers, original.customerId);
  const taken = await takeInvoiceNumber(tx, invoicingOf(settings).creditSeries);
  const total = lines.reduce((sum, line) => sum + Math.round(line.total * 100), 0) / 100;
  return {
    original,
    lines,
    total,
    reason: input.reason,
    write: () => {
      const issueDate = issueDateOf(now);
      // The credit note repeats the original's parties as invoiced, with the credited amounts negative.
      const doc: InvoiceDoc & { creditOfId: string | null } = {
        ...invoiceDoc(
          {
            kind: "credit",
            settings,
            customerId: original.customerId,
            customer: customerDoc ? customerRecord(customerDoc) : ({} as Customer),
            reservations: [],
            lines,
            creditOf: { id: original.id, number: original.number, issueDate: original.issueDate },
            reason: input.reason,
            period: original.period,
          },
          taken,
          now,
          actor,
          actorName,
        ),
        vatInvoice: original.vatInvoice,
        seller: original.seller,
        buyer: original.buyer,
        reservationIds: original.reservationIds,
        reservationNumbers: original.reservationNumbers,
        issueDate,
      };
      const id = writeInvoice(tx, ctx, now, doc, taken.commit, actor);
      return { id, number: doc.number, total: doc.totals.total };
    },
  };
}

/** The credit note's lines for the picks, checked against what is left of the invoice. */
export async function checkCreditLines(
  reader: Reader,
  original: StoredInvoice,
  picks: { line: number; amount: number }[] | undefined,
): Promise<{ lines: CreditLine[]; balance: number }> {
  if (original.kind !== "invoice") throw new CoreError("precondition", CREDIT_OF_CREDIT_MESSAGE);
  const existing = await creditNotesOf(reader, [original.id]);
  const balance = invoiceBalance(original, existing);
  const lines = balance > 0 ? creditLines(original, existing, picks) : null;
  if (!lines) {
    const last = existing[existing.length - 1];
    throw new CoreError(
      "conflict",
      existing.length === 1 && last
        ? ALREADY_CREDITED_MESSAGE(last.number)
        : CREDIT_MESSAGES.fullyCredited(original.number),
    );
  }
  const total = lines.reduce((sum, line) => sum + Math.round(line.total * 100), 0);
  if (-total > Math.round(balance * 100)) {
    throw new CoreError("conflict", `Kredituoti daugiau nei liko sąskaitoje (${formatMoney(balance)}) negalima`);
  }
  return { lines, balance };
}

// ---------- the PDF ----------

/** The invoice's PDF: the stored file, or rendered again (and stored) when missing. */
export async function invoicePdf(
  ctx: CoreContext,
  deps: InvoiceDeps,
  id: string,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const invoice = await loadInvoice(ctx.store, ctx, id);
  let bytes = await deps.files.get(invoice.pdf);
  if (!bytes) {
    bytes = await renderInvoicePdf(invoice);
    await deps.files.put(invoice.pdf, bytes, "application/pdf");
  }
  return { bytes, fileName: invoiceFileName(invoice) };
}

/** Invoices whose date falls in [first, last] (YYYY-MM-DD), number order: the i.SAF month. */
export async function invoicesOfMonth(ctx: CoreContext, month: string): Promise<StoredInvoice[]> {
  const docs = await ctx.store.query(COLLECTIONS.invoices, { where: [{ field: "month", op: "==", value: month }] });
  return docs
    .map(toInvoice)
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.series.localeCompare(b.series) || a.sequence - b.sequence);
}

// ---------- i.SAF ----------

export const SOFTWARE = { company: "Ratų nuoma", name: "Ratų nuomos sistema", version: "0.1.0" } as const;

/**
 * The date of supply of an invoice issued before invoices kept one: derived as supplyDateOf() does
 * at issue, from its reservations' return (a credit note, or no reservation found: the issue date).
 */
async function derivedSupplyDate(ctx: CoreContext, invoice: StoredInvoice): Promise<string> {
  if (invoice.supplyDate) return invoice.supplyDate;
  if (invoice.kind === "credit") return invoice.issueDate;
  const rentals: Reservation[] = [];
  for (const id of invoice.reservationIds) {
    const found = ctx.store.isId(id) ? await ctx.store.get(COLLECTIONS.reservations, id) : null;
    if (found) rentals.push(reservationRecord(found));
  }
  return supplyDateOf(rentals, invoice.issueDate);
}

/**
 * The month's i.SAF XML: GET /isaf?month=YYYY-MM. Refused (422, naming each invoice and what is
 * wrong) when VMI's schema would not accept the file, never a file that fails it.
 */
export async function isafExport(ctx: CoreContext, monthInput: unknown): Promise<{ xml: string; fileName: string }> {
  const month = readMonth(monthInput);
  const settings = await loadSettings(ctx.store);
  if (!sellerIsVatPayer(settings)) throw new CoreError("precondition", NOT_VAT_PAYER_MESSAGE);
  const { first, last } = monthBounds(month);
  const invoices = await Promise.all(
    (await invoicesOfMonth(ctx, month))
      .filter((invoice) => invoice.vatInvoice && inVatRegister(invoice))
      .map(async (invoice) => ({ ...invoice, supplyDate: await derivedSupplyDate(ctx, invoice) })),
  );
  const input = {
    month,
    first,
    last,
    registrationNumber: settings.company.companyCode,
    createdAt: ctx.clock.now(),
    software: SOFTWARE,
    invoices,
  };
  const problems = isafProblems(input);
  if (problems.length > 0) {
    const message = ISAF_REFUSED_MESSAGE(problems);
    throw new InputError(message, { month: message });
  }
  return { xml: buildIsafXml(input), fileName: isafFileName(month) };
}

// ---------- the list (ra-data-simple-rest) ----------

export interface InvoiceListParams {
  filter: Record<string, unknown>;
  sort: { field: string; order: "ASC" | "DESC" };
  range: [number, number] | null;
}

const sortValue = (invoice: InvoiceView, field: string): string | number => {
  if (field === "total") return invoice.totals.total;
  if (field === "buyer") return invoice.buyer.name.toLocaleLowerCase("lt");
  if (field === "number") return `${invoice.series}-${String(invoice.sequence).padStart(12, "0")}`;
  const value = (invoice as unknown as Record<string, unknown>)[field];
  return typeof value === "number" ? value : String(value ?? "");
};

/** A page of invoices, filtered (q: number or buyer; kind; month; customerId; reservationId; id list) and sorted. */
export async function listInvoices(
  ctx: CoreContext,
  params: InvoiceListParams,
  maxPage = 1000,
): Promise<{ records: InvoiceView[]; total: number; start: number }> {
  const { filter } = params;
  const q = typeof filter.q === "string" ? filter.q.trim().toLocaleLowerCase("lt") : "";
  const ids = Array.isArray(filter.id)
    ? new Set(filter.id.map(String))
    : typeof filter.id === "string"
      ? new Set([filter.id])
      : null;
  const matches = (await allInvoices(ctx)).filter(
    (invoice) =>
      (!ids || ids.has(invoice.id)) &&
      (!q ||
        invoice.number.toLocaleLowerCase("lt").includes(q) ||
        invoice.buyer.name.toLocaleLowerCase("lt").includes(q) ||
        invoice.reservationNumbers.some((n) => n.toLocaleLowerCase("lt").includes(q))) &&
      (typeof filter.kind !== "string" || invoice.kind === filter.kind) &&
      (typeof filter.month !== "string" || invoice.month === filter.month) &&
      (typeof filter.customerId !== "string" || invoice.customerId === filter.customerId) &&
      (typeof filter.reservationId !== "string" || invoice.reservationIds.includes(filter.reservationId)),
  );
  const field = params.sort.field === "id" ? "createdAt" : params.sort.field;
  const direction = params.sort.order === "ASC" ? 1 : -1;
  matches.sort((a, b) => {
    const x = sortValue(a, field);
    const y = sortValue(b, field);
    return (x < y ? -1 : x > y ? 1 : 0) * direction || a.id.localeCompare(b.id);
  });
  const start = params.range?.[0] ?? 0;
  const count = params.range ? Math.min(params.range[1] - params.range[0] + 1, maxPage) : maxPage;
  return { records: matches.slice(start, start + count), total: matches.length, start };
}

// The payments ledger and the online pre-payment, on every backend.
//
// Ledger: collection `payments`, one document per entry, never changed or deleted (no use case
// here does either; the HTTP routes and the Firestore rules offer no way to). Each entry is
// written in one transaction with the reservation's summary, `reservation.payment` = { paid, due,
// depositState, online }. The summary is written WITHOUT counting the reservation's version (nor
// its updatedAt): a payment is not an edit of the record, so staff who have the reservation open
// never get a stale-record conflict because the desk took money. Every such transaction locks
// `payment-<reservation id>` and reads the reservation (PostgreSQL: FOR UPDATE; Firestore: the
// transaction's read), so a staff edit and a payment never lose each other's change.
//
// Online pre-payment: a web reservation made while a provider is configured is stored with
// `payment.online.state = "awaiting"` and `holdUntil` (settings.payments.paymentHoldMinutes); it
// holds the car like any new reservation. A verified callback records the money once (the entry's
// id is "<provider>-<provider payment id>") and confirms the reservation; a failed one records
// nothing; the job (releaseExpiredHolds) cancels what is still unpaid at holdUntil, which frees
// the car (a cancelled reservation holds nothing, so the overlap constraint no longer applies).
import { type BookingTerms, bookingTermsOf } from "../domain/consumerInfo";
import { invalidFields } from "../domain/input";
import {
  BALANCE_MESSAGES,
  balanceOrderId,
  balanceRefusal,
  HOLD_EXPIRED_REASON,
  holdExpired,
  holdUntil,
  type LedgerEntry,
  type LedgerEntryInput,
  ledgerEntrySchema,
  onlineChargeAmount,
  PROVIDER_ACTOR,
  paymentSettingsOf,
  paymentSummaryDoc,
  readLedgerEntryInput,
  retryOrderId,
  retryRefusal,
  type StoredLedgerEntry,
  summarizeLedger,
  toCents,
} from "../domain/payments";
import type {
  OnlinePayment,
  PaymentProvider,
  PaymentSettings,
  Quote,
  Reservation,
  ReservationPayment,
  Settings,
} from "../domain/schemas";
import { issueAdvanceInvoice } from "./advanceInvoices";
import { loadSettings } from "./catalog";
import { COLLECTIONS } from "./collections";
import { CoreError } from "./errors";
import type { InvoiceDeps } from "./invoices";
import { prepareChangeMail } from "./notifications";
import type { CheckoutRequest, PaymentGateway, VerifiedPayment } from "./paymentPort";
import type { CoreContext, StoredDoc, Transaction } from "./ports";
import { reservationRecord, type Stamped } from "./records";
import { queueMail, replaceDoc, type StaffActor, type Writer, writeAudit, writer } from "./writes";

export const RESERVATION_NOT_FOUND = "Rezervacija nerasta";
export const ONLINE_BY_STAFF_REFUSED =
  "Mokėjimai internetu įrašomi tik pagal mokėjimo sistemos patvirtinimą; pasirinkite kitą būdą";
/** The actor of the job's changes in the audit log. */
export const SYSTEM_ACTOR = "sistema";
export const CHECKOUT_FAILED_REASON = "Nepavyko pradėti mokėjimo internetu";

/** Refused callbacks: the provider is answered 400 and the reason is logged. */
export class PaymentRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentRefusedError";
  }
}

export const ledgerLockKey = (reservationId: string): string => `payment-${reservationId}`;

export async function ledgerOf(
  tx: Transaction | CoreContext["store"],
  reservationId: string,
): Promise<StoredLedgerEntry[]> {
  const docs = await tx.query(COLLECTIONS.payments, {
    where: [{ field: "reservationId", op: "==", value: reservationId }],
  });
  return docs
    .map((doc) => ({ ...(doc.data as LedgerEntry), id: doc.id, createdAt: doc.data.createdAt as string | undefined }))
    .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
}

/**
 * Writes the reservation's summary over the stored document, keeping its version and times, and
 * its money-trail flag (set with the first ledger entry: src/core/moneyTrail.ts).
 */
function writeSummary(w: Writer, found: StoredDoc, payment: ReservationPayment, entryWritten = false): void {
  const before = found.data.payment as ReservationPayment | null | undefined;
  const trail = entryWritten || before?.moneyTrail === true;
  w.tx.set(COLLECTIONS.reservations, found.id, {
    ...found.data,
    payment: trail ? { ...payment, moneyTrail: true } : payment,
  });
}

export const REFUND_ADMIN_ONLY =
  "Pinigus grąžina tik administratorius. Pateikite grąžinimo prašymą – jį patvirtins kitas darbuotojas, administratorius.";
export const REFUND_REFERENCE_REQUIRED = "Nurodykite grąžinimo priežastį ar dokumento numerį";

const onlineOf = (reservation: Partial<Reservation>): OnlinePayment | null => reservation.payment?.online ?? null;

export interface LedgerView {
  reservationId: string;
  number: string;
  entries: StoredLedgerEntry[];
  summary: ReturnType<typeof summarizeLedger>;
  online: OnlinePayment | null;
}

/** The reservation's ledger, oldest first, with its summary. */
export async function listLedger(ctx: CoreContext, reservationId: string): Promise<LedgerView> {
  const { store } = ctx;
  const found = store.isId(reservationId) ? await store.get(COLLECTIONS.reservations, reservationId) : null;
  if (!found) throw new CoreError("not-found", RESERVATION_NOT_FOUND);
  const reservation = reservationRecord(found);
  const entries = await ledgerOf(store, reservationId);
  return {
    reservationId,
    number: reservation.number ?? "",
    entries,
    summary: summarizeLedger(reservation, entries),
    online: onlineOf(reservation),
  };
}

/** A payment staff took (cash, card at the desk, transfer): appended, with the new summary. */
export async function addLedgerEntry(
  ctx: CoreContext,
  reservationId: string,
  body: unknown,
  actor: StaffActor,
): Promise<{ entry: StoredLedgerEntry; summary: ReturnType<typeof summarizeLedger> }> {
  const { store } = ctx;
  const input = readStaffLedgerInput(body);
  if (input.kind === "refund" && actor.role !== "admin") throw new CoreError("forbidden", REFUND_ADMIN_ONLY);
  if (!store.isId(reservationId)) throw new CoreError("not-found", RESERVATION_NOT_FOUND);
  const now = ctx.clock.now();

  const outcome = await store.transaction(async (tx) => {
    const prepared = await prepareLedgerEntry(tx, ctx, reservationId, input, actor.email, now);
    return prepared.write();
  });
  afterLedgerEntry(ctx, outcome, actor.email);
  return { entry: outcome.entry, summary: outcome.summary };
}

/** Staff's entry checked: never "online", a refund always with its reference (reason or document). */
export function readStaffLedgerInput(body: unknown): LedgerEntryInput {
  const input = readLedgerEntryInput(body);
  if (input.method === "online") throw invalidFields({ method: ONLINE_BY_STAFF_REFUSED });
  if (input.kind === "refund" && input.reference.trim().length < 3) {
    throw invalidFields({ reference: REFUND_REFERENCE_REQUIRED });
  }
  return input;
}

export interface LedgerOutcome {
  reservationId: string;
  entry: StoredLedgerEntry;
  summary: ReturnType<typeof summarizeLedger>;
  number: string;
}

/**
 * Reads what a ledger entry needs inside the caller's transaction (all reads first); `write`
 * appends it with the reservation's new summary and the audit entry.
 */
export async function prepareLedgerEntry(
  tx: Transaction,
  ctx: CoreContext,
  reservationId: string,
  input: LedgerEntryInput,
  who: string,
  now: Date,
): Promise<{ reservation: Stamped<Reservation>; paidBefore: number; write: () => LedgerOutcome }> {
  const { store } = ctx;
  await tx.lock(ledgerLockKey(reservationId));
  const found = await tx.get(COLLECTIONS.reservations, reservationId);
  if (!found) throw new CoreError("not-found", RESERVATION_NOT_FOUND);
  const reservation = reservationRecord(found);
  const entries = await ledgerOf(tx, reservationId);
  const paidBefore = summarizeLedger(reservation, entries).paid;
  return {
    reservation,
    paidBefore,
    write: () => {
      const entry: LedgerEntry = ledgerEntrySchema.parse({ reservationId, ...input, who, at: now.toISOString() });
      const id = store.newId(COLLECTIONS.payments);
      const summary = summarizeLedger(reservation, [...entries, entry]);
      const w = writer(tx, store, now);
      w.tx.set(COLLECTIONS.payments, id, { ...entry, createdAt: now.toISOString(), updatedAt: now.toISOString() });
      writeSummary(w, found, paymentSummaryDoc(summary, onlineOf(reservation)), true);
      writeAudit(w, {
        action: "create",
        resource: "payments",
        recordId: id,
        actor: who,
        reservationId,
        amount: entry.amount,
        kind: entry.kind,
        method: entry.method,
      });
      return {
        reservationId,
        entry: { ...entry, id, createdAt: now.toISOString() },
        summary,
        number: reservation.number ?? "",
      };
    },
  };
}

/** After a ledger entry's transaction: the event and the log line. */
export function afterLedgerEntry(ctx: CoreContext, outcome: LedgerOutcome, actor: string): void {
  ctx.events.publish("reservations", outcome.reservationId, "updated");
  ctx.log.info(
    `Mokėjimas įrašytas: rezervacija ${outcome.number}, ${outcome.entry.kind}, ${outcome.entry.amount.toFixed(2)} € (${actor})`,
  );
}

// ---------- online pre-payment ----------

/**
 * The payment part of a new web reservation that waits for its online payment (null when the
 * site takes no online payment): the amount from the server's quote and the settings.
 */
export function awaitingPayment(
  quote: Quote,
  settings: PaymentSettings,
  gateway: Pick<PaymentGateway, "provider" | "canHoldDeposit">,
  now: Date,
): ReservationPayment | null {
  if (gateway.provider === "pickup") return null;
  const amount = onlineChargeAmount(quote.total, settings);
  if (amount <= 0) return null;
  const depositHold = settings.depositHold && gateway.canHoldDeposit ? quote.deposit : 0;
  return {
    paid: 0,
    due: quote.total,
    depositState: "none",
    online: {
      provider: gateway.provider,
      state: "awaiting",
      amount,
      depositHold,
      holdUntil: holdUntil(now, settings.paymentHoldMinutes),
      orderId: "",
    },
  };
}

/**
 * What the booking form tells before the order button: the cancellation window and how the booking
 * is paid, from the same awaitingPayment the submit uses (the amount announced is the amount charged).
 */
export function bookingTermsFor(
  settings: Pick<Settings, "portal"> & { payments?: unknown },
  quote: Quote,
  gateway: Pick<PaymentGateway, "provider" | "canHoldDeposit"> | undefined,
  now: Date,
): BookingTerms {
  const payments = paymentSettingsOf(settings);
  const online = gateway ? (awaitingPayment(quote, payments, gateway, now)?.online ?? null) : null;
  return bookingTermsOf({ portal: settings.portal, payments }, online);
}

export interface CheckoutUrls {
  successUrl: string;
  cancelUrl: string;
  callbackUrl: string;
}

/**
 * Opens the provider's checkout for a reservation waiting for payment; returns where to send the
 * visitor. When the provider refuses, the reservation is cancelled at once (the car is free).
 */
export async function startOnlinePayment(
  ctx: CoreContext,
  gateway: PaymentGateway,
  reservationId: string,
  urls: CheckoutUrls,
  customerEmail: string,
): Promise<{ redirectUrl: string; amount: number; provider: PaymentProvider }> {
  const { store } = ctx;
  const found = await store.get(COLLECTIONS.reservations, reservationId);
  if (!found) throw new CoreError("not-found", RESERVATION_NOT_FOUND);
  const reservation = reservationRecord(found);
  const online = onlineOf(reservation);
  if (online?.state !== "awaiting" || gateway.provider === "pickup") {
    throw new CoreError("precondition", "Ši rezervacija nelaukia mokėjimo internetu");
  }
  const request: CheckoutRequest = {
    reservationId,
    number: reservation.number ?? reservationId,
    amount: online.amount,
    depositHold: online.depositHold,
    email: customerEmail,
    description: `Automobilio nuoma, rezervacija ${reservation.number ?? ""}`.trim(),
    holdUntil: online.holdUntil,
    ...urls,
  };
  let session: Awaited<ReturnType<PaymentGateway["startCheckout"]>>;
  try {
    session = await gateway.startCheckout(request);
  } catch (error) {
    ctx.log.error(`Nepavyko pradėti mokėjimo internetu (${online.provider}) rezervacijai ${request.number}`, error);
    await closeUnpaid(ctx, reservationId, "failed", CHECKOUT_FAILED_REASON);
    throw new CoreError("precondition", `${CHECKOUT_FAILED_REASON}. Rezervacija atšaukta, bandykite dar kartą.`);
  }
  await store.transaction(async (tx) => {
    await tx.lock(ledgerLockKey(reservationId));
    const current = await tx.get(COLLECTIONS.reservations, reservationId);
    if (!current) return;
    const record = reservationRecord(current);
    const now = onlineOf(record);
    if (!record.payment || !now) return;
    writeSummary(writer(tx, store, ctx.clock.now()), current, {
      ...record.payment,
      online: { ...now, orderId: session.orderId },
    });
  });
  return { redirectUrl: session.redirectUrl, amount: online.amount, provider: online.provider };
}

/**
 * A booking's online pre-payment opened again (the visitor cancelled on the provider's page, or
 * the payment failed) while the booking still waits for it and its hold has not run out: the
 * same amount, the same hold (never extended: the car is released at holdUntil whatever
 * happens), a new order at the provider ("p<n>-<id>"). Called from the payment cancel page and
 * from "Mano rezervacija". A paid, cancelled or expired booking is refused (409).
 */
export async function retryOnlinePayment(
  ctx: CoreContext,
  gateway: PaymentGateway,
  reservationId: string,
  urls: CheckoutUrls,
): Promise<{ redirectUrl: string; amount: number; provider: PaymentProvider; holdUntil: string }> {
  const { store } = ctx;
  if (!store.isId(reservationId)) throw new CoreError("not-found", RESERVATION_NOT_FOUND);
  if (gateway.provider === "pickup") throw new CoreError("precondition", RETRY_NOT_CONFIGURED);
  const provider = gateway.provider;
  const now = ctx.clock.now();
  const opened = await store.transaction(async (tx) => {
    await tx.lock(ledgerLockKey(reservationId));
    const found = await tx.get(COLLECTIONS.reservations, reservationId);
    if (!found) throw new CoreError("not-found", RESERVATION_NOT_FOUND);
    const reservation = reservationRecord(found);
    const refusal = retryRefusal(reservation, now);
    const online = onlineOf(reservation);
    if (refusal || !online || !reservation.payment)
      throw new CoreError("precondition", refusal ?? RETRY_NOT_CONFIGURED);
    if (online.provider !== provider) throw new CoreError("precondition", RETRY_NOT_CONFIGURED);
    // Firestore: every read before the first write.
    const customer = reservation.customerId ? await tx.get(COLLECTIONS.customers, reservation.customerId) : null;
    const attempt = (online.attempts ?? 1) + 1;
    const next: OnlinePayment = {
      ...online,
      state: "awaiting",
      attempts: attempt,
      orderId: retryOrderId(reservationId, attempt),
    };
    const w = writer(tx, store, now);
    writeSummary(w, found, { ...reservation.payment, online: next });
    writeAudit(w, {
      action: "update",
      resource: "reservations",
      recordId: reservationId,
      actor: PAYMENT_RETRY_ACTOR,
      reason: `Mokėjimas internetu pradėtas dar kartą (bandymas ${attempt})`,
    });
    return {
      online: next,
      number: reservation.number ?? reservationId,
      email: String(customer?.data.email ?? ""),
    };
  });
  let session: Awaited<ReturnType<PaymentGateway["startCheckout"]>>;
  try {
    session = await gateway.startCheckout({
      reservationId,
      orderId: opened.online.orderId,
      number: opened.number,
      amount: opened.online.amount,
      depositHold: opened.online.depositHold,
      email: opened.email,
      description: `Automobilio nuoma, rezervacija ${opened.number}`,
      holdUntil: opened.online.holdUntil,
      ...urls,
    });
  } catch (error) {
    // Nothing is cancelled here: the booking keeps waiting until its hold runs out.
    ctx.log.error(`Nepavyko dar kartą pradėti mokėjimo internetu (${provider}) rezervacijai ${opened.number}`, error);
    throw new CoreError("precondition", BALANCE_MESSAGES.failed);
  }
  await adoptProviderOrderId(ctx, reservationId, opened.online.orderId, session.orderId);
  ctx.log.info(
    `Mokėjimas internetu pradėtas dar kartą: rezervacija ${opened.number}, ${opened.online.amount.toFixed(2)} €`,
  );
  return {
    redirectUrl: session.redirectUrl,
    amount: opened.online.amount,
    provider,
    holdUntil: opened.online.holdUntil,
  };
}

/** The audit log's actor of a retried payment (the visitor, by the link or the return page). */
export const PAYMENT_RETRY_ACTOR = "klientas (mokėjimas internetu)";
export const RETRY_NOT_CONFIGURED = "Mokėjimas internetu šiai rezervacijai negalimas: susisiekite su mumis";

export type CallbackOutcome = "recorded" | "duplicate" | "not-paid";

const providerEntryId = (provider: PaymentProvider, paymentId: string, suffix = ""): string =>
  `${provider}-${paymentId.replace(/[^A-Za-z0-9_.:-]/g, "_").slice(0, 150)}${suffix}`;

/**
 * A provider's VERIFIED callback (the adapter checked its signature). Records the payment once,
 * after checking it is for an order we opened, in euros and for exactly the amount asked; confirms
 * the reservation. A repeat records nothing; a failed payment never confirms. Money received
 * before the rental is invoiced gets its advance invoice (src/core/advanceInvoices.ts; a repeat
 * issues it only when still missing); `documents` stores its PDF and mails it to the customer.
 */
export async function recordVerifiedPayment(
  ctx: CoreContext,
  verified: VerifiedPayment,
  documents: InvoiceDeps | null = null,
): Promise<CallbackOutcome> {
  const { store } = ctx;
  const { provider, reservationId } = verified;
  const refuse = (reason: string): never => {
    ctx.log.warn(`Atmestas ${provider} mokėjimo pranešimas (užsakymas ${reservationId}): ${reason}`);
    throw new PaymentRefusedError(reason);
  };
  if (!store.isId(reservationId)) refuse("nežinomas užsakymas");
  if (verified.outcome === "pending") return "not-paid";
  const now = ctx.clock.now();
  const entryId = providerEntryId(provider, verified.providerPaymentId);

  const outcome = await store.transaction(async (tx) => {
    await tx.lock(ledgerLockKey(reservationId));
    const found = await tx.get(COLLECTIONS.reservations, reservationId);
    if (!found) return refuse("nežinomas užsakymas");
    const reservation = reservationRecord(found);
    const online = onlineOf(reservation);
    if (!online || online.provider !== provider) return refuse("rezervacija nelaukė šio mokėjimo");

    if (verified.outcome === "failed") {
      if (online.state !== "awaiting") return { kind: "not-paid" as const };
      // Paysera names the order: a failure of an earlier try says nothing of the one under way.
      if (provider === "paysera" && online.orderId && verified.providerPaymentId !== online.orderId) {
        return { kind: "not-paid" as const };
      }
      const w = writer(tx, store, now);
      writeSummary(w, found, {
        ...(reservation.payment as ReservationPayment),
        online: { ...online, state: "failed" },
      });
      return { kind: "failed" as const, number: reservation.number ?? reservationId };
    }

    if (await tx.get(COLLECTIONS.payments, entryId)) return { kind: "duplicate" as const };
    if (verified.currency.toUpperCase() !== "EUR") return refuse(`neteisinga valiuta ${verified.currency}`);
    const expected = toCents(online.amount) + toCents(online.depositHold);
    if (verified.amountCents !== expected || verified.depositHoldCents !== toCents(online.depositHold)) {
      return refuse(
        `neteisinga suma ${(verified.amountCents / 100).toFixed(2)} € (laukta ${(expected / 100).toFixed(2)} €)`,
      );
    }
    const entries = await ledgerOf(tx, reservationId);
    const full = online.amount >= (reservation.quote?.total ?? 0);
    // A balance from "Mano rezervacija": the rental, or the return's charges once the rental is paid.
    const before = summarizeLedger(reservation, entries);
    const balanceKind = before.paid >= (reservation.quote?.total ?? 0) ? "charge" : "rental";
    const base = {
      reservationId,
      currency: "EUR" as const,
      method: "online" as const,
      who: PROVIDER_ACTOR,
      at: now.toISOString(),
      provider,
      providerPaymentId: verified.providerPaymentId,
    };
    const newEntries: { id: string; entry: LedgerEntry }[] = [
      {
        id: entryId,
        entry: ledgerEntrySchema.parse({
          ...base,
          amount: online.amount,
          kind: online.balance ? balanceKind : full ? "rental" : "advance",
          reference: `${provider === "paysera" ? "Paysera" : "Stripe"} ${verified.providerPaymentId}`.slice(0, 200),
        }),
      },
    ];
    if (online.depositHold > 0) {
      newEntries.push({
        id: providerEntryId(provider, verified.providerPaymentId, "-deposit"),
        entry: ledgerEntrySchema.parse({
          ...base,
          amount: online.depositHold,
          kind: "deposit-held",
          reference: `Užstatas rezervuotas kortelėje (${verified.providerPaymentId})`.slice(0, 200),
        }),
      });
    }
    const summary = summarizeLedger(reservation, [...entries, ...newEntries.map((e) => e.entry)]);
    // Paid in time: the reservation is confirmed (its customer gets the usual confirmation). Paid
    // after the hold ran out (already cancelled): the money is recorded, staff decide.
    // A balance never changes the reservation's status.
    const confirm = reservation.status === "new" && !online.balance;
    const next = confirm ? { ...reservation, status: "confirmed" as const } : reservation;
    const mail = confirm ? await prepareChangeMail(tx, ctx, reservationId, reservation, next) : null;

    const w = writer(tx, store, now);
    const at = now.toISOString();
    for (const { id, entry } of newEntries)
      w.tx.set(COLLECTIONS.payments, id, { ...entry, createdAt: at, updatedAt: at });
    const payment: ReservationPayment = {
      ...paymentSummaryDoc(summary, { ...online, state: online.state === "expired" ? "expired" : "paid" }),
      moneyTrail: true,
    };
    if (confirm) {
      replaceDoc(w, COLLECTIONS.reservations, reservationId, { ...next, payment }, reservation.createdAt);
      writeAudit(w, {
        action: "update",
        resource: "reservations",
        recordId: reservationId,
        actor: PROVIDER_ACTOR,
        fromStatus: reservation.status,
        toStatus: "confirmed",
      });
    } else {
      writeSummary(w, found, payment, true);
    }
    for (const { id, entry } of newEntries) {
      writeAudit(w, {
        action: "create",
        resource: "payments",
        recordId: id,
        actor: PROVIDER_ACTOR,
        reservationId,
        amount: entry.amount,
        kind: entry.kind,
        method: entry.method,
      });
    }
    const mailId = mail ? queueMail(w, mail) : null;
    return {
      kind: "recorded" as const,
      number: reservation.number ?? reservationId,
      late: !confirm && !online.balance,
      status: reservation.status,
      mailId,
    };
  });

  if (outcome.kind === "duplicate") {
    ctx.log.info(`Pakartotinis ${provider} pranešimas apie mokėjimą ${verified.providerPaymentId}: nieko nekeičiama`);
    await issueAdvanceInvoice(ctx, documents, reservationId, entryId);
    return "duplicate";
  }
  if (outcome.kind === "not-paid") return "not-paid";
  ctx.events.publish("reservations", reservationId, "updated");
  if (outcome.kind === "failed") {
    ctx.log.warn(`Mokėjimas internetu nepavyko arba atšauktas: rezervacija ${outcome.number} nepatvirtinta`);
    return "not-paid";
  }
  if (outcome.mailId) ctx.events.publish("mail", outcome.mailId, "created");
  await issueAdvanceInvoice(ctx, documents, reservationId, entryId);
  if (outcome.late) {
    ctx.log.warn(
      `Mokėjimas internetu gautas rezervacijai ${outcome.number}, kurios būsena „${outcome.status}“: pinigai įrašyti, rezervacija nepatvirtinta – grąžinkite pinigus arba patvirtinkite rankiniu būdu`,
    );
  } else {
    ctx.log.info(`Mokėjimas internetu gautas (${provider}): rezervacija ${outcome.number} patvirtinta`);
  }
  return "recorded";
}

/** Cancels a reservation still waiting for payment (never one already paid or confirmed). */
async function closeUnpaid(
  ctx: CoreContext,
  reservationId: string,
  state: "expired" | "failed",
  reason: string,
  now: Date = ctx.clock.now(),
  onlyWhenExpired = false,
): Promise<{ number: string; mailId: string | null } | null> {
  const { store } = ctx;
  return store.transaction(async (tx) => {
    await tx.lock(ledgerLockKey(reservationId));
    const found = await tx.get(COLLECTIONS.reservations, reservationId);
    if (!found) return null;
    const reservation = reservationRecord(found);
    const online = onlineOf(reservation);
    if (
      !online ||
      online.balance ||
      (online.state !== "awaiting" && online.state !== "failed") ||
      reservation.status !== "new"
    ) {
      return null;
    }
    if (onlyWhenExpired && Date.parse(online.holdUntil) > now.getTime()) return null;
    const next: Stamped<Reservation> = {
      ...reservation,
      status: "cancelled",
      cancelReason: reason,
      payment: { ...(reservation.payment as ReservationPayment), online: { ...online, state } },
    };
    const mail = await prepareChangeMail(tx, ctx, reservationId, reservation, next);
    const w = writer(tx, store, now);
    replaceDoc(w, COLLECTIONS.reservations, reservationId, next, reservation.createdAt);
    writeAudit(w, {
      action: "update",
      resource: "reservations",
      recordId: reservationId,
      actor: SYSTEM_ACTOR,
      fromStatus: "new",
      toStatus: "cancelled",
      reason,
    });
    const mailId = mail ? queueMail(w, mail) : null;
    return { number: reservation.number ?? reservationId, mailId };
  });
}

/**
 * The job: cancels every web reservation whose online payment did not arrive before holdUntil,
 * so the car is free again. Safe on any number of servers at once (each one in its own
 * transaction under the reservation's payment lock, re-checked there).
 */
export async function releaseExpiredHolds(
  ctx: CoreContext,
  now: Date = ctx.clock.now(),
): Promise<{ released: string[] }> {
  const { store } = ctx;
  const waiting = await store.query(COLLECTIONS.reservations, {
    where: [{ field: "payment.online.state", op: "in", value: ["awaiting", "failed"] }],
  });
  const released: string[] = [];
  for (const doc of waiting) {
    const reservation = reservationRecord(doc);
    const online = onlineOf(reservation);
    if (reservation.status !== "new" || !online || online.balance) continue;
    if (online.state === "awaiting" && !holdExpired(online, now)) continue;
    if (online.state === "failed" && Date.parse(online.holdUntil) > now.getTime()) continue;
    try {
      const closed = await closeUnpaid(ctx, doc.id, "expired", HOLD_EXPIRED_REASON, now, true);
      if (!closed) continue;
      released.push(closed.number);
      ctx.events.publish("reservations", doc.id, "updated");
      if (closed.mailId) ctx.events.publish("mail", closed.mailId, "created");
    } catch (error) {
      ctx.log.error(`Nepavyko atlaisvinti neapmokėtos rezervacijos ${reservation.number ?? doc.id}`, error);
    }
  }
  if (released.length > 0) {
    ctx.log.info(`Neapmokėtos rezervacijos atšauktos, automobiliai vėl laisvi: ${released.join(", ")}`);
  }
  return { released };
}

/** What the site's payment return page shows: the number and the payment's state, nothing more. */
export async function publicPaymentStatus(
  ctx: CoreContext,
  reservationId: string,
): Promise<{
  number: string;
  state: OnlinePayment["state"] | "none";
  amount: number;
  status: string;
  /** until when the car waits for the payment (null: no online payment) */
  holdUntil: string | null;
  /** the payment may be opened again now (retryOnlinePayment) */
  retry: boolean;
}> {
  const { store } = ctx;
  const found = store.isId(reservationId) ? await store.get(COLLECTIONS.reservations, reservationId) : null;
  if (!found) throw new CoreError("not-found", RESERVATION_NOT_FOUND);
  const reservation = reservationRecord(found);
  const online = onlineOf(reservation);
  const booking = online && !online.balance ? online : null;
  return {
    number: reservation.number ?? "",
    state: online?.state ?? "none",
    amount: online?.amount ?? 0,
    status: reservation.status,
    holdUntil: booking?.holdUntil ?? null,
    retry: booking !== null && retryRefusal(reservation, ctx.clock.now()) === null,
  };
}

// ---------- the balance paid from "Mano rezervacija" ----------

/** What is still due by the ledger (never the browser's number, nor only the kept summary). */
export async function balanceDue(
  reader: Transaction | CoreContext["store"],
  reservation: Reservation & { id: string },
): Promise<{ due: number; refusal: string | null; entries: number; summary: ReturnType<typeof summarizeLedger> }> {
  const entries = await ledgerOf(reader, reservation.id);
  const summary = summarizeLedger(reservation, entries);
  return { due: summary.due, refusal: balanceRefusal(reservation, summary.due), entries: entries.length, summary };
}

/**
 * Opens the provider's checkout for exactly what the reservation still owes (called by
 * "Mano rezervacija" after its token was checked). The reservation waits for it as
 * `payment.online = { balance: true, state: "awaiting", amount: due }`; the provider's verified
 * callback records it once (recordVerifiedPayment). Never cancels nor confirms the reservation.
 */
export async function startBalancePayment(
  ctx: CoreContext,
  gateway: PaymentGateway,
  reservationId: string,
  urls: CheckoutUrls,
): Promise<{ redirectUrl: string; amount: number; provider: PaymentProvider }> {
  const { store } = ctx;
  const provider = gateway.provider;
  if (provider === "pickup") throw new CoreError("precondition", BALANCE_MESSAGES.notConfigured);
  const now = ctx.clock.now();
  const opened = await store.transaction(async (tx) => {
    await tx.lock(ledgerLockKey(reservationId));
    const found = await tx.get(COLLECTIONS.reservations, reservationId);
    if (!found) throw new CoreError("not-found", RESERVATION_NOT_FOUND);
    const reservation = reservationRecord(found);
    const { due, refusal, entries, summary } = await balanceDue(tx, reservation);
    if (refusal) throw new CoreError("precondition", refusal);
    const settings = paymentSettingsOf(await loadSettings(tx));
    const customer = reservation.customerId ? await tx.get(COLLECTIONS.customers, reservation.customerId) : null;
    const orderId = balanceOrderId(reservationId, entries);
    const online: OnlinePayment = {
      provider,
      state: "awaiting",
      amount: due,
      depositHold: 0,
      holdUntil: holdUntil(now, settings.paymentHoldMinutes),
      orderId,
      balance: true,
    };
    writeSummary(writer(tx, store, now), found, paymentSummaryDoc(summary, online));
    return {
      online,
      number: reservation.number ?? reservationId,
      email: String(customer?.data.email ?? ""),
    };
  });
  let session: Awaited<ReturnType<PaymentGateway["startCheckout"]>>;
  try {
    session = await gateway.startCheckout({
      reservationId,
      orderId: opened.online.orderId,
      number: opened.number,
      amount: opened.online.amount,
      depositHold: 0,
      email: opened.email,
      description: `Automobilio nuoma, rezervacija ${opened.number}: likutis`,
      holdUntil: opened.online.holdUntil,
      ...urls,
    });
  } catch (error) {
    ctx.log.error(`Nepavyko pradėti likučio mokėjimo internetu (${provider}) rezervacijai ${opened.number}`, error);
    throw new CoreError("precondition", BALANCE_MESSAGES.failed);
  }
  await adoptProviderOrderId(ctx, reservationId, opened.online.orderId, session.orderId);
  ctx.log.info(
    `Likučio mokėjimas internetu pradėtas: rezervacija ${opened.number}, ${opened.online.amount.toFixed(2)} €`,
  );
  return { redirectUrl: session.redirectUrl, amount: opened.online.amount, provider };
}

/** The payment settings as the site's booking uses them. */
export async function loadPaymentSettings(ctx: CoreContext): Promise<PaymentSettings> {
  return paymentSettingsOf(await loadSettings(ctx.store));
}

/**
 * A provider that names the order itself (Stripe's session id): the open online payment takes
 * that id, so its callback finds the reservation; nothing when the id is ours or the payment moved on.
 */
async function adoptProviderOrderId(
  ctx: CoreContext,
  reservationId: string,
  ourOrderId: string,
  providerOrderId: string,
): Promise<void> {
  if (providerOrderId === ourOrderId) return;
  const { store } = ctx;
  await store.transaction(async (tx) => {
    await tx.lock(ledgerLockKey(reservationId));
    const current = await tx.get(COLLECTIONS.reservations, reservationId);
    if (!current) return;
    const record = reservationRecord(current);
    const online = onlineOf(record);
    if (!record.payment || online?.orderId !== ourOrderId) return;
    writeSummary(writer(tx, store, ctx.clock.now()), current, {
      ...record.payment,
      online: { ...online, orderId: providerOrderId },
    });
  });
}

// The demo company's payments ledger: realistic entries for its reservations, built with the
// ledger's own rules (src/domain/payments.ts: ledgerEntrySchema, summarizeLedger,
// paymentSummaryDoc), so each reservation's `payment` summary is exactly what the core would keep
// after recording the same entries. Deterministic: the same `now` gives the same ledger.
//
// What the demo shows:
// - web bookings that paid an advance online (Paysera) when booking, the rest at the desk;
// - the rental paid in full at the desk (cash or card) at pick-up;
// - the deposit taken on a card at pick-up and given back at return;
// - a few rentals that still owe money (returned or running, partly paid) for the
//   "Neapmokėtos" list and the reports' unpaid balances;
// - future reservations without payments (they pay at pick-up).
import { roundMoney } from "../../src/domain/format";
import {
  type LedgerEntry,
  ledgerEntrySchema,
  onlineChargeAmount,
  PROVIDER_ACTOR,
  paymentSummaryDoc,
  summarizeLedger,
} from "../../src/domain/payments";
import {
  type OnlinePayment,
  PAYMENT_DEFAULTS,
  paymentSettingsSchema,
  type Quote,
  type ReservationPayment,
} from "../../src/domain/schemas";

export interface DemoLedgerRecord {
  id: string;
  createdAt: string;
  updatedAt: string;
  doc: LedgerEntry;
}

/** What the ledger needs of a demo reservation. */
export interface LedgerReservation {
  id: string;
  createdAt: string;
  doc: {
    number: string;
    status: string;
    source: string;
    pickupAt: string;
    returnAt: string;
    quote: Quote;
    returnAct?: unknown;
    payment: ReservationPayment | null;
  };
}

/** The advance the demo's online bookings paid (the default settings: a fixed 50 € advance). */
const DEMO_PAYMENT_SETTINGS = paymentSettingsSchema.parse({ ...PAYMENT_DEFAULTS });

const plusMinutes = (iso: string, minutes: number, notAfter: number): string =>
  new Date(Math.min(notAfter, Date.parse(iso) + minutes * 60_000)).toISOString();

/** A stable small number from a reservation number ("R-2026-000123" -> 123). */
const sequence = (number: string): number => Number(/(\d+)$/.exec(number)?.[1] ?? 0);

/**
 * Adds the ledger to the reservations (their `payment` summaries are set here) and returns its
 * entries. `makeId(key)` gives a demo record id; `staff` names who took the money at the desk.
 */
export function buildDemoLedger(
  reservations: LedgerReservation[],
  makeId: (key: string) => string,
  staff: { desk: string; admin: string },
  now: Date,
): DemoLedgerRecord[] {
  const latest = now.getTime();
  const records: DemoLedgerRecord[] = [];
  const ordered = [...reservations].sort((a, b) => a.doc.number.localeCompare(b.doc.number));
  let owingCompleted = 0;
  let owingActive = 0;
  for (const reservation of ordered) {
    const d = reservation.doc;
    if (!["confirmed", "active", "completed"].includes(d.status)) continue;
    const n = sequence(d.number);
    const entries: { id: string; entry: LedgerEntry }[] = [];
    const add = (
      id: string,
      fields: Omit<LedgerEntry, "reservationId" | "currency" | "provider" | "providerPaymentId"> & Partial<LedgerEntry>,
    ) => {
      entries.push({ id, entry: ledgerEntrySchema.parse({ reservationId: reservation.id, ...fields }) });
    };
    const deskKey = (i: number) => makeId(`${reservation.id}/${i}`);
    const cashier = n % 3 === 0 ? staff.admin : staff.desk;
    const total = d.quote.total;

    // Web bookings: every second one paid the advance online when booking.
    let online: OnlinePayment | null = null;
    if (d.source === "web" && n % 2 === 0) {
      const amount = onlineChargeAmount(total, DEMO_PAYMENT_SETTINGS);
      const paymentId = `demo-${d.number}`;
      const at = plusMinutes(reservation.createdAt, 3, latest);
      online = {
        provider: "paysera",
        state: "paid",
        amount,
        depositHold: 0,
        holdUntil: plusMinutes(
          reservation.createdAt,
          DEMO_PAYMENT_SETTINGS.paymentHoldMinutes,
          Number.POSITIVE_INFINITY,
        ),
        orderId: reservation.id,
      };
      add(`paysera-${paymentId}`, {
        amount,
        method: "online",
        kind: amount >= total ? "rental" : "advance",
        reference: `Paysera ${paymentId}`,
        who: PROVIDER_ACTOR,
        at,
        provider: "paysera",
        providerPaymentId: paymentId,
      });
    }

    if (d.status === "active" || d.status === "completed") {
      const paidOnline = entries.reduce((sum, e) => sum + e.entry.amount, 0);
      let rest = roundMoney(total - paidOnline);
      // A few rentals still owe part of the price (the desk took only some of it).
      const owes =
        (d.status === "completed" && owingCompleted < 3 && n % 5 === 1) || (d.status === "active" && owingActive < 1);
      if (owes && rest > 20) {
        rest = roundMoney(Math.floor(rest / 2));
        if (d.status === "completed") owingCompleted++;
        else owingActive++;
      }
      if (rest > 0) {
        add(deskKey(1), {
          amount: rest,
          method: n % 4 === 0 ? "cash" : "card",
          kind: "rental",
          reference: n % 4 === 0 ? `Kasos kvitas Nr. ${1000 + n}` : "",
          who: cashier,
          at: d.pickupAt,
        });
      }
      if (d.quote.deposit > 0) {
        add(deskKey(2), {
          amount: d.quote.deposit,
          method: "card",
          kind: "deposit-held",
          reference: "Užstatas rezervuotas kortelėje",
          who: cashier,
          at: plusMinutes(d.pickupAt, 1, latest),
        });
        if (d.status === "completed") {
          add(deskKey(3), {
            amount: d.quote.deposit,
            method: "card",
            kind: "deposit-released",
            reference: "Užstatas atlaisvintas grąžinus automobilį",
            who: cashier,
            at: plusMinutes(d.returnAt, 20, latest),
          });
        }
      }
    }

    if (entries.length === 0) continue;
    const summary = summarizeLedger(
      d,
      entries.map((e) => e.entry),
    );
    d.payment = paymentSummaryDoc(summary, online);
    for (const { id, entry } of entries) records.push({ id, createdAt: entry.at, updatedAt: entry.at, doc: entry });
  }
  return records;
}

/** What is wrong with a demo ledger (empty when nothing): for validateDemoData. */
export function demoLedgerProblems(
  reservations: readonly LedgerReservation[],
  payments: readonly DemoLedgerRecord[],
  now: number,
): string[] {
  const problems: string[] = [];
  const byReservation = new Map<string, LedgerEntry[]>();
  if (new Set(payments.map((p) => p.id)).size !== payments.length) problems.push("mokėjimų identifikatoriai kartojasi");
  for (const payment of payments) {
    const parsed = ledgerEntrySchema.safeParse(payment.doc);
    if (!parsed.success) problems.push(`mokėjimas ${payment.id}: ${parsed.error.message}`);
    if (Date.parse(payment.doc.at) > now) problems.push(`mokėjimas ${payment.id}: įrašytas ateityje`);
    const list = byReservation.get(payment.doc.reservationId) ?? [];
    list.push(payment.doc);
    byReservation.set(payment.doc.reservationId, list);
  }
  const ids = new Set(reservations.map((r) => r.id));
  for (const id of byReservation.keys()) if (!ids.has(id)) problems.push(`mokėjimas be rezervacijos ${id}`);
  for (const r of reservations) {
    const entries = byReservation.get(r.id) ?? [];
    if (entries.length === 0) {
      if (r.doc.payment !== null) problems.push(`rezervacija ${r.doc.number}: suvestinė be mokėjimų`);
      continue;
    }
    const summary = paymentSummaryDoc(summarizeLedger(r.doc, entries), r.doc.payment?.online ?? null);
    if (JSON.stringify(summary) !== JSON.stringify(r.doc.payment)) {
      problems.push(`rezervacija ${r.doc.number}: mokėjimų suvestinė nesutampa su įrašais`);
    }
  }
  return problems;
}

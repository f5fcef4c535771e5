// The payments ledger (mokėjimai): append-only entries per reservation, never edited or deleted;
// a correction is a new entry (e.g. a refund). What a reservation costs is the server's quote plus
// the return's charges; what was paid and what is due always follow from the entries. The online
// pre-payment's amount is decided here from the quote and the settings, never by the browser.
import { z } from "zod";
import { formatMoney, roundMoney } from "./format";
import { parseFields } from "./input";
import {
  type DepositState,
  isoDateTime,
  money,
  PAYMENT_DEFAULTS,
  PAYMENT_PROVIDERS,
  type PaymentSettings,
  paymentSettingsSchema,
  type Quote,
  type Reservation,
  type ReservationPayment,
} from "./schemas";

export const PAYMENT_METHODS = ["cash", "card", "transfer", "online"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_KINDS = [
  "advance",
  "rental",
  "deposit-held",
  "deposit-applied",
  "deposit-released",
  "charge",
  "refund",
] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  cash: "Grynaisiais",
  card: "Kortele vietoje",
  transfer: "Banko pavedimu",
  online: "Internetu",
};
export const PAYMENT_KIND_LABELS: Readonly<Record<PaymentKind, string>> = {
  advance: "Avansas",
  rental: "Nuomos mokestis",
  "deposit-held": "Užstatas paimtas",
  "deposit-applied": "Užstatas įskaitytas",
  "deposit-released": "Užstatas grąžintas",
  charge: "Papildomi mokesčiai",
  refund: "Grąžinti pinigai",
};
export const DEPOSIT_STATE_LABELS: Readonly<Record<DepositState, string>> = {
  none: "nėra",
  held: "paimtas",
  applied: "įskaitytas",
  released: "grąžintas",
};

/** Who recorded an entry made by a provider's verified callback. */
export const PROVIDER_ACTOR = "provider";
export const REFERENCE_MAX = 200;

const positiveMoney = money.refine((v) => v > 0, { error: "Suma turi būti didesnė už 0 €" });

/** A stored ledger entry (collection `payments`). */
export const ledgerEntrySchema = z
  .object({
    reservationId: z.string().min(1).max(64),
    amount: positiveMoney,
    currency: z.literal("EUR").default("EUR"),
    method: z.enum(PAYMENT_METHODS),
    kind: z.enum(PAYMENT_KINDS),
    reference: z.string().max(REFERENCE_MAX).default(""),
    /** the staff member's e-mail, or PROVIDER_ACTOR */
    who: z.string().min(1).max(254),
    at: isoDateTime,
    /** online payments: the provider and its payment id (a repeat callback is recognised by it) */
    provider: z.enum(PAYMENT_PROVIDERS).nullable().default(null),
    providerPaymentId: z.string().max(300).nullable().default(null),
  })
  .strict();
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export type StoredLedgerEntry = LedgerEntry & { id: string; createdAt?: string };

/** What staff send for a new entry (who, when and the reservation are the server's). */
export const ledgerEntryInputSchema = z
  .object({
    amount: positiveMoney,
    method: z.enum(PAYMENT_METHODS, { error: "Pasirinkite mokėjimo būdą" }),
    kind: z.enum(PAYMENT_KINDS, { error: "Pasirinkite mokėjimo rūšį" }),
    reference: z
      .string({ error: "Turi būti tekstas" })
      .trim()
      .max(REFERENCE_MAX, { error: `Ne daugiau kaip ${REFERENCE_MAX} simbolių` })
      .default(""),
  })
  .strict();
export type LedgerEntryInput = z.infer<typeof ledgerEntryInputSchema>;

/** Staff input, checked: field errors in Lithuanian (an InputError, answered 422). */
export function readLedgerEntryInput(body: unknown): LedgerEntryInput {
  return parseFields(ledgerEntryInputSchema, body);
}

export interface LedgerSummary {
  /** the quote's total plus the return's charges */
  total: number;
  /** advances, rental and charges paid and the deposit applied to the charges, less refunds */
  paid: number;
  /** total less paid, never below 0 */
  due: number;
  deposit: { amount: number; state: DepositState };
}

type PricedReservation = Pick<Reservation, "quote" | "returnAct"> | { quote?: Quote | null; returnAct?: unknown };

/** What the reservation costs: the server's price plus the return act's charges. */
export function reservationTotal(reservation: PricedReservation): number {
  const quoteTotal = reservation.quote?.total ?? 0;
  const act = reservation.returnAct as { total?: unknown } | null | undefined;
  const charges = typeof act?.total === "number" ? act.total : 0;
  return roundMoney(quoteTotal + charges);
}

/** Kinds that pay the price: the deposit counts only once applied to the charges ("deposit-applied"). */
const PAID_KINDS: readonly PaymentKind[] = ["advance", "rental", "charge", "deposit-applied"];

/**
 * The ledger summed up. The deposit is apart from what is paid (a held deposit is never debt nor
 * payment): "held" while more was taken than applied and given back, "applied" once the rest went
 * to the charges at the return, "released" once all of it was given back, "none" before any was taken.
 */
export function summarizeLedger(
  reservation: PricedReservation,
  entries: readonly Pick<LedgerEntry, "amount" | "kind">[],
): LedgerSummary {
  const total = reservationTotal(reservation);
  let paidCents = 0;
  let heldCents = 0;
  let releasedCents = 0;
  let appliedCents = 0;
  for (const entry of entries) {
    const cents = Math.round(entry.amount * 100);
    if (PAID_KINDS.includes(entry.kind)) paidCents += cents;
    else if (entry.kind === "refund") paidCents -= cents;
    else if (entry.kind === "deposit-held") heldCents += cents;
    else if (entry.kind === "deposit-released") releasedCents += cents;
    if (entry.kind === "deposit-applied") appliedCents += cents;
  }
  const paid = paidCents / 100;
  const depositCents = Math.max(0, heldCents - releasedCents - appliedCents);
  const state: DepositState =
    heldCents === 0 ? "none" : depositCents > 0 ? "held" : appliedCents > 0 ? "applied" : "released";
  return {
    total,
    paid,
    due: Math.max(0, roundMoney(total - paid)),
    deposit: { amount: depositCents / 100, state },
  };
}

/** The summary as kept on the reservation (online: the pre-payment's state, kept as it was). */
export function paymentSummaryDoc(
  summary: LedgerSummary,
  online: ReservationPayment["online"] = null,
): ReservationPayment {
  return { paid: summary.paid, due: summary.due, depositState: summary.deposit.state, online };
}

/** Statuses that owe nothing in the "Neapmokėtos" list. */
export const NOT_OWING_STATUSES: readonly string[] = ["cancelled", "no_show"];

/**
 * The reservations list's "Neapmokėtos" rule on a stored reservation: what is paid (the ledger's
 * summary, payment.paid) is less than the price plus the return's charges, and the reservation is
 * neither cancelled nor a no-show. The local server says the same in SQL
 * (server/payments/listFilter.ts); Firestore keeps it as a field derived at every write.
 */
export function owesBalance(data: Record<string, unknown>): boolean {
  if (NOT_OWING_STATUSES.includes(String(data.status))) return false;
  const payment = data.payment as { paid?: unknown } | null | undefined;
  const paid = typeof payment?.paid === "number" ? payment.paid : 0;
  const quote = data.quote as { total?: unknown } | null | undefined;
  const quoteTotal = typeof quote?.total === "number" ? quote.total : 0;
  return paid < reservationTotal({ quote: { total: quoteTotal } as Quote, returnAct: data.returnAct });
}

/** Whether the reservation still has money due ("Neapmokėtos" filter). */
export const isUnpaid = (payment: Pick<ReservationPayment, "due"> | null | undefined, total: number): boolean =>
  payment ? payment.due > 0 : total > 0;

// ---------- online pre-payment ----------

/** The settings' payment part; a document without one (or a broken one) uses the defaults. */
export function paymentSettingsOf(settings: { payments?: unknown } | null | undefined): PaymentSettings {
  return paymentSettingsSchema.safeParse(settings?.payments ?? {}).data ?? { ...PAYMENT_DEFAULTS };
}

/** What the site charges online for a price: never more than the price, never less than 0,01 €. */
export function onlineChargeAmount(total: number, settings: PaymentSettings): number {
  const price = roundMoney(total);
  if (price <= 0) return 0;
  let amount: number;
  if (settings.onlineCharge === "full") amount = price;
  else if (settings.onlineCharge === "percent") amount = roundMoney((price * settings.advancePercent) / 100);
  else amount = Math.min(price, settings.advanceAmount);
  return Math.max(0.01, roundMoney(amount));
}

/** The online charge in words, for the booking form ("Avansas internetu: 50,00 €"). */
export function onlineChargeLabel(amount: number, total: number): string {
  return roundMoney(amount) >= roundMoney(total)
    ? `Visa kaina mokama internetu: ${formatMoney(amount)}`
    : `Avansas internetu: ${formatMoney(amount)}, likusi suma ${formatMoney(roundMoney(total - amount))} – atsiimant`;
}

/** Whether an awaiting online payment's hold ran out. */
export function holdExpired(online: ReservationPayment["online"] | null | undefined, now: Date): boolean {
  return online?.state === "awaiting" && Date.parse(online.holdUntil) <= now.getTime();
}

export const holdUntil = (now: Date, minutes: number): string =>
  new Date(now.getTime() + minutes * 60_000).toISOString();

/** The cancel reason written when the hold runs out. */
export const HOLD_EXPIRED_REASON = "Nesumokėta internetu per nustatytą laiką";

/** Amount in cents as providers count it; a provider's amount back in euros. */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;

// ---------- the balance paid from "Mano rezervacija" ----------

// A balance: "b<n>-<id>"; a retried booking payment: "p<n>-<id>" (retryOrderId).
const BALANCE_ORDER = /^[bp]([0-9a-z]{1,3})-(.+)$/;

/**
 * The provider's order id of a balance payment: "b<n>-<reservation id>", n = the ledger's length
 * in base 36, so every balance paid gets its own id (Paysera names the payment by its order id,
 * at most 40 characters: a UUID leaves room for 3 more).
 */
export const balanceOrderId = (reservationId: string, ledgerLength: number): string =>
  `b${ledgerLength.toString(36).slice(-2)}-${reservationId}`;

/** The reservation an order id belongs to (a booking's order id is the reservation's id). */
export const reservationIdOfOrder = (orderId: string): string => BALANCE_ORDER.exec(orderId)?.[2] ?? orderId;

/** Why a balance cannot be paid online now; null when it can. */
export function balanceRefusal(
  reservation: Pick<Reservation, "status"> & { payment?: ReservationPayment | null },
  due: number,
): string | null {
  if (reservation.status === "cancelled" || reservation.status === "no_show") return BALANCE_MESSAGES.closed;
  const online = reservation.payment?.online;
  if (online?.state === "awaiting" && !online.balance) return BALANCE_MESSAGES.awaitingBooking;
  // A failed booking payment is retried as itself (retryOnlinePayment), never as a balance: a
  // balance would stop the hold job from releasing the car.
  if (online?.state === "failed" && !online.balance && reservation.status === "new") {
    return BALANCE_MESSAGES.awaitingBooking;
  }
  if (roundMoney(due) <= 0) return BALANCE_MESSAGES.nothingDue;
  return null;
}

// ---------- a booking's pre-payment tried again ----------

/** How many times a booking's online payment may be opened in all (the first one included). */
export const MAX_PAYMENT_ATTEMPTS = 20;

/**
 * The provider's order id of the n-th try (n ≥ 2) of a booking's pre-payment: "p<n>-<reservation id>"
 * in base 36, so Paysera gets a new order and Stripe a new session (its idempotency key is the order id).
 */
export const retryOrderId = (reservationId: string, attempt: number): string =>
  `p${attempt.toString(36).slice(-2)}-${reservationId}`;

export const RETRY_MESSAGES = {
  notAwaiting: "Ši rezervacija nelaukia mokėjimo internetu",
  paid: "Rezervacija jau apmokėta",
  expired:
    "Mokėjimo laikas baigėsi: rezervacija atšaukta ir automobilis atlaisvintas. Rezervuokite iš naujo arba susisiekite su mumis.",
  tooMany: "Per daug mokėjimo bandymų: susisiekite su mumis",
} as const;

/**
 * Why a web booking's online pre-payment cannot be opened again now; null when it can: the
 * booking still waits for it (new, its payment awaiting or failed, not a balance) and its hold
 * has not run out. A paid or cancelled booking never reopens.
 */
export function retryRefusal(
  reservation: Pick<Reservation, "status"> & { payment?: ReservationPayment | null },
  now: Date,
): string | null {
  const online = reservation.payment?.online;
  if (!online || online.balance) return RETRY_MESSAGES.notAwaiting;
  if (online.state === "paid") return RETRY_MESSAGES.paid;
  if (online.state === "expired" || reservation.status === "cancelled") return RETRY_MESSAGES.expired;
  if (reservation.status !== "new") return RETRY_MESSAGES.notAwaiting;
  if (Date.parse(online.holdUntil) <= now.getTime()) return RETRY_MESSAGES.expired;
  if ((online.attempts ?? 1) >= MAX_PAYMENT_ATTEMPTS) return RETRY_MESSAGES.tooMany;
  return null;
}

export const BALANCE_MESSAGES = {
  nothingDue: "Mokėti nebėra ko: visa suma jau sumokėta",
  closed: "Atšauktos rezervacijos apmokėti internetu negalima",
  awaitingBooking: "Laukiama rezervacijos mokėjimo patvirtinimo; pabandykite po kelių minučių",
  notConfigured: "Mokėjimas internetu nesukonfigūruotas: likutį sumokėsite atsiimdami automobilį",
  failed: "Nepavyko pradėti mokėjimo internetu, bandykite dar kartą arba susisiekite su mumis",
} as const;

// The deposit (užstatas) in the payments ledger, as pure rules. At the hand-over staff take it
// (cash, card at the desk) and a "deposit-held" entry is written, or they name the online hold the
// provider already took (its "deposit-held" entry is there), or they record that none was taken.
// At the return the deposit is applied to the return's charges ("deposit-applied", which pays them)
// and the rest is given back ("deposit-released"); charges above it stay owed. A deposit never
// taken is never applied nor released. The return act, the ledger's summary, the reservation's
// view and the "Neapmokėti likučiai" report all read these figures from here and summarizeLedger.
import { z } from "zod";
import { formatMoney, roundMoney } from "./format";
import { type LedgerEntry, type PaymentMethod, summarizeLedger } from "./payments";
import {
  type Car,
  HANDOVER_DEPOSIT_METHODS,
  type HandoverDeposit,
  type HandoverDepositMethod,
  money,
  type Reservation,
} from "./schemas";

export const HANDOVER_DEPOSIT_LABELS: Readonly<Record<HandoverDepositMethod, string>> = {
  cash: "Grynaisiais",
  card: "Kortele vietoje",
  online: "Rezervuotas kortelėje internetu",
  none: "Užstatas nepaimtas",
};

export const DEPOSIT_MESSAGES = {
  method: "Pasirinkite, kaip paimtas užstatas",
  amount: "Įveskite užstato sumą eurais (daugiau nei 0 €)",
  noOnlineHold: "Užstatas internetu nerezervuotas – pasirinkite grynaisiais ar kortele, arba kad užstatas nepaimtas",
  alreadyHeld: (amount: number) =>
    `Užstatas ${formatMoney(amount)} jau rezervuotas kortelėje internetu – antro imti nereikia`,
} as const;

/** What staff send at the hand-over (body.deposit); absent: nothing recorded (older clients). */
export const handoverDepositInputSchema = z
  .object({
    method: z.enum(HANDOVER_DEPOSIT_METHODS, { error: DEPOSIT_MESSAGES.method }),
    amount: money.default(0),
    reference: z
      .string({ error: "Turi būti tekstas" })
      .trim()
      .max(200, { error: "Ne daugiau kaip 200 simbolių" })
      .default(""),
  })
  .strict();
export type HandoverDepositInput = z.infer<typeof handoverDepositInputSchema>;

/** The car's excess (savarankiška rizika): its own, or its deposit when none is set. */
export const excessOf = (car: Pick<Car, "deposit"> & { excess?: number | null | undefined }): number =>
  roundMoney(car.excess ?? car.deposit);

type Entry = Pick<LedgerEntry, "amount" | "kind" | "method">;

/** The deposit the ledger holds now (taken less applied and given back) and how it was taken. */
export function heldDeposit(entries: readonly Entry[]): { amount: number; method: PaymentMethod | null } {
  const amount = summarizeLedger({ quote: null, returnAct: null }, entries).deposit.amount;
  const taken = entries.filter((entry) => entry.kind === "deposit-held");
  return { amount, method: amount > 0 ? (taken[taken.length - 1]?.method ?? null) : null };
}

export interface HandoverDepositPlan {
  /** what the hand-over act records (null: nothing was asked) */
  record: HandoverDeposit | null;
  /** the ledger entry to write now (cash or card at the desk) */
  entry: { amount: number; method: "cash" | "card"; reference: string } | null;
  /** field errors (deposit.method, deposit.amount) */
  errors: Record<string, string>;
}

/** The hand-over's deposit checked against what the ledger already holds (an online hold). */
export function planHandoverDeposit(
  input: HandoverDepositInput | undefined,
  held: { amount: number; method: PaymentMethod | null },
): HandoverDepositPlan {
  const online = held.amount > 0;
  if (!input) {
    return {
      record: online ? { method: "online", amount: held.amount, reference: "" } : null,
      entry: null,
      errors: {},
    };
  }
  if (input.method === "online") {
    if (!online) return { record: null, entry: null, errors: { "deposit.method": DEPOSIT_MESSAGES.noOnlineHold } };
    return { record: { method: "online", amount: held.amount, reference: input.reference }, entry: null, errors: {} };
  }
  if (online)
    return { record: null, entry: null, errors: { "deposit.method": DEPOSIT_MESSAGES.alreadyHeld(held.amount) } };
  if (input.method === "none")
    return { record: { method: "none", amount: 0, reference: input.reference }, entry: null, errors: {} };
  const amount = roundMoney(input.amount);
  if (amount <= 0) return { record: null, entry: null, errors: { "deposit.amount": DEPOSIT_MESSAGES.amount } };
  return {
    record: { method: input.method, amount, reference: input.reference },
    entry: { amount, method: input.method, reference: input.reference },
    errors: {},
  };
}

/** The deposit at the return: held = what the ledger holds, retained = applied to the charges, refunded = the rest. */
export interface DepositSettlement {
  held: number;
  retained: number;
  refunded: number;
}

/** The deposit applied to the charges, never more than it; the rest given back. */
export function settleDeposit(held: number, charges: number): DepositSettlement {
  const h = roundMoney(Math.max(0, held));
  const retained = roundMoney(Math.min(h, Math.max(0, charges)));
  return { held: h, retained, refunded: roundMoney(h - retained) };
}

/** The ledger entries of a settlement (none for a deposit never taken), in the held deposit's method. */
export function settlementEntries(
  settlement: DepositSettlement,
  method: PaymentMethod | null,
  number: string,
): { amount: number; kind: "deposit-applied" | "deposit-released"; method: PaymentMethod; reference: string }[] {
  if (settlement.held <= 0) return [];
  const how = method ?? "cash";
  const out: ReturnType<typeof settlementEntries> = [];
  if (settlement.retained > 0) {
    out.push({
      amount: settlement.retained,
      kind: "deposit-applied",
      method: how,
      reference: `Grąžinimas ${number}: įskaityta į mokesčius`.slice(0, 200),
    });
  }
  if (settlement.refunded > 0) {
    out.push({
      amount: settlement.refunded,
      kind: "deposit-released",
      method: how,
      reference: `Grąžinimas ${number}: užstato likutis grąžintas`.slice(0, 200),
    });
  }
  return out;
}

/**
 * What is still owed once the return's act and its deposit entries are in the ledger: the one
 * figure the act prints, the ledger shows and the report lists.
 */
export function dueAfterReturn(
  reservation: Pick<Reservation, "quote"> | { quote?: Reservation["quote"] | null },
  chargesTotal: number,
  entries: readonly Entry[],
  settlement: readonly Pick<LedgerEntry, "amount" | "kind">[],
): number {
  return summarizeLedger({ quote: reservation.quote ?? null, returnAct: { total: chargesTotal } }, [
    ...entries,
    ...settlement,
  ]).due;
}

/** "250,00 € grynaisiais", "nepaimtas" … for the acts and screens. */
export function handoverDepositText(deposit: HandoverDeposit | null | undefined): string {
  if (!deposit) return "neįrašytas";
  if (deposit.method === "none") return "nepaimtas";
  return `${formatMoney(deposit.amount)} (${HANDOVER_DEPOSIT_LABELS[deposit.method].toLocaleLowerCase("lt-LT")})`;
}

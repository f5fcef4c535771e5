// Partial credit notes (kreditinės sąskaitos): what of an invoice is still in force, and the
// lines of a credit note that credits chosen lines or a part of a line's amount. Pure: the core
// (src/core/invoices.ts) reads the invoice and its credit notes and stores what this decides.
//
// A credit line names the line of the invoice it credits (`sourceLine`, its index); older credit
// notes that reversed the whole invoice have none and credit line i by their own line i. So the
// remaining amount of every line, and of the invoice, follows from the invoice and its credit
// notes alone, never from a counter kept beside them.
import { z } from "zod";
import { formatMoney } from "./format";
import { invalidFields, issueFieldErrors, prepareBody } from "./input";
import { CREDIT_REASON_MAX, grossLine, type InvoiceDoc, type InvoiceLine } from "./invoices";
import { money } from "./schemas";

/** A credit note's line: the invoice line it credits (index in the invoice's lines). */
export type CreditLine = InvoiceLine & { sourceLine?: number };

const cents = (amount: number): number => Math.round(Number((amount * 100).toFixed(6)));
const euros = (c: number): number => c / 100;

export const CREDIT_MESSAGES = {
  fullyCredited: (number: string) => `Sąskaita ${number} jau visiškai kredituota: kredituoti nebėra ko`,
  lineUnknown: "Tokios sąskaitos eilutės nėra",
  lineTooMuch: (left: number) => `Daugiau nei liko šioje eilutėje (${formatMoney(left)}) kredituoti negalima`,
  lineNegative: "Nuolaidos eilutės atskirai kredituoti negalima",
  lineTwice: "Ta pati eilutė nurodyta du kartus",
  noLines: "Pasirinkite bent vieną eilutę ir sumą",
} as const;

/** What of each invoice line is still in force (gross, VAT included), after the given credit notes. */
export function remainingByLine(
  invoice: Pick<InvoiceDoc, "lines">,
  credits: readonly { lines: readonly CreditLine[] }[],
): number[] {
  const left = invoice.lines.map((line) => cents(line.total));
  for (const credit of credits) {
    credit.lines.forEach((line, position) => {
      const index = line.sourceLine ?? position;
      if (index >= 0 && index < left.length) left[index] = (left[index] ?? 0) + cents(line.total);
    });
  }
  return left.map(euros);
}

/** The invoice's balance still in force: its total plus its credit notes' (negative) totals. */
export function invoiceBalance(
  invoice: { totals: { total: number } },
  credits: readonly { totals: { total: number } }[],
): number {
  return euros(credits.reduce((sum, credit) => sum + cents(credit.totals.total), cents(invoice.totals.total)));
}

/** The credited line's VAT treatment, which a credit of a part of it keeps (outside the scope, reverse charge). */
const vatTreatmentOf = (line: InvoiceLine): Pick<InvoiceLine, "vatNote" | "reverseCharge"> => ({
  ...(line.vatNote ? { vatNote: line.vatNote } : {}),
  ...(line.reverseCharge ? { reverseCharge: true } : {}),
});

/** One line of a credit note crediting `amount` (gross, > 0) of the invoice's line. */
function creditLineOf(line: InvoiceLine, index: number, amount: number, whole: boolean): CreditLine {
  const neg = (v: number) => (v === 0 ? 0 : -v);
  if (whole) {
    return {
      ...line,
      quantity: neg(line.quantity),
      net: neg(line.net),
      vat: neg(line.vat),
      total: neg(line.total),
      sourceLine: index,
    };
  }
  // A part of a line is an amount, not a number of days: "−1 vnt. × 34,71 €", never "−1 para".
  const part = grossLine(`${line.description} (dalinis kreditas)`, amount, line.vatRate);
  return {
    ...part,
    ...vatTreatmentOf(line),
    quantity: -1,
    net: neg(part.net),
    vat: neg(part.vat),
    total: neg(part.total),
    sourceLine: index,
  };
}

export interface CreditPick {
  /** the invoice line's index */
  line: number;
  /** gross amount to credit, VAT included */
  amount: number;
}

/**
 * The credit note's lines. No picks: everything still in force (the whole invoice the first time).
 * Picks: each chosen line by the amount given, never more than what is left of it.
 * Throws an InputError (field `lines`) for a wrong pick, or returns null when nothing is left.
 */
export function creditLines(
  invoice: Pick<InvoiceDoc, "lines">,
  credits: readonly { lines: readonly CreditLine[] }[],
  picks: readonly CreditPick[] | undefined,
): CreditLine[] | null {
  const left = remainingByLine(invoice, credits);
  if (!picks || picks.length === 0) {
    const untouched = credits.length === 0;
    const lines = invoice.lines
      .map((line, index) => ({ line, index, amount: left[index] ?? 0 }))
      .filter(({ amount }) => cents(amount) !== 0)
      .map(({ line, index, amount }) =>
        untouched || cents(amount) === cents(line.total)
          ? creditLineOf(line, index, amount, true)
          : amount > 0
            ? creditLineOf(line, index, amount, false)
            : {
                ...grossLine(`${line.description} (likutis)`, amount, line.vatRate),
                ...vatTreatmentOf(line),
                sourceLine: index,
              },
      );
    const total = lines.reduce((sum, line) => sum + cents(line.total), 0);
    return lines.length === 0 || total >= 0 ? null : lines;
  }
  const seen = new Set<number>();
  const lines: CreditLine[] = [];
  for (const pick of picks) {
    const line = invoice.lines[pick.line];
    if (!line) throw invalidFields({ lines: CREDIT_MESSAGES.lineUnknown });
    if (seen.has(pick.line)) throw invalidFields({ lines: CREDIT_MESSAGES.lineTwice });
    seen.add(pick.line);
    if (line.total <= 0) throw invalidFields({ lines: CREDIT_MESSAGES.lineNegative });
    const remaining = left[pick.line] ?? 0;
    if (cents(pick.amount) > cents(remaining)) throw invalidFields({ lines: CREDIT_MESSAGES.lineTooMuch(remaining) });
    const whole = cents(pick.amount) === cents(line.total);
    lines.push(creditLineOf(line, pick.line, pick.amount, whole));
  }
  return lines;
}

// ---------- input ----------

const positiveMoney = money.refine((v) => v > 0, { error: "Suma turi būti didesnė už 0 €" });

export const creditPickSchema = z
  .object({
    line: z.number({ error: "Nurodykite eilutę" }).int().min(0).max(500),
    amount: positiveMoney,
  })
  .strict();

export const partialCreditInputSchema = z
  .object({
    reason: z
      .string({ error: "Nurodykite priežastį" })
      .trim()
      .min(3, { error: "Nurodykite kreditinės sąskaitos priežastį (bent 3 simboliai)" })
      .max(CREDIT_REASON_MAX, { error: `Ne daugiau kaip ${CREDIT_REASON_MAX} simbolių` }),
    /** absent or empty: everything still in force */
    lines: z.array(creditPickSchema).max(100).optional(),
  })
  .strict();
export type PartialCreditInput = z.infer<typeof partialCreditInputSchema>;

/** A credit note's input: the reason and, for a partial one, the lines with their amounts. */
export function readPartialCreditInput(body: unknown): PartialCreditInput {
  const prepared = prepareBody(body ?? {}, ["reason", "lines"]);
  const parsed = partialCreditInputSchema.safeParse(prepared);
  if (!parsed.success) throw invalidFields(issueFieldErrors(parsed.error));
  return parsed.data;
}

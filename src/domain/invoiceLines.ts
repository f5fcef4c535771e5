// Invoice lines an accountant can check with a calculator: quantity × unit price = line amount on
// every line, and VAT per rate = the rate applied to that rate's taxable amount (net). One rule,
// used for the PDF, the back-office screen and i.SAF (which sums the same lines per rate).
//
// The product's prices include VAT (src/domain/pricing.ts): what the customer agreed to pay is
// each line's gross amount. The rule (exactLines):
//  1. per VAT rate, the taxable amount N is the largest net (in cents) whose VAT added gives no
//     more than the rate's gross total G: N + vat(N) <= G, vat(N) = N × rate rounded to the cent
//     (half away from zero), PVM įstatymo 19 str. and 80 str. 1 d. 9 p. (VAT = taxable value ×
//     rate, stated per rate);
//  2. N and vat(N) are shared out over the rate's lines: each line keeps its gross (net from it,
//     VAT the rest), the cents by which the nets miss N move from VAT to net on the largest lines,
//     so the lines add up to N and vat(N) exactly;
//  3. a line's unit price is its net divided by its quantity, shown with as many decimals as
//     needed (2 to 6) that quantity × unit price, rounded to the cent, is the line's net: "7 paros ×
//     105,786 € = 740,50 €" (a unit price with more than two decimals is lawful; the line amount
//     is never changed to fit a rounded price);
//  4. a gross total no net can reach exactly (about one amount in six: N + vat(N) jumps by 2 ct
//     where vat(N) does) leaves 1 ct: the rate's last positive line gives it to its own line
//     "Apvalinimas" outside the VAT register, so the invoice's total is still the agreed price.
// Lines fixed by another document (an advance invoice's deduction) keep their net and VAT; the
// rate's other lines take the rest.
import type { InvoiceLine } from "./invoices";

/** The note and text of the rounding line (rule 4). */
export const ROUNDING_LINE_DESCRIPTION = "Apvalinimas iki sutartos kainos su PVM";
export const ROUNDING_NOTE = "Apvalinimas neapmokestinamas PVM: tai kainos su PVM ir PVM sumos skirtumas";

const basisPoints = (rate: number): number => Math.round(rate * 10000);
const toCents = (amount: number): number => Math.round(Number((amount * 100).toFixed(6)));

/** VAT in cents on a net in cents: net × rate, rounded half away from zero (credit notes mirror invoices). */
export function vatOnNet(netCents: number, rate: number): number {
  const product = Math.abs(netCents) * basisPoints(rate);
  const cents = Math.floor((product + 5000) / 10000);
  return netCents < 0 ? -cents : cents;
}

/** The largest net (cents) whose VAT added reaches no more than the gross (cents); mirrored for a negative gross. */
export function netOfGross(grossCents: number, rate: number): number {
  if (grossCents < 0) return -netOfGross(-grossCents, rate);
  const bp = basisPoints(rate);
  const guess = Math.round((grossCents * 10000) / (10000 + bp));
  for (let net = guess + 2; net >= guess - 3; net -= 1) {
    if (net + vatOnNet(net, rate) <= grossCents) return net;
  }
  return guess - 3;
}

/** How many decimals (2–6) a unit price needs so that quantity × price, rounded to the cent, is the amount. */
export function unitPriceOf(amountCents: number, quantity: number): number {
  if (quantity === 0) return 0;
  for (let digits = 2; digits <= 6; digits += 1) {
    const scale = 10 ** (digits - 2);
    const price = Math.round((amountCents * scale) / quantity) / (100 * scale);
    if (toCents(price * quantity) === amountCents) return Number(price.toFixed(digits));
  }
  return Number((amountCents / 100 / quantity).toFixed(6));
}

/** Whether quantity × unit price, rounded to the cent, is the amount. */
export const multipliesExactly = (quantity: number, unitPrice: number, amount: number): boolean =>
  toCents(quantity * unitPrice) === toCents(amount);

let unitFormat: Intl.NumberFormat | undefined;
/** A unit price as printed: "105,79 €", "105,786 €" (2 to 6 decimals, as stored). */
export function unitPriceText(price: number): string {
  unitFormat ??= new Intl.NumberFormat("lt-LT", {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: 2,
    maximumFractionDigits: 6,
  });
  return unitFormat.format(price).replace(/[\u0020\u202f\u2009]/g, "\u00a0");
}

/** A line the rule may reshape: within the VAT register and not fixed by another document. */
const isFree = (line: InvoiceLine): boolean => !line.vatNote && !line.advance;

/** Shares `diff` cents out one by one over the indexes in `order` (cycling), into `values`. */
function spread(values: number[], order: readonly number[], diff: number): void {
  if (order.length === 0) return;
  const step = diff > 0 ? 1 : -1;
  for (let k = 0; k < Math.abs(diff); k += 1) {
    const i = order[k % order.length] as number;
    values[i] = (values[i] ?? 0) + step;
  }
}

/**
 * The invoice's lines by the rule above: the same descriptions, quantities and rates, every
 * line's net, VAT, total and unit price reworked; a rounding line last when a rate leaves 1 ct.
 * Lines outside the scope of VAT keep their amounts (their unit price is made exact too).
 */
export function exactLines(lines: readonly InvoiceLine[]): InvoiceLine[] {
  const out = lines.map((line) => ({ ...line }));
  const rates = [...new Set(out.filter(isFree).map((line) => line.vatRate))];
  let roundingCents = 0;
  for (const rate of rates) {
    const indexes = out.flatMap((line, i) => (isFree(line) && line.vatRate === rate ? [i] : []));
    const fixed = out.filter((line) => line.advance && !line.vatNote && line.vatRate === rate);
    const gross = indexes.map((i) => toCents(out[i]?.total ?? 0));
    const fixedNet = fixed.reduce((sum, line) => sum + toCents(line.net), 0);
    const fixedGross = fixed.reduce((sum, line) => sum + toCents(line.total), 0);
    const rateGross = gross.reduce((sum, g) => sum + g, 0) + fixedGross;
    const rateNet = netOfGross(rateGross, rate);
    const rateVat = vatOnNet(rateNet, rate);
    roundingCents += rateGross - rateNet - rateVat;

    // Each line keeps its gross: net from it, VAT the rest; the cents by which the nets miss the
    // rate's net move from VAT to net on the largest lines (their totals unchanged).
    const bp = basisPoints(rate);
    const nets = gross.map((g) => Math.round((g * 10000) / (10000 + bp)));
    const bySize = indexes.map((_, k) => k).sort((a, b) => Math.abs(gross[b] ?? 0) - Math.abs(gross[a] ?? 0) || a - b);
    spread(nets, bySize, rateNet - fixedNet - nets.reduce((sum, n) => sum + n, 0));
    const vats = nets.map((n, k) => (gross[k] ?? 0) - n);
    // The rate's VAT is then vat(N) plus the cent no net reaches: the rate's last line with a
    // positive amount (a charge or extra after the rental, else the rental) gives it to the
    // rounding line, which comes last.
    const giver = [...indexes.keys()].reverse().find((k) => (gross[k] ?? 0) > 0) ?? bySize[0];
    spread(vats, giver === undefined ? [] : [giver], -(rateGross - rateNet - rateVat));

    indexes.forEach((i, k) => {
      const line = out[i] as InvoiceLine;
      const net = nets[k] ?? 0;
      const vat = vats[k] ?? 0;
      out[i] = {
        ...line,
        unitNet: unitPriceOf(net, line.quantity),
        net: net / 100,
        vat: vat / 100,
        total: (net + vat) / 100,
      };
    });
  }
  for (const [i, line] of out.entries()) {
    if (line.vatNote) out[i] = { ...line, unitNet: unitPriceOf(toCents(line.net), line.quantity) };
  }
  if (roundingCents !== 0) {
    const amount = roundingCents / 100;
    out.push({
      description: ROUNDING_LINE_DESCRIPTION,
      quantity: 1,
      unit: "vnt.",
      unitNet: amount,
      net: amount,
      vatRate: 0,
      vat: 0,
      total: amount,
      vatNote: ROUNDING_NOTE,
    });
  }
  return out;
}

export interface RateTotal {
  rate: number;
  net: number;
  vat: number;
  total: number;
}

/** The lines' totals per VAT rate, highest rate first (lines outside the VAT register left out). */
export function totalsByRate(
  lines: readonly Pick<InvoiceLine, "vatRate" | "net" | "vat" | "total" | "vatNote">[],
): RateTotal[] {
  const byRate = new Map<number, { net: number; vat: number; total: number }>();
  for (const line of lines) {
    if (line.vatNote) continue;
    const sums = byRate.get(line.vatRate) ?? { net: 0, vat: 0, total: 0 };
    sums.net += toCents(line.net);
    sums.vat += toCents(line.vat);
    sums.total += toCents(line.total);
    byRate.set(line.vatRate, sums);
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, sums]) => ({ rate, net: sums.net / 100, vat: sums.vat / 100, total: sums.total / 100 }));
}

/** The rule's check: every rate's VAT is its net × rate, and every line multiplies exactly. */
export function linesFollowTheRule(lines: readonly InvoiceLine[]): boolean {
  const rates = totalsByRate(lines).every((t) => toCents(t.vat) === vatOnNet(toCents(t.net), t.rate));
  return rates && lines.every((line) => multipliesExactly(line.quantity, line.unitNet, line.net));
}

// Invoice lines an accountant can check (src/domain/invoiceLines.ts): quantity × unit price = line
// amount on every line, VAT per rate = the rate's net × rate, the total = the agreed price; over
// every rental of the demo data and thousands of random prices, lengths and extras.
import { describe, expect, it } from "vitest";
import { buildDemoData } from "../../../server/seed/demoData";
import {
  exactLines,
  linesFollowTheRule,
  multipliesExactly,
  netOfGross,
  ROUNDING_LINE_DESCRIPTION,
  totalsByRate,
  unitPriceOf,
  unitPriceText,
  vatOnNet,
} from "../../../src/domain/invoiceLines";
import { grossLine, type InvoiceLine, reservationLines, totalsOf } from "../../../src/domain/invoices";
import { advanceDeductionLines, advanceLine } from "../../../src/domain/invoiceTerms";
import { documentTotals } from "../../../src/domain/isaf";

const cents = (amount: number) => Math.round(amount * 100);
const gross = (lines: readonly InvoiceLine[]) => lines.reduce((sum, line) => sum + cents(line.total), 0);

/** Everything the rule promises, for one invoice's lines made from gross amounts. */
function expectExact(source: readonly InvoiceLine[]): InvoiceLine[] {
  const lines = exactLines(source);
  for (const line of lines) {
    expect(multipliesExactly(line.quantity, line.unitNet, line.net), line.description).toBe(true);
    expect(cents(line.net) + cents(line.vat)).toBe(cents(line.total));
  }
  for (const rate of totalsByRate(lines)) expect(cents(rate.vat)).toBe(vatOnNet(cents(rate.net), rate.rate));
  expect(gross(lines)).toBe(gross(source));
  expect(linesFollowTheRule(lines)).toBe(true);
  // i.SAF's totals per rate are the same sums.
  const isaf = documentTotals({ lines });
  expect(isaf.map((t) => [t.taxPercentage, cents(t.taxableValue), cents(t.amount)])).toEqual(
    totalsByRate(lines).map((t) => [Math.round(t.rate * 10000) / 100, cents(t.net), cents(t.vat)]),
  );
  // At most one rounding line, of at most a cent per rate, outside the VAT register.
  const rounding = lines.filter((line) => line.description === ROUNDING_LINE_DESCRIPTION);
  expect(rounding.length).toBeLessThanOrEqual(1);
  for (const line of rounding) {
    expect(Math.abs(cents(line.total))).toBeLessThanOrEqual(totalsByRate(source).length);
    expect(line.vat).toBe(0);
    expect(line.vatNote).toBeTruthy();
  }
  // Every line keeps the price agreed for it, but the one that gives a rounding line its cent.
  const changed = source.filter((line, i) => cents(line.total) !== cents(lines[i]?.total ?? 0));
  expect(changed.length).toBeLessThanOrEqual(rounding.length === 0 ? 0 : totalsByRate(source).length);
  return lines;
}

/** A small deterministic random source (the same numbers every run). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe("sąskaitos eilutės: kiekis × kaina = suma, PVM pagal tarifą", () => {
  it("7 paros × kaina = eilutės suma (ne 7 × 105,79 = 740,53 €), PVM 21 % nuo 740,50 € ir bendra suma – sutarta kaina", () => {
    const lines = expectExact([grossLine("Nuoma", 896, 0.21, 7, "para")]);
    const rental = lines[0]!;
    expect(rental.unitNet).toBe(105.784);
    expect(unitPriceText(rental.unitNet)).toBe("105,784\u00a0€");
    expect(cents(rental.unitNet * 7)).toBe(cents(rental.net));
    // 896,00 € cannot be net + 21 % exactly: 740,49 + 155,50 = 895,99, and the cent left is a rounding line.
    expect(lines.map((l) => [l.description, l.net, l.vat, l.total])).toEqual([
      ["Nuoma", 740.49, 155.5, 895.99],
      [ROUNDING_LINE_DESCRIPTION, 0.01, 0, 0.01],
    ]);
    expect(totalsOf(lines)).toEqual({ net: 740.5, vat: 155.5, total: 896 });
  });

  it("kaina, kurią galima išskaidyti tiksliai, apvalinimo eilutės neturi; vieneto kaina – 2 skaitmenys, kai užtenka", () => {
    const lines = expectExact([grossLine("Nuoma", 121, 0.21, 2, "para")]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ unitNet: 50, net: 100, vat: 21, total: 121 });
    expect(unitPriceOf(74050, 7)).toBe(105.786);
    expect(unitPriceOf(10000, 3)).toBe(33.333);
    expect(unitPriceOf(74050, 150)).toBe(4.93667);
    expect(netOfGross(89600, 0.21)).toBe(74049);
    expect(netOfGross(-89600, 0.21)).toBe(-74049);
    expect(vatOnNet(74050, 0.21)).toBe(15551);
    expect(vatOnNet(-74050, 0.21)).toBe(-15551);
  });

  it("visos demonstracinių duomenų nuomos: kiekvienos sąskaitos eilutės ir PVM pagal taisyklę", () => {
    const demo = buildDemoData(new Date("2026-11-20T10:00:00Z"));
    const cars = new Map(demo.cars.map((c) => [c.id, c.doc]));
    let checked = 0;
    for (const reservation of demo.reservations) {
      if (!reservation.doc.quote) continue;
      const source = reservationLines(reservation.doc, cars.get(reservation.doc.carId) ?? null, 0.21);
      expectExact(source);
      // A seller who is not a VAT payer: net = gross, every line exact, no rounding line.
      const plain = exactLines(reservationLines(reservation.doc, null, 0));
      expect(plain.every((l) => multipliesExactly(l.quantity, l.unitNet, l.net) && l.vat === 0)).toBe(true);
      expect(gross(plain)).toBe(gross(source));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("5 000 atsitiktinių sąskaitų: įvairios dienų kainos, trukmės, priedai, nuolaidos ir du tarifai", () => {
    const next = random(27);
    for (let n = 0; n < 5000; n += 1) {
      const days = 1 + Math.floor(next() * 120);
      const perDay = 15 + Math.floor(next() * 20000) / 100;
      const source: InvoiceLine[] = [grossLine("Nuoma", Math.round(perDay * days * 100) / 100, 0.21, days, "para")];
      const extras = Math.floor(next() * 4);
      for (let e = 0; e < extras; e += 1) {
        source.push(grossLine(`Priedas ${e}`, Math.floor(next() * 30000) / 100 + 0.01, 0.21));
      }
      if (next() < 0.3) source.push(grossLine("Nuolaida", -Math.floor(next() * 5000) / 100 - 0.01, 0.21));
      if (next() < 0.2)
        source.push(grossLine("Knyga", Math.floor(next() * 5000) / 100 + 0.01, 0.09, 1 + Math.floor(next() * 3)));
      expectExact(source);
    }
  });

  it("galutinė sąskaita atskaito avansą tokiomis sumomis, kokias parodė avansinė; kartu jos lygios visai nuomai", () => {
    const next = random(5);
    for (let n = 0; n < 1000; n += 1) {
      const total = Math.floor(next() * 200000) / 100 + 50;
      const advanceAmount = Math.min(total, Math.floor(next() * 50000) / 100 + 1);
      const advance = exactLines([
        advanceLine(
          { number: "R-1", pickupAt: "2026-10-03T08:00:00Z", returnAt: "2026-10-10T08:00:00Z" },
          null,
          advanceAmount,
          0.21,
        ),
      ]);
      const deduction = advanceDeductionLines({
        id: "a",
        number: "IS-000001",
        issueDate: "2026-10-01",
        lines: advance,
      });
      const final = expectExact([grossLine("Nuoma", total, 0.21, 7, "para"), ...deduction]);
      // The deduction keeps the advance invoice's net and VAT.
      const kept = final.filter((line) => line.advance);
      expect(kept.map((l) => [l.net, l.vat, l.total])).toEqual(deduction.map((l) => [l.net, l.vat, l.total]));
      expect(gross(final) + gross(advance)).toBe(cents(total));
      const register = (lines: InvoiceLine[]) =>
        totalsByRate(lines).reduce((s, t) => s + cents(t.net) + cents(t.vat), 0);
      // Net and VAT over the two invoices: the rental's, less at most the rounding cents.
      expect(Math.abs(register(final) + register(advance) - cents(total))).toBeLessThanOrEqual(2);
    }
  });
});

// What an invoice says besides its lines (src/domain/invoiceTerms.ts through src/core/invoices.ts
// and src/core/advanceInvoices.ts), on every DocumentStore (memory, PGlite, Firestore): the due
// date from the payment terms (settings, or the customer's own), the paid / part-paid / unpaid
// status from the payments ledger, the seller's IBAN and bank, the rental period supplied; the
// advance invoice issued when an online payment arrives before the rental is invoiced, deducted by
// the final invoice, and the month's i.SAF with both valid against VMI's schema (xmllint). The PDF
// is read back with pdftotext.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../../src/core/collections";
import {
  getInvoice,
  invoicePdf,
  isafExport,
  issueReservationInvoice,
  reservationInvoices,
} from "../../../src/core/invoices";
import { addLedgerEntry, recordVerifiedPayment } from "../../../src/core/payments";
import type { DocumentStore } from "../../../src/core/ports";
import { submitWebReservation } from "../../../src/core/reservations";
import { formatDate } from "../../../src/domain/format";
import { linesFollowTheRule, totalsByRate } from "../../../src/domain/invoiceLines";
import { addDays } from "../../../src/domain/invoiceTerms";
import type { Reservation } from "../../../src/domain/schemas";
import { vilniusDateString } from "../../../src/domain/time";
import { memoryFiles } from "../../helpers/memoryFiles";
import { pdfText } from "../../helpers/pdfText";
import { validateIsaf } from "../../helpers/xmllint";
import { at, type CoreStoreHarness, demo, NOW, reservationInput, testContext } from "./useCases.contract";

const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;
const STRIPE = { provider: "stripe", canHoldDeposit: false } as const;
const IBAN = "LT59 7300 0101 6234 5178";
const cents = (amount: number) => Math.round(amount * 100);
const minutesLater = (m: number) => new Date(NOW.getTime() + m * 60_000);
/** "23,00 €" as the PDF reader sees it (no-break spaces come back as spaces). */
const euro = (amount: number) => `${amount.toFixed(2).replace(".", ",")} €`;
/** The PDF's text with every run of white space as one space (pdftotext breaks long lines). */
const flat = (text: string) => text.replace(/\s+/g, " ");

export function defineInvoiceTermsContract(name: string, open: () => Promise<CoreStoreHarness>): void {
  describe(`Sąskaitos turinys ir avansinės sąskaitos: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let store: DocumentStore;
    const files = memoryFiles();
    const deps = { files };
    const ctx = (now: Date = NOW) => testContext(store, now);
    const activeCars = demo.cars.filter((c) => c.doc.status === "active");

    beforeAll(async () => {
      harness = await open();
      await harness.seed();
      store = harness.store;
    }, 120_000);
    afterAll(async () => {
      await harness?.close();
    });

    const book = (carId: string, day: number, email: string, online: boolean) =>
      submitWebReservation(
        ctx(),
        reservationInput({
          carId,
          pickupAt: at(day),
          returnAt: at(day + 7),
          customer: { ...(reservationInput().customer as object), email },
        }),
        online ? { onlinePayment: STRIPE } : {},
      );
    const stored = async (id: string) => (await store.get(COLLECTIONS.reservations, id))?.data as Reservation;
    /** Changes stored fields of a document (as an older version or staff's form would have left them). */
    const patch = async (collection: string, id: string, fields: Record<string, unknown>) =>
      store.transaction(async (tx) => {
        const found = await tx.get(collection, id);
        if (!found) throw new Error(`${collection}/${id} nerastas`);
        tx.set(collection, id, { ...found.data, ...fields });
      });

    it("apmokėjimo terminas iš nustatymų ar kliento kortelės, būsena pagal mokėjimų žurnalą, IBAN ir laikotarpis PDF", async () => {
      const saved = await book(activeCars[5]!.id, 110, "terminas@example.lt", false);
      await patch(COLLECTIONS.reservations, saved.id, { status: "confirmed" });
      const reservation = await stored(saved.id);
      const total = saved.quote.total;

      const issued = await issueReservationInvoice(ctx(), deps, saved.id, {}, STAFF);
      const invoice = await getInvoice(ctx(), issued.id);
      const issueDate = vilniusDateString(NOW);
      expect(invoice.issueDate).toBe(issueDate);
      expect(invoice.dueDate).toBe(addDays(issueDate, 14));
      expect(invoice.payTo).toEqual({ bankName: "AB „Swedbank“", iban: IBAN });
      expect(invoice.supplyPeriod).toEqual({
        from: vilniusDateString(reservation.pickupAt),
        to: vilniusDateString(reservation.returnAt),
      });
      expect(invoice.paidAtIssue).toBe(0);
      expect(invoice.payment).toEqual({ status: "unpaid", paid: 0, balance: total });
      expect(invoice.totals.total).toBe(total);
      expect(linesFollowTheRule(invoice.lines)).toBe(true);

      const text = flat(await pdfText((await invoicePdf(ctx(), deps, issued.id)).bytes));
      expect(text).toContain(IBAN);
      expect(text).toContain("AB „Swedbank“");
      expect(text).toContain(`Apmokėti iki: ${formatDate(addDays(issueDate, 14))}`);
      expect(text).toContain(
        `Paslaugų suteikimo laikotarpis: ${formatDate(invoice.supplyPeriod!.from)} – ${formatDate(invoice.supplyPeriod!.to)}`,
      );
      expect(text).toContain(`Neapmokėta: mokėtina ${euro(total)}`);
      expect(text).toContain(`Mokėjimo paskirtis: ${invoice.number}`);
      for (const rate of totalsByRate(invoice.lines)) expect(text).toContain(`PVM 21 % ${euro(rate.vat)}`);
      // The issuer is a name, never an e-mail address.
      expect(text).not.toContain(STAFF.email);

      // Money at the desk: part-paid, then paid (the issued PDF keeps the status on its issue day).
      await addLedgerEntry(ctx(), saved.id, { amount: 100, method: "cash", kind: "rental" }, STAFF);
      expect((await getInvoice(ctx(), issued.id)).payment).toEqual({
        status: "part-paid",
        paid: 100,
        balance: Math.round((total - 100) * 100) / 100,
      });
      await addLedgerEntry(
        ctx(),
        saved.id,
        { amount: Math.round((total - 100) * 100) / 100, method: "card", kind: "rental" },
        STAFF,
      );
      expect((await getInvoice(ctx(), issued.id)).payment).toEqual({ status: "paid", paid: total, balance: 0 });
      expect((await reservationInvoices(ctx(), saved.id))[0]?.payment?.status).toBe("paid");

      // The customer's own terms: 30 days.
      const other = await book(activeCars[6]!.id, 112, "trisdesimt@example.lt", false);
      await patch(COLLECTIONS.reservations, other.id, { status: "confirmed" });
      await patch(COLLECTIONS.customers, (await stored(other.id)).customerId, { paymentTermDays: 30 });
      const second = await getInvoice(ctx(), (await issueReservationInvoice(ctx(), deps, other.id, {}, STAFF)).id);
      expect(second.dueDate).toBe(addDays(issueDate, 30));
    }, 120_000);

    it("mokėjimas internetu prieš sąskaitą – avansinė sąskaita IS; galutinė ją atskaito; i.SAF tinka VMI schemai", async () => {
      const saved = await book(activeCars[7]!.id, 120, "avansas@example.lt", true);
      const amount = (await stored(saved.id)).payment!.online!.amount;
      const pay = () =>
        recordVerifiedPayment(
          ctx(minutesLater(5)),
          {
            provider: "stripe",
            reservationId: saved.id,
            providerPaymentId: "pi_avansas",
            amountCents: cents(amount),
            currency: "eur",
            depositHoldCents: 0,
            outcome: "paid",
          },
          deps,
        );
      expect(await pay()).toBe("recorded");
      const [advance, ...rest] = await reservationInvoices(ctx(), saved.id);
      expect(rest).toEqual([]);
      expect(advance).toMatchObject({
        kind: "invoice",
        series: "IS",
        number: "IS-000001",
        totals: { total: amount },
        advance: { paymentId: "stripe-pi_avansas" },
        dueDate: advance!.issueDate,
        paidAtIssue: amount,
        payment: { status: "paid", paid: amount, balance: 0 },
      });
      expect(linesFollowTheRule(advance!.lines)).toBe(true);
      // A repeated callback issues nothing more.
      expect(await pay()).toBe("duplicate");
      expect(await reservationInvoices(ctx(), saved.id)).toHaveLength(1);

      const advancePdf = flat(await pdfText((await invoicePdf(ctx(), deps, advance!.id)).bytes));
      expect(advancePdf).toContain("AVANSINĖ PVM SĄSKAITA FAKTŪRA");
      expect(advancePdf).toContain(`Avanso gavimo data: ${formatDate(advance!.issueDate)}`);
      expect(advancePdf).toContain(`Apmokėta: sumokėta ${euro(amount)}`);

      // The final invoice deducts it: its total is the rental less the advance, nothing paid towards it yet.
      const final = await getInvoice(ctx(), (await issueReservationInvoice(ctx(), deps, saved.id, {}, STAFF)).id);
      expect(final.number).toMatch(/^RN-/);
      const deducted = final.lines.filter((line) => line.advance);
      expect(deducted.map((l) => [l.description, l.net, l.vat, l.total])).toEqual(
        advance!.lines.map((l) => [
          `Atskaitomas avansas pagal sąskaitą IS-000001 (${formatDate(advance!.issueDate)})${l.vatNote ? `: ${l.description}` : ""}`,
          -l.net,
          -l.vat,
          -l.total,
        ]),
      );
      expect(cents(final.totals.total)).toBe(cents(saved.quote.total) - cents(amount));
      expect(final.payment).toEqual({ status: "unpaid", paid: 0, balance: final.totals.total });
      expect(linesFollowTheRule(final.lines)).toBe(true);
      const finalPdf = flat(await pdfText((await invoicePdf(ctx(), deps, final.id)).bytes));
      expect(finalPdf).toContain("Atskaitomas avansas pagal sąskaitą IS-000001");
      expect(finalPdf).toContain(`Neapmokėta: mokėtina ${euro(final.totals.total)}`);

      // i.SAF: both invoices, valid against VMI's schema; their VAT adds up to the rental's.
      const { xml } = await isafExport(ctx(), final.month);
      const validation = validateIsaf(xml);
      expect(validation.output).toMatch(/validates/);
      expect(validation.ok).toBe(true);
      for (const number of [advance!.number, final.number]) expect(xml).toContain(`<InvoiceNo>${number}</InvoiceNo>`);
      const vat = (lines: typeof final.lines) => totalsByRate(lines).reduce((s, t) => s + cents(t.vat), 0);
      const rental = totalsByRate(final.lines.filter((l) => !l.advance));
      expect(vat(final.lines) + vat(advance!.lines)).toBe(rental.reduce((s, t) => s + cents(t.vat), 0));
    }, 120_000);
  });
}

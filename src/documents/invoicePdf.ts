// An invoice or credit note as a PDF (server side only: the local server and Cloud Functions):
// A4, embedded DejaVu Sans (Lithuanian letters; subset), seller and buyer with their codes, the
// lines with net amount, VAT rate, VAT and total, the totals, the sum in words. Rendered from the
// stored invoice alone, so the same invoice always gives the same document. The page layout
// (fonts, wrapping, paging, the table header on every page, page numbers) is pdfLayout.ts.

import { countryName } from "../domain/countries";
import { formatDate, formatMoney, formatNumber } from "../domain/format";
import { totalsByRate, unitPriceText } from "../domain/invoiceLines";
import {
  type InvoiceDoc,
  type InvoiceParty,
  invoiceIssuerName,
  invoiceTitle,
  lineQuantityText,
  partyCountry,
  vatLegalNotes,
} from "../domain/invoices";
import { invoicePaymentOf, paymentStatusText, payToText, supplyText } from "../domain/invoiceTerms";
import { COLORS, createPdfLayout, type StackLine, type TableColumn } from "./pdfLayout";

/** Narrower margins than the desk's documents: the VAT invoice's table has eight columns. */
const MARGINS = { left: 48, right: 48, top: 52, bottom: 60 };

function partyRows(party: InvoiceParty, vatInvoice: boolean): string[] {
  const rows = [party.name];
  if (party.code) rows.push(`Įmonės kodas: ${party.code}`);
  if (party.vatCode) rows.push(`PVM mokėtojo kodas: ${party.vatCode}`);
  else if (vatInvoice && party.type === "business") rows.push("PVM mokėtojo kodas: nėra");
  rows.push(`Adresas: ${party.address || "—"}`);
  if (party.country) rows.push(`Šalis: ${countryName(partyCountry(party))}`);
  if (party.email) rows.push(`El. paštas: ${party.email}`);
  return rows;
}

const percent = (rate: number): string => `${formatNumber(rate * 100, 2)} %`;

/** The invoice as PDF bytes. */
export async function renderInvoicePdf(invoice: InvoiceDoc): Promise<Uint8Array> {
  const title = invoiceTitle(invoice);
  const pdf = await createPdfLayout({
    info: {
      title: `${title} ${invoice.number}`,
      author: invoice.seller.name,
      date: new Date(`${invoice.issueDate}T12:00:00Z`),
    },
    margins: MARGINS,
  });

  // Title block
  const sub = `Serija ${invoice.series} Nr. ${String(invoice.sequence).padStart(6, "0")}  ·  ${formatDate(invoice.issueDate)}`;
  pdf.title(title.toUpperCase(), { size: 15, sub: [sub], after: 0 });
  if (invoice.creditOf) {
    const ref = `Koreguojama sąskaita: ${invoice.creditOf.number}, ${formatDate(invoice.creditOf.issueDate)}`;
    pdf.paragraph(ref, { size: 10, align: "center" });
  }
  pdf.gap(14);

  // Parties side by side
  const gutter = 24;
  const colWidth = (pdf.contentWidth - gutter) / 2;
  const columns = (
    [
      ["Pardavėjas", invoice.seller],
      ["Pirkėjas", invoice.buyer],
    ] as const
  ).map(([label, party]): StackLine[] => [
    { text: label.toUpperCase(), size: 8, bold: true, color: COLORS.muted, leading: 14 },
    ...[
      ...partyRows(party, invoice.vatInvoice),
      ...(party === invoice.seller && invoice.payTo ? [payToText(invoice.payTo)] : []),
    ].map((row, index) =>
      index === 0 ? { text: row, size: 10.5, bold: true, leading: 14 } : { text: row, size: 9, leading: 12 },
    ),
  ]);
  pdf.ensure(Math.max(...columns.map((column) => pdf.stackHeight(column, colWidth))));
  const bottoms = columns.map((column, i) => pdf.stack(column, pdf.left + i * (colWidth + gutter), colWidth));
  pdf.y = Math.min(...bottoms) - 8;
  if (invoice.reservationNumbers.length > 0) {
    const label = invoice.period
      ? `Laikotarpis: ${invoice.period}. Rezervacijos: ${invoice.reservationNumbers.join(", ")}`
      : `Rezervacija: ${invoice.reservationNumbers.join(", ")}`;
    pdf.paragraph(label, { size: 9, leading: 12, color: COLORS.muted });
  }
  const supply = supplyText(invoice);
  if (supply) pdf.paragraph(supply, { size: 9, leading: 12 });
  if (invoice.dueDate)
    pdf.paragraph(`Apmokėti iki: ${formatDate(invoice.dueDate)}`, { size: 9, leading: 12, bold: true });
  if (invoice.reason) pdf.paragraph(`Koregavimo priežastis: ${invoice.reason}`, { size: 9, leading: 12 });
  pdf.gap(10);

  // Lines
  const vat = invoice.vatInvoice;
  const cols: TableColumn[] = vat
    ? [
        { label: "Nr.", width: 0.05 },
        { label: "Pavadinimas", width: 0.32 },
        { label: "Kiekis", width: 0.1, align: "right" },
        { label: "Kaina be PVM", width: 0.12, align: "right" },
        { label: "Suma be PVM", width: 0.12, align: "right" },
        { label: "PVM %", width: 0.07, align: "right" },
        { label: "PVM", width: 0.1, align: "right" },
        { label: "Iš viso", width: 0.12, align: "right" },
      ]
    : [
        { label: "Nr.", width: 0.06 },
        { label: "Pavadinimas", width: 0.56 },
        { label: "Kiekis", width: 0.12, align: "right" },
        { label: "Kaina", width: 0.13, align: "right" },
        { label: "Suma", width: 0.13, align: "right" },
      ];
  const rows = invoice.lines.map((line, index) => {
    const qty = lineQuantityText(line);
    return vat
      ? [
          String(index + 1),
          line.description,
          qty,
          unitPriceText(line.unitNet),
          formatMoney(line.net),
          line.vatNote ? "Neapm." : percent(line.vatRate),
          formatMoney(line.vat),
          formatMoney(line.total),
        ]
      : [String(index + 1), line.description, qty, unitPriceText(line.unitNet), formatMoney(line.total)];
  });
  pdf.table(cols, rows, { size: 8, leading: 11, pad: 3, shadeHeader: true });

  // Totals, kept on one page with the sum in words
  pdf.gap(8);
  // VAT per rate: the rate's taxable amount and its VAT, the sums of the lines (src/domain/invoiceLines.ts).
  const byRate = totalsByRate(invoice.lines);
  const outside = invoice.lines.reduce((sum, line) => sum + (line.vatNote ? Math.round(line.net * 100) : 0), 0);
  const totals = vat
    ? [
        { label: "Suma be PVM", value: formatMoney(invoice.totals.net) },
        ...byRate.flatMap((rate) => [
          ...(byRate.length > 1 || outside !== 0
            ? [{ label: `Apmokestinama ${percent(rate.rate)} PVM`, value: formatMoney(rate.net) }]
            : []),
          { label: `PVM ${percent(rate.rate)}`, value: formatMoney(rate.vat) },
        ]),
        ...(outside !== 0 ? [{ label: "Neapmokestinama PVM", value: formatMoney(outside / 100) }] : []),
        { label: "Iš viso su PVM", value: formatMoney(invoice.totals.total), strong: true },
      ]
    : [{ label: "Iš viso", value: formatMoney(invoice.totals.total), strong: true }];
  pdf.ensure(totals.length * 15 + 60);
  pdf.totals(totals);
  const notes = [...new Set(invoice.lines.flatMap((line) => (line.vatNote && vat ? [line.vatNote] : [])))];
  for (const note of notes) {
    pdf.gap(3);
    pdf.paragraph(note, { size: 8, leading: 10, align: "right", color: COLORS.muted });
  }
  // The VAT treatment's legal mention (reverse charge: Directive 2006/112/EC art. 226(11a)), in full.
  const [mention, ...basis] = vat ? vatLegalNotes(invoice.lines) : [];
  if (mention) {
    pdf.gap(6);
    pdf.paragraph(mention, { size: 10, leading: 13, bold: true, align: "right" });
    for (const line of basis) pdf.paragraph(line, { size: 8, leading: 10, align: "right", color: COLORS.muted });
  }
  if (!vat) {
    pdf.gap(3);
    pdf.paragraph("PVM neskaičiuojamas: pardavėjas nėra PVM mokėtojas", {
      size: 8,
      leading: 10,
      align: "right",
      color: COLORS.muted,
    });
  }
  pdf.gap(12);
  pdf.paragraph(`Suma žodžiais: ${invoice.amountInWords}`, { size: 10, leading: 14, bold: true });

  // Payment: the status when issued, when and where to pay
  if (invoice.kind === "invoice" && invoice.paidAtIssue !== undefined) {
    pdf.gap(8);
    const payment = invoicePaymentOf(invoice.totals.total, invoice.paidAtIssue);
    const rows: string[] = [`Apmokėjimo būsena ${formatDate(invoice.issueDate)}: ${paymentStatusText(payment)}`];
    if (payment.balance > 0) {
      if (invoice.dueDate) rows.push(`Mokėtina ${formatMoney(payment.balance)} iki ${formatDate(invoice.dueDate)}`);
      if (invoice.payTo) rows.push(`${payToText(invoice.payTo)}. Mokėjimo paskirtis: ${invoice.number}`);
    }
    for (const row of rows) pdf.paragraph(row, { size: 9.5, leading: 13 });
  }

  // Signatures
  const issuer = invoiceIssuerName(invoice) || invoice.seller.name;
  pdf.signatureBoxes([{ caption: "Sąskaitą išrašė", name: issuer }, { caption: "Sąskaitą gavo" }], {
    space: 46,
  });

  return pdf.finish(`${title} ${invoice.number}`);
}

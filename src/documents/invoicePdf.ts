// An invoice or credit note as a PDF (server side only: the local server and Cloud Functions):
// A4, embedded DejaVu Sans (Lithuanian letters; subset), seller and buyer with their codes, the
// lines with net amount, VAT rate, VAT and total, the totals, the sum in words. Rendered from the
// stored invoice alone, so the same invoice always gives the same document.
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { DAY_FORMS, formatDate, formatMoney, formatNumber, pluralLt } from "../domain/format";
import { type InvoiceDoc, type InvoiceParty, invoiceTitle } from "../domain/invoices";
import { loadDejaVuFonts } from "./pdfFonts";

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { left: 48, right: 48, top: 52, bottom: 60 };
const CONTENT = PAGE.width - MARGIN.left - MARGIN.right;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.42, 0.46);
const RULE = rgb(0.78, 0.78, 0.8);
const SHADE = rgb(0.94, 0.95, 0.97);

class Sheet {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  private readonly chars: Set<number>;

  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.chars = new Set(regular.getCharacterSet());
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN.top;
  }

  ensure(height: number): boolean {
    if (this.y - height >= MARGIN.bottom) return false;
    this.newPage();
    return true;
  }

  clean(text: string): string {
    let out = "";
    for (const char of text.replace(/[\u202f\u2009]/g, "\u00a0")) {
      const code = char.codePointAt(0) ?? 63;
      out += code < 32 ? " " : this.chars.has(code) ? char : "?";
    }
    return out;
  }

  width(text: string, size: number, bold = false): number {
    return (bold ? this.bold : this.regular).widthOfTextAtSize(text, size);
  }

  wrap(text: string, size: number, width: number, bold = false): string[] {
    const lines: string[] = [];
    let line = "";
    for (let word of this.clean(text).split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (this.width(candidate, size, bold) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = "";
      while (this.width(word, size, bold) > width && word.length > 1) {
        let cut = word.length - 1;
        while (cut > 1 && this.width(word.slice(0, cut), size, bold) > width) cut -= 1;
        lines.push(word.slice(0, cut));
        word = word.slice(cut);
      }
      line = word;
    }
    if (line || lines.length === 0) lines.push(line);
    return lines;
  }

  text(text: string, x: number, y: number, size: number, bold = false, color = INK): void {
    this.page.drawText(this.clean(text), { x, y, size, font: bold ? this.bold : this.regular, color });
  }

  rightText(text: string, right: number, y: number, size: number, bold = false, color = INK): void {
    const clean = this.clean(text);
    this.page.drawText(clean, {
      x: right - this.width(clean, size, bold),
      y,
      size,
      font: bold ? this.bold : this.regular,
      color,
    });
  }

  rule(y = this.y): void {
    this.page.drawLine({
      start: { x: MARGIN.left, y },
      end: { x: PAGE.width - MARGIN.right, y },
      thickness: 0.6,
      color: RULE,
    });
  }
}

function partyRows(party: InvoiceParty, vatInvoice: boolean): string[] {
  const rows = [party.name];
  if (party.code) rows.push(`Įmonės kodas: ${party.code}`);
  if (party.vatCode) rows.push(`PVM mokėtojo kodas: ${party.vatCode}`);
  else if (vatInvoice && party.type === "business") rows.push("PVM mokėtojo kodas: nėra");
  rows.push(`Adresas: ${party.address || "—"}`);
  if (party.email) rows.push(`El. paštas: ${party.email}`);
  return rows;
}

const percent = (rate: number): string => `${formatNumber(rate * 100, 2)} %`;

/** The invoice as PDF bytes. */
export async function renderInvoicePdf(invoice: InvoiceDoc): Promise<Uint8Array> {
  const fonts = loadDejaVuFonts();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const title = invoiceTitle(invoice);
  doc.setTitle(`${title} ${invoice.number}`);
  doc.setAuthor(invoice.seller.name);
  doc.setCreator("Ratų nuoma");
  doc.setLanguage("lt-LT");
  const fixed = new Date(`${invoice.issueDate}T12:00:00Z`);
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const s = new Sheet(
    doc,
    await doc.embedFont(fonts.regular, { subset: true }),
    await doc.embedFont(fonts.bold, { subset: true }),
  );

  // Title block
  s.y -= 16;
  const titleText = title.toUpperCase();
  s.text(titleText, (PAGE.width - s.width(s.clean(titleText), 15, true)) / 2, s.y, 15, true);
  s.y -= 18;
  const sub = `Serija ${invoice.series} Nr. ${String(invoice.sequence).padStart(6, "0")}  ·  ${formatDate(invoice.issueDate)}`;
  s.text(sub, (PAGE.width - s.width(s.clean(sub), 10)) / 2, s.y, 10, false, MUTED);
  s.y -= 14;
  if (invoice.creditOf) {
    const ref = `Koreguojama sąskaita: ${invoice.creditOf.number}, ${formatDate(invoice.creditOf.issueDate)}`;
    s.text(ref, (PAGE.width - s.width(s.clean(ref), 10)) / 2, s.y, 10);
    s.y -= 14;
  }
  s.y -= 10;

  // Parties side by side
  const colWidth = (CONTENT - 24) / 2;
  const columns: [string, InvoiceParty][] = [
    ["Pardavėjas", invoice.seller],
    ["Pirkėjas", invoice.buyer],
  ];
  let lowest = s.y;
  columns.forEach(([label, party], i) => {
    const x = MARGIN.left + i * (colWidth + 24);
    let y = s.y;
    s.text(label.toUpperCase(), x, y, 8, true, MUTED);
    y -= 14;
    partyRows(party, invoice.vatInvoice).forEach((row, index) => {
      for (const line of s.wrap(row, index === 0 ? 10.5 : 9, colWidth, index === 0)) {
        s.text(line, x, y, index === 0 ? 10.5 : 9, index === 0);
        y -= index === 0 ? 14 : 12;
      }
    });
    lowest = Math.min(lowest, y);
  });
  s.y = lowest - 6;
  if (invoice.reservationNumbers.length > 0) {
    const label = invoice.period
      ? `Laikotarpis: ${invoice.period}. Rezervacijos: ${invoice.reservationNumbers.join(", ")}`
      : `Rezervacija: ${invoice.reservationNumbers.join(", ")}`;
    for (const line of s.wrap(label, 9, CONTENT)) {
      s.text(line, MARGIN.left, s.y, 9, false, MUTED);
      s.y -= 12;
    }
  }
  if (invoice.reason) {
    for (const line of s.wrap(`Koregavimo priežastis: ${invoice.reason}`, 9, CONTENT)) {
      s.text(line, MARGIN.left, s.y, 9);
      s.y -= 12;
    }
  }
  s.y -= 10;

  // Lines
  const vat = invoice.vatInvoice;
  const cols = vat
    ? [
        { label: "Nr.", w: 0.05, right: false },
        { label: "Pavadinimas", w: 0.32, right: false },
        { label: "Kiekis", w: 0.1, right: true },
        { label: "Kaina be PVM", w: 0.12, right: true },
        { label: "Suma be PVM", w: 0.12, right: true },
        { label: "PVM %", w: 0.07, right: true },
        { label: "PVM", w: 0.1, right: true },
        { label: "Iš viso", w: 0.12, right: true },
      ]
    : [
        { label: "Nr.", w: 0.06, right: false },
        { label: "Pavadinimas", w: 0.56, right: false },
        { label: "Kiekis", w: 0.12, right: true },
        { label: "Kaina", w: 0.13, right: true },
        { label: "Suma", w: 0.13, right: true },
      ];
  const widths = cols.map((c) => c.w * CONTENT);
  const size = 8;
  const pad = 3;
  const drawRow = (cells: string[], bold: boolean, shade: boolean) => {
    const wrapped = cells.map((cell, i) => s.wrap(cell, size, (widths[i] ?? 0) - 2 * pad, bold));
    const height = Math.max(...wrapped.map((l) => l.length)) * 11 + 2 * pad;
    if (s.ensure(height) && !shade)
      drawRow(
        cols.map((c) => c.label),
        true,
        true,
      );
    if (shade) {
      s.page.drawRectangle({ x: MARGIN.left, y: s.y - height, width: CONTENT, height, color: SHADE });
    }
    let x = MARGIN.left;
    wrapped.forEach((lines, i) => {
      lines.forEach((line, j) => {
        const y = s.y - pad - (j + 1) * 11 + 3;
        if (cols[i]?.right) s.rightText(line, x + (widths[i] ?? 0) - pad, y, size, bold);
        else s.text(line, x + pad, y, size, bold);
      });
      x += widths[i] ?? 0;
    });
    s.y -= height;
    s.rule();
  };
  drawRow(
    cols.map((c) => c.label),
    true,
    true,
  );
  invoice.lines.forEach((line, index) => {
    const unit = line.unit === "para" ? pluralLt(Math.abs(line.quantity), DAY_FORMS) : line.unit;
    const qty = `${formatNumber(line.quantity, 2)} ${unit}`;
    drawRow(
      vat
        ? [
            String(index + 1),
            line.description,
            qty,
            formatMoney(line.unitNet),
            formatMoney(line.net),
            percent(line.vatRate),
            formatMoney(line.vat),
            formatMoney(line.total),
          ]
        : [
            String(index + 1),
            line.description,
            qty,
            formatMoney(line.quantity === 0 ? 0 : line.total / line.quantity),
            formatMoney(line.total),
          ],
      false,
      false,
    );
  });

  // Totals
  s.y -= 8;
  const totals: [string, string][] = vat
    ? [
        ["Suma be PVM", formatMoney(invoice.totals.net)],
        [`PVM ${percent(invoice.lines[0]?.vatRate ?? 0)}`, formatMoney(invoice.totals.vat)],
        ["Iš viso su PVM", formatMoney(invoice.totals.total)],
      ]
    : [["Iš viso", formatMoney(invoice.totals.total)]];
  s.ensure(totals.length * 15 + 60);
  const right = PAGE.width - MARGIN.right;
  totals.forEach(([label, value], i) => {
    const last = i === totals.length - 1;
    s.y -= 15;
    s.rightText(label, right - 110, s.y, last ? 10.5 : 9.5, last, last ? INK : MUTED);
    s.rightText(value, right, s.y, last ? 10.5 : 9.5, last);
  });
  if (!vat) {
    s.y -= 13;
    s.rightText("PVM neskaičiuojamas: pardavėjas nėra PVM mokėtojas", right, s.y, 8, false, MUTED);
  }
  s.y -= 22;
  for (const line of s.wrap(`Suma žodžiais: ${invoice.amountInWords}`, 10, CONTENT)) {
    s.text(line, MARGIN.left, s.y, 10, true);
    s.y -= 14;
  }

  // Signatures
  s.ensure(70);
  s.y -= 36;
  const half = (CONTENT - 40) / 2;
  const lineY = s.y;
  for (const [i, label] of ["Sąskaitą išrašė", "Sąskaitą gavo"].entries()) {
    const x = MARGIN.left + i * (half + 40);
    s.page.drawLine({ start: { x, y: lineY }, end: { x: x + half, y: lineY }, thickness: 0.6, color: RULE });
    s.text(label, x, lineY - 11, 8, false, MUTED);
  }
  s.text(invoice.issuedBy, MARGIN.left, lineY + 4, 9);

  const total = s.pages.length;
  s.pages.forEach((page, index) => {
    const footer = `Puslapis ${index + 1} iš ${total}`;
    const y = MARGIN.bottom / 2;
    page.drawLine({
      start: { x: MARGIN.left, y: y + 12 },
      end: { x: PAGE.width - MARGIN.right, y: y + 12 },
      thickness: 0.5,
      color: RULE,
    });
    page.drawText(s.clean(`${title} ${invoice.number}`), { x: MARGIN.left, y, size: 8, font: s.regular, color: MUTED });
    page.drawText(footer, {
      x: PAGE.width - MARGIN.right - s.regular.widthOfTextAtSize(footer, 8),
      y,
      size: 8,
      font: s.regular,
      color: MUTED,
    });
  });
  return doc.save({ useObjectStreams: true });
}

// The one page layout of every server-side PDF (the rental agreement, the hand-over and return
// acts in deskDocuments.ts, invoices and credit notes in invoicePdf.ts), on pdf-lib: A4 pages with
// an embedded DejaVu Sans (pdfFonts.ts; every Lithuanian letter, subset), wrapped text, headings,
// label–value rows, tables whose header repeats after a page break, totals, signatures and the
// footer "Puslapis N iš M" on every page. A fix to wrapping or paging here lands in every document.
//
// The cursor `y` runs from the top of a page down; every drawing method starts a new page when its
// lines do not fit above the bottom margin (line by line: nothing is cut off at a page break).
import fontkit from "@pdf-lib/fontkit";
import { type Color, PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from "pdf-lib";
import { loadDejaVuFonts } from "./pdfFonts";

export const A4 = { width: 595.28, height: 841.89 } as const;

export interface Margins {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const DEFAULT_MARGINS: Readonly<Margins> = { left: 56, right: 56, top: 56, bottom: 64 };

export const COLORS = {
  ink: rgb(0.1, 0.1, 0.12),
  muted: rgb(0.42, 0.42, 0.46),
  rule: rgb(0.78, 0.78, 0.8),
  shade: rgb(0.94, 0.95, 0.97),
  /** a mark over every page, e.g. "Nepasirašyta – susipažinimui" */
  stamp: rgb(0.72, 0.1, 0.1),
} as const;

export type Align = "left" | "center" | "right";

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: Color;
}

export interface ParagraphOptions extends TextStyle {
  /** left edge; the left margin when left out */
  x?: number;
  /** the wrapping width; the content width when left out */
  width?: number;
  align?: Align;
  /** line height; 1.4 × size when left out */
  leading?: number;
}

export interface TableColumn {
  label: string;
  /** share of the content width (the shares add up to 1) */
  width: number;
  align?: "left" | "right";
}

export interface TableRow {
  cells: string[];
  bold?: boolean;
  shade?: boolean;
}

export interface TableOptions {
  size?: number;
  /** line height inside a cell; 1.4 × size when left out */
  leading?: number;
  /** cell padding */
  pad?: number;
  /** the header row on a grey band */
  shadeHeader?: boolean;
}

export interface StackLine extends TextStyle {
  text: string;
  /** the height the line takes; 1.4 × size when left out */
  leading?: number;
}

export interface PdfInfo {
  title: string;
  author: string;
  /** creation and modification date: fixed, so the same data gives the same bytes */
  date: Date;
}

export interface LayoutOptions {
  info: PdfInfo;
  margins?: Margins;
}

/**
 * Where a word too long for a line may be broken: after these (e-mail addresses, web addresses,
 * codes), or before a "-" (a line ending in "-" reads as a hyphenated word to text extractors,
 * which join the lines and drop the "-": pdftotext did so with "imone-su-labai-ilgu-").
 */
const SOFT_BREAK_AFTER = new Set(["@", ".", "/", "_", ",", ";", ":", "+", "&", "?", "="]);
const breaksBefore = (char: string | undefined) => char === "-";

/**
 * A new PDF (A4, DejaVu Sans regular and bold embedded, lt-LT metadata) with its first page. For
 * readers and assistive technology: the document's language (/Lang lt-LT), its title, and the
 * title shown in the window instead of the file name (/ViewerPreferences /DisplayDocTitle). The
 * pages draw their text in reading order (top to bottom, left column before right). pdf-lib has no
 * structure tree (tagged PDF, /StructTreeRoot with marked content): the documents are not tagged.
 */
export async function createPdfLayout(options: LayoutOptions): Promise<PdfLayout> {
  const fonts = loadDejaVuFonts();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(options.info.title, { showInWindowTitleBar: true });
  doc.setAuthor(options.info.author);
  doc.setCreator("Ratų nuoma");
  doc.setLanguage("lt-LT");
  doc.setCreationDate(options.info.date);
  doc.setModificationDate(options.info.date);
  const regular = await doc.embedFont(fonts.regular, { subset: true });
  const bold = await doc.embedFont(fonts.bold, { subset: true });
  return new PdfLayout(doc, regular, bold, options.margins ?? DEFAULT_MARGINS);
}

export class PdfLayout {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  /** the cursor: the top of the space left on the page */
  y = 0;
  readonly pageWidth = A4.width;
  readonly pageHeight = A4.height;
  private readonly chars: Set<number>;
  private readonly regularWidths = new Map<string, number>();
  private readonly boldWidths = new Map<string, number>();

  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly margins: Margins,
  ) {
    this.chars = new Set(regular.getCharacterSet());
    this.newPage();
  }

  get left(): number {
    return this.margins.left;
  }

  get right(): number {
    return this.pageWidth - this.margins.right;
  }

  get contentWidth(): number {
    return this.right - this.left;
  }

  /** The top of a fresh page's content. */
  get top(): number {
    return this.pageHeight - this.margins.top;
  }

  /** Room left above the bottom margin. */
  get room(): number {
    return this.y - this.margins.bottom;
  }

  newPage(): void {
    this.page = this.doc.addPage([this.pageWidth, this.pageHeight]);
    this.pages.push(this.page);
    this.y = this.top;
  }

  /**
   * A new page unless `height` fits above the bottom margin (a page already empty is kept: what
   * is taller than a page then goes on line by line). True when a new page was started.
   */
  ensure(height: number): boolean {
    if (height <= this.room || this.y >= this.top) return false;
    this.newPage();
    return true;
  }

  /** Moves the cursor down. */
  gap(height: number): void {
    this.y -= height;
  }

  /**
   * The text as the font can draw it: composed (NFC, so "e" + combining ogonek is "ę"), tabs as
   * four spaces, thin spaces as non-breaking ones, other control characters as spaces, soft
   * hyphens left out, and a character the font lacks as "?".
   */
  clean(text: string): string {
    let out = "";
    const prepared = text
      .normalize("NFC")
      .replace(/\t/g, "    ")
      .replace(/[\u202f\u2009]/g, "\u00a0")
      .replace(/[\u00ad\u200b]/g, "");
    for (const char of prepared) {
      const code = char.codePointAt(0) ?? 63;
      out += code < 32 || code === 127 ? " " : this.chars.has(code) ? char : "?";
    }
    return out;
  }

  font(bold = false): PDFFont {
    return bold ? this.bold : this.regular;
  }

  /**
   * The text's width at the size. Measured once per text and font at size 1 (fontkit's layout
   * takes most of a millisecond; wrapping measures the same words over and over).
   */
  width(text: string, size: number, bold = false): number {
    const cache = bold ? this.boldWidths : this.regularWidths;
    let unit = cache.get(text);
    if (unit === undefined) {
      if (cache.size > 20_000) cache.clear();
      unit = this.font(bold).widthOfTextAtSize(text, 1);
      cache.set(text, unit);
    }
    return unit * size;
  }

  /**
   * Greedy wrapping: on "\n" and on ordinary spaces (a non-breaking space keeps "12 345 km"
   * together; spaces at a break are dropped, inside a line kept), a paragraph's leading spaces
   * kept as its indent. A word wider than the line is cut after an "@", ".", "/"… or before a "-"
   * when there is one late enough (e-mail addresses, web addresses), else where the line is full
   * (IBANs, codes); never inside a letter with its diacritic.
   */
  wrap(text: string, size: number, width: number, bold = false): string[] {
    const lines: string[] = [];
    for (const paragraph of text.replace(/\r\n?/g, "\n").split("\n")) {
      const clean = this.clean(paragraph);
      const indent = /^ */.exec(clean)?.[0] ?? "";
      // Words with the spaces before them: "A  ·  B" keeps its double spaces within a line.
      const parts = clean.trim().split(/( +)/);
      const before = lines.length;
      let line = indent;
      // The line's width kept as a sum: a line's glyphs are its words' and spaces' (no ligature
      // reaches over a space), so only words are measured.
      let lineWidth = this.width(indent, size, bold);
      for (let i = 0; i < parts.length; i += 2) {
        const word = parts[i] ?? "";
        const separator = line.trim() ? (parts[i - 1] ?? " ") : "";
        const candidateWidth = lineWidth + this.width(separator, size, bold) + this.width(word, size, bold);
        if (candidateWidth <= width) {
          line = `${line}${separator}${word}`;
          lineWidth = candidateWidth;
          continue;
        }
        if (line.trim()) lines.push(line);
        const pieces = this.breakWord(word, size, width, bold);
        lines.push(...pieces.slice(0, -1));
        line = pieces[pieces.length - 1] ?? "";
        lineWidth = this.width(line, size, bold);
      }
      if (line.trim() || lines.length === before) lines.push(line);
    }
    return lines;
  }

  /** A word in pieces that each fit the width (the last one may be short). */
  private breakWord(word: string, size: number, width: number, bold: boolean): string[] {
    const pieces: string[] = [];
    let rest = Array.from(word);
    while (rest.length > 1 && this.width(rest.join(""), size, bold) > width) {
      // The longest start that fits (at least one character), found by halving.
      let cut = 1;
      let over = rest.length;
      while (over - cut > 1) {
        const middle = Math.floor((cut + over) / 2);
        if (this.width(rest.slice(0, middle).join(""), size, bold) <= width) cut = middle;
        else over = middle;
      }
      // A break after "@" or "." or before "-" in the last two fifths of the line reads better
      // than a cut mid-word; a cut never leaves a "-" at the end of a line.
      let soft = cut;
      while (soft > 1 && !SOFT_BREAK_AFTER.has(rest[soft - 1] ?? "") && !breaksBefore(rest[soft])) soft -= 1;
      if (soft > 1 && this.width(rest.slice(0, soft).join(""), size, bold) >= width * 0.6) cut = soft;
      else if (cut > 1 && breaksBefore(rest[cut - 1])) cut -= 1;
      pieces.push(rest.slice(0, cut).join(""));
      rest = rest.slice(cut);
    }
    pieces.push(rest.join(""));
    return pieces;
  }

  /** The text on one line of the width: shortened with "…" when it is wider. */
  fit(text: string, size: number, width: number, bold = false): string {
    let chars = Array.from(this.clean(text));
    if (this.width(chars.join(""), size, bold) <= width) return chars.join("");
    while (chars.length > 1 && this.width(`${chars.join("").trimEnd()}…`, size, bold) > width)
      chars = chars.slice(0, -1);
    return `${chars.join("").trimEnd()}…`;
  }

  /** One line at a baseline (no wrapping): at x, or ending at x (align "right"), or centred on x. */
  text(text: string, x: number, baseline: number, style: TextStyle & { align?: Align } = {}): void {
    const size = style.size ?? 10;
    const clean = this.clean(text);
    const shift =
      style.align === "right"
        ? this.width(clean, size, style.bold)
        : style.align === "center"
          ? this.width(clean, size, style.bold) / 2
          : 0;
    this.page.drawText(clean, {
      x: x - shift,
      y: baseline,
      size,
      font: this.font(style.bold),
      color: style.color ?? COLORS.ink,
    });
  }

  /** Wrapped lines at the cursor, a page break between lines where the page is full. */
  paragraph(text: string, options: ParagraphOptions = {}): void {
    const size = options.size ?? 10;
    const x = options.x ?? this.left;
    const width = options.width ?? this.contentWidth;
    const leading = options.leading ?? size * 1.4;
    for (const line of this.wrap(text, size, width, options.bold)) {
      this.ensure(leading);
      this.y -= leading;
      const baseline = this.y + size * 0.3;
      if (options.align === "center") this.text(line, x + width / 2, baseline, { ...options, align: "center" });
      else if (options.align === "right") this.text(line, x + width, baseline, { ...options, align: "right" });
      else this.text(line, x, baseline, { ...options, align: "left" });
    }
  }

  /** The document's title, centred, with muted lines under it. */
  title(text: string, options: { size?: number; sub?: string[]; after?: number } = {}): void {
    this.paragraph(text, { size: options.size ?? 14, bold: true, align: "center" });
    for (const sub of options.sub ?? []) this.paragraph(sub, { size: 10, align: "center", color: COLORS.muted });
    this.y -= options.after ?? 8;
  }

  /** A section heading, kept on the page with what follows it. */
  heading(text: string, options: { size?: number; keepWithNext?: number } = {}): void {
    this.ensure(options.keepWithNext ?? 60);
    this.y -= 8;
    this.paragraph(text, { size: options.size ?? 11, bold: true });
    this.y -= 2;
  }

  /** A thin line across the content at the cursor (or at y). */
  rule(y = this.y, color: Color = COLORS.rule, thickness = 0.6): void {
    this.page.drawLine({ start: { x: this.left, y }, end: { x: this.right, y }, thickness, color });
  }

  /** Label–value rows: muted labels in a column, values wrapped beside them. */
  keyValues(rows: readonly (readonly [string, string])[], options: { labelWidth?: number; size?: number } = {}): void {
    const size = options.size ?? 10;
    const leading = size * 1.45;
    const labelWidth = options.labelWidth ?? 150;
    for (const [label, value] of rows) {
      const labels = this.wrap(label, size, labelWidth - 6);
      const values = this.wrap(value || "—", size, this.contentWidth - labelWidth);
      const count = Math.max(labels.length, values.length);
      // The first three lines of a row stay together; a longer value goes on over the page break.
      this.ensure(leading * Math.min(count, 3));
      for (let i = 0; i < count; i += 1) {
        this.ensure(leading);
        this.y -= leading;
        const label = labels[i];
        if (label) this.text(label, this.left, this.y + 3, { size, color: COLORS.muted });
        const line = values[i];
        if (line) this.text(line, this.left + labelWidth, this.y + 3, { size });
      }
    }
  }

  /**
   * A table across the content width: wrapped cells, right-aligned columns (amounts), a rule
   * under every row. The header is kept with the first row and drawn again at the top of every
   * page the table goes on to; a row taller than a page is split between its lines.
   */
  table(columns: readonly TableColumn[], rows: readonly (TableRow | string[])[], options: TableOptions = {}): void {
    const size = options.size ?? 9;
    const leading = options.leading ?? size * 1.4;
    const pad = options.pad ?? 4;
    const widths = columns.map((column) => column.width * this.contentWidth);
    const wrapRow = (cells: readonly string[], bold: boolean) =>
      columns.map((_, i) => this.wrap(cells[i] ?? "", size, (widths[i] ?? 0) - 2 * pad, bold));
    const heightOf = (lines: number) => lines * leading + 2 * pad;
    const header = wrapRow(
      columns.map((column) => column.label),
      true,
    );
    const headerLines = Math.max(...header.map((cell) => cell.length));

    const drawLines = (wrapped: string[][], from: number, to: number, bold: boolean, shade: boolean) => {
      const height = heightOf(to - from);
      if (shade) {
        this.page.drawRectangle({
          x: this.left,
          y: this.y - height,
          width: this.contentWidth,
          height,
          color: COLORS.shade,
        });
      }
      let x = this.left;
      wrapped.forEach((lines, i) => {
        const cellWidth = widths[i] ?? 0;
        for (let j = from; j < Math.min(to, lines.length); j += 1) {
          const baseline = this.y - pad - (j - from + 1) * leading + 3;
          if (columns[i]?.align === "right")
            this.text(lines[j] ?? "", x + cellWidth - pad, baseline, { size, bold, align: "right" });
          else this.text(lines[j] ?? "", x + pad, baseline, { size, bold });
        }
        x += cellWidth;
      });
      this.y -= height;
      this.rule();
    };
    const drawHeader = () => drawLines(header, 0, headerLines, true, options.shadeHeader ?? false);

    const normal = rows.map((row) => (Array.isArray(row) ? { cells: row } : (row as TableRow)));
    const first = normal[0] ? wrapRow(normal[0].cells, normal[0].bold ?? false) : null;
    const firstLines = first ? Math.max(...first.map((cell) => cell.length)) : 0;
    this.ensure(heightOf(headerLines) + heightOf(Math.min(firstLines, 2)));
    drawHeader();
    normal.forEach((row, index) => {
      const bold = row.bold ?? false;
      const wrapped = index === 0 && first ? first : wrapRow(row.cells, bold);
      const count = Math.max(...wrapped.map((cell) => cell.length));
      let from = 0;
      while (from < count) {
        const fitting = Math.floor((this.room - 2 * pad) / leading);
        const pageCapacity = Math.floor((this.top - this.margins.bottom - heightOf(headerLines) - 2 * pad) / leading);
        // The whole row on this page, or (when it would fit on a fresh page) on the next one;
        // only a row taller than a page is split.
        const take = count - from <= fitting ? count - from : count - from <= pageCapacity || fitting < 1 ? 0 : fitting;
        if (take === 0) {
          this.newPage();
          drawHeader();
          continue;
        }
        drawLines(wrapped, from, from + take, bold, row.shade ?? false);
        from += take;
      }
    });
  }

  /** Right-aligned label and amount pairs under a table (the last one, strong, in bold). */
  totals(
    rows: readonly { label: string; value: string; strong?: boolean }[],
    options: { labelGap?: number } = {},
  ): void {
    const labelRight = this.right - (options.labelGap ?? 110);
    for (const row of rows) {
      const size = row.strong ? 10.5 : 9.5;
      this.ensure(15);
      this.y -= 15;
      this.text(row.label, labelRight, this.y, {
        size,
        bold: row.strong,
        color: row.strong ? COLORS.ink : COLORS.muted,
        align: "right",
      });
      this.text(row.value, this.right, this.y, { size, bold: row.strong, align: "right" });
    }
  }

  /** The height of stacked lines in a column `width` wide (see stack). */
  stackHeight(lines: readonly StackLine[], width: number): number {
    return lines.reduce(
      (sum, line) =>
        sum +
        this.wrap(line.text, line.size ?? 10, width, line.bold).length * (line.leading ?? (line.size ?? 10) * 1.4),
      0,
    );
  }

  /**
   * Lines stacked in a column from `top` down, without page breaks (for blocks side by side, such
   * as seller and buyer: check their height with stackHeight and ensure first); the bottom's y.
   */
  stack(lines: readonly StackLine[], x: number, width: number, top = this.y): number {
    let y = top;
    for (const line of lines) {
      const size = line.size ?? 10;
      const leading = line.leading ?? size * 1.4;
      for (const row of this.wrap(line.text, size, width, line.bold)) {
        y -= leading;
        this.text(row, x, y + size * 0.3, line);
      }
    }
    return y;
  }

  /** The signer's signature image (at most maxWidth × maxHeight) under its label, a rule under it. */
  signatureImage(image: PDFImage, label: string, options: { maxWidth?: number; maxHeight?: number } = {}): void {
    const scaled = image.scaleToFit(options.maxWidth ?? 200, options.maxHeight ?? 60);
    this.ensure(scaled.height + 30);
    this.text(label, this.left, this.y - 10, { size: 10, color: COLORS.muted });
    this.y -= 14;
    this.page.drawImage(image, { x: this.left, y: this.y - scaled.height, ...scaled });
    this.y -= scaled.height + 4;
    this.rule();
  }

  /** A line to sign on: the signer's name on the left, the line on the right with a caption under it. */
  signatureLine(label: string, caption = "(parašas)", lineX = 260): void {
    this.ensure(44);
    this.y -= 30;
    this.text(label, this.left, this.y, { size: 10 });
    this.page.drawLine({
      start: { x: this.left + lineX, y: this.y - 2 },
      end: { x: this.right, y: this.y - 2 },
      thickness: 0.6,
      color: COLORS.ink,
    });
    this.y -= 6;
    this.text(caption, this.left + lineX, this.y - 6, { size: 8, color: COLORS.muted });
    this.y -= 8;
  }

  /** Lines to sign on side by side, each with its caption under it and an optional name over it. */
  signatureBoxes(boxes: readonly { caption: string; name?: string }[], options: { space?: number } = {}): void {
    const gap = 40;
    const width = (this.contentWidth - gap * (boxes.length - 1)) / Math.max(boxes.length, 1);
    this.ensure((options.space ?? 36) + 34);
    this.y -= options.space ?? 36;
    boxes.forEach((box, i) => {
      const x = this.left + i * (width + gap);
      this.page.drawLine({
        start: { x, y: this.y },
        end: { x: x + width, y: this.y },
        thickness: 0.6,
        color: COLORS.rule,
      });
      this.text(box.caption, x, this.y - 11, { size: 8, color: COLORS.muted });
      if (box.name) this.text(box.name, x, this.y + 4, { size: 9 });
    });
    this.y -= 20;
  }

  /**
   * Every page's footer: a rule, the document's name on the left and "Puslapis N iš M" on the
   * right; with `stamp`, that mark (e.g. "Nepasirašyta – susipažinimui") at the top of every
   * page; then the PDF's bytes.
   */
  async finish(footer: string, options: { stamp?: string } = {}): Promise<Uint8Array> {
    const total = this.pages.length;
    const y = this.margins.bottom / 2;
    this.pages.forEach((page, index) => {
      this.page = page;
      if (options.stamp) {
        this.text(options.stamp, this.pageWidth / 2, this.pageHeight - this.margins.top / 2 - 4, {
          size: 11,
          bold: true,
          color: COLORS.stamp,
          align: "center",
        });
      }
      page.drawLine({
        start: { x: this.left, y: y + 12 },
        end: { x: this.right, y: y + 12 },
        thickness: 0.5,
        color: COLORS.rule,
      });
      const number = `Puslapis ${index + 1} iš ${total}`;
      this.text(number, this.right, y, { size: 8, color: COLORS.muted, align: "right" });
      this.text(this.fit(footer, 8, this.contentWidth - this.width(number, 8) - 16), this.left, y, {
        size: 8,
        color: COLORS.muted,
      });
    });
    return this.doc.save({ useObjectStreams: true });
  }
}

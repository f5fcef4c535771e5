// The rental desk's documents as real PDFs (server side only: the local server and Cloud
// Functions; never in the browser bundle): the rental agreement (nuomos sutartis) from the
// settings' template, the hand-over act (perdavimo aktas) and the return act (grąžinimo aktas).
//
// A document is first built as a list of blocks (plain data, lt-LT texts). The blocks without the
// signature are the document's canonical content: deskDocumentHash() is their SHA-256, and the
// signature printed on the PDF carries that hash. Then the blocks are laid out on A4 pages with an
// embedded DejaVu Sans (Lithuanian letters; the DejaVu licence allows embedding; subset), the car
// diagram of src/domain/carDiagram.ts is drawn with its numbered marks on the same page as the
// damage lines, and every page gets "Puslapis N iš M".
import { createHash } from "node:crypto";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from "pdf-lib";
import { CAR_DIAGRAM_PATHS, DIAGRAM_HEIGHT, DIAGRAM_WIDTH, diagramZone } from "../domain/carDiagram";
import { contractTextFor, customerHasCompany, FUEL_LEVEL_LABELS } from "../domain/contractText";
import { formatDate, formatDateTime, formatMoney, formatNumber } from "../domain/format";
import type {
  Car,
  Charge,
  ChargeKind,
  Customer,
  Damage,
  Extra,
  Fleet,
  HandoverAct,
  Location,
  Reservation,
  ReturnAct,
  Settings,
} from "../domain/schemas";
import { loadDejaVuFonts } from "./pdfFonts";

type WithId<T> = T & { id: string };

export type DeskDocumentKind = "agreement" | "handover" | "return";
export const DESK_DOCUMENT_KINDS: readonly DeskDocumentKind[] = ["agreement", "handover", "return"];

export interface DeskDocumentInput {
  kind: DeskDocumentKind;
  settings: Settings;
  reservation: WithId<Reservation>;
  customer: WithId<Customer>;
  car: WithId<Car>;
  fleet: Fleet | null;
  locations: Location[];
  extras: Extra[];
  /** the car's open register damages */
  damages: Damage[];
  act: Omit<HandoverAct, "signature" | "document"> | Omit<ReturnAct, "signature" | "document"> | null;
  signature?: { png: Uint8Array; signedAt: string; signerName: string };
}

export const DESK_DOCUMENT_TITLES: Readonly<Record<DeskDocumentKind, string>> = {
  agreement: "Transporto priemonės nuomos sutartis",
  handover: "Automobilio perdavimo aktas",
  return: "Automobilio grąžinimo aktas",
};

/** File names staff download: "sutartis-R-2026-000123.pdf". */
export function deskDocumentFileName(kind: DeskDocumentKind, reservationNumber: string | undefined): string {
  const stem = { agreement: "sutartis", handover: "perdavimo-aktas", return: "grazinimo-aktas" }[kind];
  return `${stem}-${reservationNumber ?? "rezervacija"}.pdf`;
}

export const CHARGE_LABELS: Readonly<Record<ChargeKind, string>> = {
  mileage: "Viršyta rida",
  fuel: "Trūkstami degalai",
  late: "Pavėluotas grąžinimas",
  cleaning: "Valymas",
  damage: "Pažeidimai",
};

// ---------- content ----------

interface DamageLine {
  n: number;
  x: number;
  y: number;
  text: string;
  /** earlier (register / hand-over) marks are grey, this act's new ones red */
  isNew: boolean;
}

type Block =
  | { type: "title"; text: string; sub?: string }
  | { type: "heading"; text: string }
  | { type: "para"; text: string; bold?: boolean; size?: number }
  | { type: "gap" }
  | { type: "fields"; rows: [string, string][] }
  | { type: "table"; columns: string[]; widths: number[]; rows: string[][]; align: ("left" | "right")[] }
  | { type: "damages"; lines: DamageLine[] }
  | { type: "signature"; lines: string[] };

const km = (value: number) => `${formatNumber(value, 0)} km`;
const fuel = (value: string) => FUEL_LEVEL_LABELS[value] ?? value;
const place = (locations: Location[], id: string) => {
  const location = locations.find((l) => (l as WithId<Location>).id === id);
  return location ? `${location.name}, ${location.address}` : "—";
};

function customerRows(customer: Customer): [string, string][] {
  const rows: [string, string][] = [["Nuomininkas", `${customer.firstName} ${customer.lastName}`]];
  if (customerHasCompany(customer)) {
    if (customer.companyName?.trim()) rows.push(["Įmonė", customer.companyName]);
    if (customer.companyCode?.trim()) rows.push(["Įmonės kodas", customer.companyCode]);
    if (customer.vatCode?.trim()) rows.push(["PVM mokėtojo kodas", customer.vatCode]);
  }
  if (customer.phone) rows.push(["Telefonas", customer.phone]);
  if (customer.email) rows.push(["El. paštas", customer.email]);
  return rows;
}

function carRows(input: DeskDocumentInput): [string, string][] {
  const { car, fleet } = input;
  const rows: [string, string][] = [["Automobilis", `${car.make} ${car.model}, ${car.year} m.`]];
  if (fleet) {
    rows.push(["Valstybinis numeris", fleet.plateNumber]);
    rows.push(["VIN kodas", fleet.vin]);
  }
  return rows;
}

function companyLine(settings: Settings): string {
  const c = settings.company;
  const parts = [c.name, `įmonės kodas ${c.companyCode}`];
  if (c.vatCode) parts.push(`PVM mokėtojo kodas ${c.vatCode}`);
  parts.push(c.address);
  return parts.join(", ");
}

function damageLines(input: DeskDocumentInput): DamageLine[] {
  const lines: DamageLine[] = [];
  const add = (x: number, y: number, note: string, origin: string, isNew: boolean) =>
    lines.push({ n: lines.length + 1, x, y, isNew, text: `${note} (${diagramZone(x, y)}; ${origin})` });
  const act = input.act;
  // Register damages found at this reservation's own return are this act's new marks.
  for (const damage of input.damages) {
    if (input.kind === "return" && damage.reservationId === input.reservation.id) continue;
    add(damage.x, damage.y, damage.note, `užfiksuota ${formatDate(damage.foundAt)}`, false);
  }
  if (input.kind === "return") {
    for (const mark of input.reservation.handover?.damages ?? []) {
      add(mark.x, mark.y, mark.note, "pažymėta perduodant", false);
    }
  }
  for (const mark of act?.damages ?? []) {
    add(mark.x, mark.y, mark.note, input.kind === "return" ? "nauja, pažymėta grąžinant" : "pažymėta perduodant", true);
  }
  return lines;
}

function signatureLines(input: DeskDocumentInput, by: string | null): string[] {
  const lines = [`Nuomininkas: ${input.customer.firstName} ${input.customer.lastName}`];
  if (by) lines.push(`Nuomotojo atstovas: ${by}`);
  return lines;
}

/**
 * The agreement's date: the pickup day. Not the hand-over's: the agreement is signed while the
 * hand-over is being made, and its hash must come out the same when it is made again later.
 */
function agreementDate(input: DeskDocumentInput): Date {
  return new Date(input.reservation.pickupAt);
}

const FALLBACK_TEMPLATE = `TRANSPORTO PRIEMONĖS NUOMOS SUTARTIS Nr. {number}

Sudarymo data: {date}

Nuomotojas: {company.name}, įmonės kodas {company.companyCode}, adresas {company.address}
Nuomininkas: {customer.name}
Įmonė: {customer.companyName}, įmonės kodas {customer.companyCode}, PVM mokėtojo kodas {customer.vatCode}
Automobilis: {car.make} {car.model}, valstybinis numeris {car.plateNumber}
Paėmimas: {pickupAt}, {pickupLocation}
Grąžinimas: {returnAt}, {returnLocation}
Nuomos parų skaičius: {days}; kaina parai: {dailyRate}
Papildomos paslaugos: {extras}
Iš viso su PVM: {total} (iš jų PVM {vat}); užstatas: {deposit}

{terms}`;

const HEADING_LINE = /^\d+\.\s+[^.]{1,70}$/;

function agreementBlocks(input: DeskDocumentInput): Block[] {
  const { reservation, customer, settings } = input;
  const byId = (id: string) => (input.locations as WithId<Location>[]).find((location) => location.id === id) ?? null;
  let text: string;
  if (reservation.contract.text?.trim()) {
    // The print-edit screen's edited text; an empty company line of a private customer is left out.
    text = customerHasCompany(customer)
      ? reservation.contract.text
      : reservation.contract.text
          .split("\n")
          .filter((line) => !/^Įmonė:\s*[—-]/.test(line.trim()))
          .join("\n");
  } else {
    text = contractTextFor(settings.contractTemplate.trim() ? settings.contractTemplate : FALLBACK_TEMPLATE, {
      reservation,
      customer,
      car: input.car,
      fleet: input.fleet,
      pickupLocation: byId(reservation.pickupLocationId),
      returnLocation: byId(reservation.returnLocationId),
      settings,
      today: agreementDate(input),
    });
  }
  const blocks: Block[] = [];
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let titled = false;
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      if (blocks.length > 0 && blocks[blocks.length - 1]?.type !== "gap") blocks.push({ type: "gap" });
      continue;
    }
    if (!titled) {
      blocks.push({ type: "title", text: line.trim() });
      titled = true;
    } else if (HEADING_LINE.test(line.trim())) {
      blocks.push({ type: "heading", text: line.trim() });
    } else {
      blocks.push({ type: "para", text: line });
    }
  }
  blocks.push({ type: "signature", lines: signatureLines(input, null) });
  return blocks;
}

function actHeader(input: DeskDocumentInput, title: string): Block[] {
  const { reservation, customer, settings } = input;
  return [
    { type: "title", text: title, sub: `Rezervacija Nr. ${reservation.number ?? "—"}` },
    { type: "para", text: `Nuomotojas: ${companyLine(settings)}`, size: 9 },
    { type: "gap" },
    {
      type: "fields",
      rows: [
        ...customerRows(customer),
        ...carRows(input),
        ["Nuomos laikotarpis", `${formatDateTime(reservation.pickupAt)} – ${formatDateTime(reservation.returnAt)}`],
      ],
    },
  ];
}

function handoverBlocks(input: DeskDocumentInput): Block[] {
  const act = input.act as Omit<HandoverAct, "signature" | "document"> | null;
  if (!act) throw new Error("Perdavimo aktas dar nesudarytas");
  const { reservation } = input;
  return [
    ...actHeader(input, DESK_DOCUMENT_TITLES.handover.toUpperCase()),
    { type: "heading", text: "Perdavimas" },
    {
      type: "fields",
      rows: [
        ["Perduota", formatDateTime(act.at)],
        ["Vieta", place(input.locations, reservation.pickupLocationId)],
        ["Rida", km(act.mileage)],
        ["Degalai", fuel(act.fuel)],
        ["Vairuotojo pažymėjimas", `${act.licence.number}, galioja iki ${formatDate(act.licence.expiresAt)}`],
        ["Nuotraukų", String(act.photos.length)],
      ],
    },
    { type: "heading", text: "Pažeidimai" },
    { type: "damages", lines: damageLines(input) },
    {
      type: "para",
      size: 9,
      text: "Nuomininkas apžiūrėjo automobilį, susipažino su pažymėtais pažeidimais ir automobilį priėmė. Kartu perduota: registracijos liudijimas, draudimo liudijimas, raktelis.",
    },
    { type: "signature", lines: signatureLines(input, act.by) },
  ];
}

function chargeRow(charge: Charge): string[] {
  const rule = charge.overrideReason
    ? `${charge.rule}; apskaičiuota ${formatMoney(charge.computed)}, pakeista: ${charge.overrideReason}`
    : charge.rule;
  return [CHARGE_LABELS[charge.kind] ?? charge.kind, rule, formatMoney(charge.amount)];
}

function returnBlocks(input: DeskDocumentInput): Block[] {
  const act = input.act as Omit<ReturnAct, "signature" | "document"> | null;
  if (!act || !("charges" in act)) throw new Error("Grąžinimo aktas dar nesudarytas");
  const { reservation } = input;
  const out = reservation.handover;
  const readings: [string, string][] = [
    ["Grąžinta", formatDateTime(act.returnedAt)],
    ["Vieta", place(input.locations, reservation.returnLocationId)],
  ];
  if (out) {
    readings.push(["Rida perduodant", km(out.mileage)]);
    readings.push(["Rida grąžinant", `${km(act.mileage)} (nuvažiuota ${km(Math.max(0, act.mileage - out.mileage))})`]);
    readings.push(["Degalai perduodant", fuel(out.fuel)]);
  } else {
    readings.push(["Rida grąžinant", km(act.mileage)]);
  }
  readings.push(["Degalai grąžinant", fuel(act.fuel)]);
  readings.push(["Nuotraukų", String(act.photos.length)]);
  const rows = act.charges.map(chargeRow);
  rows.push(["Iš viso", "", formatMoney(act.total)]);
  return [
    ...actHeader(input, DESK_DOCUMENT_TITLES.return.toUpperCase()),
    { type: "heading", text: "Grąžinimas" },
    { type: "fields", rows: readings },
    { type: "heading", text: "Pažeidimai" },
    { type: "damages", lines: damageLines(input) },
    { type: "heading", text: "Mokesčiai" },
    act.charges.length === 0
      ? { type: "para", text: "Papildomų mokesčių nėra." }
      : {
          type: "table",
          columns: ["Mokestis", "Taisyklė", "Suma"],
          widths: [0.22, 0.58, 0.2],
          align: ["left", "left", "right"],
          rows,
        },
    { type: "heading", text: "Užstatas" },
    {
      type: "fields",
      rows: [
        ["Užstatas paimtas", formatMoney(act.deposit.held)],
        ["Išskaičiuota", formatMoney(act.deposit.retained)],
        ["Grąžinama", formatMoney(act.deposit.refunded)],
      ],
    },
    { type: "signature", lines: signatureLines(input, act.by) },
  ];
}

function blocksFor(input: DeskDocumentInput): Block[] {
  if (input.kind === "agreement") return agreementBlocks(input);
  if (input.kind === "handover") return handoverBlocks(input);
  return returnBlocks(input);
}

/** SHA-256 (hex) of the document's canonical content, without the signature: what the signature signs. */
export function deskDocumentHash(input: DeskDocumentInput): string {
  const canonical = JSON.stringify({ kind: input.kind, blocks: blocksFor(input) });
  return createHash("sha256").update(canonical, "utf8").digest("hex");
}

// ---------- layout ----------

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { left: 56, right: 56, top: 56, bottom: 64 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.42, 0.46);
const RULE = rgb(0.78, 0.78, 0.8);
const NEW_MARK = rgb(0.78, 0.1, 0.1);
const OLD_MARK = rgb(0.35, 0.35, 0.4);

class Writer {
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

  /** Room left above the bottom margin. */
  get room(): number {
    return this.y - MARGIN.bottom;
  }

  ensure(height: number): void {
    if (height > this.room && this.y < PAGE.height - MARGIN.top) this.newPage();
  }

  /** Characters the font lacks become "?", tabs spaces. */
  clean(text: string): string {
    let out = "";
    for (const char of text.replace(/\t/g, "    ").replace(/[\u202f\u2009]/g, "\u00a0")) {
      const code = char.codePointAt(0) ?? 63;
      out += code < 32 ? "" : this.chars.has(code) ? char : "?";
    }
    return out;
  }

  width(text: string, size: number, bold = false): number {
    return (bold ? this.bold : this.regular).widthOfTextAtSize(text, size);
  }

  /** Greedy wrapping on ordinary spaces (NBSP keeps "12 345 km" together); long words are cut. */
  wrap(text: string, size: number, width: number, bold = false): string[] {
    const lines: string[] = [];
    for (const paragraph of this.clean(text).split("\n")) {
      const indent = /^\s*/.exec(paragraph)?.[0] ?? "";
      const words = paragraph.trim().split(/ +/);
      let line = indent;
      for (let word of words) {
        const candidate = line.trim() ? `${line} ${word}` : `${line}${word}`;
        if (this.width(candidate, size, bold) <= width) {
          line = candidate;
          continue;
        }
        if (line.trim()) lines.push(line);
        line = "";
        while (this.width(word, size, bold) > width) {
          let cut = word.length - 1;
          while (cut > 1 && this.width(word.slice(0, cut), size, bold) > width) cut -= 1;
          lines.push(word.slice(0, cut));
          word = word.slice(cut);
        }
        line = word;
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, x: number, y: number, size: number, options: { bold?: boolean; color?: typeof INK } = {}): void {
    this.page.drawText(text, {
      x,
      y,
      size,
      font: options.bold ? this.bold : this.regular,
      color: options.color ?? INK,
    });
  }

  /** Wrapped lines at the cursor, breaking pages between lines. */
  paragraph(
    text: string,
    options: { size?: number; bold?: boolean; x?: number; width?: number; color?: typeof INK; align?: "center" } = {},
  ): void {
    const size = options.size ?? 10;
    const x = options.x ?? MARGIN.left;
    const width = options.width ?? CONTENT_WIDTH;
    const leading = size * 1.4;
    for (const line of this.wrap(text, size, width, options.bold)) {
      this.ensure(leading);
      this.y -= leading;
      const dx = options.align === "center" ? (width - this.width(line, size, options.bold)) / 2 : 0;
      this.text(line, x + dx, this.y + size * 0.3, size, options);
    }
  }

  rule(): void {
    this.page.drawLine({
      start: { x: MARGIN.left, y: this.y },
      end: { x: PAGE.width - MARGIN.right, y: this.y },
      thickness: 0.6,
      color: RULE,
    });
  }
}

const LABEL_WIDTH = 150;

function drawFields(w: Writer, rows: [string, string][]): void {
  const size = 10;
  const leading = size * 1.45;
  for (const [label, value] of rows) {
    const lines = w.wrap(value || "—", size, CONTENT_WIDTH - LABEL_WIDTH);
    w.ensure(leading * Math.min(lines.length, 3));
    lines.forEach((line, index) => {
      w.ensure(leading);
      w.y -= leading;
      if (index === 0) w.text(w.clean(label), MARGIN.left, w.y + 3, size, { color: MUTED });
      w.text(line, MARGIN.left + LABEL_WIDTH, w.y + 3, size);
    });
  }
}

function drawTable(w: Writer, block: Extract<Block, { type: "table" }>): void {
  const size = 9;
  const leading = size * 1.4;
  const pad = 4;
  const widths = block.widths.map((share) => share * CONTENT_WIDTH);
  const drawRow = (cells: string[], bold: boolean, isHeader = false) => {
    const wrapped = cells.map((cell, i) => w.wrap(cell, size, (widths[i] ?? 0) - 2 * pad, bold));
    const height = Math.max(...wrapped.map((lines) => lines.length)) * leading + 2 * pad;
    const page = w.page;
    w.ensure(height);
    // A table going on over a page break repeats its header.
    if (!isHeader && w.page !== page) drawRow(block.columns, true, true);
    let x = MARGIN.left;
    wrapped.forEach((lines, i) => {
      const cellWidth = widths[i] ?? 0;
      lines.forEach((line, j) => {
        const lineWidth = w.width(line, size, bold);
        const tx = block.align[i] === "right" ? x + cellWidth - pad - lineWidth : x + pad;
        w.text(line, tx, w.y - pad - (j + 1) * leading + 3, size, { bold });
      });
      x += cellWidth;
    });
    w.y -= height;
    w.rule();
  };
  w.ensure(leading * 3);
  drawRow(block.columns, true, true);
  block.rows.forEach((row, index) => {
    drawRow(row, index === block.rows.length - 1 && row[0] === "Iš viso");
  });
}

const DIAGRAM_SCALE = 1;
const DIAGRAM_BOX = { width: DIAGRAM_WIDTH * DIAGRAM_SCALE, height: DIAGRAM_HEIGHT * DIAGRAM_SCALE };

function drawDiagram(w: Writer, x: number, top: number, lines: DamageLine[]): void {
  for (const part of CAR_DIAGRAM_PATHS) {
    w.page.drawSvgPath(part.d, {
      x,
      y: top,
      scale: DIAGRAM_SCALE,
      borderColor: part.role === "line" ? RULE : MUTED,
      borderWidth: part.role === "body" ? 1.2 : 0.8,
      color: part.role === "glass" ? rgb(0.88, 0.92, 0.97) : part.role === "wheel" ? rgb(0.3, 0.3, 0.32) : undefined,
    });
  }
  for (const mark of lines) {
    const cx = x + mark.x * DIAGRAM_BOX.width;
    const cy = top - mark.y * DIAGRAM_BOX.height;
    const label = String(mark.n);
    const size = 7;
    w.page.drawCircle({ x: cx, y: cy, size: 6.5, color: mark.isNew ? NEW_MARK : OLD_MARK });
    w.text(label, cx - w.width(label, size, true) / 2, cy - 2.5, size, { bold: true, color: rgb(1, 1, 1) });
  }
}

/** The diagram beside its damage lines; a list too long for the page goes on with the diagram again. */
function drawDamages(w: Writer, lines: DamageLine[]): void {
  const size = 9.5;
  const leading = size * 1.4;
  const listX = MARGIN.left + DIAGRAM_BOX.width + 24;
  const listWidth = PAGE.width - MARGIN.right - listX;
  const items = lines.map((line) => ({ line, rows: w.wrap(line.text, size, listWidth - 18) }));
  let index = 0;
  do {
    w.ensure(DIAGRAM_BOX.height + 12);
    const top = w.y - 6;
    let listY = top;
    const onPage: DamageLine[] = [];
    if (items.length === 0) {
      w.text("Pažeidimų nepažymėta.", listX, listY - leading + 3, size, { color: MUTED });
    }
    while (index < items.length) {
      const item = items[index];
      if (!item) break;
      const height = item.rows.length * leading + 3;
      if (onPage.length > 0 && listY - height < MARGIN.bottom) break;
      item.rows.forEach((row, j) => {
        if (j === 0) {
          w.text(`${item.line.n}.`, listX, listY - leading + 3, size, {
            bold: true,
            color: item.line.isNew ? NEW_MARK : INK,
          });
        }
        w.text(row, listX + 18, listY - (j + 1) * leading + 3, size);
      });
      listY -= height;
      onPage.push(item.line);
      index += 1;
    }
    drawDiagram(w, MARGIN.left, top, onPage);
    w.y = Math.min(top - DIAGRAM_BOX.height, listY) - 10;
    if (index < items.length) w.newPage();
  } while (index < items.length);
}

function drawSignature(
  w: Writer,
  lines: string[],
  signature: { image: PDFImage; signedAt: string; signerName: string } | null,
  hash: string,
): void {
  const imageHeight = 60;
  w.ensure(imageHeight + 90);
  w.y -= 16;
  if (signature) {
    const scaled = signature.image.scaleToFit(200, imageHeight);
    w.text("Nuomininko parašas:", MARGIN.left, w.y - 10, 10, { color: MUTED });
    w.y -= 14;
    w.page.drawImage(signature.image, { x: MARGIN.left, y: w.y - scaled.height, ...scaled });
    w.y -= scaled.height + 4;
    w.rule();
    w.paragraph(`Pasirašė: ${signature.signerName}`, { size: 10 });
    w.paragraph(`Pasirašyta ${formatDateTime(signature.signedAt)} (Vilniaus laiku)`, { size: 9, color: MUTED });
    for (const line of lines.slice(1)) w.paragraph(line, { size: 9, color: MUTED });
  } else {
    for (const line of lines) {
      w.y -= 30;
      w.text(w.clean(line), MARGIN.left, w.y, 10);
      w.page.drawLine({
        start: { x: MARGIN.left + 260, y: w.y - 2 },
        end: { x: PAGE.width - MARGIN.right, y: w.y - 2 },
        thickness: 0.6,
        color: INK,
      });
      w.y -= 6;
      w.text("(parašas)", MARGIN.left + 260, w.y - 6, 8, { color: MUTED });
      w.y -= 8;
    }
  }
  w.paragraph(`Dokumento SHA-256: ${hash}`, { size: 6.5, color: MUTED });
}

/** The document as PDF bytes (A4, Lithuanian letters, page numbers, the signature when given). */
export async function renderDeskDocument(input: DeskDocumentInput): Promise<Uint8Array> {
  const blocks = blocksFor(input);
  const hash = deskDocumentHash(input);
  const fonts = loadDejaVuFonts();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const title = `${DESK_DOCUMENT_TITLES[input.kind]} Nr. ${input.reservation.number ?? "—"}`;
  doc.setTitle(title);
  doc.setAuthor(input.settings.company.name);
  doc.setCreator("Ratų nuoma");
  doc.setLanguage("lt-LT");
  const fixed = new Date(input.signature?.signedAt ?? input.act?.at ?? input.reservation.updatedAt ?? 0);
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const regular = await doc.embedFont(fonts.regular, { subset: true });
  const bold = await doc.embedFont(fonts.bold, { subset: true });
  const signature = input.signature
    ? {
        image: await doc.embedPng(input.signature.png),
        signedAt: input.signature.signedAt,
        signerName: input.signature.signerName,
      }
    : null;
  const w = new Writer(doc, regular, bold);

  for (const block of blocks) {
    switch (block.type) {
      case "title":
        w.paragraph(block.text, { size: 14, bold: true, align: "center" });
        if (block.sub) w.paragraph(block.sub, { size: 10, align: "center", color: MUTED });
        w.y -= 8;
        break;
      case "heading":
        w.ensure(60);
        w.y -= 8;
        w.paragraph(block.text, { size: 11, bold: true });
        w.y -= 2;
        break;
      case "para":
        w.paragraph(block.text, { size: block.size ?? 10, bold: block.bold });
        break;
      case "gap":
        w.y -= 6;
        break;
      case "fields":
        drawFields(w, block.rows);
        break;
      case "table":
        drawTable(w, block);
        break;
      case "damages":
        drawDamages(w, block.lines);
        break;
      case "signature":
        drawSignature(w, block.lines, signature, hash);
        break;
    }
  }

  const total = w.pages.length;
  w.pages.forEach((page, index) => {
    const footer = `Puslapis ${index + 1} iš ${total}`;
    const size = 8;
    const y = MARGIN.bottom / 2;
    page.drawLine({
      start: { x: MARGIN.left, y: y + 12 },
      end: { x: PAGE.width - MARGIN.right, y: y + 12 },
      thickness: 0.5,
      color: RULE,
    });
    page.drawText(w.clean(title), { x: MARGIN.left, y, size, font: regular, color: MUTED });
    page.drawText(footer, {
      x: PAGE.width - MARGIN.right - regular.widthOfTextAtSize(footer, size),
      y,
      size,
      font: regular,
      color: MUTED,
    });
  });
  return doc.save({ useObjectStreams: true });
}

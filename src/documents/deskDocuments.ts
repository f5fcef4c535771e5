// The rental desk's documents as real PDFs (server side only: the local server and Cloud
// Functions; never in the browser bundle): the rental agreement (nuomos sutartis) from the
// settings' template, the hand-over act (perdavimo aktas) and the return act (grąžinimo aktas).
//
// A document is first built as a list of blocks (plain data, lt-LT texts). The blocks without the
// signature are the document's canonical content: deskDocumentHash() is their SHA-256, and the
// signature printed on the PDF carries that hash. Then the blocks are laid out with the shared
// page layout of pdfLayout.ts (A4, DejaVu Sans, wrapping, paging, "Puslapis N iš M"); only the car
// diagram of src/domain/carDiagram.ts, drawn with its numbered marks on the same page as the damage
// lines, is this file's own.
import { createHash } from "node:crypto";
import { type PDFImage, rgb } from "pdf-lib";
import { CAR_DIAGRAM_PATHS, DIAGRAM_HEIGHT, DIAGRAM_WIDTH, diagramZone } from "../domain/carDiagram";
import { contractTextFor, customerHasCompany } from "../domain/contractText";
import { handoverDepositText } from "../domain/deposits";
import { formatDate, formatDateTime, formatMoney, formatNumber } from "../domain/format";
import { fuelLevelText } from "../domain/fuel";
import { currentHandover, earlierUse } from "../domain/rentalChanges";
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
import { COLORS, createPdfLayout, type PdfLayout } from "./pdfLayout";

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
  /**
   * The act of the document; for the agreement, the hand-over act it is signed with (its readings,
   * damages, photos and the lessor's representative), null before the hand-over.
   */
  act: Omit<HandoverAct, "signature" | "document"> | Omit<ReturnAct, "signature" | "document"> | null;
  signature?: { png: Uint8Array; signedAt: string; signerName: string };
  /** the unsigned agreement sent for reading: "Nepasirašyta – susipažinimui" on every page */
  forReading?: boolean;
  /**
   * A car swap's act (src/core/rentalChanges.ts): the return act of the car swapped away, or the
   * hand-over act of the car that replaces it. No charges here: they are counted at the last return.
   */
  swap?: SwapActPart;
}

export interface SwapActPart {
  role: "return" | "handover";
  /** the other car of the swap, "Toyota Corolla, LAB 123" */
  otherCar: string;
  /** the returned car's readings when it left (its hand-over, or the swap before) */
  out?: { mileage: number; fuel: string };
  reason: string;
}

/** The mark on every page of the agreement e-mailed before the hand-over. */
export const FOR_READING_STAMP = "Nepasirašyta – susipažinimui";

/** What the car leaves with: the same words on the hand-over act and on the agreement. */
export const HANDED_OVER_WITH = "registracijos liudijimas, draudimo liudijimas, raktelis";

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
  smoking: "Rūkymas automobilyje",
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
const fuel = (value: string) => fuelLevelText(value);
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
  // The hand-over act's marks are the first car's: after a swap, the car returned may be another one.
  const firstCarId = input.reservation.carSwaps?.[0]?.fromCarId ?? input.reservation.carId;
  if (input.kind === "return" && input.car.id === firstCarId) {
    for (const mark of input.reservation.handover?.damages ?? []) {
      add(mark.x, mark.y, mark.note, "pažymėta perduodant", false);
    }
  }
  for (const mark of act?.damages ?? []) {
    add(mark.x, mark.y, mark.note, input.kind === "return" ? "nauja, pažymėta grąžinant" : "pažymėta perduodant", true);
  }
  return lines;
}

/**
 * The parties' lines: the renter, and the lessor's representative by name (the act's byName);
 * an e-mail address is never printed for a person, so an act without a name leaves the line blank.
 */
function signatureLines(input: DeskDocumentInput, act: { byName?: string | undefined; at: string } | null): string[] {
  const lines = [`Nuomininkas: ${input.customer.firstName} ${input.customer.lastName}`];
  const name = act?.byName?.trim();
  lines.push(
    name ? `Nuomotojo atstovas: ${name} (${formatDateTime(act?.at ?? "")})` : "Nuomotojo atstovas (vardas, pavardė):",
  );
  return lines;
}

type HandoverFields = Omit<HandoverAct, "signature" | "document">;

/** The hand-over act the agreement is signed with, or null (before the hand-over). */
function agreementAct(input: DeskDocumentInput): HandoverFields | null {
  const act = input.act;
  return act && "licence" in act ? act : null;
}

/** A photo's line: its file name (the photos themselves stay in the reservation's private files). */
const photoName = (path: string): string => path.slice(path.lastIndexOf("/") + 1);

/** The hand-over's own part of the agreement: readings, damages on the diagram, photos, what was handed over. */
function handoverPart(input: DeskDocumentInput, act: HandoverFields): Block[] {
  const blocks: Block[] = [
    { type: "heading", text: "Perdavimo duomenys" },
    {
      type: "fields",
      rows: [
        ["Perduota", formatDateTime(act.at)],
        ["Vieta", place(input.locations, input.reservation.pickupLocationId)],
        ["Rida perduodant", km(act.mileage)],
        ["Degalai perduodant", fuel(act.fuel)],
        ["Vairuotojo pažymėjimas", `${act.licence.number}, galioja iki ${formatDate(act.licence.expiresAt)}`],
        ["Kartu perduota", HANDED_OVER_WITH],
        ["Nuotraukų", String(act.photos.length)],
      ],
    },
  ];
  if (act.photos.length > 0) {
    blocks.push({
      type: "para",
      size: 9,
      text: `Nuotraukos: ${act.photos.map((path, i) => `${i + 1}) ${photoName(path)}`).join("; ")}`,
    });
  }
  blocks.push({ type: "heading", text: "Pažeidimai perduodant" });
  blocks.push({ type: "damages", lines: damageLines({ ...input, kind: "handover" }) });
  return blocks;
}

/** The damages in words for the template's {damages}: "1. Įbrėžimas (…); 2. …", or "nėra". */
function damagesInWords(input: DeskDocumentInput): string {
  const lines = damageLines({ ...input, kind: "handover" });
  if (lines.length === 0) return "nėra";
  return `${lines.map((line) => `${line.n}. ${line.text}`).join("; ")} (pažymėti schemoje žemiau)`;
}

/**
 * An edited agreement text (the print-edit screen) made before the hand-over: its "Perduodant: rida
 * ______ km, degalų lygis ______." line and an empty damages line get the hand-over's readings.
 */
function withHandoverReadings(text: string, reservation: WithId<Reservation>): string {
  const { mileageOut, fuelOut, damages } = reservation.contract;
  return text
    .split("\n")
    .map((line) => {
      let out = line;
      if (/^\s*Perduodant:/.test(out)) {
        if (mileageOut !== null) out = out.replace(/(rida\s+)_{3,}/, `$1${formatNumber(mileageOut, 0)}`);
        if (fuelOut !== null) out = out.replace(/(degalų lygis\s+)_{3,}/, `$1${fuel(fuelOut)}`);
      }
      if (/^\s*Pažeidimai\b[^:]*:\s*(nėra|_{3,})\s*\.?\s*$/.test(out) && damages.trim()) {
        out = out.replace(/:\s*(nėra|_{3,})\s*\.?\s*$/, `: ${damages}`);
      }
      return out;
    })
    .join("\n");
}

/** The reservation as the agreement prints it: with the hand-over's readings and damages once it has them. */
function agreementReservation(input: DeskDocumentInput, act: HandoverFields | null): WithId<Reservation> {
  const { reservation } = input;
  if (!act) return reservation;
  const contract = reservation.contract;
  return {
    ...reservation,
    contract: {
      ...contract,
      mileageOut: act.mileage,
      fuelOut: act.fuel,
      damages: contract.damages.trim() ? contract.damages : damagesInWords(input),
    },
  };
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
const BLANK_SIGNATURE_LINE = /^(?:(?:Nuomotojas|Nuomininkas)\s*:\s*_{3,}|\(vardas,\s*pavardė,\s*parašas\))$/;

function agreementBlocks(input: DeskDocumentInput): Block[] {
  const { customer, settings } = input;
  const act = agreementAct(input);
  const reservation = agreementReservation(input, act);
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
    // Edited before the hand-over, it still has the readings' blanks: signed with the act, they are filled.
    if (act) text = withHandoverReadings(text, reservation);
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
  // The template's own blank signature lines ("Nuomotojas: ______", "(vardas, pavardė, parašas)")
  // give way to the signature block below, which names and signs both parties.
  const lines = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .filter((line) => !BLANK_SIGNATURE_LINE.test(line.trim()));
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
  if (act) blocks.push(...handoverPart(input, act));
  blocks.push({ type: "signature", lines: signatureLines(input, act) });
  return blocks;
}

function actHeader(input: DeskDocumentInput, title: string, swap?: SwapActPart): Block[] {
  const { reservation, customer, settings } = input;
  const sub = `Rezervacija Nr. ${reservation.number ?? "—"}${swap ? " · automobilio keitimas" : ""}`;
  return [
    { type: "title", text: title, sub },
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

/** A swap act's own lines: which car it replaces or is replaced by, and why. */
function swapRows(swap: SwapActPart): [string, string][] {
  const rows: [string, string][] = [[swap.role === "return" ? "Keičiamas į" : "Pakeičia automobilį", swap.otherCar]];
  if (swap.reason.trim()) rows.push(["Keitimo priežastis", swap.reason.trim()]);
  return rows;
}

function handoverBlocks(input: DeskDocumentInput): Block[] {
  const act = input.act as Omit<HandoverAct, "signature" | "document"> | null;
  if (!act) throw new Error("Perdavimo aktas dar nesudarytas");
  const { reservation, swap } = input;
  const licence = act.licence as HandoverAct["licence"] | undefined;
  return [
    ...actHeader(input, DESK_DOCUMENT_TITLES.handover.toUpperCase(), swap),
    { type: "heading", text: swap ? "Perdavimas keičiant automobilį" : "Perdavimas" },
    {
      type: "fields",
      rows: [
        ["Perduota", formatDateTime(act.at)],
        ...(swap
          ? swapRows(swap)
          : [["Vieta", place(input.locations, reservation.pickupLocationId)] as [string, string]]),
        ["Rida", km(act.mileage)],
        ["Degalai", fuel(act.fuel)],
        ...(licence
          ? [
              ["Vairuotojo pažymėjimas", `${licence.number}, galioja iki ${formatDate(licence.expiresAt)}`] as [
                string,
                string,
              ],
            ]
          : []),
        ["Nuotraukų", String(act.photos.length)],
        // Acts made before the deposit was asked print nothing (their hash stays the same).
        ...(act.deposit ? [["Užstatas", handoverDepositText(act.deposit)] as [string, string]] : []),
      ],
    },
    { type: "heading", text: "Pažeidimai" },
    { type: "damages", lines: damageLines(input) },
    {
      type: "para",
      size: 9,
      text: `Nuomininkas apžiūrėjo automobilį, susipažino su pažymėtais pažeidimais ir automobilį priėmė. Kartu perduota: ${HANDED_OVER_WITH}.`,
    },
    { type: "signature", lines: signatureLines(input, act) },
  ];
}

function chargeRow(charge: Charge): string[] {
  const rule = charge.overrideReason
    ? `${charge.rule}; apskaičiuota ${formatMoney(charge.computed)}, pakeista: ${charge.overrideReason}`
    : charge.rule;
  return [CHARGE_LABELS[charge.kind] ?? charge.kind, rule, formatMoney(charge.amount)];
}

/** The deposit at the return: taken, applied to the charges, given back; or that none was taken. */
function depositRows(act: Pick<ReturnAct, "deposit" | "due">): [string, string][] {
  if (act.deposit.held <= 0 && act.due !== undefined) return [["Užstatas", "nepaimtas – neįskaitomas ir negrąžinamas"]];
  return [
    ["Užstatas paimtas", formatMoney(act.deposit.held)],
    ["Išskaičiuota", `${formatMoney(act.deposit.retained)} (užstatas įskaitytas į mokesčius)`],
    ["Grąžinama", formatMoney(act.deposit.refunded)],
  ];
}

function returnBlocks(input: DeskDocumentInput): Block[] {
  const act = input.act as Omit<ReturnAct, "signature" | "document"> | null;
  if (!act || !("charges" in act)) throw new Error("Grąžinimo aktas dar nesudarytas");
  const { reservation, swap } = input;
  // The car's readings when it left: the swap's, or the car the customer has now (after swaps, the last one's).
  const out = swap ? (swap.out ?? null) : currentHandover(reservation);
  const readings: [string, string][] = [
    ["Grąžinta", formatDateTime(act.returnedAt)],
    ...(swap ? swapRows(swap) : [["Vieta", place(input.locations, reservation.returnLocationId)] as [string, string]]),
  ];
  if (out) {
    readings.push(["Rida perduodant", km(out.mileage)]);
    readings.push(["Rida grąžinant", `${km(act.mileage)} (nuvažiuota ${km(Math.max(0, act.mileage - out.mileage))})`]);
    readings.push(["Degalai perduodant", fuel(out.fuel)]);
  } else {
    readings.push(["Rida grąžinant", km(act.mileage)]);
  }
  readings.push(["Degalai grąžinant", fuel(act.fuel)]);
  const earlier = swap ? null : earlierUse(reservation);
  if (earlier && earlier.cars > 0) {
    readings.push([
      earlier.cars === 1 ? "Ankstesniu automobiliu nuvažiuota" : "Ankstesniais automobiliais nuvažiuota",
      km(earlier.km),
    ]);
  }
  readings.push(["Nuotraukų", String(act.photos.length)]);
  if (swap) {
    return [
      ...actHeader(input, DESK_DOCUMENT_TITLES.return.toUpperCase(), swap),
      { type: "heading", text: "Grąžinimas keičiant automobilį" },
      { type: "fields", rows: readings },
      { type: "heading", text: "Pažeidimai" },
      { type: "damages", lines: damageLines(input) },
      {
        type: "para",
        size: 9,
        text: "Papildomi mokesčiai (rida, degalai, pažeidimai) skaičiuojami nuomos pabaigoje, grąžinant paskutinį automobilį: šio automobilio nuvažiuoti kilometrai ir trūkstami degalai įskaičiuojami.",
      },
      { type: "signature", lines: signatureLines(input, act) },
    ];
  }
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
        ...depositRows(act),
        // what is still owed by the ledger after the return (older acts: not printed)
        ...(act.due !== undefined ? [["Liko sumokėti", formatMoney(act.due)] as [string, string]] : []),
      ],
    },
    { type: "signature", lines: signatureLines(input, act) },
  ];
}

function blocksFor(input: DeskDocumentInput): Block[] {
  if (input.kind === "agreement") return agreementBlocks(input);
  if (input.kind === "handover") return handoverBlocks(input);
  return returnBlocks(input);
}

/** SHA-256 (hex) of the document's canonical content, without the signature: what the signature signs. */
export function deskDocumentHash(input: DeskDocumentInput): string {
  const canonical = JSON.stringify({
    kind: input.kind,
    blocks: blocksFor(input),
    ...(input.forReading ? { forReading: true } : {}),
  });
  return createHash("sha256").update(canonical, "utf8").digest("hex");
}

// ---------- layout (pdfLayout.ts) ----------

const NEW_MARK = rgb(0.78, 0.1, 0.1);
const OLD_MARK = rgb(0.35, 0.35, 0.4);

const DIAGRAM_SCALE = 1;
const DIAGRAM_BOX = { width: DIAGRAM_WIDTH * DIAGRAM_SCALE, height: DIAGRAM_HEIGHT * DIAGRAM_SCALE };

function drawDiagram(pdf: PdfLayout, x: number, top: number, lines: DamageLine[]): void {
  for (const part of CAR_DIAGRAM_PATHS) {
    pdf.page.drawSvgPath(part.d, {
      x,
      y: top,
      scale: DIAGRAM_SCALE,
      borderColor: part.role === "line" ? COLORS.rule : COLORS.muted,
      borderWidth: part.role === "body" ? 1.2 : 0.8,
      color: part.role === "glass" ? rgb(0.88, 0.92, 0.97) : part.role === "wheel" ? rgb(0.3, 0.3, 0.32) : undefined,
    });
  }
  for (const mark of lines) {
    const cx = x + mark.x * DIAGRAM_BOX.width;
    const cy = top - mark.y * DIAGRAM_BOX.height;
    pdf.page.drawCircle({ x: cx, y: cy, size: 6.5, color: mark.isNew ? NEW_MARK : OLD_MARK });
    pdf.text(String(mark.n), cx, cy - 2.5, { size: 7, bold: true, color: rgb(1, 1, 1), align: "center" });
  }
}

/** The diagram beside its damage lines; a list too long for the page goes on with the diagram again. */
function drawDamages(pdf: PdfLayout, lines: DamageLine[]): void {
  const size = 9.5;
  const leading = size * 1.4;
  const listX = pdf.left + DIAGRAM_BOX.width + 24;
  const listWidth = pdf.right - listX;
  const items = lines.map((line) => ({ line, rows: pdf.wrap(line.text, size, listWidth - 18) }));
  let index = 0;
  do {
    pdf.ensure(DIAGRAM_BOX.height + 12);
    const top = pdf.y - 6;
    let listY = top;
    const onPage: DamageLine[] = [];
    if (items.length === 0) {
      pdf.text("Pažeidimų nepažymėta.", listX, listY - leading + 3, { size, color: COLORS.muted });
    }
    while (index < items.length) {
      const item = items[index];
      if (!item) break;
      const height = item.rows.length * leading + 3;
      if (onPage.length > 0 && listY - height < pdf.margins.bottom) break;
      item.rows.forEach((row, j) => {
        if (j === 0) {
          pdf.text(`${item.line.n}.`, listX, listY - leading + 3, {
            size,
            bold: true,
            color: item.line.isNew ? NEW_MARK : COLORS.ink,
          });
        }
        pdf.text(row, listX + 18, listY - (j + 1) * leading + 3, { size });
      });
      listY -= height;
      onPage.push(item.line);
      index += 1;
    }
    drawDiagram(pdf, pdf.left, top, onPage);
    pdf.y = Math.min(top - DIAGRAM_BOX.height, listY) - 10;
    if (index < items.length) pdf.newPage();
  } while (index < items.length);
}

function drawSignature(
  pdf: PdfLayout,
  lines: string[],
  signature: { image: PDFImage; signedAt: string; signerName: string } | null,
  hash: string,
): void {
  pdf.ensure(150);
  pdf.gap(16);
  if (signature) {
    pdf.signatureImage(signature.image, "Nuomininko parašas:", { maxWidth: 200, maxHeight: 60 });
    pdf.paragraph(`Pasirašė: ${signature.signerName}`, { size: 10 });
    pdf.paragraph(`Pasirašyta ${formatDateTime(signature.signedAt)} (Vilniaus laiku)`, {
      size: 9,
      color: COLORS.muted,
    });
    for (const line of lines.slice(1)) pdf.paragraph(line, { size: 9, color: COLORS.muted });
  } else {
    for (const line of lines) pdf.signatureLine(line);
  }
  pdf.paragraph(`Dokumento SHA-256: ${hash}`, { size: 6.5, color: COLORS.muted });
}

/** The document as PDF bytes (A4, Lithuanian letters, page numbers, the signature when given). */
export async function renderDeskDocument(input: DeskDocumentInput): Promise<Uint8Array> {
  const blocks = blocksFor(input);
  const hash = deskDocumentHash(input);
  const title = `${DESK_DOCUMENT_TITLES[input.kind]} Nr. ${input.reservation.number ?? "—"}`;
  const pdf = await createPdfLayout({
    info: {
      title,
      author: input.settings.company.name,
      date: new Date(input.signature?.signedAt ?? input.act?.at ?? input.reservation.updatedAt ?? 0),
    },
  });
  const signature = input.signature
    ? {
        image: await pdf.doc.embedPng(input.signature.png),
        signedAt: input.signature.signedAt,
        signerName: input.signature.signerName,
      }
    : null;

  for (const block of blocks) {
    switch (block.type) {
      case "title":
        pdf.title(block.text, { sub: block.sub ? [block.sub] : [] });
        break;
      case "heading":
        pdf.heading(block.text);
        break;
      case "para":
        pdf.paragraph(block.text, { size: block.size ?? 10, bold: block.bold });
        break;
      case "gap":
        pdf.gap(6);
        break;
      case "fields":
        pdf.keyValues(block.rows);
        break;
      case "table":
        pdf.table(
          block.columns.map((label, i) => ({ label, width: block.widths[i] ?? 0, align: block.align[i] })),
          block.rows.map((cells, index) => ({
            cells,
            bold: index === block.rows.length - 1 && cells[0] === "Iš viso",
          })),
        );
        break;
      case "damages":
        drawDamages(pdf, block.lines);
        break;
      case "signature":
        drawSignature(pdf, block.lines, signature, hash);
        break;
    }
  }
  return pdf.finish(title, input.forReading ? { stamp: FOR_READING_STAMP } : {});
}

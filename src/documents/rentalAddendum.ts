// The addendum to the rental agreement (nuomos sutarties priedas) made when a rental under way is
// extended (src/core/rentalChanges.ts): the reservation's number, the old and the new return time,
// the old and the new price and the difference, e-mailed to the customer. Server side only; laid
// out with the one page layout of every PDF (pdfLayout.ts). The same data always gives the same
// bytes (the dates in the file come from the extension, never from the clock).
import { createHash } from "node:crypto";
import { formatDate, formatDateTime, formatDays, formatMoney } from "../domain/format";
import type { Car, Customer, Settings } from "../domain/schemas";
import { createPdfLayout } from "./pdfLayout";

export interface RentalAddendumInput {
  settings: Pick<Settings, "company">;
  /** the addendum's number among the rental's addenda (1 for the first) */
  addendumNumber: number;
  reservationNumber: string;
  customer: Pick<Customer, "firstName" | "lastName" | "companyName" | "email" | "phone">;
  car: Pick<Car, "make" | "model" | "year">;
  plateNumber: string | null;
  pickupAt: string;
  previousReturnAt: string;
  returnAt: string;
  previousDays: number;
  days: number;
  previousTotal: number;
  total: number;
  /** what the customer still owes after the change (the ledger's due) */
  due: number;
  /** when the change was made, and the staff member who made it (a name, never an e-mail) */
  at: string;
  byName: string;
}

export const ADDENDUM_TITLE = "Nuomos sutarties priedas";

/** "+45,00 €", "−12,50 €" or "0,00 €". */
export function signedMoney(amount: number): string {
  const cents = Math.round(amount * 100);
  if (cents === 0) return formatMoney(0);
  return `${cents > 0 ? "+" : "−"}${formatMoney(Math.abs(cents) / 100)}`;
}

/** The addendum's file name: "sutarties-priedas-1-R-2026-000123.pdf". */
export const addendumFileName = (reservationNumber: string, addendumNumber: number): string =>
  `sutarties-priedas-${addendumNumber}-${reservationNumber || "rezervacija"}.pdf`;

/** SHA-256 (hex) of what the addendum says: the stored file's name carries its first letters. */
export function rentalAddendumHash(input: RentalAddendumInput): string {
  return createHash("sha256").update(JSON.stringify(input), "utf8").digest("hex");
}

function companyLine(settings: RentalAddendumInput["settings"]): string {
  const c = settings.company;
  const parts = [c.name, `įmonės kodas ${c.companyCode}`];
  if (c.vatCode) parts.push(`PVM mokėtojo kodas ${c.vatCode}`);
  parts.push(c.address);
  return parts.join(", ");
}

/** The addendum as PDF bytes (A4, Lithuanian letters, page numbers). */
export async function renderRentalAddendum(input: RentalAddendumInput): Promise<Uint8Array> {
  const title = `${ADDENDUM_TITLE} Nr. ${input.addendumNumber}`;
  const pdf = await createPdfLayout({
    info: {
      title: `${title} (${input.reservationNumber})`,
      author: input.settings.company.name,
      date: new Date(input.at),
    },
  });
  pdf.title(title.toUpperCase(), {
    sub: [`prie nuomos sutarties Nr. ${input.reservationNumber}`, `Sudarymo data: ${formatDate(input.at)}`],
  });
  pdf.paragraph(`Nuomotojas: ${companyLine(input.settings)}`, { size: 9 });
  pdf.gap(6);
  const renter = `${input.customer.firstName} ${input.customer.lastName}`.trim();
  const parties: [string, string][] = [["Nuomininkas", renter]];
  if (input.customer.companyName?.trim()) parties.push(["Įmonė", input.customer.companyName.trim()]);
  if (input.customer.phone) parties.push(["Telefonas", input.customer.phone]);
  if (input.customer.email) parties.push(["El. paštas", input.customer.email]);
  parties.push([
    "Automobilis",
    `${input.car.make} ${input.car.model}, ${input.car.year} m.${input.plateNumber ? `, ${input.plateNumber}` : ""}`,
  ]);
  parties.push(["Rezervacija", input.reservationNumber]);
  pdf.keyValues(parties);

  pdf.heading("Nuomos pratęsimas");
  pdf.paragraph(
    `Šalys susitarė pratęsti nuomą pagal rezervaciją Nr. ${input.reservationNumber}. Nuomos pradžia nesikeičia: ${formatDateTime(input.pickupAt)}.`,
    { size: 10 },
  );
  pdf.gap(4);
  pdf.table(
    [
      { label: "", width: 0.36 },
      { label: "Buvo", width: 0.32, align: "right" },
      { label: "Bus", width: 0.32, align: "right" },
    ],
    [
      ["Grąžinimo laikas", formatDateTime(input.previousReturnAt), formatDateTime(input.returnAt)],
      ["Nuomos trukmė", formatDays(input.previousDays), formatDays(input.days)],
      { cells: ["Kaina su PVM", formatMoney(input.previousTotal), formatMoney(input.total)], bold: true },
      { cells: ["Kainos skirtumas", "", signedMoney(input.total - input.previousTotal)], bold: true },
      ["Mokėtina po pakeitimo", "", formatMoney(input.due)],
    ],
  );
  pdf.gap(6);
  pdf.paragraph("Kitos nuomos sutarties sąlygos nesikeičia. Šis priedas yra neatskiriama nuomos sutarties dalis.", {
    size: 10,
  });
  pdf.gap(10);
  pdf.signatureLine(`Nuomininkas: ${renter}`);
  pdf.signatureLine(
    input.byName.trim()
      ? `Nuomotojo atstovas: ${input.byName.trim()} (${formatDateTime(input.at)})`
      : "Nuomotojo atstovas (vardas, pavardė):",
  );
  return pdf.finish(`${title} prie sutarties Nr. ${input.reservationNumber}`);
}

// Invoices (sąskaitos faktūros) as pure rules: the settings of the series, the lines made from a
// reservation's server-computed quote and its return charges, VAT per line, the parties, the
// numbers and the inputs staff send. No I/O: src/core/invoices.ts numbers, stores and mails them.
//
// Prices of the product include VAT (src/domain/pricing.ts): a line's gross amount is what the
// customer pays; its net and VAT are split out per line, rounded to cents, and the invoice's totals
// are the sums of its lines (so every line, the totals and the i.SAF export agree to the cent).

import { z } from "zod";
import { amountInWords } from "./amountInWords";
import { TRANSFER_LABEL } from "./carTransfers";
import { DAY_FORMS, formatDate, formatNumber, pluralLt } from "./format";
import { invalidFields, issueFieldErrors, prepareBody } from "./input";
import {
  type DamageVatTreatment,
  DEFAULT_DAMAGE_VAT,
  INVOICING_DEFAULTS,
  type InvoicingSettings,
  invoicingSettingsSchema,
  OUTSIDE_VAT_NOTE,
} from "./invoicingSettings";
import type { Car, ChargeKind, Customer, Reservation, Settings } from "./schemas";
import { vilniusDateString } from "./time";
import { compactVatCode } from "./vatCodes";
import { REVERSE_CHARGE_BASIS, REVERSE_CHARGE_NOTATION } from "./vatPlaceOfSupply";

export {
  INVOICE_SERIES_PATTERN,
  INVOICING_DEFAULTS,
  type InvoicingSettings,
  invoicingSettingsSchema,
} from "./invoicingSettings";

// ---------- settings ----------

/** The stored settings' invoicing, or the defaults when absent or broken. */
export function invoicingOf(settings: Partial<Settings> | { invoicing?: unknown }): InvoicingSettings {
  const parsed = invoicingSettingsSchema.safeParse((settings as { invoicing?: unknown }).invoicing ?? {});
  return parsed.success ? parsed.data : { ...INVOICING_DEFAULTS };
}

/** Whether the seller charges VAT: it has a VAT payer code. */
export const sellerIsVatPayer = (settings: Settings): boolean => settings.company.vatCode.trim() !== "";

// ---------- the document ----------

export type InvoiceKind = "invoice" | "credit";

export interface InvoiceParty {
  type: "private" | "business";
  name: string;
  /** company code (įmonės kodas); "" for a private person */
  code: string;
  /** VAT payer code; "" when none */
  vatCode: string;
  address: string;
  email: string;
  /**
   * ISO 3166-1 alpha-2 country of the party ("LT", "DE"); absent on invoices issued before it was
   * kept: partyCountry() reads it from the VAT code's prefix then.
   */
  country?: string;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  unit: string;
  /**
   * net price of one unit: with as many decimals (2–6) as make quantity × unitNet, rounded to the
   * cent, equal to `net` (src/domain/invoiceLines.ts); on older invoices rounded to cents
   */
  unitNet: number;
  net: number;
  /** 0.21; 0 when the seller is not a VAT payer */
  vatRate: number;
  vat: number;
  total: number;
  /** outside the scope of VAT (damage compensation, settings.invoicing.damageVat): why no VAT */
  vatNote?: string;
  /**
   * supplied where the buyer is established, the buyer accounts for the VAT (reverse charge,
   * src/domain/vatPlaceOfSupply.ts): 0 % here, the invoice carries the legal mention
   */
  reverseCharge?: boolean;
  /** a final invoice's deduction of an advance invoice (negative amounts, as that invoice split them) */
  advance?: AdvanceRef;
}

/** The advance invoice a final invoice's line deducts. */
export interface AdvanceRef {
  id: string;
  number: string;
  issueDate: string;
}

export interface InvoiceTotals {
  net: number;
  vat: number;
  total: number;
}

/** An issued invoice or credit note as stored (collection `invoices`); never changed afterwards. */
export interface InvoiceDoc {
  kind: InvoiceKind;
  /** PVM sąskaita faktūra (seller is a VAT payer) or a plain sąskaita faktūra */
  vatInvoice: boolean;
  series: string;
  /** 1, 2, 3… within the series */
  sequence: number;
  /** "RN-000123" */
  number: string;
  /** Vilnius calendar date, YYYY-MM-DD */
  issueDate: string;
  /**
   * The date of supply (paslaugų suteikimo data, YYYY-MM-DD), see supplyDateOf(); absent on
   * invoices issued before it was kept: the i.SAF export derives it the same way then.
   */
  supplyDate?: string;
  /** YYYY-MM of issueDate (the i.SAF month) */
  month: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  customerId: string;
  reservationIds: string[];
  reservationNumbers: string[];
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  amountInWords: string;
  currency: "EUR";
  /** a credit note: the invoice it reverses */
  creditOf: { id: string; number: string; issueDate: string } | null;
  /** a credit note's reason */
  reason: string;
  /** the monthly invoice of a business customer: its month */
  period: string | null;
  /** who issued it, for the records: the staff member's e-mail address */
  issuedBy: string;
  /** the staff member's display name the PDF prints under "Sąskaitą išrašė" (never the e-mail) */
  issuedByName?: string;
  /** the stored PDF (documents/…), written after the invoice */
  pdf: string;
  /** payment terms: the day the invoice is to be paid by (YYYY-MM-DD); absent on older invoices and credit notes */
  dueDate?: string;
  /** the rental period the invoice covers (Vilnius dates: first pick-up – last return); absent on older ones */
  supplyPeriod?: { from: string; to: string };
  /** the seller's bank account to pay into, as in settings.company when issued */
  payTo?: { bankName: string; iban: string };
  /** what had been paid towards the invoice when it was issued (the PDF's status), euros */
  paidAtIssue?: number;
  /** an advance invoice (avansinė): the online payment it was issued for */
  advance?: { paymentId: string; paidAt: string };
}

export const INVOICE_TITLES: Readonly<Record<"vat" | "plain" | "credit-vat" | "credit-plain", string>> = {
  vat: "PVM sąskaita faktūra",
  plain: "Sąskaita faktūra",
  "credit-vat": "Kreditinė PVM sąskaita faktūra",
  "credit-plain": "Kreditinė sąskaita faktūra",
};

export function invoiceTitle(invoice: Pick<InvoiceDoc, "kind" | "vatInvoice" | "advance">): string {
  if (invoice.kind === "invoice" && invoice.advance) return invoice.vatInvoice ? ADVANCE_TITLE : ADVANCE_TITLE_PLAIN;
  if (invoice.kind === "credit") return INVOICE_TITLES[invoice.vatInvoice ? "credit-vat" : "credit-plain"];
  return INVOICE_TITLES[invoice.vatInvoice ? "vat" : "plain"];
}

/** An advance invoice's title: a VAT invoice for money received before the supply (PVM įstatymo 14 str. 4 d.). */
export const ADVANCE_TITLE = "Avansinė PVM sąskaita faktūra";
export const ADVANCE_TITLE_PLAIN = "Avansinė sąskaita faktūra";

export const invoiceNumber = (series: string, sequence: number): string =>
  `${series}-${String(sequence).padStart(6, "0")}`;

/** The sequence of a number of the series, or null ("RN-000123" -> 123). */
export function sequenceOf(series: string, number: unknown): number | null {
  const found = new RegExp(`^${series}-(\\d+)$`).exec(String(number ?? ""));
  return found ? Number(found[1]) : null;
}

export const invoiceFileName = (invoice: Pick<InvoiceDoc, "kind" | "number">): string =>
  `${invoice.kind === "credit" ? "kreditine-saskaita" : "saskaita"}-${invoice.number}.pdf`;

// ---------- money ----------

const toCents = (amount: number): number => Math.round(Number((amount * 100).toFixed(6)));
const fromCents = (cents: number): number => cents / 100;

/** A line from its gross amount (VAT included): net and VAT split out, rounded to cents. */
export function grossLine(
  description: string,
  gross: number,
  vatRate: number,
  quantity = 1,
  unit = "vnt.",
): InvoiceLine {
  const totalCents = toCents(gross);
  const netCents = Math.round(totalCents / (1 + vatRate));
  return {
    description,
    quantity,
    unit,
    unitNet: fromCents(Math.round(netCents / quantity)),
    net: fromCents(netCents),
    vatRate,
    vat: fromCents(totalCents - netCents),
    total: fromCents(totalCents),
  };
}

/** A line's quantity as printed and shown: "3 paros", "−1 vnt." (days agree with the number). */
export function lineQuantityText(line: Pick<InvoiceLine, "quantity" | "unit">): string {
  const unit = line.unit === "para" ? pluralLt(Math.abs(line.quantity), DAY_FORMS) : line.unit;
  return `${formatNumber(line.quantity, 2)} ${unit}`.trim();
}

export function totalsOf(lines: readonly InvoiceLine[]): InvoiceTotals {
  let net = 0;
  let vat = 0;
  let total = 0;
  for (const line of lines) {
    net += toCents(line.net);
    vat += toCents(line.vat);
    total += toCents(line.total);
  }
  return { net: fromCents(net), vat: fromCents(vat), total: fromCents(total) };
}

/** The same lines with every amount negated: a credit note of the whole invoice. */
export function negatedLines(lines: readonly InvoiceLine[]): InvoiceLine[] {
  const neg = (v: number) => (v === 0 ? 0 : -v);
  return lines.map((line) => ({
    ...line,
    quantity: neg(line.quantity),
    net: neg(line.net),
    vat: neg(line.vat),
    total: neg(line.total),
  }));
}

// ---------- lines of a reservation ----------

export const CHARGE_LINE_LABELS: Readonly<Record<ChargeKind, string>> = {
  mileage: "Viršyta rida",
  fuel: "Trūkstami degalai",
  late: "Pavėluotas grąžinimas",
  cleaning: "Valymas",
  smoking: "Rūkymas automobilyje",
  damage: "Pažeidimai",
};

export const NO_QUOTE_MESSAGE = "Rezervacija neturi apskaičiuotos kainos, sąskaitos išrašyti negalima";

/**
 * The lines of one reservation: the rental, each extra, delivery, the offer's discount (a negative
 * line) and the return's charges; all from what the server computed and stored.
 */
export function reservationLines(
  reservation: Pick<Reservation, "number" | "pickupAt" | "returnAt" | "quote" | "returnAct">,
  car: Pick<Car, "make" | "model"> | null,
  vatRate: number,
  damageVat: DamageVatTreatment = DEFAULT_DAMAGE_VAT,
): InvoiceLine[] {
  const quote = reservation.quote;
  if (!quote) throw new Error(NO_QUOTE_MESSAGE);
  const ref = reservation.number ? `, rezervacija ${reservation.number}` : "";
  const carName = car ? `${car.make} ${car.model}` : "automobilio";
  const lines: InvoiceLine[] = [
    grossLine(
      `Automobilio ${carName} nuoma ${formatDate(reservation.pickupAt)}–${formatDate(reservation.returnAt)}${ref}`,
      quote.base,
      vatRate,
      quote.days,
      "para",
    ),
  ];
  for (const extra of quote.extrasLines) {
    if (extra.amount === 0) continue;
    lines.push(
      grossLine(
        `Papildoma paslauga: ${extra.name}${extra.quantity > 1 ? ` × ${extra.quantity}` : ""}`,
        extra.amount,
        vatRate,
      ),
    );
  }
  if (quote.delivery > 0) lines.push(grossLine("Automobilio pristatymas ir paėmimas", quote.delivery, vatRate));
  if ((quote.transfer ?? 0) > 0) lines.push(grossLine(TRANSFER_LABEL, quote.transfer ?? 0, vatRate));
  if (quote.discount > 0) lines.push(grossLine("Nuolaida pagal akciją", -quote.discount, vatRate));
  for (const charge of reservation.returnAct?.charges ?? []) {
    if (charge.amount <= 0) continue;
    const description = `${CHARGE_LINE_LABELS[charge.kind]}: ${charge.rule}`;
    lines.push(
      charge.kind === "damage" && damageVat === "outside-scope"
        ? { ...grossLine(description, charge.amount, 0), vatNote: OUTSIDE_VAT_NOTE }
        : grossLine(description, charge.amount, vatRate),
    );
  }
  return lines;
}

// ---------- parties ----------

export function sellerParty(settings: Settings): InvoiceParty {
  const c = settings.company;
  return {
    type: "business",
    name: c.name,
    code: c.companyCode,
    vatCode: c.vatCode,
    address: c.address,
    email: c.emails[0] ?? "",
  };
}

export function buyerParty(customer: Customer): InvoiceParty {
  const business = customer.type === "business" && Boolean(customer.companyName?.trim());
  const vatCode = business ? compactVatCode(customer.vatCode ?? "") : "";
  return {
    type: business ? "business" : "private",
    name: business ? (customer.companyName ?? "").trim() : `${customer.firstName} ${customer.lastName}`.trim(),
    code: business ? (customer.companyCode ?? "").trim() : "",
    vatCode,
    address: (customer.address ?? "").trim(),
    email: customer.email,
    country: customer.country?.trim().toUpperCase() || countryOfVatCode(vatCode) || HOME_COUNTRY,
  };
}

/** The seller's country, and a buyer's when nothing tells otherwise. */
export const HOME_COUNTRY = "LT";

/** VAT code prefixes of the EU (VIES) that are not the country's ISO code: Greece EL, Northern Ireland XI. */
const VAT_PREFIX_COUNTRY: Readonly<Record<string, string>> = { EL: "GR", XI: "GB" };
const EU_VAT_PREFIXES = new Set(
  "AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI".split(" "),
);

/** The country an EU VAT code belongs to ("DE123456789" -> "DE", "EL…" -> "GR"), or null. */
export function countryOfVatCode(vatCode: string): string | null {
  const prefix = vatCode.trim().toUpperCase().slice(0, 2);
  if (!EU_VAT_PREFIXES.has(prefix) || !/\d/.test(vatCode)) return null;
  return VAT_PREFIX_COUNTRY[prefix] ?? prefix;
}

/** The party's ISO country: as stored on the invoice, else from its VAT code, else Lithuania. */
export const partyCountry = (party: Pick<InvoiceParty, "vatCode" | "country">): string =>
  party.country?.trim().toUpperCase() || countryOfVatCode(party.vatCode) || HOME_COUNTRY;

/** When a rental ended: the return act's time, or the planned return (ISO instant). */
export const rentalEndedAt = (r: Pick<Reservation, "returnAt" | "returnAct">): string =>
  r.returnAct?.returnedAt ?? r.returnAt;

/**
 * The invoice's date of supply (paslaugų suteikimo data). A rental is a service supplied over its
 * period and completed when the car is returned, so the date is the (latest) rental's end, Vilnius
 * calendar day; with no rental (a credit note, which adjusts the taxable amount when it is issued),
 * the issue date. The VAT law asks for this date on the invoice when it differs from the issue date
 * (PVM įstatymo 80 str. 1 d. 8 p.; the chargeable event: 14 str.), and i.SAF carries it as
 * VATPointDate / VATPointDate2 ("Prekių tiekimo arba paslaugų teikimo data…", standards/isaf_1.2.xsd).
 */
export function supplyDateOf(
  rentals: readonly Pick<Reservation, "returnAt" | "returnAct">[],
  issueDate: string,
): string {
  const ends = rentals.map((r) => vilniusDateString(rentalEndedAt(r))).sort();
  return ends[ends.length - 1] ?? issueDate;
}

/** What the seller's details lack for an invoice; null when complete. */
export function sellerGaps(settings: Settings): string | null {
  const c = settings.company;
  const missing: string[] = [];
  if (!c.name.trim()) missing.push("pavadinimas");
  if (!c.companyCode.trim()) missing.push("įmonės kodas");
  if (!c.address.trim()) missing.push("adresas");
  return missing.length > 0 ? `Nustatymuose trūksta įmonės duomenų sąskaitai (${missing.join(", ")})` : null;
}

/** The document's fields every invoice shares, from its lines. */
export function invoiceBody(lines: InvoiceLine[]): Pick<InvoiceDoc, "lines" | "totals" | "amountInWords" | "currency"> {
  const totals = totalsOf(lines);
  return { lines, totals, amountInWords: amountInWords(totals.total), currency: "EUR" };
}

export const issueDateOf = (now: Date): string => vilniusDateString(now);

// ---------- inputs ----------

export const CREDIT_REASON_MAX = 500;
export const creditInputSchema = z
  .object({
    reason: z
      .string({ error: "Nurodykite priežastį" })
      .trim()
      .min(3, { error: "Nurodykite kreditinės sąskaitos priežastį (bent 3 simboliai)" })
      .max(CREDIT_REASON_MAX, { error: `Ne daugiau kaip ${CREDIT_REASON_MAX} simbolių` }),
  })
  .strict();

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthField = z
  .string({ error: "Nurodykite mėnesį (MMMM-MM)" })
  .regex(MONTH_PATTERN, { error: "Mėnuo turi būti formato MMMM-MM, pvz., 2026-11" });

export const monthlyInputSchema = z
  .object({
    customerId: z.string({ error: "Pasirinkite klientą" }).min(1, { error: "Pasirinkite klientą" }).max(64),
    month: monthField,
  })
  .strict();

function parseBody<T>(schema: z.ZodType<T>, body: unknown, known: readonly string[]): T {
  const prepared = prepareBody(body ?? {}, known);
  const parsed = schema.safeParse(prepared);
  if (!parsed.success) throw invalidFields(issueFieldErrors(parsed.error));
  return parsed.data;
}

export const readCreditInput = (body: unknown) => parseBody(creditInputSchema, body, ["reason"]);
export const readMonthlyInput = (body: unknown) => parseBody(monthlyInputSchema, body, ["customerId", "month"]);
/** POST /reservations/:id/invoices takes no fields (the server decides everything). */
export const readIssueInput = (body: unknown): void => {
  prepareBody(body ?? {}, []);
};

/** A month as the i.SAF and reports read it: "2026-11". */
export function readMonth(value: unknown): string {
  const parsed = monthField.safeParse(value);
  if (!parsed.success) throw invalidFields({ month: parsed.error.issues[0]?.message ?? "Neteisingas mėnuo" });
  return parsed.data;
}

/** First and last day of a month: "2026-02" -> ["2026-02-01", "2026-02-28"]. */
export function monthBounds(month: string): { first: string; last: string } {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  const days = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, "0")}` };
}

/** The name printed for whoever issued the invoice: the display name, never an e-mail address ("" when unknown). */
export function invoiceIssuerName(invoice: Pick<InvoiceDoc, "issuedBy" | "issuedByName">): string {
  const name = invoice.issuedByName?.trim();
  if (name) return name;
  return invoice.issuedBy.includes("@") ? "" : invoice.issuedBy;
}

// ---------- VAT treatment (place of supply: src/domain/vatPlaceOfSupply.ts) ----------

/**
 * The lines of a reverse-charged supply: each line's price without VAT (the net of its gross price
 * at the rental's rate), 0 % and no VAT, marked so the PDF prints the mention and i.SAF reports it
 * under its own tax code. Lines outside the scope of VAT (damage compensation) stay as they are.
 */
export function reverseChargedLines(lines: readonly InvoiceLine[]): InvoiceLine[] {
  return lines.map((line) =>
    line.vatNote ? line : { ...line, vatRate: 0, vat: 0, total: line.net, reverseCharge: true },
  );
}

/** The legal mentions the invoice prints for its lines' VAT treatment (no repeats). */
export function vatLegalNotes(lines: readonly Pick<InvoiceLine, "reverseCharge" | "vatNote">[]): string[] {
  return lines.some((line) => line.reverseCharge) ? [REVERSE_CHARGE_NOTATION, REVERSE_CHARGE_BASIS] : [];
}

// i.SAF 1.2 (VMI's register of issued VAT invoices) for one month, as XML: the header's file
// description and, per issued invoice or credit note, its number, customer, date, type (SF / KS),
// the credited invoice (References), the date of supply and its totals per VAT rate. Pure: the
// caller (isafExport in src/core/invoices.ts) passes the month's invoices and the seller.
//
// The file follows VMI's schema, standards/isaf_1.2.xsd (elements, their order, lengths, dates):
// the file has no MasterFiles, so a buyer is described in CustomerInfo itself (no CustomerID),
// with "ND" where the schema's notes ask for it. isafProblems() checks beforehand what the schema
// constrains, so an invoice that cannot be reported is named to the accountant instead of VMI
// refusing the whole file.
import { type InvoiceDoc, partyCountry } from "./invoices";

export const ISAF_FILE_VERSION = "iSAF1.2";
export const ISAF_NAMESPACE = "http://www.vmi.lt/cms/imas/isaf";

/** VMI's tax codes of the standard and reduced rates. */
const TAX_CODES: Readonly<Record<string, string>> = { "21": "PVM1", "9": "PVM2", "5": "PVM3" };
/**
 * VMI's PVM klasifikatorius (order VA-49), PVM15: „Už Lietuvos ribų patiektos prekės ir / ar
 * suteiktos paslaugos“ – the place of supply is outside Lithuania, so it is not a Lithuanian VAT
 * object (a long-term hire reverse-charged to a business of another member state). No Lithuanian
 * rate applies: the schema's TaxPercentage is then left empty (nil), the VAT amount is 0.
 */
export const REVERSE_CHARGE_TAX_CODE = "PVM15";

export const NOT_VAT_PAYER_MESSAGE = "Įmonė nėra PVM mokėtoja (nustatymuose nėra PVM mokėtojo kodo): i.SAF nerengiamas";

const percentOf = (rate: number): number => Math.round(rate * 10000) / 100;
const TAX_CODE_MISSING = (rate: number) => `PVM tarifui ${percentOf(rate)} % i.SAF mokesčio kodas nenustatytas`;

export function taxCodeOf(rate: number): string {
  const code = TAX_CODES[String(percentOf(rate))];
  if (!code) throw new Error(TAX_CODE_MISSING(rate));
  return code;
}

/** Text for XML content: &, <, >, quotes escaped; characters XML 1.0 cannot carry dropped. */
const xmlChar = (code: number): boolean =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

export function xmlEscape(value: string): string {
  return [...value]
    .filter((char) => xmlChar(char.codePointAt(0) ?? 0))
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const amount = (value: number): string => (Math.round(value * 100) / 100).toFixed(2);

export interface IsafDocumentTotal {
  taxableValue: number;
  taxCode: string;
  /** null: no Lithuanian rate applies (PVM15), written as an empty (nil) element */
  taxPercentage: number | null;
  amount: number;
}

/** A group of the invoice's lines reported as one DocumentTotal: one rate, or the reverse charge. */
interface RateGroup {
  net: number;
  vat: number;
  rate: number;
  reverseCharge: boolean;
}

/** The VAT rates of the invoice's lines in the VAT register (not those outside its scope); reverse charge on its own. */
function ratesOf(invoice: Pick<InvoiceDoc, "lines">): Map<string, RateGroup> {
  const byRate = new Map<string, RateGroup>();
  for (const line of invoice.lines) {
    // Outside the scope of VAT (damage compensation): not a supply, not in the VAT register.
    if (line.vatNote) continue;
    const reverseCharge = line.reverseCharge === true;
    const key = reverseCharge ? REVERSE_CHARGE_TAX_CODE : String(line.vatRate);
    const sums = byRate.get(key) ?? { net: 0, vat: 0, rate: line.vatRate, reverseCharge };
    sums.net += Math.round(line.net * 100);
    sums.vat += Math.round(line.vat * 100);
    byRate.set(key, sums);
  }
  return byRate;
}

/**
 * Whether the document belongs in the VAT register: it has a line within the scope of VAT. A credit
 * note of only damage compensation outside the scope (settings.invoicing.damageVat) adjusts no
 * supply, as those lines are left out of every invoice's totals here.
 */
export const inVatRegister = (invoice: Pick<InvoiceDoc, "lines">): boolean => ratesOf(invoice).size > 0;

/** An invoice's totals per VAT rate (cents summed, then euros). */
export function documentTotals(invoice: Pick<InvoiceDoc, "lines">): IsafDocumentTotal[] {
  return [...ratesOf(invoice).values()]
    .sort((a, b) => Number(a.reverseCharge) - Number(b.reverseCharge) || b.rate - a.rate)
    .map((sums) => ({
      taxableValue: sums.net / 100,
      taxCode: sums.reverseCharge ? REVERSE_CHARGE_TAX_CODE : taxCodeOf(sums.rate),
      taxPercentage: sums.reverseCharge ? null : percentOf(sums.rate),
      amount: sums.vat / 100,
    }));
}

export type IsafInvoice = Pick<
  InvoiceDoc,
  "kind" | "number" | "issueDate" | "supplyDate" | "buyer" | "customerId" | "lines" | "creditOf"
> & { id: string };

export interface IsafInput {
  month: string;
  first: string;
  last: string;
  /** the seller's company code */
  registrationNumber: string;
  createdAt: Date;
  software: { company: string; name: string; version: string };
  /** customerId is not written: the file has no MasterFiles, whose ID CustomerInfo would name */
  invoices: IsafInvoice[];
}

/** "2026-11-25T10:15:00": the local (Vilnius) time without offset, as the schema's xs:dateTime is filled. */
function localDateTime(date: Date): string {
  const parts = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Vilnius",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(date);
  return parts.replace(" ", "T");
}

/** VMI's value for a code or name the invoice does not have (the schema's notes: „ND“). */
export const ISAF_NOT_GIVEN = "ND";

export interface IsafCustomerInfo {
  /** the buyer's VAT code as on the invoice, or "ND" */
  vatRegistrationNumber: string;
  /** company code; "ND" when neither it nor a VAT code is known; null (left out) with a VAT code and no company code */
  registrationNumber: string | null;
  /** ISO 3166-1 alpha-2 */
  country: string;
  name: string;
}

/**
 * CustomerInfo as the schema's notes ask: VAT code with its prefix or „ND“; the company code, „ND“
 * when there is no VAT code and no code either (a private person: the invoice carries no personal
 * code); the country always (required with „ND“ and for a non-EU buyer, and the element cannot be
 * empty); the name, or „ND“ when the invoice has none.
 */
export function customerInfoOf(buyer: IsafInvoice["buyer"]): IsafCustomerInfo {
  const vat = buyer.vatCode.trim();
  const code = buyer.code.trim();
  return {
    vatRegistrationNumber: vat || ISAF_NOT_GIVEN,
    registrationNumber: code || (vat ? null : ISAF_NOT_GIVEN),
    country: partyCountry(buyer),
    name: buyer.name.trim() || ISAF_NOT_GIVEN,
  };
}

/** The invoice's type: SF, or KS for a credit note (the schema's ISAFshorttext2Type). */
export const invoiceTypeOf = (invoice: Pick<IsafInvoice, "kind">): "SF" | "KS" =>
  invoice.kind === "credit" ? "KS" : "SF";

/**
 * The VAT point reported (VATPointDate, VATPointDate2): the date of supply, but never after the
 * invoice — an invoice issued before the service is supplied (a long hire invoiced at its start)
 * makes the VAT chargeable on its issue date (PVM įstatymo 14 str.; Directive 2006/112 art. 65–66).
 */
export const vatPointDateOf = (invoice: Pick<IsafInvoice, "issueDate" | "supplyDate">): string =>
  invoice.supplyDate && invoice.supplyDate < invoice.issueDate ? invoice.supplyDate : invoice.issueDate;

// ---------- what the schema constrains, checked before the file is made ----------

/** The schema's limits (standards/isaf_1.2.xsd) this file's values meet. */
const LIMITS = {
  /** ISAFmiddle2textTypeNotEmpty: InvoiceNo, ReferenceNo */
  number: 70,
  /** ISAFmiddle1textType: VATRegistrationNumber, RegistrationNumber */
  code: 35,
  /** ISAFlongtextType: Name, SoftwareCompanyName, SoftwareName */
  long: 256,
  /** ISAFmiddletextType: SoftwareVersion */
  version: 24,
  /** ISAFDateType3 (InvoiceDate, VATPointDate, VATPointDate2): from 2016-07-01; every date up to 2100-01-01 */
  firstDate: "2016-07-01",
  /** ISAFDateType1: SelectionEndDate */
  firstPeriodEnd: "2016-10-01",
  /** ISAFDateType2: ReferenceDate */
  firstReferenceDate: "1990-01-01",
  lastDate: "2100-01-01",
  /** SalesDocumentTotals: DocumentTotal maxOccurs */
  totals: 100,
  /** ISAFmonetaryType: totalDigits 18, fractionDigits 2 */
  amountDigits: 18,
} as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (value: string): boolean =>
  DATE_PATTERN.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
const dateBetween = (value: string | undefined, from: string): boolean =>
  value !== undefined && realDate(value) && value >= from && value <= LIMITS.lastDate;
/** Characters as the schema counts them: those XML can carry, each code point once. */
const charCount = (value: string): number => [...value].filter((char) => xmlChar(char.codePointAt(0) ?? 0)).length;
const amountFits = (value: number): boolean =>
  Number.isFinite(value) && amount(Math.abs(value)).replace(".", "").replace(/^0+/, "").length <= LIMITS.amountDigits;

/** What in one invoice the schema would refuse, in Lithuanian (empty when it can be reported). */
function invoiceProblems(invoice: IsafInvoice, first: string, last: string): string[] {
  const problems: string[] = [];
  const number = invoice.number.trim();
  if (number === "" || charCount(number) > LIMITS.number) {
    problems.push(`numeris turi būti 1–${LIMITS.number} simbolių`);
  }
  if (!realDate(invoice.issueDate) || invoice.issueDate < first || invoice.issueDate > last) {
    problems.push(`išrašymo data ${invoice.issueDate} nepatenka į laikotarpį ${first}–${last}`);
  }
  const supply = vatPointDateOf(invoice);
  if (!dateBetween(supply, LIMITS.firstDate)) {
    problems.push(`paslaugų suteikimo data „${supply}“ netinka (turi būti ${LIMITS.firstDate}–${LIMITS.lastDate})`);
  }
  const customer = customerInfoOf(invoice.buyer);
  if (charCount(customer.vatRegistrationNumber) > LIMITS.code) {
    problems.push(`pirkėjo PVM mokėtojo kodas ilgesnis nei ${LIMITS.code} simboliai`);
  }
  if (customer.registrationNumber !== null && charCount(customer.registrationNumber) > LIMITS.code) {
    problems.push(`pirkėjo kodas ilgesnis nei ${LIMITS.code} simboliai`);
  }
  if (!/^[A-Z]{2}$/.test(customer.country)) {
    problems.push(`pirkėjo šalies kodas „${customer.country}“ netinka (reikia dviejų raidžių ISO kodo, pvz., LT, DE)`);
  }
  if (charCount(customer.name) > LIMITS.long) problems.push(`pirkėjo pavadinimas ilgesnis nei ${LIMITS.long} simbolių`);
  if (invoice.creditOf) {
    const ref = invoice.creditOf.number.trim();
    if (ref === "" || charCount(ref) > LIMITS.number) {
      problems.push(`kredituojamos sąskaitos numeris turi būti 1–${LIMITS.number} simbolių`);
    }
    if (!dateBetween(invoice.creditOf.issueDate, LIMITS.firstReferenceDate)) {
      problems.push(`kredituojamos sąskaitos data „${invoice.creditOf.issueDate}“ netinka`);
    }
  }
  const rates = [...ratesOf(invoice).entries()];
  if (rates.length === 0) problems.push("nėra nė vienos PVM apmokestinamos eilutės");
  if (rates.length > LIMITS.totals) problems.push(`daugiau nei ${LIMITS.totals} skirtingų PVM tarifų`);
  for (const [, sums] of rates) {
    if (!sums.reverseCharge && !TAX_CODES[String(percentOf(sums.rate))]) problems.push(TAX_CODE_MISSING(sums.rate));
    if (!amountFits(sums.net / 100) || !amountFits(sums.vat / 100)) problems.push("suma per didelė");
  }
  return problems;
}

/**
 * What the schema would refuse in the file, each naming the invoice: "Sąskaita RN-000012: pirkėjo
 * šalies kodas „DEU“ netinka …". Empty when buildIsafXml's file validates.
 */
export function isafProblems(input: IsafInput): string[] {
  const problems: string[] = [];
  if (!/^\d{1,11}$/.test(input.registrationNumber.trim())) {
    problems.push(
      `Įmonės kodas nustatymuose („${input.registrationNumber}“) netinka i.SAF: turi būti iki 11 skaitmenų`,
    );
  }
  if (!dateBetween(input.first, LIMITS.firstDate) || !dateBetween(input.last, LIMITS.firstPeriodEnd)) {
    problems.push(`i.SAF teikiamas už laikotarpius nuo 2016 m. spalio iki 2099 m. (prašyta ${input.month})`);
  }
  const { company, name, version } = input.software;
  if (!company || !name || charCount(company) > LIMITS.long || charCount(name) > LIMITS.long) {
    problems.push("Netinka programos pavadinimas i.SAF antraštėje");
  }
  if (charCount(version) > LIMITS.version) problems.push("Netinka programos versija i.SAF antraštėje");
  for (const invoice of input.invoices) {
    const found = invoiceProblems(invoice, input.first, input.last);
    if (found.length > 0) {
      const title = invoice.kind === "credit" ? "Kreditinė sąskaita" : "Sąskaita";
      problems.push(`${title} ${invoice.number || invoice.id}: ${found.join("; ")}`);
    }
  }
  return problems;
}

export const ISAF_REFUSED_MESSAGE = (problems: readonly string[]): string =>
  `i.SAF rinkmena neparengta, nes VMI jos nepriimtų. ${problems.join(". ")}.`;

// ---------- the file ----------

/** The file; call isafProblems() first (an unknown VAT rate throws here). */
export function buildIsafXml(input: IsafInput): string {
  const e = xmlEscape;
  const out: string[] = [];
  const tag = (indent: number, name: string, value: string) =>
    out.push(`${"  ".repeat(indent)}<${name}>${e(value)}</${name}>`);
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(`<iSAFFile xmlns="${ISAF_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`);
  out.push("  <Header>", "    <FileDescription>");
  tag(3, "FileVersion", ISAF_FILE_VERSION);
  tag(3, "FileDateCreated", localDateTime(input.createdAt));
  tag(3, "DataType", "S");
  tag(3, "SoftwareCompanyName", input.software.company);
  tag(3, "SoftwareName", input.software.name);
  tag(3, "SoftwareVersion", input.software.version);
  tag(3, "RegistrationNumber", input.registrationNumber.trim());
  tag(3, "NumberOfParts", "1");
  tag(3, "PartNumber", "1");
  out.push("      <SelectionCriteria>");
  tag(4, "SelectionStartDate", input.first);
  tag(4, "SelectionEndDate", input.last);
  out.push("      </SelectionCriteria>", "    </FileDescription>", "  </Header>");
  out.push("  <SourceDocuments>");
  // SalesInvoices holds at least one Invoice: a month without invoices has none.
  if (input.invoices.length > 0) out.push("    <SalesInvoices>");
  for (const invoice of input.invoices) {
    const customer = customerInfoOf(invoice.buyer);
    const vatPointDate = vatPointDateOf(invoice);
    out.push("      <Invoice>");
    tag(4, "InvoiceNo", invoice.number.trim());
    out.push("        <CustomerInfo>");
    tag(5, "VATRegistrationNumber", customer.vatRegistrationNumber);
    if (customer.registrationNumber !== null) tag(5, "RegistrationNumber", customer.registrationNumber);
    tag(5, "Country", customer.country);
    tag(5, "Name", customer.name);
    out.push("        </CustomerInfo>");
    tag(4, "InvoiceDate", invoice.issueDate);
    tag(4, "InvoiceType", invoiceTypeOf(invoice));
    out.push("        <SpecialTaxation></SpecialTaxation>");
    if (invoice.creditOf) {
      out.push("        <References>", "          <Reference>");
      tag(6, "ReferenceNo", invoice.creditOf.number.trim());
      tag(6, "ReferenceDate", invoice.creditOf.issueDate);
      out.push("          </Reference>", "        </References>");
    } else {
      out.push("        <References></References>");
    }
    tag(4, "VATPointDate", vatPointDate);
    out.push("        <DocumentTotals>");
    for (const total of documentTotals(invoice)) {
      out.push("          <DocumentTotal>");
      tag(6, "TaxableValue", amount(total.taxableValue));
      tag(6, "TaxCode", total.taxCode);
      if (total.taxPercentage === null) out.push('            <TaxPercentage xsi:nil="true"></TaxPercentage>');
      else tag(6, "TaxPercentage", String(total.taxPercentage));
      tag(6, "Amount", amount(total.amount));
      tag(6, "VATPointDate2", vatPointDate);
      out.push("          </DocumentTotal>");
    }
    out.push("        </DocumentTotals>", "      </Invoice>");
  }
  if (input.invoices.length > 0) out.push("    </SalesInvoices>");
  out.push("  </SourceDocuments>", "</iSAFFile>");
  return `${out.join("\n")}\n`;
}

export const isafFileName = (month: string): string => `isaf-${month}.xml`;

// i.SAF 1.2 (VMI's register of issued VAT invoices) for one month, as XML: the header's file
// description and, per issued invoice or credit note, its number, customer, date, type (SF / KS),
// the credited invoice (References) and its totals per VAT rate. Pure: the caller passes the
// month's invoices and the seller; src/core/isaf.ts (in src/core/invoices.ts's module) reads them.
import type { InvoiceDoc } from "./invoices";

export const ISAF_FILE_VERSION = "iSAF1.2";
export const ISAF_NAMESPACE = "http://www.vmi.lt/cms/imas/isaf";

/** VMI's tax codes of the standard and reduced rates. */
const TAX_CODES: Readonly<Record<string, string>> = { "21": "PVM1", "9": "PVM2", "5": "PVM3" };

export const NOT_VAT_PAYER_MESSAGE = "Įmonė nėra PVM mokėtoja (nustatymuose nėra PVM mokėtojo kodo): i.SAF nerengiamas";

export function taxCodeOf(rate: number): string {
  const percent = String(Math.round(rate * 10000) / 100);
  const code = TAX_CODES[percent];
  if (!code) throw new Error(`PVM tarifui ${percent} % i.SAF mokesčio kodas nenustatytas`);
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
  taxPercentage: number;
  amount: number;
}

/** An invoice's totals per VAT rate (cents summed, then euros). */
export function documentTotals(invoice: Pick<InvoiceDoc, "lines">): IsafDocumentTotal[] {
  const byRate = new Map<number, { net: number; vat: number }>();
  for (const line of invoice.lines) {
    // Outside the scope of VAT (damage compensation): not a supply, not in the VAT register.
    if (line.vatNote) continue;
    const sums = byRate.get(line.vatRate) ?? { net: 0, vat: 0 };
    sums.net += Math.round(line.net * 100);
    sums.vat += Math.round(line.vat * 100);
    byRate.set(line.vatRate, sums);
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, sums]) => ({
      taxableValue: sums.net / 100,
      taxCode: taxCodeOf(rate),
      taxPercentage: Math.round(rate * 10000) / 100,
      amount: sums.vat / 100,
    }));
}

export interface IsafInput {
  month: string;
  first: string;
  last: string;
  /** the seller's company code */
  registrationNumber: string;
  createdAt: Date;
  software: { company: string; name: string; version: string };
  invoices: (Pick<InvoiceDoc, "kind" | "number" | "issueDate" | "buyer" | "customerId" | "lines" | "creditOf"> & {
    id: string;
  })[];
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

export function buildIsafXml(input: IsafInput): string {
  const e = xmlEscape;
  const out: string[] = [];
  const tag = (indent: number, name: string, value: string) =>
    out.push(`${"  ".repeat(indent)}<${name}>${e(value)}</${name}>`);
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(`<iSAFFile xmlns="${ISAF_NAMESPACE}">`);
  out.push("  <Header>", "    <FileDescription>");
  tag(3, "FileVersion", ISAF_FILE_VERSION);
  tag(3, "FileDateCreated", localDateTime(input.createdAt));
  tag(3, "DataType", "S");
  tag(3, "SoftwareCompanyName", input.software.company);
  tag(3, "SoftwareName", input.software.name);
  tag(3, "SoftwareVersion", input.software.version);
  tag(3, "RegistrationNumber", input.registrationNumber);
  tag(3, "NumberOfParts", "1");
  tag(3, "PartNumber", "1");
  out.push("      <SelectionCriteria>");
  tag(4, "SelectionStartDate", input.first);
  tag(4, "SelectionEndDate", input.last);
  out.push("      </SelectionCriteria>", "    </FileDescription>", "  </Header>");
  out.push("  <SourceDocuments>", "    <SalesInvoices>");
  for (const invoice of input.invoices) {
    out.push("      <Invoice>");
    tag(4, "InvoiceNo", invoice.number);
    out.push("        <CustomerInfo>");
    tag(5, "CustomerID", invoice.customerId);
    tag(5, "VATRegistrationNumber", invoice.buyer.vatCode || "ND");
    tag(5, "RegistrationNumber", invoice.buyer.code || "ND");
    tag(5, "Country", "LT");
    tag(5, "Name", invoice.buyer.name);
    out.push("        </CustomerInfo>");
    tag(4, "InvoiceDate", invoice.issueDate);
    tag(4, "InvoiceType", invoice.kind === "credit" ? "KS" : "SF");
    out.push("        <SpecialTaxation></SpecialTaxation>");
    if (invoice.creditOf) {
      out.push("        <References>", "          <Reference>");
      tag(6, "ReferenceNo", invoice.creditOf.number);
      tag(6, "ReferenceDate", invoice.creditOf.issueDate);
      out.push("          </Reference>", "        </References>");
    } else {
      out.push("        <References></References>");
    }
    tag(4, "VATPointDate", invoice.issueDate);
    out.push("        <DocumentTotals>");
    for (const total of documentTotals(invoice)) {
      out.push("          <DocumentTotal>");
      tag(6, "TaxableValue", amount(total.taxableValue));
      tag(6, "TaxCode", total.taxCode);
      tag(6, "TaxPercentage", String(total.taxPercentage));
      tag(6, "Amount", amount(total.amount));
      out.push("          </DocumentTotal>");
    }
    out.push("        </DocumentTotals>", "      </Invoice>");
  }
  out.push("    </SalesInvoices>", "  </SourceDocuments>", "</iSAFFile>");
  return `${out.join("\n")}\n`;
}

export const isafFileName = (month: string): string => `isaf-${month}.xml`;

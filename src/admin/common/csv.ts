// One CSV exporter for every back-office list, shaped for Lithuanian Excel: UTF-8 with a BOM,
// ";" between cells (Excel's lt-LT list separator), CRLF, decimal commas, Vilnius local time.
import type { DataProvider, Exporter, FetchRelatedRecords, Identifier, RaRecord } from "react-admin";
import { formatDate, formatDateTime } from "../../domain/format";
import { vilniusDateString } from "../../domain/time";
import { adminActionsOf } from "../adminApi";

export type CsvValue = string | number | boolean | null | undefined;

/**
 * How a column's value is written. "dateTime" and "date" take ISO strings (instants are shown in
 * Vilnius time); "money" is a number with two decimals; otherwise the value's own type decides.
 */
export type CsvKind = "text" | "number" | "money" | "dateTime" | "date";

/** Referenced records by the referring field, then by id: `related.carId[car.id]`. */
export type Related = Readonly<Record<string, Readonly<Record<string, RaRecord>>>>;

export interface CsvColumn<R> {
  /** Lithuanian column title */
  header: string;
  value: (record: R, related: Related) => CsvValue;
  kind?: CsvKind;
}

export interface CsvExport<R> {
  /** the file name's stem, e.g. "rezervacijos" -> "rezervacijos-2026-11-24.csv" */
  fileName: string;
  columns: readonly CsvColumn<R>[];
  /** referring field -> referenced resource, fetched with getMany like react-admin's fetchRelatedRecords */
  references?: Readonly<Record<string, string>>;
}

export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";
const CRLF = "\r\n";

/** Excel, LibreOffice and Sheets run cells starting with these as formulas (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** "-12", "+5", "3,5": numbers, not formulas, so they stay readable as numbers. */
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

let numberFormat: Intl.NumberFormat | undefined;
let moneyFormat: Intl.NumberFormat | undefined;

/** No grouping spaces (Excel would read "1 234,5" as text) and an ASCII minus (Intl prints U+2212). */
const excelNumber = (text: string) => text.replace(/\u2212/g, "-");

export function csvNumber(value: number): string {
  numberFormat ??= new Intl.NumberFormat("lt-LT", { useGrouping: false, maximumFractionDigits: 6 });
  return excelNumber(numberFormat.format(value));
}

export function csvMoney(value: number): string {
  moneyFormat ??= new Intl.NumberFormat("lt-LT", {
    useGrouping: false,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return excelNumber(moneyFormat.format(value));
}

/** A leading apostrophe keeps a would-be formula as text. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** Quoted (with doubled quotes) only when the text holds a separator, a quote or a line break. */
export function quoteCsv(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function instantText(value: CsvValue, format: (value: string | number) => string): string | null {
  if ((typeof value !== "string" && typeof value !== "number") || value === "") return null;
  if (typeof value === "string" && Number.isNaN(Date.parse(value))) return null;
  return format(value);
}

/** One cell's text before quoting: formatted for lt-LT and guarded against formulas. */
export function csvCell(value: CsvValue, kind: CsvKind = "text"): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Taip" : "Ne";
  if (kind === "dateTime" || kind === "date") {
    const text = instantText(value, kind === "date" ? formatDate : formatDateTime);
    if (text !== null) return text;
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return "";
    return kind === "money" ? csvMoney(value) : csvNumber(value);
  }
  return guardFormula(value);
}

export function csvLine(cells: readonly string[]): string {
  return cells.map(quoteCsv).join(CSV_SEPARATOR);
}

/** The whole file's text: BOM, header line, one line per record, CRLF after each. */
export function toCsv<R>(records: readonly R[], columns: readonly CsvColumn<R>[], related: Related = {}): string {
  const lines = [csvLine(columns.map((column) => guardFormula(column.header)))];
  for (const record of records) {
    lines.push(csvLine(columns.map((column) => csvCell(column.value(record, related), column.kind))));
  }
  return `${CSV_BOM}${lines.join(CRLF)}${CRLF}`;
}

/** "rezervacijos-2026-11-24.csv", dated by the Vilnius calendar. */
export function csvFileName(stem: string, now: Date = new Date()): string {
  return `${stem}-${vilniusDateString(now)}.csv`;
}

/** Loads every referenced resource once per export (getMany per field). */
export async function fetchRelated(
  records: readonly RaRecord[],
  references: Readonly<Record<string, string>>,
  fetchRelatedRecords: FetchRelatedRecords,
): Promise<Related> {
  const entries = await Promise.all(
    Object.entries(references).map(async ([field, resource]) => {
      const hasIds = records.some((record) => record[field] !== null && record[field] !== undefined);
      const found = hasIds ? await fetchRelatedRecords<RaRecord>([...records], field, resource) : {};
      return [field, found as Record<string, RaRecord>] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** `related.carId` looked up by id, typed for the caller. */
export function relatedRecord<T>(related: Related, field: string, id: Identifier | null | undefined): T | undefined {
  if (id === null || id === undefined) return undefined;
  return related[field]?.[String(id)] as T | undefined;
}

export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A react-admin exporter (List `exporter`, ExportButton, BulkExportButton) for these columns. */
export function csvExporter<R extends RaRecord>(definition: CsvExport<R>): Exporter<R> {
  return async (records: R[], fetchRelatedRecords: FetchRelatedRecords, dataProvider: DataProvider, resource = "") => {
    const related = definition.references
      ? await fetchRelated(records, definition.references, fetchRelatedRecords)
      : {};
    const csv = toCsv(records, definition.columns, related);
    // Audited first (who, which list, how many rows): no audit entry, no file.
    await adminActionsOf(dataProvider).recordListExport({ resource, count: records.length });
    downloadCsv(csv, csvFileName(definition.fileName));
  };
}

// Names of referenced records as staff know them.
export const carName = (car: { make?: string; model?: string; year?: number } | undefined): string =>
  car ? [car.make, car.model, car.year ? `(${car.year})` : ""].filter(Boolean).join(" ") : "";

export const customerName = (
  customer: { firstName?: string; lastName?: string; companyName?: string } | undefined,
): string =>
  customer
    ? `${customer.firstName ?? ""} ${customer.lastName ?? ""}`.trim() +
      (customer.companyName ? ` (${customer.companyName})` : "")
    : "";

/** The bulk action every list offers. */
export const EXPORT_SELECTED_LABEL = "Eksportuoti pažymėtus";

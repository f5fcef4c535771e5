// Each report as a CSV in the lt-LT Excel format (src/admin/common/csv.ts: BOM, ";", CRLF,
// decimal commas, formula guard), with Lithuanian headers.
import type { CancellationRow, LengthRow, Reports, RevenueRow, UnpaidRow, UtilisationRow } from "../../domain/reports";
import { RESERVATION_STATUS_LABELS } from "../../domain/reservationStatus";
import { type CsvColumn, toCsv } from "../common/csv";

type Sliced<T> = T & { slice: string };

const UTILISATION: readonly CsvColumn<Sliced<UtilisationRow>>[] = [
  { header: "Pjūvis", value: (r) => r.slice },
  { header: "Pavadinimas", value: (r) => r.label },
  { header: "Išnuomota dienų", value: (r) => r.rentedDays, kind: "number" },
  { header: "Galima dienų", value: (r) => r.availableDays, kind: "number" },
  { header: "Užimtumas, %", value: (r) => Math.round(r.rate * 1000) / 10, kind: "number" },
];

const REVENUE: readonly CsvColumn<Sliced<RevenueRow>>[] = [
  { header: "Pjūvis", value: (r) => r.slice },
  { header: "Pavadinimas", value: (r) => r.label },
  { header: "Rezervacijų", value: (r) => r.reservations, kind: "number" },
  { header: "Pajamos be PVM, €", value: (r) => r.net, kind: "money" },
  { header: "Pajamos su PVM, €", value: (r) => r.total, kind: "money" },
];

const CANCELLATIONS: readonly CsvColumn<CancellationRow>[] = [
  { header: "Mėnuo", value: (r) => r.month },
  { header: "Rezervacijų", value: (r) => r.reservations, kind: "number" },
  { header: "Atšaukta", value: (r) => r.cancelled, kind: "number" },
  { header: "Neatvyko", value: (r) => r.noShow, kind: "number" },
  { header: "Atšaukta, %", value: (r) => Math.round(r.cancelledRate * 1000) / 10, kind: "number" },
  { header: "Neatvyko, %", value: (r) => Math.round(r.noShowRate * 1000) / 10, kind: "number" },
];

const LENGTHS: readonly CsvColumn<LengthRow>[] = [
  { header: "Šaltinis", value: (r) => r.label },
  { header: "Rezervacijų", value: (r) => r.reservations, kind: "number" },
  { header: "Vidutinė nuomos trukmė, parų", value: (r) => r.averageDays, kind: "number" },
  { header: "Vidutinis laikas iki paėmimo, d.", value: (r) => r.averageLeadDays, kind: "number" },
];

const UNPAID: readonly CsvColumn<UnpaidRow>[] = [
  { header: "Rezervacija", value: (r) => r.number },
  { header: "Klientas", value: (r) => r.customer },
  { header: "Grąžinimas", value: (r) => r.returnAt, kind: "dateTime" },
  { header: "Būsena", value: (r) => RESERVATION_STATUS_LABELS[r.status] ?? r.status },
  { header: "Suma, €", value: (r) => r.total, kind: "money" },
  { header: "Sumokėta, €", value: (r) => r.paid, kind: "money" },
  { header: "Liko sumokėti, €", value: (r) => r.due, kind: "money" },
];

const sliced = <T>(slice: string, rows: readonly T[]): Sliced<T>[] => rows.map((row) => ({ ...row, slice }));

export type ReportName = "utilisation" | "revenue" | "cancellations" | "lengths" | "unpaid";

export const REPORT_FILE_STEMS: Readonly<Record<ReportName, string>> = {
  utilisation: "uzimtumas",
  revenue: "pajamos",
  cancellations: "atsaukimai",
  lengths: "nuomos-trukme",
  unpaid: "neapmoketi-likuciai",
};

/** The CSV text of one report. */
export function reportCsv(reports: Reports, name: ReportName): string {
  switch (name) {
    case "utilisation":
      return toCsv(
        [
          ...sliced("Mėnuo", reports.utilisation.byMonth),
          ...sliced("Klasė", reports.utilisation.byCategory),
          ...sliced("Automobilis", reports.utilisation.byCar),
        ],
        UTILISATION,
      );
    case "revenue":
      return toCsv(
        [
          ...sliced("Mėnuo", reports.revenue.byMonth),
          ...sliced("Klasė", reports.revenue.byCategory),
          ...sliced("Vieta", reports.revenue.byLocation),
          ...sliced("Šaltinis", reports.revenue.bySource),
        ],
        REVENUE,
      );
    case "cancellations":
      return toCsv(reports.cancellations, CANCELLATIONS);
    case "lengths":
      return toCsv(
        [
          {
            key: "all",
            label: "Visos",
            reservations: reports.lengths.reservations,
            averageDays: reports.lengths.averageDays,
            averageLeadDays: reports.lengths.averageLeadDays,
          },
          ...reports.lengths.bySource,
        ],
        LENGTHS,
      );
    case "unpaid":
      return toCsv(reports.unpaid.rows, UNPAID);
  }
}

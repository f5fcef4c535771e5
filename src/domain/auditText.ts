// The audit log's details as an admin reads them: the desk step, statuses, sums and dates an entry
// carries besides its changed fields, in Lithuanian. Apart from src/domain/auditLog.ts, which the
// Firestore model imports, so the labels it needs do not travel with it.
import { APPROVAL_KIND_LABELS, type ApprovalKind } from "./approvals";
import { formatDateTime, formatMoney, formatNumber } from "./format";
import { PAYMENT_KIND_LABELS, PAYMENT_METHOD_LABELS, type PaymentKind, type PaymentMethod } from "./payments";
import { RESERVATION_STATUS_LABELS } from "./reservationStatus";
import type { ReservationStatus } from "./schemas";

/** The rental desk's steps, as an entry's `desk` detail names them. */
export const AUDIT_DESK_LABELS: Readonly<Record<string, string>> = {
  handover: "Perdavimas klientui",
  return: "Grąžinimas",
  carSwap: "Automobilio keitimas",
  extension: "Nuomos pratęsimas",
  agreementForReading: "Sutartis išsiųsta susipažinti",
};

type DetailFormat = "money" | "dateTime" | "status" | "kind" | "method" | "decision" | "text";

/** The details an entry may carry besides the changed fields: their names and how to show them. */
const AUDIT_DETAILS: Readonly<Record<string, { label: string; format: DetailFormat }>> = {
  fromStatus: { label: "Būsena buvo", format: "status" },
  toStatus: { label: "Būsena tapo", format: "status" },
  kind: { label: "Rūšis", format: "kind" },
  method: { label: "Būdas", format: "method" },
  amount: { label: "Suma", format: "money" },
  total: { label: "Suma", format: "money" },
  price: { label: "Kaina", format: "money" },
  fromTotal: { label: "Kaina buvo", format: "money" },
  toTotal: { label: "Kaina tapo", format: "money" },
  fromReturnAt: { label: "Grąžinti iki (buvo)", format: "dateTime" },
  toReturnAt: { label: "Grąžinti iki (tapo)", format: "dateTime" },
  at: { label: "Kada", format: "dateTime" },
  number: { label: "Numeris", format: "text" },
  invoiceNumber: { label: "Sąskaitos Nr.", format: "text" },
  reservationNumber: { label: "Rezervacijos Nr.", format: "text" },
  resultNumber: { label: "Išrašyto dokumento Nr.", format: "text" },
  decision: { label: "Sprendimas", format: "decision" },
  document: { label: "Dokumentas", format: "text" },
  agreement: { label: "Sutartis", format: "text" },
};

const DECISION_LABELS: Readonly<Record<string, string>> = { approved: "Patvirtinta", rejected: "Atmesta" };

function detailText(format: DetailFormat, value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (format === "money" && typeof value === "number") return formatMoney(value);
  if (format === "dateTime" && typeof value === "string") return formatDateTime(value);
  if (typeof value !== "string") return typeof value === "number" ? formatNumber(value) : null;
  if (format === "status") return RESERVATION_STATUS_LABELS[value as ReservationStatus] ?? value;
  if (format === "kind")
    return PAYMENT_KIND_LABELS[value as PaymentKind] ?? APPROVAL_KIND_LABELS[value as ApprovalKind] ?? value;
  if (format === "method") return PAYMENT_METHOD_LABELS[value as PaymentMethod] ?? value;
  if (format === "decision") return DECISION_LABELS[value] ?? value;
  // A stored file's path: its name is what staff recognise.
  return format === "text" && value.includes("/") ? (value.split("/").pop() ?? value) : value;
}

/** An entry's details besides the changed fields, as label and text, in a fixed order. */
export function auditDetails(entry: Readonly<Record<string, unknown>>): { label: string; text: string }[] {
  const rows: { label: string; text: string }[] = [];
  if (typeof entry.desk === "string")
    rows.push({ label: "Veiksmas", text: AUDIT_DESK_LABELS[entry.desk] ?? entry.desk });
  for (const [key, { label, format }] of Object.entries(AUDIT_DETAILS)) {
    const text = detailText(format, entry[key]);
    if (text !== null) rows.push({ label, text });
  }
  return rows;
}

/** The log's one-line summary of an entry that changed no fields: its desk step, status or sum. */
export function auditSummary(entry: Readonly<Record<string, unknown>>): string {
  if (typeof entry.desk === "string") return AUDIT_DESK_LABELS[entry.desk] ?? entry.desk;
  const from = detailText("status", entry.fromStatus);
  const to = detailText("status", entry.toStatus);
  if (from && to) return `${from} → ${to}`;
  const kind = detailText("kind", entry.kind);
  const amount = detailText("money", entry.amount ?? entry.total);
  return [kind, amount].filter(Boolean).join(" ") || "—";
}

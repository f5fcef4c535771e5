// What the back-office needs from a data provider beyond react-admin's CRUD: the server-side,
// atomic operations and the live change feed. A backend adapter adds these methods to its
// DataProvider (the local one in src/backend/local/admin.ts); screens reach them through
// useAdminActions(), never through an adapter.
import { useContext, useMemo } from "react";
import { type DataProvider, DataProviderContext, useDataProvider } from "react-admin";
import type { BackupStatus } from "../core/backupSchedule";
import type { CalendarFeedInfo, RegeneratedFeed } from "../core/calendarFeeds";
import type { InvoiceListParams, InvoiceView, IssuedInvoice } from "../core/invoices";
import type { TodayRow } from "../core/reports";
import type { ReplyInput } from "../domain/inquiry";
import type { LedgerSummary, StoredLedgerEntry } from "../domain/payments";
import type { PlannedRule, PriceChange, PriceScope } from "../domain/priceChange";
import type { PriceUndoResult, PriceUpdateLogEntry } from "../domain/priceUpdate";
import type { QuoteCheckRequest, QuoteCheckResult } from "../domain/quoteCheck";
import type { Reports } from "../domain/reports";
import type { Charge, DeskSettings, HandoverAct, OnlinePayment } from "../domain/schemas";
import type { MaintenanceBlock } from "../domain/upkeep";

/** GET /api/admin/reservations/:id/payments (src/core/payments.ts listLedger) */
export interface LedgerView {
  reservationId: string;
  number: string;
  entries: StoredLedgerEntry[];
  summary: LedgerSummary;
  online: OnlinePayment | null;
}

/** The reply staff write to an inquiry (src/domain/inquiry.ts). */
export type RequestReplyInput = ReplyInput;

/** A reservation being entered, as checkQuote takes it (src/domain/quoteCheck.ts). */
export type QuoteCheckInput = QuoteCheckRequest;

/** The server's answer to checkQuote (src/domain/quoteCheck.ts, the same on both backends). */
export type QuoteCheck = QuoteCheckResult;

/** One bulk price change in the page's history (src/domain/priceUpdate.ts). */
export type PriceUpdateHistoryEntry = PriceUpdateLogEntry;

/** The rental desk's documents (src/documents/deskDocuments.ts renders them on the server). */
export type DeskDocumentKind = "agreement" | "handover" | "return";

/** deskInfo(id): the reservation, customer, car, fleet record, the car's open damages, the desk's rates and the hand-over act. */
export interface DeskInfoAnswer {
  reservation: Record<string, unknown> & { id: string; version?: number };
  customer: (Record<string, unknown> & { id: string }) | null;
  car: (Record<string, unknown> & { id: string }) | null;
  fleet: (Record<string, unknown> & { id: string }) | null;
  damages: (Record<string, unknown> & { id: string })[];
  rates: DeskSettings;
  graceMinutes: number;
  handover: HandoverAct | null;
}

/** The return charges (src/domain/returnCharges.ts), each with its rule. */
export interface ReturnChargesAnswer {
  charges: Charge[];
  total: number;
  deposit: { held: number; retained: number; refunded: number };
  /** what the customer still pays beyond the deposit */
  due: number;
}

/** What an erasure answers (ErasureReport of src/core/dataRights.ts). */
export interface CustomerErasure {
  customerId: string;
  erasedAt: string;
  counts: Record<string, number>;
  kept: { kind: string; id: string; label: string; reason: string }[];
}

export type LiveChangeKind = "created" | "updated" | "deleted";

export interface LiveChange {
  resource: string;
  id: string;
  kind: LiveChangeKind;
  at: string;
}

export interface AdminActions {
  /** mail to the outbox + reply recorded + inquiry answered, in one server transaction */
  replyToRequest(id: string, input: RequestReplyInput): Promise<{ request: Record<string, unknown>; mailId: string }>;
  previewPriceUpdate(input: { change: PriceChange; scope: PriceScope }): Promise<{ plan: PlannedRule[] }>;
  /** `expected`: the preview's fingerprint; a stale preview is refused (409) */
  applyPriceUpdate(input: {
    change: PriceChange;
    scope: PriceScope;
    expected: Record<string, string | null>;
  }): Promise<{ batchId: string; updated: number; created: number }>;
  priceUpdateHistory(): Promise<PriceUpdateHistoryEntry[]>;
  /** undoes the latest applied change that is not undone (`batchId` names it); 409 when its rules changed since */
  undoPriceUpdate(input: { batchId: string }): Promise<PriceUndoResult>;
  /** the whole catalogue order, saved in one batch */
  saveSortOrder(resource: "cars" | "offers", ids: string[]): Promise<{ changed: string[] }>;
  /** the server's quote and availability for a reservation being entered */
  checkQuote(input: QuoteCheckInput): Promise<QuoteCheck>;
  /** a new secret iCal address for a car (or the whole fleet, carId null); the old one answers 404. Admins only. */
  regenerateCalendarFeed(input: { carId: string | null }): Promise<RegeneratedFeed>;
  /** which calendar feeds have an address (never the tokens) */
  listCalendarFeeds(): Promise<CalendarFeedInfo[]>;
  /** a maintenance block { carId, from, to, reason }: the car is out of service then; 409 when it is taken */
  createMaintenance(input: { carId: string; from: string; to: string; reason: string }): Promise<MaintenanceBlock>;
  /** moves or edits a block (the fields given; `version`: the one read); 409 when taken or stale */
  updateMaintenance(
    id: string,
    input: Partial<{ carId: string; from: string; to: string; reason: string; version: number }>,
  ): Promise<MaintenanceBlock>;
  deleteMaintenance(id: string): Promise<{ id: string }>;
  /** the blocks overlapping [from, to) (of one car when carId is given) */
  listMaintenance(input: { from: string; to: string; carId?: string }): Promise<MaintenanceBlock[]>;
  /**
   * A reservation's document as a PDF: the signed one as kept, or the unsigned agreement made
   * now from the current data; 404 (Lithuanian) while its act does not exist.
   */
  downloadDeskDocument(id: string, kind: DeskDocumentKind): Promise<Blob>;
  /** a copy of an outbox mail queued again (same recipients, message, attachments and ref); audited */
  resendMail(id: string): Promise<{ id: string }>;
  /** "Mano rezervacija": every link of the reservation revoked, a new one mailed to the customer; audited */
  resendPortalLink(id: string): Promise<{ revoked: number; sentTo: string }>;
  /** the rental desk (src/core/rentalDesk.ts): what a hand-over or return screen shows, in one call */
  deskInfo(id: string): Promise<DeskInfoAnswer>;
  /** the car handed over (readings, licence, confirmed damages, signature): the reservation, now active */
  handOverReservation(id: string, body: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** the return charges for the readings being typed (nothing is written) */
  previewReturn(id: string, body: Record<string, unknown>): Promise<ReturnChargesAnswer>;
  /** the car returned: the reservation completed, with the charges, total and deposit */
  returnReservation(
    id: string,
    body: Record<string, unknown>,
  ): Promise<ReturnChargesAnswer & { reservation: Record<string, unknown> }>;
  /** a damage of the register marked repaired (`version`: the one the list read; 409 when stale or already repaired) */
  markDamageRepaired(id: string, version?: number): Promise<Record<string, unknown>>;
  /** everything held about a customer (JSON) and its readable Lithuanian summary (HTML); admins only */
  exportCustomerData(id: string): Promise<{ data: Record<string, unknown>; summary: string }>;
  /** anonymises the customer everywhere (src/core/dataRights.ts); the counts and what was kept, and why; admins only */
  eraseCustomer(id: string): Promise<CustomerErasure>;
  /** a page of invoices and credit notes (filter: q, kind, month, customerId, reservationId) with the total count */
  listInvoices(params: InvoiceListParams): Promise<{ data: InvoiceView[]; total: number }>;
  /** one invoice with the credit note that reverses it */
  getInvoice(id: string): Promise<InvoiceView>;
  /** issues the reservation's invoice (src/core/invoices.ts); 409 when it has one in force */
  issueInvoice(reservationId: string): Promise<IssuedInvoice>;
  /** the reservation's invoices and credit notes */
  reservationInvoices(reservationId: string): Promise<InvoiceView[]>;
  /** a credit note reversing the whole invoice, with the reason */
  creditInvoice(id: string, reason: string): Promise<IssuedInvoice>;
  /** one invoice for a business customer's completed rentals of a month (YYYY-MM) */
  issueMonthlyInvoice(input: { customerId: string; month: string }): Promise<IssuedInvoice>;
  /** the invoice's PDF */
  downloadInvoicePdf(id: string): Promise<Blob>;
  /** the month's i.SAF XML (YYYY-MM) */
  downloadIsaf(month: string): Promise<Blob>;
  /** the reports of a period (YYYY-MM-DD, inclusive) */
  reports(input: { from: string; to: string }): Promise<Reports>;
  /** today's pick-ups and returns with what each still owes */
  todayDesk(): Promise<TodayRow[]>;
  /** scheduled backups: the settings, the last and the last good one, whether it is stale (admins only) */
  backupStatus(): Promise<BackupStatus>;
  /** the reservation's payments ledger with its summary (src/core/payments.ts) */
  reservationPayments(reservationId: string): Promise<LedgerView>;
  /** a new ledger entry taken by staff (append-only); the entry and the new summary */
  addReservationPayment(
    reservationId: string,
    input: { amount: number; method: string; kind: string; reference?: string },
  ): Promise<{ entry: StoredLedgerEntry; summary: LedgerSummary }>;
  /** live change feed; returns the unsubscribe function */
  subscribeToChanges(listener: (change: LiveChange) => void, onStatus?: (connected: boolean) => void): () => void;
}

export const UNSUPPORTED_MESSAGE = "Šis veiksmas pasirinktame duomenų šaltinyje nepalaikomas";

const ACTION_NAMES: (keyof AdminActions)[] = [
  "replyToRequest",
  "previewPriceUpdate",
  "applyPriceUpdate",
  "priceUpdateHistory",
  "undoPriceUpdate",
  "saveSortOrder",
  "checkQuote",
  "regenerateCalendarFeed",
  "listCalendarFeeds",
  "createMaintenance",
  "updateMaintenance",
  "deleteMaintenance",
  "listMaintenance",
  "downloadDeskDocument",
  "deskInfo",
  "handOverReservation",
  "previewReturn",
  "returnReservation",
  "markDamageRepaired",
  "subscribeToChanges",
  "resendMail",
  "resendPortalLink",
  "exportCustomerData",
  "eraseCustomer",
  "listInvoices",
  "getInvoice",
  "issueInvoice",
  "reservationInvoices",
  "creditInvoice",
  "issueMonthlyInvoice",
  "downloadInvoicePdf",
  "downloadIsaf",
  "reports",
  "todayDesk",
  "backupStatus",
  "reservationPayments",
  "addReservationPayment",
];

/**
 * The admin actions of a data provider. `calls` is what the methods are called on (react-admin's
 * proxy, which signs out on 401); `raw` tells which methods exist. A missing one fails with a
 * Lithuanian message; a missing live feed is simply silent.
 */
export function adminActionsOf(raw: DataProvider, calls: DataProvider = raw): AdminActions {
  const source = raw as Partial<AdminActions>;
  const target = calls as unknown as Record<string, (...args: unknown[]) => unknown>;
  const actions = {} as Record<keyof AdminActions, unknown>;
  for (const name of ACTION_NAMES) {
    const exists = typeof source[name] === "function";
    if (name === "subscribeToChanges") {
      // Not a promise: call the provider itself, not react-admin's promise proxy.
      actions[name] = exists ? (source[name] as AdminActions["subscribeToChanges"]).bind(raw) : () => () => undefined;
    } else {
      actions[name] = exists
        ? (...args: unknown[]) => target[name]?.(...args)
        : () => Promise.reject(new Error(UNSUPPORTED_MESSAGE));
    }
  }
  return actions as unknown as AdminActions;
}

export function useAdminActions(): AdminActions {
  const raw = useContext(DataProviderContext);
  const proxy = useDataProvider();
  return useMemo(() => adminActionsOf(raw ?? proxy, proxy), [raw, proxy]);
}

// What the back-office needs from a data provider beyond react-admin's CRUD: the server-side,
// atomic operations and the live change feed. A backend adapter adds these methods to its
// DataProvider (the local one in src/backend/local/admin.ts); screens reach them through
// useAdminActions(), never through an adapter.
import { useContext, useMemo } from "react";
import { type DataProvider, DataProviderContext, useDataProvider } from "react-admin";
import type { CalendarFeedInfo, RegeneratedFeed } from "../core/calendarFeeds";
import type { ReplyInput } from "../domain/inquiry";
import type { PlannedRule, PriceChange, PriceScope } from "../domain/priceChange";
import type { PriceUndoResult, PriceUpdateLogEntry } from "../domain/priceUpdate";
import type { QuoteCheckRequest, QuoteCheckResult } from "../domain/quoteCheck";
import type { Charge, DeskSettings, HandoverAct } from "../domain/schemas";
import type { MaintenanceBlock } from "../domain/upkeep";

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

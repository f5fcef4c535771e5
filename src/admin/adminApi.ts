// What the back-office needs from a data provider beyond react-admin's CRUD: the server-side,
// atomic operations and the live change feed. A backend adapter adds these methods to its
// DataProvider (the local one in src/backend/local/admin.ts); screens reach them through
// useAdminActions(), never through an adapter.
import { useContext, useMemo } from "react";
import { type DataProvider, DataProviderContext, useDataProvider } from "react-admin";
import type { ReplyInput } from "../domain/inquiry";
import type { PlannedRule, PriceChange, PriceScope } from "../domain/priceChange";
import type { PriceUndoResult, PriceUpdateLogEntry } from "../domain/priceUpdate";
import type { QuoteCheckRequest, QuoteCheckResult } from "../domain/quoteCheck";

/** The reply staff write to an inquiry (src/domain/inquiry.ts). */
export type RequestReplyInput = ReplyInput;

/** A reservation being entered, as checkQuote takes it (src/domain/quoteCheck.ts). */
export type QuoteCheckInput = QuoteCheckRequest;

/** The server's answer to checkQuote (src/domain/quoteCheck.ts, the same on both backends). */
export type QuoteCheck = QuoteCheckResult;

/** One bulk price change in the page's history (src/domain/priceUpdate.ts). */
export type PriceUpdateHistoryEntry = PriceUpdateLogEntry;

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
  "subscribeToChanges",
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

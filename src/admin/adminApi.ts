// The back-office's actions beyond react-admin's CRUD (the port's AdminActions, src/backend/adminActions.ts:
// every staff action of the registry and the live change feed). A backend adapter adds these
// methods to its DataProvider; screens reach them through useAdminActions(), never through an adapter.
import { useContext, useMemo } from "react";
import { type DataProvider, DataProviderContext, useDataProvider } from "react-admin";
import {
  type AdminActionResult,
  type AdminActions,
  type LiveChange,
  type LiveChangeKind,
  UNSUPPORTED_MESSAGE,
} from "../backend/adminActions";
import { STAFF_ACTIONS } from "../core/actions/index";
import type { ReplyInput } from "../domain/inquiry";
import type { QuoteCheckRequest } from "../domain/quoteCheck";

export type { DeskDocumentKind } from "../core/actions/desk";
export type { AdminActions, LiveChange, LiveChangeKind };
export { UNSUPPORTED_MESSAGE };

/** The reservation's payments ledger (src/core/payments.ts listLedger). */
export type LedgerView = AdminActionResult<"reservationPayments">;

/** The reply staff write to an inquiry (src/domain/inquiry.ts). */
export type RequestReplyInput = ReplyInput;

/** A reservation being entered, as checkQuote takes it (src/domain/quoteCheck.ts). */
export type QuoteCheckInput = QuoteCheckRequest;

/** The server's answer to checkQuote (src/domain/quoteCheck.ts, the same on both backends). */
export type QuoteCheck = AdminActionResult<"checkQuote">;

/** One bulk price change in the page's history (src/domain/priceUpdate.ts). */
export type PriceUpdateHistoryEntry = AdminActionResult<"priceUpdateHistory">[number];

/** deskInfo(id): the reservation, customer, car, fleet record, the car's open damages, the desk's rates and the hand-over act. */
export type DeskInfoAnswer = AdminActionResult<"deskInfo">;

/** The return charges (src/domain/returnCharges.ts), each with its rule. */
export type ReturnChargesAnswer = AdminActionResult<"previewReturn">;

/** What an erasure answers (ErasureReport of src/core/dataRights.ts); its counts read by name. */
export type CustomerErasure = Omit<AdminActionResult<"eraseCustomer">, "counts"> & { counts: Record<string, number> };

/** Every method of AdminActions: the registry's actions and the live feed. */
const ACTION_NAMES: (keyof AdminActions)[] = [
  ...(Object.keys(STAFF_ACTIONS) as (keyof typeof STAFF_ACTIONS)[]),
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

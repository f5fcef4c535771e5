// Prices, the catalogue order and the reservation form's live quote.
import type { PriceChange, PriceScope } from "../../domain/priceChange";
import type { QuoteCheckRequest } from "../../domain/quoteCheck";
import { whole } from "./envelope";
import { STAFF, staffAction } from "./registry";

export const catalogActions = {
  previewPriceUpdate: staffAction({
    roles: STAFF,
    args: (input: { change: PriceChange; scope: PriceScope }) => input,
    input: whole,
    http: { method: "POST", path: "/actions/prices/preview" },
    run: ({ priceUpdate }, input, ctx) => priceUpdate.previewPriceUpdate(ctx.core, input),
  }),
  /** `expected`: the preview's fingerprint; a stale preview is refused (409) */
  applyPriceUpdate: staffAction({
    roles: STAFF,
    args: (input: { change: PriceChange; scope: PriceScope; expected: Record<string, string | null> }) => input,
    input: whole,
    http: { method: "POST", path: "/actions/prices/apply" },
    invalidates: ["prices"],
    run: ({ priceUpdate }, input, ctx) => priceUpdate.applyPriceUpdate(ctx.core, input, ctx.actor.email),
  }),
  /** the latest bulk changes */
  priceUpdateHistory: staffAction({
    // Firebase: the provider reads the log from Firestore itself (the rules let staff read it).
    callable: false,
    roles: STAFF,
    args: () => ({}),
    input: whole,
    http: { method: "GET", path: "/actions/prices/history" },
    run: ({ priceUpdate }, _input, ctx) => priceUpdate.priceUpdateHistory(ctx.core),
  }),
  /** undoes the latest applied change that is not undone (`batchId` names it); 409 when its rules changed since */
  undoPriceUpdate: staffAction({
    roles: STAFF,
    args: (input: { batchId: string }) => input,
    input: whole,
    http: { method: "POST", path: "/actions/prices/undo" },
    invalidates: ["prices"],
    run: ({ priceUpdate }, input, ctx) => priceUpdate.undoPriceUpdate(ctx.core, input, ctx.actor.email),
  }),
  /** the whole catalogue order, saved in one batch */
  saveSortOrder: staffAction({
    roles: STAFF,
    args: (resource: "cars" | "offers", ids: string[]) => ({ resource, ids }),
    input: whole,
    http: { method: "POST", path: "/actions/sorting" },
    invalidates: (payload) => [payload.resource],
    run: ({ sorting }, input, ctx) => sorting.saveSortOrder(ctx.core, input, ctx.actor.email),
  }),
  /** the server's quote and availability for a reservation being entered */
  checkQuote: staffAction({
    roles: STAFF,
    args: (input: QuoteCheckRequest) => input,
    input: whole,
    http: { method: "POST", path: "/actions/quote" },
    run: ({ quoteCheck }, input, ctx) => quoteCheck.checkQuote(ctx.core, input),
  }),
};

// The bulk price change (/admin/price-update) on Firebase: the callables previewPriceUpdate and
// applyPriceUpdate (staff), with the same input, plan and answers as the local server's
// POST /api/admin/actions/prices/{preview,apply} (server/services/priceUpdate.ts). The plan
// comes from the back-office's own planner (src/domain/priceChange.ts) and the apply's decisions
// from src/domain/priceUpdate.ts, so what staff preview is exactly what is written.
//
// Apply: every rule of the plan is written in one Firestore transaction (all or nothing) when the
// plan has at most 500 rules, which a rental company's price list never exceeds; a larger plan is
// written in transactions of 500, each all or nothing. A preview gone stale (a rule changed or
// appeared since) is refused. Each change is recorded in `priceUpdates` (the page's history).
import { PRICE_UPDATES_COLLECTION, RESOURCE_MODELS } from "../../../src/backend/firebase/model";
import { toStoredDoc } from "../../../src/backend/firebase/storedDoc";
import { type PlannedRule, type PriceChange, type PriceScope, planPriceUpdate } from "../../../src/domain/priceChange";
import {
  changeLogRules,
  countWritten,
  historyLimit,
  type PriceUpdateLogEntry,
  plannedPriceDoc,
  planRefusal,
  priceUpdateLogEntry,
  type PriceUpdateResult as SharedPriceUpdateResult,
  type WrittenRule,
} from "../../../src/domain/priceUpdate";
import {
  priceApplyInputSchema,
  pricePreviewInputSchema,
  STALE_PREVIEW_MESSAGE,
} from "../../../src/domain/priceUpdateInput";
import type { Car, Price } from "../../../src/domain/schemas";
import type { Reader, Store } from "../store";
import { record } from "./catalog";
import { FunctionError } from "./errors";
import { parseInput } from "./input";

export type { PriceUpdateLogEntry } from "../../../src/domain/priceUpdate";
export { PRICE_UPDATES_COLLECTION, STALE_PREVIEW_MESSAGE };
export const MAX_RULES_PER_TRANSACTION = 500;
type RuleRecord = Price & { id: string; updatedAt: string };

async function planInputs(reader: Reader) {
  const prices = (await reader.query(RESOURCE_MODELS.prices.collection)).map(
    (doc) => record<Price>("prices", doc) as RuleRecord,
  );
  const cars = (await reader.query(RESOURCE_MODELS.cars.collection)).map((doc) => record<Car>("cars", doc));
  return { prices, cars };
}

export async function previewPriceUpdate(store: Store, body: unknown): Promise<{ plan: PlannedRule[] }> {
  const input = parseInput(pricePreviewInputSchema, body);
  const { prices, cars } = await planInputs(store);
  return { plan: planPriceUpdate(prices, cars, input.scope as PriceScope, input.change as PriceChange) };
}

export interface PriceUpdateResult extends SharedPriceUpdateResult {
  /** Firestore transactions used (1 unless the plan has more than 500 rules) */
  transactions: number;
}

export async function applyPriceUpdate(store: Store, body: unknown, actor: string): Promise<PriceUpdateResult> {
  const input = parseInput(priceApplyInputSchema, body);
  const change = input.change as PriceChange;
  const scope = input.scope as PriceScope;
  const prices = RESOURCE_MODELS.prices.collection;

  // The whole plan is checked against the preview first; each batch re-checks its own rules.
  const { prices: current, cars } = await planInputs(store);
  const plan = planPriceUpdate(current, cars, scope, change);
  const refusal = planRefusal(plan, input.expected);
  if (refusal) {
    throw new FunctionError(refusal.reason === "empty" ? "invalid-argument" : "failed-precondition", refusal.message);
  }

  const batchId = store.newId(PRICE_UPDATES_COLLECTION);
  const written: WrittenRule[] = [];
  let transactions = 0;
  for (let start = 0; start < plan.length; start += MAX_RULES_PER_TRANSACTION) {
    const part = plan.slice(start, start + MAX_RULES_PER_TRANSACTION);
    const isLast = start + MAX_RULES_PER_TRANSACTION >= plan.length;
    const partWritten = await store.transaction(async (tx) => {
      const done: typeof written = [];
      const existing = new Map<string, RuleRecord>();
      for (const rule of part) {
        if (!rule.priceId) continue;
        const doc = await tx.get(prices, rule.priceId);
        const now = doc ? (record<Price>("prices", doc) as RuleRecord) : null;
        if (!now || (now.updatedAt ?? null) !== rule.updatedAt) {
          throw new FunctionError("failed-precondition", STALE_PREVIEW_MESSAGE);
        }
        existing.set(rule.priceId, now);
      }
      const time = store.serverTime();
      for (const rule of part) {
        if (rule.priceId) {
          const next = plannedPriceDoc(rule, existing.get(rule.priceId));
          tx.update(prices, rule.priceId, { ...toStoredDoc("prices", next), updatedAt: time });
          done.push({ key: rule.key, id: rule.priceId, kind: "updated" });
        } else {
          const next = plannedPriceDoc(rule);
          const id = store.newId(prices);
          tx.set(prices, id, { ...toStoredDoc("prices", next), createdAt: time, updatedAt: time });
          done.push({ key: rule.key, id, kind: "created" });
        }
      }
      if (isLast) {
        // One history entry for the whole change, with every old and new tier.
        tx.set(PRICE_UPDATES_COLLECTION, batchId, {
          actor,
          change,
          scope,
          rules: changeLogRules(plan, [...written, ...done]),
          createdAt: time,
          updatedAt: time,
        });
      }
      return done;
    });
    written.push(...partWritten);
    transactions += 1;
  }
  return { batchId, ...countWritten(written), transactions, plan };
}

/** The latest bulk changes, newest first (the page's history). */
export async function priceUpdateHistory(reader: Reader, limit = 10): Promise<PriceUpdateLogEntry[]> {
  const docs = await reader.query(PRICE_UPDATES_COLLECTION, {
    orderBy: [{ field: "createdAt", direction: "desc" }],
    limit: historyLimit(limit),
  });
  return docs.map((doc) => {
    const createdAt = doc.data.createdAt as { toDate?: () => Date } | undefined;
    const at = typeof createdAt?.toDate === "function" ? createdAt.toDate().toISOString() : "";
    return priceUpdateLogEntry(doc.id, at, doc.data);
  });
}

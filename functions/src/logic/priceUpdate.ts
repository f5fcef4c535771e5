// The bulk price change (/admin/price-update) on Firebase: the callables previewPriceUpdate and
// applyPriceUpdate (staff), with the same input, plan and answers as the local server's
// POST /api/admin/actions/prices/{preview,apply} (server/services/priceUpdate.ts). The plan
// comes from the back-office's own planner (src/admin/prices/priceChange.ts), so what staff
// preview is exactly what is written.
//
// Apply: every rule of the plan is written in one Firestore transaction (all or nothing) when the
// plan has at most 500 rules, which a rental company's price list never exceeds; a larger plan is
// written in transactions of 500, each all or nothing. A preview gone stale (a rule changed or
// appeared since) is refused. Each change is recorded in `priceUpdates` (the page's history).
import type { z } from "zod";
import {
  type PlannedRule,
  type PriceChange,
  type PriceScope,
  planFingerprint,
  planPriceUpdate,
} from "../../../src/admin/prices/priceChange";
import { PRICE_UPDATES_COLLECTION, RESOURCE_MODELS } from "../../../src/backend/firebase/model";
import { toStoredDoc } from "../../../src/backend/firebase/storedDoc";
import {
  EMPTY_SCOPE_MESSAGE,
  priceApplyInputSchema,
  pricePreviewInputSchema,
  STALE_PREVIEW_MESSAGE,
} from "../../../src/domain/priceUpdateInput";
import { type Car, type Price, priceSchema } from "../../../src/domain/schemas";
import type { Reader, Store } from "../store";
import { record } from "./catalog";
import { FunctionError, invalidInput } from "./errors";
import { zodErrors } from "./input";

export {
  EMPTY_SCOPE_MESSAGE,
  priceApplyInputSchema,
  priceChangeSchema,
  pricePreviewInputSchema,
  priceScopeSchema,
  STALE_PREVIEW_MESSAGE,
} from "../../../src/domain/priceUpdateInput";

export { PRICE_UPDATES_COLLECTION };
export const MAX_RULES_PER_TRANSACTION = 500;
type RuleRecord = Price & { id: string; updatedAt: string };

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalidInput(zodErrors(parsed.error));
  return parsed.data;
}

async function planInputs(reader: Reader) {
  const prices = (await reader.query(RESOURCE_MODELS.prices.collection)).map(
    (doc) => record<Price>("prices", doc) as RuleRecord,
  );
  const cars = (await reader.query(RESOURCE_MODELS.cars.collection)).map((doc) => record<Car>("cars", doc));
  return { prices, cars };
}

export async function previewPriceUpdate(store: Store, body: unknown): Promise<{ plan: PlannedRule[] }> {
  const input = parse(pricePreviewInputSchema, body);
  const { prices, cars } = await planInputs(store);
  return { plan: planPriceUpdate(prices, cars, input.scope as PriceScope, input.change as PriceChange) };
}

const sameFingerprint = (a: Record<string, string | null>, b: Record<string, string | null>): boolean => {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key in b && (a[key] ?? null) === (b[key] ?? null));
};

export interface PriceUpdateResult {
  batchId: string;
  updated: number;
  created: number;
  /** Firestore transactions used (1 unless the plan has more than 500 rules) */
  transactions: number;
  plan: PlannedRule[];
}

export async function applyPriceUpdate(store: Store, body: unknown, actor: string): Promise<PriceUpdateResult> {
  const input = parse(priceApplyInputSchema, body);
  const change = input.change as PriceChange;
  const scope = input.scope as PriceScope;
  const prices = RESOURCE_MODELS.prices.collection;

  // The whole plan is checked against the preview first; each batch re-checks its own rules.
  const { prices: current, cars } = await planInputs(store);
  const plan = planPriceUpdate(current, cars, scope, change);
  if (plan.length === 0) throw new FunctionError("invalid-argument", EMPTY_SCOPE_MESSAGE);
  if (!sameFingerprint(planFingerprint(plan), input.expected)) {
    throw new FunctionError("failed-precondition", STALE_PREVIEW_MESSAGE);
  }

  const batchId = store.newId(PRICE_UPDATES_COLLECTION);
  const written: { key: string; id: string; kind: "updated" | "created" }[] = [];
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
          const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = existing.get(rule.priceId) as RuleRecord;
          const next = priceSchema.parse({ ...fields, tiers: rule.newTiers });
          tx.update(prices, rule.priceId, { ...toStoredDoc("prices", next), updatedAt: time });
          done.push({ key: rule.key, id: rule.priceId, kind: "updated" });
        } else {
          const next = priceSchema.parse({
            carId: rule.carId,
            category: null,
            season: rule.season,
            tiers: rule.newTiers,
          });
          const id = store.newId(prices);
          tx.set(prices, id, { ...toStoredDoc("prices", next), createdAt: time, updatedAt: time });
          done.push({ key: rule.key, id, kind: "created" });
        }
      }
      if (isLast) {
        // One history entry for the whole change, with every old and new tier.
        const ids = new Map([...written, ...done].map((entry) => [entry.key, entry.id]));
        tx.set(PRICE_UPDATES_COLLECTION, batchId, {
          actor,
          change,
          scope,
          rules: plan.map((rule) => ({
            id: ids.get(rule.key) ?? null,
            created: rule.priceId === null,
            carId: rule.carId,
            category: rule.category,
            season: rule.season,
            before: rule.oldTiers,
            after: rule.newTiers,
          })),
          createdAt: time,
          updatedAt: time,
        });
      }
      return done;
    });
    written.push(...partWritten);
    transactions += 1;
  }
  const updated = written.filter((entry) => entry.kind === "updated").length;
  return { batchId, updated, created: written.length - updated, transactions, plan };
}

export interface PriceUpdateLogEntry {
  id: string;
  at: string;
  actor: string;
  change: PriceChange;
  scope: PriceScope;
  rules: number;
}

/** The latest bulk changes, newest first (the page's history). */
export async function priceUpdateHistory(reader: Reader, limit = 10): Promise<PriceUpdateLogEntry[]> {
  const docs = await reader.query(PRICE_UPDATES_COLLECTION, {
    orderBy: [{ field: "createdAt", direction: "desc" }],
    limit: Math.max(1, Math.min(limit, 50)),
  });
  return docs.map((doc) => {
    const createdAt = doc.data.createdAt as { toDate?: () => Date } | undefined;
    return {
      id: doc.id,
      at: typeof createdAt?.toDate === "function" ? createdAt.toDate().toISOString() : "",
      actor: String(doc.data.actor ?? ""),
      change: doc.data.change as PriceChange,
      scope: doc.data.scope as PriceScope,
      rules: Array.isArray(doc.data.rules) ? doc.data.rules.length : 0,
    };
  });
}

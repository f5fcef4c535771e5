// Applying a bulk price change, decided the same way by the local server and Cloud Functions:
// whether the plan may be applied (the preview still holds), the document each planned rule
// becomes, and the record of the whole change for the page's history. The callers read and
// write the rules (the server in one transaction, Firestore in batches of 500).
import { type PlannedRule, type PriceChange, type PriceScope, planFingerprint } from "./priceChange";
import { EMPTY_SCOPE_MESSAGE, STALE_PREVIEW_MESSAGE } from "./priceUpdateInput";
import { type Price, priceSchema } from "./schemas";

export interface PriceUpdateResult {
  batchId: string;
  updated: number;
  created: number;
  plan: PlannedRule[];
}

/** One entry of the page's history. */
export interface PriceUpdateLogEntry {
  id: string;
  at: string;
  actor: string;
  change: PriceChange;
  scope: PriceScope;
  rules: number;
}

/** A rule the apply wrote: planned key, stored id, and whether it was changed or created. */
export interface WrittenRule {
  key: string;
  id: string;
  kind: "updated" | "created";
}

/** Why a plan is refused: nothing in the scope, or the rules changed since the preview. */
export interface PlanRefusal {
  reason: "empty" | "stale";
  message: string;
}

const sameFingerprint = (a: Record<string, string | null>, b: Record<string, string | null>): boolean => {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key in b && (a[key] ?? null) === (b[key] ?? null));
};

/** null when the plan may be written: it covers some rule and is exactly what the preview showed. */
export function planRefusal(plan: readonly PlannedRule[], expected: Record<string, string | null>): PlanRefusal | null {
  if (plan.length === 0) return { reason: "empty", message: EMPTY_SCOPE_MESSAGE };
  return sameFingerprint(planFingerprint(plan), expected) ? null : { reason: "stale", message: STALE_PREVIEW_MESSAGE };
}

/** A planned rule's new document: the stored rule (`current`) with the new tiers, or a new car rule. */
export function plannedPriceDoc(rule: PlannedRule, current?: Price): Price {
  if (current) {
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = current;
    return priceSchema.parse({ ...fields, tiers: rule.newTiers });
  }
  return priceSchema.parse({ carId: rule.carId, category: null, season: rule.season, tiers: rule.newTiers });
}

/** Every rule of the change with its old and new tiers, for the history (id null if never written). */
export function changeLogRules(plan: readonly PlannedRule[], written: readonly WrittenRule[]) {
  const ids = new Map(written.map((entry) => [entry.key, entry.id]));
  return plan.map((rule) => ({
    id: ids.get(rule.key) ?? null,
    created: rule.priceId === null,
    carId: rule.carId,
    category: rule.category,
    season: rule.season,
    before: rule.oldTiers,
    after: rule.newTiers,
  }));
}

export function countWritten(written: readonly WrittenRule[]): { updated: number; created: number } {
  const updated = written.filter((entry) => entry.kind === "updated").length;
  return { updated, created: written.length - updated };
}

/** How many history entries a caller gets: 1 to 50. */
export const historyLimit = (limit: number): number => Math.max(1, Math.min(limit, 50));

/** A stored change record as a history entry. */
export const priceUpdateLogEntry = (id: string, at: string, doc: Record<string, unknown>): PriceUpdateLogEntry => ({
  id,
  at,
  actor: String(doc.actor ?? ""),
  change: doc.change as PriceChange,
  scope: doc.scope as PriceScope,
  rules: Array.isArray(doc.rules) ? doc.rules.length : 0,
});

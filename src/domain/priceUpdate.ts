// Applying a bulk price change, decided the same way by the local server and Cloud Functions:
// whether the plan may be applied (the preview still holds), the document each planned rule
// becomes, and the record of the whole change for the page's history. The callers read and
// write the rules (the server in one transaction, Firestore in batches of 500).
import { CHANGED_FEMININE_FORMS, formatCount, formatDone, formatMoney } from "./format";
import { type PlannedRule, type PriceChange, type PriceScope, planFingerprint, refusedRules } from "./priceChange";
import { effectiveFloor } from "./priceFloor";
import { EMPTY_SCOPE_MESSAGE, STALE_PREVIEW_MESSAGE } from "./priceUpdateInput";
import { type Price, type PriceTier, priceSchema } from "./schemas";

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
  /** this entry undoes the change with this id */
  undoOf: string | null;
  /** the entry that undid this change */
  undoneBy: string | null;
}

/** A rule the apply wrote: planned key, stored id, and whether it was changed or created. */
export interface WrittenRule {
  key: string;
  id: string;
  kind: "updated" | "created";
}

/** Why a plan is refused: nothing in the scope, a rate would break the floor, or the rules changed since the preview. */
export interface PlanRefusal {
  reason: "empty" | "floor" | "stale";
  message: string;
}

const RULE_LOCATIVE_FORMS = ["taisyklėje", "taisyklėse", "taisyklių"] as const;

/** The apply's refusal when some new rates would break the floor. */
export function floorRefusalMessage(rules: number, floor: number): string {
  return (
    `Paros kaina turi būti ne mažesnė kaip ${formatMoney(effectiveFloor(floor))}, o po šio pakeitimo ` +
    `būtų mažesnė ${formatCount(rules, RULE_LOCATIVE_FORMS)}. Pakeiskite pokytį arba sritį.`
  );
}

const sameFingerprint = (a: Record<string, string | null>, b: Record<string, string | null>): boolean => {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key in b && (a[key] ?? null) === (b[key] ?? null));
};

/** null when the plan may be written: it covers some rule and is exactly what the preview showed. */
export function planRefusal(
  plan: readonly PlannedRule[],
  expected: Record<string, string | null>,
  floor?: number,
): PlanRefusal | null {
  if (plan.length === 0) return { reason: "empty", message: EMPTY_SCOPE_MESSAGE };
  const refused = refusedRules(plan);
  if (refused.length > 0)
    return { reason: "floor", message: floorRefusalMessage(refused.length, effectiveFloor(floor)) };
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
  undoOf: typeof doc.undoOf === "string" ? doc.undoOf : null,
  undoneBy: typeof doc.undoneBy === "string" ? doc.undoneBy : null,
});

// ---------- undo: the latest applied change that is not undone, all its rules at once ----------

export interface PriceUndoResult {
  /** the undo's own history entry */
  batchId: string;
  /** the change it undid */
  undoOf: string;
  restored: number;
  deleted: number;
}

export const UNDO_NOTHING_MESSAGE = "Nėra kainų pakeitimo, kurį būtų galima atšaukti.";
export const UNDO_NOT_LATEST_MESSAGE =
  "Atšaukti galima tik paskutinį neatšauktą kainų pakeitimą. Atnaujinkite puslapį ir bandykite dar kartą.";

const PRICE_RULE_FORMS = ["kainų taisyklė", "kainų taisyklės", "kainų taisyklių"] as const;

/** The undo's refusal when rules of the change were edited (or deleted) after it. */
export function undoChangedSinceMessage(rules: number): string {
  return (
    `Pakeitimo atšaukti negalima: po jo ${formatDone(rules, CHANGED_FEMININE_FORMS, PRICE_RULE_FORMS)}. ` +
    "Kainas pataisykite rankiniu būdu kainų sąraše."
  );
}

/** The change one undo step undoes: the newest entry that is neither an undo nor undone. */
export function undoTarget<T extends { undoOf: string | null; undoneBy: string | null }>(
  newestFirst: readonly T[],
): T | null {
  return newestFirst.find((entry) => entry.undoOf === null && entry.undoneBy === null) ?? null;
}

/** One rule of a stored change record (see changeLogRules). */
export interface LoggedRule {
  id: string | null;
  created: boolean;
  carId: string | null;
  category: Price["category"];
  season: Price["season"];
  before: PriceTier[];
  after: PriceTier[];
}

export function loggedRules(doc: Record<string, unknown>): LoggedRule[] {
  return Array.isArray(doc.rules) ? (doc.rules as LoggedRule[]) : [];
}

const sameTiers = (a: readonly PriceTier[] | undefined, b: readonly PriceTier[] | undefined): boolean =>
  Array.isArray(a) &&
  Array.isArray(b) &&
  a.length === b.length &&
  a.every(
    (tier, i) =>
      tier.fromDays === b[i]?.fromDays &&
      (tier.toDays ?? null) === (b[i]?.toDays ?? null) &&
      tier.dailyRate === b[i]?.dailyRate,
  );

const sameSeason = (a: Price["season"] | undefined, b: Price["season"] | undefined): boolean =>
  (a ?? null) === null || (b ?? null) === null
    ? (a ?? null) === (b ?? null)
    : a?.from === b?.from && a?.to === b?.to && (a?.name ?? null) === (b?.name ?? null);

/**
 * Whether a rule of the change is no longer as the change left it: deleted, or its owner,
 * season or tiers differ from what the change wrote. Such a rule is not restored blindly.
 */
export function ruleChangedSince(rule: LoggedRule, current: Partial<Price> | null): boolean {
  if (!rule.id || !current) return true;
  return (
    (current.carId ?? null) !== (rule.carId ?? null) ||
    (current.category ?? null) !== (rule.category ?? null) ||
    !sameSeason(current.season, rule.season) ||
    !sameTiers(current.tiers, rule.after)
  );
}

/** The undo's record in the history: the same change and scope, every rule back from after to before. */
export function undoLogRules(rules: readonly LoggedRule[]): LoggedRule[] {
  return rules.map((rule) => ({ ...rule, created: false, before: rule.after, after: rule.created ? [] : rule.before }));
}

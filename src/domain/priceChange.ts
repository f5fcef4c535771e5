// Bulk price change: which rules a scope covers and what their daily rates become. Pure code:
// the back-office's preview and the apply of both backends (server/services/priceUpdate.ts,
// functions/src/logic/priceUpdate.ts) share it, so what staff see is exactly what is written.
import { formatMoney, roundMoney } from "./format";
import { DEFAULT_MIN_DAILY_RATE, priceFloorErrors, priceFloorMessage } from "./priceFloor";
import type { Car, Price, PriceTier } from "./schemas";

type WithId<T> = T & { id: string };
type RuleRecord = WithId<Price> & { updatedAt?: string };

export const PRICE_STEPS = [0.01, 0.1, 0.5, 1] as const;

export interface PriceChange {
  kind: "percent" | "amount";
  /** +10 means +10 % or +10 €; negative lowers */
  value: number;
  /** round the new rate to a multiple of this many euros */
  step: (typeof PRICE_STEPS)[number];
}

/** "all", "year-round", "seasonal" or one season as "2026-06-01/2026-08-31". */
export type SeasonScope = string;

export interface PriceScope {
  /** null = every class */
  category: string | null;
  /** empty = every car of the scope; chosen cars without own prices get their own copy */
  carIds: string[];
  season: SeasonScope;
}

export function seasonKey(season: Price["season"]): string | null {
  return season ? `${season.from}/${season.to}` : null;
}

function seasonMatches(rule: Pick<Price, "season">, scope: SeasonScope): boolean {
  if (scope === "all") return true;
  if (scope === "year-round") return rule.season === null;
  if (scope === "seasonal") return rule.season !== null;
  return seasonKey(rule.season) === scope;
}

export function newRate(rate: number, change: PriceChange): number {
  const raw = change.kind === "percent" ? rate * (1 + change.value / 100) : rate + change.value;
  const stepCents = Math.round(change.step * 100);
  const cents = Math.round(roundMoney(raw) * 100);
  const rounded = (Math.round(cents / stepCents) * stepCents) / 100;
  return Math.max(0, roundMoney(rounded));
}

export function changedTiers(tiers: readonly PriceTier[], change: PriceChange): PriceTier[] {
  return tiers.map((tier) => ({ ...tier, dailyRate: newRate(tier.dailyRate, change) }));
}

/** One rule the change touches: an existing one (priceId) or a new car rule copied from its class. */
export interface PlannedRule {
  /** the price id, or "new:<carId>:<class rule id>" */
  key: string;
  priceId: string | null;
  /** the existing rule's updatedAt (stale-preview check); null for a new rule */
  updatedAt: string | null;
  carId: string | null;
  category: Price["category"];
  season: Price["season"];
  oldTiers: PriceTier[];
  newTiers: PriceTier[];
  /** for a new car rule: the class rule it copies */
  copiedFrom: string | null;
  /** false when a new car rule only copies a rule outside the scope unchanged (keeps its seasons) */
  changed: boolean;
  /** why this rule may not be written (its new tiers break the price floor); null when it may */
  refusal: string | null;
  /** the tiers that break the floor, keyed as the price form's paths ("tiers.0.dailyRate") */
  refusalErrors?: Record<string, string>;
  /** the floor the refusal is about */
  refusalFloor?: number;
}

/** Marks a planned rule whose new tiers break the floor (src/domain/priceFloor.ts). */
function withFloor(rule: Omit<PlannedRule, "refusal" | "refusalErrors" | "refusalFloor">, floor: number): PlannedRule {
  const errors = priceFloorErrors({ tiers: rule.newTiers }, floor);
  return Object.keys(errors).length > 0
    ? { ...rule, refusal: priceFloorMessage(floor), refusalErrors: errors, refusalFloor: floor }
    : { ...rule, refusal: null };
}

const existing = (rule: RuleRecord, change: PriceChange): Omit<PlannedRule, "refusal"> => ({
  key: rule.id,
  priceId: rule.id,
  updatedAt: rule.updatedAt ?? null,
  carId: rule.carId,
  category: rule.category,
  season: rule.season,
  oldTiers: rule.tiers,
  newTiers: changedTiers(rule.tiers, change),
  copiedFrom: null,
  changed: true,
});

/**
 * Every rule the change writes, in a stable order. Scope:
 * - chosen cars: each car's own rules; a car priced only by its class gets its own copies of
 *   all its class rules (seasons kept, so the car's prices elsewhere in the year stay as they
 *   were), with the change applied to the ones in the season scope;
 * - otherwise the class rules of the class and the own rules of its cars (or all rules).
 * A rule whose new tiers would break the price floor is marked with its refusal.
 */
export function planPriceUpdate(
  prices: readonly RuleRecord[],
  cars: readonly Pick<WithId<Car>, "id" | "category">[],
  scope: PriceScope,
  change: PriceChange,
  floor: number = DEFAULT_MIN_DAILY_RATE,
): PlannedRule[] {
  return planRules(prices, cars, scope, change).map((rule) => withFloor(rule, floor));
}

function planRules(
  prices: readonly RuleRecord[],
  cars: readonly Pick<WithId<Car>, "id" | "category">[],
  scope: PriceScope,
  change: PriceChange,
): Omit<PlannedRule, "refusal">[] {
  const carById = new Map(cars.map((car) => [car.id, car]));
  const planned: Omit<PlannedRule, "refusal">[] = [];
  if (scope.carIds.length > 0) {
    for (const carId of scope.carIds) {
      const car = carById.get(carId);
      if (!car) continue;
      const own = prices.filter((rule) => rule.carId === carId);
      if (own.length > 0) {
        for (const rule of own) if (seasonMatches(rule, scope.season)) planned.push(existing(rule, change));
        continue;
      }
      const classRules = prices.filter((rule) => rule.carId === null && rule.category === car.category);
      if (!classRules.some((rule) => seasonMatches(rule, scope.season))) continue;
      for (const rule of classRules) {
        const inScope = seasonMatches(rule, scope.season);
        planned.push({
          key: `new:${carId}:${rule.id}`,
          priceId: null,
          updatedAt: null,
          carId,
          category: null,
          season: rule.season,
          oldTiers: rule.tiers,
          newTiers: inScope ? changedTiers(rule.tiers, change) : rule.tiers,
          copiedFrom: rule.id,
          changed: inScope,
        });
      }
    }
    return planned;
  }
  for (const rule of prices) {
    if (!seasonMatches(rule, scope.season)) continue;
    if (scope.category !== null) {
      const category = rule.carId !== null ? carById.get(rule.carId)?.category : rule.category;
      if (category !== scope.category) continue;
    }
    planned.push(existing(rule, change));
  }
  return planned;
}

export interface PreviewRow {
  key: string;
  tierIndex: number;
  fromDays: number;
  toDays: number | null;
  oldRate: number;
  newRate: number;
}

/** The tiers whose rate the change touches, old and new side by side. */
export function previewRows(plan: readonly PlannedRule[]): PreviewRow[] {
  return plan
    .filter((rule) => rule.changed)
    .flatMap((rule) =>
      rule.oldTiers.map((tier, tierIndex) => ({
        key: rule.key,
        tierIndex,
        fromDays: tier.fromDays,
        toDays: tier.toDays,
        oldRate: tier.dailyRate,
        newRate: rule.newTiers[tierIndex]?.dailyRate ?? tier.dailyRate,
      })),
    );
}

/** The rules of a plan that may not be written (their new tiers break the floor). */
export const refusedRules = (plan: readonly PlannedRule[]): PlannedRule[] => plan.filter((rule) => rule.refusal);

/** "+5,00 €", "−20,00 €", "0,00 €": a change in euros with its sign. */
export function formatSignedMoney(amount: number): string {
  const rounded = roundMoney(amount);
  const sign = rounded > 0 ? "+" : rounded < 0 ? "−" : "";
  return `${sign}${formatMoney(Math.abs(rounded))}`;
}

export interface PlanSummary {
  /** rules written: changed ones and new car rules */
  rules: number;
  /** of those, new car rules */
  created: number;
  /** tiers whose rate changes */
  tiers: number;
  /** the change of a daily rate nearest to 0 and farthest from 0, in € (null when no rate changes) */
  smallest: number | null;
  largest: number | null;
}

/** What the confirmation dialog says about a plan. */
export function planSummary(plan: readonly PlannedRule[]): PlanSummary {
  const deltas = previewRows(plan).map((row) => roundMoney(row.newRate - row.oldRate));
  const bySize = [...deltas].sort((a, b) => Math.abs(a) - Math.abs(b) || a - b);
  return {
    rules: plan.length,
    created: plan.filter((rule) => rule.priceId === null).length,
    tiers: deltas.length,
    smallest: bySize[0] ?? null,
    largest: bySize[bySize.length - 1] ?? null,
  };
}

/** What the preview promised: each planned rule and the version it was computed from. */
export function planFingerprint(plan: readonly PlannedRule[]): Record<string, string | null> {
  return Object.fromEntries(plan.map((rule) => [rule.key, rule.updatedAt]));
}

/** The seasons the rules have, for the scope picker. */
export function seasonsOf(prices: readonly Pick<Price, "season">[]): { key: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const { season } of prices) {
    const key = seasonKey(season);
    if (season && key && !seen.has(key)) {
      seen.set(key, `${season.name ? `${season.name}: ` : ""}${season.from} – ${season.to}`);
    }
  }
  return [...seen.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, label]) => ({ key, label }));
}

// Bulk price change: which rules a scope covers and what their daily rates become.
import { roundMoney } from "../../domain/format";
import type { Car, Price } from "../../domain/schemas";

type WithId<T> = T & { id: string };

export interface PriceChange {
  kind: "percent" | "amount";
  /** +10 means +10 % or +10 €; negative lowers */
  value: number;
  /** round the new rate to a multiple of this many euros */
  step: 0.01 | 0.1 | 0.5 | 1;
}

export interface PriceScope {
  /** null = every class */
  category: string | null;
  /** empty = every car of the scope */
  carIds: string[];
  season: "all" | "year-round" | "seasonal";
}

export function newRate(rate: number, change: PriceChange): number {
  const raw = change.kind === "percent" ? rate * (1 + change.value / 100) : rate + change.value;
  const stepCents = Math.round(change.step * 100);
  const cents = Math.round(roundMoney(raw) * 100);
  const rounded = (Math.round(cents / stepCents) * stepCents) / 100;
  return Math.max(0, roundMoney(rounded));
}

/** Rules the scope covers: a class rule of that class, or a car rule of a car in it / chosen. */
export function rulesInScope(prices: WithId<Price>[], cars: WithId<Car>[], scope: PriceScope): WithId<Price>[] {
  const carById = new Map(cars.map((car) => [car.id, car]));
  return prices.filter((price) => {
    if (scope.season === "year-round" && price.season !== null) return false;
    if (scope.season === "seasonal" && price.season === null) return false;
    if (scope.carIds.length > 0) return price.carId !== null && scope.carIds.includes(price.carId);
    if (scope.category === null) return true;
    if (price.category !== null) return price.category === scope.category;
    return price.carId !== null && carById.get(price.carId)?.category === scope.category;
  });
}

export interface PreviewRow {
  priceId: string;
  tierIndex: number;
  fromDays: number;
  toDays: number | null;
  oldRate: number;
  newRate: number;
}

export function previewRows(rules: WithId<Price>[], change: PriceChange): PreviewRow[] {
  return rules.flatMap((rule) =>
    rule.tiers.map((tier, tierIndex) => ({
      priceId: rule.id,
      tierIndex,
      fromDays: tier.fromDays,
      toDays: tier.toDays,
      oldRate: tier.dailyRate,
      newRate: newRate(tier.dailyRate, change),
    })),
  );
}

export function applyChange(rule: Price, change: PriceChange): Price {
  return { ...rule, tiers: rule.tiers.map((tier) => ({ ...tier, dailyRate: newRate(tier.dailyRate, change) })) };
}

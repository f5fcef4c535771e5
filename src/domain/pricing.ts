// The price of a rental. One function, used by the site (display), the server
// (the price that is stored) and the Firebase function: never two sums.
// All arithmetic is in integer cents; euros come out with 2 decimals.
import type { Extra, Offer, Price, PriceTier, Quote } from "./schemas";
import { addDaysToDateString, toDate, vilniusDateString, vilniusWallClockMs } from "./time";

type Identified<T> = T & { id: string };

/** Lithuanian message; `field` names the input that caused it, for field errors. */
export class QuoteError extends Error {
  readonly field: string | null;
  constructor(message: string, field: string | null = null) {
    super(message);
    this.name = "QuoteError";
    this.field = field;
  }
}

export const QUOTE_ERRORS = {
  badDate: "Neteisinga data ir laikas",
  returnNotAfterPickup: "Grąžinimo laikas turi būti vėlesnis nei paėmimo",
  noPrice: "Šiam automobiliui nenustatyta kaina",
  badQuantity: "Neteisingas paslaugos kiekis",
} as const;

export interface QuoteCar {
  id: string;
  category: string;
  deposit: number;
}

export interface QuoteInput {
  car: QuoteCar;
  prices: Identified<Price>[];
  pickupAt: string | Date;
  returnAt: string | Date;
  extras?: { extra: Identified<Extra>; quantity: number }[];
  /** any Location; only the delivery fee matters here */
  pickupLocation?: { deliveryFee?: number | null } | null;
  returnLocation?: { deliveryFee?: number | null } | null;
  offers?: Identified<Offer>[];
  /** `maxDays`: the longest bookable rental; the best-price rule looks no further (absent: no limit) */
  rules: { graceMinutes: number; vatRate: number; maxDays?: number };
  /** bringing the car from another place to the pickup (src/domain/carLocation.ts); 0 or absent: none */
  transferFee?: number;
}

const MINUTES_PER_DAY = 1440;

export const toCents = (euros: number): number => Math.round(Number((euros * 100).toFixed(6)));
export const fromCents = (cents: number): number => Math.round(cents) / 100;

function instant(value: string | Date, field: string): Date {
  try {
    return toDate(value);
  } catch {
    throw new QuoteError(QUOTE_ERRORS.badDate, field);
  }
}

/**
 * Charged days: one per started 24 h of Vilnius wall-clock time, so 10:00 to
 * 10:00 the next day is one day even across a DST change. A started day is free
 * while it is no longer than `graceMinutes`. At least 1.
 */
export function rentalDays(pickupAt: string | Date, returnAt: string | Date, graceMinutes: number): number {
  const pickup = instant(pickupAt, "pickupAt");
  const ret = instant(returnAt, "returnAt");
  if (ret.getTime() <= pickup.getTime()) throw new QuoteError(QUOTE_ERRORS.returnNotAfterPickup, "returnAt");
  // In the autumn overlap the wall clock can run backwards; never count below zero.
  const minutes = Math.max(0, (vilniusWallClockMs(ret) - vilniusWallClockMs(pickup)) / 60_000);
  let days = Math.floor(minutes / MINUTES_PER_DAY);
  const remainder = minutes - days * MINUTES_PER_DAY;
  if (remainder > Math.max(0, graceMinutes)) days += 1;
  return Math.max(1, days);
}

const isCarRule = (car: Pick<QuoteCar, "id">, rule: Pick<Price, "carId">) => !!rule.carId && rule.carId === car.id;
const isCategoryRule = (car: Pick<QuoteCar, "category">, rule: Pick<Price, "carId" | "category">) =>
  !rule.carId && !!rule.category && rule.category === car.category;
const covers = (rule: Pick<Price, "season">, date: string) =>
  !!rule.season && rule.season.from <= date && date <= rule.season.to;
const seasonLength = (rule: Pick<Price, "season">) =>
  rule.season ? Date.parse(rule.season.to) - Date.parse(rule.season.from) : Number.POSITIVE_INFINITY;

/** Of several seasons covering a day the narrowest is the most specific; ties keep list order. */
function narrowest<T extends Pick<Price, "season">>(rules: T[]): T | undefined {
  let best: T | undefined;
  for (const rule of rules) if (!best || seasonLength(rule) < seasonLength(best)) best = rule;
  return best;
}

/**
 * The price rule in force for a car on a Vilnius calendar date ("YYYY-MM-DD"):
 * the car's seasonal rule, else the car's base rule, else the category's seasonal
 * rule, else the category's base rule; null when none applies.
 */
export function selectPriceRule<T extends Pick<Price, "carId" | "category" | "season">>(
  car: Pick<QuoteCar, "id" | "category">,
  prices: readonly T[],
  date: string,
): T | null {
  const own = prices.filter((rule) => isCarRule(car, rule));
  const category = prices.filter((rule) => isCategoryRule(car, rule));
  return (
    narrowest(own.filter((rule) => covers(rule, date))) ??
    own.find((rule) => !rule.season) ??
    narrowest(category.filter((rule) => covers(rule, date))) ??
    category.find((rule) => !rule.season) ??
    null
  );
}

const sortTiers = (tiers: readonly PriceTier[]) => [...tiers].sort((a, b) => a.fromDays - b.fromDays);

/**
 * The tier for a rental of `days`. When the tiers stop short of it (last tier
 * 4-7 for a 10-day rental) the longest tier goes on applying.
 */
export function tierForDays(tiers: readonly PriceTier[], days: number): PriceTier | null {
  const sorted = sortTiers(tiers);
  const exact = sorted.find((t) => t.fromDays <= days && (t.toDays === null || days <= t.toDays));
  if (exact) return exact;
  const below = sorted.filter((t) => t.fromDays <= days);
  return below[below.length - 1] ?? sorted[0] ?? null;
}

/** The tiers in force for a car on a date (default: today in Vilnius), shortest first; [] without a price. */
export function tiersForCar(
  car: Pick<QuoteCar, "id" | "category">,
  prices: readonly Pick<Price, "carId" | "category" | "season" | "tiers">[],
  on: Date = new Date(),
): PriceTier[] {
  const rule = selectPriceRule(car, prices, vilniusDateString(on));
  return rule ? sortTiers(rule.tiers) : [];
}

/** "nuo X €/parai": the lowest daily rate of the car's base (non-seasonal) price, or null. */
export function priceFromForCar(
  car: Pick<QuoteCar, "id" | "category">,
  prices: readonly Pick<Price, "carId" | "category" | "season" | "tiers">[],
): number | null {
  const base = (rules: typeof prices) => rules.filter((rule) => !rule.season);
  const own = base(prices.filter((rule) => isCarRule(car, rule)));
  const rules = own.length > 0 ? own : base(prices.filter((rule) => isCategoryRule(car, rule)));
  const rates = rules.flatMap((rule) => rule.tiers.map((tier) => toCents(tier.dailyRate)));
  return rates.length > 0 ? fromCents(Math.min(...rates)) : null;
}

function offerDiscountCents(offer: Pick<Offer, "discount">, baseCents: number): number {
  const discount = offer.discount;
  if (!discount) return 0;
  if (discount.type === "percent") return Math.min(baseCents, Math.round((baseCents * discount.value) / 100));
  return Math.min(baseCents, toCents(discount.value));
}

/** Offers open to this rental: active, valid on the pickup's Vilnius date, for this car, long enough. */
export function eligibleOffers<
  T extends Pick<Offer, "active" | "validFrom" | "validTo" | "carIds" | "minDays" | "discount">,
>(offers: readonly T[], carId: string, pickupDate: string, days: number): T[] {
  return offers.filter(
    (offer) =>
      offer.active !== false &&
      !!offer.discount &&
      offer.validFrom <= pickupDate &&
      pickupDate <= offer.validTo &&
      (!offer.carIds || offer.carIds.length === 0 || offer.carIds.includes(carId)) &&
      days >= (offer.minDays ?? 1),
  );
}

/** The car's own price for a rental of `days` from the pickup date, before any offer: each day at the tier `days` earns. */
function baseCentsFor(car: QuoteCar, prices: readonly Identified<Price>[], pickupDate: string, days: number): number {
  let cents = 0;
  for (let i = 0; i < days; i++) {
    const rule = selectPriceRule(car, prices, addDaysToDateString(pickupDate, i));
    const tier = rule ? tierForDays(rule.tiers, days) : null;
    if (!tier) throw new QuoteError(QUOTE_ERRORS.noPrice, "carId");
    cents += toCents(tier.dailyRate);
  }
  return cents;
}

function baseCentsOrNull(car: QuoteCar, prices: readonly Identified<Price>[], pickupDate: string, days: number) {
  try {
    return baseCentsFor(car, prices, pickupDate, days);
  } catch (error) {
    if (error instanceof QuoteError) return null;
    throw error;
  }
}

interface RentalCharge {
  baseCents: number;
  discountCents: number;
  offerId: string | null;
}

/** Of the offers open to a rental of `days`, the one giving the largest discount on `baseCents`; ties keep list order. */
function bestOffer(
  offers: readonly Identified<Offer>[],
  carId: string,
  pickupDate: string,
  days: number,
  baseCents: number,
): Pick<RentalCharge, "discountCents" | "offerId"> {
  let discountCents = 0;
  let offerId: string | null = null;
  for (const offer of eligibleOffers(offers, carId, pickupDate, days)) {
    const cents = offerDiscountCents(offer, baseCents);
    if (cents > discountCents) {
      discountCents = cents;
      offerId = offer.id;
    }
  }
  return { discountCents, offerId };
}

/**
 * Best-price rule: a rental never costs more than a longer one of the same car from the same
 * pickup (29 days never above 30). Within one tier and one set of offers a longer rental only
 * adds days, so the cheapest longer rental starts where a tier or an offer does: those lengths
 * (and `days` itself) are the only ones to price. The rental's base becomes the lowest base of
 * any length ≥ `days`; an offer a longer rental would earn is then granted as its discount.
 */
function rentalCharge(input: QuoteInput, pickupDate: string, days: number): RentalCharge {
  const { car, prices } = input;
  const offers = input.offers ?? [];
  const maxDays = input.rules.maxDays ?? Number.POSITIVE_INFINITY;
  const lengths = new Set([days]);
  for (const rule of prices) {
    if (!isCarRule(car, rule) && !isCategoryRule(car, rule)) continue;
    for (const tier of rule.tiers) if (tier.fromDays > days && tier.fromDays <= maxDays) lengths.add(tier.fromDays);
  }
  for (const offer of offers) {
    const from = offer.minDays ?? 1;
    if (from > days && from <= maxDays) lengths.add(from);
  }
  const ownBase = baseCentsFor(car, prices, pickupDate, days);
  // A longer rental the price list cannot price (a season ends without a base price) is no comparison.
  const sorted: number[] = [];
  const raw: number[] = [];
  for (const n of [...lengths].sort((a, b) => a - b)) {
    const cents = n === days ? ownBase : baseCentsOrNull(car, prices, pickupDate, n);
    if (cents === null) continue;
    sorted.push(n);
    raw.push(cents);
  }
  // Longest first: each length's base is the lowest of its own and every longer one's.
  const capped = [...raw];
  for (let i = capped.length - 2; i >= 0; i--) capped[i] = Math.min(capped[i] as number, capped[i + 1] as number);
  let best: RentalCharge | null = null;
  for (let i = capped.length - 1; i >= 0; i--) {
    const baseCents = capped[i] as number;
    const offer = bestOffer(offers, car.id, pickupDate, sorted[i] as number, baseCents);
    const net = baseCents - offer.discountCents;
    if (!best || net <= best.baseCents - best.discountCents) best = { baseCents, ...offer };
  }
  const baseCents = capped[0] as number;
  const own = bestOffer(offers, car.id, pickupDate, days, baseCents);
  const bestNet = (best as RentalCharge).baseCents - (best as RentalCharge).discountCents;
  if (baseCents - own.discountCents <= bestNet) return { baseCents, ...own };
  return { baseCents, discountCents: baseCents - bestNet, offerId: (best as RentalCharge).offerId };
}

export function calculateQuote(input: QuoteInput): Quote {
  const { car, rules } = input;
  const pickup = instant(input.pickupAt, "pickupAt");
  const ret = instant(input.returnAt, "returnAt");
  const days = rentalDays(pickup, ret, rules.graceMinutes);
  const pickupDate = vilniusDateString(pickup);

  // Base: each rental day priced by the rule in force on its Vilnius date, at the tier the whole
  // rental length earns, no more than a longer rental's (the best-price rule).
  const { baseCents, discountCents, offerId } = rentalCharge(input, pickupDate, days);

  // Extras: the same extra listed twice counts once with the summed quantity.
  const merged = new Map<string, { extra: Identified<Extra>; quantity: number }>();
  for (const item of input.extras ?? []) {
    if (!Number.isInteger(item.quantity) || item.quantity < 0) throw new QuoteError(QUOTE_ERRORS.badQuantity, "extras");
    if (item.quantity === 0) continue;
    const seen = merged.get(item.extra.id);
    merged.set(item.extra.id, { extra: item.extra, quantity: (seen?.quantity ?? 0) + item.quantity });
  }
  const extrasLines: Quote["extrasLines"] = [];
  let extrasCents = 0;
  for (const { extra, quantity } of merged.values()) {
    const maxQuantity = extra.maxQuantity ?? 1;
    if (quantity > maxQuantity) {
      throw new QuoteError(`Paslaugos „${extra.name}“ galima užsakyti ne daugiau kaip ${maxQuantity}`, "extras");
    }
    const unitCents = toCents(extra.price);
    let amountCents = extra.chargedPer === "day" ? unitCents * quantity * days : unitCents * quantity;
    if (extra.chargedPer === "day" && extra.maxPrice !== null && extra.maxPrice !== undefined) {
      amountCents = Math.min(amountCents, toCents(extra.maxPrice) * quantity);
    }
    extrasCents += amountCents;
    extrasLines.push({
      extraId: extra.id,
      name: extra.name,
      quantity,
      unitPrice: fromCents(unitCents),
      chargedPer: extra.chargedPer,
      amount: fromCents(amountCents),
    });
  }

  const deliveryCents =
    toCents(input.pickupLocation?.deliveryFee ?? 0) + toCents(input.returnLocation?.deliveryFee ?? 0);

  const transferCents = toCents(Math.max(0, input.transferFee ?? 0));

  const totalCents = baseCents + extrasCents + deliveryCents + transferCents - discountCents;
  // Prices include VAT: split it out of the total.
  const vatCents = Math.round(totalCents - totalCents / (1 + rules.vatRate));

  return {
    days,
    dailyRate: fromCents(Math.round(baseCents / days)),
    // The rental's own price per day (after the discount): one-off fees and extras are not a day's price.
    perDay: fromCents(Math.round((baseCents - discountCents) / days)),
    base: fromCents(baseCents),
    extras: fromCents(extrasCents),
    extrasLines,
    delivery: fromCents(deliveryCents),
    ...(transferCents > 0 ? { transfer: fromCents(transferCents) } : {}),
    discount: fromCents(discountCents),
    offerId,
    total: fromCents(totalCents),
    vat: fromCents(vatCents),
    net: fromCents(totalCents - vatCents),
    vatRate: rules.vatRate,
    deposit: fromCents(toCents(car.deposit)),
    currency: "EUR",
  };
}

/**
 * A longer rental's price when staff extend it: what was agreed stays agreed (also a price kept
 * through a car swap, or quoted before a tariff change), and the added days cost what the tariff
 * adds for them today: `after` − `before`, both quoted now for the car the customer has.
 */
export function extendQuote(agreed: Quote, before: Quote, after: Quote): Quote {
  const added = (agreedValue: number, beforeValue: number, afterValue: number): number =>
    fromCents(toCents(agreedValue) + toCents(afterValue) - toCents(beforeValue));
  const base = added(agreed.base, before.base, after.base);
  const discount = Math.max(0, added(agreed.discount, before.discount, after.discount));
  const extrasLines = after.extrasLines.map((line) => {
    const had = agreed.extrasLines.find((l) => l.extraId === line.extraId);
    const was = before.extrasLines.find((l) => l.extraId === line.extraId);
    return had && was ? { ...had, amount: added(had.amount, was.amount, line.amount) } : line;
  });
  const extrasCents = extrasLines.reduce((sum, line) => sum + toCents(line.amount), 0);
  const totalCents =
    toCents(base) + extrasCents + toCents(agreed.delivery) + toCents(agreed.transfer ?? 0) - toCents(discount);
  const vatCents = Math.round(totalCents - totalCents / (1 + agreed.vatRate));
  return {
    ...agreed,
    days: after.days,
    dailyRate: fromCents(Math.round(toCents(base) / after.days)),
    perDay: fromCents(Math.round((toCents(base) - toCents(discount)) / after.days)),
    base,
    extras: fromCents(extrasCents),
    extrasLines,
    discount,
    total: fromCents(totalCents),
    vat: fromCents(vatCents),
    net: fromCents(totalCents - vatCents),
  };
}

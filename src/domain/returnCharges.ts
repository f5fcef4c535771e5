// The return charges of the rental desk (grąžinimas): kilometres over the car's limit, missing
// fuel, a late return, cleaning and damage, each with its rule in words and the numbers, and
// what happens to the deposit. Pure rules, the same for the desk's live preview and the stored
// return act on every backend. Only an admin may change a computed amount, and says why.
import { z } from "zod";
import { excessOf, settleDeposit } from "./deposits";
import { formatCount, formatDays, formatMoney, formatNumber, roundMoney } from "./format";
import { fuelLevelText } from "./fuel";
import { fuelReading, mileageReading, signatureInputSchema } from "./handoverChecks";
import { parseFields } from "./input";
import {
  CHARGE_KINDS,
  type Charge,
  type ChargeKind,
  damageMarkSchema,
  FUEL_LEVELS,
  isoDateTime,
  money,
  privateFile,
  STATUS_REASON_MAX,
} from "./schemas";
import { mileageLimitFor, type Tariff } from "./tariff";
import { DAY_MS } from "./time";

export type FuelLevel = (typeof FUEL_LEVELS)[number];

export const OVERRIDE_ADMIN_ONLY = "Apskaičiuotas sumas keisti gali tik administratorius";
export const OVERRIDE_REASON_REQUIRED = "Nurodykite, kodėl suma keičiama";
export const CHARGE_LABELS: Record<ChargeKind, string> = {
  mileage: "Viršyta rida",
  fuel: "Trūkstami degalai",
  late: "Vėlavimas grąžinti",
  cleaning: "Valymas",
  smoking: "Rūkymas automobilyje",
  damage: "Pažeidimai",
};

const overrideSchema = z
  .object({
    kind: z.enum(CHARGE_KINDS, { error: "Neteisinga mokesčio rūšis" }),
    amount: money,
    reason: z
      .string({ error: OVERRIDE_REASON_REQUIRED })
      .trim()
      .min(1, { error: OVERRIDE_REASON_REQUIRED })
      .max(STATUS_REASON_MAX, { error: `Ne daugiau kaip ${STATUS_REASON_MAX} simbolių` }),
  })
  .strict();
export type ChargeOverride = z.infer<typeof overrideSchema>;

const returnReadings = {
  mileage: mileageReading,
  fuel: fuelReading,
  returnedAt: isoDateTime,
  damages: z.array(damageMarkSchema).max(50).default([]),
  photos: z.array(privateFile).max(30).default([]),
  /** staff ticked "needs cleaning" */
  cleaning: z.boolean({ error: "Turi būti taip arba ne" }).default(false),
  /** staff found the car was smoked in */
  smoking: z.boolean({ error: "Turi būti taip arba ne" }).default(false),
  /** what staff charge for the new damages (capped at the car's excess unless an admin raises it) */
  damageAmount: money.default(0),
  overrides: z
    .array(overrideSchema)
    .max(CHARGE_KINDS.length)
    .default([])
    .refine((list) => new Set(list.map((o) => o.kind)).size === list.length, {
      error: "Kiekvieną mokestį galima pakeisti tik kartą",
    }),
  version: z.number().int().min(0).optional(),
};

/** POST …/return/preview: the readings being typed (no signature yet). */
export const returnPreviewSchema = z.object({ ...returnReadings, signature: signatureInputSchema.optional() }).strict();
/** POST …/return: the readings, the charges' overrides and the customer's signature. */
export const returnInputSchema = z.object({ ...returnReadings, signature: signatureInputSchema }).strict();
export type ReturnPreviewInput = z.infer<typeof returnPreviewSchema>;
export type ReturnInput = z.infer<typeof returnInputSchema>;

export const readReturnPreview = (body: unknown): ReturnPreviewInput => parseFields(returnPreviewSchema, body);
export const readReturnInput = (body: unknown): ReturnInput => parseFields(returnInputSchema, body);

/** The return's odometer may not read below the hand-over's. */
export function returnMileageErrors(mileage: number, handoverMileage: number): Record<string, string> {
  if (mileage >= handoverMileage) return {};
  return { mileage: `Grąžinimo rida negali būti mažesnė nei išdavimo (${formatNumber(handoverMileage, 0)} km)` };
}

export interface ReturnChargeContext {
  /** excess: the most the customer pays for damage (null or absent: the deposit) */
  car: { mileageLimitPerDay: number | null; deposit: number; excess?: number | null };
  /** the deposit the ledger holds at the return (0 when none was taken) */
  depositHeld: number;
  reservation: { returnAt: string; quote?: { days: number; dailyRate: number } | undefined };
  handover: { mileage: number; fuel: FuelLevel };
  /** the tariff (settings.tariff): the same numbers the terms and the agreement print */
  rates: Tariff;
  graceMinutes: number;
  /**
   * The cars swapped away during the rental (src/domain/rentalChanges.ts earlierUse): their
   * kilometres count towards the limit, their missing fuel is charged with the last car's.
   */
  earlier?: { km: number; missingQuarters: number; cars: number };
}

export interface ReturnReadings {
  mileage: number;
  fuel: FuelLevel;
  returnedAt: string;
  cleaning: boolean;
  /** absent (an older act): not smoked in */
  smoking?: boolean;
  damageAmount: number;
  overrides: ChargeOverride[];
}

export interface ReturnCharges {
  charges: Charge[];
  total: number;
  deposit: { held: number; retained: number; refunded: number };
  /** the charges the deposit does not cover */
  due: number;
}

const KM_FORMS = ["km", "km", "km"] as const;
const QUARTER_FORMS = ["bako ketvirtis", "bako ketvirčiai", "bako ketvirčių"] as const;
const km = (n: number): string => `${formatNumber(n, 0)} km`;

/** "Nuvažiuota 620 km" or, after a swap, "nuvažiuota 620 km (iš jų 180 km ankstesniu automobiliu)". */
function drivenText(total: number, earlier: ReturnChargeContext["earlier"]): string {
  if (!earlier || earlier.cars === 0) return km(total);
  return `${km(total)} (iš jų ${km(earlier.km)} ${earlier.cars === 1 ? "ankstesniu automobiliu" : "ankstesniais automobiliais"})`;
}

function mileageCharge(ctx: ReturnChargeContext, readings: ReturnReadings) {
  const driven = Math.max(0, readings.mileage - ctx.handover.mileage) + (ctx.earlier?.km ?? 0);
  const drove = drivenText(driven, ctx.earlier);
  const limitPerDay = ctx.car.mileageLimitPerDay;
  const days = ctx.reservation.quote?.days ?? 1;
  const limit = mileageLimitFor(ctx.rates, limitPerDay, days);
  if (limitPerDay === null || limit === null) {
    const unlimited = limitPerDay === null ? "Rida neribojama" : `Rida neribojama nuo ${formatDays(days)} nuomos`;
    return { computed: 0, rule: `${unlimited} (nuvažiuota ${drove})` };
  }
  const over = Math.max(0, driven - limit);
  const limitText = `${km(limit)} (${km(limitPerDay)} × ${formatDays(days)})`;
  if (over === 0) return { computed: 0, rule: `Rida neviršyta: nuvažiuota ${drove} iš ${limitText}` };
  const earlierNote = ctx.earlier && ctx.earlier.cars > 0 ? `; nuvažiuota ${drove}` : "";
  return {
    computed: roundMoney(over * ctx.rates.extraKmRate),
    rule: `${formatCount(over, KM_FORMS)} virš ${limitText} × ${formatMoney(ctx.rates.extraKmRate)}/km${earlierNote}`,
  };
}

function fuelCharge(ctx: ReturnChargeContext, readings: ReturnReadings) {
  const out = FUEL_LEVELS.indexOf(ctx.handover.fuel);
  const back = FUEL_LEVELS.indexOf(readings.fuel);
  const earlierMissing = ctx.earlier?.missingQuarters ?? 0;
  const missing = Math.max(0, out - back) + earlierMissing;
  const levels = `išduota ${fuelLevelText(ctx.handover.fuel)}, grąžinta ${fuelLevelText(readings.fuel)}${
    earlierMissing > 0 ? `; ankstesniu automobiliu trūko ${formatCount(earlierMissing, QUARTER_FORMS)}` : ""
  }`;
  if (missing === 0) return { computed: 0, rule: `Degalų netrūksta (${levels})` };
  const service = ctx.rates.fuelServiceFee;
  return {
    computed: roundMoney(missing * ctx.rates.fuelPerQuarter + service),
    rule: `Trūksta: ${formatCount(missing, QUARTER_FORMS)} × ${formatMoney(ctx.rates.fuelPerQuarter)}${
      service > 0 ? ` + pildymo paslauga ${formatMoney(service)}` : ""
    } (${levels})`,
  };
}

/** "2 val. 15 min." */
function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min.`;
  return rest === 0 ? `${formatNumber(hours, 0)} val.` : `${formatNumber(hours, 0)} val. ${rest} min.`;
}

function lateCharge(ctx: ReturnChargeContext, readings: ReturnReadings) {
  const lateMs = Date.parse(readings.returnedAt) - Date.parse(ctx.reservation.returnAt);
  const graceMs = ctx.graceMinutes * 60_000;
  if (lateMs <= graceMs) {
    return {
      computed: 0,
      rule:
        lateMs > 0
          ? `Grąžinta laiku: vėluota ${formatDuration(lateMs)}, leidžiama ${ctx.graceMinutes} min.`
          : "Grąžinta laiku",
    };
  }
  const days = Math.ceil(lateMs / DAY_MS);
  const rate = ctx.reservation.quote?.dailyRate ?? 0;
  const fee = ctx.rates.lateReturnFee;
  return {
    computed: roundMoney(days * rate + fee),
    rule: `Vėluota ${formatDuration(lateMs)} (leidžiama ${ctx.graceMinutes} min.): ${formatDays(days)} × ${formatMoney(rate)}${
      fee > 0 ? ` + vėlavimo mokestis ${formatMoney(fee)}` : ""
    }`,
  };
}

function cleaningCharge(ctx: ReturnChargeContext, readings: ReturnReadings) {
  return readings.cleaning
    ? { computed: roundMoney(ctx.rates.cleaningFee), rule: `Reikia valymo: ${formatMoney(ctx.rates.cleaningFee)}` }
    : { computed: 0, rule: "Valymo nereikia" };
}

function smokingCharge(ctx: ReturnChargeContext, readings: ReturnReadings) {
  return readings.smoking
    ? { computed: roundMoney(ctx.rates.smokingFee), rule: `Rūkyta automobilyje: ${formatMoney(ctx.rates.smokingFee)}` }
    : { computed: 0, rule: "Nerūkyta" };
}

function damageCharge(ctx: ReturnChargeContext, readings: ReturnReadings) {
  const entered = roundMoney(readings.damageAmount);
  if (entered === 0) return { computed: 0, rule: "Naujų pažeidimų mokestis neįvestas" };
  const cap = excessOf(ctx.car);
  if (entered > cap) {
    return {
      computed: cap,
      rule: `Nauji pažeidimai įvertinti ${formatMoney(entered)}; nuomininkas atlygina ne daugiau nei savarankišką riziką (franšizę) ${formatMoney(cap)}`,
    };
  }
  return {
    computed: entered,
    rule: `Nauji pažeidimai: ${formatMoney(entered)} (ne daugiau nei savarankiška rizika (franšizė) ${formatMoney(cap)})`,
  };
}

const RULES: Record<
  ChargeKind,
  (ctx: ReturnChargeContext, readings: ReturnReadings) => { computed: number; rule: string }
> = {
  mileage: mileageCharge,
  fuel: fuelCharge,
  late: lateCharge,
  cleaning: cleaningCharge,
  smoking: smokingCharge,
  damage: damageCharge,
};

/**
 * The charges of a return, each as its rule computed it and as charged (an admin's override,
 * with its reason), their total, and the deposit: held = what the ledger holds (none taken: 0),
 * retained = what it covers of the total (applied), refunded = the rest (released). Overrides by anyone but an admin: refused (403 for
 * the adapters: `forbidden` is true).
 */
export function computeReturnCharges(
  ctx: ReturnChargeContext,
  readings: ReturnReadings,
  role: "staff" | "admin",
): ReturnCharges {
  const overrides = new Map(readings.overrides.map((o) => [o.kind, o]));
  const changed = readings.overrides.filter((o) => {
    const computed = RULES[o.kind](ctx, readings).computed;
    return roundMoney(o.amount) !== computed;
  });
  if (changed.length > 0 && role !== "admin") throw new OverrideForbiddenError();
  const charges: Charge[] = CHARGE_KINDS.map((kind) => {
    const { computed, rule } = RULES[kind](ctx, readings);
    const override = overrides.get(kind);
    const overridden = override !== undefined && roundMoney(override.amount) !== computed;
    return {
      kind,
      amount: overridden ? roundMoney(override.amount) : computed,
      rule,
      computed,
      overrideReason: overridden ? override.reason : "",
    };
  });
  const total = roundMoney(charges.reduce((sum, charge) => sum + charge.amount, 0));
  const deposit = settleDeposit(ctx.depositHeld, total);
  return { charges, total, deposit, due: roundMoney(total - deposit.retained) };
}

/** An override by someone who is not an admin. */
export class OverrideForbiddenError extends Error {
  constructor() {
    super(OVERRIDE_ADMIN_ONLY);
    this.name = "OverrideForbiddenError";
  }
}

/** A charge's line for the act and the e-mail: "Viršyta rida: 24,00 € – 120 km virš …". */
export function chargeLine(charge: Charge): string {
  const reason = charge.overrideReason
    ? ` (pakeista iš ${formatMoney(charge.computed)}: ${charge.overrideReason})`
    : "";
  return `${CHARGE_LABELS[charge.kind]}: ${formatMoney(charge.amount)} – ${charge.rule}${reason}`;
}

// The tariff (settings.tariff): every fee and rule a customer is bound by, in one place. The
// terms page, the agreement, the quote, the counter's return charges, "Mano rezervacija" and the
// e-mails all read it (src/domain/tariffText.ts renders it as text). Numbers kept elsewhere stay
// there and are rendered from there: the grace period (settings.bookingRules.graceMinutes), the
// free cancellation window (settings.portal.freeCancellationHours), the transfer fee
// (settings.transfers), the places' delivery fees, the extras' prices and each car's deposit,
// excess and km limit. An older document without a tariff reads the rates the counter used
// (settings.desk) over the defaults.
import { z } from "zod";
import { TARIFF_DEFAULTS } from "./tariffDefaults";
import { numberTypeError } from "./zodLocale";

const fee = z
  .number({ error: numberTypeError })
  .min(0, { error: "Suma negali būti neigiama" })
  .max(100_000, { error: "Per didelė suma" })
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), {
    error: "Suma gali turėti ne daugiau kaip 2 skaitmenis po kablelio",
  });
const age = z
  .number({ error: numberTypeError })
  .int({ error: "Turi būti sveikas skaičius" })
  .min(16, { error: "Turi būti ne mažiau kaip 16 m." })
  .max(99, { error: "Turi būti ne daugiau kaip 99 m." });

export { RULE_FEE_KINDS, type RuleFeeKind, TARIFF_DEFAULTS } from "./tariffDefaults";

export const tariffSchema = z
  .object({
    /** € per kilometre over the car's limit (the car's km/day × the rental's days) */
    extraKmRate: fee.default(TARIFF_DEFAULTS.extraKmRate),
    /** € per missing quarter of the tank, compared with the hand-over */
    fuelPerQuarter: fee.default(TARIFF_DEFAULTS.fuelPerQuarter),
    /** € once, when fuel is missing at all (the refuelling service) */
    fuelServiceFee: fee.default(TARIFF_DEFAULTS.fuelServiceFee),
    /** € when the car comes back needing cleaning */
    cleaningFee: fee.default(TARIFF_DEFAULTS.cleaningFee),
    /** € when the car was smoked in */
    smokingFee: fee.default(TARIFF_DEFAULTS.smokingFee),
    /** € once for a return later than the grace period, on top of the started days at the daily rate */
    lateReturnFee: fee.default(TARIFF_DEFAULTS.lateReturnFee),
    /** the youngest driver any car is rented to (a car may ask more: car.minDriverAge) */
    minDriverAge: age.default(TARIFF_DEFAULTS.minDriverAge),
    /** a driver younger than this pays the young driver's fee */
    youngDriverUnderAge: age.default(TARIFF_DEFAULTS.youngDriverUnderAge),
    /** € per rental day for a young driver */
    youngDriverPerDay: fee.default(TARIFF_DEFAULTS.youngDriverPerDay),
    /** € once when the customer travels abroad */
    abroadFee: fee.default(TARIFF_DEFAULTS.abroadFee),
    /** € added to the car's deposit when the customer travels abroad */
    abroadExtraDeposit: fee.default(TARIFF_DEFAULTS.abroadExtraDeposit),
    /** € for each pickup or return outside the working hours (bookingRules.openingHour–closingHour) */
    afterHoursFee: fee.default(TARIFF_DEFAULTS.afterHoursFee),
    /** from this many rental days the mileage is unlimited; null: the car's limit always applies */
    unlimitedMileageFromDays: z
      .number({ error: numberTypeError })
      .int({ error: "Turi būti sveikas skaičius" })
      .min(1, { error: "Turi būti ne mažiau kaip 1 para" })
      .max(730, { error: "Turi būti ne daugiau kaip 730 parų" })
      .nullable()
      .default(TARIFF_DEFAULTS.unlimitedMileageFromDays),
  })
  .strict()
  .refine((t) => t.youngDriverUnderAge >= t.minDriverAge, {
    error: "Jauno vairuotojo amžiaus riba turi būti ne mažesnė už mažiausią vairuotojo amžių",
    path: ["youngDriverUnderAge"],
  });
export type Tariff = z.infer<typeof tariffSchema>;

/** The rates the counter used before the tariff existed (settings.desk), read once into the tariff. */
const legacyDeskSchema = z.object({
  extraKmRate: fee.optional(),
  fuelChargePerQuarter: fee.optional(),
  cleaningFee: fee.optional(),
});

/**
 * The settings' tariff: the stored one, else the older desk rates over the defaults; a broken
 * stored tariff reads the defaults (the settings form shows and saves them).
 */
export function tariffOf(settings: { tariff?: unknown; desk?: unknown } | null | undefined): Tariff {
  if (settings?.tariff !== undefined && settings.tariff !== null) {
    const stored = tariffSchema.safeParse(settings.tariff);
    if (stored.success) return stored.data;
  }
  const desk = legacyDeskSchema.safeParse(settings?.desk ?? {}).data ?? {};
  return tariffSchema.parse({
    ...(desk.extraKmRate !== undefined ? { extraKmRate: desk.extraKmRate } : {}),
    ...(desk.fuelChargePerQuarter !== undefined ? { fuelPerQuarter: desk.fuelChargePerQuarter } : {}),
    ...(desk.cleaningFee !== undefined ? { cleaningFee: desk.cleaningFee } : {}),
  });
}

/** Whole years of age on a calendar date ("YYYY-MM-DD"). */
export function ageOn(birthDate: string, onDate: string): number {
  const [by = 0, bm = 0, bd = 0] = birthDate.split("-").map(Number);
  const [py = 0, pm = 0, pd = 0] = onDate.split("-").map(Number);
  return py - by - (pm < bm || (pm === bm && pd < bd) ? 1 : 0);
}

/** The km limit of a rental: the car's per day × days, or none (null) from the tariff's unlimited length. */
export function mileageLimitFor(
  tariff: Pick<Tariff, "unlimitedMileageFromDays">,
  limitPerDay: number | null,
  days: number,
): number | null {
  if (limitPerDay === null) return null;
  if (tariff.unlimitedMileageFromDays !== null && days >= tariff.unlimitedMileageFromDays) return null;
  return limitPerDay * days;
}

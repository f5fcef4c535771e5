// The tariff's defaults and the kinds of fees by rule, without zod: the public site renders the
// tariff (src/domain/tariffText.ts) and must not load the settings schema for it.

/** The fees a quote carries by rule (src/domain/ruleFees.ts), marked on their quote lines. */
export const RULE_FEE_KINDS = ["youngDriver", "abroad", "afterHours"] as const;
export type RuleFeeKind = (typeof RULE_FEE_KINDS)[number];

export const TARIFF_DEFAULTS = {
  extraKmRate: 0.2,
  fuelPerQuarter: 15,
  fuelServiceFee: 0,
  cleaningFee: 30,
  smokingFee: 100,
  lateReturnFee: 0,
  minDriverAge: 21,
  youngDriverUnderAge: 25,
  youngDriverPerDay: 8,
  abroadFee: 45,
  abroadExtraDeposit: 200,
  afterHoursFee: 15,
  unlimitedMileageFromDays: null,
} as const;

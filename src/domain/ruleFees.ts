// The fees that apply by rule (settings.tariff), never by a tick-box: the young driver's fee from
// the driver's birth date, travel abroad (its fee and the larger deposit) when the customer says
// so, a pickup or return outside the working hours. They join the quote as lines of their own
// (extrasLines with `rule`), so every place that shows a quote (the site before the button, the
// back-office, the e-mails, the agreement, the invoices) shows them, and the server computes them
// the same way for the web, "Mano rezervacija" and staff bookings.
import { fromCents, toCents } from "./pricing";
import type { Quote } from "./schemas";
import { ageOn, type RuleFeeKind, type Tariff } from "./tariff";
import { workingHours } from "./tariffText";
import { vilniusDateString, vilniusParts } from "./time";

export { RULE_FEE_KINDS, type RuleFeeKind } from "./tariff";

/** The quote line's id for a fee by rule (never an extra's id: those are entity ids). */
export const RULE_FEE_IDS: Readonly<Record<RuleFeeKind, string>> = {
  youngDriver: "rule-young-driver",
  abroad: "rule-abroad",
  afterHours: "rule-after-hours",
};

/** The facts a fee by rule depends on, besides the period. */
export interface RuleFacts {
  /** the driver's birth date ("YYYY-MM-DD"); null or absent: not known, no young driver's fee */
  birthDate?: string | null;
  /** the customer travels abroad */
  travelAbroad?: boolean;
}

export interface RuleFeeRules {
  tariff: Tariff;
  openingHour: number;
  closingHour: number;
}

/** The young driver's fee's label with the age it applies under: "Jauno vairuotojo (iki 25 m.) mokestis". */
export const youngDriverLabel = (tariff: Pick<Tariff, "youngDriverUnderAge">): string =>
  `Jauno vairuotojo (iki ${tariff.youngDriverUnderAge} m.) mokestis`;
export const ABROAD_LABEL = "Kelionė į užsienį";
export const AFTER_HOURS_LABEL = "Paėmimas ar grąžinimas ne darbo laiku";

/** Whether an instant falls outside the working hours on the Vilnius clock (closing time itself is within). */
export function isAfterHours(at: string, rules: { openingHour: number; closingHour: number }): boolean {
  const { hour, minute } = vilniusParts(at);
  const minutes = hour * 60 + minute;
  return minutes < rules.openingHour * 60 || minutes > rules.closingHour * 60;
}

/** Whether the young driver's fee applies to a driver born on `birthDate` for a pickup at `pickupAt`. */
export function isYoungDriver(
  tariff: Pick<Tariff, "youngDriverUnderAge">,
  birthDate: string | null | undefined,
  pickupAt: string,
): boolean {
  if (!birthDate) return false;
  return ageOn(birthDate, vilniusDateString(pickupAt)) < tariff.youngDriverUnderAge;
}

type Line = Quote["extrasLines"][number];

/** The lines of the fees by rule for a rental of `days` over the period. */
export function ruleFeeLines(
  rules: RuleFeeRules,
  period: { pickupAt: string; returnAt: string },
  days: number,
  facts: RuleFacts,
): Line[] {
  const { tariff } = rules;
  const lines: Line[] = [];
  if (tariff.youngDriverPerDay > 0 && isYoungDriver(tariff, facts.birthDate, period.pickupAt)) {
    lines.push({
      extraId: RULE_FEE_IDS.youngDriver,
      name: youngDriverLabel(tariff),
      quantity: 1,
      unitPrice: tariff.youngDriverPerDay,
      chargedPer: "day",
      amount: fromCents(toCents(tariff.youngDriverPerDay) * days),
      rule: "youngDriver",
    });
  }
  if (facts.travelAbroad && tariff.abroadFee > 0) {
    lines.push({
      extraId: RULE_FEE_IDS.abroad,
      name: ABROAD_LABEL,
      quantity: 1,
      unitPrice: tariff.abroadFee,
      chargedPer: "rental",
      amount: tariff.abroadFee,
      rule: "abroad",
    });
  }
  const outside = [period.pickupAt, period.returnAt].filter((at) => isAfterHours(at, rules)).length;
  if (outside > 0 && tariff.afterHoursFee > 0) {
    lines.push({
      extraId: RULE_FEE_IDS.afterHours,
      name: `${AFTER_HOURS_LABEL} (ne ${workingHours(rules)})`,
      quantity: outside,
      unitPrice: tariff.afterHoursFee,
      chargedPer: "rental",
      amount: fromCents(toCents(tariff.afterHoursFee) * outside),
      rule: "afterHours",
    });
  }
  return lines;
}

/**
 * The quote with the fees by rule: their lines after the extras, the extras' sum and the total
 * with them, VAT split out of the new total, and the deposit raised for travel abroad.
 */
export function withRuleFees(
  quote: Quote,
  rules: RuleFeeRules,
  period: { pickupAt: string; returnAt: string },
  facts: RuleFacts,
): Quote {
  const lines = ruleFeeLines(rules, period, quote.days, facts);
  return applyRuleFeeLines(quote, lines, facts.travelAbroad ? rules.tariff.abroadExtraDeposit : 0);
}

/** The quote with the given lines of fees by rule added (any earlier ones replaced). */
export function applyRuleFeeLines(quote: Quote, lines: Line[], extraDeposit: number): Quote {
  const own = quote.extrasLines.filter((line) => line.rule === undefined);
  const extrasLines = [...own, ...lines];
  const extrasCents = extrasLines.reduce((sum, line) => sum + toCents(line.amount), 0);
  const addedCents = extrasCents - toCents(quote.extras);
  const totalCents = toCents(quote.total) + addedCents;
  const vatCents = Math.round(totalCents - totalCents / (1 + quote.vatRate));
  return {
    ...quote,
    extras: fromCents(extrasCents),
    extrasLines,
    total: fromCents(totalCents),
    vat: fromCents(vatCents),
    net: fromCents(totalCents - vatCents),
    deposit: fromCents(toCents(quote.deposit) + toCents(extraDeposit)),
  };
}

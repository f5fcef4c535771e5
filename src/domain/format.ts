// lt-LT formatting for everything a person reads; always Europe/Vilnius.
import { isDateString, toDate, VILNIUS_TZ, vilniusDateString, vilniusTimeString } from "./time";

const NBSP = "\u00a0";

let moneyFormat: Intl.NumberFormat | undefined;
let numberFormat: Intl.NumberFormat | undefined;
let longDateFormat: Intl.DateTimeFormat | undefined;
let longDateUtcFormat: Intl.DateTimeFormat | undefined;
let pluralRules: Intl.PluralRules | undefined;

/** Engines differ in the space they print (U+00A0, U+202F); the product uses U+00A0. */
const normaliseSpaces = (text: string) => text.replace(/[\u0020\u202f\u2009]/g, NBSP);
/** Long dates read as prose; ordinary spaces let them wrap. */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f\u2009]/g, " ");

/** Euros rounded half-up to cents, sidestepping binary noise (1.005 -> 1.01). */
export function roundMoney(amount: number): number {
  return Math.round(Number((amount * 100).toFixed(6))) / 100;
}

/** "1 234,50 €" with non-breaking spaces. */
export function formatMoney(amount: number): string {
  moneyFormat ??= new Intl.NumberFormat("lt-LT", {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return normaliseSpaces(moneyFormat.format(roundMoney(amount)));
}

/** "1 234,5" (grouping with non-breaking spaces, decimal comma). */
export function formatNumber(value: number, maximumFractionDigits = 2): string {
  if (maximumFractionDigits === 2) {
    numberFormat ??= new Intl.NumberFormat("lt-LT", { maximumFractionDigits: 2 });
    return normaliseSpaces(numberFormat.format(value));
  }
  return normaliseSpaces(new Intl.NumberFormat("lt-LT", { maximumFractionDigits }).format(value));
}

type DateInput = string | number | Date;

/** "2026-11-21". A plain "YYYY-MM-DD" is a calendar date and is returned as it is. */
export function formatDate(value: DateInput): string {
  if (typeof value === "string" && isDateString(value)) return value;
  return vilniusDateString(value);
}

/** "2026 m. lapkričio 21 d." */
export function formatDateLong(value: DateInput): string {
  if (typeof value === "string" && isDateString(value)) {
    // A calendar date: format it at UTC noon so no zone can move it to another day.
    longDateUtcFormat ??= new Intl.DateTimeFormat("lt-LT", { timeZone: "UTC", dateStyle: "long" });
    return plainSpaces(longDateUtcFormat.format(new Date(`${value}T12:00:00Z`)));
  }
  longDateFormat ??= new Intl.DateTimeFormat("lt-LT", { timeZone: VILNIUS_TZ, dateStyle: "long" });
  return plainSpaces(longDateFormat.format(toDate(value)));
}

/** "09:05", 24 h. */
export function formatTime(value: DateInput): string {
  return vilniusTimeString(value);
}

/** "2026-11-21 09:05" */
export function formatDateTime(value: DateInput): string {
  return `${vilniusDateString(value)} ${vilniusTimeString(value)}`;
}

/**
 * Lithuanian plural form: [one, few, many], e.g. ["para", "paros", "parų"].
 * CLDR "one" (1, 21, 31...) -> forms[0]; "few" (2-9, 22-29...) -> forms[1];
 * "other" (0, 10-20, 30...) and "many" (fractions) -> forms[2].
 */
export function pluralLt(n: number, forms: readonly [string, string, string]): string {
  pluralRules ??= new Intl.PluralRules("lt");
  switch (pluralRules.select(n)) {
    case "one":
      return forms[0];
    case "few":
      return forms[1];
    default:
      return forms[2];
  }
}

/** "3 paros", "10 automobilių": the number and its agreeing noun. */
export function formatCount(n: number, forms: readonly [string, string, string]): string {
  return `${formatNumber(n)} ${pluralLt(n, forms)}`;
}

export const DAY_FORMS = ["para", "paros", "parų"] as const;
export const CAR_FORMS = ["automobilis", "automobiliai", "automobilių"] as const;
export const HOUR_ACCUSATIVE_FORMS = ["valandą", "valandas", "valandų"] as const;
export const DAY_ACCUSATIVE_FORMS = ["dieną", "dienas", "dienų"] as const;

/** "1 para", "2 paros", "10 parų" */
export function formatDays(n: number): string {
  return formatCount(n, DAY_FORMS);
}

export const DAY_ACCUSATIVE_FORMS_PARA = ["parą", "paras", "parų"] as const;
export const DAY_GENITIVE_FORMS = ["paros", "parų", "parų"] as const;

/** After "už" (accusative): "už 1 parą", "už 3 paras", "už 10 parų". */
export function formatDaysAccusative(n: number): string {
  return formatCount(n, DAY_ACCUSATIVE_FORMS_PARA);
}

/** After "nuo" (genitive): "nuo 1 paros", "nuo 3 parų", "nuo 21 paros". */
export function formatDaysGenitive(n: number): string {
  return formatCount(n, DAY_GENITIVE_FORMS);
}

export const RULE_FORMS = ["taisyklė", "taisyklės", "taisyklių"] as const;
/** Feminine participles agreeing with the count: "pakeista 1 taisyklė", "pakeistos 3 taisyklės", "pakeista 10 taisyklių". */
export const CHANGED_FEMININE_FORMS = ["pakeista", "pakeistos", "pakeista"] as const;
export const CREATED_FEMININE_FORMS = ["sukurta", "sukurtos", "sukurta"] as const;

/** What happened to how many: the participle agrees with the number ("pakeistos 3 taisyklės"). */
export function formatDone(
  n: number,
  participle: readonly [string, string, string],
  noun: readonly [string, string, string],
): string {
  return `${pluralLt(n, participle)} ${formatCount(n, noun)}`;
}

/** A price tier's rental length: "1–3 paros", "nuo 21 paros". */
export function formatTierSpan(fromDays: number, toDays: number | null): string {
  return toDays === null ? `nuo ${formatDaysGenitive(fromDays)}` : `${formatNumber(fromDays)}–${formatDays(toDays)}`;
}

/** "1 automobilis", "2 automobiliai", "10 automobilių" */
export function formatCars(n: number): string {
  return formatCount(n, CAR_FORMS);
}

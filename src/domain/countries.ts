// Countries (ISO 3166-1 alpha-2) of customers and inquirers: the check, the Lithuanian name
// (from the platform's CLDR data, Intl.DisplayNames) and the choices the forms offer.
import { EU_COUNTRIES } from "./vatCodes";

/** The company's own country, and a customer's when the card says nothing else. */
export const DEFAULT_COUNTRY = "LT";

const names = new Intl.DisplayNames(["lt"], { type: "region", fallback: "none" });

/** Whether the code is a two-letter ISO 3166-1 country the platform knows ("DE": yes; "XX", "Vokietija": no). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || code === "ZZ") return false;
  try {
    return names.of(code) !== undefined;
  } catch {
    return false;
  }
}

/** The country's Lithuanian name ("DE" -> "Vokietija"); the code itself when unknown. */
export function countryName(code: string): string {
  const upper = code.trim().toUpperCase();
  return (isCountryCode(upper) && names.of(upper)) || upper;
}

export const COUNTRY_MESSAGE = "Nurodykite šalį dviejų raidžių ISO kodu (pvz., LT, LV, DE)";

/** Countries the forms offer: the EU states and the neighbours customers come from, by Lithuanian name, Lithuania first. */
export const COUNTRY_CHOICES: readonly { id: string; name: string }[] = [
  ...new Set([
    DEFAULT_COUNTRY,
    ...EU_COUNTRIES,
    "NO",
    "IS",
    "LI",
    "CH",
    "GB",
    "UA",
    "MD",
    "GE",
    "US",
    "CA",
    "IL",
    "TR",
  ]),
]
  .map((id) => ({ id, name: countryName(id) }))
  .sort((a, b) => (a.id === DEFAULT_COUNTRY ? -1 : b.id === DEFAULT_COUNTRY ? 1 : a.name.localeCompare(b.name, "lt")));

export const COMPANY_CODE_MESSAGES = {
  lithuanian: "Įmonės kodas turi būti 7–9 skaitmenys",
  foreign: "Įmonės registracijos kodas – nuo 2 iki 20 raidžių, skaitmenų, tarpų ar ženklų - . /",
} as const;

/**
 * A company's code by its country's rule: a Lithuanian company code (juridinio asmens kodas) is
 * 7–9 digits; other states' registers differ ("HRB 86786", "KRS 0000123456", "FN 123456a"), so a
 * foreign code is 2–20 letters, digits, spaces and - . / characters. Null when it passes.
 */
export function companyCodeError(code: string, country: string): string | null {
  const value = code.trim();
  if (country === DEFAULT_COUNTRY) return /^\d{7,9}$/.test(value) ? null : COMPANY_CODE_MESSAGES.lithuanian;
  return /^[\p{L}\d][\p{L}\d .\-/]{1,19}$/u.test(value) ? null : COMPANY_CODE_MESSAGES.foreign;
}

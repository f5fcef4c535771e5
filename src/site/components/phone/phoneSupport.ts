// The phone input's data. The per-country validation tables (libphonenumber-js, about 40 kB
// gzipped) load only when a visitor starts using a form; until then a built-in list of the
// usual countries serves the picker. The visitor's country comes from the IP lookup service
// (SiteApi.detectCountry, parsed as SPEC section 7 says), then the browser language, then LT.
import { useEffect, useState } from "react";
import type { SiteApi } from "../../../backend/port";
import { DEFAULT_PHONE_COUNTRY } from "../../../domain/phoneRules";

export type PhoneRules = typeof import("../../../domain/phone");

export interface CountryOption {
  code: string;
  name: string;
  dialCode: string;
}

/** Shown first, in this order: home and the neighbours most customers come from. */
export const PRIORITY_COUNTRIES = ["LT", "LV", "EE", "PL", "DE", "GB"] as const;

/** The countries the picker knows before the full tables load (names fixed, so prerendered text never varies). */
export const BASIC_COUNTRIES: readonly CountryOption[] = [
  { code: "LT", name: "Lietuva", dialCode: "+370" },
  { code: "LV", name: "Latvija", dialCode: "+371" },
  { code: "EE", name: "Estija", dialCode: "+372" },
  { code: "PL", name: "Lenkija", dialCode: "+48" },
  { code: "DE", name: "Vokietija", dialCode: "+49" },
  { code: "GB", name: "Jungtinė Karalystė", dialCode: "+44" },
  { code: "AM", name: "Armėnija", dialCode: "+374" },
  { code: "AT", name: "Austrija", dialCode: "+43" },
  { code: "AZ", name: "Azerbaidžanas", dialCode: "+994" },
  { code: "BY", name: "Baltarusija", dialCode: "+375" },
  { code: "BE", name: "Belgija", dialCode: "+32" },
  { code: "BG", name: "Bulgarija", dialCode: "+359" },
  { code: "CZ", name: "Čekija", dialCode: "+420" },
  { code: "DK", name: "Danija", dialCode: "+45" },
  { code: "GR", name: "Graikija", dialCode: "+30" },
  { code: "IE", name: "Airija", dialCode: "+353" },
  { code: "IS", name: "Islandija", dialCode: "+354" },
  { code: "ES", name: "Ispanija", dialCode: "+34" },
  { code: "IL", name: "Izraelis", dialCode: "+972" },
  { code: "IT", name: "Italija", dialCode: "+39" },
  { code: "JP", name: "Japonija", dialCode: "+81" },
  { code: "US", name: "Jungtinės Valstijos", dialCode: "+1" },
  { code: "CA", name: "Kanada", dialCode: "+1" },
  { code: "CN", name: "Kinija", dialCode: "+86" },
  { code: "HR", name: "Kroatija", dialCode: "+385" },
  { code: "LU", name: "Liuksemburgas", dialCode: "+352" },
  { code: "MD", name: "Moldova", dialCode: "+373" },
  { code: "NL", name: "Nyderlandai", dialCode: "+31" },
  { code: "NO", name: "Norvegija", dialCode: "+47" },
  { code: "PT", name: "Portugalija", dialCode: "+351" },
  { code: "FR", name: "Prancūzija", dialCode: "+33" },
  { code: "RO", name: "Rumunija", dialCode: "+40" },
  { code: "RU", name: "Rusija", dialCode: "+7" },
  { code: "GE", name: "Sakartvelas", dialCode: "+995" },
  { code: "SK", name: "Slovakija", dialCode: "+421" },
  { code: "SI", name: "Slovėnija", dialCode: "+386" },
  { code: "FI", name: "Suomija", dialCode: "+358" },
  { code: "SE", name: "Švedija", dialCode: "+46" },
  { code: "CH", name: "Šveicarija", dialCode: "+41" },
  { code: "TR", name: "Turkija", dialCode: "+90" },
  { code: "UA", name: "Ukraina", dialCode: "+380" },
  { code: "HU", name: "Vengrija", dialCode: "+36" },
];

const BASIC_BY_CODE = new Map(BASIC_COUNTRIES.map((country) => [country.code, country]));

export function basicCountry(code: string): CountryOption | undefined {
  return BASIC_BY_CODE.get(code.toUpperCase());
}

let rulesPromise: Promise<PhoneRules> | null = null;
let loadedRules: PhoneRules | null = null;
const listeners = new Set<(rules: PhoneRules) => void>();

/** Loads the validation tables once; later calls share the same promise. */
export function loadPhoneRules(): Promise<PhoneRules> {
  rulesPromise ??= import("../../../domain/phone").then(
    (rules) => {
      loadedRules = rules;
      for (const listener of listeners) listener(rules);
      return rules;
    },
    (error: unknown) => {
      // A failed chunk may load on the next attempt (a flaky connection).
      rulesPromise = null;
      throw error;
    },
  );
  return rulesPromise;
}

/** The tables once they are loaded (null before); re-renders when they arrive. */
export function usePhoneRules(): PhoneRules | null {
  const [rules, setRules] = useState<PhoneRules | null>(loadedRules);
  useEffect(() => {
    if (loadedRules) {
      setRules(loadedRules);
      return;
    }
    listeners.add(setRules);
    return () => {
      listeners.delete(setRules);
    };
  }, []);
  return rules;
}

/** Every country the tables know, in picker order, with the built-in Lithuanian names where we have them. */
export function countryOptions(rules: PhoneRules | null): CountryOption[] {
  if (!rules) return [...BASIC_COUNTRIES];
  return rules.PHONE_COUNTRIES.map((country) => ({
    code: country.code,
    name: basicCountry(country.code)?.name ?? country.name,
    dialCode: country.dialCode,
  }));
}

let detection: Promise<string> | null = null;

/** The visitor's likely country: IP lookup, else the browser's languages, else LT. Asked once per page load. */
export function detectVisitorCountry(site: Pick<SiteApi, "detectCountry">): Promise<string> {
  detection ??= (async () => {
    const [fromIp, rules] = await Promise.all([
      site.detectCountry().catch(() => null),
      loadPhoneRules().catch(() => null),
    ]);
    const known = (code: string | null | undefined): code is string =>
      !!code && (rules ? rules.PHONE_COUNTRIES.some((c) => c.code === code) : BASIC_BY_CODE.has(code));
    if (known(fromIp)) return fromIp;
    const languages = typeof navigator === "undefined" ? [] : [...(navigator.languages ?? []), navigator.language];
    for (const language of languages) {
      const code = rules?.countryFromLanguage(language) ?? null;
      if (known(code)) return code;
    }
    return DEFAULT_PHONE_COUNTRY;
  })();
  return detection;
}

/** Digits, spaces and + - ( ) only (SPEC section 5): anything else typed is dropped. */
export function cleanPhoneInput(value: string): string {
  return value.replace(/[^0-9 +\-()]/g, "");
}

/**
 * The country an international number ("+371 2...") points to by its calling code: the
 * longest matching code wins; when several countries share it (+1, +7, +44) the current
 * choice stays if it is one of them. null when the number is not international or unknown.
 */
export function countryForNumber(value: string, countries: readonly CountryOption[], current: string): string | null {
  const trimmed = value.trim();
  const digits = trimmed.startsWith("+")
    ? trimmed.slice(1).replace(/\D/g, "")
    : trimmed.startsWith("00")
      ? trimmed.slice(2).replace(/\D/g, "")
      : null;
  if (!digits) return null;
  for (let length = Math.min(4, digits.length); length >= 1; length--) {
    const dial = `+${digits.slice(0, length)}`;
    const matching = countries.filter((country) => country.dialCode === dial);
    if (matching.length === 0) continue;
    if (matching.some((country) => country.code === current)) return current;
    // Shared codes: a priority country, else the usual one of the built-in list (+1: the US, +7: Russia).
    const priority = matching.find((country) => (PRIORITY_COUNTRIES as readonly string[]).includes(country.code));
    const usual = BASIC_COUNTRIES.find((country) => matching.some((m) => m.code === country.code));
    return (priority ?? usual ?? matching[0])?.code ?? null;
  }
  return null;
}

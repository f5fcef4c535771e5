// The fuel level read at the desk ("0", "1/4", "1/2", "3/4", "1") in words, as every document,
// e-mail and screen shows it: "¾ bako", "pilnas bakas" (never the bare "1" a customer cannot read).
import { FUEL_LEVELS } from "./schemas";

export type FuelLevel = (typeof FUEL_LEVELS)[number];
export type FuelLanguage = "lt" | "en";

const WORDS: Readonly<Record<FuelLanguage, Readonly<Record<FuelLevel, string>>>> = {
  lt: { "0": "tuščias bakas", "1/4": "¼ bako", "1/2": "½ bako", "3/4": "¾ bako", "1": "pilnas bakas" },
  en: { "0": "empty tank", "1/4": "¼ tank", "1/2": "½ tank", "3/4": "¾ tank", "1": "full tank" },
};

const NOT_RECORDED: Readonly<Record<FuelLanguage, string>> = { lt: "neįrašyta", en: "not recorded" };

export function isFuelLevel(value: unknown): value is FuelLevel {
  return typeof value === "string" && (FUEL_LEVELS as readonly string[]).includes(value);
}

/** "3/4" -> "¾ bako"; a missing or unknown reading -> "neįrašyta". */
export function fuelLevelText(value: string | null | undefined, language: FuelLanguage = "lt"): string {
  return isFuelLevel(value) ? WORDS[language][value] : NOT_RECORDED[language];
}

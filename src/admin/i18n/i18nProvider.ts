// react-admin's translator: polyglot with the Lithuanian plural rule (1 | 2–9 | 0, 10–20).
import polyglotI18nProvider from "ra-i18n-polyglot";
import type { I18nProvider } from "react-admin";
import { formatNumber } from "../../domain/format";
import { lt } from "./lt";

export const ADMIN_LOCALE = "lt";

const reportedMissingKeys = new Set<string>();
/** "resources.cars.fields.make": a message key. Plain text (a Lithuanian label or toast) is shown as it is. */
const MESSAGE_KEY = /^[\w-]+(?:\.[\w-]+)+$/;

type Interpolate = (expression: string, argument: string) => unknown;

/**
 * Polyglot's interpolation with lt-LT numbers: "1–25 iš 1 234", "Pažymėta 1 234 įrašų".
 * Plural forms still pick on the raw count; only the printed number is grouped.
 */
function replaceWithLtNumbers(this: string, pattern: RegExp, interpolate: Interpolate): string {
  return this.replace(pattern, (expression: string, argument: string) => {
    const value = interpolate(expression, argument);
    return typeof value === "number" ? formatNumber(value, 20) : String(value);
  });
}

export function createI18nProvider(): I18nProvider {
  return polyglotI18nProvider(() => lt, ADMIN_LOCALE, [{ locale: ADMIN_LOCALE, name: "Lietuvių" }], {
    replace: replaceWithLtNumbers,
    // Polyglot's own warning is English; say it in Lithuanian, once per key.
    onMissingKey: (key: string) => {
      if (MESSAGE_KEY.test(key) && !reportedMissingKeys.has(key)) {
        reportedMissingKeys.add(key);
        console.warn(`Trūksta vertimo raktui „${key}“`);
      }
      return key;
    },
  });
}

// react-admin's translator: polyglot with the Lithuanian plural rule (1 | 2–9 | 0, 10–20).
import polyglotI18nProvider from "ra-i18n-polyglot";
import type { I18nProvider } from "react-admin";
import { lt } from "./lt";

export const ADMIN_LOCALE = "lt";

const reportedMissingKeys = new Set<string>();
/** "resources.cars.fields.make": a message key. Plain text (a Lithuanian label or toast) is shown as it is. */
const MESSAGE_KEY = /^[\w-]+(?:\.[\w-]+)+$/;

export function createI18nProvider(): I18nProvider {
  return polyglotI18nProvider(() => lt, ADMIN_LOCALE, [{ locale: ADMIN_LOCALE, name: "Lietuvių" }], {
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

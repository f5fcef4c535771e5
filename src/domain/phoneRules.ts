// Phone rules that need no libphonenumber metadata: the public bundle imports these
// without pulling ~45 kB (gzip) of per-country tables into every page.
// phone.ts holds the libphonenumber-based validation.

export const PHONE_MAX_LENGTH = 25;
/** Digits, plain spaces and + - ( ) only. */
export const PHONE_ALLOWED_CHARS = /^[0-9 +\-()]*$/;
export const DEFAULT_PHONE_COUNTRY = "LT";

/** Answers "1;LT;LTU;Lithuania" for the caller's IP (plain text, CORS-enabled). */
export const IP_COUNTRY_SERVICE_URL = "https://ip2c.org/s";

/**
 * ip2c.org answers "1;LT;LTU;Lithuania" when it knows the country, "0;..." or "2;..."
 * otherwise. Only a "1" answer with a two-letter code counts.
 */
export function parseIpCountryAnswer(text: string | null | undefined): string | null {
  if (typeof text !== "string" || !text.startsWith("1")) return null;
  const code = text.slice(2, 4);
  return /^[A-Z]{2}$/.test(code) ? code : null;
}

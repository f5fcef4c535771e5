// The phone field's IP-to-country lookup (SPEC section 7), asked by our server instead of the
// visitor's browser: GET /api/site/country asks ip2c.org for the caller's address, so the visitor's
// browser reaches no third party (the privacy page names ip2c.org as a recipient of the IP address
// all the same, src/domain/privacyPolicy.ts). Answers are kept in memory for a day per address
// (a failure for a few minutes), at most MAX_ENTRIES addresses; private, loopback and unknown
// addresses are never sent. Any failure or a slow answer (SERVER_COUNTRY_LOOKUP_TIMEOUT_MS) is null:
// the form then falls back to the browser's language, so the lookup fails gracefully offline.
import { isIP } from "node:net";
import { COUNTRY_LOOKUP_TIMEOUT_MS } from "../../src/backend/shared/country";
import { parseIpCountryAnswer } from "../../src/domain/phoneRules";

/** ip2c.org answers "1;LT;LTU;Lithuania" for the address after the slash. */
export const IP_COUNTRY_LOOKUP_ORIGIN = "https://ip2c.org";

/** Under the browser's own limit (COUNTRY_LOOKUP_TIMEOUT_MS), so our answer arrives before it gives up. */
export const SERVER_COUNTRY_LOOKUP_TIMEOUT_MS = COUNTRY_LOOKUP_TIMEOUT_MS - 500;
const DAY_MS = 86_400_000;
const FAILURE_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

export interface IpCountryLookup {
  /** the country code for the address, or null (unknown, private, failed, slow) */
  country(ip: string): Promise<string | null>;
}

/** Addresses that name no one on the internet: never asked about. */
export function isPublicAddress(ip: string): boolean {
  const v4 = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split(".").map(Number);
    return !(
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      a >= 224
    );
  }
  if (isIP(ip) === 6) {
    const lower = ip.toLowerCase();
    return !(lower === "::1" || lower === "::" || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower));
  }
  return false;
}

export function createIpCountryLookup(
  options: { fetchImpl?: typeof fetch; origin?: string; now?: () => number } = {},
): IpCountryLookup {
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const origin = options.origin ?? IP_COUNTRY_LOOKUP_ORIGIN;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { country: string | null; until: number }>();
  const pending = new Map<string, Promise<string | null>>();

  async function ask(ip: string): Promise<string | null> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), SERVER_COUNTRY_LOOKUP_TIMEOUT_MS);
    let country: string | null = null;
    let ok = false;
    try {
      const response = await fetchImpl(`${origin}/${encodeURIComponent(ip)}`, { signal: controller.signal });
      if (response.ok) {
        country = parseIpCountryAnswer(await response.text());
        ok = true;
      }
    } catch {
      country = null;
    } finally {
      clearTimeout(timer);
    }
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(ip, { country, until: now() + (ok ? DAY_MS : FAILURE_MS) });
    return country;
  }

  return {
    async country(ip) {
      if (!isPublicAddress(ip)) return null;
      const kept = cache.get(ip);
      if (kept && kept.until > now()) return kept.country;
      const running = pending.get(ip) ?? ask(ip).finally(() => pending.delete(ip));
      pending.set(ip, running);
      return running;
    },
  };
}

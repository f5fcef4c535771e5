// The visitor's country for the phone field, shared by both SiteApi adapters: the same
// public IP lookup whichever backend serves the site.
import { IP_COUNTRY_SERVICE_URL, parseIpCountryAnswer } from "../../domain/phoneRules";

/** The IP lookup must never hold up the form. */
export const COUNTRY_LOOKUP_TIMEOUT_MS = 3_000;

/** The country code from the IP service, or null on any failure or after the time limit. */
export async function detectCountryByIp(fetchImpl: typeof fetch): Promise<string | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), COUNTRY_LOOKUP_TIMEOUT_MS);
  try {
    const response = await fetchImpl(IP_COUNTRY_SERVICE_URL, {
      signal: controller.signal,
      credentials: "omit",
      cache: "no-store",
    });
    if (!response.ok) return null;
    return parseIpCountryAnswer(await response.text());
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

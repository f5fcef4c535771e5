// The site's public address, for canonical links and structured data. Small on purpose:
// the app's entry imports it before any page.
export const DEFAULT_PUBLIC_URL = "http://localhost:3000";

let siteBaseUrl = DEFAULT_PUBLIC_URL;

/** The site's public address (runtime config publicUrl, the PUBLIC_URL env when prerendering, or the origin). */
export function setSiteBaseUrl(url: string | null | undefined): void {
  if (url) siteBaseUrl = url.replace(/\/+$/, "");
}

export function getSiteBaseUrl(): string {
  return siteBaseUrl;
}

/** "/automobiliai" -> "https://example.lt/automobiliai"; absolute URLs pass through. */
export function absoluteUrl(path: string, base: string = siteBaseUrl): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${base}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** The canonical path: no query, no trailing slash (except the home page). */
export function canonicalPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

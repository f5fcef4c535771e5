// Where the login page sends a staff member back to, and the login URL for a path. No router
// here: the login page is a public page and the public bundle carries no router.
const SAME_ORIGIN = "http://same-origin.invalid";

/**
 * A same-site admin path to return to after signing in, or null. Parsed as the browser
 * would ("//evil", "/\\evil", "/admin/../login" all resolve elsewhere and are refused).
 */
export function safeAdminRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  let url: URL;
  try {
    url = new URL(value, SAME_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== SAME_ORIGIN) return null;
  if (url.pathname !== "/admin" && !url.pathname.startsWith("/admin/")) return null;
  // react-admin's own "<basename>/login" is not a page to come back to.
  if (/^\/admin\/login\/?$/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export const LOGIN_PATH = "/login";

/**
 * Where to go back to after signing in: a same-site admin path, or null. A login URL (an old
 * nested "/login?redirect=/login?redirect=…") gives up its innermost redirect.
 */
export function adminReturnPath(value: string | null | undefined): string | null {
  let target = value ?? "";
  for (let depth = 0; depth < 8 && (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`)); depth++) {
    target = new URLSearchParams(target.slice(LOGIN_PATH.length)).get("redirect") ?? "";
  }
  return safeAdminRedirect(target);
}

/** /login?redirect=<returnTo>, always one level deep; a path that is not a safe admin path is dropped. */
export function loginUrlFor(returnTo: string): string {
  const safe = adminReturnPath(returnTo);
  return safe ? `${LOGIN_PATH}?redirect=${encodeURIComponent(safe)}` : LOGIN_PATH;
}

/** The login URL that brings the visitor back to where they are now (the browser's location). */
export function loginUrlForLocation(
  location: Pick<Location, "pathname" | "search"> | undefined = globalThis.location,
): string {
  return location ? loginUrlFor(`${location.pathname}${location.search}`) : LOGIN_PATH;
}

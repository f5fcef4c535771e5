// The caller's IP address, for rate limits and logs, and whether to believe a proxy's
// X-Forwarded-* headers (server/config.ts TRUST_PROXY: on, off, or, when not set, only from a
// proxy on this machine's loopback address).
import { createHash } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { TrustProxy } from "../config";
import { log } from "../log";

/** The address the TCP connection came from; null in app.request() (no socket). */
export function peerAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

export function isLoopback(address: string | null): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4.startsWith("127.") || address === "::1";
}

/** Whether this request's X-Forwarded-* headers come from a proxy the settings trust. */
export function trustsForwarded(c: Context, trustProxy: TrustProxy): boolean {
  if (trustProxy === "loopback") return isLoopback(peerAddress(c));
  return trustProxy;
}

/**
 * A middleware that logs once (per app) that forwarded headers arrive but are not believed: every
 * visitor then looks like the proxy (one rate-limit bucket for the whole site).
 */
export function untrustedProxyWarning(trustProxy: TrustProxy) {
  let warned = false;
  return async (c: Context, next: () => Promise<void>): Promise<void> => {
    if (!warned && trustProxy !== true && c.req.header("x-forwarded-for") !== undefined) {
      if (!trustsForwarded(c, trustProxy)) {
        warned = true;
        warnUntrusted(peerAddress(c) ?? "nežinomas", trustProxy);
      }
    }
    await next();
  };
}

function warnUntrusted(peer: string, trustProxy: TrustProxy): void {
  log.warn(
    trustProxy === false
      ? `Užklausos ateina su X-Forwarded-For (iš ${peer}), bet TRUST_PROXY=0: visi lankytojai laikomi vienu adresu ir dalijasi užklausų ribomis. Jei prieš serverį yra tarpinis serveris (nginx), nustatykite TRUST_PROXY=1.`
      : `Užklausos ateina su X-Forwarded-For iš ${peer}, o ne iš šio kompiuterio tarpinio serverio, todėl antraštė nepaisoma: visi lankytojai dalijasi užklausų ribomis. Jei tai jūsų tarpinis serveris, nustatykite TRUST_PROXY=1.`,
  );
}

export function clientIp(c: Context, trustProxy: TrustProxy): string {
  if (trustsForwarded(c, trustProxy)) {
    // The last entry is the one our own proxy appended; earlier ones are whatever the client sent.
    const forwarded = c.req.header("x-forwarded-for")?.split(",").pop()?.trim();
    if (forwarded) return forwarded.slice(0, 64);
    const real = c.req.header("x-real-ip")?.trim();
    if (real) return real.slice(0, 64);
  }
  // app.request() in tests has no socket.
  return peerAddress(c) ?? "nežinomas";
}

/** Whether the original request came over HTTPS (directly, through a trusted proxy, or per PUBLIC_URL). */
export function isHttps(c: Context, trustProxy: TrustProxy, publicUrl: string | null): boolean {
  if (new URL(c.req.url).protocol === "https:") return true;
  if (
    trustsForwarded(c, trustProxy) &&
    c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https"
  ) {
    return true;
  }
  return publicUrl?.startsWith("https://") ?? false;
}

/** A hash of the caller's address: rate limits never store a visitor's address itself. */
export function clientKey(c: Context, trustProxy: TrustProxy): string {
  return createHash("sha256")
    .update(`ratai:${clientIp(c, trustProxy)}`)
    .digest("hex")
    .slice(0, 32);
}

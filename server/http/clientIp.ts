// The caller's IP address, for rate limits and logs.
import { createHash } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    // The last entry is the one our own proxy appended; earlier ones are whatever the client sent.
    const forwarded = c.req.header("x-forwarded-for")?.split(",").pop()?.trim();
    if (forwarded) return forwarded.slice(0, 64);
    const real = c.req.header("x-real-ip")?.trim();
    if (real) return real.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? "nežinomas";
  } catch {
    // app.request() in tests has no socket.
    return "nežinomas";
  }
}

/** Whether the original request came over HTTPS (directly, through a trusted proxy, or per PUBLIC_URL). */
export function isHttps(c: Context, trustProxy: boolean, publicUrl: string | null): boolean {
  if (new URL(c.req.url).protocol === "https:") return true;
  if (trustProxy && c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https") return true;
  return publicUrl?.startsWith("https://") ?? false;
}

/** A hash of the caller's address: rate limits never store a visitor's address itself. */
export function clientKey(c: Context, trustProxy: boolean): string {
  return createHash("sha256")
    .update(`ratai:${clientIp(c, trustProxy)}`)
    .digest("hex")
    .slice(0, 32);
}

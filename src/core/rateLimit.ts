// Fixed windows per client, kept as documents (rateLimits/{key}) so every server instance and
// every function instance counts together. Only accepted submissions count, so a visitor fixing
// a form is never locked out.
import { COLLECTIONS } from "./collections";
import { CoreError, TOO_MANY_REQUESTS_MESSAGE } from "./errors";
import type { Transaction } from "./ports";

export interface RateLimit {
  /** accepted submissions per window */
  max: number;
  windowSeconds: number;
}

export interface RateWindow {
  windowStartMs: number;
  count: number;
  /** when the window ends (Firestore's TTL policy removes old windows by it) */
  expiresAt: string;
}

/** The window after one more hit, or null when the client has used the window up. */
export function nextRateWindow(
  current: Record<string, unknown> | null,
  limit: RateLimit,
  now: Date,
): RateWindow | null {
  const windowMs = limit.windowSeconds * 1000;
  const start = Number(current?.windowStartMs ?? 0);
  const count = Number(current?.count ?? 0);
  if (current && Number.isFinite(start) && now.getTime() - start < windowMs) {
    if (count >= limit.max) return null;
    return { windowStartMs: start, count: count + 1, expiresAt: new Date(start + windowMs).toISOString() };
  }
  return {
    windowStartMs: now.getTime(),
    count: 1,
    expiresAt: new Date(now.getTime() + windowMs).toISOString(),
  };
}

/** A rate key as a document id on every store: the purpose and the client's (hashed) key. */
export const rateKey = (purpose: string, clientKey: string): string =>
  `${purpose}-${clientKey}`.replace(/[^A-Za-z0-9_.:-]/g, "_").slice(0, 200);

/**
 * Reads the client's window (a read: call it with the transaction's other reads) and returns the
 * write that counts the hit; 429 when the window is used up.
 */
export async function takeRateLimit(tx: Transaction, key: string, limit: RateLimit, now: Date): Promise<() => void> {
  const current = await tx.get(COLLECTIONS.rateLimits, key);
  const window = nextRateWindow(current?.data ?? null, limit, now);
  if (!window) throw new CoreError("rate-limited", TOO_MANY_REQUESTS_MESSAGE);
  return () => tx.set(COLLECTIONS.rateLimits, key, { ...window });
}

// The browser's error log on Firebase: Hosting rewrites POST /api/client-errors (what
// src/app/errorReporter.ts sends) to the clientErrors function, which stores the report in
// the admin-only clientErrors collection. Limited per client, like the local server.
import { INTERNAL_COLLECTIONS, RESOURCE_MODELS } from "../../../src/backend/firebase/model";
import { toStoredDoc } from "../../../src/backend/firebase/storedDoc";
import { clientErrorSchema } from "../../../src/domain/schemas";
import type { Store } from "../store";
import { zodErrors } from "./input";
import { nextRateWindow, type RateLimit } from "./requests";

export const CLIENT_ERROR_LIMIT: RateLimit = { max: 30, windowSeconds: 600 };

export interface HttpOutcome {
  status: number;
  body: Record<string, unknown>;
}

export async function recordClientError(
  store: Store,
  body: unknown,
  clientKey: string,
  limit: RateLimit = CLIENT_ERROR_LIMIT,
  now: Date = new Date(),
): Promise<HttpOutcome> {
  const parsed = clientErrorSchema.safeParse(body);
  if (!parsed.success) {
    return { status: 422, body: { message: "Neteisingas klaidos pranešimas", errors: zodErrors(parsed.error) } };
  }
  const rateId = `client-error-${clientKey}`;
  return store.transaction(async (tx) => {
    const window = nextRateWindow((await tx.get(INTERNAL_COLLECTIONS.rateLimits, rateId))?.data ?? null, limit, now);
    if (!window) return { status: 429, body: { message: "Per daug klaidų pranešimų. Bandykite vėliau." } };
    const time = store.serverTime();
    tx.set(INTERNAL_COLLECTIONS.rateLimits, rateId, window);
    const collection = RESOURCE_MODELS["client-errors"].collection;
    const id = store.newId(collection);
    tx.set(collection, id, { ...toStoredDoc("client-errors", parsed.data), createdAt: time, updatedAt: time });
    return { status: 201, body: { id } };
  });
}

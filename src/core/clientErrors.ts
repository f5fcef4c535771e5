// The browser's error reports (start-up, render and unhandled errors), kept for admins. Public,
// so every field is bounded by clientErrorSchema and each client is limited per window.
import { parseFields } from "../domain/input";
import { clientErrorSchema } from "../domain/schemas";
import { COLLECTIONS } from "./collections";
import { CoreError } from "./errors";
import type { CoreContext } from "./ports";
import { nextRateWindow, type RateLimit, rateKey } from "./rateLimit";
import { insertDoc, writer } from "./writes";

export const CLIENT_ERROR_LIMIT: RateLimit = { max: 30, windowSeconds: 300 };
export const CLIENT_ERRORS_LIMITED_MESSAGE = "Per daug klaidų pranešimų. Bandykite vėliau.";

export async function recordClientError(
  ctx: CoreContext,
  body: unknown,
  client: { clientKey: string; userAgent?: string | undefined; limit?: RateLimit },
): Promise<{ id: string }> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const report = parseFields(clientErrorSchema, body);
  const key = rateKey("client-errors", client.clientKey);
  const outcome = await store.transaction(async (tx) => {
    const window = nextRateWindow(
      (await tx.get(COLLECTIONS.rateLimits, key))?.data ?? null,
      client.limit ?? CLIENT_ERROR_LIMIT,
      now,
    );
    if (!window) throw new CoreError("rate-limited", CLIENT_ERRORS_LIMITED_MESSAGE);
    tx.set(COLLECTIONS.rateLimits, key, { ...window });
    const userAgent = report.userAgent ?? client.userAgent?.slice(0, 500);
    const doc = { ...report, ...(userAgent ? { userAgent } : {}) };
    return { id: insertDoc(writer(tx, store, now), COLLECTIONS.clientErrors, doc) };
  });
  ctx.log.warn(`Naršyklės klaida (${report.kind}) adresu ${report.url.slice(0, 200)}: ${report.message.slice(0, 500)}`);
  ctx.events.publish("client-errors", outcome.id, "created");
  return outcome;
}

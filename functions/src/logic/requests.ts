// The callable submitRequest: an inquiry from the site (contact, long-term, business),
// validated like the local server's POST /api/site/requests, limited per client IP, stored
// with a notification mail for the company in one transaction.
import { INTERNAL_COLLECTIONS, RESOURCE_MODELS } from "../../../src/backend/firebase/model";
import { toStoredDoc } from "../../../src/backend/firebase/storedDoc";
import { newRequestDoc, readRequestInput } from "../../../src/domain/inquiry";
import { requestNotificationMail } from "../../../src/domain/mailTemplates";
import type { Car } from "../../../src/domain/schemas";
import type { Store } from "../store";
import { loadOne, loadSettings } from "./catalog";
import { FunctionError, invalidInput, TOO_MANY_REQUESTS_MESSAGE } from "./errors";
import { withFunctionErrors } from "./input";
import { mailDoc } from "./mail";

export interface RateLimit {
  /** accepted inquiries per window */
  max: number;
  windowSeconds: number;
}
export const DEFAULT_REQUEST_LIMIT: RateLimit = { max: 10, windowSeconds: 600 };

/**
 * A fixed window per client: { windowStartMs, count, expiresAt }. Returns the document to
 * write, or null when the client has used up the window. (A Firestore TTL policy on
 * rateLimits.expiresAt removes old windows.)
 */
export function nextRateWindow(
  current: Record<string, unknown> | null,
  limit: RateLimit,
  now: Date,
): { windowStartMs: number; count: number; expiresAt: Date } | null {
  const windowMs = limit.windowSeconds * 1000;
  const start = Number(current?.windowStartMs ?? 0);
  const count = Number(current?.count ?? 0);
  if (current && Number.isFinite(start) && now.getTime() - start < windowMs) {
    if (count >= limit.max) return null;
    return { windowStartMs: start, count: count + 1, expiresAt: new Date(start + windowMs) };
  }
  return { windowStartMs: now.getTime(), count: 1, expiresAt: new Date(now.getTime() + windowMs) };
}

/**
 * `clientKey` identifies the client (a hash of its IP address; the raw address is never
 * stored). Only accepted inquiries count, so a visitor fixing a form is never locked out.
 */
export async function submitRequest(
  store: Store,
  body: unknown,
  clientKey: string,
  limit: RateLimit = DEFAULT_REQUEST_LIMIT,
  now: Date = new Date(),
): Promise<{ id: string }> {
  const input = await withFunctionErrors(() => readRequestInput(body));
  const rateId = `site-request-${clientKey}`;

  return store.transaction(async (tx) => {
    if (input.carId) {
      const car = await loadOne<Car>(tx, "cars", input.carId);
      if (car?.status !== "active") throw invalidInput({ carId: "Automobilis nerastas" });
    }
    const window = nextRateWindow((await tx.get(INTERNAL_COLLECTIONS.rateLimits, rateId))?.data ?? null, limit, now);
    if (!window) throw new FunctionError("resource-exhausted", TOO_MANY_REQUESTS_MESSAGE);
    const settings = await loadSettings(tx);

    const time = store.serverTime();
    tx.set(INTERNAL_COLLECTIONS.rateLimits, rateId, window);
    const doc = newRequestDoc(input);
    const id = store.newId(RESOURCE_MODELS.requests.collection);
    tx.set(RESOURCE_MODELS.requests.collection, id, {
      ...toStoredDoc("requests", doc),
      createdAt: time,
      updatedAt: time,
    });

    const staffAddress = settings.company.emails[0];
    if (staffAddress) {
      const mail = mailDoc(requestNotificationMail(input, id, staffAddress));
      const mailId = store.newId(RESOURCE_MODELS.mail.collection);
      tx.set(RESOURCE_MODELS.mail.collection, mailId, {
        ...toStoredDoc("mail", mail),
        createdAt: time,
        updatedAt: time,
      });
    }
    return { id };
  });
}

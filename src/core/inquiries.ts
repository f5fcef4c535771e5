// Inquiries: a visitor's question from the site (stored with a notice for the company) and
// staff's reply (the mail queued, the reply recorded and the inquiry answered, in one
// transaction: never a sent mail without a record of it).

import { invalidFields, parseFields } from "../domain/input";
import {
  answeredRequest,
  newRequestDoc,
  REQUEST_NOT_FOUND_MESSAGE,
  readRequestInput,
  replyInputSchema,
  replyMail,
} from "../domain/inquiry";
import { requestNotificationMail } from "../domain/mailTemplates";
import { REQUEST_TYPE_LABELS } from "../domain/reservationStatus";
import type { Car, InquiryRequest } from "../domain/schemas";
import { loadCar, loadSettings } from "./catalog";
import { COLLECTIONS } from "./collections";
import { CoreError } from "./errors";
import type { CoreContext } from "./ports";
import { type RateLimit, rateKey, takeRateLimit } from "./rateLimit";
import { inquiryRecord, type Stamped } from "./records";
import { insertDoc, queueMail, replaceDoc, WEB_ACTOR, writeAudit, writer } from "./writes";

export { REQUEST_NOT_FOUND_MESSAGE };
export const DEFAULT_REQUEST_LIMIT: RateLimit = { max: 10, windowSeconds: 600 };

/**
 * An inquiry from the site (contact, long-term, business). `clientKey` identifies the client (a
 * hash of its address; the address itself is never stored); only accepted inquiries count.
 */
export async function submitInquiry(
  ctx: CoreContext,
  body: unknown,
  rate: { clientKey: string; limit: RateLimit },
): Promise<{ id: string }> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const input = readRequestInput(body);

  const outcome = await store.transaction(async (tx) => {
    if (input.carId) {
      const car: Stamped<Car> | null = await loadCar(tx, store, input.carId);
      if (car?.status !== "active") throw invalidFields({ carId: "Automobilis nerastas" });
    }
    const countHit = await takeRateLimit(tx, rateKey("site-request", rate.clientKey), rate.limit, now);
    const settings = await loadSettings(tx);

    const w = writer(tx, store, now);
    countHit();
    const id = insertDoc(w, COLLECTIONS.requests, newRequestDoc(input));
    writeAudit(w, { action: "create", resource: "requests", recordId: id, actor: WEB_ACTOR });
    const staffAddress = settings.company.emails[0];
    const mailId = staffAddress ? queueMail(w, requestNotificationMail(input, id, staffAddress)) : null;
    return { id, mailId };
  });

  ctx.events.publish("requests", outcome.id, "created");
  if (outcome.mailId) ctx.events.publish("mail", outcome.mailId, "created");
  ctx.log.info(`Nauja užklausa iš svetainės (${REQUEST_TYPE_LABELS[input.type]})`);
  return { id: outcome.id };
}

/** Staff's reply to an inquiry: the mail to the outbox, the reply recorded, the inquiry answered. */
export async function replyToInquiry(
  ctx: CoreContext,
  id: string,
  body: unknown,
  actor: string,
): Promise<{ request: Stamped<InquiryRequest>; mailId: string }> {
  const { store } = ctx;
  const now = ctx.clock.now();
  if (!store.isId(id)) throw new CoreError("not-found", REQUEST_NOT_FOUND_MESSAGE);
  const input = parseFields(replyInputSchema, body);

  const outcome = await store.transaction(async (tx) => {
    const found = await tx.get(COLLECTIONS.requests, id);
    if (!found) throw new CoreError("not-found", REQUEST_NOT_FOUND_MESSAGE);
    const inquiry = inquiryRecord(found);
    const settings = await loadSettings(tx);

    const w = writer(tx, store, now);
    const mailId = queueMail(w, replyMail(id, inquiry, settings.company.emails[0], input));
    const next = answeredRequest(inquiry, input, actor, now);
    const stamps = replaceDoc(w, COLLECTIONS.requests, id, next, inquiry.createdAt);
    writeAudit(w, { action: "update", resource: "requests", recordId: id, actor });
    writeAudit(w, { action: "create", resource: "mail", recordId: mailId, actor });
    return { request: { ...next, id, ...stamps } as Stamped<InquiryRequest>, mailId };
  });

  ctx.events.publish("requests", id, "updated");
  ctx.events.publish("mail", outcome.mailId, "created");
  ctx.log.info(`${actor} atsakė į užklausą ${id}; laiškas ${outcome.mailId} įdėtas į siuntimo eilę`);
  return outcome;
}

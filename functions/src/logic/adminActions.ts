// Back-office operations beyond one record's CRUD (src/admin/adminApi.ts), on Firebase, with
// the local server's answers (server/services/requestReply.ts and adminQuote.ts); the decisions
// are the domain's (src/domain/inquiry.ts and quoteCheck.ts), here only Firestore's reads and writes:
// - replyToRequest: the mail to the outbox, the reply recorded on the inquiry and the inquiry
//   answered, in one transaction (never a sent mail without a record of it);
// - checkQuote: the server's quote and availability for a reservation being entered.

import { RESOURCE_MODELS } from "../../../src/backend/firebase/model";
import { fromStoredDoc, toStoredDoc } from "../../../src/backend/firebase/storedDoc";
import { findConflicts } from "../../../src/domain/availability";
import { answeredRequest, REQUEST_NOT_FOUND_MESSAGE, replyInputSchema, replyMail } from "../../../src/domain/inquiry";
import {
  checkedQuote,
  type QuoteCheckResult,
  quoteCheckInputSchema,
  quoteCheckResult,
  quoteConflicts,
  requireQuoteCar,
} from "../../../src/domain/quoteCheck";
import type { Car, InquiryRequest } from "../../../src/domain/schemas";
import type { Reader, Store } from "../store";
import { loadActiveOffers, loadExtras, loadLocations, loadOne, loadPrices, loadSettings } from "./catalog";
import { FunctionError } from "./errors";
import { parseInput, withFunctionErrors } from "./input";
import { mailDoc } from "./mail";
import { blockingReservations } from "./reservations";

export type { QuoteCheckResult } from "../../../src/domain/quoteCheck";
export { REQUEST_NOT_FOUND_MESSAGE };

export async function replyToRequest(
  store: Store,
  id: unknown,
  body: unknown,
  actor: string,
  now: Date = new Date(),
): Promise<{ request: Record<string, unknown>; mailId: string }> {
  if (typeof id !== "string" || !/^[A-Za-z0-9-]{1,128}$/.test(id)) {
    throw new FunctionError("not-found", REQUEST_NOT_FOUND_MESSAGE);
  }
  const input = parseInput(replyInputSchema, body);
  const requests = RESOURCE_MODELS.requests.collection;
  const mail = RESOURCE_MODELS.mail.collection;
  return store.transaction(async (tx) => {
    const found = await tx.get(requests, id);
    if (!found) throw new FunctionError("not-found", REQUEST_NOT_FOUND_MESSAGE);
    const inquiry = fromStoredDoc("requests", id, found.data) as unknown as InquiryRequest & { id: string };
    const settings = await loadSettings(tx);

    const time = store.serverTime();
    const mailId = store.newId(mail);
    const message = mailDoc(replyMail(id, inquiry, settings.company.emails[0], input));
    tx.set(mail, mailId, { ...toStoredDoc("mail", message), createdAt: time, updatedAt: time });
    const next = answeredRequest(inquiry, input, actor, now);
    tx.update(requests, id, { ...toStoredDoc("requests", next), updatedAt: time });
    return { request: { ...next, id, createdAt: inquiry.createdAt, updatedAt: now.toISOString() }, mailId };
  });
}

export async function checkQuote(reader: Reader, body: unknown): Promise<QuoteCheckResult> {
  const input = parseInput(quoteCheckInputSchema, body);
  return withFunctionErrors(async () => {
    const car = requireQuoteCar(await loadOne<Car>(reader, "cars", input.carId));
    const [locations, extras, settings, prices, offers] = await Promise.all([
      loadLocations(reader),
      loadExtras(reader),
      loadSettings(reader),
      loadPrices(reader),
      loadActiveOffers(reader),
    ]);
    const priced = checkedQuote(input, { car, locations, extras, prices, offers, settings });
    const period = { pickupAt: input.pickupAt, returnAt: input.returnAt };
    const reservations = await blockingReservations(reader, car.id);
    const conflicts = quoteConflicts(findConflicts(car.id, period, reservations, input.reservationId ?? null));
    return quoteCheckResult(priced, conflicts);
  });
}

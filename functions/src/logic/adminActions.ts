// Back-office operations beyond one record's CRUD (src/admin/adminApi.ts), on Firebase, with
// the local server's answers (server/services/requestReply.ts and adminQuote.ts):
// - replyToRequest: the mail to the outbox, the reply recorded on the inquiry and the inquiry
//   answered, in one transaction (never a sent mail without a record of it);
// - checkQuote: the server's quote and availability for a reservation being entered.

import { z } from "zod";
import { RESOURCE_MODELS } from "../../../src/backend/firebase/model";
import { fromStoredDoc, toStoredDoc } from "../../../src/backend/firebase/storedDoc";
import { findConflicts } from "../../../src/domain/availability";
import { calculateQuote, QuoteError } from "../../../src/domain/pricing";
import {
  type Car,
  entityId,
  type InquiryRequest,
  isoDateTime,
  type Quote,
  type Reservation,
  requestSchema,
  reservationExtraSchema,
} from "../../../src/domain/schemas";
import type { Reader, Store } from "../store";
import { loadActiveOffers, loadExtras, loadLocations, loadOne, loadPrices, loadSettings } from "./catalog";
import { FunctionError, invalidInput } from "./errors";
import { zodErrors } from "./input";
import { mailDoc, textToHtml } from "./mail";
import { blockingReservations } from "./reservations";

export const REQUEST_NOT_FOUND_MESSAGE = "Užklausa nerasta";

export const replyInputSchema = z
  .object({
    subject: z
      .string({ error: "Turi būti tekstas" })
      .trim()
      .min(1, { error: "Įrašykite temą" })
      .max(200, { error: "Ne daugiau kaip 200 simbolių" }),
    body: z
      .string({ error: "Turi būti tekstas" })
      .trim()
      .min(1, { error: "Įrašykite atsakymą" })
      .max(20_000, { error: "Ne daugiau kaip 20000 simbolių" }),
  })
  .strict();

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalidInput(zodErrors(parsed.error));
  return parsed.data;
}

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
  const input = parse(replyInputSchema, body);
  const requests = RESOURCE_MODELS.requests.collection;
  const mail = RESOURCE_MODELS.mail.collection;
  return store.transaction(async (tx) => {
    const found = await tx.get(requests, id);
    if (!found) throw new FunctionError("not-found", REQUEST_NOT_FOUND_MESSAGE);
    const inquiry = fromStoredDoc("requests", id, found.data) as unknown as InquiryRequest & { id: string };
    const settings = await loadSettings(tx);
    const companyEmail = settings.company.emails[0];

    const time = store.serverTime();
    const mailId = store.newId(mail);
    const message = mailDoc({
      to: inquiry.email,
      ...(companyEmail ? { replyTo: companyEmail } : {}),
      subject: input.subject,
      text: input.body,
      html: textToHtml(input.body),
      ref: `request:${id}`,
    });
    tx.set(mail, mailId, { ...toStoredDoc("mail", message), createdAt: time, updatedAt: time });
    const reply = { at: now.toISOString(), by: actor, subject: input.subject, body: input.body };
    const { id: _id, createdAt, updatedAt: _u, ...doc } = inquiry;
    const next = requestSchema.parse({ ...doc, status: "answered", replies: [...(inquiry.replies ?? []), reply] });
    tx.update(requests, id, { ...toStoredDoc("requests", next), updatedAt: time });
    return { request: { ...next, id, createdAt, updatedAt: now.toISOString() }, mailId };
  });
}

export const checkQuoteInputSchema = z
  .object({
    carId: entityId,
    pickupAt: isoDateTime,
    returnAt: isoDateTime,
    pickupLocationId: entityId.nullable().optional(),
    returnLocationId: entityId.nullable().optional(),
    extras: z.array(reservationExtraSchema).max(20).default([]),
    /** the reservation being edited: it never conflicts with itself */
    reservationId: entityId.nullable().optional(),
  })
  .strict()
  .refine((input) => Date.parse(input.returnAt) > Date.parse(input.pickupAt), {
    error: "Grąžinimo laikas turi būti vėlesnis nei paėmimo",
    path: ["returnAt"],
  });

export interface QuoteCheckResult {
  quote: Quote | null;
  quoteError: string | null;
  available: boolean;
  conflicts: { id: string; number: string; status: string; pickupAt: string; returnAt: string }[];
}

export async function checkQuote(reader: Reader, body: unknown): Promise<QuoteCheckResult> {
  const input = parse(checkQuoteInputSchema, body);
  const car = await loadOne<Car>(reader, "cars", input.carId);
  if (!car) throw invalidInput({ carId: "Automobilis nerastas" });
  const [locations, extras, settings, prices, offers] = await Promise.all([
    loadLocations(reader),
    loadExtras(reader),
    loadSettings(reader),
    loadPrices(reader),
    loadActiveOffers(reader),
  ]);
  const errors: Record<string, string> = {};
  const chosen: { extra: (typeof extras)[number]; quantity: number }[] = [];
  input.extras.forEach((item, index) => {
    const extra = extras.find((candidate) => candidate.id === item.id);
    if (!extra) errors[`extras.${index}.id`] = "Papildoma paslauga nerasta";
    else chosen.push({ extra, quantity: item.quantity });
  });
  const location = (id: string | null | undefined, field: string) => {
    if (!id) return null;
    const found = locations.find((candidate) => candidate.id === id);
    if (!found) errors[field] = "Vieta nerasta";
    return found ?? null;
  };
  const pickupLocation = location(input.pickupLocationId, "pickupLocationId");
  const returnLocation = location(input.returnLocationId, "returnLocationId");
  if (Object.keys(errors).length > 0) throw invalidInput(errors);

  let quote: Quote | null = null;
  let quoteError: string | null = null;
  try {
    quote = calculateQuote({
      car,
      prices,
      pickupAt: input.pickupAt,
      returnAt: input.returnAt,
      extras: chosen,
      pickupLocation,
      returnLocation,
      offers,
      rules: { graceMinutes: settings.bookingRules.graceMinutes, vatRate: settings.bookingRules.vatRate },
    });
  } catch (error) {
    if (!(error instanceof QuoteError)) throw error;
    quoteError = error.message;
  }
  const period = { pickupAt: input.pickupAt, returnAt: input.returnAt };
  const conflicts = findConflicts(
    car.id,
    period,
    await blockingReservations(reader, car.id),
    input.reservationId ?? null,
  )
    .sort((a, b) => Date.parse(a.pickupAt) - Date.parse(b.pickupAt))
    .slice(0, 20)
    .map((reservation: Reservation & { id: string }) => ({
      id: reservation.id,
      number: reservation.number ?? "",
      status: reservation.status,
      pickupAt: new Date(reservation.pickupAt).toISOString(),
      returnAt: new Date(reservation.returnAt).toISOString(),
    }));
  return { quote, quoteError, available: conflicts.length === 0, conflicts };
}

// Reservations: the one place that prices, numbers and stores them, for the public site and the
// back-office, on every backend. Price, availability and number are decided here inside one
// transaction, never taken from the client.
//
// Concurrency: every transaction that could make a car's reservations overlap locks that car
// first, and every new number locks the year's counter last (always in that order, so two
// transactions never wait for each other in a circle). The PostgreSQL exclusion constraint stays
// as the database's own safety net.

import { changesDetail } from "../domain/auditChanges";
import { findConflicts, isBlockingStatus } from "../domain/availability";
import { type PlaceVerdict, placeRefusalMessage, transferFeeOf } from "../domain/carLocation";
import { transfersOf } from "../domain/carTransfers";
import { formatMoney } from "../domain/format";
import { invalidFields, prepareBody } from "../domain/input";
import { reservationMails } from "../domain/mailTemplates";
import { paymentSettingsOf } from "../domain/payments";
import { activeRentalEditRefusal } from "../domain/rentalChanges";
import {
  assertBookablePeriod,
  assertDriverAge,
  matchRefs,
  minDriverAgeFor,
  newWebCustomer,
  parseStaffReservation,
  periodOf,
  planStaffEdit,
  priceRefs,
  RESERVATION_KEYS,
  type RefInput,
  type ReservationPeriod,
  type ResolvedRefs,
  readWebReservation,
  SERVER_OWNED_FIELDS,
  webReservation,
  webReservationMailContext,
} from "../domain/reservationInput";
import {
  CANCEL_REASON_REQUIRED,
  closedEditChanges,
  closedReservationMessage,
  earlyHandOverErrors,
  isClosedStatus,
  mayHandOverNow,
  pastBookingErrors,
  readStaffEditIntent,
  type StaffEditIntent,
} from "../domain/reservationRules";
import type { RuleFacts } from "../domain/ruleFees";
import type { Fleet, Quote, Reservation, Settings } from "../domain/schemas";
import { readSiteQuote, type SiteQuote, siteQuoteAnswer } from "../domain/siteQuote";
import { vilniusDateString } from "../domain/time";
import { reservationsHoldingCar } from "./carHolds";
import { carPlaceVerdict } from "./carLocation";
import { loadActiveOffers, loadCar, loadExtras, loadLocations, loadPrices, loadSettings } from "./catalog";
import { COLLECTIONS } from "./collections";
import { CoreError, RESERVATION_NOT_FOUND_MESSAGE, reservationConflict } from "./errors";
import { fleetOf, moveFleetMileage } from "./fleetMileage";
import { carHasNoBlock } from "./maintenance";
import { refuseCancellingInvoiced } from "./moneyTrail";
import { prepareChangeMail, prepareReservationMail } from "./notifications";
import type { PaymentGateway } from "./paymentPort";
import { awaitingPayment, bookingTermsFor } from "./payments";
import { newReservationLink, siteBaseOf } from "./portalLinks";
import {
  type CoreContext,
  type DocumentStore,
  EMAIL_LOWER,
  type Reader,
  StoreConstraintError,
  type Transaction,
} from "./ports";
import { type RateLimit, rateKey, takeRateLimit } from "./rateLimit";
import { customerRecord, reservationRecord, type Stamped } from "./records";
import { assertFresh, expectedVersionOf, versionOf } from "./versions";
import { insertDoc, queueMail, replaceDoc, type StaffActor, WEB_ACTOR, writeAudit, writer } from "./writes";

export { RESERVATION_NOT_FOUND_MESSAGE } from "./errors";
export type ReservationSource = "web" | "phone" | "office";

// ---------- building blocks ----------

/** Loads the car, places and extras a reservation names; anything unknown is a field error. */
export async function resolveRefs(
  reader: Reader,
  store: DocumentStore,
  input: RefInput,
  opts: { publicOnly: boolean },
): Promise<ResolvedRefs> {
  // One after another: on PostgreSQL a transaction has a single connection.
  const car = await loadCar(reader, store, input.carId);
  const locations = await loadLocations(reader);
  const extras = await loadExtras(reader);
  return matchRefs(input, { car, locations, extras }, opts);
}

/** The server's price for a rental; a pricing problem (no price for the car) is a field error. */
export async function priceReservation(
  reader: Reader,
  refs: ResolvedRefs,
  period: ReservationPeriod,
  settings: Settings,
  transferFee = 0,
  facts: RuleFacts = {},
): Promise<Quote> {
  const prices = await loadPrices(reader);
  const offers = await loadActiveOffers(reader);
  return priceRefs(refs, period, { prices, offers, settings, ...(transferFee > 0 ? { transferFee } : {}) }, facts);
}

/**
 * The facts the fees by rule of a staff booking depend on: the customer card's birth date (the
 * driver's details given on "Mano rezervacija" come first) and whether the customer travels abroad.
 */
export async function staffRuleFacts(
  reader: Reader,
  store: DocumentStore,
  reservation: Pick<Reservation, "customerId" | "travelAbroad" | "driverDetails">,
): Promise<RuleFacts> {
  const found = store.isId(reservation.customerId)
    ? await reader.get(COLLECTIONS.customers, reservation.customerId)
    : null;
  const cardBirthDate = found ? (customerRecord(found).birthDate ?? null) : null;
  return {
    birthDate: reservation.driverDetails?.driver.birthDate ?? cardBirthDate,
    travelAbroad: reservation.travelAbroad ?? false,
  };
}

/**
 * Where the web booking's car will be at the pickup (src/domain/carLocation.ts): a place it cannot
 * reach in time is refused (409, whatever the browser sent); a place it must be brought to costs
 * the settings' transfer fee.
 */
export async function webPlaceVerdict(
  reader: Reader,
  refs: ResolvedRefs,
  period: ReservationPeriod,
  settings: Settings,
  now: Date,
  /** the reservation being changed ("Mano rezervacija"): its own hold does not count */
  ignoreId?: string,
): Promise<PlaceVerdict> {
  return carPlaceVerdict(reader, {
    car: refs.car,
    pickupLocationId: refs.pickupLocation.id,
    returnLocationId: refs.returnLocation.id,
    period,
    now,
    settings,
    ...(ignoreId ? { ignoreId } : {}),
  });
}

/** Reservations that hold the car (new, confirmed, active), also over a part before a car swap. */
export const blockingReservations = (reader: Reader, carId: string): Promise<Stamped<Reservation>[]> =>
  reservationsHoldingCar(reader, carId);

/**
 * Whether nothing holds the car during the period: no reservation that holds it (`ignoreId`: the
 * one being edited) and no maintenance block, each at least the turnaround buffer away
 * (settings.bookingRules.turnaroundMinutes).
 */
export async function carIsFree(
  reader: Reader,
  carId: string,
  period: ReservationPeriod,
  bufferMinutes: number,
  ignoreId?: string,
) {
  const reservations = await blockingReservations(reader, carId);
  if (findConflicts(carId, period, reservations, ignoreId ?? null, bufferMinutes).length > 0) return false;
  return carHasNoBlock(reader, carId, period, bufferMinutes);
}

const carLockKey = (carId: string): string => `car-${carId}`;

export const counterId = (year: number): string => `reservation-${year}`;
export const vilniusYear = (now: Date): number => Number(vilniusDateString(now).slice(0, 4));

/**
 * The next number of the year, "R-2026-000123", and the write that takes it. The counter is
 * written in the reservation's own transaction, so a refused reservation gives its number back
 * (no gaps); a missing counter (data loaded without it) catches up with the highest stored number.
 */
export async function takeReservationNumber(
  tx: Transaction,
  now: Date,
): Promise<{ number: string; commit: () => void }> {
  const year = vilniusYear(now);
  const prefix = `R-${year}-`;
  const id = counterId(year);
  await tx.lock(`counter-${id}`);
  const counter = await tx.get(COLLECTIONS.counters, id);
  let last = Number(counter?.data.value ?? 0);
  if (!counter) {
    const highest = await tx.query(COLLECTIONS.reservations, {
      where: [
        { field: "number", op: ">=", value: prefix },
        { field: "number", op: "<", value: `${prefix}\uf8ff` },
      ],
      orderBy: [{ field: "number", direction: "desc" }],
      limit: 1,
    });
    const found = /^R-\d{4}-(\d+)$/.exec(String(highest[0]?.data.number ?? ""));
    last = found ? Number(found[1]) : 0;
  }
  if (!Number.isSafeInteger(last) || last < 0) throw new Error("Sugadintas rezervacijų skaitiklis");
  const next = last + 1;
  return {
    number: `${prefix}${String(next).padStart(6, "0")}`,
    commit: () => tx.set(COLLECTIONS.counters, id, { value: next }),
  };
}

/**
 * Runs a reservation transaction; a write the database refused because the car is taken (the
 * exclusion constraint) or a number was taken twice is the usual conflict answer.
 */
async function reservationTransaction<T>(store: DocumentStore, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await store.transaction(fn);
  } catch (error) {
    if (error instanceof StoreConstraintError) throw reservationConflict();
    throw error;
  }
}

/** The stored document: the record without id and times (the writer sets those). */
function storedReservation(record: Reservation): Record<string, unknown> {
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    ...doc
  } = record as Reservation & {
    createdAt?: string;
    updatedAt?: string;
  };
  return doc;
}

// ---------- the public site ----------

export interface WebReservationOptions {
  /** the client's key (a hash of its address) and how many accepted reservations it may make per window */
  rateLimit?: { clientKey: string; limit: RateLimit };
  /** the site takes an online pre-payment: the reservation waits for it (src/core/payments.ts) */
  onlinePayment?: Pick<PaymentGateway, "provider" | "canHoldDeposit">;
}

export interface ReservationSaved {
  id: string;
  number: string;
  quote: Quote;
  record: Stamped<Reservation>;
}

/**
 * A web reservation: validated, checked against the booking rules, priced on the server,
 * numbered, and stored with the customer, the confirmation e-mails and the audit entry in one
 * transaction.
 */
export async function submitWebReservation(
  ctx: CoreContext,
  body: unknown,
  opts: WebReservationOptions = {},
): Promise<ReservationSaved> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const { input, period } = readWebReservation(body);
  // Read once, before the transaction: the booking window is checked first and the same settings
  // price the reservation.
  const settings = await loadSettings(store);
  assertBookablePeriod(period, settings.bookingRules, now);
  const email = input.customer.email.trim().toLowerCase();

  const outcome = await reservationTransaction(store, async (tx) => {
    // Reads first (Firestore's rule for transactions).
    const refs = await resolveRefs(tx, store, input, { publicOnly: true });
    assertDriverAge(input.customer.birthDate, period.pickupAt, minDriverAgeFor(refs.car, settings.tariff));
    await tx.lock(carLockKey(refs.car.id));
    if (!(await carIsFree(tx, refs.car.id, period, settings.bookingRules.turnaroundMinutes))) {
      throw reservationConflict();
    }
    const place = await webPlaceVerdict(tx, refs, period, settings, now);
    if (place.kind === "unreachable")
      throw new CoreError("conflict", placeRefusalMessage(place, transfersOf(settings)));
    const quote = await priceReservation(tx, refs, period, settings, transferFeeOf(place), {
      birthDate: input.customer.birthDate,
      travelAbroad: input.travelAbroad,
    });
    const countHit = opts.rateLimit
      ? await takeRateLimit(tx, rateKey("site-reservation", opts.rateLimit.clientKey), opts.rateLimit.limit, now)
      : null;
    await tx.lock(`customer-${email}`);
    const existing = (
      await tx.query(COLLECTIONS.customers, { where: [{ field: EMAIL_LOWER, op: "==", value: email }], limit: 1 })
    )[0];
    const numbering = await takeReservationNumber(tx, now);

    // Writes.
    const w = writer(tx, store, now);
    countHit?.();
    numbering.commit();
    // Never written through a web form: an existing customer with this e-mail stays as it is (anyone
    // can type someone else's address). The booking gets a customer of its own, pending a merge
    // staff decide on ("Sujungti", src/core/customerMerge.ts).
    const mergeInto = existing ? (customerRecord(existing).mergeInto ?? existing.id) : null;
    const customerId = insertDoc(w, COLLECTIONS.customers, { ...newWebCustomer(input.customer, now), mergeInto });
    const customerCreated = true;
    writeAudit(w, {
      action: "create",
      resource: "customers",
      recordId: customerId,
      actor: WEB_ACTOR,
      ...(mergeInto ? { mergeInto } : {}),
    });
    const reservation = {
      ...webReservation({
        number: numbering.number,
        customerId,
        refs,
        period,
        quote,
        comment: input.comment,
        travelAbroad: input.travelAbroad,
      }),
      payment: opts.onlinePayment ? awaitingPayment(quote, paymentSettingsOf(settings), opts.onlinePayment, now) : null,
    };
    const id = insertDoc(w, COLLECTIONS.reservations, storedReservation(reservation));
    writeAudit(w, { action: "create", resource: "reservations", recordId: id, actor: WEB_ACTOR });
    const context = webReservationMailContext({ settings, number: numbering.number, refs, input, period, quote });
    const portalLink = newReservationLink(ctx, id, period.returnAt);
    const mailIds = reservationMails({ ...context, reservationId: id, portalLink, siteUrl: siteBaseOf(ctx) }).map(
      (mail) => queueMail(w, mail),
    );
    const at = now.toISOString();
    const record = { ...reservation, id, version: 1, createdAt: at, updatedAt: at } as Stamped<Reservation>;
    return { id, number: numbering.number, quote, record, customerId, customerCreated, mailIds, car: refs.car };
  });

  ctx.events.publish("reservations", outcome.id, "created");
  if (outcome.customerCreated) ctx.events.publish("customers", outcome.customerId, "created");
  for (const id of outcome.mailIds) ctx.events.publish("mail", id, "created");
  ctx.log.info(
    `Nauja rezervacija ${outcome.number} iš svetainės: ${outcome.car.make} ${outcome.car.model}, ${formatMoney(outcome.quote.total)}`,
  );
  return { id: outcome.id, number: outcome.number, quote: outcome.quote, record: outcome.record };
}

/**
 * The reservation form's live quote, read-only: the same reading, booking rules, catalogue
 * matching and pricing as submitWebReservation. Whether the car is free is a yes or no, never the
 * reservations that hold it.
 */
export async function quoteWebReservation(
  ctx: CoreContext,
  body: unknown,
  opts: WebReservationOptions = {},
): Promise<SiteQuote> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const { input, period } = readSiteQuote(body);
  const settings = await loadSettings(store);
  assertBookablePeriod(period, settings.bookingRules, now);
  const refs = await resolveRefs(store, store, input, { publicOnly: true });
  const limit = opts.rateLimit;
  if (limit) {
    // Counted although nothing else is written: a quote costs the server a full pricing. A quote
    // refused above (an unknown car, place or extra) does not count.
    await store.transaction(async (tx) => {
      (await takeRateLimit(tx, rateKey("site-quote", limit.clientKey), limit.limit, now))();
    });
  }
  const prices = await loadPrices(store);
  const offers = await loadActiveOffers(store);
  const free = await carIsFree(store, refs.car.id, period, settings.bookingRules.turnaroundMinutes);
  const place = await webPlaceVerdict(store, refs, period, settings, now);
  const facts = { birthDate: input.birthDate ?? null, travelAbroad: input.travelAbroad };
  const answer = placedQuoteAnswer(refs, period, { prices, offers, settings }, free, place, facts);
  // Terms only for a car that can be booked: a taken one's answer stays "free or not" and nothing more.
  return answer.available && answer.quote
    ? { ...answer, terms: bookingTermsFor(settings, answer.quote, opts.onlinePayment, now) }
    : answer;
}

/**
 * The live quote under the booking's place rule (the web form and "Mano rezervacija"): a place the
 * car cannot reach in time is not bookable and the answer says why (the form offers the cars that
 * are); a move is priced in with the settings' transfer fee.
 */
export function placedQuoteAnswer(
  refs: ResolvedRefs,
  period: ReservationPeriod,
  pricing: {
    prices: Parameters<typeof siteQuoteAnswer>[2]["prices"];
    offers: Parameters<typeof siteQuoteAnswer>[2]["offers"];
    settings: Settings;
  },
  free: boolean,
  place: PlaceVerdict,
  facts: RuleFacts = {},
): SiteQuote {
  if (free && place.kind === "unreachable") {
    return { available: false, quote: null, quoteError: placeRefusalMessage(place, transfersOf(pricing.settings)) };
  }
  return siteQuoteAnswer(refs, period, { ...pricing, transferFee: transferFeeOf(place) }, free, facts);
}

// ---------- the back-office ----------

/** Where a staff booking's car will be: never refused (staff move cars), the move is priced. */
function staffPlaceVerdict(
  reader: Reader,
  refs: ResolvedRefs,
  period: ReservationPeriod,
  settings: Settings,
  now: Date,
  ignoreId: string | null,
): Promise<PlaceVerdict> {
  return carPlaceVerdict(reader, {
    car: refs.car,
    pickupLocationId: refs.pickupLocation.id,
    returnLocationId: refs.returnLocation.id,
    period,
    now,
    settings,
    ignoreId,
  });
}

/** Where a staff reservation came from: "web" or "phone" as given, anything else the office. */
export const reservationSource = (body: unknown): ReservationSource => {
  const source = (body as { source?: unknown } | null)?.source;
  return source === "web" || source === "phone" ? source : "office";
};

async function assertCustomerExists(reader: Reader, store: DocumentStore, customerId: string): Promise<void> {
  const found = store.isId(customerId) ? await reader.get(COLLECTIONS.customers, customerId) : null;
  if (!found) throw invalidFields({ customerId: "Klientas nerastas" });
}

const staffSuffix = (actor: string): string => (actor ? ` (${actor})` : "");

/**
 * A reservation entered by staff (phone, office). The same price, number and overlap rules as
 * the site, without the booking-window rules (staff record past rentals too).
 */
export async function createStaffReservation(
  ctx: CoreContext,
  body: unknown,
  actor: StaffActor,
): Promise<ReservationSaved> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const source = reservationSource(body);
  const { intent, rest } = readStaffEditIntent(bodyObject(body));
  const parsed = parseStaffReservation({
    ...prepareBody(rest, RESERVATION_KEYS, [...SERVER_OWNED_FIELDS, "source"]),
    source,
  });
  const past = pastBookingErrors(parsed.pickupAt, now, intent.confirmPast);
  if (past) throw invalidFields(past);
  const data = { ...parsed, ...statusChangeReasons(null, parsed, intent, actor, now) };
  const period = periodOf(data);

  const outcome = await reservationTransaction(store, async (tx) => {
    const settings = await loadSettings(tx);
    const refs = await resolveRefs(tx, store, data, { publicOnly: false });
    await assertCustomerExists(tx, store, data.customerId);
    // Staff may book a car elsewhere (they move it; the form warned): the move is priced.
    const place = await staffPlaceVerdict(tx, refs, period, settings, now, null);
    const facts = await staffRuleFacts(tx, store, data);
    const quote = await priceReservation(tx, refs, period, settings, place.fee, facts);
    await tx.lock(carLockKey(refs.car.id));
    const buffer = settings.bookingRules.turnaroundMinutes;
    if (isBlockingStatus(data.status) && !(await carIsFree(tx, refs.car.id, period, buffer))) {
      throw reservationConflict();
    }
    const numbering = await takeReservationNumber(tx, now);
    const reservation = { ...data, ...period, number: numbering.number, quote, source };
    const newId = store.newId(COLLECTIONS.reservations);
    // Saved straight as confirmed: the customer gets the same confirmation as a web booking
    // confirmed later (read here, before the first write, as Firestore wants).
    const confirmation =
      data.status === "confirmed"
        ? await prepareReservationMail(tx, ctx, "reservationConfirmed", newId, reservation)
        : null;

    const w = writer(tx, store, now);
    numbering.commit();
    const id = insertDoc(w, COLLECTIONS.reservations, storedReservation(reservation), newId);
    writeAudit(w, { action: "create", resource: "reservations", recordId: id, actor: actor.email, ...reasonOf(data) });
    const mailId = confirmation ? queueMail(w, confirmation) : null;
    const at = now.toISOString();
    const record = { ...reservation, id, version: 1, createdAt: at, updatedAt: at } as Stamped<Reservation>;
    return { id, number: numbering.number, quote, record, mailId };
  });

  ctx.events.publish("reservations", outcome.id, "created");
  if (outcome.mailId) ctx.events.publish("mail", outcome.mailId, "created");
  ctx.log.info(`Rezervacija ${outcome.number} sukurta administravime${staffSuffix(actor.email)}`);
  const { mailId: _mailId, ...saved } = outcome;
  return saved;
}

/** A request body as an object (prepareBody says why anything else is refused). */
const bodyObject = (body: unknown): Record<string, unknown> =>
  typeof body === "object" && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : prepareBody(body, [], []);

/**
 * The reasons a status change needs, checked and set: a cancellation's reason, an admin's reason
 * for handing the car over before the pickup day. `from` is null for a new reservation.
 */
function statusChangeReasons(
  from: Reservation | null,
  next: Reservation,
  intent: StaffEditIntent,
  actor: StaffActor,
  now: Date,
): Partial<Pick<Reservation, "cancelReason" | "handoverOverrideReason">> {
  if (from?.status === next.status) return {};
  if (next.status === "cancelled") {
    if (intent.statusReason === "") throw invalidFields({ statusReason: CANCEL_REASON_REQUIRED });
    return { cancelReason: intent.statusReason };
  }
  if (next.status === "active") {
    const refused = earlyHandOverErrors(next.pickupAt, now, actor.role, intent.statusReason);
    if (refused) throw invalidFields(refused);
    if (!mayHandOverNow(next.pickupAt, now)) return { handoverOverrideReason: intent.statusReason };
  }
  return {};
}

/** The audit entry's note of why, when the change needed one. */
function reasonOf(data: Partial<Pick<Reservation, "cancelReason" | "handoverOverrideReason">>): { reason?: string } {
  const reason = data.cancelReason || data.handoverOverrideReason;
  return reason ? { reason } : {};
}

/**
 * The contract's odometer readings as they move the car's fleet record (src/core/fleetMileage.ts):
 * the record and the furthest reading, or null when the readings did not change. Reads only, before
 * any write, as Firestore wants.
 */
async function fleetMileageUpdate(
  tx: Transaction,
  before: Reservation | null,
  next: Reservation,
): Promise<{ fleet: Stamped<Fleet> | null; mileage: number } | null> {
  const readings = [next.contract.mileageOut, next.contract.mileageIn].filter(
    (value): value is number => value !== null,
  );
  if (readings.length === 0) return null;
  const unchanged =
    before !== null &&
    before.carId === next.carId &&
    before.contract?.mileageOut === next.contract.mileageOut &&
    before.contract?.mileageIn === next.contract.mileageIn;
  if (unchanged) return null;
  return { fleet: await fleetOf(tx, next.carId), mileage: Math.max(...readings) };
}

/**
 * A staff edit of a reservation (the whole record or only the changed fields). A status change
 * must be an allowed transition and give its reason where one is needed; a closed reservation
 * changes only its notes; an active rental keeps its car, times and price (the swap and extension
 * actions of rentalChanges.ts change them); a change of car, dates, places or extras re-prices it and re-checks
 * availability; otherwise the agreed price stays as it was. With a `version`, it must be the
 * stored one (another person's save in between is never overwritten).
 */
export async function updateStaffReservation(
  ctx: CoreContext,
  id: string,
  body: unknown,
  actor: StaffActor,
): Promise<Stamped<Reservation>> {
  const { store } = ctx;
  const now = ctx.clock.now();
  if (!store.isId(id)) throw new CoreError("not-found", RESERVATION_NOT_FOUND_MESSAGE);
  const { intent, rest } = readStaffEditIntent(bodyObject(body));
  const expected = expectedVersionOf(rest);
  const changes = prepareBody(rest, RESERVATION_KEYS, SERVER_OWNED_FIELDS);

  const outcome = await reservationTransaction(store, async (tx) => {
    const found = await tx.get(COLLECTIONS.reservations, id);
    if (!found) throw new CoreError("not-found", RESERVATION_NOT_FOUND_MESSAGE);
    const current = reservationRecord(found);
    assertFresh(current, expected);
    const edit = planStaffEdit(current, current.status, changes);
    const { period } = edit;
    if (isClosedStatus(current.status)) {
      const stored = planStaffEdit(current, current.status, {}).data;
      if (closedEditChanges(stored, edit.data).length > 0) {
        throw new CoreError("precondition", closedReservationMessage(current.status));
      }
    }
    // An active rental's car, times and price change only through its actions (rentalChanges.ts).
    const locked = activeRentalEditRefusal(current, edit.data);
    if (locked) throw new CoreError("precondition", locked);
    if (edit.periodChanged && !isClosedStatus(edit.data.status)) {
      const past = pastBookingErrors(edit.data.pickupAt, now, intent.confirmPast);
      if (past) throw invalidFields(past);
    }
    const data = { ...edit.data, ...statusChangeReasons(current, edit.data, intent, actor, now) };
    // An invoiced reservation is cancelled only after its credit note (issue 26).
    if (data.status === "cancelled" && current.status !== "cancelled") await refuseCancellingInvoiced(tx, id);

    if (edit.customerChanged) await assertCustomerExists(tx, store, data.customerId);
    let quote = edit.oldQuote;
    const settings = edit.repricing || edit.availabilityCheck ? await loadSettings(tx) : null;
    if (edit.repricing && settings) {
      const refs = await resolveRefs(tx, store, data, { publicOnly: false });
      const place = await staffPlaceVerdict(tx, refs, period, settings, now, id);
      const facts = await staffRuleFacts(tx, store, data);
      quote = await priceReservation(tx, refs, period, settings, place.fee, facts);
    }
    if (edit.availabilityCheck) {
      await tx.lock(carLockKey(data.carId));
      const buffer = settings?.bookingRules.turnaroundMinutes ?? 0;
      if (!(await carIsFree(tx, data.carId, period, buffer, id))) throw reservationConflict();
    }
    const fleet = await fleetMileageUpdate(tx, current, data);
    // The customer's mail (confirmed, changed, cancelled), queued with the change (notifications).
    const notice = await prepareChangeMail(tx, ctx, id, current, {
      ...data,
      ...period,
      number: current.number,
      ...(quote ? { quote } : {}),
    });

    const w = writer(tx, store, now);
    const next = { ...data, ...period, number: current.number, ...(quote ? { quote } : {}) };
    const noticeMailId = notice ? queueMail(w, notice) : null;
    const stamps = replaceDoc(
      w,
      COLLECTIONS.reservations,
      id,
      storedReservation(next),
      current.createdAt,
      versionOf(current),
    );
    const statusChange = current.status === next.status ? {} : { fromStatus: current.status, toStatus: next.status };
    writeAudit(w, {
      action: "update",
      resource: "reservations",
      recordId: id,
      actor: actor.email,
      ...statusChange,
      ...(current.status === next.status ? {} : reasonOf(data)),
      ...changesDetail(storedReservation(current), storedReservation(next)),
    });
    const fleetId = fleet ? moveFleetMileage(w, fleet.fleet, fleet.mileage, actor.email, id) : null;
    return {
      record: { ...next, id, ...stamps } as Stamped<Reservation>,
      before: current.status,
      fleetId,
      noticeMailId,
    };
  });

  ctx.events.publish("reservations", id, "updated");
  if (outcome.noticeMailId) ctx.events.publish("mail", outcome.noticeMailId, "created");
  if (outcome.fleetId) ctx.events.publish("fleet", outcome.fleetId, "updated");
  const { record, before } = outcome;
  ctx.log.info(
    before === record.status
      ? `Rezervacija ${record.number} pakeista${staffSuffix(actor.email)}`
      : `Rezervacijos ${record.number} būsena: ${before} → ${record.status}${staffSuffix(actor.email)}`,
  );
  return record;
}

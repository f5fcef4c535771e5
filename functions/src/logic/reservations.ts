// Reservations on Firebase, decided on the server side exactly as the local server decides
// them (server/services/reservations.ts): validation, the quote from calculateQuote, the
// overlap check and the yearly number counter in ONE Firestore transaction, and the
// confirmation e-mail documents written in that same transaction.
//
// Concurrency: every reservation transaction of a car reads and writes that car's
// reservationLocks document, and every new reservation reads and writes the year's counter,
// so two transactions that could overlap never both commit: Firestore aborts and retries
// one of them, and the retry sees the other's reservation.

import { EMAIL_LOWER_FIELD, INTERNAL_COLLECTIONS, RESOURCE_MODELS } from "../../../src/backend/firebase/model";
import { fromStoredDoc, toStoredDoc } from "../../../src/backend/firebase/storedDoc";
import type { ReservationCreated, WithId } from "../../../src/backend/port";
import { BLOCKING_STATUSES, findConflicts, isBlockingStatus } from "../../../src/domain/availability";
import { prepareBody } from "../../../src/domain/input";
import {
  assertBookablePeriod,
  assertDriverAge,
  customerGaps,
  matchRefs,
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
} from "../../../src/domain/reservationInput";
import type { Car, Customer, Quote, Reservation, Settings } from "../../../src/domain/schemas";
import { readSiteQuote, type SiteQuote, siteQuoteAnswer } from "../../../src/domain/siteQuote";
import { vilniusDateString } from "../../../src/domain/time";
import type { Reader, Store, Transaction } from "../store";
import { loadActiveOffers, loadExtras, loadLocations, loadOne, loadPrices, loadSettings, record } from "./catalog";
import { conflict, FunctionError, invalidInput } from "./errors";
import { withFunctionErrors } from "./input";
import { reservationMailDocs } from "./mail";

const RESERVATIONS = RESOURCE_MODELS.reservations.collection;
const CUSTOMERS = RESOURCE_MODELS.customers.collection;
const MAIL = RESOURCE_MODELS.mail.collection;
export const RESERVATION_NOT_FOUND = "Rezervacija nerasta";

// ---------- building blocks ----------

export type { ResolvedRefs } from "../../../src/domain/reservationInput";

/** Loads the car, places and extras a reservation names; anything unknown is a field error. */
export async function resolveRefs(
  reader: Reader,
  input: RefInput,
  opts: { publicOnly: boolean },
): Promise<ResolvedRefs> {
  const car = await loadOne<Car>(reader, "cars", input.carId);
  const locations = await loadLocations(reader);
  const extras = await loadExtras(reader);
  return matchRefs(input, { car, locations, extras }, opts);
}

/** The server's price; a pricing problem (no price for the car) is a field error. */
export async function priceReservation(
  reader: Reader,
  refs: ResolvedRefs,
  period: ReservationPeriod,
  settings: Settings,
): Promise<Quote> {
  const prices = await loadPrices(reader);
  const offers = await loadActiveOffers(reader);
  return priceRefs(refs, period, { prices, offers, settings });
}

/** Reservations of a car that hold it (new, confirmed, active). */
export async function blockingReservations(reader: Reader, carId: string): Promise<WithId<Reservation>[]> {
  const docs = await reader.query(RESERVATIONS, {
    where: [
      { field: "carId", op: "==", value: carId },
      { field: "status", op: "in", value: [...BLOCKING_STATUSES] },
    ],
  });
  return docs.map((doc) => record<Reservation>("reservations", doc));
}

/** Reads the car's lock document: two transactions of one car then conflict and run one after another. */
async function lockCar(tx: Transaction, carId: string, time: unknown): Promise<() => void> {
  await tx.get(INTERNAL_COLLECTIONS.reservationLocks, carId);
  return () => tx.set(INTERNAL_COLLECTIONS.reservationLocks, carId, { carId, touchedAt: time });
}

export const counterId = (year: number): string => `reservation-${year}`;
export const vilniusYear = (now: Date): number => Number(vilniusDateString(now).slice(0, 4));

/**
 * Reads the year's counter (catching up with the highest stored number when the counter is
 * missing) and returns the next number with the write that takes it.
 */
export async function takeReservationNumber(
  tx: Transaction,
  now: Date,
  serverTime: unknown,
): Promise<{ number: string; commit: () => void }> {
  const year = vilniusYear(now);
  const prefix = `R-${year}-`;
  const counter = await tx.get(INTERNAL_COLLECTIONS.counters, counterId(year));
  let last = Number(counter?.data.value ?? 0);
  if (!counter) {
    const highest = await tx.query(RESERVATIONS, {
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
    commit: () => tx.set(INTERNAL_COLLECTIONS.counters, counterId(year), { value: next, updatedAt: serverTime }),
  };
}

const stored = (resource: "reservations" | "customers" | "mail", value: Record<string, unknown>) =>
  toStoredDoc(resource, value);

// ---------- the public site ----------

/** The callable submitReservation: a web reservation, priced and numbered on the server. */
export async function submitReservation(
  store: Store,
  body: unknown,
  now: Date = new Date(),
): Promise<ReservationCreated> {
  return withFunctionErrors(() => submitWebReservation(store, body, now));
}

async function submitWebReservation(store: Store, body: unknown, now: Date): Promise<ReservationCreated> {
  const { input, period } = readWebReservation(body);
  // Read once, before the transaction: the booking window is checked first and the same
  // settings price the reservation.
  const settings = await loadSettings(store);
  assertBookablePeriod(period, settings.bookingRules, now);

  return store.transaction(async (tx) => {
    // Reads first (Firestore's rule for transactions).
    const refs = await resolveRefs(tx, input, { publicOnly: true });
    assertDriverAge(input.customer.birthDate, period.pickupAt, refs.car.minDriverAge);
    const quote = await priceReservation(tx, refs, period, settings);
    const touchLock = await lockCar(tx, refs.car.id, store.serverTime());
    if (findConflicts(refs.car.id, period, await blockingReservations(tx, refs.car.id)).length > 0) throw conflict();
    const existing = (
      await tx.query(CUSTOMERS, {
        where: [{ field: EMAIL_LOWER_FIELD, op: "==", value: input.customer.email.trim().toLowerCase() }],
        limit: 1,
      })
    )[0];
    const numbering = await takeReservationNumber(tx, now, store.serverTime());

    // Writes.
    const time = store.serverTime();
    touchLock();
    numbering.commit();
    let customerId: string;
    if (existing) {
      customerId = existing.id;
      const current = fromStoredDoc("customers", existing.id, existing.data) as unknown as Customer;
      const patch = customerGaps(current, input.customer, now);
      if (Object.keys(patch).length > 0) {
        tx.update(CUSTOMERS, customerId, { ...stored("customers", { ...current, ...patch }), updatedAt: time });
      }
    } else {
      const customer = newWebCustomer(input.customer, now);
      customerId = store.newId(CUSTOMERS);
      tx.set(CUSTOMERS, customerId, { ...stored("customers", customer), createdAt: time, updatedAt: time });
    }

    const id = store.newId(RESERVATIONS);
    const reservation = webReservation({
      number: numbering.number,
      customerId,
      refs,
      period,
      quote,
      comment: input.comment,
    });
    tx.set(RESERVATIONS, id, { ...stored("reservations", reservation), createdAt: time, updatedAt: time });

    const mails = reservationMailDocs({
      reservationId: id,
      ...webReservationMailContext({ settings, number: numbering.number, refs, input, period, quote }),
    });
    for (const mail of mails)
      tx.set(MAIL, store.newId(MAIL), { ...stored("mail", mail), createdAt: time, updatedAt: time });
    return { id, number: numbering.number, quote };
  });
}

/**
 * The callable quoteReservation: the reservation form's live quote, read-only. The same
 * reading, booking rules, catalogue matching and pricing as submitReservation; whether the
 * car is free is a yes or no, never the reservations that hold it.
 */
export async function quoteReservation(reader: Reader, body: unknown, now: Date = new Date()): Promise<SiteQuote> {
  return withFunctionErrors(async () => {
    const { input, period } = readSiteQuote(body);
    const settings = await loadSettings(reader);
    assertBookablePeriod(period, settings.bookingRules, now);
    const refs = await resolveRefs(reader, input, { publicOnly: true });
    const [prices, offers, holding] = await Promise.all([
      loadPrices(reader),
      loadActiveOffers(reader),
      blockingReservations(reader, refs.car.id),
    ]);
    const free = findConflicts(refs.car.id, period, holding).length === 0;
    return siteQuoteAnswer(refs, period, { prices, offers, settings }, free);
  });
}

// ---------- the back-office ----------

async function assertCustomerExists(reader: Reader, customerId: string): Promise<void> {
  if (!(await reader.get(CUSTOMERS, customerId))) throw invalidInput({ customerId: "Klientas nerastas" });
}

const sourceOf = (body: Record<string, unknown>): "web" | "phone" | "office" =>
  body.source === "web" || body.source === "phone" ? body.source : "office";

export interface SavedReservation extends Record<string, unknown> {
  id: string;
  number: string;
}

/**
 * The callable saveReservation (staff): creates a reservation entered by staff (same price,
 * number and overlap rules as the site, without the booking-window rules), or changes one:
 * a status change must be an allowed transition; a change of car, dates, places or extras
 * re-prices it; otherwise the agreed price stays.
 */
export async function saveReservation(
  store: Store,
  input: { id?: unknown; data?: unknown },
  now: Date = new Date(),
): Promise<SavedReservation> {
  if (input.id !== undefined && (typeof input.id !== "string" || input.id === "")) {
    throw new FunctionError("invalid-argument", "Neteisingas rezervacijos identifikatorius");
  }
  const id = input.id as string | undefined;
  return withFunctionErrors(() =>
    id ? updateStaffReservation(store, id, input.data, now) : createStaffReservation(store, input.data, now),
  );
}

async function createStaffReservation(store: Store, body: unknown, now: Date): Promise<SavedReservation> {
  const prepared = prepareBody(body, RESERVATION_KEYS, [...SERVER_OWNED_FIELDS, "source"]);
  const data = parseStaffReservation({ ...prepared, source: sourceOf(body as Record<string, unknown>) });
  const period = periodOf(data);

  return store.transaction(async (tx) => {
    const settings = await loadSettings(tx);
    const refs = await resolveRefs(tx, data, { publicOnly: false });
    await assertCustomerExists(tx, data.customerId);
    const quote = await priceReservation(tx, refs, period, settings);
    const touchLock = await lockCar(tx, refs.car.id, store.serverTime());
    if (isBlockingStatus(data.status)) {
      if (findConflicts(refs.car.id, period, await blockingReservations(tx, refs.car.id)).length > 0) throw conflict();
    }
    const numbering = await takeReservationNumber(tx, now, store.serverTime());

    const time = store.serverTime();
    touchLock();
    numbering.commit();
    const newId = store.newId(RESERVATIONS);
    const doc = { ...data, ...period, number: numbering.number, quote };
    tx.set(RESERVATIONS, newId, { ...stored("reservations", doc), createdAt: time, updatedAt: time });
    return { ...doc, id: newId, createdAt: now.toISOString(), updatedAt: now.toISOString() };
  });
}

async function updateStaffReservation(store: Store, id: string, body: unknown, now: Date): Promise<SavedReservation> {
  const changes = prepareBody(body, RESERVATION_KEYS, SERVER_OWNED_FIELDS);
  return store.transaction(async (tx) => {
    const currentDoc = await tx.get(RESERVATIONS, id);
    if (!currentDoc) throw new FunctionError("not-found", RESERVATION_NOT_FOUND);
    const current = record<Reservation>("reservations", currentDoc);
    const { number, createdAt } = current;
    const edit = planStaffEdit(current, current.status, changes);
    const { data, period } = edit;

    if (edit.customerChanged) await assertCustomerExists(tx, data.customerId);
    let quote = edit.oldQuote;
    if (edit.repricing) {
      const settings = await loadSettings(tx);
      const refs = await resolveRefs(tx, data, { publicOnly: false });
      quote = await priceReservation(tx, refs, period, settings);
    }
    const touchLock = await lockCar(tx, data.carId, store.serverTime());
    if (edit.availabilityCheck) {
      if (findConflicts(data.carId, period, await blockingReservations(tx, data.carId), id).length > 0)
        throw conflict();
    }

    touchLock();
    const doc = { ...data, ...period, number, ...(quote ? { quote } : {}) };
    tx.update(RESERVATIONS, id, { ...stored("reservations", doc), updatedAt: store.serverTime() });
    return { ...doc, id, number: number ?? "", createdAt, updatedAt: now.toISOString() };
  });
}

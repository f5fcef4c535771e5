// Reservations: the one place that prices, numbers and stores them, for the public
// site and the back-office alike. Price, availability and number are decided here,
// inside one transaction, never taken from the client.
import type { ReservationCreated } from "../../src/backend/port";
import { BLOCKING_STATUSES, isBlockingStatus } from "../../src/domain/availability";
import { formatMoney } from "../../src/domain/format";
import { INVALID_INPUT_MESSAGE, InputError, prepareBody } from "../../src/domain/input";
import { reservationMails } from "../../src/domain/mailTemplates";
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
} from "../../src/domain/reservationInput";
import type { Car, Customer, Quote, Reservation, ReservationInput, Settings } from "../../src/domain/schemas";
import { readSiteQuote, type SiteQuote, siteQuoteAnswer } from "../../src/domain/siteQuote";
import { isPgError } from "../db/index";
import type { Db, Queryable } from "../db/types";
import { ApiError } from "../http/errors";
import { log } from "../log";
import { writeAudit } from "./audit";
import {
  type DocRow,
  isUuid,
  loadActiveOffers,
  loadCar,
  loadExtras,
  loadLocations,
  loadPrices,
  loadSettings,
  rowToRecord,
  vilniusYear,
} from "./catalog";
import { publish } from "./events";
import { enqueueMail } from "./mail";

export const RESERVATION_CONFLICT_MESSAGE =
  "Atsiprašome, šis automobilis pasirinktomis datomis jau užimtas. Pasirinkite kitą automobilį arba datas.";
const RESERVATION_NOT_FOUND = "Rezervacija nerasta";
/** The audit log's actor for changes made through the public site. */
const WEB_ACTOR = "svetainė";

/** Constant SQL list of the statuses that hold a car (mirrors the exclusion constraint's WHERE). */
export const BLOCKING_SQL = BLOCKING_STATUSES.map((status) => `'${status}'`).join(", ");

// ---------- Input handling ----------

export function invalidInput(errors: Record<string, string>): ApiError {
  return new ApiError(422, INVALID_INPUT_MESSAGE, errors);
}

/** A domain input error as the API answers it: field errors 422, an unusable body 400. */
export function apiInputError(error: InputError): ApiError {
  return error.errors ? new ApiError(422, error.message, error.errors) : new ApiError(400, error.message);
}

/** Runs `fn`, answering a domain input error as an ApiError. */
export async function withApiErrors<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw error instanceof InputError ? apiInputError(error) : error;
  }
}

// ---------- Database errors ----------

const RETRYABLE_CODES = new Set(["40001", "40P01"]);

function conflict(): ApiError {
  return new ApiError(409, RESERVATION_CONFLICT_MESSAGE);
}

/** A database failure as an ApiError; never a raw PostgreSQL error on the wire. */
function mapDbError(error: unknown, context: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof InputError) return apiInputError(error);
  if (isPgError(error)) {
    if (error.code === "23P01") return conflict();
    if (error.code === "23503") return invalidInput({ carId: "Automobilis nerastas" });
    if (error.code === "23514") return invalidInput({ returnAt: "Grąžinimo laikas turi būti vėlesnis nei paėmimo" });
    if (error.code.startsWith("22")) return new ApiError(422, "Neteisingi duomenys");
  }
  log.error(`${context}: netikėta duomenų bazės klaida`, error);
  return new ApiError(500, "Vidinė serverio klaida. Bandykite dar kartą vėliau.");
}

/**
 * Runs the transaction, again when PostgreSQL reports a serialisation failure or a
 * deadlock, or when two transactions raced for the same new reservation number.
 */
async function inTransaction<T>(db: Db, context: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const maxAttempts = 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      const retry =
        isPgError(error) &&
        (RETRYABLE_CODES.has(error.code) || (error.code === "23505" && error.constraint === "reservations_number_key"));
      if (retry && attempt < maxAttempts) {
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
        continue;
      }
      if (retry) return Promise.reject(conflict());
      throw mapDbError(error, context);
    }
  }
}

// ---------- Building blocks ----------

/** Loads the car, places and extras a reservation names; anything unknown is a field error. */
async function resolveRefs(q: Queryable, input: RefInput, opts: { publicOnly: boolean }): Promise<ResolvedRefs> {
  // One after another: on PostgreSQL `q` is a transaction's single connection.
  const car = await loadCar(q, input.carId);
  const locations = await loadLocations(q);
  const extras = await loadExtras(q);
  return matchRefs(input, { car, locations, extras }, opts);
}

/** The server's price for a rental; a pricing problem (no price for the car) is a field error. */
async function priceReservation(
  q: Queryable,
  refs: ResolvedRefs,
  period: ReservationPeriod,
  settings: Settings,
): Promise<Quote> {
  const prices = await loadPrices(q);
  const offers = await loadActiveOffers(q);
  return priceRefs(refs, period, { prices, offers, settings });
}

/** Whether no reservation that holds the car overlaps [pickupAt, returnAt). */
async function carIsFree(
  q: Queryable,
  carId: string,
  period: { pickupAt: string; returnAt: string },
  ignoreId?: string,
): Promise<boolean> {
  const params: unknown[] = [carId, period.pickupAt, period.returnAt];
  if (ignoreId) params.push(ignoreId);
  const { rows } = await q.query(
    `SELECT 1 FROM reservations
     WHERE car_id = $1 AND status IN (${BLOCKING_SQL})
       AND pickup_at < $3::timestamptz AND return_at > $2::timestamptz
       ${ignoreId ? "AND id <> $4" : ""}
     LIMIT 1`,
    params,
  );
  return rows.length === 0;
}

/** 409 when a reservation that holds the car overlaps [pickupAt, returnAt). */
async function assertCarFree(
  q: Queryable,
  carId: string,
  period: { pickupAt: string; returnAt: string },
  ignoreId?: string,
): Promise<void> {
  if (!(await carIsFree(q, carId, period, ignoreId))) throw conflict();
}

/**
 * The next number of the year, "R-2026-000123". The counter row is updated in the
 * caller's transaction, so a rolled-back reservation gives its number back (no gaps)
 * and concurrent ones queue on the row lock. A missing or lagging counter (data loaded
 * without it) catches up with the highest number already stored.
 */
export async function nextReservationNumber(q: Queryable, now: Date = new Date()): Promise<string> {
  const year = vilniusYear(now);
  const prefix = `R-${year}-`;
  const { rows } = await q.query<{ value: number | string }>(
    `INSERT INTO counters (name, value)
     VALUES ($1, coalesce((SELECT max(substring(number from $3::int)::bigint) FROM reservations WHERE number ~ $2), 0) + 1)
     ON CONFLICT (name) DO UPDATE SET value = greatest(counters.value + 1, EXCLUDED.value)
     RETURNING value`,
    [`reservation:${year}`, `^R-${year}-[0-9]{1,15}$`, prefix.length + 1],
  );
  const value = Number(rows[0]?.value);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error("Nepavyko gauti rezervacijos numerio");
  return `${prefix}${String(value).padStart(6, "0")}`;
}

type StoredReservation = Omit<Reservation, "id" | "createdAt" | "updatedAt">;

function storedDoc(doc: Reservation): StoredReservation {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = doc;
  return rest;
}

async function insertReservation(q: Queryable, doc: StoredReservation & { number: string }): Promise<DocRow> {
  try {
    const { rows } = await q.query<DocRow>(
      `INSERT INTO reservations (doc, number, car_id, pickup_at, return_at, status)
       VALUES ($1::jsonb, $2, $3, $4::timestamptz, $5::timestamptz, $6)
       RETURNING id, doc, created_at, updated_at`,
      [JSON.stringify(doc), doc.number, doc.carId, doc.pickupAt, doc.returnAt, doc.status],
    );
    if (!rows[0]) throw new Error("Rezervacija neįrašyta");
    return rows[0];
  } catch (error) {
    if (isPgError(error) && error.code === "23P01") throw conflict();
    throw error;
  }
}

const carLabel = (car: Pick<Car, "make" | "model">): string => `${car.make} ${car.model}`;

/** The finder's customer, matched by e-mail (case-insensitive); new ones are created with consent time. */
async function findOrCreateCustomer(
  q: Queryable,
  input: ReservationInput["customer"],
  now: Date,
): Promise<{ id: string; created: boolean }> {
  const { rows } = await q.query<{ id: string; doc: Customer }>(
    "SELECT id, doc FROM customers WHERE lower(doc->>'email') = lower($1) ORDER BY created_at LIMIT 1",
    [input.email],
  );
  const existing = rows[0];
  if (existing) {
    const patch = customerGaps(existing.doc, input, now);
    if (Object.keys(patch).length > 0) {
      await q.query("UPDATE customers SET doc = doc || $2::jsonb, updated_at = now() WHERE id = $1", [
        existing.id,
        JSON.stringify(patch),
      ]);
    }
    return { id: existing.id, created: false };
  }
  const customer = newWebCustomer(input, now);
  const { rows: inserted } = await q.query<{ id: string }>(
    "INSERT INTO customers (doc) VALUES ($1::jsonb) RETURNING id",
    [JSON.stringify(customer)],
  );
  const id = inserted[0]?.id;
  if (!id) throw new Error("Klientas neįrašytas");
  return { id, created: true };
}

// ---------- E-mail ----------

type MailContext = Omit<Parameters<typeof reservationMails>[0], "reservationId">;

async function queueReservationMails(q: Queryable, reservationId: string, ctx: MailContext): Promise<string[]> {
  const ids: string[] = [];
  for (const mail of reservationMails({ ...ctx, reservationId })) ids.push(await enqueueMail(q, mail));
  return ids;
}

// ---------- Public site ----------

/**
 * POST /api/site/reservations. Validates, prices on the server, takes the next
 * number and stores the reservation with its confirmation e-mail in one transaction.
 */
export async function submitWebReservation(
  db: Db,
  body: unknown,
  now: Date = new Date(),
): Promise<ReservationCreated & { record: Record<string, unknown> }> {
  const { input, period } = await withApiErrors(() => readWebReservation(body));
  // Read once: the booking window is checked before the transaction opens, and the same
  // settings price the reservation (read committed would not hold them still anyway).
  const settings = await loadSettings(db);
  await withApiErrors(() => assertBookablePeriod(period, settings.bookingRules, now));

  const outcome = await inTransaction(db, "Rezervacijos įrašymas", async (tx) => {
    const refs = await resolveRefs(tx, input, { publicOnly: true });
    assertDriverAge(input.customer.birthDate, period.pickupAt, refs.car.minDriverAge);
    const quote = await priceReservation(tx, refs, period, settings);
    await assertCarFree(tx, refs.car.id, period);

    const customer = await findOrCreateCustomer(tx, input.customer, now);
    const number = await nextReservationNumber(tx, now);
    const doc = storedDoc(
      webReservation({ number, customerId: customer.id, refs, period, quote, comment: input.comment }),
    );
    const row = await insertReservation(tx, { ...doc, number });
    await writeAudit(tx, { action: "create", resource: "reservations", recordId: row.id, actor: WEB_ACTOR });
    if (customer.created) {
      await writeAudit(tx, { action: "create", resource: "customers", recordId: customer.id, actor: WEB_ACTOR });
    }
    const mailIds = await queueReservationMails(
      tx,
      row.id,
      webReservationMailContext({ settings, number, refs, input, period, quote }),
    );
    return { row, number, quote, customer, mailIds, car: refs.car };
  });

  const { row, number, quote, customer, mailIds, car } = outcome;
  publish("reservations", row.id, "created");
  if (customer.created) publish("customers", customer.id, "created");
  for (const id of mailIds) publish("mail", id, "created");
  log.info(`Nauja rezervacija ${number} iš svetainės: ${carLabel(car)}, ${formatMoney(quote.total)}`);
  return { id: row.id, number, quote, record: rowToRecord(row) };
}

/**
 * POST /api/site/quote: the reservation form's live quote, read-only. The same reading,
 * booking rules, catalogue matching and pricing as submitWebReservation above; availability
 * is answered as yes or no, never with the reservations that hold the car.
 */
export async function quoteWebReservation(db: Db, body: unknown, now: Date = new Date()): Promise<SiteQuote> {
  const { input, period } = await withApiErrors(() => readSiteQuote(body));
  const settings = await loadSettings(db);
  return withApiErrors(async () => {
    assertBookablePeriod(period, settings.bookingRules, now);
    const refs = await resolveRefs(db, input, { publicOnly: true });
    const prices = await loadPrices(db);
    const offers = await loadActiveOffers(db);
    const free = await carIsFree(db, refs.car.id, period);
    return siteQuoteAnswer(refs, period, { prices, offers, settings }, free);
  });
}

// ---------- Back-office ----------

async function assertCustomerExists(q: Queryable, customerId: string): Promise<void> {
  const found = isUuid(customerId)
    ? (await q.query("SELECT 1 FROM customers WHERE id = $1", [customerId])).rows.length > 0
    : false;
  if (!found) throw invalidInput({ customerId: "Klientas nerastas" });
}

/**
 * A reservation entered by staff (phone, office). Same price, number and overlap
 * rules as the site, without the booking-window rules (staff record past rentals too).
 */
export async function createReservation(
  db: Db,
  input: unknown,
  opts: { source: "web" | "phone" | "office"; actor?: string },
): Promise<{ id: string; number: string; quote: Quote; record: Record<string, unknown> }> {
  const data = await withApiErrors(() =>
    parseStaffReservation({
      ...prepareBody(input, RESERVATION_KEYS, [...SERVER_OWNED_FIELDS, "source"]),
      source: opts.source,
    }),
  );
  const period = periodOf(data);

  const { row, number, quote } = await inTransaction(db, "Rezervacijos kūrimas", async (tx) => {
    const settings = await loadSettings(tx);
    const refs = await resolveRefs(tx, data, { publicOnly: false });
    await assertCustomerExists(tx, data.customerId);
    const quote = await priceReservation(tx, refs, period, settings);
    if (isBlockingStatus(data.status)) await assertCarFree(tx, refs.car.id, period);
    const number = await nextReservationNumber(tx);
    const doc = storedDoc({ ...data, ...period, number, quote, source: opts.source });
    const row = await insertReservation(tx, { ...doc, number });
    if (opts.actor)
      await writeAudit(tx, { action: "create", resource: "reservations", recordId: row.id, actor: opts.actor });
    return { row, number, quote };
  });

  publish("reservations", row.id, "created");
  log.info(`Rezervacija ${number} sukurta administravime${opts.actor ? ` (${opts.actor})` : ""}`);
  return { id: row.id, number, quote, record: rowToRecord(row) };
}

/**
 * Staff edit of a reservation (full record or only the changed fields). A status
 * change must be an allowed transition; a change of car, dates, places or extras
 * re-prices it; otherwise the agreed price stays as it was.
 */
export async function updateReservation(
  db: Db,
  id: string,
  input: unknown,
  opts: { actor?: string },
): Promise<Record<string, unknown>> {
  if (!isUuid(id)) throw new ApiError(404, RESERVATION_NOT_FOUND);
  const changes = await withApiErrors(() => prepareBody(input, RESERVATION_KEYS, SERVER_OWNED_FIELDS));

  const { row, before, after } = await inTransaction(db, "Rezervacijos keitimas", async (tx) => {
    const { rows } = await tx.query<DocRow & { number: string; status: string }>(
      "SELECT id, doc, number, status, created_at, updated_at FROM reservations WHERE id = $1 FOR UPDATE",
      [id],
    );
    const current = rows[0];
    if (!current) throw new ApiError(404, RESERVATION_NOT_FOUND);
    const edit = planStaffEdit(current.doc as Partial<Reservation>, current.status, changes);
    const { data, period } = edit;

    if (edit.customerChanged) await assertCustomerExists(tx, data.customerId);
    let quote = edit.oldQuote;
    if (edit.repricing) {
      const settings = await loadSettings(tx);
      const refs = await resolveRefs(tx, data, { publicOnly: false });
      quote = await priceReservation(tx, refs, period, settings);
    }
    if (edit.availabilityCheck) await assertCarFree(tx, data.carId, period, id);

    const doc = storedDoc({ ...data, ...period, number: current.number, ...(quote ? { quote } : {}) });
    try {
      const { rows: updated } = await tx.query<DocRow>(
        `UPDATE reservations
         SET doc = $2::jsonb, car_id = $3, pickup_at = $4::timestamptz, return_at = $5::timestamptz,
             status = $6, updated_at = now()
         WHERE id = $1
         RETURNING id, doc, created_at, updated_at`,
        [id, JSON.stringify(doc), doc.carId, doc.pickupAt, doc.returnAt, doc.status],
      );
      if (!updated[0]) throw new ApiError(404, RESERVATION_NOT_FOUND);
      if (opts.actor)
        await writeAudit(tx, { action: "update", resource: "reservations", recordId: id, actor: opts.actor });
      return { row: updated[0], before: current.status, after: doc.status };
    } catch (error) {
      if (isPgError(error) && error.code === "23P01") throw conflict();
      throw error;
    }
  });

  publish("reservations", id, "updated");
  const number = (row.doc as { number?: string }).number ?? "";
  log.info(
    before === after
      ? `Rezervacija ${number} pakeista${opts.actor ? ` (${opts.actor})` : ""}`
      : `Rezervacijos ${number} būsena: ${before} → ${after}${opts.actor ? ` (${opts.actor})` : ""}`,
  );
  return rowToRecord(row);
}

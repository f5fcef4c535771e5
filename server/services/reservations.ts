// Reservations: the one place that prices, numbers and stores them, for the public
// site and the back-office alike. Price, availability and number are decided here,
// inside one transaction, never taken from the client.
import type { ZodError } from "zod";
import type { ReservationCreated, WithId } from "../../src/backend/port";
import { BLOCKING_STATUSES, isBlockingStatus } from "../../src/domain/availability";
import { validateBookingPeriod } from "../../src/domain/booking";
import { formatDateTime, formatDays, formatMoney, formatNumber } from "../../src/domain/format";
import { calculateQuote, QuoteError } from "../../src/domain/pricing";
import { assertTransition, ReservationTransitionError } from "../../src/domain/reservationStatus";
import {
  type Car,
  type Customer,
  customerSchema,
  type Extra,
  type Location,
  type Quote,
  type Reservation,
  type ReservationInput,
  reservationInputSchema,
  reservationSchema,
  type Settings,
} from "../../src/domain/schemas";
import { vilniusDateString } from "../../src/domain/time";
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
import { enqueueMail, escapeHtml, fillTemplate, textToHtml } from "./mail";

export const RESERVATION_CONFLICT_MESSAGE =
  "Atsiprašome, šis automobilis pasirinktomis datomis jau užimtas. Pasirinkite kitą automobilį arba datas.";
export const INVALID_INPUT_MESSAGE = "Patikrinkite pažymėtus laukus";
export const UNKNOWN_FIELD_MESSAGE = "Nežinomas laukas";
const RESERVATION_NOT_FOUND = "Rezervacija nerasta";
/** The audit log's actor for changes made through the public site. */
const WEB_ACTOR = "svetainė";

/** Price fields a client may send (a stale preview, say): dropped unread, the server prices. */
export const CLIENT_PRICE_FIELDS = [
  "quote",
  "price",
  "total",
  "perDay",
  "dailyRate",
  "discount",
  "deposit",
  "amount",
  "vat",
] as const;

/** Constant SQL list of the statuses that hold a car (mirrors the exclusion constraint's WHERE). */
const BLOCKING_SQL = BLOCKING_STATUSES.map((status) => `'${status}'`).join(", ");

// ---------- Input handling ----------

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function invalidInput(errors: Record<string, string>): ApiError {
  return new ApiError(422, INVALID_INPUT_MESSAGE, errors);
}

/** Zod issues as field errors; an unknown key becomes its own field ("customer.foo": "Nežinomas laukas"). */
export function inputFieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  const set = (key: string, message: string) => {
    if (!(key in errors)) errors[key] = message;
  };
  for (const issue of error.issues) {
    const base = issue.path.map(String);
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) set([...base, key].join("."), UNKNOWN_FIELD_MESSAGE);
    } else {
      set(base.length > 0 ? base.join(".") : "_", issue.message);
    }
  }
  return errors;
}

/**
 * A request body as a plain object with only the known top-level fields. `ignored`
 * fields are dropped silently; any other unknown field is a 422, so a typo never
 * passes unnoticed.
 */
export function prepareBody(
  body: unknown,
  known: readonly string[],
  ignored: readonly string[] = [],
): Record<string, unknown> {
  if (!isPlainObject(body)) throw new ApiError(400, "Užklausos turinys turi būti JSON objektas");
  const out: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (ignored.includes(key)) continue;
    if (known.includes(key)) out[key] = value;
    else errors[key] = UNKNOWN_FIELD_MESSAGE;
  }
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  return out;
}

/** Price fields inside extras lines ({ id, quantity, price }) are ignored like top-level ones. */
function dropExtraPrices(extras: unknown): unknown {
  if (!Array.isArray(extras)) return extras;
  return extras.map((item) => {
    if (!isPlainObject(item)) return item;
    const copy = { ...item };
    for (const key of CLIENT_PRICE_FIELDS) delete copy[key];
    return copy;
  });
}

const toIso = (value: string | Date): string => new Date(value).toISOString();

// ---------- Database errors ----------

const RETRYABLE_CODES = new Set(["40001", "40P01"]);

function conflict(): ApiError {
  return new ApiError(409, RESERVATION_CONFLICT_MESSAGE);
}

/** A database failure as an ApiError; never a raw PostgreSQL error on the wire. */
function mapDbError(error: unknown, context: string): ApiError {
  if (error instanceof ApiError) return error;
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

interface ResolvedRefs {
  car: WithId<Car>;
  pickupLocation: WithId<Location>;
  returnLocation: WithId<Location>;
  extras: { extra: WithId<Extra>; quantity: number }[];
}

interface RefInput {
  carId: string;
  pickupLocationId: string;
  returnLocationId: string;
  extras: { id: string; quantity: number }[];
}

/** Loads the car, places and extras a reservation names; anything unknown is a field error. */
async function resolveRefs(q: Queryable, input: RefInput, opts: { publicOnly: boolean }): Promise<ResolvedRefs> {
  const errors: Record<string, string> = {};
  // One after another: on PostgreSQL `q` is a transaction's single connection.
  const car = await loadCar(q, input.carId);
  const locations = await loadLocations(q);
  const extras = await loadExtras(q);
  if (!car || (opts.publicOnly && car.status !== "active")) errors.carId = "Automobilis nerastas";

  const usable = <T extends { id: string; active?: boolean }>(items: T[], id: string): T | undefined =>
    items.find((item) => item.id === id && (!opts.publicOnly || item.active !== false));
  const pickupLocation = usable(locations, input.pickupLocationId);
  const returnLocation = usable(locations, input.returnLocationId);
  if (!pickupLocation) errors.pickupLocationId = "Paėmimo vieta nerasta";
  if (!returnLocation) errors.returnLocationId = "Grąžinimo vieta nerasta";

  const chosen: ResolvedRefs["extras"] = [];
  const seen = new Set<string>();
  input.extras.forEach((item, index) => {
    const extra = usable(extras, item.id);
    if (!extra) errors[`extras.${index}.id`] = "Papildoma paslauga nerasta";
    else if (seen.has(extra.id)) errors[`extras.${index}.id`] = "Ši paslauga nurodyta kelis kartus";
    else if (item.quantity > (extra.maxQuantity ?? 1)) {
      errors[`extras.${index}.quantity`] = `Ne daugiau kaip ${extra.maxQuantity ?? 1}`;
    } else {
      seen.add(extra.id);
      chosen.push({ extra, quantity: item.quantity });
    }
  });
  if (Object.keys(errors).length > 0 || !car || !pickupLocation || !returnLocation) throw invalidInput(errors);
  return { car, pickupLocation, returnLocation, extras: chosen };
}

/** The server's price for a rental; a pricing problem (no price for the car) is a field error. */
async function priceReservation(
  q: Queryable,
  refs: ResolvedRefs,
  period: { pickupAt: string; returnAt: string },
  settings: Settings,
): Promise<Quote> {
  const prices = await loadPrices(q);
  const offers = await loadActiveOffers(q);
  try {
    return calculateQuote({
      car: refs.car,
      prices,
      pickupAt: period.pickupAt,
      returnAt: period.returnAt,
      extras: refs.extras,
      pickupLocation: refs.pickupLocation,
      returnLocation: refs.returnLocation,
      offers,
      rules: { graceMinutes: settings.bookingRules.graceMinutes, vatRate: settings.bookingRules.vatRate },
    });
  } catch (error) {
    if (error instanceof QuoteError) throw invalidInput({ [error.field ?? "_"]: error.message });
    throw error;
  }
}

/** 409 when a reservation that holds the car overlaps [pickupAt, returnAt). */
async function assertCarFree(
  q: Queryable,
  carId: string,
  period: { pickupAt: string; returnAt: string },
  ignoreId?: string,
): Promise<void> {
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
  if (rows.length > 0) throw conflict();
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

/** Whole years of age on the pickup's Vilnius calendar date. */
function ageOn(birthDate: string, onDate: string): number {
  const [by = 0, bm = 0, bd = 0] = birthDate.split("-").map(Number);
  const [py = 0, pm = 0, pd = 0] = onDate.split("-").map(Number);
  return py - by - (pm < bm || (pm === bm && pd < bd) ? 1 : 0);
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
    // Fill what staff have not recorded yet; never overwrite what they have.
    const doc = existing.doc;
    const patch: Partial<Customer> = {};
    if (!doc.birthDate) patch.birthDate = input.birthDate;
    if (!doc.licenceNumber) patch.licenceNumber = input.licenceNumber;
    if (!doc.phone) patch.phone = input.phone;
    if (!doc.consentAt) patch.consentAt = now.toISOString();
    if (Object.keys(patch).length > 0) {
      await q.query("UPDATE customers SET doc = doc || $2::jsonb, updated_at = now() WHERE id = $1", [
        existing.id,
        JSON.stringify(patch),
      ]);
    }
    return { id: existing.id, created: false };
  }
  const parsed = customerSchema.safeParse({
    type: "private",
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    birthDate: input.birthDate,
    licenceNumber: input.licenceNumber,
    consentAt: now.toISOString(),
  });
  if (!parsed.success) throw invalidInput(prefixErrors(inputFieldErrors(parsed.error), "customer"));
  const { rows: inserted } = await q.query<{ id: string }>(
    "INSERT INTO customers (doc) VALUES ($1::jsonb) RETURNING id",
    [JSON.stringify(parsed.data)],
  );
  const id = inserted[0]?.id;
  if (!id) throw new Error("Klientas neįrašytas");
  return { id, created: true };
}

const prefixErrors = (errors: Record<string, string>, prefix: string): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([key, message]) => [`${prefix}.${key}`, message]));

// ---------- E-mail ----------

interface MailContext {
  settings: Settings;
  number: string;
  car: WithId<Car>;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  pickupAt: string;
  returnAt: string;
  pickupLocation: WithId<Location>;
  returnLocation: WithId<Location>;
  quote: Quote;
  comment: string;
}

function priceLines(quote: Quote): [string, string][] {
  const lines: [string, string][] = [[`Nuoma, ${formatDays(quote.days)}`, formatMoney(quote.base)]];
  for (const line of quote.extrasLines) {
    lines.push([`${line.name} × ${line.quantity}`, formatMoney(line.amount)]);
  }
  if (quote.delivery > 0) lines.push(["Pristatymas ir paėmimas", formatMoney(quote.delivery)]);
  if (quote.discount > 0) lines.push(["Nuolaida", `−${formatMoney(quote.discount)}`]);
  lines.push(["Iš viso su PVM", formatMoney(quote.total)]);
  lines.push([`iš jų PVM (${formatNumber(quote.vatRate * 100)} %)`, formatMoney(quote.vat)]);
  lines.push(["Užstatas (grąžinamas)", formatMoney(quote.deposit)]);
  return lines;
}

const priceText = (quote: Quote): string =>
  ["Kainos išklotinė:", ...priceLines(quote).map(([label, value]) => `${label}: ${value}`)].join("\n");

const priceHtml = (quote: Quote): string =>
  `<table style="border-collapse:collapse;margin-top:8px">${priceLines(quote)
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 16px 2px 0">${escapeHtml(label)}</td><td style="padding:2px 0;text-align:right">${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table>`;

async function queueReservationMails(q: Queryable, reservationId: string, ctx: MailContext): Promise<string[]> {
  const company = ctx.settings.company;
  const pickup = `${formatDateTime(ctx.pickupAt)}, ${ctx.pickupLocation.name}`;
  const ret = `${formatDateTime(ctx.returnAt)}, ${ctx.returnLocation.name}`;
  const values = {
    number: ctx.number,
    name: `${ctx.customer.firstName} ${ctx.customer.lastName}`,
    car: carLabel(ctx.car),
    pickup,
    return: ret,
    total: formatMoney(ctx.quote.total),
    company: company.brand || company.name,
  };
  const template = ctx.settings.emailTemplates.reservationReceived;
  const body = fillTemplate(template.body, values);
  const ref = `reservation:${reservationId}`;
  const ids: string[] = [];
  ids.push(
    await enqueueMail(q, {
      to: ctx.customer.email,
      ...(company.emails[0] ? { replyTo: company.emails[0] } : {}),
      subject: fillTemplate(template.subject, values),
      text: `${body}\n\n${priceText(ctx.quote)}`,
      html: textToHtml(body, `<p><strong>Kainos išklotinė</strong></p>${priceHtml(ctx.quote)}`),
      ref,
    }),
  );
  const staffAddress = company.emails[0];
  if (staffAddress) {
    const details = [
      `Gauta nauja rezervacija ${ctx.number} iš svetainės.`,
      "",
      `Klientas: ${values.name}`,
      `El. paštas: ${ctx.customer.email}`,
      `Telefonas: ${ctx.customer.phone}`,
      `Automobilis: ${values.car}`,
      `Paėmimas: ${pickup}`,
      `Grąžinimas: ${ret}`,
      ...(ctx.comment ? [`Komentaras: ${ctx.comment}`] : []),
    ].join("\n");
    ids.push(
      await enqueueMail(q, {
        to: staffAddress,
        replyTo: ctx.customer.email,
        subject: `Nauja rezervacija ${ctx.number}: ${values.car}`,
        text: `${details}\n\n${priceText(ctx.quote)}`,
        html: textToHtml(details, priceHtml(ctx.quote)),
        ref,
      }),
    );
  }
  return ids;
}

// ---------- Public site ----------

const RESERVATION_INPUT_KEYS = Object.keys(reservationInputSchema.shape);

/**
 * POST /api/site/reservations. Validates, prices on the server, takes the next
 * number and stores the reservation with its confirmation e-mail in one transaction.
 */
export async function submitWebReservation(
  db: Db,
  body: unknown,
  now: Date = new Date(),
): Promise<ReservationCreated & { record: Record<string, unknown> }> {
  const prepared = prepareBody(body, RESERVATION_INPUT_KEYS, CLIENT_PRICE_FIELDS);
  if ("extras" in prepared) prepared.extras = dropExtraPrices(prepared.extras);
  const parsed = reservationInputSchema.safeParse(prepared);
  if (!parsed.success) throw invalidInput(inputFieldErrors(parsed.error));
  const input = parsed.data;
  const period = { pickupAt: toIso(input.pickupAt), returnAt: toIso(input.returnAt) };

  const periodErrors = validateBookingPeriod(period, (await loadSettings(db)).bookingRules, now);
  if (Object.keys(periodErrors).length > 0) throw invalidInput(periodErrors);

  const outcome = await inTransaction(db, "Rezervacijos įrašymas", async (tx) => {
    const settings = await loadSettings(tx);
    const refs = await resolveRefs(tx, input, { publicOnly: true });
    const age = ageOn(input.customer.birthDate, vilniusDateString(period.pickupAt));
    if (age < refs.car.minDriverAge) {
      throw invalidInput({ "customer.birthDate": `Vairuotojui turi būti ne mažiau kaip ${refs.car.minDriverAge} m.` });
    }
    if (age > 120) throw invalidInput({ "customer.birthDate": "Neteisinga gimimo data" });
    const quote = await priceReservation(tx, refs, period, settings);
    await assertCarFree(tx, refs.car.id, period);

    const customer = await findOrCreateCustomer(tx, input.customer, now);
    const number = await nextReservationNumber(tx, now);
    const doc = storedDoc(
      reservationSchema.parse({
        number,
        carId: refs.car.id,
        customerId: customer.id,
        pickupAt: period.pickupAt,
        returnAt: period.returnAt,
        pickupLocationId: refs.pickupLocation.id,
        returnLocationId: refs.returnLocation.id,
        extras: refs.extras.map(({ extra, quantity }) => ({ id: extra.id, quantity })),
        quote,
        status: "new",
        source: "web",
        comment: input.comment ?? "",
      }),
    );
    const row = await insertReservation(tx, { ...doc, number });
    await writeAudit(tx, { action: "create", resource: "reservations", recordId: row.id, actor: WEB_ACTOR });
    if (customer.created) {
      await writeAudit(tx, { action: "create", resource: "customers", recordId: customer.id, actor: WEB_ACTOR });
    }
    const mailIds = await queueReservationMails(tx, row.id, {
      settings,
      number,
      car: refs.car,
      customer: input.customer,
      ...period,
      pickupLocation: refs.pickupLocation,
      returnLocation: refs.returnLocation,
      quote,
      comment: input.comment ?? "",
    });
    return { row, number, quote, customer, mailIds, car: refs.car };
  });

  const { row, number, quote, customer, mailIds, car } = outcome;
  publish("reservations", row.id, "created");
  if (customer.created) publish("customers", customer.id, "created");
  for (const id of mailIds) publish("mail", id, "created");
  log.info(`Nauja rezervacija ${number} iš svetainės: ${carLabel(car)}, ${formatMoney(quote.total)}`);
  return { id: row.id, number, quote, record: rowToRecord(row) };
}

// ---------- Back-office ----------

/** Fields the server owns: a client's copy is ignored, never trusted. */
const SERVER_OWNED_FIELDS = ["id", "createdAt", "updatedAt", "number", "quote"] as const;
const RESERVATION_KEYS = Object.keys(reservationSchema.shape);

async function assertCustomerExists(q: Queryable, customerId: string): Promise<void> {
  const found = isUuid(customerId)
    ? (await q.query("SELECT 1 FROM customers WHERE id = $1", [customerId])).rows.length > 0
    : false;
  if (!found) throw invalidInput({ customerId: "Klientas nerastas" });
}

function parseAdminReservation(value: Record<string, unknown>): Reservation {
  const parsed = reservationSchema.safeParse(value);
  if (!parsed.success) throw invalidInput(inputFieldErrors(parsed.error));
  return parsed.data;
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
  const prepared = prepareBody(input, RESERVATION_KEYS, [...SERVER_OWNED_FIELDS, "source"]);
  const data = parseAdminReservation({ ...prepared, source: opts.source });
  const period = { pickupAt: toIso(data.pickupAt), returnAt: toIso(data.returnAt) };

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

const sameInstant = (a: string | undefined, b: string | undefined): boolean =>
  a !== undefined && b !== undefined && Date.parse(a) === Date.parse(b);

const extrasKey = (extras: { id: string; quantity: number }[] | undefined): string =>
  JSON.stringify(
    [...(extras ?? [])].sort((a, b) => a.id.localeCompare(b.id)).map((extra) => [extra.id, extra.quantity]),
  );

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
  const changes = prepareBody(input, RESERVATION_KEYS, SERVER_OWNED_FIELDS);

  const { row, before, after } = await inTransaction(db, "Rezervacijos keitimas", async (tx) => {
    const { rows } = await tx.query<DocRow & { number: string; status: string }>(
      "SELECT id, doc, number, status, created_at, updated_at FROM reservations WHERE id = $1 FOR UPDATE",
      [id],
    );
    const current = rows[0];
    if (!current) throw new ApiError(404, RESERVATION_NOT_FOUND);
    const old = current.doc as Partial<Reservation>;
    const { number: _number, quote: oldQuote, ...oldFields } = old;
    const data = parseAdminReservation({ ...oldFields, ...changes });

    try {
      assertTransition(current.status, data.status);
    } catch (error) {
      if (error instanceof ReservationTransitionError) throw invalidInput({ status: error.message });
      throw error;
    }

    const period = { pickupAt: toIso(data.pickupAt), returnAt: toIso(data.returnAt) };
    const periodChanged = !sameInstant(old.pickupAt, period.pickupAt) || !sameInstant(old.returnAt, period.returnAt);
    const carChanged = old.carId !== data.carId;
    const repricing =
      !oldQuote ||
      periodChanged ||
      carChanged ||
      old.pickupLocationId !== data.pickupLocationId ||
      old.returnLocationId !== data.returnLocationId ||
      extrasKey(old.extras) !== extrasKey(data.extras);

    if (old.customerId !== data.customerId) await assertCustomerExists(tx, data.customerId);
    let quote = oldQuote;
    if (repricing) {
      const settings = await loadSettings(tx);
      const refs = await resolveRefs(tx, data, { publicOnly: false });
      quote = await priceReservation(tx, refs, period, settings);
    }
    if (isBlockingStatus(data.status) && (periodChanged || carChanged || !isBlockingStatus(current.status))) {
      await assertCarFree(tx, data.carId, period, id);
    }

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

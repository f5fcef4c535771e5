// A reservation's input decided the same way by the local server and Cloud Functions: the
// body read, the car, places and extras it names matched against the catalogue, the driver's
// age checked and the server's price taken. The callers load the data and store the result.
import { isBlockingStatus } from "./availability";
import { type BookingPeriodRules, validateBookingPeriod } from "./booking";
import { CLIENT_PRICE_FIELDS, dropExtraPrices, invalidFields, parseFields, prepareBody } from "./input";
import type { ReservationMailContext } from "./mailTemplates";
import { calculateQuote, QuoteError } from "./pricing";
import { assertTransition, ReservationTransitionError } from "./reservationStatus";
import { type RuleFacts, withRuleFees } from "./ruleFees";
import {
  type Car,
  type Customer,
  customerSchema,
  type Extra,
  type Location,
  type Offer,
  type Price,
  type Quote,
  type Reservation,
  type ReservationInput,
  reservationInputSchema,
  reservationSchema,
  type Settings,
} from "./schemas";
import { ageOn, type Tariff, tariffOf } from "./tariff";
import { vilniusDateString } from "./time";

type WithId<T> = T & { id: string };

export const RESERVATION_INPUT_KEYS = Object.keys(reservationInputSchema.shape);
export const RESERVATION_KEYS = Object.keys(reservationSchema.shape);
/** Fields the server owns: a client's copy is ignored, never trusted. */
export const SERVER_OWNED_FIELDS = [
  "id",
  "createdAt",
  "updatedAt",
  "version",
  "number",
  "quote",
  // set from the request's statusReason when the status changes (reservationRules.ts)
  "cancelReason",
  "handoverOverrideReason",
  // written by the rental desk's hand-over and return (src/core/rentalDesk.ts), signed and kept unchanged
  "handover",
  "returnAct",
  // the payments ledger's summary, written with each ledger entry (src/core/payments.ts)
  "payment",
  // a rental's car swaps and extensions, written by their actions (src/core/rentalChanges.ts)
  "carSwaps",
  "previousCarIds",
  "extensions",
] as const;

export interface ReservationPeriod {
  pickupAt: string;
  returnAt: string;
}

export const toIso = (value: string | Date): string => new Date(value).toISOString();

export const periodOf = (value: { pickupAt: string | Date; returnAt: string | Date }): ReservationPeriod => ({
  pickupAt: toIso(value.pickupAt),
  returnAt: toIso(value.returnAt),
});

/** The public site's reservation body: known fields only, client prices dropped, validated. */
export function readWebReservation(body: unknown): { input: ReservationInput; period: ReservationPeriod } {
  const prepared = prepareBody(body, RESERVATION_INPUT_KEYS, CLIENT_PRICE_FIELDS);
  if ("extras" in prepared) prepared.extras = dropExtraPrices(prepared.extras);
  const input = parseFields(reservationInputSchema, prepared);
  return { input, period: periodOf(input) };
}

/**
 * The booking rules (lead time, shortest and longest rental, how far ahead) for a period the
 * public site books or quotes; a refused period is a field error on pickupAt / returnAt.
 */
export function assertBookablePeriod(period: ReservationPeriod, rules: BookingPeriodRules, now: Date): void {
  const errors = validateBookingPeriod(period, rules, now);
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
}

/** A whole reservation as staff save it. */
export const parseStaffReservation = (value: Record<string, unknown>): Reservation =>
  parseFields(reservationSchema, value);

export interface ResolvedRefs {
  car: WithId<Car>;
  pickupLocation: WithId<Location>;
  returnLocation: WithId<Location>;
  extras: { extra: WithId<Extra>; quantity: number }[];
}

export interface RefInput {
  carId: string;
  pickupLocationId: string;
  returnLocationId: string;
  extras: { id: string; quantity: number }[];
}

/**
 * The car, places and extras a reservation names, found in what the caller loaded; anything
 * unknown (or, for the public site, unpublished) is a field error.
 */
export function matchRefs(
  input: RefInput,
  loaded: { car: WithId<Car> | null | undefined; locations: WithId<Location>[]; extras: WithId<Extra>[] },
  opts: { publicOnly: boolean },
): ResolvedRefs {
  const errors: Record<string, string> = {};
  const { car } = loaded;
  if (!car || (opts.publicOnly && car.status !== "active")) errors.carId = "Automobilis nerastas";

  const usable = <T extends { id: string; active?: boolean }>(items: T[], id: string): T | undefined =>
    items.find((item) => item.id === id && (!opts.publicOnly || item.active !== false));
  const pickupLocation = usable(loaded.locations, input.pickupLocationId);
  const returnLocation = usable(loaded.locations, input.returnLocationId);
  if (!pickupLocation) errors.pickupLocationId = "Paėmimo vieta nerasta";
  if (!returnLocation) errors.returnLocationId = "Grąžinimo vieta nerasta";

  const chosen: ResolvedRefs["extras"] = [];
  const seen = new Set<string>();
  input.extras.forEach((item, index) => {
    const extra = usable(loaded.extras, item.id);
    if (!extra) errors[`extras.${index}.id`] = "Papildoma paslauga nerasta";
    else if (seen.has(extra.id)) errors[`extras.${index}.id`] = "Ši paslauga nurodyta kelis kartus";
    else if (item.quantity > (extra.maxQuantity ?? 1)) {
      errors[`extras.${index}.quantity`] = `Ne daugiau kaip ${extra.maxQuantity ?? 1}`;
    } else {
      seen.add(extra.id);
      chosen.push({ extra, quantity: item.quantity });
    }
  });
  if (Object.keys(errors).length > 0 || !car || !pickupLocation || !returnLocation) throw invalidFields(errors);
  return { car, pickupLocation, returnLocation, extras: chosen };
}

export interface PricingCatalogue {
  prices: WithId<Price>[];
  offers: WithId<Offer>[];
  /** the tariff's fees by rule (src/domain/ruleFees.ts); an absent tariff reads as tariffOf's */
  settings: Pick<Settings, "bookingRules"> & { tariff?: Tariff };
  /** the car brought from another place to the pickup (src/domain/carLocation.ts); absent: none */
  transferFee?: number;
}

/**
 * The server's price for a rental with the fees that apply by rule (the young driver's from the
 * birth date, travel abroad, after hours); a pricing problem (no price for the car) is a QuoteError.
 */
export function quoteRefs(
  refs: ResolvedRefs,
  period: ReservationPeriod,
  catalogue: PricingCatalogue,
  facts: RuleFacts = {},
): Quote {
  const { bookingRules } = catalogue.settings;
  const rules = {
    tariff: tariffOf(catalogue.settings),
    openingHour: bookingRules.openingHour,
    closingHour: bookingRules.closingHour,
  };
  return withRuleFees(basicQuote(refs, period, catalogue), rules, period, facts);
}

const basicQuote = (refs: ResolvedRefs, period: ReservationPeriod, catalogue: PricingCatalogue): Quote =>
  calculateQuote({
    car: refs.car,
    prices: catalogue.prices,
    pickupAt: period.pickupAt,
    returnAt: period.returnAt,
    extras: refs.extras,
    pickupLocation: refs.pickupLocation,
    returnLocation: refs.returnLocation,
    offers: catalogue.offers,
    rules: {
      graceMinutes: catalogue.settings.bookingRules.graceMinutes,
      vatRate: catalogue.settings.bookingRules.vatRate,
      maxDays: catalogue.settings.bookingRules.maxDays,
    },
    ...(catalogue.transferFee ? { transferFee: catalogue.transferFee } : {}),
  });

/** The server's price for a rental; a pricing problem (no price for the car) is a field error. */
export function priceRefs(
  refs: ResolvedRefs,
  period: ReservationPeriod,
  catalogue: PricingCatalogue,
  facts: RuleFacts = {},
): Quote {
  try {
    return quoteRefs(refs, period, catalogue, facts);
  } catch (error) {
    if (error instanceof QuoteError) throw invalidFields({ [error.field ?? "_"]: error.message });
    throw error;
  }
}

export { ageOn };

/** The youngest driver a car is rented to: the car's own limit, never below the tariff's. */
export const minDriverAgeFor = (car: Pick<Car, "minDriverAge">, tariff: Pick<Tariff, "minDriverAge">): number =>
  Math.max(car.minDriverAge, tariff.minDriverAge);

/** The driver must be old enough for the car on the pickup's Vilnius date. */
export function assertDriverAge(birthDate: string, pickupAt: string, minDriverAge: number): void {
  const age = ageOn(birthDate, vilniusDateString(pickupAt));
  if (age < minDriverAge) {
    throw invalidFields({ "customer.birthDate": `Vairuotojui turi būti ne mažiau kaip ${minDriverAge} m.` });
  }
  if (age > 120) throw invalidFields({ "customer.birthDate": "Neteisinga gimimo data" });
}

/** A new private customer from the site's form, consent given now. */
export const newWebCustomer = (input: ReservationInput["customer"], now: Date): Customer =>
  parseFields(
    customerSchema,
    {
      type: "private",
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      birthDate: input.birthDate,
      licenceNumber: input.licenceNumber,
      consentAt: now.toISOString(),
    },
    "customer",
  );

/**
 * What the merged-into customer lacks and the pending web customer has (src/core/customerMerge.ts):
 * staff decided they are one person, so the gaps are filled; nothing staff recorded is overwritten.
 */
export function mergeGaps(target: Partial<Customer>, pending: Partial<Customer>): Partial<Customer> {
  const patch: Partial<Customer> = {};
  if (!target.birthDate && pending.birthDate) patch.birthDate = pending.birthDate;
  if (!target.licenceNumber && pending.licenceNumber) patch.licenceNumber = pending.licenceNumber;
  if (!target.phone && pending.phone) patch.phone = pending.phone;
  if (!target.consentAt && pending.consentAt) patch.consentAt = pending.consentAt;
  return patch;
}

/** The new web reservation's document. */
export const webReservation = (args: {
  number: string;
  customerId: string;
  refs: ResolvedRefs;
  period: ReservationPeriod;
  quote: Quote;
  comment: string | undefined;
  travelAbroad: boolean | undefined;
}): Reservation =>
  reservationSchema.parse({
    number: args.number,
    carId: args.refs.car.id,
    customerId: args.customerId,
    pickupAt: args.period.pickupAt,
    returnAt: args.period.returnAt,
    pickupLocationId: args.refs.pickupLocation.id,
    returnLocationId: args.refs.returnLocation.id,
    extras: args.refs.extras.map(({ extra, quantity }) => ({ id: extra.id, quantity })),
    ...(args.travelAbroad ? { travelAbroad: true } : {}),
    quote: args.quote,
    status: "new",
    source: "web",
    comment: args.comment ?? "",
  });

/** The new web reservation's confirmation mails' details (the caller adds the stored id). */
export const webReservationMailContext = (args: {
  settings: Settings;
  number: string;
  refs: ResolvedRefs;
  input: ReservationInput;
  period: ReservationPeriod;
  quote: Quote;
}): Omit<ReservationMailContext, "reservationId"> => ({
  settings: args.settings,
  number: args.number,
  car: args.refs.car,
  customer: args.input.customer,
  ...args.period,
  pickupLocation: args.refs.pickupLocation,
  returnLocation: args.refs.returnLocation,
  quote: args.quote,
  comment: args.input.comment ?? "",
});

const sameInstant = (a: string | undefined, b: string | undefined): boolean =>
  a !== undefined && b !== undefined && Date.parse(a) === Date.parse(b);

const extrasKey = (extras: { id: string; quantity: number }[] | undefined): string =>
  JSON.stringify(
    [...(extras ?? [])].sort((a, b) => a.id.localeCompare(b.id)).map((extra) => [extra.id, extra.quantity]),
  );

/** What a staff edit changes: a new car or period re-checks availability; any booked-item change re-prices. */
export function reservationChanges(
  old: Partial<Reservation>,
  data: Reservation,
  period: ReservationPeriod,
): { periodChanged: boolean; carChanged: boolean; repricing: boolean } {
  const periodChanged = !sameInstant(old.pickupAt, period.pickupAt) || !sameInstant(old.returnAt, period.returnAt);
  const carChanged = old.carId !== data.carId;
  const repricing =
    !old.quote ||
    periodChanged ||
    carChanged ||
    old.pickupLocationId !== data.pickupLocationId ||
    old.returnLocationId !== data.returnLocationId ||
    (old.travelAbroad ?? false) !== (data.travelAbroad ?? false) ||
    old.customerId !== data.customerId ||
    extrasKey(old.extras) !== extrasKey(data.extras);
  return { periodChanged, carChanged, repricing };
}

/** A staff status change must be an allowed transition; a refused one is a field error on status. */
export function assertStatusChange(from: string, to: string): void {
  try {
    assertTransition(from, to);
  } catch (error) {
    if (error instanceof ReservationTransitionError) throw invalidFields({ status: error.message });
    throw error;
  }
}

export interface StaffEdit {
  /** the reservation as it will be saved (without number and quote) */
  data: Reservation;
  period: ReservationPeriod;
  /** the agreed price, kept unless `repricing` */
  oldQuote: Quote | undefined;
  customerChanged: boolean;
  /** the pickup or return time moved */
  periodChanged: boolean;
  /** a booked item changed: the reservation is priced again */
  repricing: boolean;
  /** the car must be free: it now holds the car for a new car or period, or newly holds it */
  availabilityCheck: boolean;
}

/**
 * A staff edit decided: the stored reservation (`status` as stored) with the changed fields
 * merged and validated, a refused status change a field error, and what the change needs
 * checked. The stored number, id and times are the caller's to keep.
 */
export function planStaffEdit(
  current: Partial<Reservation>,
  status: string,
  changes: Record<string, unknown>,
): StaffEdit {
  const { number: _number, quote: oldQuote, id: _id, createdAt: _c, updatedAt: _u, version: _v, ...fields } = current;
  const data = parseStaffReservation({ ...fields, ...changes });
  assertStatusChange(status, data.status);
  const period = periodOf(data);
  const { periodChanged, carChanged, repricing } = reservationChanges(current, data, period);
  return {
    data,
    period,
    oldQuote,
    customerChanged: current.customerId !== data.customerId,
    periodChanged,
    repricing,
    availabilityCheck: isBlockingStatus(data.status) && (periodChanged || carChanged || !isBlockingStatus(status)),
  };
}

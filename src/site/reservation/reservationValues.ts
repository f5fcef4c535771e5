// Reservation form state, validation and the wire inputs (POST /api/site/quote and
// /api/site/reservations). The server computes the price; the form never sends one.
import { type BookingPeriodRules, validateBookingPeriod } from "../../domain/booking";
import type { ReservationInput } from "../../domain/schemas";
import type { SiteQuoteInput } from "../../domain/siteQuote";
import { vilniusDateString } from "../../domain/time";
import type { PhoneRules } from "../components/phone/phoneSupport";
import { type LocalDateTime, toInstantIso } from "../lib/dates";

export interface ReservationValues {
  carId: string;
  pickupDate: string;
  pickupTime: string;
  returnDate: string;
  returnTime: string;
  pickupLocationId: string;
  returnLocationId: string;
  /** extra id -> quantity (absent = not chosen) */
  extras: Record<string, number>;
  /** the visitor travels abroad: the tariff's fee and larger deposit are in the quote (absent: no) */
  travelAbroad?: boolean;
  firstName: string;
  lastName: string;
  email: string;
  /** as typed; sent as E.164 */
  phone: string;
  /** the phone number's country (ISO 3166 alpha-2) */
  phoneCountry: string;
  /** the visitor chose the country: automatic detection leaves it alone */
  phoneCountryChosen: boolean;
  birthDate: string;
  licenceNumber: string;
  comment: string;
  acceptTerms: boolean;
}

export type ReservationField = Exclude<keyof ReservationValues, "phoneCountry" | "phoneCountryChosen">;
export type ReservationErrors = Partial<Record<ReservationField, string>>;

export function initialValues(options: {
  carId: string;
  pickup: LocalDateTime | null;
  return: LocalDateTime | null;
  locationId: string;
}): ReservationValues {
  return {
    carId: options.carId,
    pickupDate: options.pickup?.date ?? "",
    pickupTime: options.pickup?.time ?? "10:00",
    returnDate: options.return?.date ?? "",
    returnTime: options.return?.time ?? "10:00",
    pickupLocationId: options.locationId,
    returnLocationId: options.locationId,
    extras: {},
    travelAbroad: false,
    firstName: "",
    lastName: "",
    email: "",
    phone: "",
    phoneCountry: "LT",
    phoneCountryChosen: false,
    birthDate: "",
    licenceNumber: "",
    comment: "",
    acceptTerms: false,
  };
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Full years between a birth date and a day ("YYYY-MM-DD"). */
export function ageOn(birthDate: string, day: string): number {
  const [by = 0, bm = 0, bd = 0] = birthDate.split("-").map(Number);
  const [y = 0, m = 0, d = 0] = day.split("-").map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export interface ValidationContext {
  now?: Date;
  /** the phone tables, when loaded: then the number is checked for its country */
  phoneRules?: PhoneRules | null;
  /** the chosen car's minimum driver age */
  minDriverAge?: number | null;
  /** the company's booking rules (lead time, shortest and longest rental) */
  bookingRules?: BookingPeriodRules;
}

export function validateReservation(values: ReservationValues, context: ValidationContext = {}): ReservationErrors {
  const now = context.now ?? new Date();
  const errors: ReservationErrors = {};
  if (!values.carId) errors.carId = "Pasirinkite automobilį";
  const pickupAt = toInstantIso({ date: values.pickupDate, time: values.pickupTime });
  const returnAt = toInstantIso({ date: values.returnDate, time: values.returnTime });
  if (!pickupAt) errors.pickupDate = "Nurodykite paėmimo datą ir laiką";
  else if (Date.parse(pickupAt) < now.getTime()) errors.pickupDate = "Paėmimo laikas jau praėjo";
  if (!returnAt) errors.returnDate = "Nurodykite grąžinimo datą ir laiką";
  else if (pickupAt && Date.parse(returnAt) <= Date.parse(pickupAt)) {
    errors.returnDate = "Grąžinimo laikas turi būti vėlesnis nei paėmimo";
  }
  if (pickupAt && returnAt && context.bookingRules && !errors.pickupDate && !errors.returnDate) {
    const period = validateBookingPeriod({ pickupAt, returnAt }, context.bookingRules, now);
    if (period.pickupAt) errors.pickupDate = period.pickupAt;
    if (period.returnAt) errors.returnDate = period.returnAt;
  }
  if (!values.pickupLocationId) errors.pickupLocationId = "Pasirinkite paėmimo vietą";
  if (!values.returnLocationId) errors.returnLocationId = "Pasirinkite grąžinimo vietą";
  if (!values.firstName.trim()) errors.firstName = "Įveskite vardą";
  if (!values.lastName.trim()) errors.lastName = "Įveskite pavardę";
  if (!values.email.trim()) errors.email = "Įveskite el. pašto adresą";
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = "Neteisingas el. pašto adresas";
  const phoneProblem = phoneErrorOf(values, context.phoneRules ?? null);
  if (phoneProblem) errors.phone = phoneProblem;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.birthDate)) errors.birthDate = "Nurodykite gimimo datą";
  else if (context.minDriverAge && pickupAt) {
    const age = ageOn(values.birthDate, vilniusDateString(pickupAt));
    if (age < context.minDriverAge)
      errors.birthDate = `Vairuotojui turi būti ne mažiau kaip ${context.minDriverAge} m.`;
    else if (age > 120) errors.birthDate = "Neteisinga gimimo data";
  }
  if (!values.licenceNumber.trim()) errors.licenceNumber = "Įveskite vairuotojo pažymėjimo numerį";
  if (!values.acceptTerms) errors.acceptTerms = "Būtina sutikti su nuomos sąlygomis";
  return errors;
}

/** The phone's Lithuanian error, or null. Without the tables only the allowed characters are checked. */
export function phoneErrorOf(values: Pick<ReservationValues, "phone" | "phoneCountry">, rules: PhoneRules | null) {
  if (rules) return rules.phoneError(values.phone, values.phoneCountry);
  if (!values.phone.trim()) return "Įveskite telefono numerį";
  if (!/^[0-9 +\-()]*$/.test(values.phone)) return "Telefono numeryje gali būti tik skaitmenys, tarpai ir + - ( )";
  return null;
}

/** What is booked (car, period, places, extras): the quote's input and the reservation's first fields. */
function bookedItems(values: ReservationValues) {
  return {
    carId: values.carId,
    pickupAt: toInstantIso({ date: values.pickupDate, time: values.pickupTime }) ?? "",
    returnAt: toInstantIso({ date: values.returnDate, time: values.returnTime }) ?? "",
    pickupLocationId: values.pickupLocationId,
    returnLocationId: values.returnLocationId,
    extras: Object.entries(values.extras)
      .filter(([, quantity]) => quantity > 0)
      .map(([id, quantity]) => ({ id, quantity })),
    ...(values.travelAbroad ? { travelAbroad: true } : {}),
  };
}

/** A birth date typed in full (the young driver's fee is quoted by it); anything else is not sent. */
const quotableBirthDate = (value: string): string | null =>
  /^(19|20)\d{2}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null;

/**
 * The live quote's input (POST /api/site/quote): exactly the booked items the reservation
 * will send. Null while the car, a date or a place is still missing. The server validates it.
 */
export function toQuoteInput(values: ReservationValues): SiteQuoteInput | null {
  const items = bookedItems(values);
  if (!items.carId || !items.pickupAt || !items.returnAt || !items.pickupLocationId || !items.returnLocationId) {
    return null;
  }
  // The driver's birth date, once typed: the fees that apply by rule are in the quote before the button.
  const birthDate = quotableBirthDate(values.birthDate);
  return birthDate ? { ...items, birthDate } : items;
}

/** The wire input; `phone` is the E.164 form when the tables could normalise it. */
export function toReservationInput(values: ReservationValues, rules: PhoneRules | null = null): ReservationInput {
  const comment = values.comment.trim();
  const phone = rules?.normalizePhone(values.phone, values.phoneCountry) ?? values.phone.trim();
  return {
    ...bookedItems(values),
    customer: {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      phone,
      birthDate: values.birthDate,
      licenceNumber: values.licenceNumber.trim(),
    },
    ...(comment ? { comment } : {}),
    acceptTerms: true,
  };
}

/** The server's field keys ("customer.phone", "extras.0.quantity") -> form fields. */
export function formFieldOf(serverKey: string): ReservationField | null {
  const key = serverKey.replace(/^customer\./, "");
  if (key === "pickupAt") return "pickupDate";
  if (key === "returnAt") return "returnDate";
  if (key.startsWith("extras")) return "extras";
  const known: readonly string[] = [
    "carId",
    "pickupLocationId",
    "returnLocationId",
    "firstName",
    "lastName",
    "email",
    "phone",
    "birthDate",
    "licenceNumber",
    "comment",
    "acceptTerms",
  ];
  return known.includes(key) ? (key as ReservationField) : null;
}

export function mapServerErrors(fieldErrors: Record<string, string>): { fields: ReservationErrors; other: string[] } {
  const fields: ReservationErrors = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(fieldErrors)) {
    const field = formFieldOf(key);
    if (field && !fields[field]) fields[field] = message;
    else if (!field) other.push(message);
  }
  return { fields, other };
}

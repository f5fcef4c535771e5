// Reservation form state, validation and the wire input (POST /api/site/reservations).
// The server computes the price; the form never sends one.
import type { ReservationInput } from "../../domain/schemas";
import { type SearchPeriod, toInstantIso } from "../lib/dates";

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
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  birthDate: string;
  licenceNumber: string;
  comment: string;
  acceptTerms: boolean;
}

export type ReservationField = Exclude<keyof ReservationValues, "extras"> | "extras";
export type ReservationErrors = Partial<Record<ReservationField, string>>;

export function initialValues(options: { carId: string; period: SearchPeriod; locationId: string }): ReservationValues {
  return {
    carId: options.carId,
    pickupDate: options.period.pickup.date,
    pickupTime: options.period.pickup.time,
    returnDate: options.period.return.date,
    returnTime: options.period.return.time,
    pickupLocationId: options.locationId,
    returnLocationId: options.locationId,
    extras: {},
    firstName: "",
    lastName: "",
    email: "",
    phone: "",
    birthDate: "",
    licenceNumber: "",
    comment: "",
    acceptTerms: false,
  };
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateReservation(values: ReservationValues, now: Date = new Date()): ReservationErrors {
  const errors: ReservationErrors = {};
  if (!values.carId) errors.carId = "Pasirinkite automobilį";
  const pickupAt = toInstantIso({ date: values.pickupDate, time: values.pickupTime });
  const returnAt = toInstantIso({ date: values.returnDate, time: values.returnTime });
  if (!pickupAt) errors.pickupDate = "Nurodykite paėmimo datą ir laiką";
  else if (Date.parse(pickupAt) < now.getTime()) errors.pickupDate = "Paėmimo laikas jau praėjęs";
  if (!returnAt) errors.returnDate = "Nurodykite grąžinimo datą ir laiką";
  else if (pickupAt && Date.parse(returnAt) <= Date.parse(pickupAt)) {
    errors.returnDate = "Grąžinimo laikas turi būti vėlesnis nei paėmimo";
  }
  if (!values.pickupLocationId) errors.pickupLocationId = "Pasirinkite paėmimo vietą";
  if (!values.returnLocationId) errors.returnLocationId = "Pasirinkite grąžinimo vietą";
  if (!values.firstName.trim()) errors.firstName = "Įveskite vardą";
  if (!values.lastName.trim()) errors.lastName = "Įveskite pavardę";
  if (!values.email.trim()) errors.email = "Įveskite el. pašto adresą";
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = "Neteisingas el. pašto adresas";
  if (!values.phone.trim()) errors.phone = "Įveskite telefono numerį";
  else if (!/^[0-9 +\-()]*$/.test(values.phone))
    errors.phone = "Telefono numeryje gali būti tik skaitmenys, tarpai ir + - ( )";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.birthDate)) errors.birthDate = "Nurodykite gimimo datą";
  if (!values.licenceNumber.trim()) errors.licenceNumber = "Įveskite vairuotojo pažymėjimo numerį";
  if (!values.acceptTerms) errors.acceptTerms = "Būtina sutikti su nuomos sąlygomis";
  return errors;
}

export function toReservationInput(values: ReservationValues): ReservationInput {
  const comment = values.comment.trim();
  return {
    carId: values.carId,
    pickupAt: toInstantIso({ date: values.pickupDate, time: values.pickupTime }) ?? "",
    returnAt: toInstantIso({ date: values.returnDate, time: values.returnTime }) ?? "",
    pickupLocationId: values.pickupLocationId,
    returnLocationId: values.returnLocationId,
    extras: Object.entries(values.extras)
      .filter(([, quantity]) => quantity > 0)
      .map(([id, quantity]) => ({ id, quantity })),
    customer: {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
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

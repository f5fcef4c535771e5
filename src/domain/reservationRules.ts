// What staff may do with a reservation beyond the status graph (reservationStatus.ts): a closed
// reservation keeps its facts, a cancellation says why, the car leaves no earlier than the
// pickup day unless an admin says why, and a booking in the past is entered on purpose. Pure
// rules, used by the core for both backends and by the back-office to explain them up front.
import { formatDateTime } from "./format";
import { InputError } from "./input";
import { SERVER_OWNED_FIELDS } from "./reservationInput";
import { RESERVATION_STATUS_LABELS } from "./reservationStatus";
import { type Reservation, type ReservationStatus, STATUS_REASON_MAX } from "./schemas";
import { vilniusDateString } from "./time";

/** Finished one way or another: the record of what happened, no longer edited. */
export const CLOSED_STATUSES: readonly ReservationStatus[] = ["completed", "cancelled", "no_show"];
export const isClosedStatus = (status: string): boolean => (CLOSED_STATUSES as readonly string[]).includes(status);

/** Only a reservation that never became a rental may be deleted; the rest is the company's record. */
export const DELETABLE_STATUSES: readonly ReservationStatus[] = ["new", "cancelled"];
export const RESERVATION_DELETE_REFUSED =
  "Patvirtintos, vykdomos ar užbaigtos rezervacijos ištrinti negalima – ją galima atšaukti nurodžius priežastį.";

/** What a closed reservation still lets staff change. */
export const CLOSED_EDITABLE_FIELDS = ["notes"] as const;

/** Request fields that steer a staff edit but are not stored as given. */
export interface StaffEditIntent {
  /** why: a cancellation, or an admin's early hand-over */
  statusReason: string;
  /** the staff member confirmed a booking whose pickup time has passed */
  confirmPast: boolean;
}

export const STATUS_REASON_TOO_LONG = `Priežastis per ilga (daugiausia ${STATUS_REASON_MAX} simbolių)`;
export const CANCEL_REASON_REQUIRED = "Nurodykite atšaukimo priežastį";

/** Splits the steering fields off a request body; a wrong type is a field error. */
export function readStaffEditIntent(body: Record<string, unknown>): {
  intent: StaffEditIntent;
  rest: Record<string, unknown>;
} {
  const { statusReason, confirmPast, ...rest } = body;
  const errors: Record<string, string> = {};
  if (statusReason !== undefined && statusReason !== null && typeof statusReason !== "string") {
    errors.statusReason = "Priežastis turi būti tekstas";
  } else if (typeof statusReason === "string" && statusReason.trim().length > STATUS_REASON_MAX) {
    errors.statusReason = STATUS_REASON_TOO_LONG;
  }
  if (confirmPast !== undefined && confirmPast !== null && typeof confirmPast !== "boolean") {
    errors.confirmPast = "Turi būti taip arba ne";
  }
  if (Object.keys(errors).length > 0) throw new InputError("Patikrinkite pažymėtus laukus", errors);
  return {
    intent: {
      statusReason: typeof statusReason === "string" ? statusReason.trim() : "",
      confirmPast: confirmPast === true,
    },
    rest,
  };
}

/** "Rezervacija užbaigta – jos keisti negalima…" for an edit of anything but the notes. */
export function closedReservationMessage(status: string): string {
  const label = RESERVATION_STATUS_LABELS[status as ReservationStatus] ?? status;
  return `Rezervacija ${label} – jos keisti negalima, galima papildyti tik vidines pastabas.`;
}

const comparable = (value: unknown): string => JSON.stringify(value ?? null);

/** The fields a closed reservation's edit would change besides the notes (none: the edit may go). */
export function closedEditChanges(current: Reservation, next: Reservation): string[] {
  const keys = new Set([...Object.keys(current), ...Object.keys(next)]);
  // The server keeps these itself (ids, times, version, number, price, reasons): never "changed" by an edit.
  const ignored = new Set<string>([...CLOSED_EDITABLE_FIELDS, ...SERVER_OWNED_FIELDS]);
  return [...keys].filter(
    (key) =>
      !ignored.has(key) &&
      comparable((current as Record<string, unknown>)[key]) !== comparable((next as Record<string, unknown>)[key]),
  );
}

/** The first day the car may be handed over: the pickup's Vilnius date. */
export const handOverFrom = (pickupAt: string): string => vilniusDateString(new Date(pickupAt));

export const mayHandOverNow = (pickupAt: string, now: Date): boolean =>
  vilniusDateString(now) >= handOverFrom(pickupAt);

/**
 * A hand-over before the pickup day: refused for staff; an admin may, with a reason. Field
 * errors, or null when it may go.
 */
export function earlyHandOverErrors(
  pickupAt: string,
  now: Date,
  role: "staff" | "admin",
  reason: string,
): Record<string, string> | null {
  if (mayHandOverNow(pickupAt, now)) return null;
  const from = handOverFrom(pickupAt);
  if (role !== "admin") {
    return {
      status: `Automobilį perduoti galima nuo paėmimo dienos (${from}). Anksčiau – tik administratorius, nurodęs priežastį.`,
    };
  }
  if (reason === "") {
    return { statusReason: `Nurodykite, kodėl automobilis perduodamas anksčiau nei paėmimo dieną (${from})` };
  }
  return null;
}

/** A staff booking whose pickup time has passed needs the staff member's explicit confirmation. */
export function pastBookingErrors(pickupAt: string, now: Date, confirmed: boolean): Record<string, string> | null {
  if (confirmed || Date.parse(pickupAt) >= now.getTime()) return null;
  return {
    confirmPast: `Paėmimo laikas jau praėjęs (${formatDateTime(pickupAt)}). Patvirtinkite, kad registruojate praėjusią nuomą.`,
  };
}

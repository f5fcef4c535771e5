// What the reservation screens check before asking the server (which decides anyway):
// closed records, the hand-over day, past bookings, the cancel reason, and the server's
// error answers turned into one Lithuanian message plus field messages.
import { formatDateTime } from "../../domain/format";
import {
  CANCEL_REASON_REQUIRED,
  handOverFrom,
  isClosedStatus as isClosedDomainStatus,
  mayHandOverNow,
} from "../../domain/reservationRules";
import { RESERVATION_STATUS_LABELS } from "../../domain/reservationStatus";
import { type ReservationStatus, STATUS_REASON_MAX } from "../../domain/schemas";

export const REASON_MAX_LENGTH = STATUS_REASON_MAX;

/** completed / cancelled / no_show: only the internal notes may change. */
export function isClosedStatus(status: unknown): boolean {
  return typeof status === "string" && isClosedDomainStatus(status);
}

/** The Vilnius calendar day from which the car may be handed over. */
export const handoverDay = handOverFrom;

/** Before the pickup day (Vilnius dates): only an admin may hand over, with a reason. */
export function isBeforePickupDay(pickupAt: string | undefined, now: Date = new Date()): boolean {
  if (!pickupAt || Number.isNaN(Date.parse(pickupAt))) return false;
  return !mayHandOverNow(pickupAt, now);
}

export function handoverTooEarlyMessage(pickupAt: string): string {
  return `Perduoti galima nuo paėmimo dienos – ${handoverDay(pickupAt)}`;
}

const sameInstant = (a: unknown, b: unknown): boolean =>
  typeof a === "string" && typeof b === "string" && Date.parse(a) === Date.parse(b);

/**
 * A new booking, or an edit that moves the dates, whose pickup time has passed: the server
 * wants `confirmPast: true`, so staff confirm first.
 */
export function needsPastConfirmation(
  values: { pickupAt?: unknown; returnAt?: unknown },
  saved: { id?: unknown; pickupAt?: unknown; returnAt?: unknown } | undefined,
  now: number = Date.now(),
): boolean {
  if (typeof values.pickupAt !== "string") return false;
  const pickup = Date.parse(values.pickupAt);
  if (Number.isNaN(pickup) || pickup >= now) return false;
  if (!saved?.id) return true;
  return !sameInstant(values.pickupAt, saved.pickupAt) || !sameInstant(values.returnAt, saved.returnAt);
}

export function pastBookingQuestion(pickupAt: string): string {
  return `Paėmimo laikas jau praėjęs (${formatDateTime(pickupAt)}). Ar tikrai registruoti praėjusią nuomą?`;
}

/** A required reason (cancel, early hand-over): null when fine. */
export function reasonError(reason: string, missing: string): string | null {
  const trimmed = reason.trim();
  if (trimmed === "") return missing;
  if (trimmed.length > REASON_MAX_LENGTH) return `Ne daugiau kaip ${REASON_MAX_LENGTH} simbolių`;
  return null;
}

export const CANCEL_REASON_MISSING = CANCEL_REASON_REQUIRED;
export const OVERRIDE_REASON_MISSING = "Nurodykite, kodėl perduodama anksčiau paėmimo dienos";

/** Toasts after a status change. */
export const STATUS_DONE_MESSAGES: Readonly<Partial<Record<ReservationStatus, string>>> = {
  confirmed: "Rezervacija patvirtinta",
  active: "Automobilis perduotas klientui",
  completed: "Automobilis grąžintas, rezervacija užbaigta",
  cancelled: "Rezervacija atšaukta",
  no_show: "Pažymėta, kad klientas neatvyko",
};

export function closedRecordMessage(status: string): string {
  const label = RESERVATION_STATUS_LABELS[status as ReservationStatus] ?? status;
  return `Rezervacija ${label} – įrašas uždarytas. Keisti galima tik vidines pastabas.`;
}

export interface ServerRefusal {
  message: string;
  /** field path ("statusReason", "contract.mileageIn") -> message */
  fields: Record<string, string>;
}

function flatten(source: unknown, prefix: string, into: Record<string, string>): void {
  if (typeof source === "string") {
    if (prefix) into[prefix] = source;
    return;
  }
  if (source && typeof source === "object") {
    for (const [key, value] of Object.entries(source)) flatten(value, prefix ? `${prefix}.${key}` : key, into);
  }
}

const FALLBACK_MESSAGE = "Veiksmo atlikti nepavyko. Bandykite dar kartą.";

/** An error from the data provider (react-admin HttpError with body { message, errors }). */
export function serverRefusal(error: unknown): ServerRefusal {
  const fields: Record<string, string> = {};
  let message = FALLBACK_MESSAGE;
  if (error && typeof error === "object") {
    const body = (error as { body?: unknown }).body;
    if (body && typeof body === "object") flatten((body as { errors?: unknown }).errors, "", fields);
    const own = (error as { message?: unknown }).message;
    if (typeof own === "string" && own.trim() !== "") message = own;
  } else if (typeof error === "string" && error.trim() !== "") {
    message = error;
  }
  return { message, fields };
}

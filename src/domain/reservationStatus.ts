// The reservation life cycle (DESIGN.md section 4) and the Lithuanian status names.
import type { ReservationStatus } from "./schemas";

export const RESERVATION_TRANSITIONS: Readonly<Record<ReservationStatus, readonly ReservationStatus[]>> = {
  new: ["confirmed", "cancelled"],
  confirmed: ["active", "cancelled", "no_show"],
  active: ["completed"],
  completed: [],
  cancelled: [],
  no_show: [],
};

/** Feminine forms, agreeing with "rezervacija". */
export const RESERVATION_STATUS_LABELS: Readonly<Record<ReservationStatus, string>> = {
  new: "nauja",
  confirmed: "patvirtinta",
  active: "vykdoma",
  completed: "užbaigta",
  cancelled: "atšaukta",
  no_show: "neatvyko",
};

/** Inquiry (užklausa) states. */
export const REQUEST_STATUS_LABELS: Readonly<Record<"new" | "answered" | "closed" | "spam", string>> = {
  new: "nauja",
  answered: "atsakyta",
  closed: "uždaryta",
  spam: "šlamštas",
};

export const REQUEST_TYPE_LABELS: Readonly<Record<"contact" | "long-term" | "business" | "reservation", string>> = {
  contact: "bendra užklausa",
  "long-term": "ilgalaikė nuoma",
  business: "verslo klientas",
  reservation: "rezervacija",
};

const label = (status: string): string => RESERVATION_STATUS_LABELS[status as ReservationStatus] ?? status;

export class ReservationTransitionError extends Error {
  readonly from: string;
  readonly to: string;
  constructor(from: string, to: string) {
    super(`Rezervacijos būsenos pakeisti iš „${label(from)}“ į „${label(to)}“ negalima`);
    this.name = "ReservationTransitionError";
    this.from = from;
    this.to = to;
  }
}

const isStatus = (value: string): value is ReservationStatus => Object.hasOwn(RESERVATION_TRANSITIONS, value);

/** Keeping the same status is always allowed (a no-op save). */
export function canTransition(from: string, to: string): boolean {
  if (!isStatus(from) || !isStatus(to)) return false;
  return from === to || RESERVATION_TRANSITIONS[from].includes(to);
}

/** Where a reservation can go next, excluding staying put. */
export function allowedTransitions(from: string): ReservationStatus[] {
  return isStatus(from) ? [...RESERVATION_TRANSITIONS[from]] : [];
}

export function assertTransition(from: string, to: string): void {
  if (!canTransition(from, to)) throw new ReservationTransitionError(from, to);
}

/** No way out of these. */
export function isFinalStatus(status: string): boolean {
  return isStatus(status) && RESERVATION_TRANSITIONS[status].length === 0;
}

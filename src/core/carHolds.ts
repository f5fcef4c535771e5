// The reservations that hold a car (new, confirmed, active), for every check that a car is free:
// those booked with it (carId), and those that had it before a car swap (previousCarIds; they
// hold it only over their part of the rental, src/domain/availability.ts carHolds). Two equality
// queries, which every store serves without a composite index of its own.
import { BLOCKING_STATUSES } from "../domain/availability";
import type { Reservation } from "../domain/schemas";
import { COLLECTIONS } from "./collections";
import type { Reader } from "./ports";
import { reservationRecord, type Stamped } from "./records";

export async function reservationsHoldingCar(reader: Reader, carId: string): Promise<Stamped<Reservation>[]> {
  const booked = await reader.query(COLLECTIONS.reservations, {
    where: [
      { field: "carId", op: "==", value: carId },
      { field: "status", op: "in", value: [...BLOCKING_STATUSES] },
    ],
  });
  const swappedAway = await reader.query(COLLECTIONS.reservations, {
    where: [
      { field: "previousCarIds", op: "array-contains", value: carId },
      { field: "status", op: "in", value: [...BLOCKING_STATUSES] },
    ],
  });
  const seen = new Set(booked.map((doc) => doc.id));
  return [...booked, ...swappedAway.filter((doc) => !seen.has(doc.id))].map((doc) => reservationRecord(doc));
}

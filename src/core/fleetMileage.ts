// The car's odometer in its fleet record: hand-over and return readings, and the contract's
// readings typed on the reservation form, move it forward in the same transaction (never back:
// another rental may have read a later figure already).
import type { Fleet } from "../domain/schemas";
import { COLLECTIONS } from "./collections";
import type { Reader } from "./ports";
import { fleetRecord, type Stamped } from "./records";
import { versionOf } from "./versions";
import { replaceDoc, type Writer, writeAudit } from "./writes";

/** The car's fleet record, or null when the car has none. */
export async function fleetOf(reader: Reader, carId: string): Promise<Stamped<Fleet> | null> {
  const [doc] = await reader.query(COLLECTIONS.fleet, {
    where: [{ field: "carId", op: "==", value: carId }],
    limit: 1,
  });
  return doc ? fleetRecord(doc) : null;
}

/**
 * Writes `mileage` into the fleet record (read in the same transaction) with its audit entry
 * when it is further than the stored figure; returns the record's id, or null when nothing moved.
 */
export function moveFleetMileage(
  w: Writer,
  fleet: Stamped<Fleet> | null,
  mileage: number,
  actor: string,
  reservationId: string,
): string | null {
  if (!fleet || mileage <= (fleet.mileage ?? 0)) return null;
  replaceDoc(w, COLLECTIONS.fleet, fleet.id, { ...fleet, mileage }, fleet.createdAt, versionOf(fleet));
  writeAudit(w, { action: "update", resource: "fleet", recordId: fleet.id, actor, reservationId });
  return fleet.id;
}

// Where a car will be, read from the store for one booking (src/domain/carLocation.ts decides):
// the car's holds are read once, in the caller's transaction when it has one.
import { BLOCKING_STATUSES } from "../domain/availability";
import { type PlacedCar, type PlacedHold, type PlaceVerdict, placeVerdict } from "../domain/carLocation";
import { transfersOf } from "../domain/carTransfers";
import type { Settings } from "../domain/schemas";
import { COLLECTIONS } from "./collections";
import type { Reader, StoredDoc } from "./ports";
import { carRecord } from "./records";
import { versionOf } from "./versions";
import { replaceDoc, type Writer, writeAudit } from "./writes";

/** The reservations that hold the car (new, confirmed, active), with their places. */
export async function placedHoldsOf(reader: Reader, carId: string): Promise<PlacedHold[]> {
  const docs = await reader.query(COLLECTIONS.reservations, {
    where: [
      { field: "carId", op: "==", value: carId },
      { field: "status", op: "in", value: [...BLOCKING_STATUSES] },
    ],
  });
  return docs.map((doc) => ({ ...(doc.data as unknown as PlacedHold), id: doc.id }));
}

/**
 * Whether the car can be at the booking's pickup place in time (and reach its next hold from the
 * return place): here, by a transfer with the settings' fee, or not at all. `ignoreId`: the
 * reservation being changed.
 */
export async function carPlaceVerdict(
  reader: Reader,
  args: {
    car: PlacedCar;
    pickupLocationId: string;
    returnLocationId: string;
    period: { pickupAt: string; returnAt: string };
    now: Date;
    settings: Pick<Settings, "transfers">;
    ignoreId?: string | null;
  },
): Promise<PlaceVerdict> {
  const holds = await placedHoldsOf(reader, args.car.id);
  return placeVerdict({
    car: args.car,
    holds,
    period: args.period,
    pickupLocationId: args.pickupLocationId,
    returnLocationId: args.returnLocationId,
    now: args.now,
    transfers: transfersOf(args.settings),
    ...(args.ignoreId ? { ignoreId: args.ignoreId } : {}),
  });
}

/**
 * The car now stands at `locationId` (the return place of the reservation just completed): its
 * record is written with the audit entry; returns the car's id, or null when nothing moved (no
 * such car, or it is already there). `doc` is the car read in the same transaction.
 */
export function moveCarTo(
  w: Writer,
  doc: StoredDoc | null,
  locationId: string,
  actor: string,
  reservationId: string,
): string | null {
  if (!doc) return null;
  const car = carRecord(doc);
  if (car.locationId === locationId) return null;
  replaceDoc(w, COLLECTIONS.cars, doc.id, { ...car, locationId }, car.createdAt, versionOf(car));
  writeAudit(w, { action: "update", resource: "cars", recordId: doc.id, actor, reservationId });
  return doc.id;
}

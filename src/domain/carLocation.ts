// Where a car is and whether it can be at a pickup place in time. A car stands at its current
// place (car.locationId, set by the return); a reservation that holds it moves it to that
// reservation's return place at its return time. So at any moment the car is at the return place
// of its last hold ending by then, else at its current place. A car with no place (older data)
// can be at any place: nothing is refused or charged for it until staff or a return give it one.
//
// A pickup at another place needs the car moved there: possible when the car is free at its place
// at least settings.transfers.leadHours before the pickup (and not before now), and charged
// settings.transfers.fee. Likewise the car returned must reach its next hold's pickup place in time.
import { isBlockingStatus } from "./availability";
import type { TransferSettings } from "./carTransfers";
import { formatNumber } from "./format";

/** A hold of the car with its places (a reservation, as stored). */
export interface PlacedHold {
  id?: string;
  carId: string;
  status?: string;
  pickupAt: string;
  returnAt: string;
  pickupLocationId: string;
  returnLocationId: string;
}

export interface PlacedCar {
  id: string;
  /** where the car stands now; null or absent: unknown (any place) */
  locationId?: string | null;
}

export interface CarWhereabouts {
  /** the place, or null when the car has none (it can be at any place) */
  locationId: string | null;
  /** when the car is free there (ISO): the end of the hold that brings it; null: it is there now */
  since: string | null;
  /** the hold that brings it there, if any */
  holdId: string | null;
}

const ms = (value: string | Date): number => (value instanceof Date ? value.getTime() : Date.parse(value));
const HOUR_MS = 3_600_000;

const holdsOf = <H extends PlacedHold>(car: PlacedCar, holds: readonly H[], ignoreId?: string | null): H[] =>
  holds.filter(
    (hold) =>
      hold.carId === car.id &&
      (hold.status === undefined || isBlockingStatus(hold.status)) &&
      (ignoreId === undefined || ignoreId === null || hold.id !== ignoreId),
  );

/**
 * Where the car will be at `at`: the return place of its last hold (new, confirmed, active)
 * ending by then, else its current place. A hold that should have ended before `now` counts only
 * while the car is out (active): a booking never handed over does not move the car, the return
 * already did (car.locationId). `ignoreId` leaves out the reservation being checked.
 */
export function carPlaceAt(
  car: PlacedCar,
  holds: readonly PlacedHold[],
  at: string | Date,
  now: Date | null = null,
  ignoreId?: string | null,
): CarWhereabouts {
  const moment = ms(at);
  const since = now ? now.getTime() : Number.NEGATIVE_INFINITY;
  let last: PlacedHold | null = null;
  for (const hold of holdsOf(car, holds, ignoreId)) {
    const end = ms(hold.returnAt);
    if (end <= since && hold.status !== undefined && hold.status !== "active") continue;
    if (end <= moment && (!last || end > ms(last.returnAt))) last = hold;
  }
  if (last) return { locationId: last.returnLocationId, since: last.returnAt, holdId: last.id ?? null };
  return { locationId: car.locationId ?? null, since: null, holdId: null };
}

export type PlaceVerdict = (
  | /** the car is (or can be) at the pickup place: nothing to move */
  { kind: "here"; fromLocationId: string | null }
  /** the car is elsewhere and can be moved in time, for the fee */
  | { kind: "transfer"; fromLocationId: string }
  /** the car cannot be at the pickup place in time */
  | { kind: "unreachable"; reason: "pickup"; fromLocationId: string }
  /** returned at that place, the car cannot reach its next hold's pickup place in time */
  | { kind: "unreachable"; reason: "next"; nextLocationId: string }
) & {
  /** the settings' transfer fee when the car must be brought to the pickup place, else 0 */
  fee: number;
};

/**
 * Whether a rental of the car over `period` from `pickupLocationId` to `returnLocationId` fits
 * where the car is: here, by a transfer (with its fee), or not at all. `holds` are the car's
 * reservations (others and non-holding ones are skipped); `now` bounds when a move can start.
 */
export function placeVerdict(args: {
  car: PlacedCar;
  holds: readonly PlacedHold[];
  period: { pickupAt: string | Date; returnAt: string | Date };
  pickupLocationId: string;
  returnLocationId: string;
  now: Date;
  transfers: TransferSettings;
  ignoreId?: string | null;
}): PlaceVerdict {
  const { car, period, transfers } = args;
  const lead = Math.max(0, transfers.leadHours) * HOUR_MS;
  const pickup = ms(period.pickupAt);
  const returned = ms(period.returnAt);
  const holds = holdsOf(car, args.holds, args.ignoreId);

  // Before the rental: where the car will be, and whether it can be brought to the pickup.
  const where = carPlaceAt(car, holds, period.pickupAt, args.now);
  const move = where.locationId !== null && where.locationId !== args.pickupLocationId;
  const fee = move ? transfers.fee : 0;
  if (move && where.locationId !== null) {
    const free = Math.max(args.now.getTime(), where.since === null ? 0 : ms(where.since));
    if (free + lead > pickup) return { kind: "unreachable", reason: "pickup", fromLocationId: where.locationId, fee };
  }

  // After the rental: the next hold must be reachable from this one's return place.
  let next: PlacedHold | null = null;
  for (const hold of holds) {
    const start = ms(hold.pickupAt);
    if (start >= returned && (!next || start < ms(next.pickupAt))) next = hold;
  }
  if (next && next.pickupLocationId !== args.returnLocationId && returned + lead > ms(next.pickupAt)) {
    return { kind: "unreachable", reason: "next", nextLocationId: next.pickupLocationId, fee };
  }

  if (move && where.locationId !== null) return { kind: "transfer", fromLocationId: where.locationId, fee };
  return { kind: "here", fromLocationId: where.locationId, fee: 0 };
}

/** The transfer fee the site charges (0 unless the car is moved; an unreachable place is refused). */
export const transferFeeOf = (verdict: PlaceVerdict): number => (verdict.kind === "transfer" ? verdict.fee : 0);

/** Why the site refuses the booking (Lithuanian; names no other reservation). */
export function placeRefusalMessage(
  verdict: Extract<PlaceVerdict, { kind: "unreachable" }>,
  transfers: TransferSettings,
): string {
  if (verdict.reason === "next") {
    return "Į pasirinktą grąžinimo vietą grąžinto automobilio nespėsime laiku pervežti kitai nuomai. Pasirinkite kitą grąžinimo vietą arba kitą automobilį.";
  }
  return `Šio automobilio nespėsime pristatyti į pasirinktą paėmimo vietą: pervežimas iš kitos vietos trunka ne mažiau kaip ${formatNumber(transfers.leadHours, 0)} val. Pasirinkite kitą paėmimo vietą, vėlesnį laiką arba kitą automobilį.`;
}

/** The back-office's warning for a staff booking (it may go ahead: staff move the car themselves). */
export function placeWarning(verdict: PlaceVerdict, placeName: (id: string) => string): string | null {
  if (verdict.kind === "here") return null;
  if (verdict.kind === "transfer") {
    return `Automobilis tuo metu bus vietoje „${placeName(verdict.fromLocationId)}“: jį reikės pervežti į paėmimo vietą.`;
  }
  if (verdict.reason === "next") {
    return `Po šios nuomos automobilio laukia kita rezervacija vietoje „${placeName(verdict.nextLocationId)}“, o laiko jį pervežti nepakanka.`;
  }
  return `Automobilis tuo metu bus vietoje „${placeName(verdict.fromLocationId)}“ ir jo nespėsite laiku pervežti į paėmimo vietą.`;
}

/**
 * The search at one place: the cars that cannot be there in time, and the transfer fee of those
 * that must be brought there (the rental returns where it starts). `holds` are every car's holds,
 * loaded once for the whole search.
 */
export function searchPlaceVerdicts(args: {
  cars: readonly PlacedCar[];
  holds: readonly PlacedHold[];
  period: { pickupAt: string | Date; returnAt: string | Date };
  locationId: string;
  now: Date;
  transfers: TransferSettings;
}): { unreachable: Set<string>; fees: Map<string, number> } {
  const byCar = new Map<string, PlacedHold[]>();
  for (const hold of args.holds) {
    const list = byCar.get(hold.carId);
    if (list) list.push(hold);
    else byCar.set(hold.carId, [hold]);
  }
  const unreachable = new Set<string>();
  const fees = new Map<string, number>();
  for (const car of args.cars) {
    const verdict = placeVerdict({
      car,
      holds: byCar.get(car.id) ?? [],
      period: args.period,
      pickupLocationId: args.locationId,
      returnLocationId: args.locationId,
      now: args.now,
      transfers: args.transfers,
    });
    if (verdict.kind === "unreachable") unreachable.add(car.id);
    else if (verdict.kind === "transfer" && verdict.fee > 0) fees.set(car.id, verdict.fee);
  }
  return { unreachable, fees };
}

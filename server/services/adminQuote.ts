// The back-office's live quote and availability check for a reservation being entered or
// edited: the same calculateQuote and the same overlap rule the server applies on save, so
// what staff see is what will be stored (or refused).
import { z } from "zod";
import { BLOCKING_STATUSES } from "../../src/domain/availability";
import { calculateQuote, QuoteError } from "../../src/domain/pricing";
import { entityId, isoDateTime, type Quote, reservationExtraSchema } from "../../src/domain/schemas";
import type { Db } from "../db/types";
import { parseWith } from "../http/body";
import { ApiError } from "../http/errors";
import { isUuid, loadActiveOffers, loadCar, loadExtras, loadLocations, loadPrices, loadSettings } from "./catalog";

export const adminQuoteInputSchema = z
  .object({
    carId: entityId,
    pickupAt: isoDateTime,
    returnAt: isoDateTime,
    pickupLocationId: entityId.nullable().optional(),
    returnLocationId: entityId.nullable().optional(),
    extras: z.array(reservationExtraSchema).max(20).default([]),
    /** the reservation being edited: it never conflicts with itself */
    reservationId: entityId.nullable().optional(),
  })
  .strict()
  .refine((input) => Date.parse(input.returnAt) > Date.parse(input.pickupAt), {
    error: "Grąžinimo laikas turi būti vėlesnis nei paėmimo",
    path: ["returnAt"],
  });

export interface AdminQuoteConflict {
  id: string;
  number: string;
  status: string;
  pickupAt: string;
  returnAt: string;
}

export interface AdminQuoteResult {
  quote: Quote | null;
  /** why there is no quote (no price for the car, too many of an extra...) */
  quoteError: string | null;
  available: boolean;
  conflicts: AdminQuoteConflict[];
}

const BLOCKING_SQL = BLOCKING_STATUSES.map((status) => `'${status}'`).join(", ");
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export async function adminQuote(db: Db, body: unknown): Promise<AdminQuoteResult> {
  const input = parseWith(adminQuoteInputSchema, body);
  const car = await loadCar(db, input.carId);
  if (!car) throw new ApiError(422, "Patikrinkite pažymėtus laukus", { carId: "Automobilis nerastas" });
  const locations = await loadLocations(db);
  const extras = await loadExtras(db);
  const settings = await loadSettings(db);
  const prices = await loadPrices(db);
  const offers = await loadActiveOffers(db);

  const errors: Record<string, string> = {};
  const chosenExtras: { extra: (typeof extras)[number]; quantity: number }[] = [];
  input.extras.forEach((item, index) => {
    const extra = extras.find((candidate) => candidate.id === item.id);
    if (!extra) errors[`extras.${index}.id`] = "Papildoma paslauga nerasta";
    else chosenExtras.push({ extra, quantity: item.quantity });
  });
  const location = (id: string | null | undefined, field: string) => {
    if (!id) return null;
    const found = locations.find((candidate) => candidate.id === id);
    if (!found) errors[field] = "Vieta nerasta";
    return found ?? null;
  };
  const pickupLocation = location(input.pickupLocationId, "pickupLocationId");
  const returnLocation = location(input.returnLocationId, "returnLocationId");
  if (Object.keys(errors).length > 0) throw new ApiError(422, "Patikrinkite pažymėtus laukus", errors);

  let quote: Quote | null = null;
  let quoteError: string | null = null;
  try {
    quote = calculateQuote({
      car,
      prices,
      pickupAt: input.pickupAt,
      returnAt: input.returnAt,
      extras: chosenExtras,
      pickupLocation,
      returnLocation,
      offers,
      rules: { graceMinutes: settings.bookingRules.graceMinutes, vatRate: settings.bookingRules.vatRate },
    });
  } catch (error) {
    if (!(error instanceof QuoteError)) throw error;
    quoteError = error.message;
  }

  const ignore = input.reservationId && isUuid(input.reservationId) ? input.reservationId : null;
  const params: unknown[] = [car.id, input.pickupAt, input.returnAt];
  if (ignore) params.push(ignore);
  const { rows } = await db.query<{
    id: string;
    number: string;
    status: string;
    pickup_at: Date | string;
    return_at: Date | string;
  }>(
    `SELECT id, number, status, pickup_at, return_at FROM reservations
     WHERE car_id = $1 AND status IN (${BLOCKING_SQL})
       AND pickup_at < $3::timestamptz AND return_at > $2::timestamptz
       ${ignore ? "AND id <> $4" : ""}
     ORDER BY pickup_at LIMIT 20`,
    params,
  );
  const conflicts = rows.map((row) => ({
    id: row.id,
    number: row.number,
    status: row.status,
    pickupAt: iso(row.pickup_at),
    returnAt: iso(row.return_at),
  }));
  return { quote, quoteError, available: conflicts.length === 0, conflicts };
}

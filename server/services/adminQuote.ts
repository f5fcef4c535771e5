// The back-office's live quote and availability check for a reservation being entered or
// edited: the same calculateQuote and the same overlap rule the server applies on save, so
// what staff see is what will be stored (or refused). The decisions are the domain's
// (src/domain/quoteCheck.ts, shared with Cloud Functions); here the data is read with SQL.
import {
  checkedQuote,
  QUOTE_CONFLICT_LIMIT,
  type QuoteCheckResult,
  quoteCheckInputSchema,
  quoteCheckResult,
  quoteConflicts,
  requireQuoteCar,
} from "../../src/domain/quoteCheck";
import type { Db } from "../db/types";
import { parseWith } from "../http/body";
import { isUuid, loadActiveOffers, loadCar, loadExtras, loadLocations, loadPrices, loadSettings } from "./catalog";
import { BLOCKING_SQL, withApiErrors } from "./reservations";

export async function adminQuote(db: Db, body: unknown): Promise<QuoteCheckResult> {
  const input = parseWith(quoteCheckInputSchema, body);
  return withApiErrors(async () => {
    const car = requireQuoteCar(await loadCar(db, input.carId));
    const locations = await loadLocations(db);
    const extras = await loadExtras(db);
    const settings = await loadSettings(db);
    const prices = await loadPrices(db);
    const offers = await loadActiveOffers(db);
    const priced = checkedQuote(input, { car, locations, extras, prices, offers, settings });

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
       ORDER BY pickup_at LIMIT ${QUOTE_CONFLICT_LIMIT}`,
      params,
    );
    const conflicts = quoteConflicts(rows.map((row) => ({ ...row, pickupAt: row.pickup_at, returnAt: row.return_at })));
    return quoteCheckResult(priced, conflicts);
  });
}

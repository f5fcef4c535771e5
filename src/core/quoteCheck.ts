// The back-office's live quote and availability check for a reservation being entered or edited:
// the same pricing and overlap rule the save applies, so what staff see is what will be stored
// (or refused).
import { findBlockConflicts, findConflicts } from "../domain/availability";
import { placeVerdict, placeWarning } from "../domain/carLocation";
import { transfersOf } from "../domain/carTransfers";
import { parseFields } from "../domain/input";
import {
  checkedQuote,
  type QuoteCheckResult,
  quoteCheckInputSchema,
  quoteCheckResult,
  quoteConflicts,
  requireQuoteCar,
} from "../domain/quoteCheck";
import { withRuleFees } from "../domain/ruleFees";
import { tariffOf } from "../domain/tariff";
import { loadActiveOffers, loadCar, loadExtras, loadLocations, loadPrices, loadSettings } from "./catalog";
import { COLLECTIONS } from "./collections";
import { carBlocks } from "./maintenance";
import type { CoreContext } from "./ports";
import { reservationRecord } from "./records";
import { blockingReservations, staffRuleFacts } from "./reservations";

export type { QuoteCheckResult } from "../domain/quoteCheck";

export async function checkQuote(ctx: CoreContext, body: unknown): Promise<QuoteCheckResult> {
  const { store } = ctx;
  const input = parseFields(quoteCheckInputSchema, body);
  const car = requireQuoteCar(await loadCar(store, store, input.carId));
  const locations = await loadLocations(store);
  const extras = await loadExtras(store);
  const settings = await loadSettings(store);
  const prices = await loadPrices(store);
  const offers = await loadActiveOffers(store);
  const period = { pickupAt: input.pickupAt, returnAt: input.returnAt };
  const holding = await blockingReservations(store, car.id);
  // Where the car will be (from the holds just read): staff are warned, the price has the move.
  const place =
    input.pickupLocationId && input.returnLocationId
      ? placeVerdict({
          car,
          holds: holding,
          period,
          pickupLocationId: input.pickupLocationId,
          returnLocationId: input.returnLocationId,
          now: ctx.clock.now(),
          transfers: transfersOf(settings),
          ignoreId: input.reservationId ?? null,
        })
      : null;
  const priced = checkedQuote(input, {
    car,
    locations,
    extras,
    prices,
    offers,
    settings,
    transferFee: place?.fee ?? 0,
  });
  // The fees by rule, from the same facts the save uses (src/core/reservations.ts staffRuleFacts).
  if (priced.quote && input.customerId) {
    const editing = input.reservationId ? await store.get(COLLECTIONS.reservations, input.reservationId) : null;
    const kept = editing ? reservationRecord(editing) : null;
    const facts = await staffRuleFacts(store, store, {
      customerId: input.customerId,
      travelAbroad: kept?.travelAbroad ?? false,
      driverDetails: kept?.customerId === input.customerId ? kept.driverDetails : null,
    });
    priced.quote = withRuleFees(
      priced.quote,
      {
        tariff: tariffOf(settings),
        openingHour: settings.bookingRules.openingHour,
        closingHour: settings.bookingRules.closingHour,
      },
      period,
      facts,
    );
  }
  const buffer = settings.bookingRules.turnaroundMinutes;
  // Maintenance blocks are listed as conflicts too (status "maintenance", the reason as the number).
  const blocks = findBlockConflicts(car.id, period, await carBlocks(store, car.id), null, buffer).map((block) => ({
    id: block.id,
    number: block.reason,
    status: "maintenance",
    pickupAt: block.from,
    returnAt: block.to,
  }));
  const conflicts = quoteConflicts([
    ...findConflicts(car.id, period, holding, input.reservationId ?? null, buffer),
    ...blocks,
  ]);
  const placeName = (id: string) => locations.find((l) => l.id === id)?.name ?? id;
  return { ...quoteCheckResult(priced, conflicts), placeWarning: place ? placeWarning(place, placeName) : null };
}

// The form's live price. The server prices the car for the period and pickup place (the
// search answer: days, tiers, seasons, offer discount, deposit) and also says whether the car
// is free. The form then adds what the search cannot know, the chosen extras and a different
// return place, with the domain's own calculateQuote, so the arithmetic is the server's.
// The price stored with the reservation is always the server's own, computed on submit.
import type { PublicSettings } from "../../backend/port";
import { calculateQuote, fromCents, toCents } from "../../domain/pricing";
import type { Quote } from "../../domain/schemas";

export interface PreviewOptions {
  carId: string;
  pickupAt: string;
  returnAt: string;
  extras: Record<string, number>;
  pickupLocationId: string;
  returnLocationId: string;
  settings: Pick<PublicSettings, "extras" | "locations" | "bookingRules">;
}

/** The server's quote for the car, completed with extras and both delivery fees. */
export function previewQuote(server: Quote, options: PreviewOptions): Quote {
  const { settings } = options;
  const extrasById = new Map(settings.extras.map((extra) => [extra.id, extra]));
  const locationsById = new Map(settings.locations.map((location) => [location.id, location]));
  // A zero base: only the extras and delivery lines are taken from this calculation.
  const additions = calculateQuote({
    car: { id: options.carId, category: "", deposit: server.deposit },
    prices: [
      {
        id: "perziura",
        carId: options.carId,
        category: null,
        season: null,
        tiers: [{ fromDays: 1, toDays: null, dailyRate: 0 }],
      },
    ],
    pickupAt: options.pickupAt,
    returnAt: options.returnAt,
    extras: Object.entries(options.extras).flatMap(([id, quantity]) => {
      const extra = extrasById.get(id);
      return extra && quantity > 0 ? [{ extra, quantity }] : [];
    }),
    pickupLocation: locationsById.get(options.pickupLocationId) ?? null,
    returnLocation: locationsById.get(options.returnLocationId) ?? null,
    rules: { graceMinutes: settings.bookingRules.graceMinutes, vatRate: server.vatRate },
  });
  const totalCents =
    toCents(server.base) + toCents(additions.extras) + toCents(additions.delivery) - toCents(server.discount);
  const vatCents = Math.round(totalCents - totalCents / (1 + server.vatRate));
  return {
    ...server,
    extras: additions.extras,
    extrasLines: additions.extrasLines,
    delivery: additions.delivery,
    total: fromCents(totalCents),
    vat: fromCents(vatCents),
    net: fromCents(totalCents - vatCents),
    perDay: fromCents(Math.round(totalCents / server.days)),
  };
}

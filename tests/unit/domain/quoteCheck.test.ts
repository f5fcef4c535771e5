// The back-office's quote and availability check, decided the same way by the local server
// (server/services/adminQuote.ts) and Cloud Functions (checkQuote).
import { describe, expect, it } from "vitest";
import { calculateQuote, QUOTE_ERRORS } from "../../../src/domain/pricing";
import {
  checkedQuote,
  QUOTE_CONFLICT_LIMIT,
  quoteCheckInputSchema,
  quoteCheckResult,
  quoteConflicts,
  requireQuoteCar,
} from "../../../src/domain/quoteCheck";
import { type Price, priceSchema, type Settings } from "../../../src/domain/schemas";
import { fieldErrorsOf, testCar, testExtra, testPlace, uuid, type WithId } from "./fixtures";

const car = testCar(1);
const airport = testPlace(1, { name: "Oro uostas", deliveryFee: 20 });
const seat = testExtra(1, 2);
const prices: WithId<Price>[] = [
  { ...priceSchema.parse({ carId: car.id, tiers: [{ fromDays: 1, toDays: null, dailyRate: 40 }] }), id: uuid(30) },
];
const settings = { bookingRules: { graceMinutes: 60, vatRate: 0.21 } } as unknown as Settings; // only the rules are read
const catalogue = { car, locations: [airport], extras: [seat], prices, offers: [], settings };
const period = { pickupAt: "2026-11-22T08:00:00.000Z", returnAt: "2026-11-24T08:00:00.000Z" };

describe("quoteCheckInputSchema", () => {
  it("priima laikotarpį be papildomų paslaugų ir atmeta grąžinimą prieš paėmimą", () => {
    const parsed = quoteCheckInputSchema.parse({ carId: uuid(1), ...period });
    expect(parsed.extras).toEqual([]);
    const refused = quoteCheckInputSchema.safeParse({
      carId: uuid(1),
      pickupAt: period.returnAt,
      returnAt: period.pickupAt,
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["returnAt", "Grąžinimo laikas turi būti vėlesnis nei paėmimo"],
    ]);
  });

  it("atmeta nežinomą lauką", () => {
    expect(quoteCheckInputSchema.safeParse({ carId: uuid(1), ...period, total: 1 }).success).toBe(false);
  });
});

describe("requireQuoteCar", () => {
  it("rastą automobilį praleidžia, o nerastą pažymi lauke carId", () => {
    expect(requireQuoteCar(car)).toBe(car);
    expect(fieldErrorsOf(() => requireQuoteCar(null))).toEqual({ carId: "Automobilis nerastas" });
  });
});

describe("checkedQuote", () => {
  it("apskaičiuoja tą pačią kainą, kurią išsaugos rezervacija", () => {
    const input = {
      ...period,
      pickupLocationId: uuid(11),
      returnLocationId: null,
      extras: [{ id: uuid(21), quantity: 2 }],
    };
    const { quote, quoteError } = checkedQuote(input, catalogue);
    expect(quoteError).toBeNull();
    expect(quote).toEqual(
      calculateQuote({
        car,
        prices,
        ...period,
        extras: [{ extra: seat, quantity: 2 }],
        pickupLocation: airport,
        returnLocation: null,
        offers: [],
        rules: { graceMinutes: 60, vatRate: 0.21 },
      }),
    );
    expect(quote?.days).toBe(2);
    expect(quote?.extras).toBe(20);
  });

  it("pažymi kiekvieną nežinomą paslaugą ir vietą", () => {
    const input = {
      ...period,
      pickupLocationId: uuid(19),
      returnLocationId: uuid(11),
      extras: [
        { id: uuid(21), quantity: 1 },
        { id: uuid(29), quantity: 1 },
      ],
    };
    expect(fieldErrorsOf(() => checkedQuote(input, catalogue))).toEqual({
      "extras.1.id": "Papildoma paslauga nerasta",
      pickupLocationId: "Vieta nerasta",
    });
  });

  it("kai automobilio kainos apskaičiuoti negalima, vietoj kainos pateikia priežastį", () => {
    expect(checkedQuote({ ...period, extras: [] }, { ...catalogue, prices: [] })).toEqual({
      quote: null,
      quoteError: QUOTE_ERRORS.noPrice,
    });
    const tooMany = checkedQuote({ ...period, extras: [{ id: uuid(21), quantity: 3 }] }, catalogue);
    expect(tooMany.quote).toBeNull();
    expect(tooMany.quoteError).toBe("Paslaugos „Paslauga 1“ galima užsakyti ne daugiau kaip 2");
  });
});

describe("quoteConflicts", () => {
  it("pateikia ne daugiau kaip 20 rezervacijų, ankstyviausius paėmimus pirmus, su ISO laikais ir numeriu, net kai jo trūksta", () => {
    const reservations = Array.from({ length: 25 }, (_, i) => ({
      id: uuid(100 + i),
      number: i === 24 ? undefined : `R-2026-${String(i + 1).padStart(6, "0")}`,
      status: "confirmed",
      // the last one picks up first
      pickupAt: new Date(Date.UTC(2026, 10, 30 - i, 8)),
      returnAt: `2026-12-${String(10 + (i % 5)).padStart(2, "0")}T08:00:00+02:00`,
    }));
    const conflicts = quoteConflicts(reservations);
    expect(conflicts).toHaveLength(QUOTE_CONFLICT_LIMIT);
    expect(conflicts[0]).toEqual({
      id: uuid(124),
      number: "",
      status: "confirmed",
      pickupAt: "2026-11-06T08:00:00.000Z",
      returnAt: "2026-12-14T06:00:00.000Z",
    });
    expect(conflicts.map((c) => c.pickupAt)).toEqual([...conflicts.map((c) => c.pickupAt)].sort());
    expect(conflicts.map((c) => c.id)).not.toContain(uuid(100));
  });
});

describe("quoteCheckResult", () => {
  it("automobilis laisvas tada ir tik tada, kai niekas nepersidengia", () => {
    const priced = { quote: null, quoteError: QUOTE_ERRORS.noPrice };
    expect(quoteCheckResult(priced, [])).toEqual({ ...priced, available: true, conflicts: [] });
    const conflict = { id: uuid(5), number: "R-2026-000001", status: "new", ...period };
    expect(quoteCheckResult(priced, [conflict])).toEqual({ ...priced, available: false, conflicts: [conflict] });
  });
});

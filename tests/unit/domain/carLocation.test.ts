// Where a car will be and whether it can be at a pickup place in time (src/domain/carLocation.ts).
import { describe, expect, it } from "vitest";
import { carPlaceAt, placeVerdict, searchPlaceVerdicts } from "../../../src/domain/carLocation";
import { TRANSFER_DEFAULTS, transfersOf } from "../../../src/domain/carTransfers";
import { calculateQuote } from "../../../src/domain/pricing";

const VNO = "vilnius";
const PLQ = "palanga";
const NOW = new Date("2026-06-01T06:00:00.000Z");
const transfers = { fee: 35, leadHours: 6 };
const car = { id: "car1", locationId: VNO };
const hold = (over: Record<string, string>) => ({
  id: "r1",
  carId: "car1",
  status: "confirmed",
  pickupAt: "2026-06-02T07:00:00.000Z",
  returnAt: "2026-06-04T07:00:00.000Z",
  pickupLocationId: VNO,
  returnLocationId: PLQ,
  ...over,
});
const verdict = (pickupAt: string, place: string, holds = [hold({})], returnAt?: string) =>
  placeVerdict({
    car,
    holds,
    period: { pickupAt, returnAt: returnAt ?? new Date(Date.parse(pickupAt) + 86_400_000).toISOString() },
    pickupLocationId: place,
    returnLocationId: place,
    now: NOW,
    transfers,
  });

describe("automobilio vieta", () => {
  it("kur bus: paskutinės iki tol pasibaigusios rezervacijos grąžinimo vieta, kitaip dabartinė", () => {
    expect(carPlaceAt(car, [hold({})], "2026-06-03T07:00:00.000Z", NOW).locationId).toBe(VNO);
    expect(carPlaceAt(car, [hold({})], "2026-06-04T08:00:00.000Z", NOW)).toEqual({
      locationId: PLQ,
      since: "2026-06-04T07:00:00.000Z",
      holdId: "r1",
    });
    // A cancelled booking or one never handed over in the past does not move the car.
    expect(carPlaceAt(car, [hold({ status: "cancelled" })], "2026-06-05T07:00:00.000Z", NOW).locationId).toBe(VNO);
    const stale = hold({ pickupAt: "2026-05-01T07:00:00.000Z", returnAt: "2026-05-03T07:00:00.000Z" });
    expect(carPlaceAt(car, [stale], "2026-06-05T07:00:00.000Z", NOW).locationId).toBe(VNO);
    expect(carPlaceAt(car, [{ ...stale, status: "active" }], "2026-06-05T07:00:00.000Z", NOW).locationId).toBe(PLQ);
    // No place (older data): any place.
    expect(carPlaceAt({ id: "car1" }, [], "2026-06-05T07:00:00.000Z", NOW).locationId).toBeNull();
  });

  it("grąžintas Palangoje: Vilniuje po valandos – ne, po pervežimo laiko – su mokesčiu; Palangoje – be", () => {
    expect(verdict("2026-06-04T08:00:00.000Z", VNO)).toMatchObject({ kind: "unreachable", reason: "pickup" });
    expect(verdict("2026-06-04T13:00:00.000Z", VNO)).toEqual({ kind: "transfer", fromLocationId: PLQ, fee: 35 });
    expect(verdict("2026-06-04T08:00:00.000Z", PLQ)).toEqual({ kind: "here", fromLocationId: PLQ, fee: 0 });
    // Now bounds the move too: a car standing in Palanga cannot be in Vilnius in 3 hours.
    expect(
      placeVerdict({
        car: { id: "car1", locationId: PLQ },
        holds: [],
        period: { pickupAt: "2026-06-01T09:00:00.000Z", returnAt: "2026-06-02T09:00:00.000Z" },
        pickupLocationId: VNO,
        returnLocationId: VNO,
        now: NOW,
        transfers,
      }),
    ).toMatchObject({ kind: "unreachable", reason: "pickup", fee: 35 });
  });

  it("grąžinimo vieta turi leisti spėti į kitą rezervaciją", () => {
    // Returned in Vilnius on 1 June 20:00, the next rental starts in Vilnius on 2 June: fine;
    // returned in Palanga instead: not enough time to bring it back.
    const next = [hold({ pickupLocationId: VNO, returnLocationId: VNO })];
    const period = { pickupAt: "2026-06-01T08:00:00.000Z", returnAt: "2026-06-02T04:00:00.000Z" };
    const base = { car, holds: next, period, pickupLocationId: VNO, now: NOW, transfers };
    expect(placeVerdict({ ...base, returnLocationId: VNO }).kind).toBe("here");
    expect(placeVerdict({ ...base, returnLocationId: PLQ })).toMatchObject({ kind: "unreachable", reason: "next" });
  });

  it("paieška: nepasiekiami automobiliai ir pervežimo mokesčiai iš vienų įkeltų rezervacijų", () => {
    const result = searchPlaceVerdicts({
      cars: [car, { id: "car2", locationId: VNO }, { id: "car3" }],
      holds: [hold({}), hold({ id: "r2", carId: "car2", returnLocationId: VNO })],
      period: { pickupAt: "2026-06-04T08:00:00.000Z", returnAt: "2026-06-05T08:00:00.000Z" },
      locationId: VNO,
      now: NOW,
      transfers,
    });
    expect([...result.unreachable]).toEqual(["car1"]);
    expect(result.fees.size).toBe(0);
  });

  it("nustatymai: be įrašo – numatytieji; pervežimas – atskira kainos eilutė, įskaičiuota į sumą", () => {
    expect(transfersOf({})).toEqual(TRANSFER_DEFAULTS);
    expect(transfersOf({ transfers: { fee: -1 } })).toEqual(TRANSFER_DEFAULTS);
    const args = {
      car: { id: "car1", category: "ekonominė", deposit: 200 },
      prices: [
        {
          id: "p",
          carId: null,
          category: "ekonominė" as const,
          season: null,
          tiers: [{ fromDays: 1, toDays: null, dailyRate: 30 }],
        },
      ],
      pickupAt: "2026-06-04T07:00:00.000Z",
      returnAt: "2026-06-06T07:00:00.000Z",
      rules: { graceMinutes: 60, vatRate: 0.21 },
    };
    const plain = calculateQuote(args);
    expect(plain).not.toHaveProperty("transfer");
    const moved = calculateQuote({ ...args, transferFee: 35 });
    expect(moved.transfer).toBe(35);
    expect(moved.total).toBe(plain.total + 35);
  });
});

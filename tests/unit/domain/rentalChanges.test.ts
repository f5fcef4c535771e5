// A rental under way: which cars a swapped rental holds and when, what the form may not change,
// the readings the return counts from, and the return's charges over both cars.

import { describe, expect, it } from "vitest";
import { carHolds, findConflicts } from "../../../src/domain/availability";
import {
  ACTIVE_RENTAL_MESSAGES,
  activeRentalEditRefusal,
  currentHandover,
  earlierUse,
  extensionReturnErrors,
  readCarSwapInput,
  readExtensionInput,
} from "../../../src/domain/rentalChanges";
import { computeReturnCharges } from "../../../src/domain/returnCharges";
import type { CarSwap } from "../../../src/domain/schemas";
import { tariffSchema } from "../../../src/domain/tariff";

const A = "car-a";
const B = "car-b";
const C = "car-c";
const swap = (at: string, fromCarId: string, toCarId: string, extra: Partial<CarSwap> = {}): CarSwap => ({
  at,
  by: "darbuotojas@ratunuoma.lt",
  fromCarId,
  toCarId,
  out: { mileage: 10_000, fuel: "1" },
  returned: { mileage: 10_180, fuel: "1/2", damages: [], photos: [] },
  handedOver: { mileage: 50_000, fuel: "1" },
  reason: "",
  price: "kept",
  previousTotal: 100,
  total: 100,
  returnDocument: "documents/a.pdf",
  handoverDocument: "documents/b.pdf",
  ...extra,
});
const rental = {
  id: "r1",
  status: "active",
  carId: B,
  pickupAt: "2026-11-20T08:00:00.000Z",
  returnAt: "2026-11-25T08:00:00.000Z",
  carSwaps: [swap("2026-11-22T10:00:00.000Z", A, B)],
};

describe("carHolds: pakeisto automobilio nuoma laiko kiekvieną automobilį tik savo dalimi", () => {
  it("be keitimų – vienas automobilis visam laikotarpiui", () => {
    expect(carHolds({ ...rental, carId: A, carSwaps: [] })).toEqual([
      { carId: A, pickupAt: rental.pickupAt, returnAt: rental.returnAt },
    ]);
  });

  it("pirmasis [paėmimas, keitimas), antrasis [keitimas, grąžinimas); keli keitimai iš eilės", () => {
    expect(carHolds(rental)).toEqual([
      { carId: A, pickupAt: rental.pickupAt, returnAt: "2026-11-22T10:00:00.000Z" },
      { carId: B, pickupAt: "2026-11-22T10:00:00.000Z", returnAt: rental.returnAt },
    ]);
    const twice = {
      ...rental,
      carId: C,
      carSwaps: [...rental.carSwaps, swap("2026-11-23T12:00:00.000Z", B, C)],
    };
    expect(carHolds(twice).map((hold) => hold.carId)).toEqual([A, B, C]);
  });

  it("keitimas prieš paėmimo laiką (perduota anksčiau) – pirmasis automobilis nelaikomas", () => {
    const early = { ...rental, carSwaps: [swap("2026-11-19T10:00:00.000Z", A, B)] };
    expect(carHolds(early)).toEqual([{ carId: B, pickupAt: rental.pickupAt, returnAt: rental.returnAt }]);
  });

  it("findConflicts: pirmasis automobilis laisvas nuo keitimo, antrasis – iki jo", () => {
    const afterSwap = { pickupAt: "2026-11-22T10:00:00.000Z", returnAt: "2026-11-23T10:00:00.000Z" };
    const beforeSwap = { pickupAt: "2026-11-21T10:00:00.000Z", returnAt: "2026-11-22T09:00:00.000Z" };
    expect(findConflicts(A, afterSwap, [rental])).toEqual([]);
    expect(findConflicts(A, beforeSwap, [rental])).toEqual([rental]);
    expect(findConflicts(B, beforeSwap, [rental])).toEqual([]);
    expect(findConflicts(B, afterSwap, [rental])).toEqual([rental]);
    // the turnaround buffer applies to the first car's part as to any hold
    expect(
      findConflicts(
        A,
        { pickupAt: "2026-11-22T11:00:00.000Z", returnAt: "2026-11-23T10:00:00.000Z" },
        [rental],
        null,
        120,
      ),
    ).toEqual([rental]);
  });
});

describe("activeRentalEditRefusal: vykdomos nuomos forma", () => {
  const current = {
    status: "active" as const,
    carId: A,
    pickupAt: rental.pickupAt,
    returnAt: rental.returnAt,
    pickupLocationId: "p1",
    returnLocationId: "p1",
    extras: [{ id: "x1", quantity: 1 }],
  };
  it("automobilis, paėmimas, grąžinimas ir kainą keičiantys laukai – atmetami su veiksmo pavadinimu", () => {
    expect(activeRentalEditRefusal(current, { ...current, carId: B })).toBe(ACTIVE_RENTAL_MESSAGES.car);
    expect(activeRentalEditRefusal(current, { ...current, pickupAt: "2026-11-20T09:00:00.000Z" })).toBe(
      ACTIVE_RENTAL_MESSAGES.pickupAt,
    );
    expect(activeRentalEditRefusal(current, { ...current, returnAt: "2026-11-26T08:00:00.000Z" })).toContain(
      "„Pratęsti nuomą“",
    );
    expect(activeRentalEditRefusal(current, { ...current, extras: [] })).toBe(ACTIVE_RENTAL_MESSAGES.price);
    expect(activeRentalEditRefusal(current, { ...current, returnLocationId: "p2" })).toBe(ACTIVE_RENTAL_MESSAGES.price);
  });
  it("tas pats momentas kitu užrašu, kitos būsenos – leidžiama", () => {
    expect(activeRentalEditRefusal(current, { ...current, returnAt: "2026-11-25T10:00:00+02:00" })).toBeNull();
    expect(activeRentalEditRefusal({ ...current, status: "confirmed" }, { ...current, carId: B })).toBeNull();
  });
});

describe("rodmenys ir grąžinimo mokesčiai po keitimo", () => {
  it("grąžinimas skaičiuoja nuo antrojo automobilio perdavimo rodmenų, pirmojo kilometrai ir degalai – atskirai", () => {
    expect(
      currentHandover({
        handover: null,
        contract: { mileageOut: 1, fuelOut: "1" } as never,
        carSwaps: rental.carSwaps,
      }),
    ).toEqual({
      mileage: 50_000,
      fuel: "1",
      at: "2026-11-22T10:00:00.000Z",
    });
    expect(earlierUse(rental)).toEqual({ km: 180, missingQuarters: 2, cars: 1 });
  });

  it("viršyta rida: abiejų automobilių kilometrai prieš paskutiniojo automobilio limitą", () => {
    const charges = computeReturnCharges(
      {
        car: { mileageLimitPerDay: 100, deposit: 300 },
        depositHeld: 0,
        reservation: { returnAt: rental.returnAt, quote: { days: 5, dailyRate: 40 } },
        handover: { mileage: 50_000, fuel: "1" },
        rates: tariffSchema.parse({ extraKmRate: 0.2, fuelPerQuarter: 15, cleaningFee: 30 }),
        graceMinutes: 60,
        earlier: earlierUse(rental),
      },
      { mileage: 50_420, fuel: "1", returnedAt: rental.returnAt, cleaning: false, damageAmount: 0, overrides: [] },
      "staff",
    );
    const mileage = charges.charges.find((charge) => charge.kind === "mileage");
    // 180 + 420 = 600 km, 500 allowed: 100 km × 0,20 €
    expect(mileage?.amount).toBe(20);
    expect(mileage?.rule.replace(/\u00a0/g, " ")).toContain("iš jų 180 km ankstesniu automobiliu");
    // the first car came back half a tank short
    expect(charges.charges.find((charge) => charge.kind === "fuel")?.amount).toBe(30);
  });
});

describe("veiksmų įvestis", () => {
  it("keitimo laukai – lietuviškos klaidos prie kiekvieno lauko", () => {
    let errors: Record<string, string> = {};
    try {
      readCarSwapInput({ price: "kita" });
    } catch (error) {
      errors = (error as { errors: Record<string, string> }).errors;
    }
    expect(Object.keys(errors).sort()).toEqual(
      ["handoverFuel", "handoverMileage", "price", "returnFuel", "returnMileage", "toCarId"].sort(),
    );
    expect(errors.toCarId).toBe("Pasirinkite automobilį, kurį gauna klientas");
    expect(errors.returnMileage).toBe("Įveskite ridą (km)");
  });
  it("pratęsimas: tik vėlesnis grąžinimo laikas", () => {
    expect(readExtensionInput({ returnAt: "2026-11-26T10:00:00+02:00" }).returnAt).toBe("2026-11-26T08:00:00.000Z");
    expect(extensionReturnErrors(rental.returnAt, "2026-11-25T08:00:00.000Z")?.returnAt).toMatch(
      /^Naujas grąžinimo laikas turi būti vėlesnis/,
    );
    expect(extensionReturnErrors(rental.returnAt, "2026-11-25T09:00:00.000Z")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { InputError, UNKNOWN_FIELD_MESSAGE } from "../../../src/domain/input";
import {
  ageOn,
  assertDriverAge,
  assertStatusChange,
  matchRefs,
  priceRefs,
  readWebReservation,
  reservationChanges,
} from "../../../src/domain/reservationInput";
import {
  type Car,
  carSchema,
  type Extra,
  extraSchema,
  type Location,
  locationSchema,
  type Price,
  priceSchema,
  type Reservation,
  reservationSchema,
  type Settings,
} from "../../../src/domain/schemas";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
type WithId<T> = T & { id: string };

const car = (status: "active" | "hidden" = "active"): WithId<Car> => ({
  ...carSchema.parse({
    slug: "toyota-corolla-2024",
    make: "Toyota",
    model: "Corolla",
    year: 2024,
    category: "kompaktinė",
    transmission: "automatinė",
    fuel: "hibridas",
    seats: 5,
    doors: 5,
    bags: 3,
    airConditioning: true,
    deposit: 300,
    status,
  }),
  id: uuid(1),
});
const place = (n: number, active = true): WithId<Location> => ({
  ...locationSchema.parse({ name: `Vieta ${n}`, address: "Gedimino pr. 1", city: "Vilnius", deliveryFee: 0, active }),
  id: uuid(10 + n),
});
const extra = (n: number, maxQuantity: number): WithId<Extra> => ({
  ...extraSchema.parse({ name: `Paslauga ${n}`, price: 5, chargedPer: "day", maxQuantity }),
  id: uuid(20 + n),
});

const thrownErrors = (fn: () => unknown): Record<string, string> | null => {
  try {
    fn();
  } catch (error) {
    if (error instanceof InputError) return error.errors;
    throw error;
  }
  throw new Error("nebuvo klaidos");
};

describe("matchRefs", () => {
  const loaded = { car: car(), locations: [place(1), place(2, false)], extras: [extra(1, 2)] };
  const input = {
    carId: uuid(1),
    pickupLocationId: uuid(11),
    returnLocationId: uuid(11),
    extras: [{ id: uuid(21), quantity: 2 }],
  };

  it("finds the car, places and extras", () => {
    const refs = matchRefs(input, loaded, { publicOnly: true });
    expect(refs.car.id).toBe(uuid(1));
    expect(refs.pickupLocation.name).toBe("Vieta 1");
    expect(refs.extras).toEqual([{ extra: loaded.extras[0], quantity: 2 }]);
  });

  it("marks every unknown, inactive, repeated or too many item for the public site", () => {
    expect(
      thrownErrors(() =>
        matchRefs(
          {
            ...input,
            returnLocationId: uuid(12),
            extras: [
              { id: uuid(21), quantity: 1 },
              { id: uuid(21), quantity: 1 },
              { id: uuid(29), quantity: 1 },
            ],
          },
          { ...loaded, car: car("hidden") },
          { publicOnly: true },
        ),
      ),
    ).toEqual({
      carId: "Automobilis nerastas",
      returnLocationId: "Grąžinimo vieta nerasta",
      "extras.1.id": "Ši paslauga nurodyta kelis kartus",
      "extras.2.id": "Papildoma paslauga nerasta",
    });
    expect(
      thrownErrors(() =>
        matchRefs({ ...input, extras: [{ id: uuid(21), quantity: 3 }] }, loaded, { publicOnly: true }),
      ),
    ).toEqual({
      "extras.0.quantity": "Ne daugiau kaip 2",
    });
    expect(thrownErrors(() => matchRefs(input, { ...loaded, car: null }, { publicOnly: false }))).toEqual({
      carId: "Automobilis nerastas",
    });
  });

  it("lets staff use inactive cars and places", () => {
    const refs = matchRefs(
      { ...input, returnLocationId: uuid(12) },
      { ...loaded, car: car("hidden") },
      { publicOnly: false },
    );
    expect(refs.returnLocation.name).toBe("Vieta 2");
  });
});

describe("priceRefs", () => {
  const settings = { bookingRules: { graceMinutes: 60, vatRate: 0.21 } } as unknown as Settings; // only the rules are read
  const refs = { car: car(), pickupLocation: place(1), returnLocation: place(1), extras: [] };
  const period = { pickupAt: "2026-11-22T08:00:00.000Z", returnAt: "2026-11-24T08:00:00.000Z" };

  it("prices with the car's tiers", () => {
    const prices: WithId<Price>[] = [
      { ...priceSchema.parse({ carId: uuid(1), tiers: [{ fromDays: 1, toDays: null, dailyRate: 40 }] }), id: uuid(30) },
    ];
    expect(priceRefs(refs, period, { prices, offers: [], settings })).toMatchObject({
      days: 2,
      total: 80,
      deposit: 300,
    });
  });

  it("answers a car without a price as a field error", () => {
    const errors = thrownErrors(() => priceRefs(refs, period, { prices: [], offers: [], settings }));
    expect(Object.keys(errors ?? {})).toHaveLength(1);
  });
});

describe("driver age", () => {
  it("counts whole years on the date", () => {
    expect(ageOn("2000-05-10", "2026-05-09")).toBe(25);
    expect(ageOn("2000-05-10", "2026-05-10")).toBe(26);
  });

  it("refuses a driver too young for the car or an impossible birth date", () => {
    expect(() => assertDriverAge("2000-05-10", "2026-05-10T08:00:00.000Z", 21)).not.toThrow();
    expect(thrownErrors(() => assertDriverAge("2006-05-10", "2026-05-09T08:00:00.000Z", 21))).toEqual({
      "customer.birthDate": "Vairuotojui turi būti ne mažiau kaip 21 m.",
    });
    expect(thrownErrors(() => assertDriverAge("1890-01-01", "2026-05-09T08:00:00.000Z", 21))).toEqual({
      "customer.birthDate": "Neteisinga gimimo data",
    });
  });
});

describe("readWebReservation", () => {
  const body = {
    carId: uuid(1),
    pickupAt: "2026-11-22T08:00:00.000Z",
    returnAt: "2026-11-24T08:00:00.000Z",
    pickupLocationId: uuid(11),
    returnLocationId: uuid(11),
    extras: [{ id: uuid(21), quantity: 1, price: 3 }],
    customer: {
      firstName: "Testas",
      lastName: "Bandomasis",
      email: "testas@pavyzdys.lt",
      phone: "+370 612 34567",
      birthDate: "1985-04-12",
      licenceNumber: "LT1000001",
    },
    comment: "",
    acceptTerms: true,
  };

  it("drops the client's prices and gives the period as ISO instants", () => {
    const { input, period } = readWebReservation({ ...body, total: 1, quote: {} });
    expect(input.extras).toEqual([{ id: uuid(21), quantity: 1 }]);
    expect(period).toEqual({ pickupAt: body.pickupAt, returnAt: body.returnAt });
  });

  it("marks an unknown field", () => {
    expect(thrownErrors(() => readWebReservation({ ...body, couponCode: "X" }))).toEqual({
      couponCode: UNKNOWN_FIELD_MESSAGE,
    });
  });
});

describe("reservationChanges", () => {
  const old = reservationSchema.parse({
    number: "R-2026-000001",
    carId: uuid(1),
    customerId: uuid(2),
    pickupAt: "2026-11-22T08:00:00.000Z",
    returnAt: "2026-11-24T08:00:00.000Z",
    pickupLocationId: uuid(11),
    returnLocationId: uuid(11),
    extras: [
      { id: uuid(21), quantity: 1 },
      { id: uuid(22), quantity: 1 },
    ],
    status: "new",
    source: "office",
  }) as Reservation;
  const period = { pickupAt: old.pickupAt, returnAt: old.returnAt };
  const withQuote = { ...old, quote: { total: 1 } as Reservation["quote"] };

  it("re-prices only when a booked item changes or there is no quote", () => {
    expect(reservationChanges(withQuote, { ...old, extras: [...old.extras].reverse() }, period)).toEqual({
      periodChanged: false,
      carChanged: false,
      repricing: false,
    });
    expect(reservationChanges(old, old, period).repricing).toBe(true);
    expect(reservationChanges(withQuote, { ...old, returnLocationId: uuid(12) }, period).repricing).toBe(true);
    expect(reservationChanges(withQuote, old, { ...period, returnAt: "2026-11-25T08:00:00.000Z" })).toEqual({
      periodChanged: true,
      carChanged: false,
      repricing: true,
    });
    expect(reservationChanges(withQuote, { ...old, carId: uuid(3) }, period).carChanged).toBe(true);
  });
});

describe("assertStatusChange", () => {
  it("allows a listed transition and marks a refused one on status", () => {
    expect(() => assertStatusChange("new", "confirmed")).not.toThrow();
    expect(Object.keys(thrownErrors(() => assertStatusChange("completed", "new")) ?? {})).toEqual(["status"]);
  });
});

import { describe, expect, it } from "vitest";
import { UNKNOWN_FIELD_MESSAGE } from "../../../src/domain/input";
import {
  ageOn,
  assertDriverAge,
  assertStatusChange,
  matchRefs,
  planStaffEdit,
  priceRefs,
  readWebReservation,
  reservationChanges,
  webReservationMailContext,
} from "../../../src/domain/reservationInput";
import {
  type Price,
  priceSchema,
  type Reservation,
  reservationSchema,
  type Settings,
} from "../../../src/domain/schemas";
import { testExtra as extra, testCar, testPlace, fieldErrorsOf as thrownErrors, uuid, type WithId } from "./fixtures";

const car = (status: "active" | "hidden" = "active") => testCar(1, { status });
const place = (n: number, active = true) => testPlace(n, { active });

describe("matchRefs", () => {
  const loaded = { car: car(), locations: [place(1), place(2, false)], extras: [extra(1, 2)] };
  const input = {
    carId: uuid(1),
    pickupLocationId: uuid(11),
    returnLocationId: uuid(11),
    extras: [{ id: uuid(21), quantity: 2 }],
  };

  it("randa automobilį, vietas ir papildomas paslaugas", () => {
    const refs = matchRefs(input, loaded, { publicOnly: true });
    expect(refs.car.id).toBe(uuid(1));
    expect(refs.pickupLocation.name).toBe("Vieta 1");
    expect(refs.extras).toEqual([{ extra: loaded.extras[0], quantity: 2 }]);
  });

  it("viešajai svetainei pažymi kiekvieną nežinomą, neaktyvų, pakartotą ar per dideliu kiekiu užsakytą elementą", () => {
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

  it("darbuotojams leidžia naudoti neaktyvius automobilius ir vietas", () => {
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

  it("kainą skaičiuoja pagal automobilio pakopas", () => {
    const prices: WithId<Price>[] = [
      { ...priceSchema.parse({ carId: uuid(1), tiers: [{ fromDays: 1, toDays: null, dailyRate: 40 }] }), id: uuid(30) },
    ];
    expect(priceRefs(refs, period, { prices, offers: [], settings })).toMatchObject({
      days: 2,
      total: 80,
      deposit: 300,
    });
  });

  it("apie automobilį be kainos praneša lauko klaida", () => {
    const errors = thrownErrors(() => priceRefs(refs, period, { prices: [], offers: [], settings }));
    expect(Object.keys(errors ?? {})).toHaveLength(1);
  });
});

describe("vairuotojo amžius", () => {
  it("skaičiuoja tą dieną sukakusius pilnus metus", () => {
    expect(ageOn("2000-05-10", "2026-05-09")).toBe(25);
    expect(ageOn("2000-05-10", "2026-05-10")).toBe(26);
  });

  it("atmeta šiam automobiliui per jauną vairuotoją ar neįmanomą gimimo datą", () => {
    expect(() => assertDriverAge("2000-05-10", "2026-05-10T08:00:00.000Z", 21)).not.toThrow();
    expect(thrownErrors(() => assertDriverAge("2006-05-10", "2026-05-09T08:00:00.000Z", 21))).toEqual({
      "customer.birthDate": "Vairuotojui turi būti ne mažiau kaip 21 m.",
    });
    expect(thrownErrors(() => assertDriverAge("1890-01-01", "2026-05-09T08:00:00.000Z", 21))).toEqual({
      "customer.birthDate": "Neteisinga gimimo data",
    });
  });
});

const WEB_CUSTOMER = {
  firstName: "Testas",
  lastName: "Bandomasis",
  email: "testas@pavyzdys.lt",
  phone: "+370 612 34567",
  birthDate: "1985-04-12",
  licenceNumber: "LT1000001",
};

describe("readWebReservation", () => {
  const body = {
    carId: uuid(1),
    pickupAt: "2026-11-22T08:00:00.000Z",
    returnAt: "2026-11-24T08:00:00.000Z",
    pickupLocationId: uuid(11),
    returnLocationId: uuid(11),
    extras: [{ id: uuid(21), quantity: 1, price: 3 }],
    customer: WEB_CUSTOMER,
    comment: "",
    acceptTerms: true,
  };

  it("išmeta kliento kainas, o laikotarpį pateikia ISO laiko momentais", () => {
    const { input, period } = readWebReservation({ ...body, total: 1, quote: {} });
    expect(input.extras).toEqual([{ id: uuid(21), quantity: 1 }]);
    expect(period).toEqual({ pickupAt: body.pickupAt, returnAt: body.returnAt });
  });

  it("pažymi nežinomą lauką", () => {
    expect(thrownErrors(() => readWebReservation({ ...body, couponCode: "X" }))).toEqual({
      couponCode: UNKNOWN_FIELD_MESSAGE,
    });
  });
});

/** A stored reservation: Toyota uuid(1) for customer uuid(2), 22–24 November at place uuid(11). */
const storedReservation = (patch: Record<string, unknown> = {}): Reservation =>
  reservationSchema.parse({
    number: "R-2026-000001",
    carId: uuid(1),
    customerId: uuid(2),
    pickupAt: "2026-11-22T08:00:00.000Z",
    returnAt: "2026-11-24T08:00:00.000Z",
    pickupLocationId: uuid(11),
    returnLocationId: uuid(11),
    status: "new",
    source: "office",
    ...patch,
  }) as Reservation;

describe("reservationChanges", () => {
  const old = storedReservation({
    extras: [
      { id: uuid(21), quantity: 1 },
      { id: uuid(22), quantity: 1 },
    ],
  });
  const period = { pickupAt: old.pickupAt, returnAt: old.returnAt };
  const withQuote = { ...old, quote: { total: 1 } as Reservation["quote"] };

  it("kainą perskaičiuoja tik pasikeitus užsakytam elementui arba kai kainos nėra", () => {
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
  it("leidžia numatytą perėjimą, o draudžiamą pažymi lauke status", () => {
    expect(() => assertStatusChange("new", "confirmed")).not.toThrow();
    expect(Object.keys(thrownErrors(() => assertStatusChange("completed", "new")) ?? {})).toEqual(["status"]);
  });
});

describe("planStaffEdit", () => {
  const quote = { total: 80 } as Reservation["quote"];
  const stored = {
    ...storedReservation({ number: "R-2026-000007", source: "phone" }),
    quote,
    id: uuid(40),
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-02T10:00:00.000Z",
  };

  it("sujungia pakeitimus, išlaiko sutartą kainą ir dėl pastabos nieko netikrina", () => {
    const edit = planStaffEdit(stored, "new", { notes: "Skambino dėl vaikiškos kėdutės" });
    expect(edit.data.notes).toBe("Skambino dėl vaikiškos kėdutės");
    expect(edit.data.source).toBe("phone");
    // number, quote, id and times stay with the caller
    expect(edit.data).not.toHaveProperty("number");
    expect(edit.data).not.toHaveProperty("quote");
    expect(edit.data).not.toHaveProperty("id");
    expect(edit.data).not.toHaveProperty("createdAt");
    expect(edit).toMatchObject({ oldQuote: quote, customerChanged: false, repricing: false, availabilityCheck: false });
    expect(edit.period).toEqual({ pickupAt: stored.pickupAt, returnAt: stored.returnAt });
  });

  it("naujoms datoms, pateiktoms bet kokia ISO forma, perskaičiuoja kainą ir iš naujo tikrina automobilį", () => {
    const edit = planStaffEdit(stored, "new", { returnAt: "2026-11-25T10:00:00+02:00" });
    expect(edit.period.returnAt).toBe("2026-11-25T08:00:00.000Z");
    expect(edit).toMatchObject({ repricing: true, availabilityCheck: true });
  });

  it("iš naujo tikrina naują automobilį; vien būsenos pakeitimo ir automobilio nebeužimančios rezervacijos – ne", () => {
    expect(planStaffEdit(stored, "new", { carId: uuid(3) })).toMatchObject({
      repricing: true,
      availabilityCheck: true,
    });
    expect(planStaffEdit(stored, "new", { status: "cancelled" }).availabilityCheck).toBe(false);
    expect(planStaffEdit({ ...stored, status: "confirmed" }, "confirmed", { status: "active" }).availabilityCheck).toBe(
      false,
    );
    // a car change while cancelled: nothing to hold, so nothing to check
    expect(planStaffEdit({ ...stored, status: "cancelled" }, "cancelled", { carId: uuid(3) }).availabilityCheck).toBe(
      false,
    );
  });

  it("pastebi naują klientą", () => {
    expect(planStaffEdit(stored, "new", { customerId: uuid(5) }).customerChanged).toBe(true);
  });

  it("gyvavimo ciklo neleidžiamą būsenos pakeitimą ir blogus laukus atmeta kaip laukų klaidas", () => {
    expect(Object.keys(thrownErrors(() => planStaffEdit(stored, "new", { status: "completed" })) ?? {})).toEqual([
      "status",
    ]);
    expect(thrownErrors(() => planStaffEdit(stored, "new", { returnAt: stored.pickupAt }))).toEqual({
      returnAt: "Grąžinimo laikas turi būti vėlesnis nei paėmimo",
    });
  });
});

describe("webReservationMailContext", () => {
  it("nurodo naujos rezervacijos automobilį, vietas, klientą, laikotarpį ir kainą", () => {
    const settings = { company: { emails: [] } } as unknown as Settings; // passed through untouched
    const refs = { car: car(), pickupLocation: place(1), returnLocation: place(2), extras: [] };
    const period = { pickupAt: "2026-11-22T08:00:00.000Z", returnAt: "2026-11-24T08:00:00.000Z" };
    const quote = { total: 80 } as NonNullable<Reservation["quote"]>;
    const input = readWebReservation({
      carId: uuid(1),
      ...period,
      pickupLocationId: uuid(11),
      returnLocationId: uuid(12),
      customer: WEB_CUSTOMER,
      acceptTerms: true,
    }).input;
    const context = webReservationMailContext({ settings, number: "R-2026-000008", refs, input, period, quote });
    expect(context).toEqual({
      settings,
      number: "R-2026-000008",
      car: refs.car,
      customer: input.customer,
      pickupAt: period.pickupAt,
      returnAt: period.returnAt,
      pickupLocation: refs.pickupLocation,
      returnLocation: refs.returnLocation,
      quote,
      comment: "",
    });
  });
});

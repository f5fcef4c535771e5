// The rental agreement text: every placeholder of the template filled from the reservation.
import { describe, expect, it } from "vitest";
import { BLANK, contractTextFor, contractValues, fillContract } from "../../../src/admin/print/contractText";
import type { Reservation } from "../../../src/domain/schemas";

const reservation: Reservation = {
  number: "R-2026-000123",
  carId: "3f1c7a52-9a3e-4d7e-8d0f-2b1f4c5a6e7d",
  customerId: "0b6c2a8e-1d2f-4a5b-9c7d-8e9f0a1b2c3d",
  pickupAt: "2026-07-01T07:00:00.000Z",
  returnAt: "2026-07-04T07:00:00.000Z",
  pickupLocationId: "1b6c2a8e-1d2f-4a5b-9c7d-8e9f0a1b2c3d",
  returnLocationId: "1b6c2a8e-1d2f-4a5b-9c7d-8e9f0a1b2c3d",
  extras: [],
  status: "confirmed",
  source: "phone",
  comment: "",
  notes: "",
  cancelReason: "",
  handoverOverrideReason: "",
  handover: null,
  returnAct: null,
  driverDetails: null,
  payment: null,
  quote: {
    days: 3,
    dailyRate: 45,
    perDay: 45,
    base: 135,
    extras: 0,
    extrasLines: [],
    delivery: 0,
    discount: 0,
    offerId: null,
    total: 1234.5,
    vat: 214.25,
    net: 1020.25,
    vatRate: 0.21,
    deposit: 300,
    currency: "EUR",
  },
  contract: { mileageOut: 45210, mileageIn: null, fuelOut: "1", fuelIn: null, damages: "", text: null },
};

describe("sutarties tekstas", () => {
  const values = contractValues({
    reservation,
    customer: {
      type: "private",
      firstName: "Jonas",
      lastName: "Petraitis",
      email: "jonas@example.com",
      phone: "+37061234567",
      birthDate: "1990-01-01",
      licenceIssuedAt: "2010-05-04",
      licenceNumber: "LT123456",
      notes: "",
      consentAt: null,
    },
    car: null,
    fleet: null,
    pickupLocation: {
      name: "Vilniaus oro uostas",
      address: "Rodūnios kelias 10A",
      city: "Vilnius",
      deliveryFee: 0,
      airport: true,
      hours: "",
      active: true,
      sortOrder: 0,
    },
    returnLocation: null,
    settings: null,
    today: new Date("2026-06-30T09:00:00Z"),
  });

  it("įrašo vardus, datas Vilniaus laiku, sumas lt-LT formatu ir perdavimo aktą", () => {
    const text = fillContract(
      "Nr. {number}, {date}. Nuomininkas: {customer.name}. Paėmimas: {pickupAt}, {pickupLocation}. {days}. Iš viso: {total}. Rida: {mileageOut}, grąžinant {mileageIn}. Degalai: {fuelOut}. Pažeidimai: {damages}.",
      values,
    );
    expect(text).toBe(
      `Nr. R-2026-000123, 2026-06-30. Nuomininkas: Jonas Petraitis. Paėmimas: 2026-07-01 10:00, Vilniaus oro uostas, Rodūnios kelias 10A. 3 paros. Iš viso: 1\u00a0234,50\u00a0€. Rida: 45\u00a0210, grąžinant ${BLANK}. Degalai: pilnas bakas. Pažeidimai: nėra.`,
    );
  });

  it("palieka tuščias vietas pildyti ranka, o nežinomus žymenis – matomus", () => {
    expect(values["car.plateNumber"]).toBe(BLANK);
    expect(fillContract("{nezinomas}", values)).toBe("{nezinomas}");
  });

  it("pervežimo mokestis sutartyje: savo žymeniu arba, senesniame šablone, tarp papildomų paslaugų", () => {
    const moved = { ...reservation, quote: { ...reservation.quote!, transfer: 35 } };
    const facts = {
      reservation: moved,
      customer: null,
      car: null,
      fleet: null,
      pickupLocation: null,
      returnLocation: null,
      settings: null,
      today: new Date("2026-06-30T09:00:00Z"),
    };
    expect(contractTextFor("Pervežimas: {transfer}. Paslaugos: {extras}.", facts)).toBe(
      "Pervežimas: 35,00\u00a0€. Paslaugos: nėra.",
    );
    // a template saved before the fee existed: the lines still add up to the total
    expect(contractTextFor("Paslaugos: {extras}.", facts)).toBe(
      "Paslaugos: Automobilio pervežimas į paėmimo vietą – 35,00\u00a0€.",
    );
    expect(contractTextFor("Paslaugos: {extras}.", { ...facts, reservation })).toBe("Paslaugos: nėra.");
  });
});

import { describe, expect, it } from "vitest";
import {
  driverCheckErrors,
  FUEL_REQUIRED,
  handoverReadingErrors,
  LICENCE_EXPIRY_REQUIRED,
  MILEAGE_REQUIRED,
  readHandoverInput,
  unconfirmedDamageErrors,
} from "../../../src/domain/handoverChecks";
import { fieldErrorsOf, uuid } from "./fixtures";

const PNG = "data:image/png;base64,iVBORw0KGgo=";
const body = (over: Record<string, unknown> = {}) => ({
  mileage: 45_120,
  fuel: "3/4",
  licence: { number: "LT1234567", expiresAt: "2030-01-01" },
  damages: [],
  photos: [],
  confirmedDamageIds: [],
  signature: { image: PNG, signerName: "Jonas Jonaitis" },
  ...over,
});

// Pickup 2026-12-01 10:00 Vilnius, return 2026-12-05 10:00 Vilnius (UTC+2 in winter).
const reservation = { pickupAt: "2026-12-01T08:00:00Z", returnAt: "2026-12-05T08:00:00Z" };
const car = { minDriverAge: 21, minLicenceYears: 2 };
const customer = { birthDate: "1990-05-01", licenceIssuedAt: "2010-06-01" };

describe("readHandoverInput", () => {
  it("reads a complete hand-over", () => {
    const input = readHandoverInput(body());
    expect(input.mileage).toBe(45_120);
    expect(input.fuel).toBe("3/4");
    expect(input.licence).toEqual({ number: "LT1234567", expiresAt: "2030-01-01" });
    expect(input.statusReason).toBe("");
  });

  it("says which reading is missing, in Lithuanian", () => {
    const errors = fieldErrorsOf(() => readHandoverInput(body({ mileage: undefined, fuel: undefined })));
    expect(errors).toMatchObject({ mileage: MILEAGE_REQUIRED, fuel: FUEL_REQUIRED });
  });

  it("requires the licence number and expiry and a PNG signature", () => {
    const errors = fieldErrorsOf(() =>
      readHandoverInput(
        body({ licence: { number: " " }, signature: { image: "data:image/jpeg;base64,AAAA", signerName: "A" } }),
      ),
    );
    expect(errors?.["licence.number"]).toBe("Įveskite vairuotojo pažymėjimo numerį");
    expect(errors?.["licence.expiresAt"]).toBe(LICENCE_EXPIRY_REQUIRED);
    expect(errors?.["signature.image"]).toBe("Parašas turi būti PNG paveikslėlis");
  });

  it("refuses a fractional or negative mileage and unknown fields", () => {
    expect(fieldErrorsOf(() => readHandoverInput(body({ mileage: 10.5 })))?.mileage).toBe(
      "Rida – sveikas kilometrų skaičius",
    );
    expect(fieldErrorsOf(() => readHandoverInput(body({ mileage: -1 })))?.mileage).toBe("Rida negali būti neigiama");
    expect(fieldErrorsOf(() => readHandoverInput(body({ price: 1 })))?.price).toBe("Nežinomas laukas");
  });
});

describe("driverCheckErrors", () => {
  const licence = { number: "LT1", expiresAt: "2030-01-01" };

  it("passes a valid licence, an adult driver and enough years", () => {
    expect(driverCheckErrors(licence, { reservation, customer, car })).toEqual({});
  });

  it("refuses a licence expiring before the return day, accepts one valid through it", () => {
    const expired = driverCheckErrors({ ...licence, expiresAt: "2026-12-04" }, { reservation, customer, car });
    expect(expired["licence.expiresAt"]).toBe(
      "Vairuotojo pažymėjimas galioja iki 2026-12-04, o automobilis grąžinamas 2026-12-05 – su tokiu pažymėjimu išduoti negalima",
    );
    expect(driverCheckErrors({ ...licence, expiresAt: "2026-12-05" }, { reservation, customer, car })).toEqual({});
  });

  it("uses the Vilnius day of the return (23:30 UTC is the next day in Vilnius)", () => {
    const late = { ...reservation, returnAt: "2026-12-05T23:30:00Z" };
    const errors = driverCheckErrors({ ...licence, expiresAt: "2026-12-05" }, { reservation: late, customer, car });
    expect(errors["licence.expiresAt"]).toContain("grąžinamas 2026-12-06");
  });

  it("checks the minimum age on the pickup day", () => {
    const young = { ...customer, birthDate: "2005-12-02" };
    expect(driverCheckErrors(licence, { reservation, customer: young, car })["customer.birthDate"]).toBe(
      "Šiam automobiliui vairuotojui turi būti ne mažiau kaip 21 m. (paėmimo dieną – 20 m.)",
    );
    const birthday = { ...customer, birthDate: "2005-12-01" };
    expect(driverCheckErrors(licence, { reservation, customer: birthday, car })).toEqual({});
  });

  it("checks the licence years for the car", () => {
    const fresh = { ...customer, licenceIssuedAt: "2025-06-01" };
    expect(driverCheckErrors(licence, { reservation, customer: fresh, car })["customer.licenceIssuedAt"]).toBe(
      "Šiam automobiliui reikia ne mažesnio kaip 2 m. vairavimo stažo (paėmimo dieną – 1 m.)",
    );
  });

  it("says which field of the customer's card to fill in", () => {
    const errors = driverCheckErrors(licence, {
      reservation,
      customer: { birthDate: null, licenceIssuedAt: null },
      car,
    });
    expect(errors["customer.birthDate"]).toBe(
      "Kliento kortelėje įrašykite gimimo datą – be jos amžiaus patikrinti negalima",
    );
    expect(errors["customer.licenceIssuedAt"]).toBe(
      "Kliento kortelėje įrašykite vairuotojo pažymėjimo išdavimo datą – be jos vairavimo stažo patikrinti negalima",
    );
  });
});

describe("handoverReadingErrors", () => {
  it("refuses a mileage below the fleet record, with lt-LT kilometres", () => {
    expect(handoverReadingErrors(45_000, 45_120)).toEqual({
      mileage: "Rida negali būti mažesnė nei automobilio apskaitoje (45\u00a0120 km)",
    });
    expect(handoverReadingErrors(45_120, 45_120)).toEqual({});
    expect(handoverReadingErrors(1, null)).toEqual({});
  });
});

describe("unconfirmedDamageErrors", () => {
  it("needs every open damage confirmed", () => {
    expect(unconfirmedDamageErrors([uuid(1), uuid(2)], [uuid(1), uuid(2)])).toEqual({});
    expect(unconfirmedDamageErrors([uuid(1)], [])).toEqual({
      confirmedDamageIds: "Patvirtinkite esamą automobilio pažeidimą kartu su klientu",
    });
    expect(unconfirmedDamageErrors([uuid(1), uuid(2)], [uuid(2)]).confirmedDamageIds).toContain("Patvirtinkite");
  });
});

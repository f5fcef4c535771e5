// Form rules of the public site: the search period, the date and phone inputs, the
// reservation form's validation and wire input, the catalogue's price order.
import { describe, expect, it } from "vitest";
import type { PublicCar } from "../../../src/backend/port";
import * as phoneRules from "../../../src/domain/phone";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../../../src/domain/time";
import { sortCars } from "../../../src/site/cars/CarsPage";
import { shapeDateInput, weekdayOf } from "../../../src/site/components/DateField";
import {
  BASIC_COUNTRIES,
  cleanPhoneInput,
  countryForNumber,
  countryOptions,
} from "../../../src/site/components/phone/phoneSupport";
import { periodErrors, searchPeriodOf, searchUrl } from "../../../src/site/components/SearchForm";
import {
  ageOn,
  initialValues,
  type ReservationValues,
  toReservationInput,
  validateReservation,
} from "../../../src/site/reservation/reservationValues";

const RULES = {
  leadTimeHours: 2,
  minDays: 1,
  maxDays: 90,
  maxAdvanceDays: 365,
  graceMinutes: 60,
  openingHour: 8,
  closingHour: 20,
};
const NOW = new Date("2026-11-21T10:00:00.000Z");
const today = vilniusDateString(NOW);

describe("paieškos laikotarpis", () => {
  it("skaito ISO momentus arba, jei forma išsiųsta puslapiui dar netapus interaktyviam, datas ir laikus", () => {
    expect(searchPeriodOf(new URLSearchParams("from=2026-12-01T08:00:00.000Z&to=2026-12-03T08:00:00.000Z"))).toEqual({
      from: "2026-12-01T08:00:00.000Z",
      to: "2026-12-03T08:00:00.000Z",
    });
    expect(
      searchPeriodOf(
        new URLSearchParams("pickupDate=2026-12-01&pickupTime=10:00&returnDate=2026-12-03&returnTime=09:30"),
      ),
    ).toEqual({
      from: vilniusLocalToInstant("2026-12-01", "10:00").toISOString(),
      to: vilniusLocalToInstant("2026-12-03", "09:30").toISOString(),
    });
    expect(searchPeriodOf(new URLSearchParams("pickupDate=2026-12-01"))).toBeNull();
    expect(searchUrl("a", "b", "c")).toBe("/paieskosautomobiliai?from=a&to=b&location=c");
  });

  it("lietuviškai sako, kas negerai: grąžinimas prieš paėmimą, paėmimas praeityje, per trumpas įspėjimas", () => {
    const day = (n: number) => addDaysToDateString(today, n);
    expect(periodErrors({ date: day(5), time: "10:00" }, { date: day(4), time: "10:00" }, RULES, NOW).return).toBe(
      "Grąžinimo laikas turi būti vėlesnis nei paėmimo",
    );
    expect(periodErrors({ date: day(-1), time: "10:00" }, { date: day(2), time: "10:00" }, RULES, NOW).pickup).toBe(
      "Paėmimo laikas jau praėjo",
    );
    // 12:00 in Vilnius is one hour after NOW (10:00 UTC = 12:00 EET)... 13:00 is one hour ahead.
    expect(periodErrors({ date: today, time: "13:00" }, { date: day(2), time: "10:00" }, RULES, NOW).pickup).toBe(
      "Rezervuoti galima ne vėliau kaip prieš 2 valandas",
    );
    expect(periodErrors({ date: "", time: "10:00" }, { date: day(2), time: "10:00" }, RULES, NOW).pickup).toBe(
      "Nurodykite paėmimo datą ir laiką",
    );
    expect(periodErrors({ date: day(1), time: "10:00" }, { date: day(3), time: "10:00" }, RULES, NOW)).toEqual({});
  });
});

describe("datos laukas", () => {
  it("įvedamą tekstą formuoja į YYYY-MM-DD", () => {
    expect(shapeDateInput("2026")).toBe("2026");
    expect(shapeDateInput("20261")).toBe("2026-1");
    expect(shapeDateInput("2026112")).toBe("2026-11-2");
    expect(shapeDateInput("20261121")).toBe("2026-11-21");
    expect(shapeDateInput("2026-11-21x9")).toBe("2026-11-21");
  });

  it("žino savaitės dieną, pirmadienis – pirmas", () => {
    expect(weekdayOf("2026-11-23")).toBe(0);
    expect(weekdayOf("2026-11-22")).toBe(6);
  });
});

describe("telefono laukas", () => {
  it("pašalina taisyklių neleidžiamus simbolius", () => {
    expect(cleanPhoneInput("+370 (612) 34-567 ext.")).toBe("+370 (612) 34-567 ");
  });

  it("pagal tarptautinio numerio šalies kodą keičia šalį, išlaikydamas pasirinkimą tarp to paties kodo šalių", () => {
    const all = countryOptions(phoneRules);
    expect(countryForNumber("+370 612 34567", all, "LV")).toBe("LT");
    expect(countryForNumber("+371 2", all, "LT")).toBe("LV");
    expect(countryForNumber("00 48 600", all, "LT")).toBe("PL");
    expect(countryForNumber("+1 416", all, "CA")).toBe("CA");
    expect(countryForNumber("+1 212", all, "LT")).toBe("US");
    expect(countryForNumber("+44 20", all, "LT")).toBe("GB");
    expect(countryForNumber("612 34567", all, "LT")).toBeNull();
    expect(countryForNumber("+3", all, "LT")).toBeNull();
  });

  it("pirmiausia pateikia prioritetines šalis su lietuviškais pavadinimais; kiekvieną įtaisytą šalį žino lentelės", () => {
    const all = countryOptions(phoneRules);
    expect(all.slice(0, 6).map((c) => c.code)).toEqual(["LT", "LV", "EE", "PL", "DE", "GB"]);
    expect(all[0]).toEqual({ code: "LT", name: "Lietuva", dialCode: "+370" });
    for (const basic of BASIC_COUNTRIES) {
      expect(all.find((c) => c.code === basic.code)?.dialCode, basic.code).toBe(basic.dialCode);
    }
    expect(countryOptions(null)).toEqual(BASIC_COUNTRIES);
  });
});

describe("rezervacijos forma", () => {
  const filled = (overrides: Partial<ReservationValues> = {}): ReservationValues => ({
    ...initialValues({
      carId: "25239e32-7f21-52dd-ac80-9f8ef21ea6d9",
      pickup: { date: addDaysToDateString(today, 10), time: "10:00" },
      return: { date: addDaysToDateString(today, 13), time: "10:00" },
      locationId: "466453be-16e6-56aa-871c-ed0b186adb3a",
    }),
    firstName: "Rūta",
    lastName: "Žemaitienė",
    email: "ruta@pavyzdys.lt",
    phone: "8 612 34567",
    birthDate: "1990-05-01",
    licenceNumber: "LT123",
    acceptTerms: true,
    ...overrides,
  });

  it("priima pilną formą ir siunčia telefoną E.164 formatu, be kainos", () => {
    const values = filled();
    expect(validateReservation(values, { now: NOW, phoneRules, minDriverAge: 21, bookingRules: RULES })).toEqual({});
    const input = toReservationInput(values, phoneRules);
    expect(input.customer.phone).toBe("+37061234567");
    expect(input.pickupAt).toBe(vilniusLocalToInstant(addDaysToDateString(today, 10), "10:00").toISOString());
    expect(Object.keys(input)).not.toContain("quote");
    expect(input.acceptTerms).toBe(true);
  });

  it("kiekvienai problemai pateikia jos lietuvišką pranešimą", () => {
    const errors = validateReservation(
      filled({
        phone: "+370 123",
        email: "ne-el-pastas",
        birthDate: addDaysToDateString(today, -365 * 19),
        acceptTerms: false,
        returnDate: addDaysToDateString(today, 9),
      }),
      { now: NOW, phoneRules, minDriverAge: 21, bookingRules: RULES },
    );
    expect(errors).toMatchObject({
      phone: "Neteisingas telefono numeris šiai šaliai",
      email: "Neteisingas el. pašto adresas",
      birthDate: "Vairuotojui turi būti ne mažiau kaip 21 m.",
      acceptTerms: "Būtina sutikti su nuomos sąlygomis",
      returnDate: "Grąžinimo laikas turi būti vėlesnis nei paėmimo",
    });
    expect(validateReservation(filled({ phone: "+370 6a" }), { now: NOW }).phone).toBe(
      "Telefono numeryje gali būti tik skaitmenys, tarpai ir + - ( )",
    );
  });

  it("vairuotojo amžių skaičiuoja paėmimo dieną", () => {
    expect(ageOn("2000-11-22", "2021-11-21")).toBe(20);
    expect(ageOn("2000-11-22", "2021-11-22")).toBe(21);
  });
});

describe("katalogo tvarka", () => {
  const car = (slug: string, priceFrom: number | null) => ({ slug, priceFrom }) as PublicCar;
  const cars = [car("a", 30), car("b", null), car("c", 20), car("d", 30)];
  it("išlaiko personalo nustatytą tvarką arba rikiuoja pagal kainą: automobiliai be kainos – paskutiniai, vienodos kainos – personalo tvarka", () => {
    expect(sortCars(cars, null).map((c) => c.slug)).toEqual(["a", "b", "c", "d"]);
    expect(sortCars(cars, "kaina").map((c) => c.slug)).toEqual(["c", "a", "d", "b"]);
    expect(sortCars(cars, "-kaina").map((c) => c.slug)).toEqual(["a", "d", "c", "b"]);
  });
});

describe("vėliavos", () => {
  it("sudėtingųjų vėliavų sąrašas Flag.tsx atitinka customFlags.tsx piešinius", async () => {
    const { CUSTOM_CODES } = await import("../../../src/site/components/phone/Flag");
    const { CUSTOM } = await import("../../../src/site/components/phone/customFlags");
    expect([...CUSTOM_CODES].sort()).toEqual(Object.keys(CUSTOM).sort());
  });
});

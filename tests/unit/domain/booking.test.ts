import { describe, expect, it } from "vitest";
import { type BookingPeriodRules, validateBookingPeriod } from "../../../src/domain/booking";
import { bookingRulesSchema } from "../../../src/domain/schemas";
import { vilniusLocalToInstant } from "../../../src/domain/time";

const RULES: BookingPeriodRules = bookingRulesSchema.parse({
  leadTimeHours: 2,
  minDays: 1,
  maxDays: 30,
  maxAdvanceDays: 365,
  graceMinutes: 60,
});
const NOW = vilniusLocalToInstant("2026-11-21", "10:00");
const at = (date: string, time = "10:00") => vilniusLocalToInstant(date, time);
const HOUR = 3_600_000;

describe("validateBookingPeriod", () => {
  it("priima tinkamą laikotarpį", () => {
    expect(validateBookingPeriod({ pickupAt: at("2026-11-22"), returnAt: at("2026-11-25") }, RULES, NOW)).toEqual({});
    expect(
      validateBookingPeriod({ pickupAt: "2026-11-22T08:00:00.000Z", returnAt: "2026-11-23T08:00:00.000Z" }, RULES, NOW),
    ).toEqual({});
  });

  it("atmeta jau praėjusį paėmimo laiką", () => {
    expect(
      validateBookingPeriod({ pickupAt: at("2026-11-21", "09:59"), returnAt: at("2026-11-23") }, RULES, NOW),
    ).toEqual({ pickupAt: "Paėmimo laikas jau praėjo" });
  });

  it("tikrina mažiausią laiką iki paėmimo ir teisingai linksniuoja valandas", () => {
    const soon = { pickupAt: new Date(NOW.getTime() + HOUR), returnAt: at("2026-11-24") };
    expect(validateBookingPeriod(soon, RULES, NOW)).toEqual({
      pickupAt: "Rezervuoti galima ne vėliau kaip prieš 2 valandas",
    });
    expect(validateBookingPeriod(soon, { ...RULES, leadTimeHours: 1 }, NOW)).toEqual({});
    expect(validateBookingPeriod(soon, { ...RULES, leadTimeHours: 10 }, NOW).pickupAt).toBe(
      "Rezervuoti galima ne vėliau kaip prieš 10 valandų",
    );
    expect(validateBookingPeriod(soon, { ...RULES, leadTimeHours: 21 }, NOW).pickupAt).toBe(
      "Rezervuoti galima ne vėliau kaip prieš 21 valandą",
    );
    const exactly = { pickupAt: new Date(NOW.getTime() + 2 * HOUR), returnAt: at("2026-11-24") };
    expect(validateBookingPeriod(exactly, RULES, NOW)).toEqual({});
    // With no lead time, now itself can be booked.
    expect(
      validateBookingPeriod({ pickupAt: NOW, returnAt: at("2026-11-22") }, { ...RULES, leadTimeHours: 0 }, NOW),
    ).toEqual({});
  });

  it("atmeta per tolimą paėmimo datą", () => {
    const far = { pickupAt: at("2027-11-22"), returnAt: at("2027-11-24") };
    expect(validateBookingPeriod(far, RULES, NOW)).toEqual({
      pickupAt: "Rezervuoti galima ne anksčiau kaip prieš 365 dienas",
    });
    expect(validateBookingPeriod(far, { ...RULES, maxAdvanceDays: 400 }, NOW)).toEqual({});
  });

  it("atmeta grąžinimą tuo pačiu metu kaip paėmimas ar anksčiau", () => {
    const message = "Grąžinimo laikas turi būti vėlesnis nei paėmimo";
    expect(validateBookingPeriod({ pickupAt: at("2026-11-23"), returnAt: at("2026-11-23") }, RULES, NOW)).toEqual({
      returnAt: message,
    });
    expect(validateBookingPeriod({ pickupAt: at("2026-11-23"), returnAt: at("2026-11-22") }, RULES, NOW)).toEqual({
      returnAt: message,
    });
  });

  it("tikrina trumpiausią ir ilgiausią trukmę, paras skaičiuoja kaip kainai", () => {
    const rules = { ...RULES, minDays: 3 };
    expect(validateBookingPeriod({ pickupAt: at("2026-11-23"), returnAt: at("2026-11-25") }, rules, NOW)).toEqual({
      returnAt: "Trumpiausia nuomos trukmė – 3 paros",
    });
    // 2 days + 61 minutes is charged as 3.
    expect(
      validateBookingPeriod({ pickupAt: at("2026-11-23"), returnAt: at("2026-11-25", "11:01") }, rules, NOW),
    ).toEqual({});
    expect(validateBookingPeriod({ pickupAt: at("2026-11-23"), returnAt: at("2026-12-23") }, RULES, NOW)).toEqual({});
    expect(
      validateBookingPeriod({ pickupAt: at("2026-11-23"), returnAt: at("2026-12-23", "11:01") }, RULES, NOW),
    ).toEqual({ returnAt: "Ilgiausia nuomos trukmė – 30 parų" });
    expect(
      validateBookingPeriod({ pickupAt: at("2026-11-23"), returnAt: at("2026-12-24") }, { ...RULES, maxDays: 21 }, NOW),
    ).toEqual({ returnAt: "Ilgiausia nuomos trukmė – 21 para" });
  });

  it("praneša apie abu laukus iš karto ir apie neperskaitomas datas", () => {
    expect(validateBookingPeriod({ pickupAt: at("2026-11-20"), returnAt: at("2026-11-19") }, RULES, NOW)).toEqual({
      pickupAt: "Paėmimo laikas jau praėjo",
      returnAt: "Grąžinimo laikas turi būti vėlesnis nei paėmimo",
    });
    expect(validateBookingPeriod({ pickupAt: "rytoj", returnAt: "poryt" }, RULES, NOW)).toEqual({
      pickupAt: "Neteisinga data ir laikas",
      returnAt: "Neteisinga data ir laikas",
    });
  });

  it("per laiko keitimą nuomą skaičiuoja paromis pagal laikrodį", () => {
    const now = at("2026-03-20");
    const rules = { ...RULES, maxDays: 1, graceMinutes: 0 };
    expect(validateBookingPeriod({ pickupAt: at("2026-03-28"), returnAt: at("2026-03-29") }, rules, now)).toEqual({});
    expect(
      validateBookingPeriod({ pickupAt: at("2026-10-24"), returnAt: at("2026-10-25") }, rules, at("2026-10-20")),
    ).toEqual({});
  });
});

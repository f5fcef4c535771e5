import { describe, expect, it } from "vitest";
import {
  CANCEL_REASON_MISSING,
  handoverTooEarlyMessage,
  isBeforePickupDay,
  isClosedStatus,
  needsPastConfirmation,
  pastBookingQuestion,
  reasonError,
  serverRefusal,
} from "../../../src/admin/reservations/reservationRules";

describe("rezervacijos ekrano taisyklės", () => {
  it("uždarytos būsenos: užbaigta, atšaukta, neatvyko", () => {
    expect(["completed", "cancelled", "no_show"].every(isClosedStatus)).toBe(true);
    expect(["new", "confirmed", "active", undefined].some(isClosedStatus)).toBe(false);
  });

  it("perduoti galima nuo paėmimo dienos Vilniaus laiku", () => {
    // 2026-12-01 00:30 Vilnius is 2026-11-30 22:30 UTC
    const pickupAt = "2026-11-30T22:30:00.000Z";
    expect(isBeforePickupDay(pickupAt, new Date("2026-11-30T21:59:00.000Z"))).toBe(true);
    expect(isBeforePickupDay(pickupAt, new Date("2026-11-30T22:01:00.000Z"))).toBe(false);
    expect(handoverTooEarlyMessage(pickupAt)).toBe("Perduoti galima nuo paėmimo dienos – 2026-12-01");
  });

  it("praėjęs paėmimas: klausiama kuriant ir kai datos pakeistos", () => {
    const now = Date.parse("2026-11-24T12:00:00.000Z");
    const past = { pickupAt: "2026-11-20T08:00:00.000Z", returnAt: "2026-11-22T08:00:00.000Z" };
    expect(needsPastConfirmation(past, undefined, now)).toBe(true);
    expect(needsPastConfirmation(past, { id: "a", ...past }, now)).toBe(false);
    expect(needsPastConfirmation(past, { id: "a", ...past, returnAt: "2026-11-23T08:00:00.000Z" }, now)).toBe(true);
    expect(needsPastConfirmation({ ...past, pickupAt: "2026-11-25T08:00:00.000Z" }, undefined, now)).toBe(false);
    expect(pastBookingQuestion(past.pickupAt)).toBe(
      "Paėmimo laikas jau praėjęs (2026-11-20 10:00). Ar tikrai registruoti praėjusią nuomą?",
    );
  });

  it("priežastis privaloma ir ne ilgesnė nei 500 simbolių", () => {
    expect(reasonError("   ", CANCEL_REASON_MISSING)).toBe(CANCEL_REASON_MISSING);
    expect(reasonError("x".repeat(501), CANCEL_REASON_MISSING)).toBe("Ne daugiau kaip 500 simbolių");
    expect(reasonError("Klientas persigalvojo", CANCEL_REASON_MISSING)).toBeNull();
  });

  it("serverio atsakymas: pranešimas ir laukų klaidos (ir įdėtos)", () => {
    const error = Object.assign(new Error("Patikrinkite pažymėtus laukus"), {
      body: { errors: { statusReason: "Nurodykite atšaukimo priežastį", contract: { mileageIn: "Per maža rida" } } },
    });
    expect(serverRefusal(error)).toEqual({
      message: "Patikrinkite pažymėtus laukus",
      fields: { statusReason: "Nurodykite atšaukimo priežastį", "contract.mileageIn": "Per maža rida" },
    });
    expect(serverRefusal(undefined).message).toMatch(/nepavyko/);
  });
});

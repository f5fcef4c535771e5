// Pure pieces of the back-office screens: date-time parts on the Vilnius clock, free slots of
// the availability timeline, the dashboard's occupancy, form normalisers and the admin actions.
import { describe, expect, it } from "vitest";
import { adminActionsOf, UNSUPPORTED_MESSAGE } from "../../../src/admin/adminApi";
import { freeSlot } from "../../../src/admin/availability/CheckAvailability";
import { daySpans } from "../../../src/admin/common/days";
import { moveItem } from "../../../src/admin/common/ImagesInput";
import { instantFromParts, instantParts, QUARTER_HOURS } from "../../../src/admin/common/inputs";
import { normaliseCustomer, validateCustomer } from "../../../src/admin/customers/CustomerForm";
import { carsTakenOn, occupancy, weekStart } from "../../../src/admin/dashboard/Dashboard";
import { normaliseOffer } from "../../../src/admin/offers/OfferForm";
import { normalisePrice, validatePrice } from "../../../src/admin/prices/PriceForm";
import { vilniusLocalToInstant } from "../../../src/domain/time";

const at = (date: string, time: string) => vilniusLocalToInstant(date, time).toISOString();

describe("datos ir laiko laukai", () => {
  it("momentą išskaido į Vilniaus datą ir 24 val. laiką, vasarą ir žiemą", () => {
    expect(instantParts("2026-07-01T07:30:00.000Z")).toEqual({ date: "2026-07-01", time: "10:30" });
    expect(instantParts("2026-12-01T08:30:00.000Z")).toEqual({ date: "2026-12-01", time: "10:30" });
    expect(instantParts("nesąmonė")).toEqual({ date: "", time: "" });
  });

  it("datą ir laiką sujungia atgal į tą patį momentą, taip pat per rudeninį laiko keitimą", () => {
    expect(instantFromParts("2026-10-25", "02:30")).toBe(at("2026-10-25", "02:30"));
    expect(instantFromParts("2026-11-25", "10:00")).toBe("2026-11-25T08:00:00.000Z");
    expect(instantFromParts("2026-11-25", "")).toBeNull();
    expect(instantFromParts("2026-02-30", "10:00")).toBeNull();
  });

  it("siūlo paros laikus kas ketvirtį valandos, 24 val. formatu", () => {
    expect(QUARTER_HOURS).toHaveLength(96);
    expect(QUARTER_HOURS.slice(0, 2)).toEqual(["00:00", "00:15"]);
    expect(QUARTER_HOURS.at(-1)).toBe("23:45");
  });
});

describe("užimtumo laiko juosta", () => {
  const [day] = daySpans("2026-11-25", 1);

  it("laisvą dieną langelis prasideda 10:00 ir trunka 24 val.", () => {
    expect(freeSlot(day!, [])).toEqual({ pickupAt: at("2026-11-25", "10:00"), returnAt: at("2026-11-26", "10:00") });
  });

  it("prasideda po tą dieną vėliau grąžintos nuomos, suapvalinus aukštyn iki ketvirčio valandos", () => {
    const returned = {
      pickupAt: at("2026-11-20", "09:00"),
      returnAt: at("2026-11-25", "13:05"),
      status: "active" as const,
    };
    expect(freeSlot(day!, [returned])?.pickupAt).toBe(at("2026-11-25", "13:15"));
  });

  it("baigiasi ten, kur prasideda kita nuoma, o visiškai užimta diena langelio neturi", () => {
    const next = {
      pickupAt: at("2026-11-25", "18:00"),
      returnAt: at("2026-11-28", "10:00"),
      status: "confirmed" as const,
    };
    expect(freeSlot(day!, [next])).toEqual({
      pickupAt: at("2026-11-25", "10:00"),
      returnAt: at("2026-11-25", "18:00"),
    });
    const whole = { pickupAt: at("2026-11-24", "10:00"), returnAt: at("2026-11-27", "10:00"), status: "new" as const };
    expect(freeSlot(day!, [whole])).toBeNull();
  });

  it("atšauktos ir baigtos nuomos automobilio neužima", () => {
    const cancelled = {
      pickupAt: at("2026-11-24", "10:00"),
      returnAt: at("2026-11-27", "10:00"),
      status: "cancelled" as const,
    };
    expect(freeSlot(day!, [cancelled])).not.toBeNull();
  });
});

describe("suvestinės užimtumas", () => {
  it("savaitės Vilniuje prasideda pirmadienį", () => {
    expect(weekStart("2026-11-25")).toBe("2026-11-23"); // Wednesday
    expect(weekStart("2026-11-29")).toBe("2026-11-23"); // Sunday
    expect(weekStart("2026-11-23")).toBe("2026-11-23");
  });

  it("skaičiuoja per savaitę užimtas automobilių dienas", () => {
    const week = daySpans("2026-11-23", 7);
    const reservations = [
      {
        carId: "a",
        pickupAt: at("2026-11-23", "10:00"),
        returnAt: at("2026-11-25", "10:00"),
        status: "confirmed" as const,
      },
      { carId: "b", pickupAt: at("2026-11-29", "18:00"), returnAt: at("2026-12-02", "10:00"), status: "new" as const },
    ];
    expect(carsTakenOn(week[0]!, reservations)).toEqual(new Set(["a"]));
    // a: 23, 24, 25 (returned that morning) = 3 days; b: 29 = 1 day; of 2 cars × 7 days
    expect(occupancy(week, reservations, 2)).toBeCloseTo(4 / 14);
    expect(occupancy(week, reservations, 0)).toBe(0);
  });
});

describe("formų normalizavimas", () => {
  it("klientas: telefonas saugomas E.164 formatu, išvalyti neprivalomi tekstai išmetami, telefono klaidos lietuviškai", () => {
    const values = {
      type: "private",
      firstName: "Ona",
      lastName: "Onaitė",
      email: "ona@pavyzdys.lt",
      phone: "8 612 34567",
      companyName: null,
      birthDate: "",
      notes: null,
    };
    expect(normaliseCustomer(values)).toMatchObject({ phone: "+37061234567", birthDate: null, notes: "" });
    expect(normaliseCustomer(values)).not.toHaveProperty("companyName");
    expect(validateCustomer(values)).toEqual({});
    expect(validateCustomer({ ...values, phone: "12" }).phone).toMatch(/telefono/i);
  });

  it("kaina: tuščias sezonas reiškia visus metus, tuščias „iki dienų“ – be viršutinės ribos", () => {
    const values = {
      carId: "",
      category: "ekonominė",
      season: { name: "", from: null, to: null },
      tiers: [
        { fromDays: 1, toDays: 3, dailyRate: 30 },
        { fromDays: 4, toDays: "", dailyRate: 25 },
      ],
    };
    expect(normalisePrice(values)).toMatchObject({ carId: null, season: null, tiers: [{}, { toDays: null }] });
    expect(validatePrice(values)).toEqual({});
    expect(Object.keys(validatePrice({ ...values, tiers: [{ fromDays: 2, toDays: null, dailyRate: 20 }] }))).toEqual([
      "tiers",
    ]);
  });

  it("akcija: be nuolaidos tipo nuolaidos nėra", () => {
    expect(normaliseOffer({ discount: { type: null, value: 5 }, carIds: null })).toEqual({
      discount: null,
      carIds: [],
    });
    expect(normaliseOffer({ discount: { type: "percent", value: 15 }, carIds: ["x"] })).toEqual({
      discount: { type: "percent", value: 15 },
      carIds: ["x"],
    });
  });

  it("perkelia sąrašo elementus nuotraukų ir rūšiavimo ekranams", () => {
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b"], 0, 5)).toEqual(["a", "b"]);
  });
});

describe("duomenų tiekėjo administravimo veiksmai", () => {
  it("kviečia paties tiekėjo metodus, o trūkstamus atmeta lietuviškai", async () => {
    const calls: unknown[][] = [];
    const provider = {
      saveSortOrder: async (...args: unknown[]) => {
        calls.push(args);
        return { changed: ["a"] };
      },
    };
    // Only the methods the screens use matter here; the CRUD ones are react-admin's.
    const actions = adminActionsOf(provider as never);
    await expect(actions.saveSortOrder("cars", ["a", "b"])).resolves.toEqual({ changed: ["a"] });
    expect(calls).toEqual([["cars", ["a", "b"]]]);
    await expect(actions.applyPriceUpdate({} as never)).rejects.toThrow(UNSUPPORTED_MESSAGE);
    // No live feed: subscribing is silent and unsubscribing harmless.
    expect(actions.subscribeToChanges(() => undefined)()).toBeUndefined();
  });
});

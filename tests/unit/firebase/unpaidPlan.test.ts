// The "Neapmokėtos" filter's plan for the Firestore DataProvider (src/backend/firebase/queryPlan.ts):
// Firestore reads the owing statuses only, the paid-versus-price rule is checked on the documents.
import { describe, expect, it } from "vitest";
import {
  indexesForPlan,
  indexKey,
  isUnpaidReservation,
  planList,
  planMatches,
  planScans,
  QueryNotSupportedError,
  requiredIndexes,
} from "../../../src/backend/firebase/queryPlan";

const sort = { field: "pickupAt", order: "DESC" } as const;

describe("„Neapmokėtos“ Firestore plane", () => {
  it("be būsenos filtro Firestore skaito tik mokėtinas būsenas; likusi taisyklė tikrinama dokumentuose", () => {
    const plan = planList("reservations", { filter: { unpaid: true }, sort });
    expect(plan.unpaid).toBe(true);
    expect(planScans(plan)).toBe(true);
    expect(plan.where).toEqual([{ field: "status", op: "in", value: ["new", "confirmed", "active", "completed"] }]);
    // Served by the indexes firestore.indexes.json already has.
    const known = new Set(requiredIndexes().map(indexKey));
    for (const index of indexesForPlan(plan)) expect(known.has(indexKey(index))).toBe(true);

    const withStatus = planList("reservations", { filter: { unpaid: "true", status: "active" }, sort });
    expect(withStatus.where).toEqual([{ field: "status", op: "==", value: "active" }]);
    expect(planList("reservations", { filter: { unpaid: false }, sort })).toMatchObject({ unpaid: false, where: [] });
    expect(planScans(planList("reservations", { filter: {}, sort }))).toBe(false);
  });

  it("kitiems sąrašams filtras nežinomas; su identifikatoriais nederinamas", () => {
    expect(() => planList("cars", { filter: { unpaid: true } })).toThrow(QueryNotSupportedError);
    expect(() => planList("reservations", { filter: { unpaid: true, id: ["a"] }, sort })).toThrow(
      QueryNotSupportedError,
    );
  });

  it("taisyklė kaip vietiniame serveryje: sumokėta < kaina + grąžinimo mokesčiai, be atšauktų ir neatvykusių", () => {
    const r = (status: string, total: number, paid?: number, charges?: number) => ({
      status,
      quote: { total },
      ...(paid === undefined ? {} : { payment: { paid, due: 0 } }),
      ...(charges === undefined ? {} : { returnAct: { total: charges } }),
    });
    expect(isUnpaidReservation(r("confirmed", 120))).toBe(true);
    expect(isUnpaidReservation(r("confirmed", 120, 50))).toBe(true);
    expect(isUnpaidReservation(r("confirmed", 120, 120))).toBe(false);
    // Return charges count at once, even while the stored summary still says nothing is due.
    expect(isUnpaidReservation(r("completed", 120, 120, 35.5))).toBe(true);
    expect(isUnpaidReservation(r("completed", 120, 155.5, 35.5))).toBe(false);
    expect(isUnpaidReservation(r("cancelled", 120))).toBe(false);
    expect(isUnpaidReservation(r("no_show", 120, 0))).toBe(false);
    expect(isUnpaidReservation(r("new", 0))).toBe(false);
    const plan = planList("reservations", { filter: { unpaid: true }, sort });
    expect(planMatches(plan, r("active", 99.99, 99.98))).toBe(true);
    expect(planMatches(plan, r("active", 99.99, 99.99))).toBe(false);
  });
});

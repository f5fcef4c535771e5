// The "Neapmokėtos" filter's plan for the Firestore DataProvider (src/backend/firebase/queryPlan.ts):
// an equality on the `_unpaid` flag every stored reservation carries (toStoredDoc derives it from
// the document), so Firestore counts and pages the list itself, at any size.
import { describe, expect, it } from "vitest";
import { UNPAID_FIELD } from "../../../src/backend/firebase/model";
import {
  indexesForPlan,
  indexKey,
  isUnpaidReservation,
  planList,
  planScans,
  QueryNotSupportedError,
  requiredIndexes,
} from "../../../src/backend/firebase/queryPlan";
import { toStoredDoc } from "../../../src/backend/firebase/storedDoc";

const sort = { field: "pickupAt", order: "DESC" } as const;

describe("„Neapmokėtos“ Firestore plane", () => {
  it("filtras yra lygybė su _unpaid žyme: Firestore pats skaičiuoja ir puslapiuoja, nieko neskaito rankomis", () => {
    const plan = planList("reservations", { filter: { unpaid: true }, sort });
    expect(plan.unpaid).toBe(true);
    expect(planScans(plan)).toBe(false);
    expect(plan.where).toEqual([{ field: UNPAID_FIELD, op: "==", value: true }]);
    // Served by the indexes firestore.indexes.json has, for every sort and with the other filters.
    const known = new Set(requiredIndexes().map(indexKey));
    for (const field of ["pickupAt", "returnAt", "number", "createdAt"]) {
      for (const order of ["ASC", "DESC"] as const) {
        const sorted = planList("reservations", { filter: { unpaid: true }, sort: { field, order } });
        const needed = indexesForPlan(sorted);
        expect(needed.length).toBeGreaterThan(0);
        for (const index of needed) expect(known.has(indexKey(index))).toBe(true);
      }
    }
    const withStatus = planList("reservations", { filter: { unpaid: "true", status: "active" }, sort });
    expect(withStatus.where).toEqual([
      { field: UNPAID_FIELD, op: "==", value: true },
      { field: "status", op: "==", value: "active" },
    ]);
    for (const index of indexesForPlan(withStatus)) expect(known.has(indexKey(index))).toBe(true);
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
    // Every stored reservation carries the rule's answer, derived from the document itself.
    expect(toStoredDoc("reservations", r("active", 99.99, 99.98))[UNPAID_FIELD]).toBe(true);
    expect(toStoredDoc("reservations", r("active", 99.99, 99.99))[UNPAID_FIELD]).toBe(false);
    expect(toStoredDoc("reservations", r("completed", 120, 120, 35.5))[UNPAID_FIELD]).toBe(true);
    expect(toStoredDoc("reservations", r("cancelled", 120))[UNPAID_FIELD]).toBe(false);
    expect(toStoredDoc("reservations", { status: "new" })[UNPAID_FIELD]).toBe(false);
    // Other collections get no such field.
    expect(toStoredDoc("cars", { name: "Škoda" })).not.toHaveProperty(UNPAID_FIELD);
  });
});

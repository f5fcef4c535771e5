// The "Permoka" filter's plan for the Firestore DataProvider (src/backend/firebase/queryPlan.ts):
// an equality on the `_overpaid` flag every stored reservation carries (toStoredDoc derives it
// from the document with overpaymentOf), so Firestore counts and pages the list itself.
import { describe, expect, it } from "vitest";
import { OVERPAID_FIELD, UNPAID_FIELD } from "../../../src/backend/firebase/model";
import {
  indexesForPlan,
  indexKey,
  isOverpaidReservation,
  planKey,
  planList,
  planScans,
  QueryNotSupportedError,
  requiredIndexes,
} from "../../../src/backend/firebase/queryPlan";
import { fromStoredDoc, toStoredDoc } from "../../../src/backend/firebase/storedDoc";
import { overpaymentOf } from "../../../src/domain/overpayment";

const sort = { field: "pickupAt", order: "DESC" } as const;

/** A stored reservation's payment fields, as the list's rule reads them. */
const r = (status: string, total: number, paid?: number, charges?: number): Record<string, unknown> => ({
  status,
  quote: { total },
  ...(paid === undefined ? {} : { payment: { paid, due: 0 } }),
  ...(charges === undefined ? {} : { returnAct: { total: charges } }),
});

describe("„Permoka“ Firestore plane", () => {
  it("filtras yra lygybė su _overpaid žyme; indeksai yra kiekvienam rikiavimui ir su kitais filtrais", () => {
    const plan = planList("reservations", { filter: { overpaid: true }, sort });
    expect(plan).toMatchObject({ overpaid: true, unpaid: false });
    expect(planScans(plan)).toBe(false);
    expect(plan.where).toEqual([{ field: OVERPAID_FIELD, op: "==", value: true }]);
    const known = new Set(requiredIndexes().map(indexKey));
    for (const field of ["pickupAt", "returnAt", "number", "createdAt"]) {
      for (const order of ["ASC", "DESC"] as const) {
        const needed = indexesForPlan(planList("reservations", { filter: { overpaid: true }, sort: { field, order } }));
        expect(needed.length).toBeGreaterThan(0);
        for (const index of needed) {
          expect(index.fields[0]).toEqual({ fieldPath: OVERPAID_FIELD, order: "ASCENDING" });
          expect(known.has(indexKey(index))).toBe(true);
        }
      }
    }
    const withStatus = planList("reservations", { filter: { overpaid: "true", status: "completed" }, sort });
    expect(withStatus.where).toEqual([
      { field: OVERPAID_FIELD, op: "==", value: true },
      { field: "status", op: "==", value: "completed" },
    ]);
    for (const index of indexesForPlan(withStatus)) expect(known.has(indexKey(index))).toBe(true);
    // overpaid: false is no filter at all; the two lists are different queries (the cursor cache).
    expect(planList("reservations", { filter: { overpaid: false }, sort })).toMatchObject({
      overpaid: false,
      where: [],
    });
    expect(planKey(plan)).not.toBe(planKey(planList("reservations", { filter: { unpaid: true }, sort })));
  });

  it("kitiems sąrašams filtras nežinomas; su identifikatoriais nederinamas", () => {
    expect(() => planList("cars", { filter: { overpaid: true } })).toThrow(QueryNotSupportedError);
    expect(() => planList("reservations", { filter: { overpaid: true, id: ["a"] }, sort })).toThrow(
      QueryNotSupportedError,
    );
  });

  it("žymė – tai overpaymentOf() > 0: permoka, tiksliai sumokėta, skola, atšaukta su mokėjimu, grąžinimo mokesčiai", () => {
    const cases: Record<string, unknown>[] = [
      r("confirmed", 120, 150), // permoka 30 €
      r("confirmed", 120, 120), // tiksliai sumokėta
      r("confirmed", 120, 50), // skola
      r("confirmed", 120), // nieko nesumokėta
      r("cancelled", 120, 150), // atšaukta su mokėjimu: sprendžia darbuotojai
      r("no_show", 120, 150),
      r("completed", 120, 150, 35.5), // grąžinimo mokesčiai suvalgė permoką
      r("completed", 120, 155.5, 35.5), // lygiai su mokesčiais
      r("completed", 120, 160, 35.5), // 4,50 € permoka ir su mokesčiais
      r("active", 0.1, 0.31, 0.2), // 0,1 + 0,2 skaičiuojama centais
      r("active", 99.99, 100),
      r("new", 0),
      { status: "new" },
    ];
    const expected = [true, false, false, false, false, false, false, false, true, true, true, false, false];
    expect(cases.map((c) => isOverpaidReservation(c))).toEqual(expected);
    // One rule: the flag is exactly what staff see as "Permoka … €, grąžintina".
    for (const c of cases) {
      expect(isOverpaidReservation(c)).toBe(overpaymentOf(c) > 0);
      const stored = toStoredDoc("reservations", c);
      expect(stored[OVERPAID_FIELD]).toBe(overpaymentOf(c) > 0);
      // Never both: an overpaid reservation owes nothing.
      expect(stored[OVERPAID_FIELD] && stored[UNPAID_FIELD]).toBe(false);
      // Read back (the list, an export, a backup) without the adapter's own fields.
      expect(fromStoredDoc("reservations", "r1", stored)).not.toHaveProperty(OVERPAID_FIELD);
    }
    expect(overpaymentOf(r("completed", 120, 160, 35.5))).toBe(4.5);
    expect(toStoredDoc("cars", { name: "Škoda" })).not.toHaveProperty(OVERPAID_FIELD);
  });
});

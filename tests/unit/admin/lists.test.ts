// Pieces of the back-office lists that hold wording or arithmetic: the bulk-confirm summary and
// the place a new car takes in the catalogue order.
import { describe, expect, it } from "vitest";
import { nextSortOrder } from "../../../src/admin/cars/CarCreate";
import { confirmSummary } from "../../../src/admin/reservations/ReservationList";

describe("masinio patvirtinimo suvestinė", () => {
  it("derina dalyvį ir daiktavardį su skaičiumi", () => {
    expect(confirmSummary(1, [])).toBe("Patvirtinta 1 rezervacija");
    expect(confirmSummary(3, [])).toBe("Patvirtintos 3 rezervacijos");
    expect(confirmSummary(10, [])).toBe("Patvirtinta 10 rezervacijų");
    expect(confirmSummary(21, [])).toBe("Patvirtinta 21 rezervacija");
  });

  it("išvardija nepavykusias ir jau patvirtintas", () => {
    expect(confirmSummary(3, ["R-2026-000007 – Rezervacijos būsenos pakeisti negalima"])).toBe(
      "Patvirtintos 3 rezervacijos, 1 nepavyko: R-2026-000007 – Rezervacijos būsenos pakeisti negalima",
    );
    expect(confirmSummary(0, ["R-1 – a", "R-2 – b"], 2)).toBe(
      "Patvirtinta 0 rezervacijų, 2 jau buvo patvirtintos, 2 nepavyko: R-1 – a; R-2 – b",
    );
  });
});

describe("naujo automobilio vieta", () => {
  it("eina po paskutinio: max(sortOrder) + 1", () => {
    expect(nextSortOrder([{ sortOrder: 14 }])).toBe(15);
    expect(nextSortOrder([{ sortOrder: 3 }, { sortOrder: 9 }, { sortOrder: 0 }])).toBe(10);
  });

  it("pirmas automobilis gauna 0", () => {
    expect(nextSortOrder([])).toBe(0);
    expect(nextSortOrder(undefined)).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import {
  computeReports,
  dueOf,
  occupiedDays,
  type ReportInput,
  type ReportReservation,
} from "../../../src/domain/reports";
import type { Quote } from "../../../src/domain/schemas";

const quote = (days: number, total: number): Quote => ({
  days,
  dailyRate: total / days,
  perDay: total / days,
  base: total,
  extras: 0,
  extrasLines: [],
  delivery: 0,
  discount: 0,
  offerId: null,
  total,
  vat: 0,
  net: total,
  vatRate: 0.21,
  deposit: 0,
  currency: "EUR",
});

let n = 0;
function booking(
  over: Partial<ReportReservation> & Pick<ReportReservation, "pickupAt" | "returnAt">,
): ReportReservation {
  n += 1;
  return {
    id: `r${n}`,
    number: `R-2026-${String(n).padStart(6, "0")}`,
    carId: "a",
    customerId: "c1",
    status: "completed",
    source: "web",
    pickupLocationId: "vno",
    quote: quote(2, 121),
    returnAct: null,
    createdAt: "2026-10-20T10:00:00Z",
    payment: null,
    ...over,
  };
}

const base = (reservations: ReportReservation[], over: Partial<ReportInput> = {}): ReportInput => ({
  from: "2026-11-01",
  to: "2026-11-30",
  cars: [
    { id: "a", name: "Škoda Octavia", category: "vidutinė", status: "active" },
    { id: "b", name: "Toyota Yaris", category: "ekonominė", status: "active" },
    { id: "h", name: "Paslėptas", category: "ekonominė", status: "hidden" },
  ],
  blocks: [],
  reservations,
  locations: [{ id: "vno", name: "Vilniaus oro uostas" }],
  customers: [{ id: "c1", name: "Rūta Žemaitė" }],
  ...over,
});

describe("occupiedDays", () => {
  it("counts Vilnius calendar days, not the day a rental ends at midnight", () => {
    // 2026-11-02 10:00 → 2026-11-04 10:00 Vilnius (UTC+2)
    expect(occupiedDays("2026-11-02T08:00:00Z", "2026-11-04T08:00:00Z")).toEqual([
      "2026-11-02",
      "2026-11-03",
      "2026-11-04",
    ]);
    expect(occupiedDays("2026-11-01T22:00:00Z", "2026-11-02T22:00:00Z")).toEqual(["2026-11-02"]);
  });
});

describe("computeReports", () => {
  it("utilisation: rented ÷ available days per car, category and month; blocks take days away; hidden cars left out", () => {
    const input = base(
      [
        booking({ pickupAt: "2026-11-01T22:00:00Z", returnAt: "2026-11-11T22:00:00Z" }), // 10 days, Nov 2–11
        booking({ pickupAt: "2026-11-20T08:00:00Z", returnAt: "2026-11-21T08:00:00Z", status: "cancelled" }),
      ],
      { blocks: [{ carId: "b", from: "2026-11-29T22:00:00Z", to: "2026-12-05T22:00:00Z" }] },
    );
    const { utilisation } = computeReports(input);
    const carA = utilisation.byCar.find((r) => r.key === "a")!;
    expect(carA).toMatchObject({ rentedDays: 10, availableDays: 30, rate: 0.3333 });
    const carB = utilisation.byCar.find((r) => r.key === "b")!;
    expect(carB).toMatchObject({ rentedDays: 0, availableDays: 29 });
    expect(utilisation.byCar.map((r) => r.key)).not.toContain("h");
    expect(utilisation.byCategory.find((r) => r.key === "vidutinė")!.rate).toBe(0.3333);
    expect(utilisation.byMonth).toEqual([
      { key: "2026-11", label: "2026-11", rentedDays: 10, availableDays: 59, rate: 0.1695 },
    ]);
  });

  it("revenue per month, category, location and source from the server's price and the return charges", () => {
    const input = base([
      booking({ pickupAt: "2026-11-02T08:00:00Z", returnAt: "2026-11-04T08:00:00Z", source: "web" }),
      booking({
        pickupAt: "2026-11-05T08:00:00Z",
        returnAt: "2026-11-07T08:00:00Z",
        source: "phone",
        returnAct: { total: 24.2 } as ReportReservation["returnAct"],
      }),
      booking({ pickupAt: "2026-11-08T08:00:00Z", returnAt: "2026-11-09T08:00:00Z", status: "cancelled" }),
      booking({ pickupAt: "2026-10-05T08:00:00Z", returnAt: "2026-10-07T08:00:00Z" }),
    ]);
    const { revenue } = computeReports(input);
    expect(revenue.total).toBe(266.2);
    expect(revenue.byMonth).toEqual([{ key: "2026-11", label: "2026-11", reservations: 2, total: 266.2, net: 220 }]);
    expect(revenue.bySource.map((r) => [r.label, r.total])).toEqual([
      ["Telefonu", 145.2],
      ["Svetainė", 121],
    ]);
    expect(revenue.byLocation[0]).toMatchObject({ label: "Vilniaus oro uostas", reservations: 2 });
    expect(revenue.byCategory[0]).toMatchObject({ label: "vidutinė", total: 266.2 });
  });

  it("cancellations and no-shows per month; lengths and lead time; unpaid balances", () => {
    const input = base([
      booking({
        pickupAt: "2026-11-02T08:00:00Z",
        returnAt: "2026-11-05T08:00:00Z",
        quote: quote(3, 150),
        createdAt: "2026-10-23T08:00:00Z",
      }),
      booking({
        pickupAt: "2026-11-10T08:00:00Z",
        returnAt: "2026-11-11T08:00:00Z",
        quote: quote(1, 50),
        createdAt: "2026-11-09T08:00:00Z",
        payment: { paid: 20, due: 30 },
      }),
      booking({ pickupAt: "2026-11-12T08:00:00Z", returnAt: "2026-11-13T08:00:00Z", status: "cancelled" }),
      booking({ pickupAt: "2026-11-14T08:00:00Z", returnAt: "2026-11-15T08:00:00Z", status: "no_show" }),
      booking({
        pickupAt: "2026-11-16T08:00:00Z",
        returnAt: "2026-11-17T08:00:00Z",
        payment: { paid: 121, due: 0 },
        quote: quote(1, 121),
        createdAt: "2026-11-15T08:00:00Z",
      }),
    ]);
    const reports = computeReports(input);
    expect(reports.cancellations).toEqual([
      { month: "2026-11", reservations: 5, cancelled: 1, noShow: 1, cancelledRate: 0.2, noShowRate: 0.2 },
    ]);
    expect(reports.lengths).toMatchObject({ reservations: 3, averageDays: 1.7, averageLeadDays: 4 });
    expect(reports.unpaid.rows.map((r) => [r.customer, r.total, r.paid, r.due])).toEqual([
      ["Rūta Žemaitė", 150, 0, 150],
      ["Rūta Žemaitė", 50, 20, 30],
    ]);
    expect(reports.unpaid.total).toBe(180);
  });

  it("what is due: the ledger's summary when kept, else the whole price with the return's charges", () => {
    expect(dueOf({ quote: quote(1, 100), returnAct: null, payment: null })).toEqual({ total: 100, paid: 0, due: 100 });
    expect(
      dueOf({
        quote: quote(1, 100),
        returnAct: { total: 20 } as ReportReservation["returnAct"],
        payment: { paid: 100, due: 20 },
      }),
    ).toEqual({ total: 120, paid: 100, due: 20 });
  });
});

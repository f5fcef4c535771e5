// The back-office reports as pure functions over reservations of a period (src/core/reports.ts
// reads them): utilisation (rented days ÷ available days per car, category and month), revenue
// (per month, category, pick-up location and source), cancellations and no-shows, average rental
// length and booking lead time, unpaid balances. Days are Europe/Vilnius calendar days.
import { reservationTotal } from "./payments";
import type { Reservation } from "./schemas";
import { addDaysToDateString, daysBetweenDateStrings, vilniusDateString } from "./time";

export interface ReportCar {
  id: string;
  name: string;
  category: string;
  status: string;
}
export interface ReportBlock {
  carId: string;
  from: string;
  to: string;
}
export type ReportReservation = Pick<
  Reservation,
  "carId" | "customerId" | "pickupAt" | "returnAt" | "status" | "source" | "quote" | "returnAct" | "pickupLocationId"
> & {
  id: string;
  number?: string;
  createdAt?: string;
  payment?: { paid: number; due: number } | null;
};

export interface ReportInput {
  /** first and last calendar day, YYYY-MM-DD, inclusive */
  from: string;
  to: string;
  cars: ReportCar[];
  blocks: ReportBlock[];
  reservations: ReportReservation[];
  locations: { id: string; name: string }[];
  customers: { id: string; name: string }[];
}

export interface UtilisationRow {
  key: string;
  label: string;
  rentedDays: number;
  availableDays: number;
  /** 0…1 */
  rate: number;
}
export interface RevenueRow {
  key: string;
  label: string;
  reservations: number;
  total: number;
  net: number;
}
export interface CancellationRow {
  month: string;
  reservations: number;
  cancelled: number;
  noShow: number;
  cancelledRate: number;
  noShowRate: number;
}
export interface UnpaidRow {
  id: string;
  number: string;
  customer: string;
  returnAt: string;
  status: Reservation["status"];
  total: number;
  paid: number;
  due: number;
}
export interface Reports {
  from: string;
  to: string;
  utilisation: { byCar: UtilisationRow[]; byCategory: UtilisationRow[]; byMonth: UtilisationRow[]; overall: number };
  revenue: {
    byMonth: RevenueRow[];
    byCategory: RevenueRow[];
    byLocation: RevenueRow[];
    bySource: RevenueRow[];
    total: number;
  };
  cancellations: CancellationRow[];
  lengths: { reservations: number; averageDays: number; averageLeadDays: number; bySource: LengthRow[] };
  unpaid: { rows: UnpaidRow[]; total: number };
}
export interface LengthRow {
  key: string;
  label: string;
  reservations: number;
  averageDays: number;
  averageLeadDays: number;
}

export const SOURCE_LABELS: Readonly<Record<Reservation["source"], string>> = {
  web: "Svetainė",
  phone: "Telefonu",
  office: "Biure",
};

/** Reservations that hold or held a car: they count as rented days and revenue. */
export const RENTED_STATUSES: readonly Reservation["status"][] = ["confirmed", "active", "completed"];
/** Reservations whose money is owed now: the car is out or back. */
export const OWING_STATUSES: readonly Reservation["status"][] = ["active", "completed"];

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const cents = (value: number) => Math.round(value * 100);
const monthOf = (day: string) => day.slice(0, 7);

/** Every calendar day of [from, to], inclusive. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDaysToDateString(day, 1)) out.push(day);
  return out;
}

/** The calendar days a rental or block occupies: from the start's day to the day of its last moment. */
export function occupiedDays(startIso: string, endIso: string): string[] {
  const first = vilniusDateString(startIso);
  const last = vilniusDateString(new Date(Date.parse(endIso) - 1));
  return last < first ? [first] : daysOf(first, last);
}

function utilisation(input: ReportInput): Reports["utilisation"] {
  const days = daysOf(input.from, input.to);
  const inPeriod = new Set(days);
  const cars = input.cars.filter((car) => car.status !== "hidden");
  const rented = new Map<string, Set<string>>();
  const blocked = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, carId: string, list: string[]) => {
    const set = map.get(carId) ?? new Set<string>();
    for (const day of list) if (inPeriod.has(day)) set.add(day);
    map.set(carId, set);
  };
  for (const r of input.reservations) {
    if (RENTED_STATUSES.includes(r.status)) add(rented, r.carId, occupiedDays(r.pickupAt, r.returnAt));
  }
  for (const b of input.blocks) add(blocked, b.carId, occupiedDays(b.from, b.to));

  const perCar = new Map<string, Map<string, { rented: number; available: number }>>();
  for (const car of cars) {
    const months = new Map<string, { rented: number; available: number }>();
    const r = rented.get(car.id) ?? new Set();
    const b = blocked.get(car.id) ?? new Set();
    for (const day of days) {
      const m = months.get(monthOf(day)) ?? { rented: 0, available: 0 };
      // A day the car is rented counts as available even if a block overlaps it.
      if (r.has(day)) {
        m.rented += 1;
        m.available += 1;
      } else if (!b.has(day)) m.available += 1;
      months.set(monthOf(day), m);
    }
    perCar.set(car.id, months);
  }
  const row = (key: string, label: string, rentedDays: number, availableDays: number): UtilisationRow => ({
    key,
    label,
    rentedDays,
    availableDays,
    rate: availableDays > 0 ? round(rentedDays / availableDays, 4) : 0,
  });
  const sum = (ids: string[], month?: string) => {
    let r = 0;
    let a = 0;
    for (const id of ids) {
      for (const [m, v] of perCar.get(id) ?? []) {
        if (month && m !== month) continue;
        r += v.rented;
        a += v.available;
      }
    }
    return [r, a] as const;
  };
  const byCar = cars
    .map((car) => row(car.id, car.name, ...sum([car.id])))
    .sort((x, y) => y.rate - x.rate || x.label.localeCompare(y.label, "lt"));
  const categories = [...new Set(cars.map((c) => c.category))].sort((a, b) => a.localeCompare(b, "lt"));
  const byCategory = categories.map((category) =>
    row(category, category, ...sum(cars.filter((c) => c.category === category).map((c) => c.id))),
  );
  const months = [...new Set(days.map(monthOf))];
  const allIds = cars.map((c) => c.id);
  const byMonth = months.map((month) => row(month, month, ...sum(allIds, month)));
  const [r, a] = sum(allIds);
  return { byCar, byCategory, byMonth, overall: a > 0 ? round(r / a, 4) : 0 };
}

/** Reservations whose pick-up day is in the period. */
const pickedUpIn = (input: ReportInput) =>
  input.reservations.filter((r) => {
    const day = vilniusDateString(r.pickupAt);
    return day >= input.from && day <= input.to;
  });

function grouped(
  list: ReportReservation[],
  keyOf: (r: ReportReservation) => string,
  labelOf: (key: string) => string,
): RevenueRow[] {
  const groups = new Map<string, { n: number; total: number; net: number }>();
  for (const r of list) {
    const key = keyOf(r);
    const g = groups.get(key) ?? { n: 0, total: 0, net: 0 };
    const total = reservationTotal(r);
    const rate = r.quote?.vatRate ?? 0;
    g.n += 1;
    g.total += cents(total);
    g.net += Math.round(cents(total) / (1 + rate));
    groups.set(key, g);
  }
  return [...groups.entries()]
    .map(([key, g]) => ({ key, label: labelOf(key), reservations: g.n, total: g.total / 100, net: g.net / 100 }))
    .sort((a, b) => a.key.localeCompare(b.key, "lt"));
}

function revenue(input: ReportInput): Reports["revenue"] {
  const list = pickedUpIn(input).filter((r) => RENTED_STATUSES.includes(r.status));
  const carCategory = new Map(input.cars.map((c) => [c.id, c.category]));
  const locationName = new Map(input.locations.map((l) => [l.id, l.name]));
  const byMonth = grouped(
    list,
    (r) => monthOf(vilniusDateString(r.pickupAt)),
    (k) => k,
  );
  return {
    byMonth,
    byCategory: grouped(
      list,
      (r) => carCategory.get(r.carId) ?? "—",
      (k) => k,
    ),
    byLocation: grouped(
      list,
      (r) => r.pickupLocationId,
      (k) => locationName.get(k) ?? "—",
    ),
    bySource: grouped(
      list,
      (r) => r.source ?? "office",
      (k) => SOURCE_LABELS[k as Reservation["source"]] ?? k,
    ),
    total: byMonth.reduce((sum, row) => sum + cents(row.total), 0) / 100,
  };
}

function cancellations(input: ReportInput): CancellationRow[] {
  const months = new Map<string, { n: number; c: number; ns: number }>();
  for (const month of new Set(daysOf(input.from, input.to).map(monthOf))) months.set(month, { n: 0, c: 0, ns: 0 });
  for (const r of pickedUpIn(input)) {
    const m = months.get(monthOf(vilniusDateString(r.pickupAt)));
    if (!m) continue;
    m.n += 1;
    if (r.status === "cancelled") m.c += 1;
    if (r.status === "no_show") m.ns += 1;
  }
  return [...months.entries()].map(([month, m]) => ({
    month,
    reservations: m.n,
    cancelled: m.c,
    noShow: m.ns,
    cancelledRate: m.n > 0 ? round(m.c / m.n, 4) : 0,
    noShowRate: m.n > 0 ? round(m.ns / m.n, 4) : 0,
  }));
}

/** Rental length in days (the priced days) and lead time in days from booking to pick-up. */
function lengths(input: ReportInput): Reports["lengths"] {
  const list = pickedUpIn(input).filter((r) => RENTED_STATUSES.includes(r.status));
  const lengthOf = (r: ReportReservation) =>
    r.quote?.days ?? Math.max(1, daysBetweenDateStrings(vilniusDateString(r.pickupAt), vilniusDateString(r.returnAt)));
  const leadOf = (r: ReportReservation) =>
    r.createdAt ? Math.max(0, (Date.parse(r.pickupAt) - Date.parse(r.createdAt)) / 86_400_000) : 0;
  const averages = (rows: ReportReservation[]) => ({
    reservations: rows.length,
    averageDays: rows.length ? round(rows.reduce((s, r) => s + lengthOf(r), 0) / rows.length, 1) : 0,
    averageLeadDays: rows.length ? round(rows.reduce((s, r) => s + leadOf(r), 0) / rows.length, 1) : 0,
  });
  const sources = [...new Set(list.map((r) => r.source ?? "office"))].sort();
  return {
    ...averages(list),
    bySource: sources.map((key) => ({
      key,
      label: SOURCE_LABELS[key as Reservation["source"]] ?? key,
      ...averages(list.filter((r) => (r.source ?? "office") === key)),
    })),
  };
}

/** What a reservation still owes: the ledger's summary when kept, else its whole price. */
export function dueOf(r: Pick<ReportReservation, "quote" | "returnAct" | "payment">): {
  total: number;
  paid: number;
  due: number;
} {
  const total = reservationTotal(r);
  if (r.payment) return { total, paid: r.payment.paid, due: r.payment.due };
  return { total, paid: 0, due: total };
}

function unpaid(input: ReportInput): Reports["unpaid"] {
  const customerName = new Map(input.customers.map((c) => [c.id, c.name]));
  const rows = input.reservations
    .filter((r) => OWING_STATUSES.includes(r.status))
    .filter((r) => {
      const day = vilniusDateString(r.returnAt);
      return day >= input.from && day <= input.to;
    })
    .map((r) => ({ r, money: dueOf(r) }))
    .filter(({ money }) => money.due > 0)
    .map(({ r, money }) => ({
      id: r.id,
      number: r.number ?? r.id,
      customer: customerName.get(r.customerId) ?? "—",
      returnAt: r.returnAt,
      status: r.status,
      ...money,
    }))
    .sort((a, b) => b.due - a.due || a.number.localeCompare(b.number));
  return { rows, total: rows.reduce((s, row) => s + cents(row.due), 0) / 100 };
}

export function computeReports(input: ReportInput): Reports {
  return {
    from: input.from,
    to: input.to,
    utilisation: utilisation(input),
    revenue: revenue(input),
    cancellations: cancellations(input),
    lengths: lengths(input),
    unpaid: unpaid(input),
  };
}

export const REPORT_MAX_DAYS = 731;

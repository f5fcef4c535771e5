// The reports' use case: reads the reservations, cars, maintenance blocks, places and customers
// of a period once and hands them to the pure src/domain/reports.ts. Also the dashboard's list of
// today's pick-ups and returns with what each still owes. Both backends call these.
import { invalidFields } from "../domain/input";
import { minutesLate } from "../domain/overdue";
import { computeReports, dueOf, REPORT_MAX_DAYS, type ReportReservation, type Reports } from "../domain/reports";
import type { Car, Customer, Reservation } from "../domain/schemas";
import {
  addDaysToDateString,
  daysBetweenDateStrings,
  isDateString,
  vilniusDateString,
  vilniusLocalToInstant,
} from "../domain/time";
import { loadAll } from "./catalog";
import { COLLECTIONS } from "./collections";
import type { CoreContext } from "./ports";
import { customerRecord, reservationRecord } from "./records";

export const REPORT_PERIOD_MESSAGES = {
  from: "Nurodykite laikotarpio pradžią (MMMM-MM-DD)",
  to: "Nurodykite laikotarpio pabaigą (MMMM-MM-DD)",
  order: "Laikotarpio pabaiga turi būti ne ankstesnė už pradžią",
  long: `Laikotarpis – ne ilgesnis kaip ${REPORT_MAX_DAYS} d.`,
} as const;

/** The period from the query (?from=YYYY-MM-DD&to=YYYY-MM-DD); defaults: the last 12 months to today. */
export function readReportPeriod(query: { from?: unknown; to?: unknown }, now: Date): { from: string; to: string } {
  const today = vilniusDateString(now);
  const errors: Record<string, string> = {};
  const read = (value: unknown, key: "from" | "to", fallback: string) => {
    if (value === undefined || value === "") return fallback;
    if (typeof value !== "string" || !isDateString(value)) {
      errors[key] = REPORT_PERIOD_MESSAGES[key];
      return fallback;
    }
    return value;
  };
  const to = read(query.to, "to", today);
  const from = read(query.from, "from", `${addDaysToDateString(to, -365).slice(0, 7)}-01`);
  if (Object.keys(errors).length === 0) {
    if (to < from) errors.to = REPORT_PERIOD_MESSAGES.order;
    else if (daysBetweenDateStrings(from, to) + 1 > REPORT_MAX_DAYS) errors.to = REPORT_PERIOD_MESSAGES.long;
  }
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  return { from, to };
}

const customerName = (c: Customer & { id: string }): string =>
  c.type === "business" && c.companyName?.trim() ? c.companyName : `${c.firstName} ${c.lastName}`;

/** Reservations that may touch [from, to]: picked up before its end and at most the longest rental before it. */
async function reservationsAround(ctx: CoreContext, from: string, to: string): Promise<ReportReservation[]> {
  const start = vilniusLocalToInstant(addDaysToDateString(from, -REPORT_MAX_DAYS)).toISOString();
  const end = vilniusLocalToInstant(addDaysToDateString(to, 1)).toISOString();
  const docs = await ctx.store.query(COLLECTIONS.reservations, {
    where: [
      { field: "pickupAt", op: ">=", value: start },
      { field: "pickupAt", op: "<", value: end },
    ],
  });
  const startOfPeriod = vilniusLocalToInstant(from).getTime();
  return docs
    .map((doc) => reservationRecord(doc) as unknown as ReportReservation)
    .filter((r) => Date.parse(r.returnAt) > startOfPeriod);
}

/** GET /reports?from&to. */
export async function reports(ctx: CoreContext, query: { from?: unknown; to?: unknown }): Promise<Reports> {
  const { from, to } = readReportPeriod(query, ctx.clock.now());
  const reservations = await reservationsAround(ctx, from, to);
  const cars = await loadAll<Car>(ctx.store, COLLECTIONS.cars);
  const blocks = (await ctx.store.query(COLLECTIONS.maintenance)).map((doc) => ({
    carId: String(doc.data.carId ?? ""),
    from: String(doc.data.from ?? ""),
    to: String(doc.data.to ?? ""),
  }));
  const locations = (await ctx.store.query(COLLECTIONS.locations)).map((doc) => ({
    id: doc.id,
    name: String(doc.data.name ?? ""),
  }));
  const customerIds = [...new Set(reservations.map((r) => r.customerId))];
  const customers: { id: string; name: string }[] = [];
  for (const id of customerIds) {
    if (!ctx.store.isId(id)) continue;
    const doc = await ctx.store.get(COLLECTIONS.customers, id);
    if (doc) customers.push({ id, name: customerName(customerRecord(doc)) });
  }
  return computeReports({
    from,
    to,
    cars: cars.map((car) => ({
      id: car.id,
      name: `${car.make} ${car.model}`,
      category: car.category,
      status: car.status,
    })),
    blocks: blocks.filter((b) => b.from && b.to),
    reservations,
    locations,
    customers,
  });
}

export interface TodayRow {
  id: string;
  number: string;
  kind: "pickup" | "return";
  at: string;
  status: Reservation["status"];
  customer: string;
  carId: string;
  total: number;
  paid: number;
  due: number;
  /** minutes past the pickup or return time (ctx.clock); 0 when not yet due */
  lateMinutes: number;
}

type ReservationRow = ReturnType<typeof reservationRecord>;

/**
 * Overdue work of any day: rentals still out after their return time, and confirmed bookings
 * not handed over after their pickup time (equality queries: no composite index needed).
 */
async function overdueOf(
  ctx: CoreContext,
  now: Date,
): Promise<{ pickups: ReservationRow[]; returns: ReservationRow[] }> {
  const withStatus = async (status: Reservation["status"]) =>
    (await ctx.store.query(COLLECTIONS.reservations, { where: [{ field: "status", op: "==", value: status }] })).map(
      (doc) => reservationRecord(doc),
    );
  const passed = (iso: string) => Date.parse(iso) < now.getTime();
  return {
    returns: (await withStatus("active")).filter((r) => passed(r.returnAt)),
    pickups: (await withStatus("confirmed")).filter((r) => passed(r.pickupAt)),
  };
}

/**
 * The dashboard: today's pick-ups (new, confirmed) and returns (active), and the overdue ones of
 * earlier days too, each with what is still due. Overdue rows head the list, the latest first.
 */
export async function todayDesk(ctx: CoreContext): Promise<TodayRow[]> {
  const now = ctx.clock.now();
  const today = vilniusDateString(now);
  const start = vilniusLocalToInstant(today).toISOString();
  const end = vilniusLocalToInstant(addDaysToDateString(today, 1)).toISOString();
  const inDay = async (field: "pickupAt" | "returnAt") =>
    (
      await ctx.store.query(COLLECTIONS.reservations, {
        where: [
          { field, op: ">=", value: start },
          { field, op: "<", value: end },
        ],
      })
    ).map((doc) => reservationRecord(doc));
  const overdue = await overdueOf(ctx, now);
  const unique = (list: ReservationRow[]) => [...new Map(list.map((r) => [r.id, r])).values()];
  const pickups = unique([
    ...(await inDay("pickupAt")).filter((r) => r.status === "new" || r.status === "confirmed"),
    ...overdue.pickups,
  ]);
  const returns = unique([...(await inDay("returnAt")).filter((r) => r.status === "active"), ...overdue.returns]);
  const rows: TodayRow[] = [];
  for (const [kind, list] of [
    ["pickup", pickups],
    ["return", returns],
  ] as const) {
    for (const r of list) {
      const doc = ctx.store.isId(r.customerId) ? await ctx.store.get(COLLECTIONS.customers, r.customerId) : null;
      const at = kind === "pickup" ? r.pickupAt : r.returnAt;
      const lateFor = kind === "return" ? r.status === "active" : r.status === "confirmed";
      rows.push({
        id: r.id,
        number: r.number ?? r.id,
        kind,
        at,
        status: r.status,
        customer: doc ? customerName(customerRecord(doc)) : "—",
        carId: r.carId,
        ...dueOf(r as unknown as ReportReservation),
        lateMinutes: lateFor ? minutesLate(at, now) : 0,
      });
    }
  }
  return rows.sort((a, b) => b.lateMinutes - a.lateMinutes || a.at.localeCompare(b.at));
}

// The reservations list's "Permoka" filter in SQL (server/payments/listFilter.ts) against the
// domain's rule (overpaymentOf in src/domain/overpayment.ts), on reservations stored in PGlite by
// the server's own store: the list the route reads with {"overpaid": true} holds exactly those
// whose overpaymentOf() is above 0, rounding to cents included; "Neapmokėtos" likewise agrees with
// owesBalance, and no reservation is in both lists.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../server/db/index";
import { migrate } from "../../server/db/migrate";
import type { Db } from "../../server/db/types";
import { BASE_COLUMNS, buildListQuery, parseListParams } from "../../server/http/listQuery";
import { takePaymentFilters } from "../../server/payments/listFilter";
import { listRecords } from "../../server/store/adminRecords";
import { createPgStore } from "../../server/store/pgStore";
import { tableOf } from "../../server/store/tables";
import { COLLECTIONS } from "../../src/core/collections";
import { overpaymentOf } from "../../src/domain/overpayment";
import { owesBalance } from "../../src/domain/payments";
import { migratedDataDir } from "../helpers/pgliteTemplate";

interface Case {
  name: string;
  status: string;
  total?: number | null;
  paid?: number | null;
  charges?: number;
}

/** Each kind the lists must tell apart (amounts in €, as the ledger's summary keeps them). */
const CASES: Case[] = [
  { name: "permoka", status: "confirmed", total: 120, paid: 150 },
  { name: "tiksliai sumokėta", status: "confirmed", total: 120, paid: 120 },
  { name: "dalinė skola", status: "confirmed", total: 120, paid: 50 },
  { name: "nieko nesumokėta", status: "new", total: 120 },
  { name: "atšaukta su mokėjimu", status: "cancelled", total: 120, paid: 150 },
  { name: "neatvyko, sumokėjo", status: "no_show", total: 120, paid: 150 },
  { name: "grąžinimo mokesčiai suvalgė permoką", status: "completed", total: 120, paid: 150, charges: 35.5 },
  { name: "su grąžinimo mokesčiais tiksliai", status: "completed", total: 120, paid: 155.5, charges: 35.5 },
  { name: "permoka ir su grąžinimo mokesčiais", status: "completed", total: 120, paid: 160, charges: 35.5 },
  { name: "vienas centas", status: "active", total: 99.99, paid: 100 },
  { name: "0,1 + 0,2 centais", status: "active", total: 0.1, paid: 0.3, charges: 0.2 },
  { name: "0,1 + 0,2 ir centas", status: "active", total: 0.1, paid: 0.31, charges: 0.2 },
  { name: "pusė cento (apvalinama į viršų)", status: "active", total: 100, paid: 100.005 },
  { name: "mažiau nei pusė cento", status: "active", total: 100, paid: 100.004 },
  { name: "be kainos", status: "new", total: null, paid: 5 },
  { name: "be mokėjimo ir kainos", status: "new", total: null, paid: null },
];

function reservationDoc(c: Case, index: number, carId: string): Record<string, unknown> {
  // One day each, apart, so the car's holds never overlap.
  const pickupAt = new Date(Date.UTC(2027, 0, 1 + index * 2, 8)).toISOString();
  const returnAt = new Date(Date.UTC(2027, 0, 2 + index * 2, 8)).toISOString();
  return {
    number: `R-2027-${String(index + 1).padStart(6, "0")}`,
    carId,
    customerId: null,
    pickupAt,
    returnAt,
    status: c.status,
    quote: c.total === null ? null : { days: 1, total: c.total },
    payment:
      c.paid === undefined || c.paid === null ? null : { paid: c.paid, due: 0, depositState: "none", online: null },
    returnAct: c.charges === undefined ? null : { total: c.charges },
  };
}

describe("Rezervacijų sąrašo „Permoka“ SQL filtras sutampa su overpaymentOf (PGlite)", () => {
  let db: Db;
  let dataDir: string;
  const ids = new Map<string, Case & { doc: Record<string, unknown> }>();

  beforeAll(async () => {
    dataDir = migratedDataDir("permoka-sql");
    db = await openDb({ dataDir, databaseUrl: null });
    await migrate(db);
    const store = createPgStore(db);
    const carId = store.newId(COLLECTIONS.cars);
    await store.transaction(async (tx) => {
      tx.set(COLLECTIONS.cars, carId, { make: "Škoda", model: "Octavia", slug: "skoda-octavia-permoka" });
      CASES.forEach((c, index) => {
        const id = store.newId(COLLECTIONS.reservations);
        const doc = reservationDoc(c, index, carId);
        ids.set(id, { ...c, doc });
        tx.set(COLLECTIONS.reservations, id, doc);
      });
    });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The list as GET /api/admin/reservations reads it (server/routes/admin.ts), its ids sorted. */
  async function listed(filter: Record<string, unknown>): Promise<string[]> {
    const list = parseListParams({ filter: JSON.stringify(filter), range: "[0,99]" });
    const payment = takePaymentFilters(list);
    const query = buildListQuery(list, { ...BASE_COLUMNS, ...tableOf(COLLECTIONS.reservations).columns });
    const built = payment.length > 0 ? { ...query, where: [query.where, ...payment].join(" AND ") } : query;
    const { total, records } = await listRecords(db, "reservations", built, { start: 0, limit: 100 });
    expect(records).toHaveLength(total);
    return records.map((r) => String(r.id)).sort();
  }
  const where = (rule: (doc: Record<string, unknown>) => boolean) =>
    [...ids.entries()]
      .filter(([, c]) => rule(c.doc))
      .map(([id]) => id)
      .sort();
  const names = (list: string[]) => list.map((id) => ids.get(id)?.name).sort();

  it("permokos sąraše – lygiai tos, kurių overpaymentOf() > 0", async () => {
    const expected = where((doc) => overpaymentOf(doc) > 0);
    expect(names(expected)).toEqual(
      [
        "permoka",
        "permoka ir su grąžinimo mokesčiais",
        "vienas centas",
        "0,1 + 0,2 ir centas",
        "pusė cento (apvalinama į viršų)",
        "be kainos",
      ].sort(),
    );
    expect(names(await listed({ overpaid: true }))).toEqual(names(expected));
    expect(await listed({ overpaid: "true" })).toEqual(expected);
    // false is no filter; with the status filter only that status's overpaid ones.
    expect(await listed({ overpaid: false })).toHaveLength(CASES.length);
    expect(names(await listed({ overpaid: true, status: "completed" }))).toEqual([
      "permoka ir su grąžinimo mokesčiais",
    ]);
    expect(await listed({ overpaid: true, status: "cancelled" })).toEqual([]);
  });

  it("neapmokėtų sąrašas sutampa su owesBalance; abiejuose sąrašuose nėra nė vienos", async () => {
    const owing = where((doc) => owesBalance(doc));
    expect(names(await listed({ unpaid: true }))).toEqual(names(owing));
    expect(owing.length).toBeGreaterThan(0);
    expect(await listed({ unpaid: true, overpaid: true })).toEqual([]);
  });
});

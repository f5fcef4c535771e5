// `npm run bench -- --scale`: fills a data folder the demo seed has just made with the history of a
// large company: 1,000 cars (with their fleet records), 30,000 customers, 100,000 reservations over
// 3 years and 5,000 inquiries. Written straight into the same schema with a few large INSERT ...
// SELECT FROM jsonb_array_elements statements (as the demo seed does), so the database's triggers
// (search words, car_holds and its no-overlap constraint) run for every row as they do for any write.
// The data stays valid for the domain: a car's reservations never overlap and keep more than the
// turnaround between them, the past is completed / cancelled / no-show, the present active and the
// future new / confirmed / cancelled; reservation numbers are per year with their counters.
import { randomUUID } from "node:crypto";
import { openDb } from "../../server/db";
import type { Db, Queryable } from "../../server/db/types";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../../src/domain/time";

export interface ScaleSize {
  cars: number;
  customers: number;
  reservations: number;
  requests: number;
}

export const SCALE_SIZE: ScaleSize = { cars: 1_000, customers: 30_000, reservations: 100_000, requests: 5_000 };

/** The seeded reservations end this many days ahead; the bench books its own after that. */
export const SEEDED_FUTURE_DAYS = 90;
const HISTORY_DAYS = 3 * 365;

export interface ScaleSeedResult {
  counts: Record<"cars" | "fleet" | "customers" | "reservations" | "requests", number>;
  /** surnames of seeded customers (for the admin search), the most frequent first */
  surnames: string[];
  seconds: number;
}

// ---------- deterministic randomness ----------

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(20261125);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

// ---------- names ----------

const MALE_FIRST = [
  "Jonas",
  "Petras",
  "Tomas",
  "Mantas",
  "Lukas",
  "Matas",
  "Andrius",
  "Darius",
  "Gediminas",
  "Mindaugas",
  "Rokas",
  "Paulius",
  "Vytautas",
  "Karolis",
  "Domantas",
  "Justinas",
  "Marius",
  "Saulius",
  "Žygimantas",
  "Ąžuolas",
];
const FEMALE_FIRST = [
  "Ona",
  "Rūta",
  "Eglė",
  "Aistė",
  "Gabija",
  "Ieva",
  "Laura",
  "Giedrė",
  "Jurgita",
  "Kristina",
  "Austėja",
  "Miglė",
  "Urtė",
  "Greta",
  "Simona",
  "Dovilė",
  "Agnė",
  "Vaida",
  "Indrė",
  "Živilė",
];
const SURNAME_ROOTS = [
  "Kazl",
  "Petr",
  "Jank",
  "Stank",
  "Vasil",
  "Žuk",
  "Butk",
  "Paul",
  "Urb",
  "Kavali",
  "Balt",
  "Rim",
  "Sad",
  "Mork",
  "Gaid",
  "Lukš",
  "Jon",
  "Šimk",
  "Grig",
  "Bagdon",
  "Vaitk",
  "Navick",
  "Raman",
  "Mačiul",
  "Kair",
  "Žem",
  "Sutk",
  "Budr",
  "Lapin",
  "Dapk",
];
/** Male ending and the married woman's ending that goes with it. */
const SURNAME_ENDINGS: readonly [string, string][] = [
  ["auskas", "auskienė"],
  ["evičius", "evičienė"],
  ["aitis", "aitienė"],
  ["ėnas", "ėnienė"],
  ["ūnas", "ūnienė"],
  ["onis", "onienė"],
  ["ulis", "ulienė"],
  ["elis", "elienė"],
];
const STREETS = ["Gedimino pr.", "Laisvės al.", "Savanorių pr.", "Taikos pr.", "Vilniaus g.", "Kauno g.", "Pylimo g."];
const CITIES = ["Vilnius", "Kaunas", "Klaipėda", "Šiauliai", "Panevėžys", "Alytus", "Marijampolė"];

const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");

// ---------- rows ----------

type Doc = Record<string, unknown>;
interface Row {
  id: string;
  createdAt: string;
  updatedAt: string;
  doc: Doc;
}

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function insertDocs(db: Queryable, table: string, rows: readonly Row[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 2_000) {
    const batch = rows.slice(start, start + 2_000);
    await db.query(
      `INSERT INTO ${table} (id, doc, created_at, updated_at)
       SELECT (r->>'id')::uuid, r->'doc', (r->>'createdAt')::timestamptz, (r->>'updatedAt')::timestamptz
       FROM jsonb_array_elements($1::jsonb) AS r`,
      [JSON.stringify(batch)],
    );
  }
}

async function insertReservations(db: Queryable, rows: readonly Row[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 2_000) {
    const batch = rows.slice(start, start + 2_000);
    await db.query(
      `INSERT INTO reservations (id, doc, number, car_id, pickup_at, return_at, status, created_at, updated_at)
       SELECT (r->>'id')::uuid, r->'doc', r->'doc'->>'number', (r->'doc'->>'carId')::uuid,
              (r->'doc'->>'pickupAt')::timestamptz, (r->'doc'->>'returnAt')::timestamptz, r->'doc'->>'status',
              (r->>'createdAt')::timestamptz, (r->>'updatedAt')::timestamptz
       FROM jsonb_array_elements($1::jsonb) AS r`,
      [JSON.stringify(batch)],
    );
  }
}

interface DbRow {
  id: string;
  doc: Doc;
  created_at: string | Date;
}

/**
 * Adds the large company to `dataDir`, which the demo seed has filled and no server holds.
 * The demo records stay; the new ones are clones of them with their own ids, names and periods.
 */
export async function seedScale(
  dataDir: string,
  size: ScaleSize = SCALE_SIZE,
  now = new Date(),
): Promise<ScaleSeedResult> {
  const started = performance.now();
  const db: Db = await openDb({ dataDir, databaseUrl: null });
  try {
    return await fill(db, size, now, started);
  } finally {
    await db.close();
  }
}

async function fill(db: Db, size: ScaleSize, now: Date, started: number): Promise<ScaleSeedResult> {
  const nowMs = now.getTime();
  const load = async (table: string) =>
    (await db.query<DbRow>(`SELECT id, doc, created_at FROM ${table} ORDER BY created_at, id`)).rows;
  const demoCars = await load("cars");
  const demoFleet = await load("fleet");
  const demoCustomers = await load("customers");
  const demoRequests = await load("requests");
  const demoReservations = await load("reservations");
  const locations = (await db.query<{ id: string }>("SELECT id FROM locations ORDER BY id")).rows.map((r) => r.id);
  if (demoCars.length === 0 || demoReservations.length === 0 || locations.length === 0) {
    throw new Error("Duomenų aplanke nėra demonstracinių duomenų, kuriuos būtų galima padauginti");
  }

  // ----- cars and their fleet records -----
  const fleetByCar = new Map(demoFleet.map((f) => [String(f.doc.carId), f]));
  const plates = new Set(demoFleet.map((f) => String(f.doc.plateNumber).toUpperCase()));
  const cars: Row[] = [];
  const fleet: Row[] = [];
  const letters = "ABCDEFGHJKLMNPRSTUVZ";
  let plateIndex = 0;
  const nextPlate = () => {
    for (;;) {
      const n = plateIndex++;
      const plate = `${letters[Math.floor(n / 8000) % 20]}${letters[Math.floor(n / 400) % 20]}${letters[Math.floor(n / 20) % 20]} ${String(
        100 + (n % 900),
      ).padStart(3, "0")}`;
      if (!plates.has(plate)) {
        plates.add(plate);
        return plate;
      }
    }
  };
  for (let n = demoCars.length; n < size.cars; n++) {
    const template = demoCars[n % demoCars.length] as DbRow;
    const id = randomUUID();
    const created = iso(nowMs - int(30, HISTORY_DAYS + 200) * DAY_MS);
    const roll = random();
    cars.push({
      id,
      createdAt: created,
      updatedAt: created,
      doc: {
        ...template.doc,
        slug: `${String(template.doc.slug)}-${n}`,
        year: int(2019, 2026),
        sortOrder: n,
        status: roll < 0.95 ? "active" : roll < 0.98 ? "maintenance" : "hidden",
      },
    });
    const fleetTemplate = fleetByCar.get(template.id);
    if (fleetTemplate) {
      fleet.push({
        id: randomUUID(),
        createdAt: created,
        updatedAt: created,
        doc: {
          ...fleetTemplate.doc,
          carId: id,
          plateNumber: nextPlate(),
          vin: `SC${String(n).padStart(6, "0")}${fleetTemplate.id.replace(/-/g, "").slice(0, 9).toUpperCase()}`,
          mileage: int(5_000, 180_000),
          notes: "",
        },
      });
    }
  }
  const allCars = [...demoCars.map((c) => ({ id: c.id, doc: c.doc })), ...cars];

  // ----- customers -----
  const template = (demoCustomers.find((c) => c.doc.type === "private") ?? demoCustomers[0]) as DbRow;
  const customers: Row[] = [];
  const surnameCount = new Map<string, number>();
  for (let n = demoCustomers.length; n < size.customers; n++) {
    const female = random() < 0.5;
    const root = pick(SURNAME_ROOTS);
    const [maleEnding, femaleEnding] = pick(SURNAME_ENDINGS);
    const lastName = root + (female ? femaleEnding : maleEnding);
    const firstName = female ? pick(FEMALE_FIRST) : pick(MALE_FIRST);
    const maleSurname = root + maleEnding;
    surnameCount.set(maleSurname, (surnameCount.get(maleSurname) ?? 0) + 1);
    const birthYear = int(1950, 2003);
    const created = iso(nowMs - int(1, HISTORY_DAYS) * DAY_MS - int(0, 86_399) * 1000);
    customers.push({
      id: randomUUID(),
      createdAt: created,
      updatedAt: created,
      doc: {
        ...template.doc,
        type: "private",
        firstName,
        lastName,
        email: `${fold(firstName)}.${fold(lastName)}.${n}@pavyzdys.lt`,
        phone: `+3706${String(1_000_000 + n).padStart(7, "0")}`,
        birthDate: `${birthYear}-${String(int(1, 12)).padStart(2, "0")}-${String(int(1, 28)).padStart(2, "0")}`,
        licenceNumber: String(10_000_000 + n),
        licenceIssuedAt: `${birthYear + int(18, 30)}-${String(int(1, 12)).padStart(2, "0")}-01`,
        address: `${pick(STREETS)} ${int(1, 120)}-${int(1, 60)}, ${pick(CITIES)}`,
        notes: "",
        consentAt: null,
      },
    });
  }
  const customerIds = [...demoCustomers.map((c) => c.id), ...customers.map((c) => c.id)];

  // ----- reservations: each car's time cut into slots, one rental in each slot -----
  const templateByStatus = new Map<string, DbRow>();
  for (const r of demoReservations)
    if (!templateByStatus.has(String(r.doc.status))) templateByStatus.set(String(r.doc.status), r);
  const templateFor = (status: string) => (templateByStatus.get(status) ?? demoReservations[0]) as DbRow;
  const held = new Map<string, { from: number; to: number }[]>();
  for (const r of demoReservations) {
    const list = held.get(String(r.doc.carId)) ?? [];
    list.push({ from: Date.parse(String(r.doc.pickupAt)), to: Date.parse(String(r.doc.returnAt)) });
    held.set(String(r.doc.carId), list);
  }
  const wanted = size.reservations - demoReservations.length;
  // One slot more per car than needed: the demo cars lose a few to the demo's own rentals, and
  // random candidates are dropped below until exactly `wanted` are left.
  const perCar = Math.ceil(wanted / allCars.length) + 1;
  const today = vilniusDateString(now);
  const firstDay = addDaysToDateString(today, -(HISTORY_DAYS - SEEDED_FUTURE_DAYS));
  const slotDays = HISTORY_DAYS / perCar;
  const dailyRates = [29, 35, 42, 49, 59, 69, 85, 99];
  const drafts: { row: Row; createdMs: number }[] = [];
  for (const car of allCars) {
    const busy = held.get(car.id) ?? [];
    for (let slot = 0; slot < perCar; slot++) {
      const startDay = addDaysToDateString(firstDay, Math.floor(slot * slotDays) + int(0, 2));
      const days = int(1, Math.max(1, Math.floor(slotDays) - 4));
      const pickupMs = vilniusLocalToInstant(
        startDay,
        `${String(int(8, 16)).padStart(2, "0")}:${pick(["00", "30"])}`,
      ).getTime();
      const returnMs = pickupMs + days * DAY_MS - int(0, 2) * 3_600_000;
      // A demo rental of the same car (and a day either side) keeps its place.
      if (busy.some((b) => pickupMs < b.to + DAY_MS && b.from - DAY_MS < returnMs)) continue;
      const roll = random();
      const status =
        returnMs <= nowMs
          ? roll < 0.85
            ? "completed"
            : roll < 0.95
              ? "cancelled"
              : "no_show"
          : pickupMs <= nowMs
            ? "active"
            : roll < 0.6
              ? "confirmed"
              : roll < 0.88
                ? "new"
                : "cancelled";
      const createdMs = Math.min(pickupMs - int(1, 40) * DAY_MS - int(0, 86_399) * 1000, nowMs - int(1, 3_600) * 1000);
      const dailyRate = pick(dailyRates);
      const total = dailyRate * days;
      const vat = Math.round(((total * 21) / 121) * 100) / 100;
      const location = pick(locations);
      const base = templateFor(status).doc;
      const quote = (base.quote ?? {}) as Doc;
      drafts.push({
        createdMs,
        row: {
          id: randomUUID(),
          createdAt: iso(createdMs),
          updatedAt: iso(status === "completed" || status === "no_show" ? returnMs : createdMs),
          doc: {
            ...base,
            number: "",
            carId: car.id,
            customerId: pick(customerIds),
            pickupAt: iso(pickupMs),
            returnAt: iso(returnMs),
            pickupLocationId: location,
            returnLocationId: location,
            extras: [],
            quote: {
              ...quote,
              days,
              dailyRate,
              perDay: dailyRate,
              base: total,
              extras: 0,
              extrasLines: [],
              delivery: 0,
              discount: 0,
              offerId: null,
              total,
              vat,
              net: Math.round((total - vat) * 100) / 100,
            },
            status,
            source: random() < 0.8 ? "web" : "admin",
            comment: "",
            notes: "",
            cancelReason: status === "cancelled" ? "Klientas atšaukė." : "",
            handover: null,
            returnAct: null,
          },
        },
      });
    }
  }
  while (drafts.length > wanted) {
    const index = Math.floor(random() * drafts.length);
    drafts[index] = drafts[drafts.length - 1] as (typeof drafts)[number];
    drafts.pop();
  }
  // Numbers per year of creation, in the order the reservations came in, after the demo's.
  const counters = new Map<string, number>();
  for (const { name, value } of (
    await db.query<{ name: string; value: string | number }>("SELECT name, value FROM counters")
  ).rows)
    counters.set(name, Number(value));
  drafts.sort((a, b) => a.createdMs - b.createdMs);
  for (const { row, createdMs } of drafts) {
    const year = new Date(createdMs).getUTCFullYear();
    const next = (counters.get(`reservation-${year}`) ?? 0) + 1;
    counters.set(`reservation-${year}`, next);
    row.doc.number = `R-${year}-${String(next).padStart(6, "0")}`;
  }

  // ----- inquiries -----
  const requests: Row[] = [];
  for (let n = demoRequests.length; n < size.requests; n++) {
    const base = (demoRequests[n % demoRequests.length] as DbRow).doc;
    const customer = customers[n % customers.length] as Row;
    const createdMs = nowMs - int(0, HISTORY_DAYS) * DAY_MS - int(0, 86_399) * 1000;
    const recent = nowMs - createdMs < 3 * DAY_MS;
    requests.push({
      id: randomUUID(),
      createdAt: iso(createdMs),
      updatedAt: iso(createdMs),
      doc: {
        ...base,
        name: `${String(customer.doc.firstName)} ${String(customer.doc.lastName)}`,
        email: customer.doc.email,
        phone: customer.doc.phone,
        status: recent ? "new" : random() < 0.8 ? "answered" : random() < 0.9 ? "closed" : "spam",
        replies: [],
      },
    });
  }

  await db.transaction(async (tx) => {
    await insertDocs(tx, "cars", cars);
    await insertDocs(tx, "fleet", fleet);
  });
  await insertDocs(db, "customers", customers);
  await insertReservations(
    db,
    drafts.map((d) => d.row),
  );
  await insertDocs(db, "requests", requests);
  for (const [name, value] of counters) {
    await db.query(
      `INSERT INTO counters (name, value) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET value = greatest(counters.value, EXCLUDED.value)`,
      [name, value],
    );
  }
  await db.query("VACUUM ANALYZE");

  const count = async (table: string) =>
    Number((await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n ?? 0);
  return {
    counts: {
      cars: await count("cars"),
      fleet: await count("fleet"),
      customers: await count("customers"),
      reservations: await count("reservations"),
      requests: await count("requests"),
    },
    surnames: [...surnameCount.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name),
    seconds: (performance.now() - started) / 1000,
  };
}

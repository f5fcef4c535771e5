// The application core's contract (src/core): the same tests of the use cases against every
// DocumentStore, on the demo company of server/seed/demoData.ts. core-memory.test.ts,
// core-pglite.test.ts and core-firestore.test.ts call defineCoreContract with their store; each
// group of tests starts from freshly loaded demo data (harness.seed()).
//
// The store is wrapped in a recorder that counts committed transactions and the documents they
// wrote: a refusal that "changes nothing" commits nothing, and a use case that stores several
// documents "in one write" commits exactly one transaction. The recorder only passes calls on;
// the store under it is the real one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoData, type DemoData } from "../../../server/seed/demoData";
import { recordClientError } from "../../../src/core/clientErrors";
import { COLLECTIONS } from "../../../src/core/collections";
import { mergeCustomer, NOT_PENDING_MESSAGE } from "../../../src/core/customerMerge";
import {
  CoreError,
  type CoreErrorKind,
  RESERVATION_CONFLICT_MESSAGE,
  STALE_RECORD_MESSAGE,
  StaleRecordError,
  TOO_MANY_REQUESTS_MESSAGE,
} from "../../../src/core/errors";
import {
  DEFAULT_REQUEST_LIMIT,
  REQUEST_NOT_FOUND_MESSAGE,
  replyToInquiry,
  submitInquiry,
} from "../../../src/core/inquiries";
import {
  type ChangeKind,
  type CoreContext,
  type DocumentStore,
  EMAIL_LOWER,
  type StoredDoc,
  type Transaction,
} from "../../../src/core/ports";
import { applyPriceUpdate, previewPriceUpdate, priceUpdateHistory } from "../../../src/core/priceUpdate";
import { checkQuote } from "../../../src/core/quoteCheck";
import type { RateLimit } from "../../../src/core/rateLimit";
import { toRecord } from "../../../src/core/records";
import {
  counterId,
  createStaffReservation,
  quoteWebReservation,
  RESERVATION_NOT_FOUND_MESSAGE,
  type ReservationSaved,
  submitWebReservation,
  updateStaffReservation,
} from "../../../src/core/reservations";
import { searchCars } from "../../../src/core/search";
import {
  type Accounts,
  ADMIN_ONLY_MESSAGE,
  type AuthUser,
  LAST_ADMIN_MESSAGE,
  setStaffRole,
  USER_NOT_FOUND_MESSAGE,
} from "../../../src/core/staff";
import { formatNumber } from "../../../src/domain/format";
import { InputError } from "../../../src/domain/input";
import { newRate, planFingerprint } from "../../../src/domain/priceChange";
import { EMPTY_SCOPE_MESSAGE, STALE_PREVIEW_MESSAGE } from "../../../src/domain/priceUpdateInput";
import { calculateQuote } from "../../../src/domain/pricing";
import { RESERVATION_STATUS_LABELS, RESERVATION_TRANSITIONS } from "../../../src/domain/reservationStatus";
import {
  mailSchema,
  type Quote,
  type Reservation,
  type ReservationStatus,
  reservationSchema,
} from "../../../src/domain/schemas";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../../../src/domain/time";

// ---------- the demo company and the inputs ----------

/** The clock of every use case here: the demo data is built for it. */
export const NOW = new Date("2026-03-10T09:00:00.000Z");
export const demo: DemoData = buildDemoData(NOW);

const activeCars = demo.cars.filter((c) => c.doc.status === "active");
export const car = activeCars[0]!;
const otherCar = activeCars[1]!;
const hiddenCar = demo.cars.find((c) => c.doc.status !== "active")!;
const pickupLocation = demo.locations.find((l) => l.doc.active !== false)!;
const deliveredLocation = demo.locations.find((l) => l.doc.active !== false && (l.doc.deliveryFee ?? 0) > 0)!;
const dayExtra = demo.extras.find((e) => e.doc.active !== false && e.doc.chargedPer === "day")!;
const knownCustomer = demo.customers[0]!;
const companyEmail = demo.settings.doc.company.emails[0]!;
const YEAR = 2026;

/** A Vilnius calendar day `offset` days after NOW (the demo reservations reach 60 days ahead). */
const day = (offset: number) => addDaysToDateString(vilniusDateString(NOW), offset);
/** 10:00 Vilnius time on that day, as an ISO instant. */
export const at = (offset: number, time = "10:00") => vilniusLocalToInstant(day(offset), time).toISOString();

const webCustomer = {
  firstName: "Rūta",
  lastName: "Žemaitienė",
  email: "Ruta.Zemaitiene@example.lt",
  phone: "+370 612 34567",
  birthDate: "1988-04-12",
  licenceNumber: "LT1234567",
};

/** The public reservation form, filled in. */
export function reservationInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    carId: car.id,
    pickupAt: at(80),
    returnAt: at(83),
    pickupLocationId: pickupLocation.id,
    returnLocationId: pickupLocation.id,
    extras: [{ id: dayExtra.id, quantity: 1 }],
    customer: { ...webCustomer },
    comment: "Atvyksiu vakariniu reisu",
    acceptTerms: true,
    ...overrides,
  };
}

/** The live quote's part of the form. */
function quoteInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { customer: _customer, comment: _comment, acceptTerms: _accept, ...booked } = reservationInput(overrides);
  return booked;
}

const withEmail = (email: string, overrides: Record<string, unknown> = {}) =>
  reservationInput({ customer: { ...webCustomer, email }, ...overrides });

const staffInput = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  carId: car.id,
  customerId: knownCustomer.id,
  pickupAt: at(100),
  returnAt: at(102),
  pickupLocationId: pickupLocation.id,
  returnLocationId: pickupLocation.id,
  extras: [],
  status: "confirmed",
  source: "phone",
  notes: "Skambino telefonu",
  ...overrides,
});

const STAFF_EMAIL = "darbuotojas@ratunuoma.lt";
const STAFF_ACTOR = { email: STAFF_EMAIL, role: "staff" } as const;
/** An admin may hand a car over before the pickup day, with a reason; the life-cycle walks below use it. */
const ADMIN_ACTOR = { email: "vadove@ratunuoma.lt", role: "admin" } as const;
const WHY = "Klientas atvyko anksčiau";
const LITHUANIAN_LETTERS = /[a-ząčęėįšųūž]/i;

/** The demo records as the core's documents: the record's fields with createdAt and updatedAt. */
export function demoCoreDocuments(data: DemoData): { collection: string; id: string; data: Record<string, unknown> }[] {
  const docs: { collection: string; id: string; data: Record<string, unknown> }[] = [];
  const add = (
    collection: string,
    records: readonly { id: string; createdAt: string; updatedAt: string; doc: object }[],
  ) => {
    for (const record of records) {
      docs.push({
        collection,
        id: record.id,
        data: { ...(record.doc as Record<string, unknown>), createdAt: record.createdAt, updatedAt: record.updatedAt },
      });
    }
  };
  add(COLLECTIONS.settings, [data.settings]);
  add(COLLECTIONS.locations, data.locations);
  add(COLLECTIONS.extras, data.extras);
  add(COLLECTIONS.cars, data.cars);
  add(COLLECTIONS.fleet, data.fleet);
  add(COLLECTIONS.prices, data.prices);
  add(COLLECTIONS.offers, data.offers);
  add(COLLECTIONS.news, data.news);
  add(COLLECTIONS.customers, data.customers);
  add(COLLECTIONS.requests, data.requests);
  add(COLLECTIONS.reservations, data.reservations);
  add(COLLECTIONS.mail, data.mail);
  add(COLLECTIONS.payments, data.payments);
  add(
    COLLECTIONS.staff,
    data.staff.map(({ password: _password, ...member }) => member),
  );
  for (const counter of data.counters) {
    docs.push({
      collection: COLLECTIONS.counters,
      id: counter.name,
      data: { value: counter.value, createdAt: data.now, updatedAt: data.now },
    });
  }
  return docs;
}

/** Writes documents through the store, a few hundred per transaction. */
export async function writeDocuments(
  store: DocumentStore,
  docs: { collection: string; id: string; data: Record<string, unknown> }[],
): Promise<void> {
  for (let start = 0; start < docs.length; start += 200) {
    await store.transaction(async (tx) => {
      for (const doc of docs.slice(start, start + 200)) tx.set(doc.collection, doc.id, doc.data);
    });
  }
}

// ---------- the harness each store gives ----------

export interface CoreStoreHarness {
  /** the store under test (memory: a new one after each seed) */
  readonly store: DocumentStore;
  /** empties the store and loads the demo company of buildDemoData(NOW) */
  seed(): Promise<void>;
  close(): Promise<void>;
}

export interface CoreContractOptions {
  /** how many web reservations race for one car (the issue: 50 on PGlite, 20 on Firestore) */
  concurrency: number;
  /**
   * how many reservations of different cars are made at once to test the numbering (every one
   * takes the year's counter, so on Firestore they queue for it, each retry after a backoff of a
   * second or more: fewer there)
   */
  numberingConcurrency: number;
  /** the form of the ids the store's newId() gives */
  idPattern: RegExp;
  /**
   * null when setStaffRole may create a staff document on this store; otherwise why not (the
   * test is then skipped with the reason printed).
   */
  staffCreation: string | null;
}

// ---------- what the tests see of a use case ----------

interface Published {
  resource: string;
  id: string;
  kind: ChangeKind;
}

/** A use case's context with its change notices recorded. */
export type TestContext = CoreContext & { published: Published[] };

export interface RecordingStore extends DocumentStore {
  /** transactions committed */
  commits: number;
  /** the documents the committed transactions wrote, in order */
  written: { collection: string; id: string; kind: "set" | "delete" }[];
}

/** Passes every call to `inner`, counting the committed transactions and what they wrote. */
export function recordingStore(inner: DocumentStore): RecordingStore {
  const self: RecordingStore = {
    commits: 0,
    written: [],
    get: (collection, id) => inner.get(collection, id),
    query: (collection, spec) => inner.query(collection, spec),
    newId: (collection) => inner.newId(collection),
    isId: (id) => inner.isId(id),
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      let writes: RecordingStore["written"] = [];
      const result = await inner.transaction(async (tx) => {
        // A store may run fn again: only the last run's writes are committed.
        writes = [];
        const recorded: Transaction = {
          get: (collection, id) => tx.get(collection, id),
          query: (collection, spec) => tx.query(collection, spec),
          lock: (key) => tx.lock(key),
          set(collection, id, data) {
            tx.set(collection, id, data);
            writes.push({ collection, id, kind: "set" });
          },
          delete(collection, id) {
            tx.delete(collection, id);
            writes.push({ collection, id, kind: "delete" });
          },
        };
        return fn(recorded);
      });
      self.commits += 1;
      self.written.push(...writes);
      return result;
    },
  };
  return self;
}

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export function testContext(store: DocumentStore, now: Date = NOW): TestContext {
  const published: Published[] = [];
  return {
    store,
    events: { publish: (resource, id, kind) => published.push({ resource, id, kind }) },
    clock: { now: () => now },
    log: silentLog,
    published,
  };
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("Tikėtasi atsisakymo, bet veiksmas pavyko");
}

export async function coreRefusal(promise: Promise<unknown>, kind: CoreErrorKind): Promise<CoreError> {
  const error = await refusal(promise);
  expect(error).toBeInstanceOf(CoreError);
  expect((error as CoreError).kind, (error as Error).message).toBe(kind);
  return error as CoreError;
}

export async function inputRefusal(promise: Promise<unknown>): Promise<InputError> {
  const error = await refusal(promise);
  expect(error, String(error)).toBeInstanceOf(InputError);
  return error as InputError;
}

const serial = (number: string): number => Number(number.slice(-6));

async function counterValue(store: DocumentStore): Promise<number> {
  const counter = await store.get(COLLECTIONS.counters, counterId(YEAR));
  return Number(counter?.data.value ?? Number.NaN);
}

async function reservationsOfCar(store: DocumentStore, carId: string): Promise<StoredDoc[]> {
  return store.query(COLLECTIONS.reservations, { where: [{ field: "carId", op: "==", value: carId }] });
}

async function storedReservation(store: DocumentStore, id: string): Promise<Reservation & { id: string }> {
  const doc = await store.get(COLLECTIONS.reservations, id);
  expect(doc, `rezervacija ${id}`).not.toBeNull();
  return toRecord<Reservation>(doc as StoredDoc);
}

/** The demo prices and offers as calculateQuote takes them: the price a rental must get. */
function demoQuote(opts: { pickupAt: string; returnAt: string; returnLocation?: typeof pickupLocation }): Quote {
  return calculateQuote({
    car: { id: car.id, category: car.doc.category, deposit: car.doc.deposit },
    prices: demo.prices.map((p) => ({ ...p.doc, id: p.id })),
    pickupAt: opts.pickupAt,
    returnAt: opts.returnAt,
    extras: [{ extra: { ...dayExtra.doc, id: dayExtra.id }, quantity: 1 }],
    pickupLocation: pickupLocation.doc,
    returnLocation: (opts.returnLocation ?? pickupLocation).doc,
    offers: demo.offers.filter((o) => o.doc.active !== false).map((o) => ({ ...o.doc, id: o.id })),
    rules: {
      graceMinutes: demo.settings.doc.bookingRules.graceMinutes,
      vatRate: demo.settings.doc.bookingRules.vatRate,
    },
  });
}

/** Statuses reachable from "new" and the allowed steps that reach each (the transition table's own paths). */
function pathsFromNew(): Map<ReservationStatus, ReservationStatus[]> {
  const paths = new Map<ReservationStatus, ReservationStatus[]>([["new", []]]);
  const queue: ReservationStatus[] = ["new"];
  while (queue.length > 0) {
    const from = queue.shift() as ReservationStatus;
    for (const to of RESERVATION_TRANSITIONS[from]) {
      if (paths.has(to)) continue;
      paths.set(to, [...(paths.get(from) ?? []), to]);
      queue.push(to);
    }
  }
  return paths;
}

/** Firebase Auth in memory: the identity service setStaffRole works with (a collaborator, not under test). */
export class MemoryAccounts implements Accounts {
  readonly users = new Map<string, AuthUser & { password?: string }>();
  readonly revoked: string[] = [];

  static withDemoStaff(): MemoryAccounts {
    const accounts = new MemoryAccounts();
    for (const member of demo.staff) {
      accounts.users.set(member.id, {
        uid: member.id,
        email: member.doc.email,
        displayName: member.doc.name,
        disabled: false,
        customClaims: { role: member.doc.role },
      });
    }
    return accounts;
  }

  async getUser(uid: string) {
    return this.users.get(uid) ?? null;
  }
  async getUserByEmail(email: string) {
    return [...this.users.values()].find((u) => u.email?.toLowerCase() === email.toLowerCase()) ?? null;
  }
  async createUser(user: { uid: string; email: string; password: string; displayName: string; disabled: boolean }) {
    const created = { ...user, customClaims: {} };
    this.users.set(user.uid, created);
    return created;
  }
  async updateUser(
    uid: string,
    changes: { email?: string; password?: string; displayName?: string; disabled?: boolean },
  ) {
    const current = this.users.get(uid);
    if (!current) throw new Error(`Naudotojo ${uid} nėra`);
    const updated = { ...current, ...changes };
    this.users.set(uid, updated);
    return updated;
  }
  async setCustomUserClaims(uid: string, claims: Record<string, unknown> | null) {
    const current = this.users.get(uid);
    if (!current) throw new Error(`Naudotojo ${uid} nėra`);
    this.users.set(uid, { ...current, customClaims: claims ?? {} });
  }
  async revokeRefreshTokens(uid: string) {
    this.revoked.push(uid);
  }
}

// ---------- the contract ----------

export function defineCoreContract(
  name: string,
  open: () => Promise<CoreStoreHarness>,
  options: CoreContractOptions,
): void {
  describe(`Branduolio naudojimo atvejai: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let recorded: RecordingStore;
    /** the recorded store of the current group */
    const store = (): RecordingStore => recorded;
    const ctx = (now: Date = NOW): TestContext => testContext(recorded, now);

    beforeAll(async () => {
      harness = await open();
    });
    afterAll(async () => {
      await harness?.close();
    });
    /** Each group starts from the demo company as loaded. */
    const freshDemo = async () => {
      if (!harness) throw new Error("Saugykla neatidaryta");
      await harness.seed();
      recorded = recordingStore(harness.store);
    };

    describe("svetainės rezervacija (submitWebReservation)", () => {
      beforeAll(freshDemo);

      it("kainą skaičiuoja serveryje, ima kitą numerį ir rezervaciją, klientą bei laiškus išsaugo vienu įrašymu", async () => {
        const reservationsBefore = (await store().query(COLLECTIONS.reservations)).length;
        const counterBefore = await counterValue(store());
        expect(counterBefore).toBe(demo.counters.find((c) => c.name === counterId(YEAR))?.value);
        const commitsBefore = store().commits;
        const writtenBefore = store().written.length;
        const c = ctx();

        const created = await submitWebReservation(c, reservationInput());

        expect(created.number).toBe(`R-${YEAR}-${String(counterBefore + 1).padStart(6, "0")}`);
        const expected = demoQuote({ pickupAt: at(80), returnAt: at(83) });
        expect(created.quote).toEqual(expected);
        expect(store().commits).toBe(commitsBefore + 1);
        expect((await store().query(COLLECTIONS.reservations)).length).toBe(reservationsBefore + 1);

        const record = await storedReservation(store(), created.id);
        expect(reservationSchema.safeParse(record).success).toBe(true);
        expect(record).toMatchObject({ number: created.number, status: "new", source: "web", quote: expected });
        expect(record).toMatchObject({ createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() });
        expect(reservationSchema.parse(created.record)).toEqual(reservationSchema.parse(record));

        const customer = await store().get(COLLECTIONS.customers, record.customerId);
        expect(customer?.data).toMatchObject({ firstName: "Rūta", phone: "+37061234567" });
        expect(customer?.data.consentAt).toBe(NOW.toISOString());
        const byEmail = await store().query(COLLECTIONS.customers, {
          where: [{ field: EMAIL_LOWER, op: "==", value: "ruta.zemaitiene@example.lt" }],
        });
        expect(byEmail.map((d) => d.id)).toEqual([record.customerId]);

        const mails = (await store().query(COLLECTIONS.mail, {
          where: [{ field: "ref", op: "==", value: `reservation:${created.id}` }],
        })) as StoredDoc[];
        expect(mails.map((m) => m.data.to).sort()).toEqual([companyEmail, "Ruta.Zemaitiene@example.lt"].sort());
        for (const mail of mails) {
          expect(mailSchema.safeParse(toRecord(mail)).success).toBe(true);
          expect(mail.data.delivery).toMatchObject({ state: "PENDING", attempts: 0 });
          expect(String((mail.data.message as { text: string }).text)).toContain(created.number);
        }
        expect(await counterValue(store())).toBe(counterBefore + 1);

        // Everything above came from the one transaction.
        const written = store().written.slice(writtenBefore);
        const writtenTo = (collection: string) => written.filter((w) => w.collection === collection).map((w) => w.id);
        expect(writtenTo(COLLECTIONS.reservations)).toEqual([created.id]);
        expect(writtenTo(COLLECTIONS.customers)).toEqual([record.customerId]);
        expect(writtenTo(COLLECTIONS.mail).sort()).toEqual(mails.map((m) => m.id).sort());
        expect(writtenTo(COLLECTIONS.counters)).toEqual([counterId(YEAR)]);
        expect(c.published).toEqual(
          expect.arrayContaining([
            { resource: "reservations", id: created.id, kind: "created" },
            { resource: "customers", id: record.customerId, kind: "created" },
            ...mails.map((m) => ({ resource: "mail", id: m.id, kind: "created" as const })),
          ]),
        );
      });

      it("nepaiso kliento siunčiamų kainų laukų", async () => {
        const honest = await quoteWebReservation(ctx(), quoteInput({ pickupAt: at(140), returnAt: at(143) }));
        const cheeky = await submitWebReservation(
          ctx(),
          reservationInput({
            pickupAt: at(140),
            returnAt: at(143),
            total: 1,
            quote: { total: 1 },
            extras: [{ id: dayExtra.id, quantity: 1, price: 0 }],
          }),
        );
        expect(cheeky.quote.total).toBe(honest.quote?.total);
        expect(cheeky.quote).toEqual(honest.quote);
        expect(cheeky.quote.total).toBeGreaterThan(1);
        expect((await storedReservation(store(), cheeky.id)).quote).toEqual(honest.quote);
      });

      it("blogus duomenis atmeta su lietuviškomis laukų klaidomis ir nieko nekeičia", async () => {
        const unknownId = store().newId(COLLECTIONS.cars);
        const cases: [string, unknown, string][] = [
          ["nežinomas laukas", { ...reservationInput(), isAdmin: true }, "isAdmin"],
          ["netinkamas tipas", reservationInput({ carId: 42 }), "carId"],
          ["10 kB eilutė", reservationInput({ comment: "a".repeat(10_240) }), "comment"],
          ["sukeistos datos", reservationInput({ pickupAt: at(83), returnAt: at(80) }), "returnAt"],
          ["nežinomas automobilis", reservationInput({ carId: unknownId }), "carId"],
          ["netinkamas automobilio id", reservationInput({ carId: "AAAAAAAAAAAAAAAAAAAA" }), "carId"],
          ["nepaskelbtas automobilis", reservationInput({ carId: hiddenCar.id }), "carId"],
          ["nesutikta su sąlygomis", reservationInput({ acceptTerms: false }), "acceptTerms"],
          ["blogas telefonas", reservationInput({ customer: { ...webCustomer, phone: "12ab" } }), "customer.phone"],
          [
            "per jaunas",
            reservationInput({ customer: { ...webCustomer, birthDate: "2012-01-01" } }),
            "customer.birthDate",
          ],
          ["paėmimas praeityje", reservationInput({ pickupAt: at(-2), returnAt: at(1) }), "pickupAt"],
        ];
        const commits = store().commits;
        const counter = await counterValue(store());
        for (const [label, input, field] of cases) {
          const error = await inputRefusal(submitWebReservation(ctx(), input));
          expect(error.message, label).toBe("Patikrinkite pažymėtus laukus");
          expect(Object.keys(error.errors ?? {}), label).toContain(field);
          for (const message of Object.values(error.errors ?? {})) expect(message, label).toMatch(LITHUANIAN_LETTERS);
        }
        const notObject = await inputRefusal(submitWebReservation(ctx(), "[]"));
        expect(notObject.message).toMatch(LITHUANIAN_LETTERS);
        expect(store().commits).toBe(commits);
        expect(await counterValue(store())).toBe(counter);
      });

      it("atmeta persidengiantį to paties automobilio laikotarpį, o iškart po ankstesnio prasidedantį priima", async () => {
        await submitWebReservation(ctx(), reservationInput({ pickupAt: at(90), returnAt: at(93) }));
        const commits = store().commits;
        const error = await coreRefusal(
          submitWebReservation(ctx(), reservationInput({ pickupAt: at(92), returnAt: at(95) })),
          "conflict",
        );
        expect(error.message).toBe(RESERVATION_CONFLICT_MESSAGE);
        expect(store().commits).toBe(commits);
        // [pickup, return) is half-open: a pickup at the previous return is free.
        await expect(
          submitWebReservation(ctx(), reservationInput({ pickupAt: at(93), returnAt: at(95) })),
        ).resolves.toMatchObject({ number: expect.stringMatching(/^R-2026-\d{6}$/) });
        await expect(
          submitWebReservation(ctx(), reservationInput({ carId: otherCar.id, pickupAt: at(92), returnAt: at(95) })),
        ).resolves.toBeTruthy();
      });

      it(`iš ${options.concurrency} vienu metu pateiktų persidengiančių rezervacijų praleidžia lygiai vieną`, async () => {
        const n = options.concurrency;
        const before = (await reservationsOfCar(store(), car.id)).length;
        const counter = await counterValue(store());
        const outcomes = await Promise.allSettled(
          Array.from({ length: n }, (_, i) =>
            submitWebReservation(ctx(), withEmail(`klientas${i}@example.lt`, { pickupAt: at(100), returnAt: at(103) })),
          ),
        );
        const ok = outcomes.filter((o): o is PromiseFulfilledResult<ReservationSaved> => o.status === "fulfilled");
        const refused = outcomes.filter(
          (o): o is PromiseRejectedResult =>
            o.status === "rejected" &&
            o.reason instanceof CoreError &&
            o.reason.kind === "conflict" &&
            o.reason.message === RESERVATION_CONFLICT_MESSAGE,
        );
        const other = outcomes.filter((o) => o.status === "rejected" && !refused.includes(o as PromiseRejectedResult));
        expect(other.map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
        expect(ok).toHaveLength(1);
        expect(refused).toHaveLength(n - 1);
        expect((await reservationsOfCar(store(), car.id)).length).toBe(before + 1);
        // The refused ones gave their numbers back.
        expect(ok[0]?.value.number).toBe(`R-${YEAR}-${String(counter + 1).padStart(6, "0")}`);
        expect(await counterValue(store())).toBe(counter + 1);

        const results = (await searchCars(ctx(), { from: at(101), to: at(102), limit: 100 })).data;
        expect(results.map((r) => r.id)).not.toContain(car.id);
      });

      const racing = options.numberingConcurrency;
      it(`${racing} vienu metu pateiktų skirtingų automobilių rezervacijų gauna ${racing} skirtingų numerių iš eilės, be tarpų`, async () => {
        const cars = activeCars.slice(0, racing);
        expect(cars).toHaveLength(racing);
        const counter = await counterValue(store());
        const outcomes = await Promise.allSettled(
          cars.map((c, i) =>
            submitWebReservation(
              ctx(),
              withEmail(`skirtingas${i}@example.lt`, { carId: c.id, pickupAt: at(110), returnAt: at(112), extras: [] }),
            ),
          ),
        );
        const failed = outcomes.filter((o) => o.status === "rejected").map((o) => String(o.reason));
        expect(failed).toEqual([]);
        const numbers = outcomes.map((o) => (o as PromiseFulfilledResult<ReservationSaved>).value.number);
        expect(new Set(numbers).size).toBe(racing);
        expect(numbers.map(serial).sort((a, b) => a - b)).toEqual(
          Array.from({ length: racing }, (_, i) => counter + 1 + i),
        );
        expect(await counterValue(store())).toBe(counter + racing);
        const stored = await store().query(COLLECTIONS.reservations, {
          where: [{ field: "number", op: "in", value: numbers.slice(0, 10) }],
        });
        expect(stored.map((d) => d.data.number).sort()).toEqual(numbers.slice(0, 10).sort());
      });

      it("vienu metu priimtos ir atmestos rezervacijos numerių nepraleidžia: atmestoji savo numerį grąžina", async () => {
        const counter = await counterValue(store());
        // Some cars, each raced for by two visitors at once: one of each pair wins, the other is refused.
        const pairs = Math.max(2, Math.floor(racing / 4));
        const cars = activeCars.slice(0, pairs);
        const outcomes = await Promise.allSettled(
          [...cars, ...cars].map((c, i) =>
            submitWebReservation(
              ctx(),
              withEmail(`lenktynes${i}@example.lt`, { carId: c.id, pickupAt: at(115), returnAt: at(117), extras: [] }),
            ),
          ),
        );
        const ok = outcomes.filter((o): o is PromiseFulfilledResult<ReservationSaved> => o.status === "fulfilled");
        const conflicts = outcomes.filter(
          (o) => o.status === "rejected" && o.reason instanceof CoreError && o.reason.kind === "conflict",
        );
        expect(ok).toHaveLength(pairs);
        expect(conflicts).toHaveLength(pairs);
        expect(ok.map((o) => serial(o.value.number)).sort((a, b) => a - b)).toEqual(
          Array.from({ length: pairs }, (_, i) => counter + 1 + i),
        );
        const next = await submitWebReservation(ctx(), reservationInput({ pickupAt: at(120), returnAt: at(121) }));
        expect(serial(next.number)).toBe(counter + pairs + 1);
      });

      // Issue 27 (privacy): a web booking never writes to an existing customer found by e-mail (anyone
      // can type someone else's address); it gets a customer of its own, pending a merge staff decide.
      it("esamo kliento el. paštu (nepaisant raidžių dydžio) sukuria laukiantį sujungimo klientą, esamo nekeičia; sujungus rezervacija perkeliama", async () => {
        const before = (await store().get(COLLECTIONS.customers, knownCustomer.id))!.data;
        const customersBefore = (await store().query(COLLECTIONS.customers)).length;
        const c = ctx();
        const created = await submitWebReservation(
          c,
          withEmail(knownCustomer.doc.email.toUpperCase(), { pickupAt: at(125), returnAt: at(127) }),
        );
        const pendingId = (await storedReservation(store(), created.id)).customerId;
        expect(pendingId).not.toBe(knownCustomer.id);
        expect((await store().get(COLLECTIONS.customers, pendingId))?.data).toMatchObject({
          mergeInto: knownCustomer.id,
          consentAt: NOW.toISOString(),
        });
        expect((await store().get(COLLECTIONS.customers, knownCustomer.id))!.data).toEqual(before);
        expect((await store().query(COLLECTIONS.customers)).length).toBe(customersBefore + 1);
        expect(c.published.filter((p) => p.resource === "customers" && p.kind === "created")).toHaveLength(1);

        // Not pending: refused with the reason; pending: merged.
        await expect(mergeCustomer(ctx(), { id: knownCustomer.id }, "darbuotojas@ratunuoma.lt")).rejects.toMatchObject({
          kind: "precondition",
          message: NOT_PENDING_MESSAGE,
        });
        const merged = await mergeCustomer(ctx(), { id: pendingId }, "darbuotojas@ratunuoma.lt");
        expect(merged).toEqual({ customerId: knownCustomer.id, mergedId: pendingId, reservations: 1 });
        expect((await storedReservation(store(), created.id)).customerId).toBe(knownCustomer.id);
        expect(await store().get(COLLECTIONS.customers, pendingId)).toBeNull();
        const audit = await store().query(COLLECTIONS.auditLog, {
          where: [{ field: "recordId", op: "==", value: knownCustomer.id }],
        });
        expect(audit.map((d) => d.data)).toContainEqual(
          expect.objectContaining({
            action: "merge",
            actor: "darbuotojas@ratunuoma.lt",
            mergedId: pendingId,
            reservations: 1,
          }),
        );
      });

      it("numeruoja iš eilės, o nesant skaitiklio tęsia nuo išsaugotų numerių", async () => {
        const first = await submitWebReservation(ctx(), reservationInput({ pickupAt: at(130), returnAt: at(132) }));
        const second = await submitWebReservation(ctx(), reservationInput({ pickupAt: at(133), returnAt: at(135) }));
        expect(serial(second.number)).toBe(serial(first.number) + 1);

        await store().transaction(async (tx) => tx.delete(COLLECTIONS.counters, counterId(YEAR)));
        expect(await store().get(COLLECTIONS.counters, counterId(YEAR))).toBeNull();
        const third = await submitWebReservation(ctx(), reservationInput({ pickupAt: at(136), returnAt: at(138) }));
        expect(serial(third.number)).toBe(serial(second.number) + 1);
        expect(await counterValue(store())).toBe(serial(third.number));
      });
    });

    describe("svetainės kainos skaičiavimas (quoteWebReservation)", () => {
      beforeAll(freshDemo);

      it("kaina lygi tai, kurią išsaugo pateikta rezervacija (paslaugos, kita grąžinimo vieta); nieko neįrašo", async () => {
        const input = quoteInput({ returnLocationId: deliveredLocation.id });
        const commitsBefore = store().commits;
        const quoted = await quoteWebReservation(ctx(), input);
        expect(store().commits).toBe(commitsBefore);
        expect(quoted).toMatchObject({ available: true, quoteError: null });
        expect(quoted.quote).toEqual(
          demoQuote({ pickupAt: at(80), returnAt: at(83), returnLocation: deliveredLocation }),
        );
        expect(quoted.quote?.delivery).toBe(deliveredLocation.doc.deliveryFee);
        expect(quoted.quote?.extrasLines.map((line) => line.extraId)).toEqual([dayExtra.id]);

        const samePlace = await quoteWebReservation(ctx(), quoteInput());
        expect(samePlace.quote?.delivery).toBe(0);
        expect((quoted.quote?.total ?? 0) - (samePlace.quote?.total ?? 0)).toBeCloseTo(
          deliveredLocation.doc.deliveryFee ?? 0,
          2,
        );

        const created = await submitWebReservation(ctx(), reservationInput({ returnLocationId: deliveredLocation.id }));
        expect(created.quote).toEqual(quoted.quote);
        // What the store keeps, read back, is the server's quote.
        expect((await storedReservation(store(), created.id)).quote).toEqual(quoted.quote);
      });

      it("užimtas laikotarpis: tik „neužimta/užimta“, jokių kitų rezervacijų duomenų", async () => {
        const created = await submitWebReservation(ctx(), reservationInput({ pickupAt: at(90), returnAt: at(93) }));
        const taken = await quoteWebReservation(ctx(), quoteInput({ pickupAt: at(91), returnAt: at(92) }));
        expect(Object.keys(taken).sort()).toEqual(["available", "quote", "quoteError"]);
        expect(taken.available).toBe(false);
        expect(JSON.stringify(taken)).not.toContain(created.number);
        expect(JSON.stringify(taken)).not.toContain(created.id);
        const other = await quoteWebReservation(
          ctx(),
          quoteInput({ carId: otherCar.id, pickupAt: at(91), returnAt: at(92) }),
        );
        expect(other.available).toBe(true);
      });

      it("nežinomus ar nepaskelbtus automobilius, vietas ir paslaugas atmeta lietuviškai, kaip pateikiant", async () => {
        const unknown = store().newId(COLLECTIONS.cars);
        const commits = store().commits;
        for (const [patch, field, message] of [
          [{ carId: hiddenCar.id }, "carId", "Automobilis nerastas"],
          [{ carId: unknown }, "carId", "Automobilis nerastas"],
          [{ carId: "AAAAAAAAAAAAAAAAAAAA" }, "carId", "Automobilis nerastas"],
          [{ returnLocationId: unknown }, "returnLocationId", "Grąžinimo vieta nerasta"],
          [{ extras: [{ id: unknown, quantity: 1 }] }, "extras.0.id", "Papildoma paslauga nerasta"],
        ] as const) {
          const refused = await inputRefusal(quoteWebReservation(ctx(), quoteInput(patch)));
          expect(refused.errors?.[field], field).toBe(message);
          const submitted = await inputRefusal(submitWebReservation(ctx(), reservationInput(patch)));
          expect(submitted.errors?.[field], field).toBe(message);
        }
        expect(store().commits).toBe(commits);
      });

      it("laikotarpio taisyklės ir nežinomi laukai – tie patys lietuviški pranešimai", async () => {
        const soon = new Date(NOW.getTime() + 30 * 60_000).toISOString();
        for (const [patch, field, message] of [
          [{ pickupAt: at(83), returnAt: at(80) }, "returnAt", "Grąžinimo laikas turi būti vėlesnis nei paėmimo"],
          [{ pickupAt: at(-3), returnAt: at(2) }, "pickupAt", "Paėmimo laikas jau praėjo"],
          [{ pickupAt: soon, returnAt: at(3) }, "pickupAt", "Rezervuoti galima ne vėliau kaip prieš 2 valandas"],
          [{ quote: { total: 1 } }, "quote", "Nežinomas laukas"],
          [{ customer: {} }, "customer", "Nežinomas laukas"],
        ] as const) {
          const refused = await inputRefusal(quoteWebReservation(ctx(), { ...quoteInput(), ...patch }));
          expect(refused.errors?.[field], field).toBe(message);
        }
        await inputRefusal(quoteWebReservation(ctx(), [quoteInput()]));
      });
    });

    describe("darbuotojų rezervacijos (createStaffReservation, updateStaffReservation, checkQuote)", () => {
      beforeAll(freshDemo);

      it("sukuria įkainotą ir sunumeruotą rezervaciją, kliento atsiųsto numerio ir kainos nepaiso", async () => {
        const counter = await counterValue(store());
        const saved = await createStaffReservation(
          ctx(),
          { ...staffInput(), number: "R-2026-999999", quote: { total: 1 } },
          STAFF_ACTOR,
        );
        expect(saved.number).toMatch(/^R-2026-\d{6}$/);
        expect(saved.number).not.toBe("R-2026-999999");
        expect(serial(saved.number)).toBe(counter + 1);
        expect(saved.record).toMatchObject({ source: "phone", status: "confirmed" });
        expect(saved.quote.total).toBeGreaterThan(1);
        const stored = await storedReservation(store(), saved.id);
        expect(stored).toMatchObject({
          number: saved.number,
          source: "phone",
          status: "confirmed",
          quote: saved.quote,
        });
      });

      it("checkQuote kaina lygi tai, kurią išsaugo darbuotojo rezervacija", async () => {
        const body = {
          carId: car.id,
          pickupAt: at(104),
          returnAt: at(107),
          pickupLocationId: pickupLocation.id,
          returnLocationId: deliveredLocation.id,
          extras: [{ id: dayExtra.id, quantity: 1 }],
        };
        const checked = await checkQuote(ctx(), body);
        expect(checked).toMatchObject({ available: true, conflicts: [], quoteError: null });
        const saved = await createStaffReservation(ctx(), staffInput(body), STAFF_ACTOR);
        expect(saved.quote).toEqual(checked.quote);
        expect((await storedReservation(store(), saved.id)).quote).toEqual(checked.quote);
        const web = await quoteWebReservation(ctx(), { ...body, pickupAt: at(108), returnAt: at(111) });
        const staffSame = await checkQuote(ctx(), { ...body, pickupAt: at(108), returnAt: at(111) });
        expect(staffSame.quote).toEqual(web.quote);
      });

      it("tikrina perėjimus ir persidengimus, o keičiant tik pastabas išlaiko sutartą kainą", async () => {
        const saved = (
          await createStaffReservation(ctx(), staffInput({ pickupAt: at(120), returnAt: at(122) }), STAFF_ACTOR)
        ).record;
        const other = (
          await createStaffReservation(ctx(), staffInput({ pickupAt: at(130), returnAt: at(132) }), STAFF_ACTOR)
        ).record;

        const back = await inputRefusal(
          updateStaffReservation(ctx(), saved.id, { ...saved, status: "new" }, STAFF_ACTOR),
        );
        expect(back.errors?.status).toMatch(/negalima|Negalima/);

        const overlap = await coreRefusal(
          updateStaffReservation(ctx(), other.id, { ...other, pickupAt: at(121), returnAt: at(131) }, STAFF_ACTOR),
          "conflict",
        );
        expect(overlap.message).toBe(RESERVATION_CONFLICT_MESSAGE);

        const notes = await updateStaffReservation(
          ctx(),
          saved.id,
          { ...saved, notes: "Vaikiška kėdutė" },
          STAFF_ACTOR,
        );
        expect(notes.quote).toEqual(saved.quote);
        expect(notes.number).toBe(saved.number);
        expect((await storedReservation(store(), saved.id)).notes).toBe("Vaikiška kėdutė");

        const moved = await updateStaffReservation(ctx(), saved.id, { ...notes, returnAt: at(124) }, STAFF_ACTOR);
        expect(moved.quote?.days).toBeGreaterThan(saved.quote?.days ?? Number.POSITIVE_INFINITY);
        expect((await storedReservation(store(), saved.id)).quote).toEqual(moved.quote);

        const missing = await coreRefusal(
          updateStaffReservation(ctx(), store().newId(COLLECTIONS.reservations), staffInput(), STAFF_ACTOR),
          "not-found",
        );
        expect(missing.message).toBe(RESERVATION_NOT_FOUND_MESSAGE);
        const malformed = await coreRefusal(
          updateStaffReservation(ctx(), "ne-id/../x", staffInput(), STAFF_ACTOR),
          "not-found",
        );
        expect(malformed.message).toBe(RESERVATION_NOT_FOUND_MESSAGE);
      });

      it("kiekvieną draudžiamą būsenos pakeitimą atmeta lauko „status“ klaida ir nieko nekeičia, o leidžiamus atlieka", async () => {
        const paths = pathsFromNew();
        const statuses = Object.keys(RESERVATION_TRANSITIONS) as ReservationStatus[];
        expect([...paths.keys()].sort()).toEqual([...statuses].sort());
        let slot = 0;
        /** A reservation brought to `status` by the allowed steps, each on its own dates. */
        const reservationIn = async (status: ReservationStatus) => {
          const start = 150 + 3 * slot++;
          let record = (
            await createStaffReservation(
              ctx(),
              staffInput({ status: "new", pickupAt: at(start), returnAt: at(start + 2) }),
              STAFF_ACTOR,
            )
          ).record;
          for (const step of paths.get(status) ?? []) {
            record = await updateStaffReservation(ctx(), record.id, { status: step, statusReason: WHY }, ADMIN_ACTOR);
          }
          expect(record.status).toBe(status);
          return record;
        };

        let forbidden = 0;
        let allowed = 0;
        for (const from of statuses) {
          const subject = await reservationIn(from);
          const before = await store().get(COLLECTIONS.reservations, subject.id);
          for (const to of statuses) {
            if (from === to || RESERVATION_TRANSITIONS[from].includes(to)) continue;
            const commits = store().commits;
            const error = await inputRefusal(updateStaffReservation(ctx(), subject.id, { status: to }, STAFF_ACTOR));
            expect(error.errors, `${from} → ${to}`).toEqual({
              status: `Rezervacijos būsenos pakeisti iš „${RESERVATION_STATUS_LABELS[from]}“ į „${RESERVATION_STATUS_LABELS[to]}“ negalima`,
            });
            expect(store().commits, `${from} → ${to}`).toBe(commits);
            expect(await store().get(COLLECTIONS.reservations, subject.id), `${from} → ${to}`).toEqual(before);
            forbidden += 1;
          }
          for (const to of [from, ...RESERVATION_TRANSITIONS[from]]) {
            const target = await reservationIn(from);
            const changed = await updateStaffReservation(
              ctx(),
              target.id,
              { status: to, statusReason: WHY },
              ADMIN_ACTOR,
            );
            expect(changed.status, `${from} → ${to}`).toBe(to);
            const stored = await storedReservation(store(), target.id);
            expect(stored.status, `${from} → ${to}`).toBe(to);
            expect(stored.number).toBe(target.number);
            expect(stored.quote).toEqual(target.quote);
            allowed += 1;
          }
        }
        const transitions = Object.values(RESERVATION_TRANSITIONS).reduce((sum, next) => sum + next.length, 0);
        expect(allowed).toBe(statuses.length + transitions);
        expect(forbidden).toBe(statuses.length * statuses.length - allowed);
      });

      it("atmeta pasenusią versiją (409) ir neperrašo kito naudotojo pakeitimų; nauja versija praeina", async () => {
        const saved = (
          await createStaffReservation(ctx(), staffInput({ pickupAt: at(200), returnAt: at(202) }), STAFF_ACTOR)
        ).record;
        expect(saved.version).toBe(1);
        const first = await updateStaffReservation(ctx(), saved.id, { ...saved, notes: "Pirmas" }, STAFF_ACTOR);
        expect(first.version).toBe(2);
        const before = await store().get(COLLECTIONS.reservations, saved.id);
        const stale = await coreRefusal(
          updateStaffReservation(ctx(), saved.id, { ...saved, comment: "Antras" }, STAFF_ACTOR),
          "stale",
        );
        expect(stale).toBeInstanceOf(StaleRecordError);
        expect(stale.message).toBe(STALE_RECORD_MESSAGE);
        expect((stale as StaleRecordError).current).toMatchObject({ notes: "Pirmas", version: 2 });
        expect(await store().get(COLLECTIONS.reservations, saved.id)).toEqual(before);
        const fresh = await updateStaffReservation(ctx(), saved.id, { ...first, comment: "Antras" }, STAFF_ACTOR);
        expect(fresh).toMatchObject({ notes: "Pirmas", comment: "Antras", version: 3 });
      });

      it("atšaukimui reikia priežasties: be jos 422, su ja išsaugoma ir įrašoma į žurnalą", async () => {
        const saved = (
          await createStaffReservation(ctx(), staffInput({ pickupAt: at(210), returnAt: at(212) }), STAFF_ACTOR)
        ).record;
        const missing = await inputRefusal(
          updateStaffReservation(ctx(), saved.id, { status: "cancelled", statusReason: "  " }, STAFF_ACTOR),
        );
        expect(missing.errors).toEqual({ statusReason: "Nurodykite atšaukimo priežastį" });
        expect((await storedReservation(store(), saved.id)).status).toBe("confirmed");
        const cancelled = await updateStaffReservation(
          ctx(),
          saved.id,
          { status: "cancelled", statusReason: "Klientas pakeitė planus" },
          STAFF_ACTOR,
        );
        expect(cancelled).toMatchObject({ status: "cancelled", cancelReason: "Klientas pakeitė planus" });
        const audit = await store().query(COLLECTIONS.auditLog, {
          where: [{ field: "recordId", op: "==", value: saved.id }],
        });
        expect(audit.map((entry) => entry.data)).toContainEqual(
          expect.objectContaining({ toStatus: "cancelled", reason: "Klientas pakeitė planus", actor: STAFF_EMAIL }),
        );
      });

      it("užbaigta, atšaukta ar neatvykusio rezervacija tik skaitoma, išskyrus vidines pastabas", async () => {
        const saved = (
          await createStaffReservation(ctx(), staffInput({ pickupAt: at(220), returnAt: at(222) }), STAFF_ACTOR)
        ).record;
        const closed = await updateStaffReservation(
          ctx(),
          saved.id,
          { status: "cancelled", statusReason: "Dviguba rezervacija" },
          STAFF_ACTOR,
        );
        const before = await store().get(COLLECTIONS.reservations, saved.id);
        for (const patch of [{ returnAt: at(224) }, { comment: "kita" }, { carId: otherCar.id }]) {
          const refused = await coreRefusal(
            updateStaffReservation(ctx(), saved.id, { ...closed, ...patch }, STAFF_ACTOR),
            "precondition",
          );
          expect(refused.message).toBe(
            "Rezervacija atšaukta – jos keisti negalima, galima papildyti tik vidines pastabas.",
          );
        }
        expect(await store().get(COLLECTIONS.reservations, saved.id)).toEqual(before);
        const noted = await updateStaffReservation(
          ctx(),
          saved.id,
          { ...closed, notes: "Grąžintas užstatas" },
          STAFF_ACTOR,
        );
        expect(noted).toMatchObject({ notes: "Grąžintas užstatas", status: "cancelled", quote: closed.quote });
      });

      it("perduoti galima nuo paėmimo dienos; anksčiau – tik administratorius su priežastimi", async () => {
        const early = (
          await createStaffReservation(ctx(), staffInput({ pickupAt: at(8), returnAt: at(10) }), STAFF_ACTOR)
        ).record;
        const staff = await inputRefusal(updateStaffReservation(ctx(), early.id, { status: "active" }, STAFF_ACTOR));
        expect(staff.errors?.status).toContain(`nuo paėmimo dienos (${day(8)})`);
        const adminNoReason = await inputRefusal(
          updateStaffReservation(ctx(), early.id, { status: "active" }, ADMIN_ACTOR),
        );
        expect(Object.keys(adminNoReason.errors ?? {})).toEqual(["statusReason"]);
        expect((await storedReservation(store(), early.id)).status).toBe("confirmed");
        const overridden = await updateStaffReservation(
          ctx(),
          early.id,
          { status: "active", statusReason: WHY },
          ADMIN_ACTOR,
        );
        expect(overridden).toMatchObject({ status: "active", handoverOverrideReason: WHY });

        const today = (
          await createStaffReservation(
            ctx(),
            staffInput({ pickupAt: new Date(NOW.getTime() + 3 * 3600_000).toISOString(), returnAt: at(3) }),
            STAFF_ACTOR,
          )
        ).record;
        const handed = await updateStaffReservation(ctx(), today.id, { status: "active" }, STAFF_ACTOR);
        expect(handed).toMatchObject({ status: "active", handoverOverrideReason: "" });
      });

      it("praeities rezervacijai reikia aiškaus patvirtinimo (confirmPast)", async () => {
        const past = staffInput({ pickupAt: at(-20), returnAt: at(-18), status: "completed" });
        const counter = await counterValue(store());
        const refused = await inputRefusal(createStaffReservation(ctx(), past, STAFF_ACTOR));
        expect(refused.errors?.confirmPast).toMatch(/^Paėmimo laikas jau praėjęs \(\d{4}-\d{2}-\d{2} 10:00\)/);
        expect(await counterValue(store())).toBe(counter);
        const saved = await createStaffReservation(ctx(), { ...past, confirmPast: true }, STAFF_ACTOR);
        expect(saved.record.status).toBe("completed");
        const future = (
          await createStaffReservation(ctx(), staffInput({ pickupAt: at(230), returnAt: at(232) }), STAFF_ACTOR)
        ).record;
        const moved = await inputRefusal(
          updateStaffReservation(ctx(), future.id, { ...future, pickupAt: at(-5), returnAt: at(-3) }, STAFF_ACTOR),
        );
        expect(Object.keys(moved.errors ?? {})).toEqual(["confirmPast"]);
      });

      it("grąžinimo rida ne mažesnė nei paėmimo; rodmenys perkelia automobilio ridą į autoparko įrašą", async () => {
        const fleetDocs = await store().query(COLLECTIONS.fleet, {
          where: [{ field: "carId", op: "==", value: car.id }],
        });
        const fleet = fleetDocs[0]!;
        const odometer = Number(fleet.data.mileage);
        const saved = (
          await createStaffReservation(ctx(), staffInput({ pickupAt: at(240), returnAt: at(242) }), STAFF_ACTOR)
        ).record;
        const contract = { ...saved.contract, mileageOut: odometer + 100, mileageIn: odometer + 50, fuelOut: "1" };
        const lower = await inputRefusal(updateStaffReservation(ctx(), saved.id, { ...saved, contract }, STAFF_ACTOR));
        expect(lower.errors?.["contract.mileageIn"]).toBe(
          `Grąžinimo rida turi būti ne mažesnė nei paėmimo rida (${formatNumber(odometer + 100, 0)} km)`,
        );
        const badFuel = await inputRefusal(
          updateStaffReservation(
            ctx(),
            saved.id,
            { ...saved, contract: { ...contract, mileageIn: null, fuelIn: "pilnas" } },
            STAFF_ACTOR,
          ),
        );
        expect(Object.keys(badFuel.errors ?? {})).toEqual(["contract.fuelIn"]);
        expect((await store().get(COLLECTIONS.fleet, fleet.id))?.data.mileage).toBe(odometer);

        const read = await updateStaffReservation(
          ctx(),
          saved.id,
          { ...saved, contract: { ...contract, mileageIn: odometer + 420 } },
          STAFF_ACTOR,
        );
        expect(read.contract).toMatchObject({ mileageOut: odometer + 100, mileageIn: odometer + 420 });
        expect((await store().get(COLLECTIONS.fleet, fleet.id))?.data.mileage).toBe(odometer + 420);
      });

      it("checkQuote kainą skaičiuoja kaip svetainė ir pateikia persidengiančias rezervacijas", async () => {
        const free = await checkQuote(ctx(), { carId: car.id, pickupAt: at(80), returnAt: at(83) });
        expect(free).toMatchObject({ available: true, conflicts: [], quoteError: null });
        expect(free.quote?.days).toBe(3);
        const created = await submitWebReservation(ctx(), reservationInput());
        const taken = await checkQuote(ctx(), { carId: car.id, pickupAt: at(81), returnAt: at(82) });
        expect(taken.available).toBe(false);
        expect(taken.conflicts.map((c) => c.number)).toEqual([created.number]);
        const self = await checkQuote(ctx(), {
          carId: car.id,
          pickupAt: at(81),
          returnAt: at(82),
          reservationId: created.id,
        });
        expect(self.available).toBe(true);
        const bad = await inputRefusal(checkQuote(ctx(), { carId: car.id, pickupAt: at(83), returnAt: at(80) }));
        expect(bad.errors?.returnAt).toBe("Grąžinimo laikas turi būti vėlesnis nei paėmimo");
      });
    });

    describe("automobilių paieška (searchCars)", () => {
      beforeAll(freshDemo);

      it("grąžina laisvus paskelbtus automobilius su serveryje apskaičiuotomis kainomis, pigiausius pirmus, užimtus praleidžia", async () => {
        const period = { from: at(120), to: at(123), limit: 100 };
        const { data: before, total } = await searchCars(ctx(), period);
        expect(before.length).toBeGreaterThan(0);
        expect(total).toBe(before.length);
        expect(before.map((r) => r.id)).toContain(car.id);
        for (let i = 1; i < before.length; i++) {
          expect(before[i]?.quote.total).toBeGreaterThanOrEqual(before[i - 1]?.quote.total ?? 0);
        }
        for (const result of before) expect(result.car.status).toBe("active");
        expect(before.map((r) => r.id)).not.toContain(hiddenCar.id);

        await submitWebReservation(ctx(), reservationInput({ pickupAt: at(121), returnAt: at(122) }));
        const { data: after } = await searchCars(ctx(), period);
        expect(after.map((r) => r.id)).not.toContain(car.id);
        expect(after).toHaveLength(before.length - 1);

        // One page: the same order, and how many there are in all; 24 by default.
        const page = await searchCars(ctx(), { from: at(120), to: at(123), limit: 5, offset: 5 });
        expect(page.total).toBe(after.length);
        expect(page.data.map((r) => r.id)).toEqual(after.slice(5, 10).map((r) => r.id));
        const first = await searchCars(ctx(), { from: at(120), to: at(123) });
        expect(first.data.map((r) => r.id)).toEqual(after.slice(0, 24).map((r) => r.id));

        const { data: filtered } = await searchCars(ctx(), { ...period, category: car.doc.category });
        expect(filtered.length).toBeGreaterThan(0);
        expect(filtered.every((r) => r.car.category === car.doc.category)).toBe(true);
      });

      it("sukeistas datas ir nežinomus filtrus atmeta lietuviškai", async () => {
        const reversed = await inputRefusal(searchCars(ctx(), { from: at(123), to: at(120) }));
        expect(reversed.errors?.to).toBe("Grąžinimo laikas turi būti vėlesnis nei paėmimo");
        const badCategory = await inputRefusal(searchCars(ctx(), { from: at(120), to: at(123), category: "raketa" }));
        expect(badCategory.errors?.category).toBe("Nežinoma automobilio klasė");
        const badPage = await inputRefusal(searchCars(ctx(), { from: at(120), to: at(123), limit: 1000 }));
        expect(badPage.errors?.limit).toBe("Rezultatų skaičius turi būti sveikasis skaičius nuo 1 iki 100");
      });
    });

    describe("svetainės užklausos ir darbuotojų atsakymai (submitInquiry, replyToInquiry)", () => {
      beforeAll(freshDemo);
      const inquiry = {
        type: "contact",
        name: "Jonas Jonaitis",
        email: "jonas@example.lt",
        message: "Ar galima su šunimi?",
      };
      const limit10: RateLimit = { max: 10, windowSeconds: 600 };

      it("išsaugo užklausą ir pranešimą įmonei", async () => {
        const commits = store().commits;
        const c = ctx();
        const { id } = await submitInquiry(c, inquiry, { clientKey: "klientas-a", limit: limit10 });
        expect(store().commits).toBe(commits + 1);
        const stored = await store().get(COLLECTIONS.requests, id);
        expect(stored?.data).toMatchObject({ type: "contact", status: "new", replies: [], name: "Jonas Jonaitis" });
        const mails = await store().query(COLLECTIONS.mail, {
          where: [{ field: "ref", op: "==", value: `request:${id}` }],
        });
        expect(mails).toHaveLength(1);
        expect(mails[0]?.data.to).toBe(companyEmail);
        expect(mails[0]?.data.replyTo).toBe("jonas@example.lt");
        expect(c.published).toEqual([
          { resource: "requests", id, kind: "created" },
          { resource: "mail", id: mails[0]?.id, kind: "created" },
        ]);
      });

      it("riboja vieno kliento per laiko langą priimamų užklausų skaičių; atmestos formos nesiskaičiuoja", async () => {
        const limit = { max: 2, windowSeconds: 600 };
        await submitInquiry(ctx(), inquiry, { clientKey: "klientas-b", limit });
        await submitInquiry(ctx(), inquiry, { clientKey: "klientas-b", limit });
        const commits = store().commits;
        const requests = (await store().query(COLLECTIONS.requests)).length;
        const third = await coreRefusal(
          submitInquiry(ctx(), inquiry, { clientKey: "klientas-b", limit }),
          "rate-limited",
        );
        expect(third.message).toBe(TOO_MANY_REQUESTS_MESSAGE);
        expect(third.message).toBe("Per daug užklausų. Bandykite vėliau.");
        expect(store().commits).toBe(commits);
        expect((await store().query(COLLECTIONS.requests)).length).toBe(requests);
        await expect(submitInquiry(ctx(), inquiry, { clientKey: "klientas-c", limit })).resolves.toHaveProperty("id");
        const later = new Date(NOW.getTime() + 601_000);
        await expect(submitInquiry(ctx(later), inquiry, { clientKey: "klientas-b", limit })).resolves.toHaveProperty(
          "id",
        );

        // Refused forms do not count.
        const one = { max: 1, windowSeconds: 600 };
        await inputRefusal(
          submitInquiry(ctx(), { ...inquiry, email: "ne-adresas" }, { clientKey: "klientas-d", limit: one }),
        );
        await inputRefusal(
          submitInquiry(ctx(), { ...inquiry, carId: hiddenCar.id }, { clientKey: "klientas-d", limit: one }),
        );
        await expect(submitInquiry(ctx(), inquiry, { clientKey: "klientas-d", limit: one })).resolves.toBeTruthy();
        await coreRefusal(submitInquiry(ctx(), inquiry, { clientKey: "klientas-d", limit: one }), "rate-limited");
      });

      it("atmeta nežinomus laukus ir verslo užklausą be įmonės duomenų", async () => {
        const requests = (await store().query(COLLECTIONS.requests)).length;
        const rate = { clientKey: "x", limit: DEFAULT_REQUEST_LIMIT };
        const unknown = await inputRefusal(submitInquiry(ctx(), { ...inquiry, admin: true }, rate));
        expect(unknown.errors).toEqual({ admin: "Nežinomas laukas" });
        const business = await inputRefusal(submitInquiry(ctx(), { ...inquiry, type: "business" }, rate));
        expect(business.errors?.company).toBe("Nurodykite įmonės duomenis");
        expect((await store().query(COLLECTIONS.requests)).length).toBe(requests);
      });

      it("atsakymas vienu įrašymu įtraukia laišką į siuntimo eilę, užrašo atsakymą ir pažymi užklausą atsakyta", async () => {
        const open = demo.requests.find((r) => r.doc.status === "new")!;
        const commits = store().commits;
        const result = await replyToInquiry(
          ctx(),
          open.id,
          { subject: "Dėl Jūsų užklausos", body: "Laisvų automobilių yra." },
          STAFF_EMAIL,
        );
        expect(store().commits).toBe(commits + 1);
        expect(result.request).toMatchObject({ id: open.id, status: "answered" });
        const stored = (await store().get(COLLECTIONS.requests, open.id))?.data as {
          replies: { by: string }[];
          status: string;
        };
        expect(stored.status).toBe("answered");
        expect(stored.replies.at(-1)?.by).toBe(STAFF_EMAIL);
        const mail = (await store().get(COLLECTIONS.mail, result.mailId))?.data;
        expect(mail).toMatchObject({ to: open.doc.email, ref: `request:${open.id}` });

        const missing = await coreRefusal(
          replyToInquiry(ctx(), store().newId(COLLECTIONS.requests), { subject: "a", body: "b" }, "x"),
          "not-found",
        );
        expect(missing.message).toBe(REQUEST_NOT_FOUND_MESSAGE);
        const malformed = await coreRefusal(
          replyToInquiry(ctx(), "AAAAAAAAAAAAAAAAAAAA/..", { subject: "a", body: "b" }, "x"),
          "not-found",
        );
        expect(malformed.message).toBe(REQUEST_NOT_FOUND_MESSAGE);
        const empty = await inputRefusal(replyToInquiry(ctx(), open.id, { subject: "", body: "" }, "x"));
        expect(empty.errors).toMatchObject({ subject: "Įrašykite temą", body: "Įrašykite atsakymą" });
        expect(store().commits).toBe(commits + 1);
      });
    });

    describe("svetainės rezervacijų ir kainų skaičiavimų ribojimas", () => {
      beforeAll(freshDemo);
      const two: RateLimit = { max: 2, windowSeconds: 600 };
      const rate = (clientKey: string, limit: RateLimit = two) => ({ rateLimit: { clientKey, limit } });

      it("(max+1)-ąją priimtą vieno kliento rezervaciją atmeta lietuvišku pranešimu; numerio nepraleidžia", async () => {
        await submitWebReservation(ctx(), reservationInput({ pickupAt: at(80), returnAt: at(81) }), rate("r-a"));
        const second = await submitWebReservation(
          ctx(),
          reservationInput({ pickupAt: at(82), returnAt: at(83) }),
          rate("r-a"),
        );
        const commits = store().commits;
        const third = await coreRefusal(
          submitWebReservation(ctx(), reservationInput({ pickupAt: at(84), returnAt: at(85) }), rate("r-a")),
          "rate-limited",
        );
        expect(third.message).toBe("Per daug užklausų. Bandykite vėliau.");
        expect(store().commits).toBe(commits);
        // Another client is not held back, and the refused one took no number.
        const other = await submitWebReservation(
          ctx(),
          reservationInput({ pickupAt: at(84), returnAt: at(85) }),
          rate("r-b"),
        );
        expect(serial(other.number)).toBe(serial(second.number) + 1);
        // A new window.
        const later = new Date(NOW.getTime() + 601_000);
        await expect(
          submitWebReservation(ctx(later), reservationInput({ pickupAt: at(86), returnAt: at(87) }), rate("r-a")),
        ).resolves.toHaveProperty("number");
      });

      it("atmestos (netinkamos ar užimtos) rezervacijos į ribą nesiskaičiuoja", async () => {
        const one = rate("r-c", { max: 1, windowSeconds: 600 });
        await submitWebReservation(ctx(), reservationInput({ pickupAt: at(90), returnAt: at(92) }), rate("r-kitas"));
        await inputRefusal(submitWebReservation(ctx(), reservationInput({ acceptTerms: false }), one));
        await inputRefusal(submitWebReservation(ctx(), reservationInput({ carId: hiddenCar.id }), one));
        await coreRefusal(
          submitWebReservation(ctx(), reservationInput({ pickupAt: at(91), returnAt: at(93) }), one),
          "conflict",
        );
        await expect(
          submitWebReservation(ctx(), reservationInput({ pickupAt: at(94), returnAt: at(95) }), one),
        ).resolves.toHaveProperty("number");
        await coreRefusal(
          submitWebReservation(ctx(), reservationInput({ pickupAt: at(96), returnAt: at(97) }), one),
          "rate-limited",
        );
      });

      it("(max+1)-ąjį vieno kliento kainos skaičiavimą atmeta lietuvišku pranešimu", async () => {
        const free = { pickupAt: at(150), returnAt: at(152) };
        await quoteWebReservation(ctx(), quoteInput(free), rate("q-a"));
        await quoteWebReservation(ctx(), quoteInput(free), rate("q-a"));
        const third = await coreRefusal(quoteWebReservation(ctx(), quoteInput(free), rate("q-a")), "rate-limited");
        expect(third.message).toBe("Per daug užklausų. Bandykite vėliau.");
        await expect(quoteWebReservation(ctx(), quoteInput(free), rate("q-b"))).resolves.toHaveProperty(
          "available",
          true,
        );
        const later = new Date(NOW.getTime() + 601_000);
        await expect(quoteWebReservation(ctx(later), quoteInput(free), rate("q-a"))).resolves.toHaveProperty("quote");
      });

      it("atmesti (netinkami) kainos skaičiavimai į ribą nesiskaičiuoja", async () => {
        const free = { pickupAt: at(150), returnAt: at(152) };
        const one = rate("q-c", { max: 1, windowSeconds: 600 });
        await inputRefusal(
          quoteWebReservation(ctx(), quoteInput({ ...free, pickupAt: at(83), returnAt: at(80) }), one),
        );
        await inputRefusal(quoteWebReservation(ctx(), quoteInput({ ...free, carId: hiddenCar.id }), one));
        await inputRefusal(
          quoteWebReservation(ctx(), quoteInput({ ...free, returnLocationId: store().newId("locations") }), one),
        );
        await expect(quoteWebReservation(ctx(), quoteInput(free), one)).resolves.toHaveProperty("available", true);
        await coreRefusal(quoteWebReservation(ctx(), quoteInput(free), one), "rate-limited");
      });
    });

    describe("kainų atnaujinimas (previewPriceUpdate, applyPriceUpdate)", () => {
      beforeAll(freshDemo);
      const category = demo.prices.find((p) => p.doc.category !== null)!.doc.category!;
      const change = { kind: "percent", value: 10, step: 0.5 } as const;
      const scope = { category, carIds: [], season: "all" };

      it("vienoje transakcijoje įrašo būtent peržiūrėtą planą ir užrašo jį istorijoje", async () => {
        const { plan } = await previewPriceUpdate(ctx(), { change, scope });
        expect(plan.length).toBeGreaterThan(0);
        const expected = planFingerprint(plan);
        const commits = store().commits;
        const c = ctx();
        const result = await applyPriceUpdate(c, { change, scope, expected }, STAFF_EMAIL);
        expect(store().commits).toBe(commits + 1);
        expect(result).toMatchObject({ updated: plan.filter((r) => r.priceId).length });
        expect(result.updated + result.created).toBe(plan.length);
        for (const rule of plan.filter((r) => r.priceId)) {
          const stored = (await store().get(COLLECTIONS.prices, rule.priceId as string))?.data as {
            tiers: { dailyRate: number }[];
          };
          expect(stored.tiers.map((t) => t.dailyRate)).toEqual(rule.newTiers.map((t) => t.dailyRate));
          expect(rule.newTiers[0]?.dailyRate).toBe(newRate(rule.oldTiers[0]?.dailyRate ?? 0, change));
        }
        const untouched = demo.prices.filter((p) => !plan.some((r) => r.priceId === p.id));
        expect(untouched.length).toBeGreaterThan(0);
        for (const price of untouched) {
          const stored = (await store().get(COLLECTIONS.prices, price.id))?.data as { tiers: { dailyRate: number }[] };
          expect(stored.tiers.map((t) => t.dailyRate)).toEqual(price.doc.tiers.map((t) => t.dailyRate));
        }
        const history = await priceUpdateHistory(ctx());
        expect(history[0]).toMatchObject({ id: result.batchId, actor: STAFF_EMAIL, rules: plan.length });
        expect(c.published.filter((p) => p.resource === "prices")).toHaveLength(plan.length);
      });

      it("atmeta pasenusią peržiūrą (pakeitus kainos taisyklę), tuščią sritį bei beprasmius duomenis ir nieko nekeičia", async () => {
        const { plan } = await previewPriceUpdate(ctx(), { change, scope });
        const expected = planFingerprint(plan);
        const first = plan.find((r) => r.priceId);
        expect(first).toBeTruthy();
        const ruleId = first?.priceId as string;
        // Someone edits the rule after the preview.
        const edited = new Date(NOW.getTime() + 60_000);
        const current = (await store().get(COLLECTIONS.prices, ruleId)) as StoredDoc;
        await store().transaction(async (tx) => {
          tx.set(COLLECTIONS.prices, ruleId, { ...current.data, updatedAt: edited.toISOString() });
        });
        const prices = await store().query(COLLECTIONS.prices);
        const history = await store().query(COLLECTIONS.priceUpdates);
        const commits = store().commits;

        const stale = await coreRefusal(
          applyPriceUpdate(ctx(edited), { change, scope, expected }, "x"),
          "precondition",
        );
        expect(stale.message).toBe(STALE_PREVIEW_MESSAGE);
        const nowhere = { category: null, carIds: [store().newId(COLLECTIONS.cars)], season: "all" };
        const empty = await inputRefusal(applyPriceUpdate(ctx(edited), { change, scope: nowhere, expected: {} }, "x"));
        expect(empty.errors).toEqual({ scope: EMPTY_SCOPE_MESSAGE });
        const bad = await inputRefusal(previewPriceUpdate(ctx(), { change: { ...change, value: 0 }, scope, extra: 1 }));
        expect(bad.errors).toBeTruthy();
        expect(store().commits).toBe(commits);
        expect(await store().query(COLLECTIONS.prices)).toEqual(prices);
        expect(await store().query(COLLECTIONS.priceUpdates)).toEqual(history);
      });

      it("atmeta peržiūrą, pasenusią dėl kito kainų atnaujinimo, ir nieko neįrašo", async () => {
        const { plan } = await previewPriceUpdate(ctx(), { change, scope });
        const expected = planFingerprint(plan);
        const later = new Date(NOW.getTime() + 120_000);
        // Another member of staff applies a change to the same rules first.
        const otherChange = { kind: "amount", value: 1, step: 1 } as const;
        const { plan: otherPlan } = await previewPriceUpdate(ctx(later), { change: otherChange, scope });
        await applyPriceUpdate(
          ctx(later),
          { change: otherChange, scope, expected: planFingerprint(otherPlan) },
          "kitas@ratunuoma.lt",
        );
        const prices = await store().query(COLLECTIONS.prices);
        const commits = store().commits;
        const stale = await coreRefusal(
          applyPriceUpdate(ctx(new Date(later.getTime() + 1000)), { change, scope, expected }, STAFF_EMAIL),
          "precondition",
        );
        expect(stale.message).toBe(STALE_PREVIEW_MESSAGE);
        expect(store().commits).toBe(commits);
        expect(await store().query(COLLECTIONS.prices)).toEqual(prices);
      });
    });

    describe("darbuotojų paskyros (setStaffRole)", () => {
      beforeAll(freshDemo);
      const admin = { uid: "admin-1", role: "admin" as const, email: "admin@ratunuoma.lt" };
      const adminMember = demo.staff.find((m) => m.doc.role === "admin")!;
      const staffMember = demo.staff.find((m) => m.doc.role === "staff")!;

      it("skirta tik administratoriams", async () => {
        const accounts = MemoryAccounts.withDemoStaff();
        const commits = store().commits;
        const error = await coreRefusal(
          setStaffRole(ctx(), accounts, { email: "a@b.lt", role: "staff" }, { uid: "x", role: "staff" }),
          "forbidden",
        );
        expect(error.message).toBe(ADMIN_ONLY_MESSAGE);
        expect(error.message).toBe("Šį veiksmą gali atlikti tik administratorius");
        expect(store().commits).toBe(commits);
        expect(accounts.users.size).toBe(demo.staff.length);
      });

      // Not a test of this store when it cannot create staff accounts by design (options.staffCreation
      // says why): then it is not defined at all, rather than counted as "not run".
      const creation = options.staffCreation;
      (creation === null ? it : ((() => undefined) as unknown as typeof it))(
        "sukuria paskyrą su saugyklos id, vaidmens žyma ir darbuotojo dokumentu",
        async () => {
          const accounts = MemoryAccounts.withDemoStaff();
          const missingPassword = await inputRefusal(
            setStaffRole(
              ctx(),
              accounts,
              { email: "nauja@ratunuoma.lt", name: "Nauja Darbuotoja", role: "staff" },
              admin,
            ),
          );
          expect(missingPassword.errors?.password).toBeTruthy();
          expect(missingPassword.errors?.password).toMatch(LITHUANIAN_LETTERS);
          const saved = await setStaffRole(
            ctx(),
            accounts,
            { email: "nauja@ratunuoma.lt", name: "Nauja Darbuotoja", role: "staff", password: "Slaptazodis2026!" },
            admin,
          );
          expect(saved.id).toMatch(options.idPattern);
          expect(store().isId(saved.id)).toBe(true);
          expect(accounts.users.get(saved.id)?.customClaims).toEqual({ role: "staff" });
          const doc = await store().get(COLLECTIONS.staff, saved.id);
          expect(doc?.data).toMatchObject({ email: "nauja@ratunuoma.lt", role: "staff", active: true });
          expect(doc?.data).toMatchObject({ createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() });
          expect(saved).toMatchObject({
            email: "nauja@ratunuoma.lt",
            name: "Nauja Darbuotoja",
            role: "staff",
            active: true,
          });
        },
      );

      it("palieka bent vieną aktyvų administratorių, o atimto vaidmens sesijas atšaukia", async () => {
        const accounts = MemoryAccounts.withDemoStaff();
        const commits = store().commits;
        const last = await coreRefusal(
          setStaffRole(ctx(), accounts, { uid: adminMember.id, role: "staff" }, admin),
          "precondition",
        );
        expect(last.message).toBe(LAST_ADMIN_MESSAGE);
        const deactivate = await coreRefusal(
          setStaffRole(ctx(), accounts, { uid: adminMember.id, role: "admin", active: false }, admin),
          "precondition",
        );
        expect(deactivate.message).toBe(LAST_ADMIN_MESSAGE);
        expect(store().commits).toBe(commits);
        expect(accounts.users.get(adminMember.id)?.customClaims).toEqual({ role: "admin" });
        expect(accounts.revoked).toEqual([]);

        await setStaffRole(ctx(), accounts, { uid: staffMember.id, role: "admin" }, admin);
        expect(accounts.users.get(staffMember.id)?.customClaims).toEqual({ role: "admin" });
        expect((await store().get(COLLECTIONS.staff, staffMember.id))?.data.role).toBe("admin");
        await setStaffRole(ctx(), accounts, { uid: adminMember.id, role: "staff" }, admin);
        expect(accounts.users.get(adminMember.id)?.customClaims).toEqual({ role: "staff" });
        expect(accounts.revoked).toContain(adminMember.id);
        expect((await store().get(COLLECTIONS.staff, adminMember.id))?.data.role).toBe("staff");

        await setStaffRole(ctx(), accounts, { uid: adminMember.id, role: null }, admin);
        expect(accounts.users.get(adminMember.id)?.customClaims).toEqual({});
        expect(await store().get(COLLECTIONS.staff, adminMember.id)).toBeNull();

        const unknown = await coreRefusal(
          setStaffRole(ctx(), accounts, { uid: store().newId(COLLECTIONS.staff), role: "staff" }, admin),
          "not-found",
        );
        expect(unknown.message).toBe(USER_NOT_FOUND_MESSAGE);
      });
    });

    describe("naršyklės klaidų pranešimai (recordClientError)", () => {
      beforeAll(freshDemo);

      it("tinkamus pranešimus išsaugo administratoriams, netinkamus atmeta, per didelį srautą riboja", async () => {
        const before = (await store().query(COLLECTIONS.clientErrors)).length;
        const report = { message: "Netikėta klaida", kind: "error", url: "https://nuoma.lt/" };
        const one = { max: 1, windowSeconds: 600 };
        const saved = await recordClientError(ctx(), report, { clientKey: "k", limit: one });
        expect(store().isId(saved.id)).toBe(true);
        const limited = await coreRefusal(
          recordClientError(ctx(), report, { clientKey: "k", limit: one }),
          "rate-limited",
        );
        expect(limited.message).toMatch(LITHUANIAN_LETTERS);
        await inputRefusal(recordClientError(ctx(), { kind: "nope" }, { clientKey: "k2" }));
        const stored = await store().query(COLLECTIONS.clientErrors);
        expect(stored).toHaveLength(before + 1);
        expect(stored.find((d) => d.id === saved.id)?.data).toMatchObject(report);
      });
    });
  });
}

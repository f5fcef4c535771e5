// The Cloud Functions' decisions (functions/src/logic) on the demo company, with Firestore
// replaced by an in-memory store that keeps its transaction rules. The same logic runs
// against the Firestore emulator in tests/integration/firebase/functions.test.ts.
import { beforeEach, describe, expect, it } from "vitest";
import { checkQuote, REQUEST_NOT_FOUND_MESSAGE, replyToRequest } from "../../../functions/src/logic/adminActions";
import { recordClientError } from "../../../functions/src/logic/clientErrors";
import { FunctionError, RESERVATION_CONFLICT_MESSAGE } from "../../../functions/src/logic/errors";
import {
  applyPriceUpdate,
  previewPriceUpdate,
  priceUpdateHistory,
  STALE_PREVIEW_MESSAGE,
} from "../../../functions/src/logic/priceUpdate";
import { nextRateWindow, submitRequest } from "../../../functions/src/logic/requests";
import {
  counterId,
  quoteReservation,
  saveReservation,
  submitReservation,
} from "../../../functions/src/logic/reservations";
import { searchCars } from "../../../functions/src/logic/search";
import { type AuthAdmin, type AuthUser, LAST_ADMIN_MESSAGE, setStaffRole } from "../../../functions/src/logic/staff";
import { baseSettingsDocuments, demoDocuments } from "../../../scripts/firebase-seed";
import { buildDemoData, type DemoData } from "../../../server/seed/demoData";
import { EMAIL_LOWER_FIELD, INTERNAL_COLLECTIONS, SETTINGS_DOC_ID } from "../../../src/backend/firebase/model";
import { fromStoredDoc } from "../../../src/backend/firebase/storedDoc";
import { newRate, planFingerprint } from "../../../src/domain/priceChange";
import { calculateQuote } from "../../../src/domain/pricing";
import { mailSchema, reservationSchema, settingsSchema } from "../../../src/domain/schemas";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../../../src/domain/time";
import { createMemoryStore, type MemoryStore, MemoryTimestamp } from "./memoryStore";

const NOW = new Date("2026-03-10T09:00:00.000Z");
const data: DemoData = buildDemoData(NOW);

function seededStore(): MemoryStore {
  const store = createMemoryStore(() => NOW.getTime());
  for (const doc of demoDocuments(data, (iso) => new MemoryTimestamp(Date.parse(iso)))) {
    store.put(doc.collection, doc.id, doc.data);
  }
  return store;
}

const activeCars = data.cars.filter((car) => car.doc.status === "active");
const car = activeCars[0]!;
const otherCar = activeCars[1]!;
const pickupLocation = data.locations.find((l) => l.doc.active !== false)!;
const dayExtra = data.extras.find((e) => e.doc.active !== false && e.doc.chargedPer === "day")!;
/** Well after the demo reservations (they reach 60 days ahead). */
const day = (offset: number) => addDaysToDateString(vilniusDateString(NOW), offset);
const at = (offset: number, time = "10:00") => vilniusLocalToInstant(day(offset), time).toISOString();

function reservationInput(overrides: Record<string, unknown> = {}) {
  return {
    carId: car.id,
    pickupAt: at(80),
    returnAt: at(83),
    pickupLocationId: pickupLocation.id,
    returnLocationId: pickupLocation.id,
    extras: [{ id: dayExtra.id, quantity: 1 }],
    customer: {
      firstName: "Rūta",
      lastName: "Žemaitienė",
      email: "Ruta.Zemaitiene@example.lt",
      phone: "+370 612 34567",
      birthDate: "1988-04-12",
      licenceNumber: "LT1234567",
    },
    comment: "Atvyksiu vakariniu reisu",
    acceptTerms: true,
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<FunctionError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FunctionError);
  return error as FunctionError;
}

const docsOf = (store: MemoryStore, collection: string) => store.all(collection);

describe("submitReservation", () => {
  let store: MemoryStore;
  beforeEach(() => {
    store = seededStore();
  });

  it("kainą skaičiuoja serveryje, ima kitą numerį ir rezervaciją, klientą bei laiškus išsaugo vienu įrašymu", async () => {
    const reservationsBefore = docsOf(store, "reservations").length;
    const counterBefore = Number(
      (await store.get(INTERNAL_COLLECTIONS.counters, counterId(2026)))?.data.value ?? Number.NaN,
    );
    const commitsBefore = store.commits;

    const created = await submitReservation(store, reservationInput(), NOW);

    expect(created.number).toBe(`R-2026-${String(counterBefore + 1).padStart(6, "0")}`);
    const expected = calculateQuote({
      car: { id: car.id, category: car.doc.category, deposit: car.doc.deposit },
      prices: data.prices.map((p) => ({ ...p.doc, id: p.id })),
      pickupAt: at(80),
      returnAt: at(83),
      extras: [{ extra: { ...dayExtra.doc, id: dayExtra.id }, quantity: 1 }],
      pickupLocation: pickupLocation.doc,
      returnLocation: pickupLocation.doc,
      offers: data.offers.filter((o) => o.doc.active !== false).map((o) => ({ ...o.doc, id: o.id })),
      rules: {
        graceMinutes: data.settings.doc.bookingRules.graceMinutes,
        vatRate: data.settings.doc.bookingRules.vatRate,
      },
    });
    expect(created.quote).toEqual(expected);
    expect(store.commits).toBe(commitsBefore + 1);
    expect(docsOf(store, "reservations")).toHaveLength(reservationsBefore + 1);

    const stored = await store.get("reservations", created.id);
    const record = fromStoredDoc("reservations", created.id, stored!.data);
    expect(reservationSchema.safeParse(record).success).toBe(true);
    expect(record).toMatchObject({ number: created.number, status: "new", source: "web", quote: expected });
    expect(stored!.data.createdAt).toBeInstanceOf(MemoryTimestamp);
    expect(stored!.data._search).toContain(created.number.toLowerCase());

    const customer = await store.get("customers", record.customerId as string);
    expect(customer!.data).toMatchObject({
      firstName: "Rūta",
      phone: "+37061234567",
      [EMAIL_LOWER_FIELD]: "ruta.zemaitiene@example.lt",
    });
    expect(customer!.data.consentAt).toBe(NOW.toISOString());

    const mails = docsOf(store, "mail").filter((m) => m.data.ref === `reservation:${created.id}`);
    expect(mails.map((m) => m.data.to).sort()).toEqual(
      [data.settings.doc.company.emails[0], "Ruta.Zemaitiene@example.lt"].sort(),
    );
    for (const mail of mails) {
      const parsed = mailSchema.safeParse(fromStoredDoc("mail", mail.id, mail.data));
      expect(parsed.success).toBe(true);
      expect(mail.data.delivery).toMatchObject({ state: "PENDING", attempts: 0 });
      expect(String((mail.data.message as { text: string }).text)).toContain(created.number);
    }
    expect(Number((await store.get(INTERNAL_COLLECTIONS.counters, counterId(2026)))!.data.value)).toBe(
      counterBefore + 1,
    );
    expect(await store.get(INTERNAL_COLLECTIONS.reservationLocks, car.id)).not.toBeNull();
  });

  it("nepaiso kliento siunčiamų kainų laukų", async () => {
    const honest = await submitReservation(store, reservationInput(), NOW);
    const cheeky = await submitReservation(
      seededStore(),
      {
        ...reservationInput(),
        total: 1,
        quote: { total: 1 },
        extras: [{ id: dayExtra.id, quantity: 1, price: 0 }],
      },
      NOW,
    );
    expect(cheeky.quote.total).toBe(honest.quote.total);
    expect(cheeky.quote.total).toBeGreaterThan(1);
  });

  it("blogus duomenis atmeta su lietuviškomis laukų klaidomis ir nieko nekeičia", async () => {
    const cases: [string, unknown, string][] = [
      ["nežinomas laukas", { ...reservationInput(), isAdmin: true }, "isAdmin"],
      ["netinkamas tipas", reservationInput({ carId: 42 }), "carId"],
      ["10 kB eilutė", reservationInput({ comment: "a".repeat(10_240) }), "comment"],
      ["sukeistos datos", reservationInput({ pickupAt: at(83), returnAt: at(80) }), "returnAt"],
      ["nežinomas automobilis", reservationInput({ carId: "AAAAAAAAAAAAAAAAAAAA" }), "carId"],
      ["nesutikta su sąlygomis", reservationInput({ acceptTerms: false }), "acceptTerms"],
      [
        "blogas telefonas",
        reservationInput({ customer: { ...reservationInput().customer, phone: "12ab" } }),
        "customer.phone",
      ],
      [
        "per jaunas",
        reservationInput({ customer: { ...reservationInput().customer, birthDate: "2012-01-01" } }),
        "customer.birthDate",
      ],
      ["paėmimas praeityje", reservationInput({ pickupAt: at(-2), returnAt: at(1) }), "pickupAt"],
    ];
    const commits = store.commits;
    for (const [name, input, field] of cases) {
      const error = await failure(submitReservation(store, input, NOW));
      expect(error.code, name).toBe("invalid-argument");
      expect(error.message).toBe("Patikrinkite pažymėtus laukus");
      expect(Object.keys(error.details?.errors ?? {}), name).toContain(field);
      for (const message of Object.values(error.details?.errors ?? {}))
        expect(message, name).toMatch(/[a-ząčęėįšųūž]/i);
    }
    const notObject = await failure(submitReservation(store, "[]", NOW));
    expect(notObject.code).toBe("invalid-argument");
    expect(store.commits).toBe(commits);
  });

  it("atmeta persidengiantį to paties automobilio laikotarpį, o iškart po ankstesnio prasidedantį priima", async () => {
    await submitReservation(store, reservationInput(), NOW);
    const error = await failure(
      submitReservation(store, reservationInput({ pickupAt: at(82), returnAt: at(85) }), NOW),
    );
    expect(error.code).toBe("already-exists");
    expect(error.message).toBe(RESERVATION_CONFLICT_MESSAGE);
    // [pickup, return) is half-open: a pickup at the previous return is free.
    await expect(
      submitReservation(store, reservationInput({ pickupAt: at(83), returnAt: at(85) }), NOW),
    ).resolves.toMatchObject({
      number: expect.stringMatching(/^R-2026-\d{6}$/),
    });
    await expect(
      submitReservation(store, reservationInput({ carId: otherCar.id, pickupAt: at(82), returnAt: at(85) }), NOW),
    ).resolves.toBeTruthy();
  });

  it("iš 20 vienu metu pateiktų persidengiančių rezervacijų praleidžia lygiai vieną", async () => {
    const before = docsOf(store, "reservations").length;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        submitReservation(
          store,
          reservationInput({ customer: { ...reservationInput().customer, email: `klientas${i}@example.lt` } }),
          NOW,
        ),
      ),
    );
    const ok = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter(
      (o): o is PromiseRejectedResult =>
        o.status === "rejected" && (o.reason as FunctionError).code === "already-exists",
    );
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    expect(docsOf(store, "reservations")).toHaveLength(before + 1);
  });

  it("naudoja esamą klientą, rastą pagal el. paštą nepaisant raidžių dydžio", async () => {
    const known = data.customers[0]!;
    const created = await submitReservation(
      store,
      reservationInput({ customer: { ...reservationInput().customer, email: known.doc.email.toUpperCase() } }),
      NOW,
    );
    const stored = await store.get("reservations", created.id);
    expect(stored!.data.customerId).toBe(known.id);
  });

  it("numeruoja iš eilės, o nesant skaitiklio tęsia nuo išsaugotų numerių", async () => {
    const first = await submitReservation(store, reservationInput(), NOW);
    const second = await submitReservation(store, reservationInput({ pickupAt: at(90), returnAt: at(92) }), NOW);
    const n = (number: string) => Number(number.slice(-6));
    expect(n(second.number)).toBe(n(first.number) + 1);

    await store.transaction(async (tx) => tx.delete(INTERNAL_COLLECTIONS.counters, counterId(2026)));
    const third = await submitReservation(store, reservationInput({ pickupAt: at(95), returnAt: at(97) }), NOW);
    expect(n(third.number)).toBe(n(second.number) + 1);
  });
});

describe("saveReservation (darbuotojų)", () => {
  let store: MemoryStore;
  const customer = data.customers[0]!;
  const staffInput = (overrides: Record<string, unknown> = {}) => ({
    carId: car.id,
    customerId: customer.id,
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
  beforeEach(() => {
    store = seededStore();
  });

  it("sukuria įkainotą ir sunumeruotą rezervaciją, kliento atsiųsto numerio ir kainos nepaiso", async () => {
    const saved = await saveReservation(
      store,
      { data: { ...staffInput(), number: "R-2026-999999", quote: { total: 1 } } },
      NOW,
    );
    expect(saved.number).toMatch(/^R-2026-\d{6}$/);
    expect(saved.number).not.toBe("R-2026-999999");
    expect(saved).toMatchObject({ source: "phone", status: "confirmed" });
    expect((saved.quote as { total: number }).total).toBeGreaterThan(1);
  });

  it("tikrina perėjimus ir persidengimus, o keičiant tik pastabas išlaiko sutartą kainą", async () => {
    const saved = await saveReservation(store, { data: staffInput() }, NOW);
    const other = await saveReservation(store, { data: staffInput({ pickupAt: at(110), returnAt: at(112) }) }, NOW);

    const back = await failure(saveReservation(store, { id: saved.id, data: { ...saved, status: "new" } }, NOW));
    expect(back.code).toBe("invalid-argument");
    expect(back.details?.errors?.status).toMatch(/negalima|Negalima/);

    const overlap = await failure(
      saveReservation(store, { id: other.id, data: { ...other, pickupAt: at(101), returnAt: at(111) } }, NOW),
    );
    expect(overlap.code).toBe("already-exists");

    const notes = await saveReservation(store, { id: saved.id, data: { ...saved, notes: "Vaikiška kėdutė" } }, NOW);
    expect(notes.quote).toEqual(saved.quote);
    expect(notes.number).toBe(saved.number);

    const moved = await saveReservation(store, { id: saved.id, data: { ...saved, returnAt: at(104) } }, NOW);
    expect((moved.quote as { days: number }).days).toBeGreaterThan((saved.quote as { days: number }).days);

    const missing = await failure(saveReservation(store, { id: "AAAAAAAAAAAAAAAAAAAA", data: staffInput() }, NOW));
    expect(missing.code).toBe("not-found");
  });
});

describe("quoteReservation", () => {
  const quoteInput = (overrides: Record<string, unknown> = {}) => {
    const { customer: _customer, comment: _comment, acceptTerms: _accept, ...booked } = reservationInput(overrides);
    return booked;
  };
  const delivered = data.locations.find((l) => l.doc.active !== false && (l.doc.deliveryFee ?? 0) > 0)!;

  it("kaina lygi tai, kurią išsaugo pateikta rezervacija (paslaugos, kita grąžinimo vieta); nieko neįrašo", async () => {
    const store = seededStore();
    const input = quoteInput({ returnLocationId: delivered.id });
    const commitsBefore = store.commits;
    const quoted = await quoteReservation(store, input, NOW);
    expect(store.commits).toBe(commitsBefore);
    expect(quoted).toMatchObject({ available: true, quoteError: null });
    expect(quoted.quote?.delivery).toBe(delivered.doc.deliveryFee);
    expect(quoted.quote?.extrasLines.map((line) => line.extraId)).toEqual([dayExtra.id]);

    const samePlace = await quoteReservation(store, quoteInput(), NOW);
    expect(samePlace.quote?.delivery).toBe(0);
    expect(quoted.quote!.total - samePlace.quote!.total).toBeCloseTo(delivered.doc.deliveryFee ?? 0, 2);

    const created = await submitReservation(store, reservationInput({ returnLocationId: delivered.id }), NOW);
    expect(created.quote).toEqual(quoted.quote);
  });

  it("užimtas laikotarpis: tik „neužimta/užimta“, jokių kitų rezervacijų duomenų", async () => {
    const store = seededStore();
    const created = await submitReservation(store, reservationInput(), NOW);
    const taken = await quoteReservation(store, quoteInput({ pickupAt: at(81), returnAt: at(82) }), NOW);
    expect(Object.keys(taken).sort()).toEqual(["available", "quote", "quoteError"]);
    expect(taken.available).toBe(false);
    expect(JSON.stringify(taken)).not.toContain(created.number);
    expect(JSON.stringify(taken)).not.toContain(created.id);
    const other = await quoteReservation(
      store,
      quoteInput({ carId: otherCar.id, pickupAt: at(81), returnAt: at(82) }),
      NOW,
    );
    expect(other.available).toBe(true);
  });

  it("nežinomus ar nepaskelbtus automobilius, vietas ir paslaugas atmeta lietuviškai, kaip pateikiant", async () => {
    const store = seededStore();
    const hidden = data.cars.find((c) => c.doc.status !== "active")!;
    const unknown = "AAAAAAAAAAAAAAAAAAAA";
    for (const [patch, field, message] of [
      [{ carId: hidden.id }, "carId", "Automobilis nerastas"],
      [{ carId: unknown }, "carId", "Automobilis nerastas"],
      [{ returnLocationId: unknown }, "returnLocationId", "Grąžinimo vieta nerasta"],
      [{ extras: [{ id: unknown, quantity: 1 }] }, "extras.0.id", "Papildoma paslauga nerasta"],
    ] as const) {
      const refused = await failure(quoteReservation(store, quoteInput(patch), NOW));
      expect(refused.code, field).toBe("invalid-argument");
      expect(refused.details?.errors?.[field], field).toBe(message);
      const submitted = await failure(submitReservation(store, reservationInput(patch), NOW));
      expect(submitted.details?.errors?.[field], field).toBe(message);
    }
  });

  it("laikotarpio taisyklės ir nežinomi laukai – tie patys lietuviški pranešimai", async () => {
    const store = seededStore();
    const soon = new Date(NOW.getTime() + 30 * 60_000).toISOString();
    for (const [patch, field, message] of [
      [{ pickupAt: at(83), returnAt: at(80) }, "returnAt", "Grąžinimo laikas turi būti vėlesnis nei paėmimo"],
      [{ pickupAt: at(-3), returnAt: at(2) }, "pickupAt", "Paėmimo laikas jau praėjo"],
      [{ pickupAt: soon, returnAt: at(3) }, "pickupAt", "Rezervuoti galima ne vėliau kaip prieš 2 valandas"],
      [{ quote: { total: 1 } }, "quote", "Nežinomas laukas"],
      [{ customer: {} }, "customer", "Nežinomas laukas"],
    ] as const) {
      const refused = await failure(quoteReservation(store, { ...quoteInput(), ...patch }, NOW));
      expect(refused.code, field).toBe("invalid-argument");
      expect(refused.details?.errors?.[field], field).toBe(message);
    }
    const notObject = await failure(quoteReservation(store, [quoteInput()], NOW));
    expect(notObject.code).toBe("invalid-argument");
  });
});

describe("searchCars", () => {
  it("grąžina laisvus paskelbtus automobilius su serveryje apskaičiuotomis kainomis, pigiausius pirmus, užimtus praleidžia", async () => {
    const store = seededStore();
    const period = { from: at(120), to: at(123) };
    const before = await searchCars(store, period, NOW);
    expect(before.length).toBeGreaterThan(0);
    expect(before.map((r) => r.id)).toContain(car.id);
    for (let i = 1; i < before.length; i++)
      expect(before[i]!.quote.total).toBeGreaterThanOrEqual(before[i - 1]!.quote.total);
    for (const result of before) expect(result.car.status).toBe("active");

    await submitReservation(store, reservationInput({ pickupAt: at(121), returnAt: at(122) }), NOW);
    const after = await searchCars(store, period, NOW);
    expect(after.map((r) => r.id)).not.toContain(car.id);
    expect(after).toHaveLength(before.length - 1);

    const filtered = await searchCars(store, { ...period, category: car.doc.category }, NOW);
    expect(filtered.every((r) => r.car.category === car.doc.category)).toBe(true);
  });

  it("sukeistas datas ir nežinomus filtrus atmeta lietuviškai", async () => {
    const store = seededStore();
    const reversed = await failure(searchCars(store, { from: at(123), to: at(120) }, NOW));
    expect(reversed.code).toBe("invalid-argument");
    expect(reversed.details?.errors?.to).toBe("Grąžinimo laikas turi būti vėlesnis nei paėmimo");
    const badCategory = await failure(searchCars(store, { from: at(120), to: at(123), category: "raketa" }, NOW));
    expect(badCategory.details?.errors?.category).toBe("Nežinoma automobilio klasė");
  });
});

describe("submitRequest", () => {
  const inquiry = {
    type: "contact",
    name: "Jonas Jonaitis",
    email: "jonas@example.lt",
    message: "Ar galima su šunimi?",
  };

  it("išsaugo užklausą ir pranešimą įmonei", async () => {
    const store = seededStore();
    const { id } = await submitRequest(store, inquiry, "klientas-a", { max: 10, windowSeconds: 600 }, NOW);
    const stored = await store.get("requests", id);
    expect(stored!.data).toMatchObject({ type: "contact", status: "new", replies: [], name: "Jonas Jonaitis" });
    const mail = docsOf(store, "mail").find((m) => m.data.ref === `request:${id}`);
    expect(mail!.data.to).toBe(data.settings.doc.company.emails[0]);
    expect(mail!.data.replyTo).toBe("jonas@example.lt");
  });

  it("riboja vieno kliento per laiko langą priimamų užklausų skaičių", async () => {
    const store = seededStore();
    const limit = { max: 2, windowSeconds: 600 };
    await submitRequest(store, inquiry, "klientas-b", limit, NOW);
    await submitRequest(store, inquiry, "klientas-b", limit, NOW);
    const third = await failure(submitRequest(store, inquiry, "klientas-b", limit, NOW));
    expect(third.code).toBe("resource-exhausted");
    expect(third.message).toBe("Per daug užklausų. Bandykite vėliau.");
    await expect(submitRequest(store, inquiry, "klientas-c", limit, NOW)).resolves.toHaveProperty("id");
    const later = new Date(NOW.getTime() + 601_000);
    await expect(submitRequest(store, inquiry, "klientas-b", limit, later)).resolves.toHaveProperty("id");
    // Refused forms do not count.
    await failure(
      submitRequest(store, { ...inquiry, email: "ne-adresas" }, "klientas-d", { max: 1, windowSeconds: 600 }, NOW),
    );
    await expect(
      submitRequest(store, inquiry, "klientas-d", { max: 1, windowSeconds: 600 }, NOW),
    ).resolves.toBeTruthy();
  });

  it("atmeta nežinomus laukus ir verslo užklausą be įmonės duomenų", async () => {
    const store = seededStore();
    const unknown = await failure(submitRequest(store, { ...inquiry, admin: true }, "x", undefined, NOW));
    expect(unknown.details?.errors).toEqual({ admin: "Nežinomas laukas" });
    const business = await failure(submitRequest(store, { ...inquiry, type: "business" }, "x", undefined, NOW));
    expect(business.details?.errors?.company).toBe("Nurodykite įmonės duomenis");
    expect(docsOf(store, "requests")).toHaveLength(data.requests.length);
  });

  it("naudoja fiksuotus laiko langus", () => {
    const limit = { max: 2, windowSeconds: 60 };
    const first = nextRateWindow(null, limit, NOW);
    expect(first).toMatchObject({ count: 1, windowStartMs: NOW.getTime() });
    const second = nextRateWindow(first, limit, new Date(NOW.getTime() + 1000));
    expect(second?.count).toBe(2);
    expect(nextRateWindow(second, limit, new Date(NOW.getTime() + 2000))).toBeNull();
    expect(nextRateWindow(second, limit, new Date(NOW.getTime() + 61_000))?.count).toBe(1);
  });
});

describe("previewPriceUpdate / applyPriceUpdate", () => {
  const category = data.prices.find((p) => p.doc.category !== null)!.doc.category!;
  const change = { kind: "percent", value: 10, step: 0.5 } as const;
  const scope = { category, carIds: [], season: "all" };

  it("vienoje transakcijoje įrašo būtent peržiūrėtą planą ir užrašo jį istorijoje", async () => {
    const store = seededStore();
    const { plan } = await previewPriceUpdate(store, { change, scope });
    expect(plan.length).toBeGreaterThan(0);
    const expected = planFingerprint(plan);
    const commits = store.commits;
    const result = await applyPriceUpdate(store, { change, scope, expected }, "darbuotojas@ratunuoma.lt");
    expect(store.commits).toBe(commits + 1);
    expect(result).toMatchObject({ updated: plan.filter((r) => r.priceId).length, transactions: 1 });
    for (const rule of plan.filter((r) => r.priceId)) {
      const stored = (await store.get("prices", rule.priceId!))!.data as { tiers: { dailyRate: number }[] };
      expect(stored.tiers.map((t) => t.dailyRate)).toEqual(rule.newTiers.map((t) => t.dailyRate));
      expect(rule.newTiers[0]!.dailyRate).toBe(newRate(rule.oldTiers[0]!.dailyRate, change));
    }
    const untouched = data.prices.filter((p) => !plan.some((r) => r.priceId === p.id));
    for (const price of untouched) {
      const stored = (await store.get("prices", price.id))!.data as { tiers: { dailyRate: number }[] };
      expect(stored.tiers.map((t) => t.dailyRate)).toEqual(price.doc.tiers.map((t) => t.dailyRate));
    }
    const history = await priceUpdateHistory(store);
    expect(history[0]).toMatchObject({ id: result.batchId, actor: "darbuotojas@ratunuoma.lt", rules: plan.length });
  });

  it("atmeta pasenusią peržiūrą, tuščią sritį bei beprasmius duomenis ir nieko nekeičia", async () => {
    const store = seededStore();
    const { plan } = await previewPriceUpdate(store, { change, scope });
    const expected = planFingerprint(plan);
    const first = plan.find((r) => r.priceId)!;
    await store.transaction(async (tx) => tx.update("prices", first.priceId!, { updatedAt: store.serverTime() }));
    const commits = store.commits;
    const stale = await failure(applyPriceUpdate(store, { change, scope, expected }, "x"));
    expect(stale.code).toBe("failed-precondition");
    expect(stale.message).toBe(STALE_PREVIEW_MESSAGE);
    const bad = await failure(previewPriceUpdate(store, { change: { ...change, value: 0 }, scope, extra: 1 }));
    expect(bad.code).toBe("invalid-argument");
    expect(store.commits).toBe(commits);
  });
});

class FakeAuth implements AuthAdmin {
  users = new Map<string, AuthUser & { password?: string }>();
  revoked: string[] = [];
  async getUser(uid: string) {
    return this.users.get(uid) ?? null;
  }
  async getUserByEmail(email: string) {
    return [...this.users.values()].find((u) => u.email === email) ?? null;
  }
  async createUser(user: { uid: string; email: string; password: string; displayName: string; disabled: boolean }) {
    const created = { ...user, customClaims: {} };
    this.users.set(user.uid, created);
    return created;
  }
  async updateUser(uid: string, changes: Partial<AuthUser> & { password?: string }) {
    const updated = { ...this.users.get(uid)!, ...changes };
    this.users.set(uid, updated);
    return updated;
  }
  async setCustomUserClaims(uid: string, claims: Record<string, unknown> | null) {
    this.users.set(uid, { ...this.users.get(uid)!, customClaims: claims ?? {} });
  }
  async revokeRefreshTokens(uid: string) {
    this.revoked.push(uid);
  }
}

describe("setStaffRole", () => {
  const admin = { uid: "admin-1", role: "admin" as const };
  const setup = () => {
    const store = seededStore();
    const auth = new FakeAuth();
    for (const member of data.staff) {
      auth.users.set(member.id, {
        uid: member.id,
        email: member.doc.email,
        displayName: member.doc.name,
        disabled: false,
        customClaims: { role: member.doc.role },
      });
    }
    return { store, auth };
  };

  it("skirta tik administratoriams", async () => {
    const { store, auth } = setup();
    const error = await failure(
      setStaffRole(auth, store, { email: "a@b.lt", role: "staff" }, { uid: "x", role: "staff" }),
    );
    expect(error.code).toBe("permission-denied");
    expect(error.message).toBe("Šį veiksmą gali atlikti tik administratorius");
  });

  it("sukuria paskyrą su Firestore stiliaus id, vaidmens žyma ir darbuotojo dokumentu", async () => {
    const { store, auth } = setup();
    const missingPassword = await failure(
      setStaffRole(auth, store, { email: "nauja@ratunuoma.lt", name: "Nauja Darbuotoja", role: "staff" }, admin),
    );
    expect(missingPassword.details?.errors?.password).toBeTruthy();
    const saved = await setStaffRole(
      auth,
      store,
      { email: "nauja@ratunuoma.lt", name: "Nauja Darbuotoja", role: "staff", password: "Slaptazodis2026!" },
      admin,
    );
    expect(saved.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(auth.users.get(saved.id)?.customClaims).toEqual({ role: "staff" });
    const doc = await store.get("staff", saved.id);
    expect(doc!.data).toMatchObject({ email: "nauja@ratunuoma.lt", role: "staff", active: true });
    expect(doc!.data._claimsUpdatedAt).toBeInstanceOf(MemoryTimestamp);
  });

  it("palieka bent vieną aktyvų administratorių, o atimto vaidmens sesijas atšaukia", async () => {
    const { store, auth } = setup();
    const adminMember = data.staff.find((m) => m.doc.role === "admin")!;
    const staffMember = data.staff.find((m) => m.doc.role === "staff")!;
    const last = await failure(setStaffRole(auth, store, { uid: adminMember.id, role: "staff" }, admin));
    expect(last.code).toBe("failed-precondition");
    expect(last.message).toBe(LAST_ADMIN_MESSAGE);

    await setStaffRole(auth, store, { uid: staffMember.id, role: "admin" }, admin);
    expect(auth.users.get(staffMember.id)?.customClaims).toEqual({ role: "admin" });
    await setStaffRole(auth, store, { uid: adminMember.id, role: "staff" }, admin);
    expect(auth.users.get(adminMember.id)?.customClaims).toEqual({ role: "staff" });
    expect(auth.revoked).toContain(adminMember.id);

    await setStaffRole(auth, store, { uid: adminMember.id, role: null }, admin);
    expect(auth.users.get(adminMember.id)?.customClaims).toEqual({});
    expect(await store.get("staff", adminMember.id)).toBeNull();
  });
});

describe("administravimo veiksmai", () => {
  it("replyToRequest vienu įrašymu įtraukia laišką į siuntimo eilę, užrašo atsakymą ir pažymi užklausą atsakyta", async () => {
    const store = seededStore();
    const inquiry = data.requests.find((r) => r.doc.status === "new")!;
    const commits = store.commits;
    const result = await replyToRequest(
      store,
      inquiry.id,
      { subject: "Dėl Jūsų užklausos", body: "Laisvų automobilių yra." },
      "darbuotojas@ratunuoma.lt",
      NOW,
    );
    expect(store.commits).toBe(commits + 1);
    expect(result.request).toMatchObject({ id: inquiry.id, status: "answered" });
    const stored = (await store.get("requests", inquiry.id))!.data as { replies: { by: string }[]; status: string };
    expect(stored.status).toBe("answered");
    expect(stored.replies.at(-1)?.by).toBe("darbuotojas@ratunuoma.lt");
    const mail = (await store.get("mail", result.mailId))!.data;
    expect(mail).toMatchObject({ to: inquiry.doc.email, ref: `request:${inquiry.id}` });

    const missing = await failure(replyToRequest(store, "AAAAAAAAAAAAAAAAAAAA", { subject: "a", body: "b" }, "x", NOW));
    expect(missing.message).toBe(REQUEST_NOT_FOUND_MESSAGE);
    const empty = await failure(replyToRequest(store, inquiry.id, { subject: "", body: "" }, "x", NOW));
    expect(empty.details?.errors).toMatchObject({ subject: "Įrašykite temą", body: "Įrašykite atsakymą" });
  });

  it("checkQuote kainą skaičiuoja kaip svetainė ir pateikia persidengiančias rezervacijas", async () => {
    const store = seededStore();
    const free = await checkQuote(store, { carId: car.id, pickupAt: at(80), returnAt: at(83) });
    expect(free).toMatchObject({ available: true, conflicts: [], quoteError: null });
    expect(free.quote?.days).toBe(3);
    const created = await submitReservation(store, reservationInput(), NOW);
    const taken = await checkQuote(store, { carId: car.id, pickupAt: at(81), returnAt: at(82) });
    expect(taken.available).toBe(false);
    expect(taken.conflicts.map((c) => c.number)).toEqual([created.number]);
    const self = await checkQuote(store, {
      carId: car.id,
      pickupAt: at(81),
      returnAt: at(82),
      reservationId: created.id,
    });
    expect(self.available).toBe(true);
    const bad = await failure(checkQuote(store, { carId: car.id, pickupAt: at(83), returnAt: at(80) }));
    expect(bad.details?.errors?.returnAt).toBe("Grąžinimo laikas turi būti vėlesnis nei paėmimo");
  });
});

describe("recordClientError", () => {
  it("tinkamus pranešimus išsaugo administratoriams, netinkamus atmeta, per didelį srautą riboja", async () => {
    const store = seededStore();
    const report = { message: "Netikėta klaida", kind: "error", url: "https://nuoma.lt/" };
    expect(await recordClientError(store, report, "k", { max: 1, windowSeconds: 600 }, NOW)).toMatchObject({
      status: 201,
    });
    expect(await recordClientError(store, report, "k", { max: 1, windowSeconds: 600 }, NOW)).toMatchObject({
      status: 429,
    });
    expect(await recordClientError(store, { kind: "nope" }, "k2", undefined, NOW)).toMatchObject({ status: 422 });
    expect(docsOf(store, "clientErrors")).toHaveLength(1);
  });
});

describe("demonstraciniai dokumentai", () => {
  it("nustatymai saugomi bendru id, o jų vieša dalis – be šablonų", () => {
    const docs = demoDocuments(data, (iso) => iso);
    const settings = docs.find((d) => d.collection === "settings");
    expect(settings?.id).toBe(SETTINGS_DOC_ID);
    const publicDoc = docs.find((d) => d.collection === "publicSettings")!;
    expect(Object.keys(publicDoc.data).sort()).toEqual([
      "about",
      "bookingRules",
      "company",
      "privacy",
      "terms",
      "updatedAt",
    ]);
  });

  it("ne demonstracinei įmonei duoda tinkamus pradinius nustatymus (firebase:seed --base)", () => {
    const [settings, publicSettings] = baseSettingsDocuments((iso) => iso);
    expect(settings?.id).toBe(SETTINGS_DOC_ID);
    const { id: _id, ...record } = fromStoredDoc("settings", SETTINGS_DOC_ID, settings!.data);
    expect(settingsSchema.safeParse({ ...record, createdAt: undefined, updatedAt: undefined }).success).toBe(true);
    expect(publicSettings?.data.terms).toBe(record.terms);
  });
});

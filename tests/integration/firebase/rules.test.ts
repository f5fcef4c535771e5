// firestore.rules against the Firestore emulator, cell by cell from the matrix in
// tests/rules/firestoreMatrix.ts, and the staff writes with wrong values listed there
// (FIRESTORE_INVALID_WRITES). Then the Firebase site API, as an anonymous visitor on the demo
// data: its queries must ask for exactly what the rules allow (rules are not filters).
// Runs where the emulator runs:  firebase emulators:exec --only firestore "npm run test:integration"
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from "@firebase/rules-unit-testing";
import { deleteApp, initializeApp } from "firebase/app";
import {
  collection,
  deleteDoc,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  increment,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
} from "firebase/firestore";
import { getFunctions } from "firebase/functions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoDocuments, type SeedDoc } from "../../../scripts/firebase-seed";
import { buildDemoData } from "../../../server/seed/demoData";
import { createFirebaseSiteApi } from "../../../src/backend/firebase/site";
import {
  type CollectionRules,
  FIRESTORE_INVALID_WRITES,
  FIRESTORE_MATRIX,
  HIDDEN_CAR_ID,
  OPERATIONS,
  type Operation,
  PERSONA_AUTH,
  PERSONAS,
  type Persona,
  PUBLISHED_CAR_ID,
} from "../../rules/firestoreMatrix";
import { emulatorFromEnv } from "./emulators";

const REPO = resolve(import.meta.dirname, "../../..");
const firestoreHost = await emulatorFromEnv("FIRESTORE_EMULATOR_HOST", "Firestore");

/**
 * A stored sample document per collection: the demo data (for prices a car's own price, whose
 * visibility follows its car), or a small one for internal collections.
 */
function samples(): Map<string, Record<string, unknown>> {
  const byCollection = new Map<string, Record<string, unknown>>();
  for (const item of demoDocuments(buildDemoData(new Date()), (iso) => new Date(iso)) as SeedDoc[]) {
    if (item.collection === "prices" && item.data.carId === null) continue;
    if (!byCollection.has(item.collection)) byCollection.set(item.collection, item.data);
  }
  byCollection.set("clientErrors", {
    message: "Klaida",
    kind: "error",
    url: "https://nuoma.lt/",
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  // The matrix's reservation is one staff may delete (a new one); other statuses are tested apart.
  // Without money (a ledger or an invoice keeps it: payment.moneyTrail), tested apart too.
  byCollection.set("reservations", { ...byCollection.get("reservations"), status: "new", payment: null });
  byCollection.set("reservationLocks", { carId: "x", touchedAt: new Date() });
  byCollection.set("rateLimits", { windowStartMs: 0, count: 1, expiresAt: new Date() });
  return byCollection;
}

const withoutAudit = (data: Record<string, unknown>) => {
  const { createdAt: _c, updatedAt: _u, ...rest } = data;
  return rest;
};

/** A deep copy of `data` with each change applied; "a.b" reaches into maps, "tiers.0.x" into lists. */
function withChange(data: Record<string, unknown>, change: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(data);
  for (const [path, value] of Object.entries(change)) {
    const parts = path.split(".");
    let target = copy as Record<string, unknown>;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      if (typeof next !== "object" || next === null) throw new Error(`pavyzdyje nėra lauko ${path}`);
      target = next as Record<string, unknown>;
    }
    target[parts[parts.length - 1] as string] = value;
  }
  return copy;
}

describe.skipIf(!firestoreHost)("firestore.rules: matrica iš tests/rules/firestoreMatrix.ts", () => {
  let env: RulesTestEnvironment;
  const sample = samples();

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: "demo-ratai-taisykles",
      firestore: {
        rules: readFileSync(resolve(REPO, "firestore.rules"), "utf8"),
        host: firestoreHost!.host,
        port: firestoreHost!.port,
      },
    });
  });
  afterAll(async () => {
    await env?.cleanup();
  });

  const contextOf = (persona: Persona): RulesTestContext => {
    const auth = PERSONA_AUTH[persona];
    return auth ? env.authenticatedContext(auth.uid, auth.claims) : env.unauthenticatedContext();
  };

  /** Seeds (rules off): a public and a hidden document, plus each persona's own staff document. */
  async function seed(name: string, rules: CollectionRules): Promise<{ publicId: string; hiddenId: string }> {
    await env.clearFirestore();
    const data = sample.get(name) ?? { value: 1 };
    await env.withSecurityRulesDisabled(async (admin) => {
      const db = admin.firestore() as unknown as Firestore;
      const visibility = rules.visibility;
      await setDoc(
        doc(db, name, "viesas0000000000000a"),
        visibility ? { ...data, [visibility.field]: visibility.publicValue } : data,
      );
      await setDoc(
        doc(db, name, "slaptas000000000000a"),
        visibility ? { ...data, [visibility.field]: visibility.hiddenValue } : data,
      );
      if (name === "staff") {
        for (const auth of Object.values(PERSONA_AUTH)) if (auth) await setDoc(doc(db, name, auth.uid), data);
      }
      for (const related of rules.related ?? []) {
        await setDoc(doc(db, related.collection, related.id), { ...sample.get(related.collection), ...related.data });
      }
    });
    return { publicId: "viesas0000000000000a", hiddenId: "slaptas000000000000a" };
  }

  for (const [name, rules] of Object.entries(FIRESTORE_MATRIX)) {
    for (const persona of PERSONAS) {
      for (const operation of OPERATIONS) {
        const expectation = rules.expected[persona][operation];
        it(`${name}: ${persona} ${operation} -> ${expectation}`, async () => {
          const ids = await seed(name, rules);
          const db = contextOf(persona).firestore() as unknown as Firestore;
          const data = sample.get(name) ?? { value: 1 };
          const ownUid = PERSONA_AUTH[persona]?.uid;
          const attempt = (op: Operation, id: string): Promise<unknown> => {
            const ref = doc(db, name, id);
            switch (op) {
              case "get":
                return getDoc(ref);
              case "list":
                return getDocs(collection(db, name));
              case "create":
                return setDoc(doc(db, name, "naujas00000000000000"), {
                  ...withoutAudit(data),
                  ...(name === "publicSettings" ? {} : { createdAt: serverTimestamp(), version: 1 }),
                  updatedAt: serverTimestamp(),
                });
              case "update":
                return updateDoc(ref, {
                  ...withoutAudit(data),
                  ...(name === "publicSettings" ? {} : { version: increment(1) }),
                  updatedAt: serverTimestamp(),
                });
              case "delete":
                return deleteDoc(ref);
            }
          };
          if (expectation === "allow") await assertSucceeds(attempt(operation, ids.publicId));
          else if (expectation === "deny") await assertFails(attempt(operation, ids.publicId));
          else if (expectation === "own") {
            await assertSucceeds(getDoc(doc(db, name, ownUid as string)));
            await assertFails(getDoc(doc(db, name, ids.publicId)));
          } else {
            const visibility = rules.visibility!;
            if (operation === "get") {
              await assertSucceeds(getDoc(doc(db, name, ids.publicId)));
              await assertFails(getDoc(doc(db, name, ids.hiddenId)));
            } else {
              await assertSucceeds(
                getDocs(query(collection(db, name), where(visibility.field, "==", visibility.publicValue))),
              );
              await assertFails(getDocs(collection(db, name)));
            }
          }
        });
      }
    }
  }

  it("atmeta darbuotojo įrašą su lauku, kurio viešas dokumentas turėti negali", async () => {
    await seed("cars", FIRESTORE_MATRIX.cars!);
    const db = contextOf("staff").firestore() as unknown as Firestore;
    await assertFails(
      setDoc(doc(db, "cars", "naujas00000000000001"), {
        ...withoutAudit(sample.get("cars")!),
        plateNumber: "ABC123",
        version: 1,
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
      }),
    );
  });

  it("kategorijų kainas skaito visi, automobilio kainas – tik kol automobilis rodomas", async () => {
    await seed("prices", FIRESTORE_MATRIX.prices!);
    const categoryPrice = demoDocuments(buildDemoData(new Date()), (iso) => new Date(iso)).find(
      (item) => item.collection === "prices" && item.data.carId === null,
    )!;
    await env.withSecurityRulesDisabled(async (admin) => {
      await setDoc(
        doc(admin.firestore() as unknown as Firestore, "prices", "klaseskaina000000001"),
        categoryPrice.data,
      );
    });
    for (const persona of ["anonymous", "signedIn"] as const) {
      const db = contextOf(persona).firestore() as unknown as Firestore;
      await assertSucceeds(getDoc(doc(db, "prices", "klaseskaina000000001")));
      await assertSucceeds(getDocs(query(collection(db, "prices"), where("carId", "==", null))));
      await assertSucceeds(getDocs(query(collection(db, "prices"), where("carId", "in", [PUBLISHED_CAR_ID]))));
      await assertFails(getDoc(doc(db, "prices", "slaptas000000000000a")));
      await assertFails(getDocs(query(collection(db, "prices"), where("carId", "==", HIDDEN_CAR_ID))));
      await assertFails(
        getDocs(query(collection(db, "prices"), where("carId", "in", [PUBLISHED_CAR_ID, HIDDEN_CAR_ID]))),
      );
    }
  });

  it("neaktyvios vietos ir papildomos paslaugos viešai neskaitomos", async () => {
    for (const name of ["locations", "extras"]) {
      await seed(name, FIRESTORE_MATRIX[name]!);
      const db = contextOf("anonymous").firestore() as unknown as Firestore;
      await assertFails(getDoc(doc(db, name, "slaptas000000000000a")));
      await assertFails(getDocs(query(collection(db, name), where("active", "==", false))));
      await assertSucceeds(getDocs(query(collection(db, name), where("active", "==", true))));
    }
  });

  it("priima didžiausią leistiną kainą: 20 pakopų su sezonu (taisyklių 1000 išraiškų ribos neviršija)", async () => {
    const ids = await seed("prices", FIRESTORE_MATRIX.prices!);
    const db = contextOf("staff").firestore() as unknown as Firestore;
    const tiers = Array.from({ length: 20 }, (_, i) => ({
      fromDays: i + 1,
      toDays: i === 19 ? null : i + 1,
      dailyRate: 80 - i * 2.5,
    }));
    const largest = {
      ...withoutAudit(sample.get("prices")!),
      season: { name: "Vasaros sezonas", from: "2027-06-01", to: "2027-08-31" },
      tiers,
    };
    await assertSucceeds(
      setDoc(doc(db, "prices", "didziausia0000000001"), {
        ...largest,
        version: 1,
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
      }),
    );
    await assertSucceeds(
      updateDoc(doc(db, "prices", ids.publicId), { ...largest, version: increment(1), updatedAt: serverTimestamp() }),
    );
    const tooMany = [
      ...tiers.slice(0, 19),
      { fromDays: 20, toDays: 20, dailyRate: 10 },
      { fromDays: 21, toDays: null, dailyRate: 9 },
    ];
    await assertFails(
      updateDoc(doc(db, "prices", ids.publicId), {
        ...largest,
        tiers: tooMany,
        version: increment(1),
        updatedAt: serverTimestamp(),
      }),
    );
    const lastNegative = tiers.map((tier, i) => (i === 19 ? { ...tier, dailyRate: -1 } : tier));
    await assertFails(
      updateDoc(doc(db, "prices", ids.publicId), {
        ...largest,
        tiers: lastNegative,
        version: increment(1),
        updatedAt: serverTimestamp(),
      }),
    );
  });

  it("kainos riba iš nustatymų: žemiau ribos atmetama, lygiai ribai leidžiama; be lauko riba 1 €", async () => {
    const ids = await seed("prices", FIRESTORE_MATRIX.prices!);
    const settingsId = "00000000-0000-0000-0000-000000000001";
    const setFloor = (floor: number | null) =>
      env.withSecurityRulesDisabled(async (admin) => {
        const { minDailyRate: _m, ...settings } = sample.get("settings")!;
        await setDoc(
          doc(admin.firestore() as unknown as Firestore, "settings", settingsId),
          floor === null ? settings : { ...settings, minDailyRate: floor },
        );
      });
    const db = contextOf("staff").firestore() as unknown as Firestore;
    const valid = withoutAudit(sample.get("prices")!);
    const ref = doc(db, "prices", ids.publicId);
    let version = 0;
    const priced = (rate: number) =>
      withChange(valid, { "tiers.0.dailyRate": rate, version: version + 1, updatedAt: serverTimestamp() });
    const create = (id: string, rate: number) =>
      setDoc(doc(db, "prices", id), { ...priced(rate), version: 1, createdAt: serverTimestamp() });
    const update = async (rate: number, expectation: "ok" | "refused") => {
      if (expectation === "ok") {
        await assertSucceeds(updateDoc(ref, priced(rate)));
        version += 1;
      } else {
        await assertFails(updateDoc(ref, priced(rate)));
      }
    };

    // The sample's rates are 18 € and more; its first tier is the one changed.
    await setFloor(15);
    await assertFails(create("zemiauribos00000001", 14.99));
    await assertSucceeds(create("lygiairibai00000001", 15));
    await update(14.99, "refused");
    await update(0, "refused");
    await update(15, "ok");

    await setFloor(null);
    await assertFails(create("zemiauribos00000002", 0.99));
    await assertSucceeds(create("lygiairibai00000002", 1));
    await update(0.99, "refused");
    await update(1, "ok");
  });

  for (const invalid of FIRESTORE_INVALID_WRITES) {
    it(`atmeta neteisingo tipo reikšmę (${invalid.collection}: ${invalid.what}) kuriant ir keičiant`, async () => {
      const rules = FIRESTORE_MATRIX[invalid.collection]!;
      const ids = await seed(invalid.collection, rules);
      const db = contextOf(invalid.persona).firestore() as unknown as Firestore;
      const stamps = {
        ...(invalid.collection === "publicSettings" ? {} : { createdAt: serverTimestamp(), version: 1 }),
        updatedAt: serverTimestamp(),
      };
      const bump = invalid.collection === "publicSettings" ? {} : { version: increment(1) };
      const valid = withoutAudit(sample.get(invalid.collection)!);
      const wrong = withChange(valid, invalid.change);
      // The same document without the change is accepted: the value alone is refused.
      await assertSucceeds(setDoc(doc(db, invalid.collection, "geras000000000000001"), { ...valid, ...stamps }));
      await assertFails(setDoc(doc(db, invalid.collection, "blogas00000000000001"), { ...wrong, ...stamps }));
      await assertFails(
        updateDoc(doc(db, invalid.collection, ids.publicId), { ...wrong, ...bump, updatedAt: serverTimestamp() }),
      );
    });
  }

  it("versija: kuriant lygiai 1, keičiant lygiai saugomoji + 1 (pasenęs ar praleistas įrašymas atmetamas)", async () => {
    const ids = await seed("customers", FIRESTORE_MATRIX.customers!);
    const db = contextOf("staff").firestore() as unknown as Firestore;
    const valid = withoutAudit(sample.get("customers")!);
    const create = (id: string, version?: number) =>
      setDoc(doc(db, "customers", id), {
        ...valid,
        ...(version === undefined ? {} : { version }),
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
      });
    await assertFails(create("beversijos0000000001"));
    await assertFails(create("versija200000000001", 2));
    await assertSucceeds(create("versija100000000001", 1));
    const ref = doc(db, "customers", ids.publicId);
    const write = (version: number) => updateDoc(ref, { ...valid, version, updatedAt: serverTimestamp() });
    // The seeded document has no version yet (0): the first update writes 1.
    await assertFails(write(0));
    await assertFails(write(2));
    await assertSucceeds(write(1));
    // A second person who read version 0 writes 1 again: refused, the first save stays.
    await assertFails(write(1));
    await assertSucceeds(write(2));
    await assertFails(updateDoc(ref, { ...valid, updatedAt: serverTimestamp() }));
  });

  it("rezervaciją ištrinti galima tik naują ar atšauktą", async () => {
    const ids = await seed("reservations", FIRESTORE_MATRIX.reservations!);
    const db = contextOf("staff").firestore() as unknown as Firestore;
    for (const [status, allowed] of [
      ["confirmed", false],
      ["active", false],
      ["completed", false],
      ["no_show", false],
      ["cancelled", true],
      ["new", true],
    ] as const) {
      await env.withSecurityRulesDisabled(async (context) => {
        await updateDoc(doc(context.firestore() as unknown as Firestore, "reservations", ids.publicId), { status });
      });
      const attempt = deleteDoc(doc(db, "reservations", ids.publicId));
      if (allowed) {
        await assertSucceeds(attempt);
        await seed("reservations", FIRESTORE_MATRIX.reservations!);
      } else {
        await assertFails(attempt);
      }
    }
  });

  it("rezervacijos su mokėjimais ar sąskaitomis ištrinti negalima (payment.moneyTrail)", async () => {
    const ids = await seed("reservations", FIRESTORE_MATRIX.reservations!);
    const db = contextOf("staff").firestore() as unknown as Firestore;
    const summary = { paid: 0, due: 100, depositState: "none", online: null };
    for (const [status, payment, allowed] of [
      ["new", { ...summary, paid: 50, moneyTrail: true }, false],
      ["cancelled", { ...summary, paid: 0, moneyTrail: true }, false],
      ["cancelled", { ...summary, paid: 30 }, false],
      ["new", { ...summary, online: null }, true],
    ] as const) {
      await env.withSecurityRulesDisabled(async (context) => {
        await updateDoc(doc(context.firestore() as unknown as Firestore, "reservations", ids.publicId), {
          status,
          payment,
        });
      });
      const attempt = deleteDoc(doc(db, "reservations", ids.publicId));
      if (allowed) {
        await assertSucceeds(attempt);
        await seed("reservations", FIRESTORE_MATRIX.reservations!);
      } else {
        await assertFails(attempt);
      }
    }
  });

  it("atmeta audito laukus, kurie nėra serverio laikas", async () => {
    await seed("cars", FIRESTORE_MATRIX.cars!);
    const db = contextOf("staff").firestore() as unknown as Firestore;
    await assertFails(
      setDoc(doc(db, "cars", "naujas00000000000002"), {
        ...withoutAudit(sample.get("cars")!),
        createdAt: new Date("2020-01-01"),
        updatedAt: new Date("2020-01-01"),
      }),
    );
  });
});

describe.skipIf(!firestoreHost)("Firebase svetainės API pagal firestore.rules (anoniminis lankytojas)", () => {
  let env: RulesTestEnvironment;
  const data = buildDemoData(new Date());
  const hiddenCar = data.cars.find((car) => car.doc.status !== "active")!;
  const activeExtra = data.extras.find((extra) => extra.doc.active)!;
  const sampleCarPrice = demoDocuments(data, (iso) => new Date(iso)).find(
    (item) => item.collection === "prices" && item.data.carId !== null,
  )!;
  // The demo data plus a price of a hidden car and a switched-off extra, which nobody outside may read.
  const documents: SeedDoc[] = [
    ...demoDocuments(data, (iso) => new Date(iso)),
    { collection: "prices", id: "paslepto0kaina000001", data: { ...sampleCarPrice.data, carId: hiddenCar.id } },
    { collection: "extras", id: "isjungta0paslauga001", data: { ...activeExtra.doc, name: "Išjungta", active: false } },
  ];
  const functionsApp = initializeApp({ projectId: "demo-ratai-svetaine", apiKey: "demo" }, "svetaines-funkcijos");

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: "demo-ratai-svetaine",
      firestore: {
        rules: readFileSync(resolve(REPO, "firestore.rules"), "utf8"),
        host: firestoreHost!.host,
        port: firestoreHost!.port,
      },
    });
    await env.clearFirestore();
    await env.withSecurityRulesDisabled(async (admin) => {
      const db = admin.firestore() as unknown as Firestore;
      for (let start = 0; start < documents.length; start += 400) {
        const batch = writeBatch(db);
        for (const item of documents.slice(start, start + 400)) batch.set(doc(db, item.collection, item.id), item.data);
        await batch.commit();
      }
    });
  });
  afterAll(async () => {
    await env?.cleanup();
    await deleteApp(functionsApp);
  });

  const siteApi = () =>
    createFirebaseSiteApi(env.unauthenticatedContext().firestore() as unknown as Firestore, getFunctions(functionsApp));

  it("katalogas, automobilio puslapis, akcijos, naujienos ir nustatymai skaitomi be klaidų", async () => {
    const site = siteApi();
    const cars = await site.cars();
    const published = data.cars.filter((car) => car.doc.status === "active");
    expect(cars.map((car) => car.id).sort()).toEqual(published.map((car) => car.id).sort());
    expect(cars.every((car) => car.tiers.length > 0 && car.priceFrom !== null)).toBe(true);

    // A car with its own prices shows them, not its category's.
    const ownPrice = data.prices.find(
      (price) => price.doc.carId && published.some((car) => car.id === price.doc.carId) && !price.doc.season,
    )!;
    const withOwn = cars.find((car) => car.id === ownPrice.doc.carId)!;
    expect(withOwn.tiers).toEqual(ownPrice.doc.tiers);
    const one = await site.car(withOwn.slug);
    expect(one?.tiers).toEqual(ownPrice.doc.tiers);

    expect(await site.car(hiddenCar.doc.slug)).toBeNull();

    const settings = await site.settings();
    expect(settings.locations.length).toBe(data.locations.filter((l) => l.doc.active).length);
    expect(settings.extras.map((extra) => extra.id).sort()).toEqual(
      data.extras
        .filter((e) => e.doc.active)
        .map((e) => e.id)
        .sort(),
    );
    expect(settings.locations.every((location) => location.active)).toBe(true);
    expect((await site.offers()).every((offer) => offer.active)).toBe(true);
    expect((await site.news()).every((item) => item.status === "published")).toBe(true);
  });

  it("paslėpto automobilio kainų ir neaktyvių paslaugų anoniminis skaitymas atmetamas", async () => {
    const db = env.unauthenticatedContext().firestore() as unknown as Firestore;
    await assertFails(getDoc(doc(db, "prices", "paslepto0kaina000001")));
    await assertFails(getDocs(query(collection(db, "prices"), where("carId", "==", hiddenCar.id))));
    await assertFails(getDoc(doc(db, "extras", "isjungta0paslauga001")));
    await assertFails(getDocs(collection(db, "prices")));
    await assertFails(getDocs(collection(db, "extras")));
    await assertFails(getDocs(collection(db, "locations")));
  });
});

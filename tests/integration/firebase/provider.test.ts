// The Firestore DataProvider against the Firestore emulator, with the real firestore.rules:
// pagination by cursors, totals from getCountFromServer, getMany in chunks of 30, updateMany
// and deleteMany in batches of 500, serverTimestamp audit fields, 403 for permission-denied.
// Runs where the emulator runs:  firebase emulators:exec --only firestore "npm run test:integration"
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { initializeTestEnvironment, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { deleteApp, initializeApp } from "firebase/app";
import { doc, type Firestore, getDoc, Timestamp, writeBatch } from "firebase/firestore";
import { getFunctions } from "firebase/functions";
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from "firebase-admin/app";
import { getFirestore as getAdminFirestore } from "firebase-admin/firestore";
import type { DataProvider } from "react-admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callableError } from "../../../functions/src/errors";
import { createFirestoreDocumentStore } from "../../../functions/src/firestoreDocumentStore";
import { buildDemoData } from "../../../server/seed/demoData";
import type { AdminActions } from "../../../src/admin/adminApi";
import { createFirestoreDataProvider } from "../../../src/backend/firebase/dataProvider";
import { firebaseErrorInfo, PERMISSION_DENIED_MESSAGE } from "../../../src/backend/firebase/errors";
import { PUBLIC_SETTINGS_COLLECTION, SETTINGS_DOC_ID } from "../../../src/backend/firebase/model";
import { toStoredDoc } from "../../../src/backend/firebase/storedDoc";
import { CoreError, STALE_RECORD_CODE, STALE_RECORD_MESSAGE } from "../../../src/core/errors";
import { type CoreContext, noEvents, systemClock } from "../../../src/core/ports";
import { SORTING_GONE_MESSAGE, saveSortOrder } from "../../../src/core/sorting";
import { PERSONA_AUTH } from "../../rules/firestoreMatrix";
import { emulatorFromEnv } from "./emulators";

const REPO = resolve(import.meta.dirname, "../../..");
const firestoreHost = await emulatorFromEnv("FIRESTORE_EMULATOR_HOST", "Firestore");

describe.skipIf(!firestoreHost)("Firestore DataProvider (Firestore emuliatorius)", () => {
  let env: RulesTestEnvironment;
  let staff: DataProvider;
  let admin: DataProvider;
  let outsider: DataProvider;
  const functionsApp = initializeApp({ projectId: "demo-ratai-tiekejas", apiKey: "demo" }, "funkcijos-nenaudojamos");
  const adminApp = initializeAdminApp({ projectId: "demo-ratai-tiekejas" }, "tiekejo-administravimas");
  const core: CoreContext = {
    store: createFirestoreDocumentStore(getAdminFirestore(adminApp)),
    events: noEvents,
    clock: systemClock,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  };
  const functions = getFunctions(functionsApp);
  const providerFor = (persona: "staff" | "admin" | "signedIn") => {
    const auth = PERSONA_AUTH[persona]!;
    return createFirestoreDataProvider(
      env.authenticatedContext(auth.uid, auth.claims).firestore() as unknown as Firestore,
      functions,
    );
  };

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: "demo-ratai-tiekejas",
      firestore: {
        rules: readFileSync(resolve(REPO, "firestore.rules"), "utf8"),
        host: firestoreHost!.host,
        port: firestoreHost!.port,
      },
    });
    await env.clearFirestore();
    staff = providerFor("staff");
    admin = providerFor("admin");
    outsider = providerFor("signedIn");
  });
  afterAll(async () => {
    await env?.cleanup();
    await deleteApp(functionsApp);
    await deleteAdminApp(adminApp);
  });

  const seedCars = async (count: number) => {
    const data = buildDemoData(new Date());
    const template = data.cars[0]!.doc;
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      for (let start = 0; start < count; start += 400) {
        const batch = writeBatch(db);
        for (let i = start; i < Math.min(count, start + 400); i++) {
          const id = `auto${String(i).padStart(16, "0")}`;
          batch.set(doc(db, "cars", id), {
            ...toStoredDoc("cars", {
              ...template,
              slug: `auto-${i}`,
              model: `Modelis ${i}`,
              sortOrder: i % 7,
              year: 2015 + (i % 10),
            }),
            createdAt: Timestamp.now(),
            updatedAt: Timestamp.now(),
          });
        }
        await batch.commit();
      }
    });
  };

  it("kuria su serverio laiko žymomis ir tikrinimu, nuskaito švarų įrašą", async () => {
    const { data } = await staff.create("extras", {
      data: { name: "Vaikiška kėdutė", price: 5, chargedPer: "day", maxQuantity: 2 },
    });
    expect(data.id).toMatch(/^[A-Za-z0-9]{20}$/);
    const { data: read } = await staff.getOne("extras", { id: data.id });
    expect(read).toMatchObject({ name: "Vaikiška kėdutė", price: 5, active: true, maxPrice: null });
    expect(Date.parse(read.createdAt)).not.toBeNaN();
    expect(read).not.toHaveProperty("_search");

    await expect(staff.create("extras", { data: { name: "", price: -1, chargedPer: "week" } })).rejects.toMatchObject({
      status: 422,
      message: "Patikrinkite pažymėtus laukus",
      body: { errors: { name: "Laukas privalomas" } },
    });
  });

  it("du žmonės keičia tą patį įrašą: pasenęs išsaugojimas – 409 su išsaugotu įrašu, niekas neperrašoma", async () => {
    const { data: created } = await staff.create("extras", {
      data: { name: "GPS navigacija", price: 4, chargedPer: "day", maxQuantity: 1 },
    });
    expect(created.version).toBe(1);
    const { data: read } = await staff.getOne("extras", { id: created.id });
    expect(read.version).toBe(1);
    const { data: first } = await admin.update("extras", {
      id: read.id,
      data: { ...read, price: 6 },
      previousData: read,
    });
    expect(first.version).toBe(2);
    await expect(
      staff.update("extras", { id: read.id, data: { ...read, name: "GPS" }, previousData: read }),
    ).rejects.toMatchObject({
      status: 409,
      message: STALE_RECORD_MESSAGE,
      body: { code: STALE_RECORD_CODE, current: { price: 6, version: 2 } },
    });
    const { data: stored } = await staff.getOne("extras", { id: read.id });
    expect(stored).toMatchObject({ name: "GPS navigacija", price: 6, version: 2 });
    const { data: fresh } = await staff.update("extras", {
      id: read.id,
      data: { ...stored, name: "GPS" },
      previousData: stored,
    });
    expect(fresh).toMatchObject({ name: "GPS", price: 6, version: 3 });
    // A bulk change names no version: it writes over the stored one, counting it up.
    await staff.updateMany("extras", { ids: [read.id], data: { active: false } });
    expect((await staff.getOne("extras", { id: read.id })).data).toMatchObject({ active: false, version: 4 });
  });

  it("puslapiuoja kursoriais, kiekį skaičiuoja serveryje, filtruoja ir rikiuoja pačioje Firestore", async () => {
    await env.clearFirestore();
    await seedCars(95);
    const params = (page: number) => ({
      filter: { status: "active" },
      sort: { field: "year", order: "DESC" as const },
      pagination: { page, perPage: 20 },
    });
    const pages = [];
    for (let page = 1; page <= 5; page++) pages.push(await staff.getList("cars", params(page)));
    expect(pages.map((p) => p.total)).toEqual([95, 95, 95, 95, 95]);
    expect(pages.map((p) => p.data.length)).toEqual([20, 20, 20, 20, 15]);
    const ids = pages.flatMap((p) => p.data.map((r) => r.id));
    expect(new Set(ids).size).toBe(95);
    const years = pages.flatMap((p) => p.data.map((r) => r.year as number));
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(pages[4]?.pageInfo?.hasNextPage).toBe(false);

    // A fresh provider jumps straight to page 4 (it walks the cursors itself).
    const jumped = await providerFor("staff").getList("cars", params(4));
    expect(jumped.data.map((r) => r.id)).toEqual(pages[3]?.data.map((r) => r.id));

    const found = await staff.getList("cars", {
      filter: { q: "modelis 4" },
      sort: { field: "make", order: "ASC" },
      pagination: { page: 1, perPage: 50 },
    });
    expect(found.data.length).toBeGreaterThan(0);
    expect(found.data.every((r) => String(r.model).startsWith("Modelis 4"))).toBe(true);

    await expect(
      staff.getList("cars", {
        filter: { status: "active" },
        sort: { field: "deposit", order: "ASC" },
        pagination: { page: 1, perPage: 5 },
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("daug įrašų pagal id skaito dalimis po 30, rašo paketais po 500", async () => {
    await env.clearFirestore();
    await seedCars(510);
    const ids = Array.from({ length: 45 }, (_, i) => `auto${String(44 - i).padStart(16, "0")}`);
    const many = await staff.getMany("cars", { ids });
    expect(many.data.map((r) => r.id)).toEqual(ids);

    const all = Array.from({ length: 510 }, (_, i) => `auto${String(i).padStart(16, "0")}`);
    await staff.updateMany("cars", { ids: all, data: { status: "maintenance" } });
    const hidden = await staff.getList("cars", {
      filter: { status: "maintenance" },
      sort: { field: "sortOrder", order: "ASC" },
      pagination: { page: 1, perPage: 1 },
    });
    expect(hidden.total).toBe(510);
    await staff.deleteMany("cars", { ids: all });
    expect(
      (
        await staff.getList("cars", {
          pagination: { page: 1, perPage: 1 },
          sort: { field: "id", order: "ASC" },
          filter: {},
        })
      ).total,
    ).toBe(0);
  });

  it("katalogo tvarka, kurią branduolys išsaugo viena transakcija, matoma sąraše ir gyvai atnaujinamiems sąrašams", async () => {
    await env.clearFirestore();
    await seedCars(12);
    const seen: { resource: string; id: string; kind: string }[] = [];
    const actions = staff as unknown as AdminActions;
    const stop = actions.subscribeToChanges((change) => seen.push(change));
    await new Promise((done) => setTimeout(done, 500));
    const ids = Array.from({ length: 12 }, (_, i) => `auto${String(11 - i).padStart(16, "0")}`);
    // The saveSortOrder callable runs exactly this use case on this store (functions/src/index.ts).
    const { changed } = await saveSortOrder(core, { resource: "cars", ids }, "darbuotojas@ratunuoma.lt");
    expect(changed.length).toBeGreaterThan(0);
    const list = await staff.getList("cars", {
      sort: { field: "sortOrder", order: "ASC" },
      pagination: { page: 1, perPage: 12 },
      filter: {},
    });
    expect(list.data.map((r) => r.id)).toEqual(ids);
    await expect.poll(() => seen.filter((c) => c.resource === "cars").length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(seen.every((c) => c.kind === "updated")).toBe(true);
    stop();
    const stale = await saveSortOrder(core, { resource: "cars", ids: [...ids, "nera0000000000000000"] }, "x").then(
      () => null,
      (error: unknown) => error,
    );
    expect(stale).toBeInstanceOf(CoreError);
    expect(stale).toMatchObject({ kind: "precondition", message: SORTING_GONE_MESSAGE });
    // The callable answers it as failed-precondition, which the provider shows as a 409.
    expect(firebaseErrorInfo(callableError(stale, () => undefined))).toMatchObject({ status: 409 });
  });

  it("kur taisyklės draudžia, atsako 403 su lietuvišku pranešimu", async () => {
    await expect(
      outsider.getList("customers", {
        pagination: { page: 1, perPage: 10 },
        sort: { field: "lastName", order: "ASC" },
        filter: {},
      }),
    ).rejects.toMatchObject({
      status: 403,
      message: PERMISSION_DENIED_MESSAGE,
    });
    await expect(
      staff.getList("staff", {
        pagination: { page: 1, perPage: 10 },
        sort: { field: "name", order: "ASC" },
        filter: {},
      }),
    ).rejects.toMatchObject({
      status: 403,
    });
  });

  it("nustatymus ir jų viešąją kopiją įrašo kartu (tik administratoriai)", async () => {
    const data = buildDemoData(new Date());
    const settings = { ...data.settings.doc, id: SETTINGS_DOC_ID };
    await admin.create("settings", { data: settings });
    await expect(
      staff.update("settings", { id: SETTINGS_DOC_ID, data: { terms: "x" }, previousData: settings }),
    ).rejects.toMatchObject({ status: 403 });
    await admin.update("settings", { id: SETTINGS_DOC_ID, data: { terms: "Naujos sąlygos" }, previousData: settings });
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      const projection = await getDoc(doc(db, PUBLIC_SETTINGS_COLLECTION, SETTINGS_DOC_ID));
      expect(projection.get("terms")).toBe("Naujos sąlygos");
      expect(projection.get("contractTemplate")).toBeUndefined();
    });
  });
});

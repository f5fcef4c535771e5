import { resolve } from "node:path";
import type { RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { deleteApp, initializeApp } from "firebase/app";
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from "firebase-admin/app";
import { getFirestore as getAdminFirestore, Timestamp } from "firebase-admin/firestore";
import type { DataProvider } from "react-admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirestoreDocumentStore } from "../../../functions/src/firestoreDocumentStore";
import { demoDocuments } from "../../../scripts/firebase-seed";
import { addLedgerEntry } from "../../../src/core/payments";
import { type CoreContext, noEvents, systemClock } from "../../../src/core/ports";
import { demo } from "../core/useCases.contract";
import { emulatorFromEnv } from "./emulators";
import { emptyFirestoreWithRules, staffDataProvider, writeInBatches } from "./rulesEnvironment";

const _REPO = resolve(import.meta.dirname, "../../..");
const PROJECT = "demo-ratai-neapmoketos";
const firestoreHost = await emulatorFromEnv("FIRESTORE_EMULATOR_HOST", "Firestore");

type Stored = {
  id: string;
  status: string;
  quote?: { total?: number };
  returnAct?: { total?: number } | null;
  payment?: { paid?: number } | null;
};
const owes = (r: Stored): boolean =>
  !["cancelled", "no_show"].includes(r.status) &&
  (r.payment?.paid ?? 0) < Math.round(((r.quote?.total ?? 0) + (r.returnAct?.total ?? 0)) * 100) / 100;

describe.skipIf(!firestoreHost)("„Neapmokėtos“ filtras Firestore DataProvider (Firestore emuliatorius)", () => {
  let env: RulesTestEnvironment;
  let staff: DataProvider;
  const functionsApp = initializeApp({ projectId: PROJECT, apiKey: "demo" }, "neapmoketos-funkcijos");
  const adminApp = initializeAdminApp({ projectId: PROJECT }, "neapmoketos-administravimas");
  const adminDb = getAdminFirestore(adminApp);
  const core: CoreContext = {
    store: createFirestoreDocumentStore(adminDb),
    events: noEvents,
    clock: systemClock,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  };

  beforeAll(async () => {
    env = await emptyFirestoreWithRules(PROJECT, firestoreHost!);
    const docs = demoDocuments(demo, (iso) => Timestamp.fromDate(new Date(iso)));
    await writeInBatches(adminDb, docs);
    staff = staffDataProvider(env, functionsApp);
  }, 120_000);
  afterAll(async () => {
    await env?.cleanup();
    await deleteApp(functionsApp);
    await deleteAdminApp(adminApp);
  });

  const allStored = async (): Promise<Stored[]> =>
    (await adminDb.collection("reservations").get()).docs.map((d) => ({ id: d.id, ...d.data() }) as Stored);
  const unpaidList = (filter: Record<string, unknown> = {}, page = 1, perPage = 1000) =>
    staff.getList("reservations", {
      filter: { unpaid: true, ...filter },
      sort: { field: "pickupAt", order: "DESC" },
      pagination: { page, perPage },
      meta: undefined,
    });

  it("rodo tik tas, kurių sumokėta mažiau nei kaina su grąžinimo mokesčiais, be atšauktų ir neatvykusių", async () => {
    const stored = await allStored();
    const expected = stored.filter(owes).map((r) => r.id);
    // The demo company has both kinds, so the filter is really tested.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(stored.length);
    // (Fully paid ones leave the list: the next test pays one.)

    const list = await unpaidList();
    expect(list.total).toBe(expected.length);
    expect(list.data.map((r) => String(r.id)).sort()).toEqual([...expected].sort());
    // Newest pick-up first, as asked.
    const pickups = list.data.map((r) => String(r.pickupAt));
    expect(pickups).toEqual([...pickups].sort().reverse());

    // Pages are cut from the same list; unpaid: false is no filter at all.
    const page2 = await unpaidList({}, 2, 5);
    expect(page2.data.map((r) => r.id)).toEqual(list.data.slice(5, 10).map((r) => r.id));
    const all = await staff.getList("reservations", {
      filter: { unpaid: false },
      sort: { field: "pickupAt", order: "DESC" },
      pagination: { page: 1, perPage: 1 },
      meta: undefined,
    });
    expect(all.total).toBe(stored.length);
  });

  it("derinamas su būsenos filtru; atšauktos niekada nerodomos; sumokėjus rezervacija iš sąrašo dingsta", async () => {
    const stored = await allStored();
    const confirmed = await unpaidList({ status: "confirmed" });
    expect(confirmed.data.map((r) => String(r.id)).sort()).toEqual(
      stored
        .filter((r) => r.status === "confirmed" && owes(r))
        .map((r) => r.id)
        .sort(),
    );
    expect((await unpaidList({ status: "cancelled" })).total).toBe(0);

    const target = stored.find((r) => owes(r) && r.status === "confirmed")!;
    const due =
      Math.round(((target.quote?.total ?? 0) + (target.returnAct?.total ?? 0) - (target.payment?.paid ?? 0)) * 100) /
      100;
    await addLedgerEntry(
      core,
      target.id,
      { amount: due, method: "cash", kind: "rental" },
      { email: "darbuotojas@ratunuoma.lt", role: "staff" },
    );
    const after = await unpaidList();
    expect(after.data.some((r) => r.id === target.id)).toBe(false);
    expect(after.total).toBe(stored.filter(owes).length - 1);
  });
});

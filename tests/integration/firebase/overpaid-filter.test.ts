// The "Permoka" filter of the Firestore DataProvider against the Firestore emulator: the list
// staff read with { overpaid: true } holds exactly the reservations whose overpaymentOf() is above
// 0 (the `_overpaid` flag every write derives), and reservations stored before the flag existed
// get it once from ensureOverpaidFlags() (the scheduled function's pass).
import type { RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { deleteApp, initializeApp } from "firebase/app";
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from "firebase-admin/app";
import { FieldValue, getFirestore as getAdminFirestore, Timestamp } from "firebase-admin/firestore";
import type { DataProvider } from "react-admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirestoreDocumentStore } from "../../../functions/src/firestoreDocumentStore";
import { ensureOverpaidFlags, OVERPAID_FLAG_MARKER, UNPAID_FLAG_MARKER } from "../../../functions/src/unpaidFlags";
import { demoDocuments } from "../../../scripts/firebase-seed";
import { OVERPAID_FIELD } from "../../../src/backend/firebase/model";
import { addLedgerEntry } from "../../../src/core/payments";
import { type CoreContext, noEvents, systemClock } from "../../../src/core/ports";
import { overpaymentLabel, overpaymentOf } from "../../../src/domain/overpayment";
import { demo } from "../core/useCases.contract";
import { emulatorFromEnv } from "./emulators";
import { emptyFirestoreWithRules, staffDataProvider, writeInBatches } from "./rulesEnvironment";

const PROJECT = "demo-ratai-permoka";
const firestoreHost = await emulatorFromEnv("FIRESTORE_EMULATOR_HOST", "Firestore");
const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;

type Stored = Record<string, unknown> & { id: string; status: string; quote?: { total?: number } | null };

describe.skipIf(!firestoreHost)("„Permoka“ filtras Firestore DataProvider (Firestore emuliatorius)", () => {
  let env: RulesTestEnvironment;
  let staff: DataProvider;
  const functionsApp = initializeApp({ projectId: PROJECT, apiKey: "demo" }, "permoka-funkcijos");
  const adminApp = initializeAdminApp({ projectId: PROJECT }, "permoka-administravimas");
  const adminDb = getAdminFirestore(adminApp);
  const core: CoreContext = {
    store: createFirestoreDocumentStore(adminDb),
    events: noEvents,
    clock: systemClock,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  };

  beforeAll(async () => {
    env = await emptyFirestoreWithRules(PROJECT, firestoreHost!);
    await writeInBatches(
      adminDb,
      demoDocuments(demo, (iso) => Timestamp.fromDate(new Date(iso))),
    );
    staff = staffDataProvider(env, functionsApp);
  }, 120_000);
  afterAll(async () => {
    await env?.cleanup();
    await deleteApp(functionsApp);
    await deleteAdminApp(adminApp);
  });

  const allStored = async (): Promise<Stored[]> =>
    (await adminDb.collection("reservations").get()).docs.map((d) => ({ id: d.id, ...d.data() }) as Stored);
  const overpaidList = (filter: Record<string, unknown> = {}, page = 1, perPage = 1000) =>
    staff.getList("reservations", {
      filter: { overpaid: true, ...filter },
      sort: { field: "pickupAt", order: "DESC" },
      pagination: { page, perPage },
      meta: undefined,
    });
  const expectedIds = (stored: Stored[]) =>
    stored
      .filter((r: Record<string, unknown>) => overpaymentOf(r) > 0)
      .map((r) => r.id)
      .sort();

  it("permokėjus rezervacija atsiranda sąraše; tiksliai sumokėtos, skolingos ir atšauktos – ne", async () => {
    const stored = await allStored();
    const owing = stored.filter((r) => r.status === "confirmed" && (r.quote?.total ?? 0) > 0);
    expect(owing.length).toBeGreaterThanOrEqual(3);
    const [over, exact, cancelled] = owing as [Stored, Stored, Stored];
    const due = async (r: Stored) => {
      const ledger = await core.store.get("reservations", r.id);
      const data = (ledger?.data ?? {}) as Stored;
      return (
        Math.round(((data.quote?.total ?? 0) - ((data.payment as { paid?: number } | null)?.paid ?? 0)) * 100) / 100
      );
    };
    const pay = (r: Stored, amount: number) =>
      addLedgerEntry(core, r.id, { amount, method: "cash", kind: "rental" }, STAFF);
    await pay(over, (await due(over)) + 30);
    if ((await due(exact)) > 0) await pay(exact, await due(exact));
    await pay(cancelled, (await due(cancelled)) + 15);
    // A cancelled one keeps its money until staff decide: never in the "Permoka" list.
    await core.store.transaction(async (tx) => {
      const found = await tx.get("reservations", cancelled.id);
      if (!found) throw new Error("Rezervacija nerasta");
      tx.set("reservations", cancelled.id, { ...found.data, status: "cancelled" });
    });

    const after = await allStored();
    const expected = expectedIds(after);
    expect(expected).toContain(over.id);
    expect(expected).not.toContain(exact.id);
    expect(expected).not.toContain(cancelled.id);
    const list = await overpaidList();
    expect(list.total).toBe(expected.length);
    expect(list.data.map((r) => String(r.id)).sort()).toEqual(expected);
    const row = list.data.find((r) => r.id === over.id)!;
    expect(row).not.toHaveProperty(OVERPAID_FIELD);
    expect(overpaymentLabel(overpaymentOf(row))).toBe("Permoka 30,00\u00a0€, grąžintina");
    // With the status filter; with "Neapmokėtos" nothing (one list or the other).
    expect((await overpaidList({ status: "confirmed" })).data.map((r) => r.id)).toContain(over.id);
    expect((await overpaidList({ status: "cancelled" })).total).toBe(0);
    expect((await overpaidList({ unpaid: true })).total).toBe(0);
    // false is no filter at all.
    const all = await staff.getList("reservations", {
      filter: { overpaid: false },
      sort: { field: "pickupAt", order: "DESC" },
      pagination: { page: 1, perPage: 1 },
      meta: undefined,
    });
    expect(all.total).toBe(after.length);
  });

  it("senos rezervacijos be žymės pažymimos vieną kartą; vėliau – tik žymeklio skaitymas", async () => {
    const stored = await allStored();
    const target = expectedIds(stored)[0]!;
    // As before the flag existed: the field removed from every reservation.
    await Promise.all(
      stored.map((r) =>
        adminDb
          .collection("reservations")
          .doc(r.id)
          .update({ [OVERPAID_FIELD]: FieldValue.delete() }),
      ),
    );
    expect((await overpaidList()).total).toBe(0);

    // A project that already ran the "Neapmokėtos" pass: that marker does not stop this one.
    await adminDb.collection(UNPAID_FLAG_MARKER.collection).doc(UNPAID_FLAG_MARKER.id).set({ done: true });
    const run = await ensureOverpaidFlags(adminDb);
    expect(run).toEqual({ skipped: false, scanned: stored.length, updated: stored.length });
    expect(
      (await adminDb.collection(OVERPAID_FLAG_MARKER.collection).doc(OVERPAID_FLAG_MARKER.id).get()).get("done"),
    ).toBe(true);
    expect(await ensureOverpaidFlags(adminDb)).toEqual({ skipped: true, scanned: 0, updated: 0 });
    const list = await overpaidList();
    expect(list.data.map((r) => String(r.id)).sort()).toEqual(expectedIds(await allStored()));
    expect(list.data.map((r) => r.id)).toContain(target);
    // Only the flag was touched: the record's write count stays.
    const before = stored.find((r) => r.id === target)!;
    expect((await adminDb.collection("reservations").doc(target).get()).get("version")).toBe(before.version);
  });
});

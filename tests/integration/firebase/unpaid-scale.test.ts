import { resolve } from "node:path";
import type { RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { deleteApp, initializeApp } from "firebase/app";
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from "firebase-admin/app";
import { FieldValue, getFirestore as getAdminFirestore, Timestamp } from "firebase-admin/firestore";
import type { DataProvider } from "react-admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirestoreDocumentStore } from "../../../functions/src/firestoreDocumentStore";
import { ensureUnpaidFlags, UNPAID_FLAG_MARKER } from "../../../functions/src/unpaidFlags";
import { demoDocuments } from "../../../scripts/firebase-seed";
import { UNPAID_FIELD } from "../../../src/backend/firebase/model";
import { MAX_SEARCH_SCAN } from "../../../src/backend/firebase/queryPlan";
import { toStoredDoc } from "../../../src/backend/firebase/storedDoc";
import { addLedgerEntry } from "../../../src/core/payments";
import { type CoreContext, noEvents, systemClock } from "../../../src/core/ports";
import { demo } from "../core/useCases.contract";
import { emulatorFromEnv } from "./emulators";
import { emptyFirestoreWithRules, staffDataProvider, writeInBatches } from "./rulesEnvironment";

const _REPO = resolve(import.meta.dirname, "../../..");
const PROJECT = "demo-ratai-neapmoketos-daug";
const firestoreHost = await emulatorFromEnv("FIRESTORE_EMULATOR_HOST", "Firestore");

/** Synthetic reservations: 1 300, of which 1 150 owe money (more than the old scan's 1 000). */
const COUNT = 1300;
/** Stored as before the flag existed (the field removed): only the migration finds them. */
const LEGACY = 60;

interface Made {
  id: string;
  pickupAt: string;
  owes: boolean;
  legacy: boolean;
}

describe.skipIf(!firestoreHost)("„Neapmokėtos“ Firestore sąraše, kai rezervacijų daugiau nei 1 000", () => {
  let env: RulesTestEnvironment;
  let staff: DataProvider;
  const made: Made[] = [];
  const functionsApp = initializeApp({ projectId: PROJECT, apiKey: "demo" }, "neapmoketos-daug-funkcijos");
  const adminApp = initializeAdminApp({ projectId: PROJECT }, "neapmoketos-daug-administravimas");
  const adminDb = getAdminFirestore(adminApp);
  const core: CoreContext = {
    store: createFirestoreDocumentStore(adminDb),
    events: noEvents,
    clock: systemClock,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  };

  beforeAll(async () => {
    env = await emptyFirestoreWithRules(PROJECT, firestoreHost!);
    const ts = (iso: string) => Timestamp.fromDate(new Date(iso));
    // The demo company without its reservations (settings, cars, staff), then only ours.
    const docs = demoDocuments(demo, ts).filter((d) => d.collection !== "reservations" && d.collection !== "payments");
    const template = demo.reservations.find((r) => r.doc.status === "confirmed")!;
    const start = Date.parse("2026-03-02T08:00:00.000Z");
    for (let i = 0; i < COUNT; i++) {
      // Every 10th is paid in full, every 20th (+5) cancelled; the rest owe something.
      const paidInFull = i % 10 === 0;
      const cancelled = i % 20 === 5;
      const total = 100 + (i % 37);
      const pickupAt = new Date(start + i * 30 * 60_000).toISOString();
      const id = `rez${String(i).padStart(5, "0")}`;
      const record = {
        ...template.doc,
        number: `R-2026-${String(900000 + i)}`,
        pickupAt,
        returnAt: new Date(Date.parse(pickupAt) + 2 * 86_400_000).toISOString(),
        status: cancelled ? "cancelled" : "confirmed",
        quote: { ...template.doc.quote, total },
        payment:
          i % 3 === 0 || paidInFull
            ? { paid: paidInFull ? total : 50, due: paidInFull ? 0 : total - 50, depositState: "none", online: null }
            : null,
      };
      const legacy = i % Math.floor(COUNT / LEGACY) === 7 && made.filter((m) => m.legacy).length < LEGACY;
      const stored: Record<string, unknown> = {
        ...toStoredDoc("reservations", record),
        version: 1,
        createdAt: ts(template.createdAt),
        updatedAt: ts(template.updatedAt),
      };
      if (legacy) delete stored[UNPAID_FIELD];
      docs.push({ collection: "reservations", id, data: stored });
      made.push({ id, pickupAt, owes: !paidInFull && !cancelled, legacy });
    }
    await writeInBatches(adminDb, docs);
    staff = staffDataProvider(env, functionsApp);
  }, 180_000);
  afterAll(async () => {
    await env?.cleanup();
    await deleteApp(functionsApp);
    await deleteAdminApp(adminApp);
  });

  const unpaidPage = (page: number, perPage: number) =>
    staff.getList("reservations", {
      filter: { unpaid: true },
      sort: { field: "pickupAt", order: "DESC" },
      pagination: { page, perPage },
      meta: undefined,
    });
  /** The expected list, newest pick-up first (pick-ups are distinct). */
  const expectedIds = (owing: (m: Made) => boolean) =>
    made
      .filter(owing)
      .sort((a, b) => b.pickupAt.localeCompare(a.pickupAt))
      .map((m) => m.id);

  it("be migracijos seni įrašai (be žymės) nematomi; migracija juos pažymi vieną kartą", async () => {
    const before = await unpaidPage(1, 25);
    expect(before.total).toBe(made.filter((m) => m.owes && !m.legacy).length);
    expect(made.filter((m) => m.legacy).length).toBe(LEGACY);

    const run = await ensureUnpaidFlags(adminDb);
    expect(run).toEqual({ skipped: false, scanned: COUNT, updated: LEGACY });
    const marker = await adminDb.collection(UNPAID_FLAG_MARKER.collection).doc(UNPAID_FLAG_MARKER.id).get();
    expect(marker.get("done")).toBe(true);
    // Later runs read only the marker.
    expect(await ensureUnpaidFlags(adminDb)).toEqual({ skipped: true, scanned: 0, updated: 0 });
    // The migration touched only the flag: no version, no updatedAt of anybody's record.
    const legacyDoc = (
      await adminDb
        .collection("reservations")
        .doc(made.find((m) => m.legacy)!.id)
        .get()
    ).data()!;
    expect(legacyDoc.version).toBe(1);
    expect(typeof legacyDoc[UNPAID_FIELD]).toBe("boolean");
  });

  it("skaičiuoja ir puslapiuoja visas skolingas rezervacijas, ir toliau nei 1 000-oji", async () => {
    const expected = expectedIds((m) => m.owes);
    expect(expected.length).toBeGreaterThan(MAX_SEARCH_SCAN);

    const first = await unpaidPage(1, 25);
    expect(first.total).toBe(expected.length);
    expect(first.data.map((r) => String(r.id))).toEqual(expected.slice(0, 25));
    // A page past the 1 000th document, straight away (no earlier page read first).
    const deep = await unpaidPage(43, 25);
    expect(deep.data.map((r) => String(r.id))).toEqual(expected.slice(1050, 1075));
    // The last page is partial and says so.
    const lastPage = Math.ceil(expected.length / 100);
    const last = await unpaidPage(lastPage, 100);
    expect(last.data.map((r) => String(r.id))).toEqual(expected.slice((lastPage - 1) * 100));
    expect(last.pageInfo?.hasNextPage).toBe(false);
    // Every listed record owes money, none is cancelled.
    for (const record of [...first.data, ...deep.data, ...last.data]) expect(record.status).toBe("confirmed");
  });

  it("sumokėjus per branduolį rezervacija iš sąrašo dingsta, kitų skaičius nesikeičia", async () => {
    const target = expectedIds((m) => m.owes).at(-1)!;
    const stored = (await adminDb.collection("reservations").doc(target).get()).data()!;
    const due = Math.round((stored.quote.total - (stored.payment?.paid ?? 0)) * 100) / 100;
    await addLedgerEntry(
      core,
      target,
      { amount: due, method: "card", kind: "rental" },
      { email: "darbuotojas@ratunuoma.lt", role: "staff" },
    );
    expect((await adminDb.collection("reservations").doc(target).get()).get(UNPAID_FIELD)).toBe(false);
    const after = await unpaidPage(1, 25);
    expect(after.total).toBe(made.filter((m) => m.owes).length - 1);

    // A core write on a legacy document (flag set meanwhile or not) keeps the flag right too.
    await adminDb
      .collection("reservations")
      .doc(target)
      .update({ [UNPAID_FIELD]: FieldValue.delete() });
    await addLedgerEntry(
      core,
      target,
      // A refund is an administrator's entry, always with its reference (issue 26).
      { amount: 10, method: "cash", kind: "refund", reference: "Grąžinta kasoje" },
      { email: "administratorius@ratunuoma.lt", role: "admin" },
    );
    expect((await adminDb.collection("reservations").doc(target).get()).get(UNPAID_FIELD)).toBe(true);
    expect((await unpaidPage(1, 25)).total).toBe(made.filter((m) => m.owes).length);
  });
});

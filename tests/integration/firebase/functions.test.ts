// The functions' logic on REAL Firestore transactions (the Firestore emulator, through
// firebase-admin): 20 concurrent overlapping reservations give exactly one, the search sees
// it, and the numbers stay consecutive.
// Runs where the emulator runs:  firebase emulators:exec --only firestore "npm run test:integration"
import { deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirestoreStore } from "../../../functions/src/firestoreStore";
import { FunctionError } from "../../../functions/src/logic/errors";
import { submitReservation } from "../../../functions/src/logic/reservations";
import { searchCars } from "../../../functions/src/logic/search";
import type { Store } from "../../../functions/src/store";
import { demoDocuments } from "../../../scripts/firebase-seed";
import { buildDemoData } from "../../../server/seed/demoData";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../../../src/domain/time";
import { emulatorFromEnv } from "./emulators";

const firestoreHost = await emulatorFromEnv("FIRESTORE_EMULATOR_HOST", "Firestore");
const PROJECT_ID = "demo-ratai-funkcijos";

describe.skipIf(!firestoreHost)("Cloud Functions logika su Firestore transakcijomis (Firestore emuliatorius)", () => {
  const app = initializeApp({ projectId: PROJECT_ID }, "funkciju-testai");
  let db: Firestore;
  let store: Store;
  const now = new Date();
  const data = buildDemoData(now);
  const car = data.cars.find((c) => c.doc.status === "active")!;
  const place = data.locations.find((l) => l.doc.active !== false)!;
  const at = (days: number) =>
    vilniusLocalToInstant(addDaysToDateString(vilniusDateString(now), days), "10:00").toISOString();
  const input = (i: number) => ({
    carId: car.id,
    pickupAt: at(80),
    returnAt: at(83),
    pickupLocationId: place.id,
    returnLocationId: place.id,
    extras: [],
    customer: {
      firstName: "Jonas",
      lastName: "Jonaitis",
      email: `jonas${i}@example.lt`,
      phone: "+37061234567",
      birthDate: "1985-01-01",
      licenceNumber: "LT7654321",
    },
    acceptTerms: true,
  });

  beforeAll(async () => {
    await fetch(`http://${firestoreHost!.address}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, {
      method: "DELETE",
    });
    db = getFirestore(app);
    store = createFirestoreStore(db);
    const docs = demoDocuments(data, (iso) => Timestamp.fromDate(new Date(iso)));
    for (let start = 0; start < docs.length; start += 400) {
      const batch = db.batch();
      for (const item of docs.slice(start, start + 400))
        batch.set(db.collection(item.collection).doc(item.id), item.data);
      await batch.commit();
    }
  });
  afterAll(async () => {
    await deleteApp(app);
  });

  it("iš 20 lygiagrečių persidengiančių rezervacijų praleidžia lygiai vieną", async () => {
    const before = (await db.collection("reservations").where("carId", "==", car.id).get()).size;
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => submitReservation(store, input(i))));
    const ok = outcomes.filter((o) => o.status === "fulfilled");
    const conflicts = outcomes.filter(
      (o) => o.status === "rejected" && o.reason instanceof FunctionError && o.reason.code === "already-exists",
    );
    expect(ok).toHaveLength(1);
    expect(conflicts).toHaveLength(19);
    expect((await db.collection("reservations").where("carId", "==", car.id).get()).size).toBe(before + 1);

    const results = await searchCars(store, { from: at(81), to: at(82) });
    expect(results.map((r) => r.id)).not.toContain(car.id);
  });

  it("išsaugo serverio laiko žymas ir patvirtinimo laišką Trigger Email formatu", async () => {
    const created = await submitReservation(store, { ...input(99), pickupAt: at(90), returnAt: at(92) });
    const stored = await db.collection("reservations").doc(created.id).get();
    expect(stored.get("createdAt")).toBeInstanceOf(Timestamp);
    const mails = await db.collection("mail").where("ref", "==", `reservation:${created.id}`).get();
    expect(mails.size).toBeGreaterThanOrEqual(1);
    expect(mails.docs[0]?.get("message.subject")).toContain(created.number);
    expect(mails.docs[0]?.get("delivery.state")).toBe("PENDING");
  });
});

// firestore.rules against the Firestore emulator, cell by cell from the matrix in
// tests/rules/firestoreMatrix.ts (this file holds no expectations of its own).
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
import {
  collection,
  deleteDoc,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
} from "firebase/firestore";
import { afterAll, beforeAll, describe, it } from "vitest";
import { demoDocuments, type SeedDoc } from "../../../scripts/firebase-seed";
import { buildDemoData } from "../../../server/seed/demoData";
import {
  type CollectionRules,
  FIRESTORE_MATRIX,
  OPERATIONS,
  type Operation,
  PERSONA_AUTH,
  PERSONAS,
  type Persona,
} from "../../rules/firestoreMatrix";
import { emulatorFromEnv } from "./emulators";

const REPO = resolve(import.meta.dirname, "../../..");
const firestoreHost = await emulatorFromEnv("FIRESTORE_EMULATOR_HOST", "Firestore");

/** A stored sample document per collection: the demo data, or a small one for internal collections. */
function samples(): Map<string, Record<string, unknown>> {
  const byCollection = new Map<string, Record<string, unknown>>();
  for (const item of demoDocuments(buildDemoData(new Date()), (iso) => new Date(iso)) as SeedDoc[]) {
    if (!byCollection.has(item.collection)) byCollection.set(item.collection, item.data);
  }
  byCollection.set("clientErrors", {
    message: "Klaida",
    kind: "error",
    url: "https://nuoma.lt/",
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  byCollection.set("reservationLocks", { carId: "x", touchedAt: new Date() });
  byCollection.set("rateLimits", { windowStartMs: 0, count: 1, expiresAt: new Date() });
  return byCollection;
}

const withoutAudit = (data: Record<string, unknown>) => {
  const { createdAt: _c, updatedAt: _u, ...rest } = data;
  return rest;
};

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
                  ...(name === "publicSettings" ? {} : { createdAt: serverTimestamp() }),
                  updatedAt: serverTimestamp(),
                });
              case "update":
                return updateDoc(ref, { ...withoutAudit(data), updatedAt: serverTimestamp() });
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
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
      }),
    );
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

// What the Firestore DataProvider suites share: the emulator with the real firestore.rules and
// an empty database, the provider as a signed-in staff member sees it, and documents written
// with the Admin SDK in batches (below Firestore's 500 writes per batch).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { initializeTestEnvironment, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import type { FirebaseApp } from "firebase/app";
import type { Firestore } from "firebase/firestore";
import { getFunctions } from "firebase/functions";
import type { Firestore as AdminFirestore } from "firebase-admin/firestore";
import type { DataProvider } from "react-admin";
import { createFirestoreDataProvider } from "../../../src/backend/firebase/dataProvider";
import { PERSONA_AUTH } from "../../rules/firestoreMatrix";
import type { EmulatorHost } from "./emulators";

const REPO = resolve(import.meta.dirname, "../../..");

/** The rules test environment on `host` with firestore.rules, its database emptied. */
export async function emptyFirestoreWithRules(projectId: string, host: EmulatorHost): Promise<RulesTestEnvironment> {
  const env = await initializeTestEnvironment({
    projectId,
    firestore: { rules: readFileSync(resolve(REPO, "firestore.rules"), "utf8"), host: host.host, port: host.port },
  });
  await env.clearFirestore();
  return env;
}

/** The back-office's DataProvider as a staff member, through the rules. */
export function staffDataProvider(env: RulesTestEnvironment, functionsApp: FirebaseApp): DataProvider {
  const auth = PERSONA_AUTH.staff!;
  return createFirestoreDataProvider(
    env.authenticatedContext(auth.uid, auth.claims).firestore() as unknown as Firestore,
    getFunctions(functionsApp),
  );
}

export interface SeedDoc {
  collection: string;
  id: string;
  data: Record<string, unknown>;
}

/** Writes the documents with the Admin SDK (rules do not apply), 400 per batch. */
export async function writeInBatches(db: AdminFirestore, docs: readonly SeedDoc[]): Promise<void> {
  for (let at = 0; at < docs.length; at += 400) {
    const batch = db.batch();
    for (const item of docs.slice(at, at + 400)) batch.set(db.collection(item.collection).doc(item.id), item.data);
    await batch.commit();
  }
}

import { resolve } from "node:path";
import type { RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { deleteApp, initializeApp } from "firebase/app";
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from "firebase-admin/app";
import { getFirestore as getAdminFirestore } from "firebase-admin/firestore";
import type { DataProvider } from "react-admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirestoreDocumentStore } from "../../../functions/src/firestoreDocumentStore";
import { emulatorFromEnv } from "./emulators";
import { emptyFirestoreWithRules, staffDataProvider } from "./rulesEnvironment";

const _REPO = resolve(import.meta.dirname, "../../..");
const PROJECT = "demo-ratai-paieska";
const firestoreHost = await emulatorFromEnv("FIRESTORE_EMULATOR_HOST", "Firestore");

describe.skipIf(!firestoreHost)("administravimo paieška Firestore (emuliatorius)", () => {
  let env: RulesTestEnvironment;
  let staff: DataProvider;
  let rimasId: string;
  let onaId: string;
  const functionsApp = initializeApp({ projectId: PROJECT, apiKey: "demo" }, "paieska-funkcijos");
  const adminApp = initializeAdminApp({ projectId: PROJECT }, "paieska-administravimas");
  const store = createFirestoreDocumentStore(getAdminFirestore(adminApp));

  const found = async (q: string): Promise<string[]> => {
    const { data, total } = await staff.getList("customers", {
      filter: { q },
      sort: { field: "lastName", order: "ASC" },
      pagination: { page: 1, perPage: 25 },
    });
    expect(total, q).toBe(data.length);
    return data.map((record) => String(record.id));
  };

  beforeAll(async () => {
    env = await emptyFirestoreWithRules(PROJECT, firestoreHost!);
    staff = staffDataProvider(env, functionsApp);
    // Written by staff in the browser (the rules check the tokens' shape)...
    const { data } = await staff.create("customers", {
      data: {
        type: "private",
        firstName: "Rimas",
        lastName: "Auditas",
        email: "rimas.auditas@pavyzdys.lt",
        phone: "+37061234567",
      },
    });
    rimasId = String(data.id);
    // ...and by the core in Cloud Functions (a public reservation's customer).
    onaId = "klientasOnaSimkiene1";
    await store.transaction(async (tx) => {
      tx.set("customers", onaId, {
        type: "business",
        firstName: "Ona",
        lastName: "Šimkienė",
        companyName: "UAB „Šiaulių ratai“",
        email: "ona@ratai.lt",
        phone: "+37069912388",
        notes: "",
      });
    });
  });
  afterAll(async () => {
    await env?.cleanup();
    await deleteApp(functionsApp);
    await deleteAdminApp(adminApp);
  });

  it("vardas ir pavardė bet kuria tvarka, raidžių dydžiu ir pradžiomis", async () => {
    for (const q of ["Rimas Auditas", "auditas rimas", "RIM aud", "aud"]) expect(await found(q), q).toEqual([rimasId]);
    expect(await found("rimas zzz")).toEqual([]);
  });

  it("telefonas bet kokiu įprastu formatu", async () => {
    for (const q of ["+37061234567", "+370 612 34567", "8 612 34567", "861234567", "612 34567"]) {
      expect(await found(q), q).toEqual([rimasId]);
    }
    expect(await found("8 699 12388")).toEqual([onaId]);
  });

  it("lietuviškos raidės abiem kryptimis; funkcijų įrašytas dokumentas randamas taip pat", async () => {
    expect(await found("siauliu")).toEqual([onaId]);
    expect(await found("ŠIMKIENĖ ona")).toEqual([onaId]);
    expect(await found("simk")).toEqual([onaId]);
  });

  it("laukų pavadinimai nerandami", async () => {
    for (const q of ["firstName", "email", "phone", "lastName", "doc"]) expect(await found(q), q).toEqual([]);
  });
});

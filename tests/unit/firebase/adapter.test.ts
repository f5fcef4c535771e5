// The Firebase adapter's pure parts and its start-up: stored documents, search tokens, error
// messages, file handling, and initialisation from the runtime config (no network needed:
// the SDKs connect lazily).
import { deleteApp } from "firebase/app";
import { HttpError } from "react-admin";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SETTINGS_ID } from "../../../server/db/types";
import { createBackend } from "../../../src/backend";
import { chunk, MAX_BATCH_WRITES, toHttpError } from "../../../src/backend/firebase/dataProvider";
import {
  firebaseErrorInfo,
  MISSING_INDEX_MESSAGE,
  PERMISSION_DENIED_MESSAGE,
  STORAGE_MESSAGES,
} from "../../../src/backend/firebase/errors";
import { createFirebaseFileStore, FILE_MESSAGES, stateOf, storageUrl } from "../../../src/backend/firebase/files";
import {
  DEFAULT_FUNCTIONS_REGION,
  FirebaseInitError,
  INIT_ERROR_LOG,
  initFirebase,
  MAX_OPERATION_RETRY_MS,
  MAX_UPLOAD_RETRY_MS,
  parseEmulators,
  uniqueAppName,
} from "../../../src/backend/firebase/init";
import { SETTINGS_DOC_ID } from "../../../src/backend/firebase/model";
import { QueryNotSupportedError } from "../../../src/backend/firebase/queryPlan";
import {
  foldText,
  matchesSearchTokens,
  queryToken,
  queryTokens,
  searchTokens,
  textTokens,
} from "../../../src/backend/firebase/searchTokens";
import { fieldKind, fromStoredDoc, toStoredDoc, validateRecord } from "../../../src/backend/firebase/storedDoc";
import { BackendError, type UploadProgress } from "../../../src/backend/port";
import { sniffImage } from "../../../src/domain/imageUpload";

const CONFIG = {
  apiKey: "demo-api-key",
  authDomain: "demo-ratai.firebaseapp.com",
  projectId: "demo-ratai",
  storageBucket: "demo-ratai.appspot.com",
  messagingSenderId: "000000000000",
  appId: "1:000000000000:web:0000000000000000",
  measurementId: "G-TEST",
};

describe("paieškos raktai", () => {
  it("suvienodina lietuviškas raides ir indeksuoja kiekvieno žodžio pradžią", () => {
    expect(foldText("  Ąžuolas   ŠIMKUS ")).toBe("azuolas simkus");
    const tokens = textTokens("Rūta Žemaitienė <ruta@example.lt>");
    for (const q of ["r", "ruta", "zem", "zemaitiene", "example", "lt"]) expect(tokens).toContain(q);
    expect(tokens).not.toContain("");
    expect(tokens).not.toContain("ruta zem");
    expect(queryToken("  ŽEMAITIENĖ ")).toBe("zemaitiene");
    // The longest word is the one Firestore matches; the rest are checked on what it returns.
    expect(queryToken("rim auditas")).toBe("auditas");
    expect(queryTokens("Auditas, RIM")).toEqual(["auditas", "rim"]);
    expect(queryToken("8 612 34567")).toBe("861234567");
    expect(textTokens("+37061234567")).toEqual(expect.arrayContaining(["861234567", "61234567", "37061234567"]));
    expect(queryToken("   ")).toBeNull();
    expect(queryToken("a".repeat(50))).toHaveLength(20);
    const stored = searchTokens({ firstName: "Rimas", lastName: "Auditas" }, ["firstName", "lastName"]);
    expect(matchesSearchTokens(stored, queryTokens("auditas rim"))).toBe(true);
    expect(matchesSearchTokens(stored, queryTokens("auditas jon"))).toBe(false);
    expect(matchesSearchTokens(stored, queryTokens("firstName"))).toBe(false);
  });

  it("apima įdėtinius laukus ir masyvus, neviršijant ribos", () => {
    const tokens = searchTokens(
      { to: ["a@b.lt", "info@ratunuoma.lt"], message: { subject: "Rezervacija R-2026-000123" } },
      ["to", "message.subject"],
    );
    expect(tokens).toContain("info");
    expect(tokens).toContain("2026000123");
    expect(tokens).toContain("000123");
    expect(searchTokens({ notes: "žodis ".repeat(500) }, ["notes"]).length).toBeLessThanOrEqual(600);
  });
});

describe("saugomi dokumentai", () => {
  it("turi kiekvieną schemos lauką (null, kai trūksta), UTC momentus ir vidinius laukus", () => {
    const stored = toStoredDoc("customers", {
      id: "x",
      type: "private",
      firstName: "Rūta",
      lastName: "Žemaitienė",
      email: "Ruta@Example.lt",
      phone: "+37061234567",
      consentAt: "2026-11-21T10:00:00+02:00",
      createdAt: "2026-01-01T00:00:00Z",
    });
    expect(stored).not.toHaveProperty("id");
    expect(stored).not.toHaveProperty("createdAt");
    expect(stored.companyName).toBeNull();
    expect(stored.consentAt).toBe("2026-11-21T08:00:00.000Z");
    expect(stored._emailLower).toBe("ruta@example.lt");
    expect(stored._search).toContain("zemaitiene");
  });

  it("nuskaitomi be vidinių laukų, su ISO audito laukais ir be null, kurių schema nepriima", () => {
    const record = fromStoredDoc("customers", "abc", {
      firstName: "Rūta",
      companyName: null,
      birthDate: null,
      _search: ["x"],
      createdAt: { toDate: () => new Date("2026-01-01T00:00:00Z") },
    });
    expect(record).toEqual({ id: "abc", firstName: "Rūta", birthDate: null, createdAt: "2026-01-01T00:00:00.000Z" });
    expect(fromStoredDoc("customers", "abc", { firstName: "Rūta", version: 4 }).version).toBe(4);
  });

  it("tikrinami domeno schema, laukų klaidos lietuviškai", () => {
    const bad = validateRecord("extras", { name: "", price: -1, chargedPer: "week", createdAt: "x", _search: [] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.failure.message).toBe("Patikrinkite pažymėtus laukus");
      expect(bad.failure.errors.name).toBe("Laukas privalomas");
      expect(bad.failure.errors.price).toBe("Suma negali būti neigiama");
      expect(bad.failure.errors.chargedPer).toBe("Pasirinkite: parai arba nuomai");
    }
    const good = validateRecord("extras", { name: "GPS", price: 5, chargedPer: "day", priceFrom: 3, id: "x" });
    expect(good.ok && good.value).toMatchObject({ name: "GPS", active: true, maxQuantity: 1 });
  });

  it("laukų rūšys žinomos iš schemų", () => {
    expect(fieldKind(toSchema("reservations"), "pickupAt")).toBe("datetime");
    expect(fieldKind(toSchema("cars"), "seats")).toBe("number");
    expect(fieldKind(toSchema("locations"), "active")).toBe("boolean");
    expect(fieldKind(toSchema("mail"), "delivery.state")).toBe("enum");
    expect(fieldKind(toSchema("cars"), "createdAt")).toBe("datetime");
  });

  it("nustatymų id sutampa su vietinio serverio id", () => {
    expect(SETTINGS_DOC_ID).toBe(SETTINGS_ID);
  });
});

import { RESOURCE_MODELS } from "../../../src/backend/firebase/model";

function toSchema(resource: keyof typeof RESOURCE_MODELS) {
  return RESOURCE_MODELS[resource].schema;
}

describe("klaidų pranešimai", () => {
  it("Firestore kodai paverčiami būsenomis su lietuviškais pranešimais (permission-denied -> 403)", () => {
    expect(
      firebaseErrorInfo({ code: "permission-denied", message: "Missing or insufficient permissions." }),
    ).toMatchObject({
      status: 403,
      message: PERMISSION_DENIED_MESSAGE,
    });
    expect(firebaseErrorInfo({ code: "unavailable", message: "offline" }).status).toBe(503);
    expect(
      firebaseErrorInfo({
        code: "failed-precondition",
        message: "The query requires an index. You can create it here",
      }),
    ).toMatchObject({ status: 500, message: MISSING_INDEX_MESSAGE });
  });

  it("mūsų funkcijų lietuviški pranešimai ir laukų klaidos išlieka (422)", () => {
    const info = firebaseErrorInfo({
      code: "functions/invalid-argument",
      message: "Patikrinkite pažymėtus laukus",
      details: { errors: { "customer.phone": "Neteisingas telefono numeris" } },
    });
    expect(info).toMatchObject({
      status: 422,
      message: "Patikrinkite pažymėtus laukus",
      fieldErrors: { "customer.phone": "Neteisingas telefono numeris" },
    });
    expect(
      firebaseErrorInfo({ code: "functions/already-exists", message: "Atsiprašome, šis automobilis užimtas." }).status,
    ).toBe(409);
    expect(firebaseErrorInfo({ code: "functions/internal", message: "INTERNAL" }).message).toBe(
      "Vidinė Firebase klaida. Bandykite vėliau.",
    );
  });

  it("kiekvienas SPEC storage/ kodas paverčiamas lietuvišku pranešimu", () => {
    for (const code of [
      "object-not-found",
      "unauthenticated",
      "unauthorized",
      "quota-exceeded",
      "retry-limit-exceeded",
      "canceled",
    ]) {
      const info = firebaseErrorInfo({ code: `storage/${code}`, message: "Firebase Storage: ..." });
      expect(info.message, code).toBe(STORAGE_MESSAGES[`storage/${code}`]!.message);
      expect(info.message).toMatch(/[ąčęėįšųūž]|Įkėlimas|Failas/);
    }
    expect(firebaseErrorInfo({ code: "storage/whatever" }).message).toBe(STORAGE_MESSAGES["storage/unknown"]!.message);
  });

  it("tampa react-admin HttpError su { message, errors }", () => {
    const denied = toHttpError({ code: "permission-denied", message: "Missing or insufficient permissions." });
    expect(denied).toBeInstanceOf(HttpError);
    expect(denied.status).toBe(403);
    expect(denied.message).toBe(PERMISSION_DENIED_MESSAGE);
    expect(denied.body).toEqual({ message: PERMISSION_DENIED_MESSAGE, errors: {} });
    const refused = toHttpError(new QueryNotSupportedError("Pagal „x“ filtruoti negalima"));
    expect(refused.status).toBe(400);
  });

  it("įrašai skaidomi pagal Firestore paketo ribą", () => {
    const ids = Array.from({ length: 1234 }, (_, i) => i);
    const parts = chunk(ids, MAX_BATCH_WRITES);
    expect(parts.map((p) => p.length)).toEqual([500, 500, 234]);
    expect(parts.flat()).toEqual(ids);
  });
});

describe("failai", () => {
  it("tipas nustatomas iš pirmųjų baitų", () => {
    expect(sniffImage(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))?.contentType).toBe("image/jpeg");
    expect(sniffImage(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))?.extension).toBe("png");
    expect(sniffImage(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))?.contentType).toBe("image/webp");
    expect(sniffImage(new TextEncoder().encode("<svg xmlns=")))?.toBeNull();
  });

  it("saugyklos keliams duodami vieši atsisiuntimo URL, Google arba emuliatoriuje", () => {
    expect(storageUrl("https://firebasestorage.googleapis.com", "demo-ratai.appspot.com", "cars/a b.png")).toBe(
      "https://firebasestorage.googleapis.com/v0/b/demo-ratai.appspot.com/o/cars%2Fa%20b.png?alt=media",
    );
    expect(storageUrl("http://127.0.0.1:9199", "b", "cars/x.svg")).toBe(
      "http://127.0.0.1:9199/v0/b/b/o/cars%2Fx.svg?alt=media",
    );
    expect(storageUrl("https://x", "b", "https://cdn.example/x.png")).toBe("https://cdn.example/x.png");
    // The local server's /files/ form never reaches the page on Firebase: it is the same stored file.
    expect(storageUrl("https://x", "b", "/files/x.png")).toBe("https://x/v0/b/b/o/x.png?alt=media");
    expect(storageUrl("https://x", "b", "/favicon.svg")).toBe("/favicon.svg");
  });

  it("SDK užduoties būsenos įvardijamos kaip penkios sąsajos būsenos", () => {
    for (const state of ["running", "paused", "success", "canceled", "error"] as const)
      expect(stateOf({ state })).toBe(state);
  });
});

describe("paleidimas", () => {
  const started: { app: Parameters<typeof deleteApp>[0] }[] = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const services of started.splice(0)) await deleteApp(services.app).catch(() => undefined);
  });

  it("teikia auth, Firestore, functions (pagal nutylėjimą regionas us-central1) ir storage su SPEC nurodytais pakartojimo laikais", async () => {
    const services = await initFirebase(CONFIG, { appName: uniqueAppName() });
    started.push(services);
    expect(services.auth.app).toBe(services.app);
    expect(services.firestore.app).toBe(services.app);
    expect(services.functions.region).toBe(DEFAULT_FUNCTIONS_REGION);
    expect(services.storage.maxUploadRetryTime).toBe(MAX_UPLOAD_RETRY_MS);
    expect(services.storage.maxOperationRetryTime).toBe(MAX_OPERATION_RETRY_MS);
    expect(MAX_UPLOAD_RETRY_MS).toBe(600_000);
    expect(MAX_OPERATION_RETRY_MS).toBe(120_000);
    expect(services.database).toBeNull();
    expect(services.storageOrigin).toBe("https://firebasestorage.googleapis.com");
  });

  it("teikia Realtime Database, kai nurodytas databaseURL, ir nustatytą regioną bei emuliatorius", async () => {
    const services = await initFirebase(
      {
        ...CONFIG,
        databaseURL: "https://demo-ratai-default-rtdb.europe-west1.firebasedatabase.app",
        functionsRegion: "europe-west1",
        emulators: {
          auth: "127.0.0.1:9099",
          firestore: { host: "127.0.0.1", port: 8080 },
          storage: 9199,
          functions: "127.0.0.1:5001",
          database: "127.0.0.1:9000",
        },
      },
      { appName: uniqueAppName() },
    );
    started.push(services);
    expect(services.database).not.toBeNull();
    expect(services.functions.region).toBe("europe-west1");
    expect(services.emulators).toEqual({
      auth: { host: "127.0.0.1", port: 9099 },
      firestore: { host: "127.0.0.1", port: 8080 },
      storage: { host: "127.0.0.1", port: 9199 },
      functions: { host: "127.0.0.1", port: 5001 },
      database: { host: "127.0.0.1", port: 9000 },
    });
    expect(services.storageOrigin).toBe("http://127.0.0.1:9199");
  });

  it("nepavykus konsolėje praneša `Klaida inicijuojant Firebase` su naudota konfigūracija ir nieko neteikia", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = { ...CONFIG, apiKey: "" };
    const error = await initFirebase(broken, { appName: uniqueAppName() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FirebaseInitError);
    expect((error as Error).message).toBe(`${INIT_ERROR_LOG}: trūksta Firebase nustatymų: apiKey`);
    expect(logged).toHaveBeenCalledWith(
      "[nuoma]",
      INIT_ERROR_LOG,
      `naudota konfigūracija: ${JSON.stringify(broken)}`,
      expect.any(Error),
    );

    const badEmulator = await initFirebase(
      { ...CONFIG, emulators: { firestore: "be-prievado" } },
      { appName: uniqueAppName() },
    ).catch((e: unknown) => e);
    expect((badEmulator as Error).message).toContain("host:port");
    const missing = await initFirebase(undefined).catch((e: unknown) => e);
    expect((missing as Error).message).toBe(`${INIT_ERROR_LOG}: vykdymo konfigūracijoje nėra Firebase nustatymų`);
    expect(() => parseEmulators({ hosting: "127.0.0.1:5000" })).toThrow("nežinomas emuliatorius");
  });

  it("tai adapteris, kurį registras sukuria { backend: 'firebase' } atveju (paleidimo klaida, kai konfigūracija netinkama)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const backend = await createBackend({ backend: "firebase", firebase: CONFIG, publicUrl: null });
    expect(backend.kind).toBe("firebase");
    started.push((backend as unknown as { services: { app: Parameters<typeof deleteApp>[0] } }).services);
    await expect(createBackend({ backend: "firebase", publicUrl: null })).rejects.toBeInstanceOf(FirebaseInitError);
  });

  it("prieš įkeliant atmeta ne paveikslėlius, per didelius failus ir nežinomus katalogus", async () => {
    const services = await initFirebase(
      { ...CONFIG, emulators: { storage: "127.0.0.1:1" } },
      { appName: uniqueAppName() },
    );
    started.push(services);
    const files = createFirebaseFileStore(services.storage, services.storageOrigin, CONFIG.storageBucket);
    const attempt = async (blob: Blob, folder: string) => {
      const seen: UploadProgress[] = [];
      const task = files.upload(blob, folder, (p) => seen.push(p));
      const error = await task.done.catch((e: unknown) => e);
      return { error: error as BackendError, seen };
    };
    const text = await attempt(new Blob(["<script>alert(1)</script>"], { type: "image/png" }), "cars");
    expect(text.error).toBeInstanceOf(BackendError);
    expect(text.error).toMatchObject({ status: 415, message: FILE_MESSAGES.notImage });
    expect(text.seen.map((p) => p.state)).toEqual(["running", "error"]);
    expect(text.seen.at(-1)?.error).toBe(FILE_MESSAGES.notImage);

    const big = await attempt(new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]), "cars");
    expect(big.error).toMatchObject({ status: 413, message: FILE_MESSAGES.tooLarge });
    const folder = await attempt(new Blob([Uint8Array.from([0xff, 0xd8, 0xff, 0xe0])]), "../etc");
    expect(folder.error).toMatchObject({ status: 400 });

    const canceled = files.upload(new Blob([Uint8Array.from([0xff, 0xd8, 0xff, 0xe0])]), "cars", () => undefined);
    expect(canceled.cancel()).toBe(true);
    await expect(canceled.done).rejects.toMatchObject({
      status: 499,
      message: STORAGE_MESSAGES["storage/canceled"]!.message,
    });
  });
});

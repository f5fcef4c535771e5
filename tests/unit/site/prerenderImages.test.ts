// Picture URLs per adapter, and in the prerendered pages: on the Firebase adapter every stored
// path becomes a Cloud Storage download URL (never the local server's /files/), the prerender
// writes exactly what the browser computes for the same deployment config (so hydration keeps
// the <img src> and no picture flashes broken), and the local build keeps /files/.
import { deleteApp } from "firebase/app";
import { afterEach, describe, expect, it } from "vitest";
import { PrerenderConfigError, prerenderFiles } from "../../../scripts/lib/prerenderFiles";
import { createFirebaseBackend } from "../../../src/backend/firebase";
import { uniqueAppName } from "../../../src/backend/firebase/init";
import { STORAGE_ORIGIN, storagePath, storageUrl } from "../../../src/backend/firebase/storageUrl";
import { fileUrl } from "../../../src/backend/local/files";
import type { Backend, PublicCar, PublicSettings } from "../../../src/backend/port";
import { renderRoute } from "../../../src/site/ssr";
import { memoryBackend } from "../../helpers/memoryBackend";

const FIREBASE_ENV = {
  FIREBASE_API_KEY: "demo-api-key",
  FIREBASE_AUTH_DOMAIN: "demo-ratai.firebaseapp.com",
  FIREBASE_PROJECT_ID: "demo-ratai",
  FIREBASE_STORAGE_BUCKET: "demo-ratai.firebasestorage.app",
  FIREBASE_MESSAGING_SENDER_ID: "000000000000",
  FIREBASE_APP_ID: "1:000000000000:web:0000000000000000",
};
const BUCKET_URL = `${STORAGE_ORIGIN}/v0/b/demo-ratai.firebasestorage.app/o`;

describe("paveikslėlio adresas pagal adapterį", () => {
  it("vietinis adapteris: saugyklos kelias -> /files/kelias", () => {
    expect(fileUrl("cars/yaris-1.svg")).toBe("/files/cars/yaris-1.svg");
    expect(fileUrl("/files/cars/yaris-1.svg")).toBe("/files/cars/yaris-1.svg");
    expect(fileUrl("https://cdn.example.lt/a.png")).toBe("https://cdn.example.lt/a.png");
  });

  it("Firebase adapteris: saugyklos kelias ir vietinis /files/ kelias -> Cloud Storage atsisiuntimo URL", () => {
    expect(storageUrl(STORAGE_ORIGIN, "b.appspot.com", "cars/yaris 1.svg")).toBe(
      `${STORAGE_ORIGIN}/v0/b/b.appspot.com/o/cars%2Fyaris%201.svg?alt=media`,
    );
    expect(storageUrl(STORAGE_ORIGIN, "b.appspot.com", "/files/news/a.webp")).toBe(
      `${STORAGE_ORIGIN}/v0/b/b.appspot.com/o/news%2Fa.webp?alt=media`,
    );
    expect(storageUrl("http://127.0.0.1:9199", "b", "offers/x.png")).toBe(
      "http://127.0.0.1:9199/v0/b/b/o/offers%2Fx.png?alt=media",
    );
    expect(storageUrl(STORAGE_ORIGIN, "b", "data:image/png;base64,AAAA")).toBe("data:image/png;base64,AAAA");
    expect(storageUrl(STORAGE_ORIGIN, "b", "")).toBe("");
    expect(storagePath("/files/cars/a.png")).toBe("cars/a.png");
    expect(storagePath("/cars/a.png")).toBe("cars/a.png");
  });
});

describe("išankstinio atvaizdavimo paveikslėlių adresai", () => {
  const started: { app: Parameters<typeof deleteApp>[0] }[] = [];
  afterEach(async () => {
    for (const services of started.splice(0)) await deleteApp(services.app).catch(() => undefined);
  });

  it("be Firebase nustatymų – vietinio serverio /files/", () => {
    const files = prerenderFiles({});
    expect(files.backend).toBe("local");
    expect(files.url("cars/a.svg")).toBe("/files/cars/a.svg");
    // Emulator variables of the tools are no deployment config.
    expect(prerenderFiles({ FIREBASE_STORAGE_EMULATOR_HOST: "127.0.0.1:9199" }).backend).toBe("local");
  });

  it("su diegimo Firebase nustatymais (kaip firebase:deploy) – Cloud Storage adresai", () => {
    const files = prerenderFiles(FIREBASE_ENV);
    expect(files.backend).toBe("firebase");
    expect(files.url("cars/a.svg")).toBe(`${BUCKET_URL}/cars%2Fa.svg?alt=media`);
    expect(files.url("/files/cars/a.svg")).toBe(`${BUCKET_URL}/cars%2Fa.svg?alt=media`);
    expect(files.description).toContain("demo-ratai.firebasestorage.app");
    expect(prerenderFiles({ ...FIREBASE_ENV, PRERENDER_BACKEND: "local" }).url("cars/a.svg")).toBe("/files/cars/a.svg");
    expect(prerenderFiles({ ...FIREBASE_ENV, PRERENDER_BACKEND: "firebase" }).backend).toBe("firebase");
  });

  it("netinkamas pasirinkimas ar trūkstami nustatymai sustabdo surinkimą lietuvišku pranešimu", () => {
    expect(() => prerenderFiles({ PRERENDER_BACKEND: "s3" })).toThrow(
      new PrerenderConfigError("PRERENDER_BACKEND turi būti „local“ arba „firebase“, o nurodyta „s3“"),
    );
    expect(() => prerenderFiles({ PRERENDER_BACKEND: "firebase" })).toThrow(/nenurodyti Firebase nustatymai/);
    expect(() => prerenderFiles({ FIREBASE_API_KEY: "x" })).toThrow(/Nepavyko perskaityti Firebase nustatymų/);
  });

  it("tie patys adresai, kuriuos naršyklė apskaičiuoja su ta pačia vykdymo konfigūracija (ir su emuliatoriumi)", async () => {
    for (const env of [FIREBASE_ENV, { ...FIREBASE_ENV, FIREBASE_EMULATORS: '{"storage":"127.0.0.1:9199"}' }]) {
      const files = prerenderFiles(env);
      const emulators = env === FIREBASE_ENV ? undefined : { storage: "127.0.0.1:9199" };
      const browser = await createFirebaseBackend(
        {
          firebase: {
            apiKey: env.FIREBASE_API_KEY,
            authDomain: env.FIREBASE_AUTH_DOMAIN,
            projectId: env.FIREBASE_PROJECT_ID,
            storageBucket: env.FIREBASE_STORAGE_BUCKET,
            messagingSenderId: env.FIREBASE_MESSAGING_SENDER_ID,
            appId: env.FIREBASE_APP_ID,
            ...(emulators ? { emulators } : {}),
          },
        },
        { appName: uniqueAppName("isankstinis") },
      );
      started.push(browser.services);
      for (const path of ["cars/yaris-1.svg", "/files/news/a b.webp", "https://cdn.example.lt/x.png"])
        expect(files.url(path), path).toBe(browser.files.url(path));
    }
  });

  it("iš anksto atvaizduotas automobilio puslapis Firebase diegimui neturi /files/ adresų", async () => {
    const files = prerenderFiles(FIREBASE_ENV);
    const base = memoryBackend({ car: CAR, settings: SETTINGS });
    const backend: Backend = { ...base, files: { ...base.files, url: files.url } };
    const result = await renderRoute(backend, `https://nuoma.lt/automobiliai/${CAR.slug}`);
    if (result.kind !== "page") throw new Error("tikėtasi puslapio");
    expect(result.html).toContain(`src="${BUCKET_URL}/cars%2Ftoyota-yaris-1.svg?alt=media"`);
    expect(result.html).not.toContain("/files/");
    expect(JSON.stringify(result.head)).toContain(`${BUCKET_URL}/cars%2Ftoyota-yaris-1.svg?alt=media`);
    expect(JSON.stringify(result.head)).not.toContain("/files/");

    const local = await renderRoute(
      { ...base, files: { ...base.files, url: prerenderFiles({}).url } },
      `https://nuoma.lt/automobiliai/${CAR.slug}`,
    );
    if (local.kind !== "page") throw new Error("tikėtasi puslapio");
    expect(local.html).toContain('src="/files/cars/toyota-yaris-1.svg"');
  });
});

const CAR: PublicCar = {
  id: "25239e32-7f21-52dd-ac80-9f8ef21ea6d9",
  slug: "toyota-yaris",
  make: "Toyota",
  model: "Yaris Hybrid",
  year: 2024,
  category: "ekonominė",
  transmission: "automatinė",
  fuel: "hibridas",
  seats: 5,
  doors: 5,
  bags: 2,
  airConditioning: true,
  features: [],
  description: "Taupus miesto hibridas.",
  images: ["cars/toyota-yaris-1.svg", "cars/toyota-yaris-2.svg"],
  status: "active",
  sortOrder: 0,
  minDriverAge: 21,
  minLicenceYears: 2,
  deposit: 200,
  mileageLimitPerDay: 250,
  longTermMonthlyPrice: null,
  priceFrom: 20,
  tiers: [{ fromDays: 1, toDays: null, dailyRate: 20 }],
};

const SETTINGS: PublicSettings = {
  company: {
    name: "UAB „Bandymas“",
    brand: "Bandymas",
    companyCode: "123456789",
    vatCode: "LT123456789",
    address: "Gedimino pr. 1, LT-01103 Vilnius",
    phones: ["+370 5 200 0000"],
    emails: ["info@bandymas.lt"],
    hours: "I–V 8:00–20:00",
  },
  locations: [],
  extras: [],
  terms: "Sąlygos",
  about: "Apie",
  privacy: "",
  bookingRules: {
    leadTimeHours: 2,
    minDays: 1,
    maxDays: 90,
    maxAdvanceDays: 365,
    graceMinutes: 60,
    openingHour: 8,
    closingHour: 20,
  },
};

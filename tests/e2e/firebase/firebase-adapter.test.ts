// The same production build on the Firebase adapter, in real Chromium: the server is given a
// Firebase runtime config (FIREBASE_* variables) that points at the emulators, with no rebuild.
//
// - The Auth emulator always runs (it is Node code inside firebase-tools).
// - Firestore: the emulator FIRESTORE_EMULATOR_HOST names, else the Google Cloud SDK's emulator
//   when it is installed (it runs on Java 17) with firestore.rules loaded, holding the demo company
//   written by the same code as `npm run firebase:seed` (through the admin SDK, which the rules do not
//   bind). Without one, the tests that need data report
//   "nevykdyta: Firestore emuliatorius nepasiekiamas" and the others check that the pages say clearly, in
//   Lithuanian, that the data cannot be loaded.
// - Cloud Functions and Storage emulators are not run here (closed ports): what needs them must fail
//   with a Lithuanian message, never a crash. The same build through real Cloud Functions (firebase-tools'
//   emulators) is tests/e2e/firebase/callables.test.ts.
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningFirestoreEmulator, startGcloudFirestore } from "../../../scripts/firebase-gcloud-emulator";
import { demoDocuments, demoUsers } from "../../../scripts/firebase-seed";
import { buildDemoData } from "../../../server/seed/demoData";
import { NETWORK_MESSAGE } from "../../../src/backend/firebase/errors";
import { NOT_STAFF_MESSAGE } from "../../../src/backend/firebase/session";
import { assertBuilt, type BrowserSession, openBrowser, withScreenshot } from "../../helpers/browser";
import { emulatorEnvRestorer, signInThroughForm, submitLoginForm } from "../../helpers/e2e";
import { freePort, type RunningServer, startServer } from "../../helpers/server";
import { type AuthEmulator, startAuthEmulator } from "../../integration/firebase/authEmulator";
import { emulatorFromEnv } from "../../integration/firebase/emulators";

const restoreEmulatorEnv = emulatorEnvRestorer();

const PROJECT_ID = "demo-ratai";
const CUSTOMER = { email: "klientas@example.lt", password: "Slaptazodis2026!" };
const demo = buildDemoData(new Date());
const staffUser = demoUsers(demo).find((user) => user.role === "staff")!;

/** Firestore for this file: named by the environment, or the Cloud SDK's emulator, or none. */
async function firestoreForFile(): Promise<{ address: string; started: RunningFirestoreEmulator | null } | null> {
  // FIREBASE_E2E_FIRESTORE=off checks the "Firestore down" behaviour on a machine that has one.
  if (process.env.FIREBASE_E2E_FIRESTORE === "off") {
    console.info("nevykdyta: Firestore emuliatorius nepasiekiamas (FIREBASE_E2E_FIRESTORE=off)");
    return null;
  }
  const named = process.env.FIRESTORE_EMULATOR_HOST
    ? await emulatorFromEnv("FIRESTORE_EMULATOR_HOST", "Firestore")
    : null;
  if (named) return { address: named.address, started: null };
  const started = await startGcloudFirestore();
  if (started) return { address: started.address, started };
  console.info(
    "nevykdyta: Firestore emuliatorius nepasiekiamas (nei FIRESTORE_EMULATOR_HOST, nei Google Cloud SDK emuliatoriaus)",
  );
  return null;
}

const firestore = await firestoreForFile();
if (firestore) {
  console.info(
    "nevykdyta: „neveikiant Firestore…“ – Firestore emuliatorius veikia; šis atvejis tikrinamas paleidus su FIREBASE_E2E_FIRESTORE=off",
  );
}

let emulator: AuthEmulator;
let server: RunningServer;
let browser: BrowserSession;
let adminApp: App;

beforeAll(async () => {
  assertBuilt();
  emulator = await startAuthEmulator(PROJECT_ID);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.address;
  if (firestore) process.env.FIRESTORE_EMULATOR_HOST = firestore.address;
  adminApp = initializeApp({ projectId: PROJECT_ID }, "e2e-administravimas");

  // The demo accounts and a signed-up visitor without a role.
  const auth = getAuth(adminApp);
  for (const user of demoUsers(demo)) {
    await auth.createUser({ uid: user.uid, email: user.email, password: user.password, displayName: user.displayName });
    await auth.setCustomUserClaims(user.uid, { role: user.role });
  }
  await auth.createUser({ email: CUSTOMER.email, password: CUSTOMER.password });

  if (firestore) {
    const db = getFirestore(adminApp);
    const docs = demoDocuments(demo, (iso) => Timestamp.fromDate(new Date(iso)));
    for (let start = 0; start < docs.length; start += 400) {
      const batch = db.batch();
      for (const item of docs.slice(start, start + 400))
        batch.set(db.collection(item.collection).doc(item.id), item.data);
      await batch.commit();
    }
  }

  // Nothing listens on these: the emulators that cannot run here are "down".
  const closed = async () => `127.0.0.1:${await freePort()}`;
  // A process of its own: the Firebase settings must not pass through this worker's environment.
  server = await startServer({
    process: true,
    env: {
      FIREBASE_API_KEY: "demo-api-key",
      FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      FIREBASE_STORAGE_BUCKET: `${PROJECT_ID}.appspot.com`,
      FIREBASE_MESSAGING_SENDER_ID: "000000000000",
      FIREBASE_APP_ID: "1:000000000000:web:0000000000000000",
      FIREBASE_EMULATORS: JSON.stringify({
        auth: emulator.address,
        firestore: firestore?.address ?? (await closed()),
        functions: await closed(),
        storage: await closed(),
      }),
    },
  });
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (adminApp) await deleteApp(adminApp);
  await emulator?.stop();
  await firestore?.started?.stop();
  // The test files after this one share the worker (isolate: false).
  restoreEmulatorEnv();
});

const uncaught = (errors: string[]) => errors.filter((e) => e.startsWith("nepagauta klaida"));

describe("Firebase adapteris Chromium naršyklėje", () => {
  it("tas pats surinkimas pagal vykdymo konfigūraciją pasileidžia su Firebase adapteriu", async () => {
    const config = (await (await fetch(`${server.url}/runtime-config.json`)).json()) as {
      backend: string;
      firebase: { projectId: string; emulators: { auth: string } };
    };
    expect(config.backend).toBe("firebase");
    expect(config.firebase.emulators.auth).toBe(emulator.address);

    const page = await browser.newPage();
    await withScreenshot(browser, page, "firebase-pradzia", async () => {
      const toEmulators: string[] = [];
      page.on("request", (request) => {
        if (request.url().startsWith("http://127.0.0.1:") && !request.url().startsWith(server.url)) {
          toEmulators.push(request.url());
        }
      });
      // A page whose data is not prerendered: its loader reads Firestore.
      await page.goto(`${server.url}/naujienos/sios-naujienos-nera`, { waitUntil: "load" });
      if (firestore) {
        await page.getByText("Page Not Found: /naujienos/sios-naujienos-nera").first().waitFor({ state: "visible" });
      } else {
        await page.getByText(NETWORK_MESSAGE).first().waitFor({ state: "visible", timeout: 30_000 });
      }
      expect(toEmulators.length).toBeGreaterThan(0);
      expect(uncaught(browser.errorsOf(page))).toEqual([]);
    });
  });

  it("nepavykus paleisti rodo 500 puslapį, o konsolėje – `Klaida inicijuojant Firebase` su konfigūracija", async () => {
    const page = await browser.newPage();
    await withScreenshot(browser, page, "firebase-klaida-paleidziant", async () => {
      const broken = { backend: "firebase", publicUrl: null, firebase: { projectId: PROJECT_ID, appId: "1:0:web:0" } };
      await page.route("**/runtime-config.json", (route) => route.fulfill({ json: broken }));
      const logged: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") logged.push(message.text());
      });
      await page.goto(`${server.url}/kontaktai`, { waitUntil: "load" });
      await page.getByText("Internal Server Error").first().waitFor({ state: "visible" });
      // The page explains in Lithuanian; the raw error text stays in the console and the log.
      await page.getByText("Puslapio parodyti nepavyko dėl klaidos mūsų sistemoje.").first().waitFor();
      expect(await page.getByText(/trūksta Firebase nustatymų/).count()).toBe(0);
      await expect.poll(() => logged.some((text) => text.includes("Klaida inicijuojant Firebase"))).toBe(true);
      expect(logged.find((text) => text.includes("Klaida inicijuojant Firebase"))).toContain(PROJECT_ID);
    });
  });

  it("neprisijungusį lankytoją iš /admin nukreipia į /login (sargas skaito Firebase Auth)", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/admin/reservations`, { waitUntil: "load" });
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/admin/reservations");
  });

  it.skipIf(!firestore)("viešoje svetainėje rodo katalogą iš Firestore", async () => {
    const page = await browser.newPage();
    await withScreenshot(browser, page, "firebase-katalogas", async () => {
      const published = demo.cars.filter((car) => car.doc.status === "active");
      await page.goto(`${server.url}/automobiliai`, { waitUntil: "load" });
      for (const car of published.slice(0, 3)) {
        await page.getByText(car.doc.model).first().waitFor({ state: "visible" });
      }
      const hidden = demo.cars.find((car) => car.doc.status !== "active");
      if (hidden) expect(await page.getByText(`${hidden.doc.make} ${hidden.doc.model}`).count()).toBe(0);
      expect(uncaught(browser.errorsOf(page))).toEqual([]);
    });
  });

  it.skipIf(!firestore)("paskyra be darbuotojo rolės ir neteisingas slaptažodis atmetami lietuviškai", async () => {
    const page = await browser.newPage();
    await withScreenshot(browser, page, "firebase-ne-darbuotojas", async () => {
      await page.goto(`${server.url}/login`, { waitUntil: "load" });
      await submitLoginForm(page, CUSTOMER);
      await page.getByText(NOT_STAFF_MESSAGE).first().waitFor({ state: "visible" });
      expect(new URL(page.url()).pathname).toBe("/login");

      await submitLoginForm(page, { email: staffUser.email, password: "neteisingas-slaptazodis" });
      await page.getByText("Neteisingas el. pašto adresas arba slaptažodis").first().waitFor({ state: "visible" });
    });
  });

  it.skipIf(!firestore)("darbuotojas per /login prisijungia prie administravimo su Firebase", async () => {
    const page = await browser.newPage();
    await withScreenshot(browser, page, "firebase-prisijungimas", async () => {
      await signInThroughForm(page, server.url, staffUser);
      expect(new URL(page.url()).pathname).toBe("/admin");
      // react-admin's user menu shows who signed in (getIdentity from the ID token).
      await page.getByText(staffUser.displayName).first().waitFor({ state: "visible", timeout: 30_000 });

      // A list from Firestore through the data provider (cursor page, server-side count).
      await page.goto(`${server.url}/admin/cars`, { waitUntil: "load" });
      expect(new URL(page.url()).pathname).toBe("/admin/cars");
      const first = [...demo.cars].sort((a, b) => a.doc.sortOrder - b.doc.sortOrder)[0]!;
      await page.getByText(first.doc.model).first().waitFor({ state: "visible", timeout: 30_000 });
      // The session survived the full page load (IndexedDB persistence).
      await page.getByText(staffUser.displayName).first().waitFor({ state: "visible" });

      // Staff may not open the admins' lists: the rules refuse and the page says so.
      await page.goto(`${server.url}/admin/staff`, { waitUntil: "load" });
      await page
        .getByText(/neturite|teisių|prieig/i)
        .first()
        .waitFor({ state: "visible", timeout: 30_000 });
      expect(uncaught(browser.errorsOf(page))).toEqual([]);
    });
  });

  it.skipIf(!!firestore)("neveikiant Firestore, lietuviškai praneša, kad svetainės duomenys neįkeliami", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`, { waitUntil: "load" });
    await page.getByText(NETWORK_MESSAGE).first().waitFor({ state: "visible", timeout: 30_000 });
    expect(uncaught(browser.errorsOf(page))).toEqual([]);
  });
});

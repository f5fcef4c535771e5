// The production build on the Firebase adapter in real Chromium, through REAL Cloud Functions:
// firebase-tools runs the Auth, Firestore (with firestore.rules) and Functions emulators offline
// (scripts/firebase-tools-emulators.ts: Java 21+ found under /usr/lib/jvm or on PATH, the Cloud
// SDK's Firestore emulator behind a launcher jar built here, every port fixed, the functions built
// from functions/src first). Firestore holds the demo company (scripts/firebase-seed.ts).
// - A visitor searches, gets a live quote and books (searchCars, quoteReservation, submitReservation);
//   a second visitor who filled the form for the same car and dates meanwhile gets the Lithuanian
//   "car taken" message.
// - Staff sign in, edit a car in /admin, and the public car page shows the change.
// - Anonymous REST reads of `customers` are refused by the rules.
// Where Java 21+ or the Cloud SDK's Firestore emulator is missing, this prints why and is skipped.
// The Storage emulator cannot start offline (firebase-tools downloads its rules runtime): not run here.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { type Firestore, getFirestore, Timestamp } from "firebase-admin/firestore";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFunctions } from "../../../scripts/firebase-build-functions";
import { demoDocuments, demoUsers } from "../../../scripts/firebase-seed";
import {
  findJdk,
  firebaseToolsMissingReason,
  type RunningFirebaseTools,
  STORAGE_OFFLINE_REASON,
  startFirebaseToolsEmulators,
} from "../../../scripts/firebase-tools-emulators";
import { buildDemoData } from "../../../server/seed/demoData";
import { addDaysToDateString, vilniusDateString } from "../../../src/domain/time";
import { assertBuilt, type BrowserSession, openBrowser, withScreenshot } from "../../helpers/browser";
import { emulatorEnvRestorer, signInThroughForm } from "../../helpers/e2e";
import { freePort, type RunningServer, startServer } from "../../helpers/server";

const restoreEmulatorEnv = emulatorEnvRestorer();

const PROJECT_ID = "demo-ratai";
const demo = buildDemoData(new Date());
const staffUser = demoUsers(demo).find((user) => user.role === "staff")!;
/** What a visitor reads when the car was taken between filling the form and submitting it. */
const CONFLICT_MESSAGE = /Atsiprašome, šis automobilis pasirinktomis datomis jau užimtas/;

const jdk = findJdk();
const missing = firebaseToolsMissingReason(jdk);
if (missing) console.info(`nevykdyta: Firebase naršyklės testai per tikras Cloud Functions – ${missing}`);
console.info(
  `nevykdyta: Storage emuliatorius – ${STORAGE_OFFLINE_REASON}; nuotraukų įkėlimas Firebase adapteriu čia netikrinamas`,
);

let emulators: RunningFirebaseTools;
let server: RunningServer;
let browser: BrowserSession;
let adminApp: App;
let db: Firestore;

/** A Vilnius calendar date `days` from today. */
const dayFromToday = (days: number) => addDaysToDateString(vilniusDateString(new Date()), days);

/** The IP-to-country service is outside the test network: it answers as it would for Lithuania. */
async function withCountryService(page: Page): Promise<void> {
  await page.route("https://ip2c.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/plain", body: "1;LT;LTU;Lithuania" }),
  );
}

async function fillDriver(page: Page, email: string): Promise<void> {
  await page.getByLabel("Vardas", { exact: true }).fill("Rūta");
  await page.getByLabel("Pavardė", { exact: true }).fill("Žemaitienė");
  await page.getByLabel("El. paštas", { exact: true }).fill(email);
  await page.getByLabel("Telefono numeris").fill("+370 612 34567");
  await page.getByLabel("Gimimo data").fill("1986-03-14");
  await page.getByLabel("Vairuotojo pažymėjimo Nr.").fill("LT4455667");
  await page.getByLabel(/Sutinku su/).check();
}

/** Where the runtime config says Storage is: nothing listens there (it cannot run offline). */
let storageAddress = "";

/**
 * Console errors other than the browser's own note about an expected refusal, and pictures: the
 * Storage emulator they come from cannot run here (refused, as the output says), and a build
 * prerendered for the local server names /files/ pictures that a Firebase-configured server does
 * not have. Pictures on the Firebase path are checked by the prerender's and the adapter's own tests.
 */
const unexpected = (errors: string[]) =>
  errors.filter(
    (text) =>
      !/Failed to load resource: the server responded with a status of (409|403)/.test(text) &&
      !(
        text.startsWith("Failed to load resource") &&
        (text.includes(`(http://${storageAddress}/`) || /\/files\/[^)]+\.(svg|png|jpe?g|webp|avif)\)$/.test(text))
      ),
  );

/** TCP ports a process listens on (Linux /proc). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1] as string);
    } catch {
      // closed meanwhile
    }
  }
  const ports = new Set<number>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is "ADDR:PORT" in hex; state 0A is LISTEN; the inode is the 10th field.
      if (fields[3] === "0A" && inodes.has(fields[9] ?? "")) ports.add(Number.parseInt(fields[1]!.split(":")[1]!, 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}

/** The pids of processes whose command line contains `text`. */
function pidsWith(text: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(text);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe.skipIf(missing !== null)("Firebase adapteris per tikras Cloud Functions (firebase-tools emuliatoriai)", () => {
  beforeAll(async () => {
    assertBuilt();
    const started = performance.now();
    await buildFunctions({ typecheck: false });
    const built = performance.now();
    emulators = await startFirebaseToolsEmulators({ projectId: PROJECT_ID, jdk: jdk! });
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1).replace(".", ",")} s`;
    console.info(
      `firebase-tools emuliatoriai (Java ${emulators.jdk.version}): Auth ${emulators.addresses.auth}, Firestore ${emulators.addresses.firestore}, Functions ${emulators.addresses.functions}; ` +
        `funkcijos surinktos per ${seconds(built - started)}, emuliatoriai pasiruošė per ${seconds(performance.now() - built)}`,
    );
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulators.addresses.auth;
    process.env.FIRESTORE_EMULATOR_HOST = emulators.addresses.firestore;
    adminApp = initializeApp({ projectId: PROJECT_ID }, "e2e-funkcijos");
    const auth = getAuth(adminApp);
    for (const user of demoUsers(demo)) {
      await auth.createUser({
        uid: user.uid,
        email: user.email,
        password: user.password,
        displayName: user.displayName,
      });
      await auth.setCustomUserClaims(user.uid, { role: user.role });
    }
    db = getFirestore(adminApp);
    const docs = demoDocuments(demo, (iso) => Timestamp.fromDate(new Date(iso)));
    for (let start = 0; start < docs.length; start += 400) {
      const batch = db.batch();
      for (const item of docs.slice(start, start + 400))
        batch.set(db.collection(item.collection).doc(item.id), item.data);
      await batch.commit();
    }
    storageAddress = `127.0.0.1:${await freePort()}`;
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
          ...emulators.addresses,
          // Nothing listens here: the Storage emulator cannot run offline.
          storage: storageAddress,
        }),
      },
    });
    browser = await openBrowser();
    // firebase-tools starts three emulators and loads the functions: on a busy 2-core machine that
    // can take minutes (startFirebaseToolsEmulators waits up to 3).
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (adminApp) await deleteApp(adminApp);
    await emulators?.stop();
    // The test files after this one share the worker (isolate: false).
    restoreEmulatorEnv();
  });

  it("paieška, gyva kaina ir rezervacija eina per searchCars, quoteReservation ir submitReservation; antras lankytojas tam pačiam automobiliui ir datoms gauna lietuvišką pranešimą, kad užimta", async () => {
    const called = new Set<string>();
    const visitor = await browser.newPage();
    const rival = await browser.newPage();
    for (const page of [visitor, rival]) {
      await withCountryService(page);
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.host === emulators.addresses.functions) called.add(url.pathname.split("/").pop() ?? "");
      });
    }
    const email = `ruta.${Date.now().toString(36)}@pavyzdys.lt`;

    const booked = await withScreenshot(browser, visitor, "firebase-funkcijos-rezervacija", async () => {
      await visitor.goto(server.url, { waitUntil: "load" });
      const search = visitor.getByRole("form", { name: "Automobilių paieška" });
      await search.getByLabel("Paėmimo data").fill(dayFromToday(64));
      await search.getByLabel("Grąžinimo data").fill(dayFromToday(67));
      await search.getByRole("button", { name: "Ieškoti automobilių" }).click();
      await visitor.waitForURL((url) => url.pathname === "/paieskosautomobiliai");
      await visitor.getByRole("heading", { name: /Laisvi automobiliai:/ }).waitFor({ timeout: 30_000 });
      const first = visitor.locator(".result-card").first();
      const carTitle = ((await first.getByRole("heading", { level: 3 }).textContent()) ?? "").trim();
      const searchTotal = ((await first.locator(".result-card__total").textContent()) ?? "").trim();
      expect(searchTotal).toMatch(/^\d[\d\s\u00a0]*,\d{2}\s€$/);
      await first.getByRole("link", { name: "Rezervuoti" }).click();
      await visitor.waitForURL((url) => url.pathname === "/rezervacija");
      const quotePanel = visitor.locator(".quote-panel__quote");
      await quotePanel.getByText("Iš viso su PVM").waitFor({ timeout: 30_000 });
      expect(await quotePanel.textContent()).toContain(searchTotal);

      // Another visitor opens the same car and dates and fills the form while it is still free.
      await rival.goto(visitor.url(), { waitUntil: "load" });
      await rival.locator(".quote-panel__quote").getByText("Iš viso su PVM").waitFor({ timeout: 30_000 });
      await fillDriver(rival, `jonas.${Date.now().toString(36)}@pavyzdys.lt`);

      await fillDriver(visitor, email);
      await visitor.getByRole("button", { name: "Rezervuoti ir įsipareigoti sumokėti", exact: true }).click();
      const dialog = visitor.getByRole("dialog");
      await dialog.getByRole("heading", { name: "Rezervacija gauta" }).waitFor({ timeout: 30_000 });
      const number = ((await dialog.getByTestId("reservation-number").textContent()) ?? "").trim();
      expect(number).toMatch(/^R-\d{4}-\d{6}$/);
      return { number, carTitle };
    });
    expect(unexpected(browser.errorsOf(visitor))).toEqual([]);

    await withScreenshot(browser, rival, "firebase-funkcijos-uzimta", async () => {
      await rival.getByRole("button", { name: "Rezervuoti ir įsipareigoti sumokėti", exact: true }).click();
      const dialog = rival.getByRole("dialog");
      await dialog.getByRole("heading", { name: "Automobilis ką tik buvo užsakytas" }).waitFor({ timeout: 30_000 });
      expect(await dialog.textContent()).toMatch(CONFLICT_MESSAGE);
    });
    expect(unexpected(browser.errorsOf(rival))).toEqual([]);
    expect([...called]).toEqual(expect.arrayContaining(["searchCars", "quoteReservation", "submitReservation"]));

    // Firestore holds the one reservation, for the car the visitor chose; the rival's was not stored.
    const stored = await db.collection("reservations").where("number", "==", booked.number).get();
    expect(stored.size).toBe(1);
    const reservation = stored.docs[0]!;
    const car = demo.cars.find((c) => c.id === reservation.get("carId"));
    expect(booked.carTitle).toContain(`${car?.doc.make} ${car?.doc.model}`);
    const sameCar = await db.collection("reservations").where("carId", "==", reservation.get("carId")).get();
    const samePeriod = sameCar.docs.filter(
      (doc) =>
        doc.get("pickupAt")?.isEqual?.(reservation.get("pickupAt")) ??
        doc.get("pickupAt") === reservation.get("pickupAt"),
    );
    expect(samePeriod).toHaveLength(1);
    await visitor.close();
    await rival.close();
  });

  it("darbuotojas prisijungia, /admin pakeičia automobilio modelį, o viešas automobilio puslapis rodo pakeitimą", async () => {
    const car = [...demo.cars]
      .filter((c) => c.doc.status === "active")
      .sort((a, b) => a.doc.sortOrder - b.doc.sortOrder)[1]!;
    const newModel = `Firebase modelis ${Date.now().toString(36)}`;
    const page = await browser.newPage();
    await withScreenshot(browser, page, "firebase-funkcijos-redagavimas", async () => {
      await signInThroughForm(page, server.url, staffUser);
      await page.goto(`${server.url}/admin/cars/${car.id}`, { waitUntil: "load" });
      const model = page.getByLabel(/^modelis/i).first();
      await model.waitFor({ state: "visible", timeout: 30_000 });
      await expect.poll(() => model.inputValue()).toBe(car.doc.model);
      await model.fill(newModel);
      await page
        .getByRole("button", { name: /išsaugoti/i })
        .first()
        .click();
      await page.waitForURL((url) => url.pathname === "/admin/cars");
      await page.getByText(newModel).first().waitFor({ state: "visible", timeout: 30_000 });
    });
    expect(unexpected(browser.errorsOf(page))).toEqual([]);
    await expect.poll(async () => (await db.collection("cars").doc(car.id).get()).get("model")).toBe(newModel);

    const visitor = await browser.newPage();
    await withScreenshot(browser, visitor, "firebase-funkcijos-viesas", async () => {
      // The prerendered page carries the build's data; the page asks Firestore again and shows the change.
      await visitor.goto(`${server.url}/automobiliai/${car.doc.slug}`, { waitUntil: "load" });
      await visitor.getByText(newModel).first().waitFor({ state: "visible", timeout: 30_000 });
    });
    expect(unexpected(browser.errorsOf(visitor))).toEqual([]);
    await page.close();
    await visitor.close();
  });

  it("anonimiškai per Firestore REST perskaityti customers taisyklės neleidžia (403, PERMISSION_DENIED), nors duomenys yra", async () => {
    const url = `http://${emulators.addresses.firestore}/v1/projects/${PROJECT_ID}/databases/(default)/documents/customers`;
    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(403);
    expect(((await anonymous.json()) as { error: { status: string } }).error.status).toBe("PERMISSION_DENIED");
    // The emulator's owner credentials bypass the rules: the customers are there.
    const owner = await fetch(url, { headers: { Authorization: "Bearer owner" } });
    expect(owner.status).toBe(200);
    expect(((await owner.json()) as { documents?: unknown[] }).documents?.length ?? 0).toBeGreaterThan(0);
  });

  it("firebase-tools klausosi tik jam konfigūracijoje nurodytų prievadų, jokio atsitiktinio", () => {
    const configured = Object.values(emulators.ports);
    // firebase-tools' own process: its command line names the config of this run.
    const pids = pidsWith(emulators.configFile).filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("emulators:start");
      } catch {
        return false;
      }
    });
    expect(pids).toHaveLength(1);
    const listening = listeningPorts(pids[0]!);
    expect(listening.length).toBeGreaterThan(0);
    expect(listening.filter((port) => !configured.includes(port))).toEqual([]);
  });
});

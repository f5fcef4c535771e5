// `npm run bench`: the speed and size figures that are not Lighthouse (that is npm run bench:site),
// measured against the built dist served by the compiled server (build/server/main.mjs --demo):
//   1. server start: cold (demo seed into an empty data folder) and warm (the same folder again),
//      each until GET /api/health answers 200;
//   2. HTTP latency p50/p95/p99 and requests per second of the main pages and API calls, a fixed
//      number of requests at a fixed concurrency over keep-alive connections;
//   3. double booking: many simultaneous reservations of one car for one period (exactly one may win);
//   4. the public catalogue's latency at rest, during a burst of wrong sign-ins and during forged
//      100 000-deep / 120 000-key bodies (scripts/lib/attackBench.ts; the target is p95 ≤ 2× at rest);
//   5. transfer sizes of every public page: HTML raw, gzip and brotli as the server sends it, and the
//      JavaScript (gzip) the page loads before any interaction against the budget: 100 kB, and
//      40 kB on pages with no form (they load no React).
// Latency has no target here (the figures are printed). Exits with 1 when double booking lets
// anything other than exactly one reservation through or a page goes over the JS budget.
//
//   npm run bench                              everything with the defaults below
//   npm run bench -- --json out.json           also write the figures
//   npm run bench -- --requests 200 --concurrency 10 --starts 3 --double 50
//   npm run bench -- --scale                   the API at 1,000 cars and 100,000 reservations instead
//                                              (scripts/lib/scaleBench.ts; --requests, --concurrency, --json apply)
//   npm run bench -- --scale --scale-data /tmp/suvesti   keep the seeded data there and reuse it next time
//   npm run bench -- --mixed                   instead: 2 minutes of mixed load at 20 requests in flight against
//                                              the default setup (embedded PostgreSQL) and a DATABASE_URL
//                                              PostgreSQL (scripts/lib/mixedLoad.ts); --seconds 20, --concurrency,
//                                              --json apply
import { writeFileSync } from "node:fs";
import http from "node:http";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { DEMO_CREDENTIALS } from "../server/seed/demoData";
import { PUBLIC_ROUTES } from "../src/app/routes";
import { BLOCKING_STATUSES } from "../src/domain/availability";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../src/domain/time";
import { type AttackFigures, measureUnderAttack } from "./lib/attackBench";
import {
  type BenchServer,
  DIST_MISSING,
  distBuilt,
  initialJsKb,
  JS_BUDGET_KB,
  JS_BUDGET_NO_FORM_KB,
  jsBudgetFor,
  removeDataDir,
  startServer,
  tempDataDir,
} from "./lib/benchServer";
import { runMixed } from "./lib/mixedLoad";
import { runScale } from "./lib/scaleBench";
import { type Call, heading, json, kb, listOf, lt0, lt1, ms, percentile, send, table } from "./lib/scaleHttp";

function numberArg(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  const value = index > 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const REQUESTS = numberArg("--requests", 500);
const CONCURRENCY = numberArg("--concurrency", 10);
const STARTS = numberArg("--starts", 3);
const DOUBLE = numberArg("--double", 50);
const WARMUP = 20;
/** --scale: requests per scenario (its seed and server are heavy; see scripts/lib/scaleBench.ts) */
const SCALE_REQUESTS = 200;
/** Reservations the latency run makes start this many days ahead, past the demo data and the double-booking day. */
const FIRST_SLOT_DAY = 110;
const DOUBLE_BOOKING_DAY = 100;
/** The demo booking rules allow pickups up to 365 days ahead. */
const LAST_SLOT_DAY = 360;

// ---------- dates ----------

/** An instant `days` Vilnius calendar days from today at a Vilnius wall-clock time. */
function vilniusDay(days: number, time: string): string {
  return vilniusLocalToInstant(addDaysToDateString(vilniusDateString(new Date()), days), time).toISOString();
}

const overlaps = (a: { pickupAt: string; returnAt: string }, b: { pickupAt: string; returnAt: string }) =>
  Date.parse(a.pickupAt) < Date.parse(b.returnAt) && Date.parse(b.pickupAt) < Date.parse(a.returnAt);

// ---------- the measurements ----------

interface StartFigures {
  coldMs: number[];
  warmMs: number[];
}

interface LatencyFigures {
  name: string;
  requests: number;
  failed: number;
  firstFailure?: string;
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
}

interface DoubleBookingFigures {
  requests: number;
  created: number;
  conflicts: number;
  other: number;
  stored: number;
  ok: boolean;
}

interface SizeFigures {
  path: string;
  status: number;
  rawBytes: number;
  gzipBytes: number;
  gzipSent: boolean;
  brotliBytes: number;
  brotliSent: boolean;
  jsKb: number;
  jsBudgetKb: number;
  jsOk: boolean;
}

/** Cold then warm start `STARTS` times; the last warm server stays up for the rest of the run. */
async function measureStarts(): Promise<{ figures: StartFigures; server: BenchServer; dataDir: string }> {
  const figures: StartFigures = { coldMs: [], warmMs: [] };
  for (let round = 1; ; round++) {
    const dataDir = tempDataDir();
    try {
      console.info(`Paleidimas ${round}/${STARTS}: šaltas (tuščias duomenų aplankas, demonstraciniai duomenys)`);
      const cold = await startServer({ dataDir });
      figures.coldMs.push(cold.startMs);
      await cold.stop();
      console.info(`Paleidimas ${round}/${STARTS}: šiltas (tas pats aplankas)`);
      const warm = await startServer({ dataDir });
      figures.warmMs.push(warm.startMs);
      if (round >= STARTS) return { figures, server: warm, dataDir };
      await warm.stop();
    } catch (error) {
      removeDataDir(dataDir);
      throw error;
    }
    removeDataDir(dataDir);
  }
}

/** `count` requests, `concurrency` at a time, after a short unmeasured warm-up. */
async function measureLatency(
  agent: http.Agent,
  base: URL,
  name: string,
  expected: number,
  next: () => Call,
): Promise<LatencyFigures> {
  console.info(`Matuojama: ${name}`);
  const run = async (count: number) => {
    const times: number[] = [];
    let failed = 0;
    let firstFailure: string | undefined;
    let issued = 0;
    const worker = async () => {
      while (issued < count) {
        issued++;
        const answer = await send(agent, base, next());
        times.push(answer.ms);
        if (answer.status !== expected) {
          failed++;
          firstFailure ??= `${answer.status}: ${answer.body.toString("utf8").slice(0, 200)}`;
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count) }, worker));
    return { times, failed, firstFailure, seconds: (performance.now() - started) / 1000 };
  };
  await run(WARMUP);
  const { times, failed, firstFailure, seconds } = await run(REQUESTS);
  times.sort((a, b) => a - b);
  return {
    name,
    requests: times.length,
    failed,
    ...(firstFailure ? { firstFailure } : {}),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    perSecond: times.length / seconds,
  };
}

type Reservation = { id: string; carId: string; pickupAt: string; returnAt: string; status: string };

async function allReservations(agent: http.Agent, base: URL, cookie: string): Promise<Reservation[]> {
  const all: Reservation[] = [];
  for (let start = 0; ; start += 100) {
    const query = new URLSearchParams({
      sort: JSON.stringify(["id", "ASC"]),
      range: JSON.stringify([start, start + 99]),
      filter: "{}",
    });
    const answer = await send(agent, base, {
      method: "GET",
      path: `/api/admin/reservations?${query}`,
      headers: { cookie, accept: "application/json" },
    });
    if (answer.status !== 200) throw new Error(`Rezervacijų sąrašas: būsena ${answer.status}`);
    const page = listOf<Reservation>(json(answer, "Rezervacijų sąrašas"));
    all.push(...page);
    const total = Number(
      String(answer.headers["content-range"] ?? "")
        .split("/")
        .pop(),
    );
    if (page.length === 0 || !(all.length < total)) return all;
  }
}

function reservationBody(carId: string, locationId: string, pickupAt: string, returnAt: string, n: number): string {
  return JSON.stringify({
    carId,
    pickupAt,
    returnAt,
    pickupLocationId: locationId,
    returnLocationId: locationId,
    extras: [],
    customer: {
      firstName: "Matas",
      lastName: "Matuojamasis",
      email: `matavimas.${process.pid}.${n}@pavyzdys.lt`,
      phone: "+370 612 34567",
      birthDate: "1985-04-12",
      licenceNumber: `LT${String(2_000_000 + n)}`,
    },
    comment: "Našumo matavimas.",
    acceptTerms: true,
  });
}

async function measureSizes(agent: http.Agent, base: URL, paths: string[]): Promise<SizeFigures[]> {
  const results: SizeFigures[] = [];
  for (const pagePath of paths) {
    console.info(`Matuojamas dydis: ${pagePath}`);
    const get = (encoding: string) =>
      send(agent, base, { method: "GET", path: pagePath, headers: { "accept-encoding": encoding } });
    const raw = await get("identity");
    const gzip = await get("gzip");
    const brotli = await get("br");
    // What the server sends; when it sends a page uncompressed, the figure says so and is the raw size.
    const gzipSent = gzip.headers["content-encoding"] === "gzip";
    const brotliSent = brotli.headers["content-encoding"] === "br";
    const jsKb = await initialJsKb(base.origin, pagePath);
    results.push({
      path: pagePath,
      status: raw.status,
      rawBytes: raw.body.length,
      gzipBytes: gzipSent ? gzip.body.length : gzipSync(raw.body, { level: 9 }).length,
      gzipSent,
      brotliBytes: brotliSent ? brotli.body.length : brotliCompressSync(raw.body).length,
      brotliSent,
      jsKb,
      jsBudgetKb: jsBudgetFor(pagePath),
      jsOk: jsKb <= jsBudgetFor(pagePath),
    });
  }
  return results;
}

// ---------- main ----------

async function main(): Promise<void> {
  if (!distBuilt()) {
    console.error(DIST_MISSING);
    process.exit(1);
  }
  const jsonIndex = process.argv.indexOf("--json");
  const jsonFile = jsonIndex > 0 ? process.argv[jsonIndex + 1] : undefined;
  const seedDirIndex = process.argv.indexOf("--scale-data");
  if (process.argv.includes("--mixed")) {
    process.exitCode = await runMixed({
      seconds: numberArg("--seconds", 120),
      concurrency: numberArg("--concurrency", 20),
      ...(jsonFile ? { jsonFile } : {}),
    });
    return;
  }
  if (process.argv.includes("--scale")) {
    process.exitCode = await runScale({
      requests: numberArg("--requests", SCALE_REQUESTS),
      concurrency: CONCURRENCY,
      ...(jsonFile ? { jsonFile } : {}),
      ...(seedDirIndex > 0 && process.argv[seedDirIndex + 1] ? { seedDir: process.argv[seedDirIndex + 1] } : {}),
    });
    return;
  }

  const { figures: starts, server, dataDir } = await measureStarts();
  const base = new URL(server.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const origin = base.origin;
  const latency: LatencyFigures[] = [];
  let doubleBooking: DoubleBookingFigures;
  let sizes: SizeFigures[];
  let attack: AttackFigures;
  try {
    // ----- what the measurements need: cars, a place, a session -----
    const get = async <T>(path: string) => {
      const answer = await send(agent, base, { method: "GET", path, headers: { accept: "application/json" } });
      if (answer.status !== 200) throw new Error(`GET ${path}: būsena ${answer.status}`);
      return json<T>(answer, `GET ${path}`);
    };
    const cars = listOf<{ id: string; slug: string }>(await get("/api/site/cars"));
    const news = listOf<{ slug: string }>(await get("/api/site/news"));
    const settings = await get<{ locations: { id: string }[] }>("/api/site/settings");
    const firstCar = cars[0];
    const locationId = settings.locations[0]?.id;
    if (!firstCar || !locationId) throw new Error("Demonstraciniuose duomenyse nėra automobilių ar vietų");
    const carPath = `/automobiliai/${firstCar.slug}`;

    const login = await send(agent, base, {
      method: "POST",
      path: "/api/auth/login",
      headers: { origin, accept: "application/json" },
      body: JSON.stringify({ email: DEMO_CREDENTIALS.admin.email, password: DEMO_CREDENTIALS.admin.password }),
    });
    if (login.status !== 200) throw new Error(`Prisijungti nepavyko: būsena ${login.status}`);
    const setCookie = login.headers["set-cookie"] ?? [];
    const cookie = setCookie.map((c) => c.split(";")[0]).join("; ");

    // Free (car, period) slots for the reservation run: one day each, a day apart, none
    // overlapping a reservation the demo data already holds.
    const existing = (await allReservations(agent, base, cookie)).filter((r) =>
      (BLOCKING_STATUSES as readonly string[]).includes(r.status),
    );
    const slots: { carId: string; pickupAt: string; returnAt: string }[] = [];
    for (let day = FIRST_SLOT_DAY; day + 1 <= LAST_SLOT_DAY; day += 2) {
      const period = { pickupAt: vilniusDay(day, "10:00"), returnAt: vilniusDay(day + 1, "10:00") };
      for (const car of cars) {
        if (!existing.some((r) => r.carId === car.id && overlaps(r, period))) slots.push({ carId: car.id, ...period });
      }
    }
    if (slots.length < REQUESTS + WARMUP) throw new Error(`Per mažai laisvų laikotarpių (${slots.length})`);

    // ----- latency -----
    const page = (path: string) => () =>
      ({ method: "GET", path, headers: { accept: "text/html", "accept-encoding": "br, gzip" } }) as Call;
    const api =
      (path: string, headers: Record<string, string> = {}) =>
      () =>
        ({
          method: "GET",
          path,
          headers: { accept: "application/json", "accept-encoding": "br, gzip", ...headers },
        }) as Call;
    const search = new URLSearchParams({ from: vilniusDay(30, "10:00"), to: vilniusDay(33, "10:00") });
    const adminQuery = new URLSearchParams({
      sort: JSON.stringify(["pickupAt", "DESC"]),
      range: JSON.stringify([0, 24]),
      filter: "{}",
    });
    let slotIndex = 0;
    let reservationNumber = 0;
    const scenarios: [string, number, () => Call][] = [
      ["GET / (paruoštas HTML)", 200, page("/")],
      ["GET /automobiliai", 200, page("/automobiliai")],
      [`GET ${carPath}`, 200, page(carPath)],
      ["GET /api/site/cars", 200, api("/api/site/cars")],
      [`GET /api/site/cars/${firstCar.slug}`, 200, api(`/api/site/cars/${firstCar.slug}`)],
      ["GET /api/site/search (3 paros)", 200, api(`/api/site/search?${search}`)],
      ["GET /api/admin/reservations (25 eil.)", 200, api(`/api/admin/reservations?${adminQuery}`, { cookie })],
      [
        "POST /api/site/quote (formos kaina)",
        200,
        () => ({
          method: "POST",
          path: "/api/site/quote",
          headers: { origin, accept: "application/json" },
          body: JSON.stringify({
            carId: firstCar.id,
            pickupAt: vilniusDay(30, "10:00"),
            returnAt: vilniusDay(33, "10:00"),
            pickupLocationId: locationId,
            returnLocationId: locationId,
            extras: [],
          }),
        }),
      ],
      [
        "POST /api/site/reservations",
        201,
        () => {
          const slot = slots[slotIndex++];
          if (!slot) throw new Error("Baigėsi laisvi laikotarpiai");
          reservationNumber++;
          return {
            method: "POST",
            path: "/api/site/reservations",
            headers: { origin, accept: "application/json" },
            body: reservationBody(slot.carId, locationId, slot.pickupAt, slot.returnAt, reservationNumber),
          };
        },
      ],
    ];
    for (const [name, expected, next] of scenarios)
      latency.push(await measureLatency(agent, base, name, expected, next));

    // ----- double booking -----
    console.info(`Matuojama: ${DOUBLE} lygiagrečių rezervacijų vienam automobiliui`);
    const returnAt = vilniusDay(DOUBLE_BOOKING_DAY + 3, "10:00");
    const period = { pickupAt: vilniusDay(DOUBLE_BOOKING_DAY, "10:00"), returnAt };
    const before = (await allReservations(agent, base, cookie)).filter((r) =>
      (BLOCKING_STATUSES as readonly string[]).includes(r.status),
    );
    const car = cars.find((c) => !before.some((r) => r.carId === c.id && overlaps(r, period)));
    if (!car) throw new Error("Nėra laisvo automobilio dvigubos rezervacijos bandymui");
    // Its own connections, all at once; every pickup differs by a minute and every pair overlaps.
    const crowd = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
    const answers = await Promise.all(
      Array.from({ length: DOUBLE }, (_, i) => {
        const pickupAt = vilniusLocalToInstant(
          addDaysToDateString(vilniusDateString(new Date()), DOUBLE_BOOKING_DAY),
          `10:${String(i % 60).padStart(2, "0")}`,
        ).toISOString();
        return send(crowd, base, {
          method: "POST",
          path: "/api/site/reservations",
          headers: { origin, accept: "application/json" },
          body: reservationBody(car.id, locationId, pickupAt, returnAt, 1_000_000 + i),
        });
      }),
    );
    crowd.destroy();
    const stored = (await allReservations(agent, base, cookie)).filter(
      (r) => r.carId === car.id && (BLOCKING_STATUSES as readonly string[]).includes(r.status) && overlaps(r, period),
    ).length;
    const created = answers.filter((a) => a.status === 201).length;
    const conflicts = answers.filter((a) => a.status === 409).length;
    doubleBooking = {
      requests: DOUBLE,
      created,
      conflicts,
      other: DOUBLE - created - conflicts,
      stored,
      ok: created === 1 && stored === 1,
    };

    // ----- transfer sizes -----
    const paths = [
      ...PUBLIC_ROUTES.filter((route) => !route.path.includes(":")).map((route) => route.path),
      carPath,
      ...(news[0] ? [`/naujienos/${news[0].slug}`] : []),
    ];
    sizes = await measureSizes(agent, base, paths);

    // ----- the public catalogue under a sign-in burst and forged bodies (last: it slows sign-ins) -----
    attack = await measureUnderAttack(base, origin, cookie);
  } finally {
    agent.destroy();
    await server.stop();
    removeDataDir(dataDir);
  }

  // ----- report -----
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  heading("1. Serverio paleidimas (iki pirmo GET /api/health atsakymo 200)");
  table(
    ["Paleidimas", "Mediana", "Visi matavimai"],
    [
      [
        "šaltas (tuščias aplankas + demonstraciniai duomenys)",
        ms(median(starts.coldMs)),
        starts.coldMs.map(ms).join(", "),
      ],
      ["šiltas (esamas aplankas)", ms(median(starts.warmMs)), starts.warmMs.map(ms).join(", ")],
    ],
    [1],
  );

  heading(`2. HTTP delsa: po ${REQUESTS} užklausų, ${CONCURRENCY} lygiagrečiai, nuolatiniai ryšiai (keep-alive)`);
  table(
    ["Užklausa", "p50", "p95", "p99", "užkl./s", "Klaidos"],
    latency.map((l) => [
      l.name,
      ms(l.p50),
      ms(l.p95),
      ms(l.p99),
      lt0.format(l.perSecond),
      l.failed === 0 ? "0" : `${l.failed} ✗`,
    ]),
    [1, 2, 3, 4, 5],
  );
  for (const l of latency) if (l.firstFailure) console.info(`  ${l.name}: pirma klaida ${l.firstFailure}`);

  heading(`3. Dviguba rezervacija: ${DOUBLE} lygiagrečių užklausų tam pačiam automobiliui ir laikotarpiui`);
  table(
    ["201 (priimta)", "409 (užimta)", "Kita", "Išsaugota", "Rezultatas"],
    [
      [
        String(doubleBooking.created),
        String(doubleBooking.conflicts),
        String(doubleBooking.other),
        String(doubleBooking.stored),
        doubleBooking.ok ? "gerai (lygiai viena)" : "✗ turi būti lygiai viena",
      ],
    ],
    [0, 1, 2, 3],
  );

  heading(
    `4. Perdavimo dydžiai: HTML ir pradinis JS (biudžetas ${JS_BUDGET_KB} kB gzip, puslapiams be formų ${JS_BUDGET_NO_FORM_KB} kB)`,
  );
  table(
    ["Puslapis", "Būsena", "HTML", "gzip", "brotli", "JS (gzip)"],
    sizes.map((s) => [
      s.path,
      String(s.status),
      kb(s.rawBytes),
      `${kb(s.gzipBytes)}${s.gzipSent ? "" : " *"}`,
      `${kb(s.brotliBytes)}${s.brotliSent ? "" : " *"}`,
      `${lt1.format(s.jsKb)} kB / ${s.jsBudgetKb}${s.jsOk ? "" : " ✗"}`,
    ]),
    [1, 2, 3, 4, 5],
  );
  if (sizes.some((s) => !s.gzipSent || !s.brotliSent)) {
    console.info("  * serveris šio puslapio nesuspaudžia; parodytas dydis, jei būtų suspaustas");
  }

  if (jsonFile) {
    writeFileSync(
      jsonFile,
      JSON.stringify(
        {
          requests: REQUESTS,
          concurrency: CONCURRENCY,
          starts,
          latency,
          doubleBooking,
          sizes,
          attack,
          jsBudgetKb: JS_BUDGET_KB,
          jsBudgetNoFormKb: JS_BUDGET_NO_FORM_KB,
        },
        null,
        2,
      ),
    );
    console.info("");
    console.info(`Rezultatai įrašyti: ${jsonFile}`);
  }

  const overBudget = sizes.filter((s) => !s.jsOk);
  console.info("");
  if (!doubleBooking.ok || overBudget.length > 0) {
    if (!doubleBooking.ok)
      console.error(
        `Dviguba rezervacija: priimta ${doubleBooking.created}, išsaugota ${doubleBooking.stored} (turi būti 1).`,
      );
    for (const s of overBudget)
      console.error(`${s.path}: JS ${lt1.format(s.jsKb)} kB viršija ${s.jsBudgetKb} kB biudžetą.`);
    process.exitCode = 1;
  } else {
    console.info("Dviguba rezervacija neįmanoma, JS biudžetas neviršytas.");
  }
}

main().catch((error: unknown) => {
  console.error("Matavimas nepavyko:", error);
  process.exit(1);
});

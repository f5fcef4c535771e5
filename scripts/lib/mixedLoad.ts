// `npm run bench -- --mixed [--seconds 120] [--concurrency 20] [--json out.json]`: a mixed load
// (catalogue and search, car pages, quotes and bookings, admin lists, uploads) for a fixed time
// with a fixed number of requests in flight, against two setups of the compiled server, one after
// the other in one run:
//   1. the default setup: `npm run serve`'s defaults, the embedded PostgreSQL in DATA_DIR/postgres
//      (fsync on, WAL archiving on, the scheduled jobs as they run);
//   2. the PostgreSQL path: DATABASE_URL to a throwaway server of the machine's PostgreSQL
//      (/usr/lib/postgresql/<v>/bin, its durability defaults: fsync on).
// Both start with the demo data in an empty place. The first seconds (warm-up) are not counted.
// Printed per setup: p50/p95/p99 per kind of request, errors and requests per second; then the
// ratio default/PostgreSQL of p95. The same pseudo-random sequence of requests is sent to both.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { DEMO_CREDENTIALS } from "../../server/seed/demoData";
import { BLOCKING_STATUSES } from "../../src/domain/availability";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../../src/domain/time";
import { makePng } from "../../tests/helpers/images";
import { type BenchServer, startServer } from "./benchServer";
import { heading, listOf, lt0, lt1, ms, percentile, table } from "./scaleHttp";
import { ThrowawayPostgres } from "./throwawayPostgres";

export interface MixedOptions {
  seconds: number;
  concurrency: number;
  jsonFile?: string;
}

/** The kinds of request, their share of the load and the status that counts as success. */
const KINDS = [
  { key: "catalogue", label: "katalogas: GET /api/site/cars", weight: 16, catalogue: true },
  { key: "cataloguePage", label: "katalogas: GET /automobiliai", weight: 8, catalogue: true },
  { key: "search", label: "paieška: GET /api/site/search", weight: 12, catalogue: true },
  { key: "carPage", label: "automobilio puslapis (HTML)", weight: 10, catalogue: false },
  { key: "carApi", label: "automobilis: GET /api/site/cars/:slug", weight: 10, catalogue: false },
  { key: "quote", label: "kaina: POST /api/site/quote", weight: 8, catalogue: false },
  { key: "booking", label: "rezervacija: POST /api/site/reservations", weight: 4, catalogue: false },
  { key: "adminReservations", label: "admin: rezervacijų sąrašas (25)", weight: 12, catalogue: false },
  { key: "adminCars", label: "admin: automobilių sąrašas (25)", weight: 8, catalogue: false },
  { key: "adminCustomers", label: "admin: klientų sąrašas (25)", weight: 6, catalogue: false },
  { key: "upload", label: "įkėlimas: POST /api/admin/files (PNG)", weight: 6, catalogue: false },
] as const;
type Kind = (typeof KINDS)[number]["key"];
const TOTAL_WEIGHT = KINDS.reduce((sum, kind) => sum + kind.weight, 0);

interface Request {
  kind: Kind;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  expected: number;
}

interface Sample {
  kind: Kind;
  ms: number;
  ok: boolean;
}

interface Figures {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface SetupFigures {
  setup: string;
  seconds: number;
  perSecond: number;
  errors: number;
  firstError: string | null;
  catalogue: Figures;
  kinds: Record<Kind, Figures>;
  bookingsWithoutSlot: number;
}

/** A small deterministic pseudo-random sequence (the same mix for both setups). */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x80000000;
  };
}

function send(agent: http.Agent, base: URL, request: Request): Promise<{ status: number; body: Buffer; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers = { ...request.headers };
    if (request.body) headers["content-length"] = String(request.body.length);
    const call = http.request(
      { agent, host: base.hostname, port: base.port, method: request.method, path: request.path, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), ms: performance.now() - started }),
        );
        response.on("error", reject);
      },
    );
    call.on("error", reject);
    call.end(request.body);
  });
}

const vilniusDay = (days: number, time: string): string =>
  vilniusLocalToInstant(addDaysToDateString(vilniusDateString(new Date()), days), time).toISOString();

const overlaps = (a: { pickupAt: string; returnAt: string }, b: { pickupAt: string; returnAt: string }) =>
  Date.parse(a.pickupAt) < Date.parse(b.returnAt) && Date.parse(b.pickupAt) < Date.parse(a.returnAt);

const listQuery = (sort: string) =>
  new URLSearchParams({ sort: JSON.stringify([sort, "DESC"]), range: JSON.stringify([0, 24]), filter: "{}" });

/** What the load needs from a freshly seeded server: its cars and a place. */
async function prepare(base: URL): Promise<{ cars: { id: string; slug: string }[]; locationId: string }> {
  const getJson = async <T>(path: string): Promise<T> => {
    const response = await fetch(new URL(path, base), { headers: { accept: "application/json" } });
    if (response.status !== 200) throw new Error(`GET ${path}: būsena ${response.status}`);
    return (await response.json()) as T;
  };
  const cars = listOf<{ id: string; slug: string }>(await getJson("/api/site/cars"));
  const settings = await getJson<{ locations: { id: string }[] }>("/api/site/settings");
  const locationId = settings.locations[0]?.id;
  if (cars.length === 0 || !locationId) throw new Error("Demonstraciniuose duomenyse nėra automobilių ar vietų");
  return { cars, locationId };
}

async function loginCookie(base: URL): Promise<string> {
  const response = await fetch(new URL("/api/auth/login", base), {
    method: "POST",
    headers: { origin: base.origin, accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_CREDENTIALS.admin.email, password: DEMO_CREDENTIALS.admin.password }),
  });
  if (response.status !== 200) throw new Error(`Prisijungti nepavyko: būsena ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Free one-day periods per car from day 110 on, none overlapping a blocking reservation. */
async function freeSlots(base: URL, cookie: string, cars: { id: string }[]) {
  const existing: { carId: string; pickupAt: string; returnAt: string; status: string }[] = [];
  for (let start = 0; ; start += 100) {
    const query = new URLSearchParams({
      sort: JSON.stringify(["id", "ASC"]),
      range: JSON.stringify([start, start + 99]),
      filter: "{}",
    });
    const response = await fetch(new URL(`/api/admin/reservations?${query}`, base), {
      headers: { cookie, accept: "application/json" },
    });
    if (response.status !== 200) throw new Error(`Rezervacijų sąrašas: būsena ${response.status}`);
    const body = (await response.json()) as unknown;
    const page = listOf<(typeof existing)[number]>(body);
    existing.push(...page);
    const total = Number((response.headers.get("content-range") ?? "").split("/").pop());
    if (page.length === 0 || !(existing.length < total)) break;
  }
  const blocking = existing.filter((r) => (BLOCKING_STATUSES as readonly string[]).includes(r.status));
  const slots: { carId: string; pickupAt: string; returnAt: string }[] = [];
  for (let day = 110; day + 1 <= 360; day += 2) {
    const period = { pickupAt: vilniusDay(day, "10:00"), returnAt: vilniusDay(day + 1, "10:00") };
    for (const car of cars) {
      if (!blocking.some((r) => r.carId === car.id && overlaps(r, period))) slots.push({ carId: car.id, ...period });
    }
  }
  return slots;
}

/** Runs the mixed load against one server and returns its figures. */
async function load(setup: string, server: BenchServer, options: MixedOptions): Promise<SetupFigures> {
  const base = new URL(server.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  try {
    const { cars, locationId } = await prepare(base);
    const cookie = await loginCookie(base);
    const slots = await freeSlots(base, cookie, cars);
    const origin = base.origin;
    const png = makePng(64, 48);
    const boundary = "----ratai-matavimas";
    const uploadBody = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\nmisc\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="matavimas.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const search = new URLSearchParams({ from: vilniusDay(30, "10:00"), to: vilniusDay(33, "10:00") });
    const json = { accept: "application/json", "accept-encoding": "br, gzip" };
    const html = { accept: "text/html", "accept-encoding": "br, gzip" };
    const random = generator(20261129);
    let slotIndex = 0;
    let bookingsWithoutSlot = 0;
    let bookingNumber = 0;

    const quote = (): Request => ({
      kind: "quote",
      method: "POST",
      path: "/api/site/quote",
      headers: { ...json, origin, "content-type": "application/json" },
      body: Buffer.from(
        JSON.stringify({
          carId: cars[Math.floor(random() * cars.length)]!.id,
          pickupAt: vilniusDay(30, "10:00"),
          returnAt: vilniusDay(33, "10:00"),
          pickupLocationId: locationId,
          returnLocationId: locationId,
          extras: [],
        }),
      ),
      expected: 200,
    });
    const next = (): Request => {
      const pick = random() * TOTAL_WEIGHT;
      let sum = 0;
      const kind =
        KINDS.find((k) => {
          sum += k.weight;
          return pick < sum;
        })?.key ?? "catalogue";
      const car = cars[Math.floor(random() * cars.length)]!;
      switch (kind) {
        case "catalogue":
          return { kind, method: "GET", path: "/api/site/cars", headers: json, expected: 200 };
        case "cataloguePage":
          return { kind, method: "GET", path: "/automobiliai", headers: html, expected: 200 };
        case "search":
          return { kind, method: "GET", path: `/api/site/search?${search}`, headers: json, expected: 200 };
        case "carPage":
          return { kind, method: "GET", path: `/automobiliai/${car.slug}`, headers: html, expected: 200 };
        case "carApi":
          return { kind, method: "GET", path: `/api/site/cars/${car.slug}`, headers: json, expected: 200 };
        case "quote":
          return quote();
        case "booking": {
          const slot = slots[slotIndex++];
          if (!slot) {
            bookingsWithoutSlot++;
            return quote();
          }
          bookingNumber++;
          return {
            kind,
            method: "POST",
            path: "/api/site/reservations",
            headers: { ...json, origin, "content-type": "application/json" },
            body: Buffer.from(
              JSON.stringify({
                carId: slot.carId,
                pickupAt: slot.pickupAt,
                returnAt: slot.returnAt,
                pickupLocationId: locationId,
                returnLocationId: locationId,
                extras: [],
                customer: {
                  firstName: "Matas",
                  lastName: "Matuojamasis",
                  email: `misri.${process.pid}.${setup.length}.${bookingNumber}@pavyzdys.lt`,
                  phone: "+370 612 34567",
                  birthDate: "1985-04-12",
                  licenceNumber: `LT${String(3_000_000 + bookingNumber)}`,
                },
                comment: "Mišrios apkrovos matavimas.",
                acceptTerms: true,
              }),
            ),
            expected: 201,
          };
        }
        case "adminReservations":
          return {
            kind,
            method: "GET",
            path: `/api/admin/reservations?${listQuery("pickupAt")}`,
            headers: { ...json, cookie },
            expected: 200,
          };
        case "adminCars":
          return {
            kind,
            method: "GET",
            path: `/api/admin/cars?${listQuery("id")}`,
            headers: { ...json, cookie },
            expected: 200,
          };
        case "adminCustomers":
          return {
            kind,
            method: "GET",
            path: `/api/admin/customers?${listQuery("id")}`,
            headers: { ...json, cookie },
            expected: 200,
          };
        case "upload":
          return {
            kind,
            method: "POST",
            path: "/api/admin/files",
            headers: { ...json, cookie, origin, "content-type": `multipart/form-data; boundary=${boundary}` },
            body: uploadBody,
            expected: 201,
          };
      }
    };

    const warmupMs = Math.min(10_000, Math.max(2_000, (options.seconds * 1000) / 12));
    const samples: Sample[] = [];
    let firstError: string | null = null;
    const startedAt = performance.now();
    const countFrom = startedAt + warmupMs;
    const endAt = countFrom + options.seconds * 1000;
    console.info(
      `${setup}: ${lt0.format(warmupMs / 1000)} s įšilimas, tada ${options.seconds} s matuojama, ${options.concurrency} užklausų vienu metu`,
    );
    const worker = async () => {
      while (performance.now() < endAt) {
        const request = next();
        const began = performance.now();
        let ok = false;
        let took = 0;
        try {
          const answer = await send(agent, base, request);
          took = answer.ms;
          ok = answer.status === request.expected;
          if (!ok && began >= countFrom) {
            firstError ??= `${request.method} ${request.path.split("?")[0]}: ${answer.status} ${answer.body.toString("utf8").slice(0, 160)}`;
          }
        } catch (error) {
          took = performance.now() - began;
          firstError ??= `${request.method} ${request.path.split("?")[0]}: ${error instanceof Error ? error.message : String(error)}`;
        }
        if (began >= countFrom && began < endAt) samples.push({ kind: request.kind, ms: took, ok });
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    const measuredSeconds = (Math.max(endAt, performance.now()) - countFrom) / 1000;

    const figuresOf = (selected: Sample[]): Figures => {
      const times = selected.map((s) => s.ms).sort((a, b) => a - b);
      return {
        requests: selected.length,
        errors: selected.filter((s) => !s.ok).length,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
      };
    };
    const catalogueKinds = new Set<Kind>(KINDS.filter((k) => k.catalogue).map((k) => k.key));
    const kinds = Object.fromEntries(
      KINDS.map((k) => [k.key, figuresOf(samples.filter((s) => s.kind === k.key))]),
    ) as Record<Kind, Figures>;
    return {
      setup,
      seconds: measuredSeconds,
      perSecond: samples.length / measuredSeconds,
      errors: samples.filter((s) => !s.ok).length,
      firstError,
      catalogue: figuresOf(samples.filter((s) => catalogueKinds.has(s.kind))),
      kinds,
      bookingsWithoutSlot,
    };
  } finally {
    agent.destroy();
  }
}

function printSetup(figures: SetupFigures): void {
  heading(
    `${figures.setup}: ${lt0.format(figures.seconds)} s, ${lt0.format(figures.perSecond)} užkl./s, klaidų ${figures.errors}`,
  );
  const row = (label: string, f: Figures) => [
    label,
    lt0.format(f.requests),
    ms(f.p50),
    ms(f.p95),
    ms(f.p99),
    f.errors === 0 ? "0" : `${f.errors} ✗`,
  ];
  table(
    ["Užklausos", "Kiekis", "p50", "p95", "p99", "Klaidos"],
    [row("KATALOGAS IR PAIEŠKA (kartu)", figures.catalogue), ...KINDS.map((k) => row(k.label, figures.kinds[k.key]))],
    [1, 2, 3, 4, 5],
  );
  if (figures.firstError) console.info(`  Pirma klaida: ${figures.firstError}`);
  if (figures.bookingsWithoutSlot > 0) {
    console.info(
      `  Laisvų laikotarpių pritrūko: ${figures.bookingsWithoutSlot} rezervacijų pakeista kainos užklausomis`,
    );
  }
}

/** Both setups one after the other; the exit code (1 when a setup could not be measured). */
export async function runMixed(options: MixedOptions): Promise<number> {
  const results: SetupFigures[] = [];

  console.info("1. Numatytoji sąranga: įdiegtas PostgreSQL (DATA_DIR/postgres), kaip npm run serve");
  const embedded = await startServer();
  try {
    if (!embedded.output().includes("Duomenų bazė: PostgreSQL aplanke")) {
      throw new Error(`Numatytasis serveris atvėrė ne įdiegtą PostgreSQL:\n${embedded.output().slice(-2000)}`);
    }
    results.push(await load("Numatytoji (įdiegtas PostgreSQL)", embedded, options));
  } finally {
    await embedded.stop();
  }

  console.info("2. PostgreSQL kelias: DATABASE_URL į laikiną serverį");
  const cluster = await ThrowawayPostgres.start();
  if (typeof cluster === "string") {
    console.info(`nevykdyta: PostgreSQL kelio matavimas – ${cluster}`);
  } else {
    try {
      const version = spawnSync(path.join(cluster.bin, "postgres"), ["--version"], { encoding: "utf8" }).stdout.trim();
      console.info(`  PostgreSQL programos: ${cluster.bin} (${version})`);
      const server = await startServer({ env: { DATABASE_URL: cluster.url } });
      try {
        results.push(await load("PostgreSQL (DATABASE_URL)", server, options));
      } finally {
        await server.stop();
      }
    } finally {
      await cluster.stop();
    }
  }

  for (const figures of results) printSetup(figures);
  const [base, other] = results;
  if (base && other) {
    heading("p95 santykis: numatytoji / PostgreSQL (DATABASE_URL)");
    const ratio = (a: number, b: number) => (b > 0 ? `${lt1.format(a / b)}×` : "–");
    table(
      ["Užklausos", "Numatytoji p95", "PostgreSQL p95", "Santykis"],
      [
        [
          "KATALOGAS IR PAIEŠKA (kartu)",
          ms(base.catalogue.p95),
          ms(other.catalogue.p95),
          ratio(base.catalogue.p95, other.catalogue.p95),
        ],
        ...KINDS.map((k) => [
          k.label,
          ms(base.kinds[k.key].p95),
          ms(other.kinds[k.key].p95),
          ratio(base.kinds[k.key].p95, other.kinds[k.key].p95),
        ]),
        ["užkl./s", lt0.format(base.perSecond), lt0.format(other.perSecond), ratio(base.perSecond, other.perSecond)],
      ],
      [1, 2, 3],
    );
  }
  if (options.jsonFile) {
    writeFileSync(options.jsonFile, JSON.stringify({ ...options, results }, null, 2));
    console.info(`Rezultatai įrašyti: ${options.jsonFile}`);
  }
  return results.length === 2 ? 0 : 1;
}

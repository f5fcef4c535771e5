// `npm run bench -- --scale`: the API at the size of a real company's history. A fresh data folder
// gets the demo company (the real server's --demo start) and then scripts/lib/scaleSeed.ts adds
// 1,000 cars, 30,000 customers, 100,000 reservations over 3 years and 5,000 inquiries; the real
// server is started on it and every scenario is measured twice:
//   - latency (p50/p95/p99): one request at a time, so the figure is what one visitor waits;
//   - throughput (requests/s): `--concurrency` requests at a time over keep-alive connections.
// A static file of the build from the same server is the machine's ceiling. The server's peak
// resident memory (VmHWM of its process) is read from /proc at the end.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { DEMO_CREDENTIALS } from "../../server/seed/demoData";
import { SEARCH_PAGE_SIZE } from "../../src/domain/searchPage";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../../src/domain/time";
import { type BenchServer, ROOT, removeDataDir, startServer, tempDataDir } from "./benchServer";
import { type Answer, type Call, heading, json, listOf, lt0, lt1, ms, percentile, send, table } from "./scaleHttp";
import { SCALE_SIZE, type ScaleSeedResult, SEEDED_FUTURE_DAYS, seedScale } from "./scaleSeed";

export interface ScaleOptions {
  requests: number;
  concurrency: number;
  jsonFile?: string;
  /**
   * A folder to keep the seeded data in: seeded there when empty, copied from there when not
   * (the run writes reservations, so the kept folder stays as seeded). Saves the seed on reruns.
   */
  seedDir?: string;
}

interface Scenario {
  name: string;
  /** how many loads to measure (each run) */
  count: number;
  /** one load: a request, or the set of requests a screen makes; resolves to the failure text or null */
  load: () => Promise<{ failure: string | null; bytes: number }>;
}

interface ScenarioFigures {
  name: string;
  count: number;
  failed: number;
  firstFailure?: string;
  /** body bytes of the last load */
  bytes: number;
  p50: number;
  p95: number;
  p99: number;
  /** throughput run at `concurrency` */
  perSecond: number;
  p95Concurrent: number;
}

// ---------- the server process ----------

/** The server's process: a child of this one whose command line runs the server (main.mjs or main.ts). */
function serverPid(): number | null {
  const children: number[] = [];
  for (const task of readdirSync("/proc/self/task")) {
    try {
      const text = readFileSync(`/proc/self/task/${task}/children`, "utf8").trim();
      for (const pid of text.split(/\s+/).filter(Boolean)) children.push(Number(pid));
    } catch {
      // the thread ended meanwhile
    }
  }
  for (const pid of children) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server/main.")) return pid;
    } catch {
      // exited
    }
  }
  return null;
}

/** VmHWM (peak) and VmRSS (now) of a process, in MB. */
function memoryOf(pid: number): { peakMb: number; rssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) / 1024;
  return { peakMb: field("VmHWM"), rssMb: field("VmRSS") };
}

/** The entry script the built pages load (dist/index.html's data-entry or first module script). */
function staticAssetPath(): string {
  const distDir = path.resolve(ROOT, process.env.DIST_DIR ?? "dist");
  const html = readFileSync(path.join(distDir, "index.html"), "utf8");
  const found = /data-entry="(\/assets\/[^"]+\.js)"/.exec(html) ?? /src="(\/assets\/[^"]+\.js)"/.exec(html);
  if (!found?.[1]) throw new Error("dist/index.html nenurodo įėjimo skripto");
  return found[1];
}

// ---------- measuring ----------

async function runLoads(scenario: Scenario, count: number, concurrency: number) {
  const times: number[] = [];
  let failed = 0;
  let firstFailure: string | undefined;
  let bytes = 0;
  let issued = 0;
  const worker = async () => {
    while (issued < count) {
      issued++;
      const started = performance.now();
      const outcome = await scenario.load();
      times.push(performance.now() - started);
      bytes = outcome.bytes;
      if (outcome.failure) {
        failed++;
        firstFailure ??= outcome.failure;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { times, failed, firstFailure, bytes, seconds };
}

async function measure(scenario: Scenario, concurrency: number): Promise<ScenarioFigures> {
  console.info(`Matuojama: ${scenario.name}`);
  await runLoads(scenario, Math.min(20, scenario.count), concurrency);
  const single = await runLoads(scenario, scenario.count, 1);
  const crowd = await runLoads(scenario, scenario.count, concurrency);
  const failed = single.failed + crowd.failed;
  const firstFailure = single.firstFailure ?? crowd.firstFailure;
  return {
    name: scenario.name,
    count: scenario.count,
    failed,
    ...(firstFailure ? { firstFailure } : {}),
    bytes: single.bytes,
    p50: percentile(single.times, 50),
    p95: percentile(single.times, 95),
    p99: percentile(single.times, 99),
    perSecond: crowd.times.length / crowd.seconds,
    p95Concurrent: percentile(crowd.times, 95),
  };
}

const expect = (answer: Answer, status: number, what: string): string | null =>
  answer.status === status ? null : `${what}: ${answer.status} ${answer.body.toString("utf8").slice(0, 160)}`;

// ---------- the run ----------

export async function runScale(options: ScaleOptions): Promise<number> {
  const { requests, concurrency } = options;
  const dataDir = tempDataDir();
  let server: BenchServer | null = null;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency * 8 });
  try {
    console.info(`Duomenų aplankas: ${dataDir}`);
    const kept = options.seedDir ? path.resolve(options.seedDir) : null;
    const keptSeed = kept ? path.join(kept, "scale-seed.json") : null;
    let seeded: ScaleSeedResult;
    if (kept && keptSeed && existsSync(keptSeed)) {
      console.info(`Naudojami anksčiau įkelti duomenys iš ${kept}`);
      cpSync(kept, dataDir, { recursive: true });
      seeded = JSON.parse(readFileSync(keptSeed, "utf8")) as ScaleSeedResult;
    } else {
      console.info("Demonstraciniai duomenys (tikras serveris su --demo)…");
      const demo = await startServer({ dataDir });
      await demo.stop();
      console.info(
        `Didelės įmonės duomenys: ${lt0.format(SCALE_SIZE.cars)} automobilių, ${lt0.format(SCALE_SIZE.customers)} klientų, ${lt0.format(SCALE_SIZE.reservations)} rezervacijų, ${lt0.format(SCALE_SIZE.requests)} užklausų…`,
      );
      seeded = await seedScale(dataDir);
      if (kept && keptSeed) {
        mkdirSync(kept, { recursive: true });
        cpSync(dataDir, kept, { recursive: true });
        writeFileSync(keptSeed, JSON.stringify(seeded));
      }
    }
    console.info(`Įkelta per ${lt1.format(seeded.seconds)} s: ${JSON.stringify(seeded.counts)}`);

    server = await startServer({ dataDir });
    const pid = serverPid();
    if (!pid) throw new Error("Nerastas serverio procesas (/proc)");
    const startMs = server.startMs;
    const memoryAtStart = memoryOf(pid);
    // The peak from here on: a start that runs a migration on 100,000 rows peaks once, before
    // any request (Linux: writing 5 to clear_refs resets VmHWM to the current RSS).
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, "5");
    } catch {
      // not allowed here: the peak then includes the start
    }
    const base = new URL(server.url);
    const origin = base.origin;

    const get = async <T>(requestPath: string, headers: Record<string, string> = {}) => {
      const answer = await send(agent, base, {
        method: "GET",
        path: requestPath,
        headers: { accept: "application/json", ...headers },
      });
      if (answer.status !== 200) throw new Error(`GET ${requestPath}: būsena ${answer.status}`);
      return json<T>(answer, `GET ${requestPath}`);
    };
    const cars = listOf<{ id: string; slug: string }>(await get("/api/site/cars"));
    const settings = await get<{ locations: { id: string }[] }>("/api/site/settings");
    const locationId = settings.locations[0]?.id;
    if (cars.length < 100 || !locationId) throw new Error("Po įkėlimo kataloge per mažai automobilių arba nėra vietų");

    const login = await send(agent, base, {
      method: "POST",
      path: "/api/auth/login",
      headers: { origin, accept: "application/json" },
      body: JSON.stringify({ email: DEMO_CREDENTIALS.admin.email, password: DEMO_CREDENTIALS.admin.password }),
    });
    if (login.status !== 200) throw new Error(`Prisijungti nepavyko: būsena ${login.status}`);
    const cookie = (login.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");

    const today = vilniusDateString(new Date());
    const day = (days: number, time: string) =>
      vilniusLocalToInstant(addDaysToDateString(today, days), time).toISOString();
    const encodings = { "accept-encoding": "br, gzip" };
    const simple =
      (make: () => Call, status = 200) =>
      async () => {
        const call = make();
        try {
          const answer = await send(agent, base, call);
          return { failure: expect(answer, status, call.path.split("?")[0] ?? ""), bytes: answer.body.length };
        } catch (error) {
          return { failure: `${call.path.split("?")[0]}: ${String(error)}`, bytes: 0 };
        }
      };
    const apiGet = (requestPath: string, headers: Record<string, string> = {}): Call => ({
      method: "GET",
      path: requestPath,
      headers: { accept: "application/json", ...encodings, ...headers },
    });
    const adminGet = (resource: string, params: { sort: [string, string]; range: [number, number]; filter: object }) =>
      apiGet(
        `/api/admin/${resource}?${new URLSearchParams({
          sort: JSON.stringify(params.sort),
          range: JSON.stringify(params.range),
          filter: JSON.stringify(params.filter),
        })}`,
        { cookie },
      );
    /** Several requests at once (a screen's data); the load ends when the last one has arrived. */
    const together = async (calls: Call[]) => {
      const answers = await Promise.all(
        calls.map((call) =>
          send(agent, base, call).catch(
            (error: unknown): Answer => ({ status: 0, body: Buffer.from(String(error)), headers: {}, ms: 0 }),
          ),
        ),
      );
      const bad = answers.findIndex((a) => a.status !== 200);
      return {
        answers,
        failure: bad < 0 ? null : expect(answers[bad] as Answer, 200, calls[bad]?.path.split("?")[0] ?? ""),
        bytes: answers.reduce((sum, a) => sum + a.body.length, 0),
      };
    };

    // ----- scenario inputs -----
    const asset = staticAssetPath();
    const catalogue = await send(agent, base, apiGet("/api/site/cars"));
    const etag = catalogue.headers.etag;
    let n = 0;
    const nextCar = () => cars[n++ % cars.length] as { id: string; slug: string };
    // Car pages: the 50 first cars of the catalogue, as visitors look at some cars more than others
    // (each page is made once, then answered from memory; a first view costs the quote-free pricing).
    let pageIndex = 0;
    const nextPage = () => cars[pageIndex++ % Math.min(50, cars.length)] as { id: string; slug: string };
    // Search and quote periods: 3 days, starting on one of 30 days a month ahead.
    let searchIndex = 0;
    const searchPeriod = () => {
      const first = 20 + (searchIndex++ % 30);
      return { from: day(first, "10:00"), to: day(first + 3, "10:00") };
    };
    // Reservations go after the seeded future: one day each, a car after car, a day after day.
    let slot = 0;
    const reservationSlot = () => {
      const index = slot++;
      const car = cars[index % cars.length] as { id: string };
      const first = SEEDED_FUTURE_DAYS + 20 + 2 * Math.floor(index / cars.length);
      return { carId: car.id, pickupAt: day(first, "10:00"), returnAt: day(first + 1, "10:00") };
    };
    const surnames = seeded.surnames.slice(0, 20);
    let surnameIndex = 0;
    const monthFrom = vilniusLocalToInstant(today, "00:00").toISOString();
    const monthTo = vilniusLocalToInstant(addDaysToDateString(today, 31), "00:00").toISOString();
    const weekStart = addDaysToDateString(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
    const dayFrom = vilniusLocalToInstant(today, "00:00").toISOString();
    const dayTo = vilniusLocalToInstant(addDaysToDateString(today, 1), "00:00").toISOString();
    // The dashboard's window: this week (from Monday) and the next 7 days.
    const windowFrom = vilniusLocalToInstant(weekStart, "00:00").toISOString();
    const windowTo = vilniusLocalToInstant(addDaysToDateString(today, 7), "00:00").toISOString();

    const count = requests;
    const screens = Math.max(20, Math.floor(requests / 10));
    const scenarios: Scenario[] = [
      { name: `Statinis failas ${asset} (lubos)`, count, load: simple(() => apiGet(asset)) },
      { name: "GET /api/site/cars (katalogas)", count, load: simple(() => apiGet("/api/site/cars")) },
      ...(etag
        ? [
            {
              name: "GET /api/site/cars su If-None-Match (304)",
              count,
              load: simple(() => apiGet("/api/site/cars", { "if-none-match": etag }), 304),
            },
          ]
        : []),
      {
        name: "GET /api/site/cars/:slug (50 automobilių puslapiai)",
        count,
        load: simple(() => apiGet(`/api/site/cars/${nextPage().slug}`)),
      },
      { name: "GET /api/site/settings", count, load: simple(() => apiGet("/api/site/settings")) },
      { name: "GET /api/site/offers", count, load: simple(() => apiGet("/api/site/offers")) },
      {
        name: "GET /api/site/search (3 paros, 1 psl.)",
        count,
        // As the results page asks: the first page (SEARCH_PAGE_SIZE), all free cars priced for the order.
        load: simple(() =>
          apiGet(`/api/site/search?${new URLSearchParams({ ...searchPeriod(), limit: String(SEARCH_PAGE_SIZE) })}`),
        ),
      },
      {
        name: "POST /api/site/quote",
        count,
        load: simple(() => ({
          method: "POST",
          path: "/api/site/quote",
          headers: { origin, accept: "application/json" },
          body: JSON.stringify({
            carId: nextCar().id,
            ...(({ from, to }) => ({ pickupAt: from, returnAt: to }))(searchPeriod()),
            pickupLocationId: locationId,
            returnLocationId: locationId,
            extras: [],
          }),
        })),
      },
      {
        name: "POST /api/site/reservations",
        count,
        load: simple(() => {
          const free = reservationSlot();
          return {
            method: "POST",
            path: "/api/site/reservations",
            headers: { origin, accept: "application/json" },
            body: JSON.stringify({
              ...free,
              pickupLocationId: locationId,
              returnLocationId: locationId,
              extras: [],
              customer: {
                firstName: "Matas",
                lastName: "Matuojamasis",
                email: `matavimas.${slot}@pavyzdys.lt`,
                phone: "+370 612 34567",
                birthDate: "1985-04-12",
                licenceNumber: `LT${String(3_000_000 + slot)}`,
              },
              comment: "Našumo matavimas.",
              acceptTerms: true,
            }),
          };
        }, 201),
      },
      {
        name: "Administravimas: rezervacijos (pavardė + būsena, pagal paėmimą)",
        count,
        load: simple(() =>
          adminGet("reservations", {
            sort: ["pickupAt", "DESC"],
            range: [0, 24],
            filter: { q: surnames[surnameIndex++ % surnames.length], status: "completed" },
          }),
        ),
      },
      {
        name: "Administravimas: užimtumo lentelė, 31 d. (visos užklausos)",
        count: screens,
        load: async () => {
          const first = await together([
            adminGet("cars", {
              sort: ["sortOrder", "ASC"],
              range: [0, 999],
              filter: { status: ["active", "maintenance"] },
            }),
            adminGet("fleet", { sort: ["plateNumber", "ASC"], range: [0, 999], filter: {} }),
            adminGet("locations", { sort: ["sortOrder", "ASC"], range: [0, 99], filter: {} }),
            adminGet("reservations", {
              sort: ["pickupAt", "ASC"],
              range: [0, 4999],
              filter: {
                pickupAt_lt: monthTo,
                returnAt_gt: monthFrom,
                status: ["new", "confirmed", "active", "completed"],
              },
            }),
            apiGet(`/api/admin/maintenance?${new URLSearchParams({ from: monthFrom, to: monthTo })}`, { cookie }),
          ]);
          if (first.failure) return first;
          const reservations = listOf<{ customerId: string }>(json(first.answers[3] as Answer, "rezervacijos"));
          const ids = [...new Set(reservations.map((r) => r.customerId))];
          // What the data provider's getMany sends: the ids in groups of 100 (GET_MANY_GROUP in
          // src/backend/local/admin.ts), all at once.
          const groups: string[][] = [];
          for (let i = 0; i < ids.length; i += 100) groups.push(ids.slice(i, i + 100));
          const customers = await together(
            groups.map((group) =>
              adminGet("customers", { sort: ["id", "ASC"], range: [0, group.length - 1], filter: { id: group } }),
            ),
          );
          return { failure: customers.failure, bytes: first.bytes + customers.bytes };
        },
      },
      {
        name: "Administravimas: pradžios puslapis (visos užklausos)",
        count: screens,
        load: async () =>
          together([
            adminGet("reservations", {
              sort: ["pickupAt", "ASC"],
              range: [0, 4],
              filter: { pickupAt_gte: dayFrom, pickupAt_lt: dayTo, status: ["new", "confirmed"] },
            }),
            adminGet("reservations", {
              sort: ["returnAt", "ASC"],
              range: [0, 4],
              filter: { returnAt_gte: dayFrom, returnAt_lt: dayTo, status: ["active", "confirmed"] },
            }),
            adminGet("reservations", { sort: ["createdAt", "DESC"], range: [0, 4], filter: { status: "new" } }),
            adminGet("requests", { sort: ["createdAt", "DESC"], range: [0, 4], filter: { status: "new" } }),
            adminGet("reservations", {
              sort: ["pickupAt", "ASC"],
              range: [0, 4999],
              filter: {
                pickupAt_lt: windowTo,
                returnAt_gt: windowFrom,
                status: ["new", "confirmed", "active", "completed"],
              },
            }),
            adminGet("cars", { sort: ["sortOrder", "ASC"], range: [0, 999], filter: { status: "active" } }),
            adminGet("fleet", { sort: ["plateNumber", "ASC"], range: [0, 999], filter: {} }),
            adminGet("cars", { sort: ["sortOrder", "ASC"], range: [0, 999], filter: {} }),
          ]),
      },
    ];

    const figures: ScenarioFigures[] = [];
    for (const scenario of scenarios) figures.push(await measure(scenario, concurrency));

    // ----- backup beside the catalogue (scripts/lib/benchBackup.ts, the backup's own figures) -----
    let backup: {
      figures: Record<string, number>;
      lines: string[];
      catalogueP95: number;
      /** the longest catalogue request during the backup */
      catalogueMax: number;
      catalogueCount: number;
    } | null = null;
    let backupMissing: string | null = null;
    try {
      const { benchBackup, backupBenchLines } = await import("./benchBackup");
      console.info("Matuojama: atsarginė kopija per serverį ir katalogas jos metu");
      const catalogueLoad = (scenarios[1] as Scenario).load;
      const during: number[] = [];
      const result = await benchBackup({
        serverUrl: server.url,
        dataDir,
        during: async (signal) => {
          while (!signal.aborted) {
            const started = performance.now();
            await catalogueLoad();
            during.push(performance.now() - started);
          }
        },
      });
      during.sort((a, b) => a - b);
      const { restorePhases, ...numbers } = result;
      backup = {
        figures: {
          ...numbers,
          restoreReadMs: restorePhases.readMs,
          restoreInsertMs: restorePhases.load.insertMs,
          restoreIndexMs: restorePhases.load.indexMs,
          restoreVerifyMs: restorePhases.verifyMs,
        },
        lines: backupBenchLines(result),
        catalogueP95: percentile(during, 95),
        catalogueMax: percentile(during, 100),
        catalogueCount: during.length,
      };
    } catch (error) {
      backupMissing = error instanceof Error ? error.message : String(error);
    }

    const memory = memoryOf(pid);
    const staticFigures = figures[0] as ScenarioFigures;

    // ----- report -----
    heading(
      `Didelė įmonė: ${lt0.format(seeded.counts.cars)} automobilių, ${lt0.format(seeded.counts.reservations)} rezervacijų, ${lt0.format(seeded.counts.customers)} klientų, ${lt0.format(seeded.counts.requests)} užklausų (įkelta per ${lt1.format(seeded.seconds)} s)`,
    );
    console.info(`Serverio paleidimas su šiais duomenimis: ${ms(startMs)}`);
    console.info(
      `Delsa: po ${count} (ekranų – po ${screens}) užklausų po vieną; užkl./s: tiek pat, ${concurrency} lygiagrečiai.`,
    );
    console.info("");
    table(
      [
        "Užklausa",
        "p50",
        "p95",
        "p99",
        "užkl./s",
        `p95 (${concurrency} lygiagr.)`,
        "Atsakymas",
        "vs statinis",
        "Klaidos",
      ],
      figures.map((f) => [
        f.name,
        ms(f.p50),
        ms(f.p95),
        ms(f.p99),
        lt0.format(f.perSecond),
        ms(f.p95Concurrent),
        `${lt1.format(f.bytes / 1024)} kB`,
        `${lt0.format((f.perSecond / staticFigures.perSecond) * 100)} %`,
        f.failed === 0 ? "0" : `${f.failed} ✗`,
      ]),
      [1, 2, 3, 4, 5, 6, 7, 8],
    );
    for (const f of figures) if (f.firstFailure) console.info(`  ${f.name}: pirma klaida ${f.firstFailure}`);
    console.info("");
    console.info(
      `Serverio atmintis (RSS): paleidimo metu didžiausia ${lt0.format(memoryAtStart.peakMb)} MB, po paleidimo ${lt0.format(memoryAtStart.rssMb)} MB, matuojant didžiausia ${lt0.format(memory.peakMb)} MB, pabaigoje ${lt0.format(memory.rssMb)} MB`,
    );
    console.info("");
    if (backup) {
      for (const line of backup.lines) console.info(line);
      console.info(
        `Katalogas kopijos metu: p95 ${ms(backup.catalogueP95)}, ilgiausia ${ms(backup.catalogueMax)} (${backup.catalogueCount} užkl.), ramybėje p95 ${ms((figures[1] as ScenarioFigures).p95)} (tikslas ≤ 2×)`,
      );
    } else {
      console.info(`Atsarginės kopijos išmatuoti nepavyko: ${backupMissing}`);
    }

    if (options.jsonFile) {
      writeFileSync(
        options.jsonFile,
        JSON.stringify(
          { scale: seeded.counts, seedSeconds: seeded.seconds, startMs, concurrency, figures, memory, backup },
          null,
          2,
        ),
      );
      console.info(`Rezultatai įrašyti: ${options.jsonFile}`);
    }
    return figures.some((f) => f.failed > 0) ? 1 : 0;
  } catch (error) {
    if (server) console.error(`Serverio išvestis (pabaiga):\n${server.output().slice(-3000)}`);
    throw error;
  } finally {
    agent.destroy();
    if (server) await server.stop();
    removeDataDir(dataDir);
  }
}

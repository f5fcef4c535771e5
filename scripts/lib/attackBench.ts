// `npm run bench`: the public catalogue's latency at rest and while the server is attacked, in one
// run against the same server, so the machine's noise falls on both:
//   - a burst of sign-ins: rounds of 100 wrong passwords at once, each from its own forwarded
//     address (so the per-client throttle never short-cuts them: every one wants a password check);
//   - forged bodies: a 100 000-deep object and a 120 000-key object posted again and again.
// Printed: p50/p95 of GET /api/site/cars at rest and during each, their ratio (the target is ≤ 2×),
// how the sign-ins were answered, and how long a forged body took to be refused.
import http from "node:http";
import { type Call, heading, ms, percentile, send, table } from "./scaleHttp";

export interface AttackFigures {
  restP50: number;
  restP95: number;
  loginBurst: { p50: number; p95: number; ratio: number; logins: number; statuses: Record<string, number> };
  forgedBodies: {
    p50: number;
    p95: number;
    ratio: number;
    refusedMs: { deep: number; wide: number };
    statuses: string;
  };
}

const CATALOGUE: Call = { method: "GET", path: "/api/site/cars", headers: { accept: "application/json" } };
const SAMPLES = 200;
const SAMPLE_CONCURRENCY = 4;

/** SAMPLES catalogue requests, SAMPLE_CONCURRENCY at a time; sorted times. */
async function sampleCatalogue(agent: http.Agent, base: URL): Promise<number[]> {
  const times: number[] = [];
  let issued = 0;
  const worker = async () => {
    while (issued < SAMPLES) {
      issued++;
      const answer = await send(agent, base, CATALOGUE);
      if (answer.status !== 200) throw new Error(`GET /api/site/cars: būsena ${answer.status}`);
      times.push(answer.ms);
    }
  };
  await Promise.all(Array.from({ length: SAMPLE_CONCURRENCY }, worker));
  return times.sort((a, b) => a - b);
}

/** Runs `attack` in rounds until the catalogue sample ends; the sample's times. */
async function sampleDuring(agent: http.Agent, base: URL, attack: () => Promise<void>): Promise<number[]> {
  let done = false;
  const attacking = (async () => {
    while (!done) await attack();
  })();
  try {
    return await sampleCatalogue(agent, base);
  } finally {
    done = true;
    await attacking;
  }
}

export async function measureUnderAttack(base: URL, origin: string, cookie: string): Promise<AttackFigures> {
  heading("Viešas katalogas atakos metu (GET /api/site/cars, 4 vienu metu)");
  const agent = new http.Agent({ keepAlive: true, maxSockets: SAMPLE_CONCURRENCY });
  const attackers = new http.Agent({ keepAlive: true, maxSockets: 100 });
  try {
    await sampleCatalogue(agent, base); // warm-up
    const rest = await sampleCatalogue(agent, base);

    const statuses: Record<string, number> = {};
    let logins = 0;
    let round = 0;
    const burst = async () => {
      round++;
      await Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          const answer = await send(attackers, base, {
            method: "POST",
            path: "/api/auth/login",
            headers: {
              origin,
              accept: "application/json",
              "x-forwarded-for": `198.18.${round % 250}.${i + 1}`,
            },
            body: JSON.stringify({ email: `nera${i}@pavyzdys.lt`, password: `neteisingas-${round}-${i}` }),
          });
          logins++;
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        }),
      );
    };
    const duringLogins = await sampleDuring(agent, base, burst);

    const deep = `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`;
    const wide = `{${Array.from({ length: 120_000 }, (_, i) => `"laukas${i}":${i}`).join(",")}}`;
    const refused = { deep: [] as number[], wide: [] as number[] };
    const forgedStatuses = new Set<string>();
    const forge = async () => {
      const post = (text: string) =>
        send(attackers, base, {
          method: "POST",
          path: "/api/admin/news",
          headers: { origin, cookie, accept: "application/json", "content-type": "application/json" },
          body: text,
        });
      const [d, w] = await Promise.all([post(deep), post(wide)]);
      refused.deep.push(d.ms);
      refused.wide.push(w.ms);
      forgedStatuses.add(`${d.status}/${w.status}`);
    };
    const duringForged = await sampleDuring(agent, base, forge);

    const restP95 = percentile(rest, 95);
    const figures: AttackFigures = {
      restP50: percentile(rest, 50),
      restP95,
      loginBurst: {
        p50: percentile(duringLogins, 50),
        p95: percentile(duringLogins, 95),
        ratio: percentile(duringLogins, 95) / restP95,
        logins,
        statuses,
      },
      forgedBodies: {
        p50: percentile(duringForged, 50),
        p95: percentile(duringForged, 95),
        ratio: percentile(duringForged, 95) / restP95,
        refusedMs: {
          deep: percentile(
            refused.deep.sort((a, b) => a - b),
            50,
          ),
          wide: percentile(
            refused.wide.sort((a, b) => a - b),
            50,
          ),
        },
        statuses: [...forgedStatuses].join(", "),
      },
    };
    table(
      ["Būsena", "p50", "p95", "p95 / ramybėje"],
      [
        ["Ramybėje", ms(figures.restP50), ms(figures.restP95), "1,0×"],
        [
          `${logins} neteisingų prisijungimų (po 100 vienu metu)`,
          ms(figures.loginBurst.p50),
          ms(figures.loginBurst.p95),
          `${figures.loginBurst.ratio.toFixed(1).replace(".", ",")}×`,
        ],
        [
          `${refused.deep.length} × 100 000 lygių ir 120 000 laukų kūnai`,
          ms(figures.forgedBodies.p50),
          ms(figures.forgedBodies.p95),
          `${figures.forgedBodies.ratio.toFixed(1).replace(".", ",")}×`,
        ],
      ],
    );
    console.info(
      `Prisijungimų atsakymai: ${Object.entries(statuses)
        .map(([status, count]) => `${status} × ${count}`)
        .join(", ")}`,
    );
    console.info(
      `Suklastoti kūnai atmesti (${figures.forgedBodies.statuses}): gilus per ${ms(figures.forgedBodies.refusedMs.deep)}, platus (${(wide.length / 1024 / 1024).toFixed(1).replace(".", ",")} MB) per ${ms(figures.forgedBodies.refusedMs.wide)} (mediana)`,
    );
    return figures;
  } finally {
    agent.destroy();
    attackers.destroy();
  }
}

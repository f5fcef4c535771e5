// Forged JSON bodies: a 100 000-deep object and a body with 120 000 keys are refused (400/413)
// before they are parsed or validated, other requests meanwhile unaffected; error lists are
// bounded; random mutations of real bodies never reach a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FIELD_ERRORS } from "../../server/http/errors";
import { SETTINGS_ID } from "../../src/core/collections";
import { inquiryBody, publicCatalogue, reservationBody, signInAdmin, vilniusDaysFromNow } from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, startServer } from "../helpers/server";

let server: RunningServer;
let site: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  server = await startServer({ demo: true });
  site = new ApiClient(server.url);
  admin = await signInAdmin(server.url);
});
afterAll(async () => {
  await server?.stop();
});

const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
const manyKeys = (count: number) =>
  `{${Array.from({ length: count }, (_, i) => `"laukas${i}":${i}`).join(",")},"title":"Naujiena"}`;

/** Posts raw JSON text; the status, the body and how long the answer took. */
async function postRaw(client: ApiClient, path: string, text: string, method = "POST") {
  const started = performance.now();
  const response = await client.request(method, path, { body: text, headers: { "content-type": "application/json" } });
  return { ...response, ms: performance.now() - started };
}

describe("suklastoti JSON kūnai", () => {
  it("100 000 lygių objektas ir 120 000 laukų: 400/413 lietuviškai, kitos užklausos netrukdomos", async () => {
    const targets: [string, string][] = [
      ["POST", "/api/admin/news"],
      ["POST", "/api/admin/offers"],
      ["PUT", `/api/admin/settings/${SETTINGS_ID}`],
    ];
    const deep = deepObject(100_000);
    const wide = manyKeys(120_000);
    for (const [method, path] of targets) {
      const [deepAnswer, wideAnswer, beside] = await Promise.all([
        postRaw(admin, path, deep, method),
        postRaw(admin, path, wide, method),
        site.get("/api/site/cars"),
      ]);
      console.info(
        `${method} ${path}: gilus ${deepAnswer.status} per ${deepAnswer.ms.toFixed(0)} ms, platus ${wideAnswer.status} per ${wideAnswer.ms.toFixed(0)} ms (${(wide.length / 1024 / 1024).toFixed(2)} MB)`,
      );
      expect(deepAnswer.status).toBe(400);
      expect(wideAnswer.status).toBe(413);
      expect(beside.status).toBe(200);
      expect(deepAnswer.text.length).toBeLessThan(500);
      expect(wideAnswer.text.length).toBeLessThan(500);
      expect(nonLithuanianMessages(deepAnswer.body)).toEqual([]);
      expect(nonLithuanianMessages(wideAnswer.body)).toEqual([]);
    }
    // the public booking too
    const publicDeep = await postRaw(site, "/api/site/reservations", deepObject(5_000));
    expect(publicDeep.status).toBe(400);
  });

  it("klaidų sąrašas ribotas: 1 500 nežinomų laukų → 422 su ne daugiau kaip 50 klaidų", async () => {
    const keys = Array.from({ length: 1_500 }, (_, i) => [`x${i}`, 0]);
    const answer = await postRaw(site, "/api/site/requests", JSON.stringify(Object.fromEntries(keys)));
    expect(answer.status).toBe(422);
    const errors = (answer.body as { errors?: Record<string, string> }).errors ?? {};
    expect(Object.keys(errors).length).toBeLessThanOrEqual(MAX_FIELD_ERRORS + 1);
    expect(answer.text.length).toBeLessThan(64 * 1024);
    expect(nonLithuanianMessages(answer.body)).toEqual([]);
  });
});

/** A small deterministic random source (the same run every time). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const ODD_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  "",
  " ",
  "ą".repeat(5_000),
  "9999-99-99T99:99",
  "+275760-09-13T00:00:00.000Z",
  "-271821-04-20T00:00:00.000Z",
  "2026-02-30T10:00",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "\u0000",
  [],
  [1, 2, 3],
  {},
  { $gt: "" },
];

/** The body with one field replaced, removed or nested deeper. */
function mutate(body: Record<string, unknown>, next: () => number): Record<string, unknown> {
  const copy: Record<string, unknown> = structuredClone(body);
  const keys = Object.keys(copy);
  const key = keys[Math.floor(next() * keys.length)] ?? "x";
  const roll = next();
  if (roll < 0.15) delete copy[key];
  else if (roll < 0.3) copy[key] = { [key]: copy[key] };
  else if (roll < 0.4) copy[`${key}_${Math.floor(next() * 100)}`] = copy[key];
  else copy[key] = ODD_VALUES[Math.floor(next() * ODD_VALUES.length)];
  return copy;
}

describe("atsitiktiniai sugadinti kūnai", () => {
  it("600 pakeistų tikrų kūnų viešiems ir administravimo keliams: nė vieno 500", async () => {
    const { locations, cars } = await publicCatalogue(site);
    const carId = cars[0]?.id ?? "";
    const pickupAt = vilniusDaysFromNow(300, "10:00");
    const returnAt = vilniusDaysFromNow(302, "10:00");
    const bodies: [ApiClient, string, string, Record<string, unknown>][] = [
      [
        site,
        "POST",
        "/api/site/reservations",
        reservationBody({ carId, locationId: locations[0]!.id, pickupAt, returnAt }),
      ],
      [site, "POST", "/api/site/quote", { carId, pickupLocationId: locations[0]!.id, pickupAt, returnAt }],
      [site, "POST", "/api/site/requests", inquiryBody()],
      [admin, "POST", "/api/admin/news", { title: "Naujiena", body: "<p>Tekstas</p>", published: false }],
      [admin, "POST", "/api/admin/customers", { firstName: "Ona", lastName: "Onaitė", email: "ona@pavyzdys.lt" }],
    ];
    const next = random(20261129);
    const failures: string[] = [];
    for (let round = 0; round < 120; round++) {
      for (const [client, method, path, body] of bodies) {
        let forged: unknown = body;
        for (let depth = 0; depth < 1 + Math.floor(next() * 3); depth++)
          forged = mutate(forged as Record<string, unknown>, next);
        const answer = await client.request(method, path, { json: forged });
        if (answer.status >= 500 && answer.status !== 503)
          failures.push(`${method} ${path} ${answer.status}: ${JSON.stringify(forged).slice(0, 300)}`);
        if (answer.status === 429) break;
      }
    }
    expect(failures).toEqual([]);
  });
});

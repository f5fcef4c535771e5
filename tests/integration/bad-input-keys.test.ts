// Bodies with `__proto__` or `constructor` keys (top level or nested) are refused like any other
// unknown field, on every route, and change nothing; and an oversized or unread body ends its
// connection with `Connection: close`, so a kept-alive client's next request still gets an answer.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminGet,
  adminListAll,
  adminTotal,
  type Doc,
  freeCarId,
  inquiryBody,
  publicCatalogue,
  reservationBody,
  signInAdmin,
  signInStaff,
  vilniusDaysFromNow,
} from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, startServer } from "../helpers/server";

const UNKNOWN_FIELD = "Nežinomas laukas";
const COUNTED = ["reservations", "customers", "requests", "mail", "cars", "extras"];
const PLACEHOLDER = "__raktas__";

let server: RunningServer;
let site: ApiClient;
let admin: ApiClient;
let staff: ApiClient;
let validReservation: Record<string, unknown>;

beforeAll(async () => {
  server = await startServer({ demo: true });
  site = new ApiClient(server.url);
  admin = await signInAdmin(server.url);
  staff = await signInStaff(server.url);
  const { locations } = await publicCatalogue(site);
  const period = { pickupAt: vilniusDaysFromNow(20, "10:00"), returnAt: vilniusDaysFromNow(23, "10:00") };
  const carId = await freeCarId(site, admin, [period]);
  validReservation = reservationBody({ carId, locationId: locations[0]!.id, ...period });
});
afterAll(async () => {
  await server?.stop();
});

async function snapshot(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const resource of COUNTED) counts[resource] = await adminTotal(admin, resource);
  return counts;
}

/**
 * JSON text with `key` where the placeholder is: a literal `{ __proto__: … }` would set the
 * prototype instead of sending the key, so the key is written into the text.
 */
const withKey = (body: unknown, key: string): string =>
  JSON.stringify(body).replace(`"${PLACEHOLDER}"`, JSON.stringify(key));

/** Bodies with the key at the top level and nested: [field the answer names, JSON text]. */
function keyCases(valid: Record<string, unknown>, nested: string[]): [string, string][] {
  const cases: [string, string][] = [];
  const pollution = { status: "confirmed", isAdmin: true, total: 0 };
  for (const key of ["__proto__", "constructor"]) {
    cases.push([key, withKey({ ...valid, [PLACEHOLDER]: pollution }, key)]);
    if (nested.includes("customer")) {
      const customer = valid.customer as Record<string, unknown>;
      cases.push([`customer.${key}`, withKey({ ...valid, customer: { ...customer, [PLACEHOLDER]: pollution } }, key)]);
    }
    if (nested.includes("extras")) {
      cases.push([
        `extras.0.${key}`,
        withKey({ ...valid, extras: [{ id: "x", quantity: 1, [PLACEHOLDER]: {} }] }, key),
      ]);
    }
  }
  return cases;
}

async function expectRefused(client: ApiClient, method: string, path: string, field: string, text: string) {
  const response = await client.request<{ message: string; errors?: Record<string, string> }>(method, path, {
    body: text,
    headers: { "content-type": "application/json" },
  });
  const label = `${method} ${path} ${field}`;
  expect(response.status, label).toBe(422);
  expect(response.body.errors ? Object.keys(response.body.errors) : [], label).toEqual([field]);
  expect(response.body.errors?.[field], label).toBe(UNKNOWN_FIELD);
  expect(nonLithuanianMessages(response.body), label).toEqual([]);
}

describe("__proto__ ir constructor raktai", () => {
  it("POST /api/site/reservations: raktas viršuje, kliente ir paslaugų eilutėje -> 422; DB nepakito", async () => {
    const before = await snapshot();
    for (const [field, text] of keyCases(validReservation, ["customer", "extras"])) {
      await expectRefused(site, "POST", "/api/site/reservations", field, text);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("POST /api/site/quote: raktas viršuje ir paslaugų eilutėje -> 422", async () => {
    const { customer: _customer, ...quoteBody } = validReservation;
    for (const [field, text] of keyCases(quoteBody, ["extras"])) {
      await expectRefused(site, "POST", "/api/site/quote", field, text);
    }
  });

  it("POST /api/site/requests: raktas viršuje -> 422; DB nepakito", async () => {
    const before = await snapshot();
    for (const [field, text] of keyCases(inquiryBody(), [])) {
      await expectRefused(site, "POST", "/api/site/requests", field, text);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("PUT /api/admin/cars/:id (darbuotojas): raktas viršuje ir įdėtas -> 422; automobilis nepakito", async () => {
    const cars = await adminListAll<Doc>(admin, "cars");
    const car = cars[0]!;
    const before = await adminGet(admin, "cars", car.id);
    for (const key of ["__proto__", "constructor"]) {
      await expectRefused(
        staff,
        "PUT",
        `/api/admin/cars/${car.id}`,
        key,
        withKey({ ...before, [PLACEHOLDER]: { published: false } }, key),
      );
      await expectRefused(
        staff,
        "PUT",
        `/api/admin/cars/${car.id}`,
        `gallery.${key}`,
        withKey({ ...before, gallery: { [PLACEHOLDER]: [] } }, key),
      );
    }
    expect(await adminGet(admin, "cars", car.id)).toEqual(before);
    expect(await adminListAll<Doc>(admin, "cars")).toEqual(cars);
  });

  it("administravimo veiksmai ir prisijungimas: raktas -> 422", async () => {
    await expectRefused(
      staff,
      "POST",
      "/api/admin/actions/quote",
      "__proto__",
      withKey({ [PLACEHOLDER]: {} }, "__proto__"),
    );
    await expectRefused(
      admin,
      "POST",
      "/api/admin/actions/prices/preview",
      "constructor",
      withKey({ [PLACEHOLDER]: {} }, "constructor"),
    );
    await expectRefused(
      new ApiClient(server.url),
      "POST",
      "/api/auth/login",
      "__proto__",
      withKey({ email: "a@b.lt", password: "x", [PLACEHOLDER]: { role: "admin" } }, "__proto__"),
    );
  });

  it("kontrolė: tas pats kūnas be rakto priimamas", async () => {
    const response = await site.post("/api/site/requests", inquiryBody());
    expect(response.status).toBe(201);
  });
});

interface RawAnswer {
  status: number;
  connection: string | undefined;
  text: string;
}

function rawRequest(
  agent: http.Agent,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const request = http.request(
      new URL(path, server.url),
      { method, agent, headers: { origin: server.url, "content-type": "application/json", ...headers } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, text }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("per didelis kūnas ir išlaikomas ryšys", () => {
  const big = JSON.stringify({ comment: "ą".repeat(2 * 1024 * 1024) });
  const huge = "x".repeat(60 * 1024 * 1024);

  it("po 413 ryšys uždaromas tvarkingai, o kita užklausa tuo pačiu agentu gauna atsakymą", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const path of ["/api/site/reservations", "/api/site/requests", "/api/client-errors", "/api/auth/login"]) {
        for (const headers of [{}, { "transfer-encoding": "chunked" }] as Record<string, string>[]) {
          const refused = await rawRequest(agent, "POST", path, big, headers);
          expect(refused.status, path).toBe(413);
          expect(refused.connection, path).toBe("close");
          expect(nonLithuanianMessages(JSON.parse(refused.text)), path).toEqual([]);
          const next = await rawRequest(agent, "GET", "/api/health");
          expect(next.status, path).toBe(200);
        }
      }
    } finally {
      agent.destroy();
    }
  });

  it("labai didelis neperskaitytas kūnas (413 pagal Content-Length ir 401 be prisijungimo) nenutraukia kitos užklausos", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await rawRequest(agent, "POST", "/api/admin/cars", huge);
      expect(refused.status).toBe(413);
      expect(refused.connection).toBe("close");
      expect((await rawRequest(agent, "GET", "/api/health")).status).toBe(200);

      // a route that refuses before reading: the body is left unread
      const early = await rawRequest(
        agent,
        "POST",
        "/api/admin/cars",
        JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) }),
      );
      expect(early.status).toBe(401);
      expect(early.connection).toBe("close");
      expect((await rawRequest(agent, "GET", "/api/health")).status).toBe(200);

      // an answered request whose body was read keeps its connection
      const read = await rawRequest(agent, "POST", "/api/site/requests", JSON.stringify(inquiryBody()));
      expect(read.status).toBe(201);
      expect(read.connection).not.toBe("close");
      expect((await rawRequest(agent, "GET", "/api/health")).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});

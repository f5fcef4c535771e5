// The local adapter's react-admin providers against a real HTTP server speaking the admin API's
// wire format: payloads lose server-owned fields, errors arrive in Lithuanian, auth redirects to /login.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { HttpError } from "react-admin";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  clearSessionExpired,
  onSessionExpired,
  SESSION_EXPIRED_MESSAGE,
} from "../../../src/admin/common/sessionExpiry";
import {
  createLocalAuthProvider,
  createLocalDataProvider,
  loginRedirectPath,
  NETWORK_ERROR_MESSAGE,
} from "../../../src/backend/local/admin";

interface Received {
  method: string;
  url: string;
  body: unknown;
}

const CAR_ID = "3f1c7a52-9a3e-4d7e-8d0f-2b1f4c5a6e7d";
const STAFF = {
  id: "0b6c2a8e-1d2f-4a5b-9c7d-8e9f0a1b2c3d",
  email: "darbuotojas@ratai.lt",
  name: "Jonas Jonaitis",
  role: "staff",
};
const ADMIN = { ...STAFF, email: "admin@ratai.lt", name: "Asta Adminė", role: "admin" };

let server: Server;
let base = "";
let received: Received[] = [];
let signedIn: typeof STAFF | null = null;

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as unknown) : undefined;
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "Content-Type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

const storedCar = {
  id: CAR_ID,
  make: "Toyota",
  model: "Corolla",
  year: 2023,
  description: "Sena",
  sortOrder: 10,
  createdAt: "2026-01-01T10:00:00.000Z",
  updatedAt: "2026-01-02T10:00:00.000Z",
  priceFrom: 29,
};

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = request.url ?? "";
    received.push({ method: request.method ?? "", url, body });
    if (url === "/api/auth/me") {
      if (signedIn) json(response, 200, signedIn);
      else json(response, 401, { message: "Neprisijungta" });
    } else if (url === "/api/auth/logout") {
      json(response, 200, { ok: true });
    } else if (url.startsWith("/api/admin/cars?")) {
      json(response, 200, [storedCar], { "Content-Range": "cars 0-0/1" });
    } else if (url === `/api/admin/cars/${CAR_ID}` && request.method === "PUT") {
      json(response, 200, { ...storedCar, ...(body as object) });
    } else if (url === "/api/admin/cars" && request.method === "POST") {
      json(response, 201, { ...(body as object), id: CAR_ID });
    } else if (url === "/api/admin/cars/invalid") {
      json(response, 422, { message: "Patikrinkite pažymėtus laukus", errors: { make: "Laukas privalomas" } });
    } else if (url === "/api/admin/cars/expired") {
      json(response, 401, { message: "Neprisijungta" });
    } else if (url === "/api/auth/login") {
      json(response, 401, { message: "Neteisingas el. paštas arba slaptažodis" });
    } else if (url === "/api/admin/staff") {
      json(response, 403, { message: "Neturite teisių" });
    } else {
      response.writeHead(500, { "Content-Type": "text/plain" });
      response.end("Internal Server Error");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
  signedIn = null;
});

describe("vietinis duomenų tiekėjas", () => {
  it("PUT siunčia visą įrašą be id, laiko žymų, apskaičiuotų ir tik rodymui skirtų laukų", async () => {
    const provider = createLocalDataProvider(`${base}/api/admin`);
    const { data } = await provider.update("cars", {
      id: CAR_ID,
      data: { ...storedCar, description: "Nauja", label: "rodymui" },
      previousData: storedCar,
    });
    expect(data.description).toBe("Nauja");
    const sent = received.find((r) => r.method === "PUT");
    expect(sent?.url).toBe(`/api/admin/cars/${CAR_ID}`);
    expect(sent?.body).toEqual({ make: "Toyota", model: "Corolla", year: 2023, description: "Nauja", sortOrder: 10 });
  });

  it("dalinį pakeitimą sujungia su ankstesniu įrašu", async () => {
    const provider = createLocalDataProvider(`${base}/api/admin`);
    await provider.update("cars", { id: CAR_ID, data: { sortOrder: 30 }, previousData: storedCar });
    expect(received.find((r) => r.method === "PUT")?.body).toMatchObject({ make: "Toyota", sortOrder: 30 });
  });

  it("POST siunčia naują įrašą be id", async () => {
    const provider = createLocalDataProvider(`${base}/api/admin`);
    const { data } = await provider.create("cars", {
      data: { id: "x", make: "Škoda", createdAt: "2026-01-01T00:00:00Z" },
    });
    expect(data.id).toBe(CAR_ID);
    expect(received.find((r) => r.method === "POST")?.body).toEqual({ make: "Škoda" });
  });

  it("updateMany perskaito kiekvieną įrašą ir įrašo jį visą", async () => {
    const provider = createLocalDataProvider(`${base}/api/admin`);
    const { data } = await provider.updateMany("cars", { ids: [CAR_ID], data: { status: "hidden" } });
    expect(data).toEqual([CAR_ID]);
    const put = received.find((r) => r.method === "PUT");
    expect(put?.body).toMatchObject({ make: "Toyota", model: "Corolla", status: "hidden" });
    expect(put?.body).not.toHaveProperty("id");
  });

  it("perduoda serverio lietuvišką pranešimą ir laukų klaidas", async () => {
    const provider = createLocalDataProvider(`${base}/api/admin`);
    const error = await provider.getOne("cars", { id: "invalid" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe("Patikrinkite pažymėtus laukus");
    expect((error as HttpError).status).toBe(422);
    expect((error as HttpError).body).toMatchObject({ errors: { make: "Laukas privalomas" } });
  });

  it("anglišką būsenos tekstą pakeičia lietuvišku pranešimu", async () => {
    const provider = createLocalDataProvider(`${base}/api/admin`);
    const error = (await provider.getOne("cars", { id: "boom" }).catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(500);
    expect(error.message).toBe("Serverio klaida. Bandykite vėliau.");
  });

  it("apie nepasiekiamą serverį praneša lietuviškai", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const provider = createLocalDataProvider(`http://127.0.0.1:${port}/api/admin`);
    const error = (await provider.getOne("cars", { id: CAR_ID }).catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe("vietinis autentifikavimo tiekėjas", () => {
  it("prisijungimo URL sudaro su visu dabartiniu keliu", () => {
    expect(loginRedirectPath({ pathname: "/admin/cars", search: "?page=2" })).toBe(
      "/login?redirect=%2Fadmin%2Fcars%3Fpage%3D2",
    );
  });

  it("be sesijos checkAuth atmeta ir tyliai nukreipia lankytoją į /login", async () => {
    const auth = createLocalAuthProvider({ baseUrl: base });
    await expect(auth.checkAuth({})).rejects.toMatchObject({
      redirectTo: expect.stringMatching(/^\/login/),
      message: false,
    });
  });

  it("priima sesiją ir nurodo naudotojo vardą", async () => {
    signedIn = STAFF;
    const auth = createLocalAuthProvider({ baseUrl: base });
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.getIdentity?.()).resolves.toMatchObject({ id: STAFF.id, fullName: "Jonas Jonaitis" });
    await expect(auth.getPermissions?.({})).resolves.toBe("staff");
  });

  it("gavus 401 neatjungia ir nenukreipia (forma lieka), o praneša apie pasibaigusią sesiją; 403 – nieko", async () => {
    const auth = createLocalAuthProvider({ baseUrl: base });
    let reported = 0;
    const stop = onSessionExpired(() => reported++);
    try {
      // A rejection would make react-admin treat a failed save as done (empty data) and leave the page.
      await expect(auth.checkError({ status: 401 })).resolves.toBeUndefined();
      expect(reported).toBe(1);
      await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
      expect(reported).toBe(1);
    } finally {
      stop();
      clearSessionExpired();
    }
  });

  it("401 darbo metu sako, kad sesija baigėsi ir duomenys neprarasti; neteisingas slaptažodis – savo žinute", async () => {
    const provider = createLocalDataProvider(`${base}/api/admin`);
    const expired = (await provider.getOne("cars", { id: "expired" }).catch((e: unknown) => e)) as HttpError;
    expect(expired.status).toBe(401);
    expect(expired.message).toBe(SESSION_EXPIRED_MESSAGE);
    const auth = createLocalAuthProvider({ baseUrl: base });
    await expect(auth.login({ email: STAFF.email, password: "blogas" })).rejects.toMatchObject({
      status: 401,
      message: "Neteisingas el. paštas arba slaptažodis",
    });
  });

  it("prisijungimo URL niekada nerodo į patį /login ir tik į administravimo kelius", () => {
    expect(loginRedirectPath({ pathname: "/login", search: "?redirect=%2Fadmin%2Fcustomers%2Fc1" })).toBe(
      "/login?redirect=%2Fadmin%2Fcustomers%2Fc1",
    );
    expect(loginRedirectPath({ pathname: "/login", search: "" })).toBe("/login");
    expect(loginRedirectPath({ pathname: "/kontaktai", search: "" })).toBe("/login");
  });

  it("darbuotojo neįleidžia į darbuotojų paskyras, nustatymus ir klaidų žurnalą", async () => {
    signedIn = STAFF;
    const auth = createLocalAuthProvider({ baseUrl: base });
    const can = (resource: string) => auth.canAccess?.({ resource, action: "list" });
    await expect(can("cars")).resolves.toBe(true);
    await expect(can("staff")).resolves.toBe(false);
    await expect(can("settings")).resolves.toBe(false);
    await expect(can("client-errors")).resolves.toBe(false);
  });

  it("administratorių įleidžia visur", async () => {
    signedIn = ADMIN;
    const auth = createLocalAuthProvider({ baseUrl: base });
    await expect(auth.canAccess?.({ resource: "staff", action: "list" })).resolves.toBe(true);
    await expect(auth.canAccess?.({ resource: "settings", action: "edit" })).resolves.toBe(true);
  });

  it("atsijungia serveryje ir nukreipia į /login", async () => {
    const auth = createLocalAuthProvider({ baseUrl: base });
    await expect(auth.logout({})).resolves.toMatch(/^\/login/);
    expect(received.some((r) => r.url === "/api/auth/logout" && r.method === "POST")).toBe(true);
  });
});

// Sign-in, the session cookie, sign-out, the login rate limit and the Origin check.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, DEMO_STAFF } from "../helpers/accounts";
import { signInAdmin } from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, startServer } from "../helpers/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ demo: true });
});
afterAll(async () => {
  await server?.stop();
});

type Me = { id?: string; email?: string; role?: string; user?: Me | null };
const userOf = (body: Me | undefined): Me | null => (body && "user" in body ? (body.user ?? null) : (body ?? null));

describe("prisijungimas", () => {
  it("nustato HttpOnly, SameSite=Lax sesijos slapuką; me; atsijungimas", async () => {
    const client = new ApiClient(server.url);
    const login = await client.post<Me>("/api/auth/login", DEMO_STAFF);
    expect(login.status, login.text).toBe(200);
    const cookies = login.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    const session = cookies.find((c) => /httponly/i.test(c));
    expect(session, `Set-Cookie: ${cookies.join(" || ")}`).toBeDefined();
    expect(session).toMatch(/;\s*samesite=lax/i);
    expect(session).toMatch(/;\s*path=\//i);
    expect(JSON.stringify(login.body)).not.toMatch(/password|hash/i);

    const me = await client.get<Me>("/api/auth/me");
    expect(me.status).toBe(200);
    expect(userOf(me.body)).toEqual(expect.objectContaining({ email: DEMO_STAFF.email, role: "staff" }));
    expect(JSON.stringify(me.body)).not.toMatch(/password|hash/i);

    const logout = await client.post("/api/auth/logout");
    expect([200, 204]).toContain(logout.status);
    const after = await client.get<Me>("/api/auth/me");
    if (after.status === 200) expect(userOf(after.body)?.email).toBeUndefined();
    else expect(after.status).toBe(401);
    expect((await client.get("/api/admin/cars")).status).toBe(401);
  });

  it("administratoriaus rolė", async () => {
    const admin = await signInAdmin(server.url);
    const me = await admin.get<Me>("/api/auth/me");
    expect(userOf(me.body)).toEqual(expect.objectContaining({ email: DEMO_ADMIN.email, role: "admin" }));
  });

  it("atsijungus senas slapukas nebegalioja (sesija duomenų bazėje)", async () => {
    const client = await signInAdmin(server.url);
    const stolen = new ApiClient(server.url);
    for (const [name, value] of client.cookies) stolen.cookies.set(name, value);
    expect((await stolen.get("/api/admin/cars")).status).toBe(200);
    await client.post("/api/auth/logout");
    expect((await stolen.get("/api/admin/cars")).status).toBe(401);
  });

  it("neteisingas slaptažodis -> 401 lietuviškai; netinkama įvestis -> 400/422", async () => {
    const client = new ApiClient(server.url);
    const wrong = await client.post("/api/auth/login", {
      email: DEMO_STAFF.email,
      password: "neteisingas-slaptazodis",
    });
    expect(wrong.status).toBe(401);
    expect(nonLithuanianMessages(wrong.body)).toEqual([]);
    expect(
      wrong.headers.getSetCookie().filter((c) => /httponly/i.test(c) && !/max-age=0|expires=thu, 01 jan 1970/i.test(c)),
    ).toEqual([]);
    const unknown = await client.post("/api/auth/login", {
      email: "nera@ratunuoma.lt",
      password: "bet-koks-slaptazodis",
    });
    expect(unknown.status).toBe(401);
    // the same answer for an unknown account: no account enumeration
    expect(unknown.body).toEqual(wrong.body);
    const bad = await client.post("/api/auth/login", { email: "ne-el-pastas", password: 5 });
    expect([400, 422]).toContain(bad.status);
    expect(nonLithuanianMessages(bad.body)).toEqual([]);
  });
});

describe("kitos svetainės užklausos (Origin)", () => {
  it("mutacija su svetimu Origin -> 403", async () => {
    const client = new ApiClient(server.url);
    const login = await client.post("/api/auth/login", DEMO_STAFF, { origin: "https://piktavalis.example" });
    expect(login.status).toBe(403);
    expect(nonLithuanianMessages(login.body)).toEqual([]);
    expect(login.headers.getSetCookie()).toEqual([]);

    const admin = await signInAdmin(server.url);
    const create = await admin.post(
      "/api/admin/locations",
      { name: "Piktavalio vieta", address: "Gatvė 1", city: "Vilnius" },
      { origin: "https://piktavalis.example" },
    );
    expect(create.status).toBe(403);
    const reservation = await admin.post(
      "/api/site/reservations",
      {},
      { origin: "http://127.0.0.1.piktavalis.example" },
    );
    expect(reservation.status).toBe(403);
  });
});

// Last: it locks this client's address out of further attempts.
describe("prisijungimų ribojimas", () => {
  it("po kelių nesėkmingų bandymų -> 429 lietuviškai", async () => {
    const client = new ApiClient(server.url);
    const statuses: number[] = [];
    let limited: { body: unknown; retryAfter: string | null } | null = null;
    for (let attempt = 0; attempt < 30 && !limited; attempt++) {
      const response = await client.post("/api/auth/login", { email: DEMO_ADMIN.email, password: `blogas-${attempt}` });
      statuses.push(response.status);
      if (response.status === 429) limited = { body: response.body, retryAfter: response.headers.get("retry-after") };
    }
    expect(limited, `statusai: ${statuses.join(",")}`).not.toBeNull();
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(nonLithuanianMessages(limited!.body)).toEqual([]);
    // even the right password waits now
    const right = await client.post("/api/auth/login", DEMO_ADMIN);
    expect(right.status).toBe(429);
  });
});

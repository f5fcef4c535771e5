// ASVS level 2 passwords and sessions on the local server: 12 characters and no common password
// when an admin sets one; a member changes their own password with the current one, and their
// other sessions end; sessions end after the idle time and at the absolute end however busy;
// the cookie is `__Host-sid` over HTTPS.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDir } from "../../scripts/lib/serverProcess";
import { openDb } from "../../server/db";
import { migrate } from "../../server/db/migrate";
import type { Db } from "../../server/db/types";
import { createSession, findSession, renewSession } from "../../server/services/sessions";
import { PASSWORD_COMMON_MESSAGE } from "../../src/domain/commonPasswords";
import { PASSWORD_TOO_SHORT_MESSAGE } from "../../src/domain/passwordRules";
import { DEMO_STAFF } from "../helpers/accounts";
import { signIn, signInAdmin } from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { migratedDataDir } from "../helpers/pgliteTemplate";
import { type RunningServer, startServer } from "../helpers/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ demo: true });
});
afterAll(async () => {
  await server?.stop();
});

type Errors = { message?: string; errors?: Record<string, string> };

describe("slaptažodžių taisyklės", () => {
  it("administratorius negali nustatyti trumpo ar dažno slaptažodžio; tinkamas priimamas", async () => {
    const admin = await signInAdmin(server.url);
    const account = (password: string) => ({
      email: "nauja.darbuotoja@ratunuoma.lt",
      name: "Rūta Naujokė",
      role: "staff",
      password,
    });
    for (const [password, message] of [
      ["password12", PASSWORD_TOO_SHORT_MESSAGE],
      ["password1234", PASSWORD_COMMON_MESSAGE],
      ["qwertyuiop12", PASSWORD_COMMON_MESSAGE],
      ["123456789012", PASSWORD_COMMON_MESSAGE],
    ] as const) {
      const refused = await admin.post<Errors>("/api/admin/staff", account(password));
      expect(refused.status, password).toBe(422);
      expect(refused.body.errors?.password).toBe(message);
      expect(nonLithuanianMessages(refused.body)).toEqual([]);
    }
    const created = await admin.post("/api/admin/staff", account("Ruduo-Kaune-prie-Neries"));
    expect(created.status).toBe(201);
    expect(
      (await signIn(server.url, { email: "nauja.darbuotoja@ratunuoma.lt", password: "Ruduo-Kaune-prie-Neries" }))
        .cookies.size,
    ).toBe(1);
  });
});

describe("savo slaptažodžio keitimas", () => {
  it("reikia dabartinio; naujas tikrinamas; kitos sesijos baigiasi, ši lieka", async () => {
    const desk = await signIn(server.url, DEMO_STAFF);
    const phone = await signIn(server.url, DEMO_STAFF);
    expect((await phone.get("/api/auth/me")).status).toBe(200);

    const wrong = await desk.post<Errors>("/api/auth/password", {
      currentPassword: "ne-tas-slaptazodis",
      newPassword: "Pavasaris-Vilniuje-2027",
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.currentPassword).toBe("Neteisingas dabartinis slaptažodis");

    const common = await desk.post<Errors>("/api/auth/password", {
      currentPassword: DEMO_STAFF.password,
      newPassword: "password1234",
    });
    expect(common.status).toBe(422);
    expect(common.body.errors?.newPassword).toBe(PASSWORD_COMMON_MESSAGE);
    expect((await phone.get("/api/auth/me")).status).toBe(200);

    const changed = await desk.post<{ ok: boolean; endedSessions: number }>("/api/auth/password", {
      currentPassword: DEMO_STAFF.password,
      newPassword: "Pavasaris-Vilniuje-2027",
    });
    expect(changed.status).toBe(200);
    expect(changed.body.endedSessions).toBeGreaterThanOrEqual(1);
    expect((await desk.get("/api/auth/me")).status).toBe(200);
    expect((await phone.get("/api/auth/me")).status).toBe(401);

    const old = await new ApiClient(server.url).post("/api/auth/login", DEMO_STAFF);
    expect(old.status).toBe(401);
    const renewed = await signIn(server.url, { email: DEMO_STAFF.email, password: "Pavasaris-Vilniuje-2027" });
    // put the demo password back for the other tests of this file
    const back = await renewed.post("/api/auth/password", {
      currentPassword: "Pavasaris-Vilniuje-2027",
      newPassword: DEMO_STAFF.password,
    });
    expect(back.status).toBe(200);
  });

  it("be prisijungimo – 401", async () => {
    const anonymous = await new ApiClient(server.url).post("/api/auth/password", {
      currentPassword: "x",
      newPassword: "Pavasaris-Vilniuje-2027",
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("sesijos slapukas per HTTPS", () => {
  it("vadinasi __Host-sid: Secure, Path=/, be Domain; su juo prisijungta", async () => {
    const client = new ApiClient(server.url);
    const https = { headers: { "x-forwarded-proto": "https" } };
    const login = await client.post("/api/auth/login", DEMO_STAFF, https);
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith("__Host-sid="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Domain=/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect((await client.get("/api/auth/me", https)).status).toBe(200);
    // the same cookie over plain HTTP is not the session's name there
    expect((await client.get("/api/auth/me")).status).toBe(401);
  });
});

describe("sesijos trukmė (duomenų bazė)", () => {
  let db: Db;
  let dataDir: string;
  let userId: string;
  const lifetime = { absoluteHours: 12, idleMinutes: 30 };
  beforeAll(async () => {
    dataDir = migratedDataDir("sesijos");
    db = await openDb({ dataDir, databaseUrl: null });
    await migrate(db);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO staff (doc, password_hash) VALUES ('{"email":"kasa@pavyzdys.lt","name":"Kasa","role":"staff"}'::jsonb, 'x') RETURNING id`,
    );
    userId = rows[0]!.id;
  });
  afterAll(async () => {
    await db?.close();
    if (dataDir) removeDir(dataDir);
  });

  it("nenaudojama sesija baigiasi po neveiklumo laiko; naudojama pratęsiama", async () => {
    const { token, endsAt } = await createSession(db, userId, lifetime);
    const created = await findSession(db, token);
    expect(created).not.toBeNull();
    const idleEnd = created!.expiresAt.getTime() - Date.now();
    expect(idleEnd).toBeLessThanOrEqual(30 * 60_000);
    expect(endsAt.getTime() - Date.now()).toBeGreaterThan(11.9 * 3_600_000);

    // 29 minutes without a request: still on; a request pushes the idle end out again
    await db.query("UPDATE sessions SET expires_at = expires_at - interval '29 minutes'");
    expect(await findSession(db, token)).not.toBeNull();
    const renewed = await renewSession(db, token, lifetime);
    expect(renewed.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);

    // 31 minutes without one: over
    await db.query("UPDATE sessions SET expires_at = now() - interval '1 minute'");
    expect(await findSession(db, token)).toBeNull();
  });

  it("po 12 valandų sesija baigiasi, kad ir kiek naudojama", async () => {
    const { token } = await createSession(db, userId, lifetime);
    await db.query("UPDATE sessions SET created_at = now() - interval '11 hours 50 minutes' WHERE expires_at > now()");
    const renewed = await renewSession(db, token, lifetime);
    // the idle end would be in 30 minutes, but the absolute end comes in 10
    expect(renewed.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 1000);
    await db.query("UPDATE sessions SET created_at = now() - interval '12 hours 1 minute' WHERE expires_at > now()");
    const atEnd = await renewSession(db, token, lifetime);
    expect(atEnd.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await findSession(db, token)).toBeNull();
  });
});

// Sign-in under attack (ASVS 2.2.1): attempts are counted before the password is checked, a
// stranger's guesses slow down only their own address, the owner is told, and a burst beyond the
// hashing queue is refused at once (503) instead of freezing the server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDir } from "../../scripts/lib/serverProcess";
import { openDb } from "../../server/db";
import { migrate } from "../../server/db/migrate";
import type { Db } from "../../server/db/types";
import {
  accountKey,
  LOGIN_CLIENT_MAX,
  LOGIN_FREE_ATTEMPTS,
  loginDelaySeconds,
  loginSucceeded,
  takeLoginAttempt,
} from "../../server/services/loginThrottle";
import { DEMO_ADMIN, DEMO_STAFF } from "../helpers/accounts";
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

/** A client at its own address (the test server trusts X-Forwarded-For from loopback). */
function clientAt(address: string) {
  const client = new ApiClient(server.url);
  const login = (email: string, password: string) =>
    client.post("/api/auth/login", { email, password }, { headers: { "x-forwarded-for": address } });
  return { client, login };
}

/** The free attempts, then one more each time the growing wait (1 s, 2 s, 4 s …) has passed since `started`. */
function checksAllowedWithin(started: number): number {
  const elapsedS = (performance.now() - started) / 1000;
  let waited = 0;
  let allowed = LOGIN_FREE_ATTEMPTS;
  while (waited + loginDelaySeconds(allowed) <= elapsedS) waited += loginDelaySeconds(allowed++);
  return allowed;
}

describe("prisijungimų ribojimas prieš atakas", () => {
  it("100 vienu metu siunčiamų neteisingų slaptažodžių: patikrinama ne daugiau nei leidžiama", async () => {
    const attacker = clientAt("203.0.113.10");
    const started = performance.now();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => attacker.login(DEMO_STAFF.email, `neteisingas-${i}`)),
    );
    const statuses = responses.map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    expect(
      statuses.filter((s) => s !== 401 && s !== 429 && s !== 503),
      statuses.join(","),
    ).toEqual([]);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(checksAllowedWithin(started));
    const refused = responses.find((r) => r.status === 429);
    expect(refused?.headers.get("retry-after")).toMatch(/^\d+$/);
    for (const response of responses) expect(nonLithuanianMessages(response.body)).toEqual([]);
  });

  it("svetimo 50 neteisingų slaptažodžių netrukdo savininkui prisijungti iš savo adreso; savininkui pranešama", async () => {
    const stranger = clientAt("198.51.100.7");
    const statuses: number[] = [];
    const started = performance.now();
    /** when the last checked (401) attempt was sent: the server's wait counts from after it */
    let lastCheckedSentAt = started;
    for (let i = 0; i < 50; i++) {
      const sentAt = performance.now();
      const { status } = await stranger.login(DEMO_ADMIN.email, `spejimas-${i}`);
      statuses.push(status);
      if (status === 401) lastCheckedSentAt = sentAt;
    }
    const checked = statuses.filter((s) => s === 401).length;
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // However slow the machine: no more checks than the waits allow, every other attempt refused.
    expect(checked).toBeLessThanOrEqual(checksAllowedWithin(started));
    expect(statuses.filter((s) => s === 429).length).toBe(50 - checked);
    // The right password from the stranger's address waits too: it is checked only once the wait
    // after the last refused password has passed.
    const right = await stranger.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const sinceLastCheck = (performance.now() - lastCheckedSentAt) / 1000;
    if (right.status === 200) expect(sinceLastCheck).toBeGreaterThanOrEqual(loginDelaySeconds(checked));
    else expect(right.status).toBe(429);

    const owner = clientAt("192.0.2.44");
    const signedIn = await owner.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(signedIn.status).toBe(200);

    const outbox = await owner.client.get<{ to: string | string[]; message: { subject: string; text: string } }[]>(
      "/api/admin/mail?_start=0&_end=200",
    );
    expect(outbox.status).toBe(200);
    const notices = outbox.body.filter(
      (m) => [m.to].flat().includes(DEMO_ADMIN.email) && /nesėkmingų bandymų prisijungti/.test(m.message.subject),
    );
    // once, however many refused attempts
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message.text).toContain("198.51.100.7");
  });

  it("vienas adresas negali perrinkti daugelio paskyrų", async () => {
    const walker = clientAt("203.0.113.99");
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_CLIENT_MAX + 5; i++) {
      statuses.push((await walker.login(`nera-${i}@pavyzdys.lt`, "neteisingas-slaptazodis")).status);
    }
    expect(statuses.slice(0, LOGIN_CLIENT_MAX).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LOGIN_CLIENT_MAX)).toEqual(Array(5).fill(429));
  });
});

describe("augantis laukimas (duomenų bazės skaitiklis)", () => {
  let db: Db;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = migratedDataDir("prisijungimu-ribojimas");
    db = await openDb({ dataDir, databaseUrl: null });
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    if (dataDir) removeDir(dataDir);
  });

  /** As if the last attempt on the key was `seconds` ago. */
  const age = (key: string, seconds: number) =>
    db.query("UPDATE rate_limits SET window_start = now() - make_interval(secs => $2) WHERE key = $1", [key, seconds]);

  it("po nemokamų bandymų kiekvienas kitas laukia dvigubai ilgiau; sėkmė skaitiklį išvalo", async () => {
    const email = "vadybininke@pavyzdys.lt";
    const client = "203.0.113.5";
    const key = accountKey(email, client);
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS; i++) {
      expect((await takeLoginAttempt(db, email, client)).allowed).toBe(true);
    }
    const first = await takeLoginAttempt(db, email, client);
    expect(first).toMatchObject({ allowed: false, reason: "account", retryAfterSeconds: loginDelaySeconds(5) });

    await age(key, loginDelaySeconds(5));
    expect((await takeLoginAttempt(db, email, client)).allowed).toBe(true);
    const second = await takeLoginAttempt(db, email, client);
    expect(second).toMatchObject({ allowed: false, retryAfterSeconds: loginDelaySeconds(6) });
    expect(loginDelaySeconds(6)).toBe(2 * loginDelaySeconds(5));

    // another address is not slowed down by these failures
    expect((await takeLoginAttempt(db, email, "192.0.2.1")).allowed).toBe(true);

    await loginSucceeded(db, email, client);
    expect((await takeLoginAttempt(db, email, client)).allowed).toBe(true);
  });

  it("laukimas ne ilgesnis nei 15 min., o po paros skaitiklis pamirštamas", async () => {
    expect(loginDelaySeconds(100)).toBe(15 * 60);
    const email = "kasininkas@pavyzdys.lt";
    const client = "203.0.113.6";
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS + 1; i++) await takeLoginAttempt(db, email, client);
    expect((await takeLoginAttempt(db, email, client)).allowed).toBe(false);
    await age(accountKey(email, client), 24 * 60 * 60 + 1);
    expect(await takeLoginAttempt(db, email, client)).toMatchObject({ allowed: true, failuresBefore: 0 });
  });
});

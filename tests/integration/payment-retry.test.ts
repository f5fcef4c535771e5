// The online pre-payment announced before the order button and tried again after a cancelled
// payment, over HTTP on the real server (PGlite) with Paysera configured: the live quote says how
// much is charged online, through whom and how long the car waits; POST /api/payments/retry/:id
// opens a new Paysera order for the same amount while the booking still waits, and refuses once
// it is paid. Paysera's callbacks are signed with a key pair this test makes.
import { createHash, createSign, generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payseraDecode, payseraEncode } from "../../server/payments/paysera";
import { RETRY_MESSAGES } from "../../src/domain/payments";
import { PAYMENT_DEFAULTS, PORTAL_DEFAULTS } from "../../src/domain/schemas";
import { adminGet, freeCarId, publicCatalogue, reservationBody, signInStaff, vilniusDaysFromNow } from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { type RunningServer, startServer } from "../helpers/server";

const PAYSERA = { projectId: "246810", password: "kartojimo-paysera-slaptazodis" };
const md5 = (text: string) => createHash("md5").update(text).digest("hex");
const b64url = (buffer: Buffer) => buffer.toString("base64").replace(/\+/g, "-").replace(/\//g, "_");

type Created = {
  id: string;
  number: string;
  quote: { total: number };
  payment: { redirectUrl: string; amount: number };
};
type Status = {
  number: string;
  state: string;
  amount: number;
  status: string;
  holdUntil: string | null;
  retry: boolean;
};

describe("mokėjimas internetu: skelbiamas prieš mygtuką ir kartojamas (tikras serveris, Paysera)", () => {
  const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  let server: RunningServer;
  let site: ApiClient;
  let staff: ApiClient;

  beforeAll(async () => {
    server = await startServer({
      demo: true,
      env: {
        PAYSERA_PROJECT_ID: PAYSERA.projectId,
        PAYSERA_PASSWORD: PAYSERA.password,
        PAYSERA_PUBLIC_KEY: keys.publicKey.export({ type: "spki", format: "pem" }).toString(),
        PAYSERA_PAY_URL: "http://127.0.0.1:9/paysera/pay/",
        PAYSERA_TEST: "1",
      },
    });
    site = new ApiClient(server.url);
    staff = await signInStaff(server.url);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  const callback = (fields: Record<string, string>) => {
    const data = payseraEncode(
      new URLSearchParams({ projectid: PAYSERA.projectId, currency: "EUR", test: "1", ...fields }).toString(),
    );
    return site.request("POST", "/api/payments/paysera/callback", {
      body: new URLSearchParams({
        data,
        ss1: md5(data + PAYSERA.password),
        ss2: b64url(createSign("RSA-SHA1").update(data).sign(keys.privateKey)),
        ss3: b64url(createSign("RSA-SHA256").update(data).sign(keys.privateKey)),
      }).toString(),
      origin: null,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  };
  const orderOf = (redirectUrl: string) =>
    new URLSearchParams(payseraDecode(new URL(redirectUrl).searchParams.get("data") ?? ""));

  it("kainos atsakymas skelbia internetu mokamą sumą, tiekėją, laikymo laiką ir atšaukimo langą – tokius, kokius paima pateikimas", async () => {
    const period = { pickupAt: vilniusDaysFromNow(70, "10:00"), returnAt: vilniusDaysFromNow(73, "10:00") };
    const carId = await freeCarId(site, staff, [period]);
    const { locations } = await publicCatalogue(site);
    const location = String(locations[0]?.id);
    const quoted = await site.post<{
      available: boolean;
      quote: { total: number };
      terms: { freeCancellationHours: number; payment: Record<string, unknown> };
    }>("/api/site/quote", {
      carId,
      ...period,
      pickupLocationId: location,
      returnLocationId: location,
      extras: [],
    });
    expect(quoted.status, quoted.text.slice(0, 300)).toBe(200);
    const amount = Math.min(PAYMENT_DEFAULTS.advanceAmount, quoted.body.quote.total);
    expect(quoted.body.terms).toEqual({
      freeCancellationHours: PORTAL_DEFAULTS.freeCancellationHours,
      payment: {
        method: "online",
        provider: "paysera",
        amount,
        depositHold: 0,
        holdMinutes: PAYMENT_DEFAULTS.paymentHoldMinutes,
      },
    });
    const created = await site.post<Created>(
      "/api/site/reservations",
      reservationBody({ carId, locationId: location, ...period }),
    );
    expect(created.status).toBe(201);
    expect(created.body.payment.amount).toBe(amount);
    expect(Number(orderOf(created.body.payment.redirectUrl).get("amount"))).toBe(Math.round(amount * 100));
  });

  it("atšauktą mokėjimą galima kartoti ta pačia suma; sumokėjus kartoti nebegalima", async () => {
    const period = { pickupAt: vilniusDaysFromNow(76, "10:00"), returnAt: vilniusDaysFromNow(79, "10:00") };
    const carId = await freeCarId(site, staff, [period]);
    const { locations } = await publicCatalogue(site);
    const created = (
      await site.post<Created>(
        "/api/site/reservations",
        reservationBody({ carId, locationId: String(locations[0]?.id), ...period }),
      )
    ).body;
    const cents = String(Math.round(created.payment.amount * 100));

    // Paysera says the visitor cancelled (status 0): the cancel page offers the retry.
    expect((await callback({ orderid: created.id, amount: cents, status: "0" })).status).toBe(200);
    const waiting = await site.get<Status>(`/api/payments/status/${created.id}`);
    expect(waiting.body).toMatchObject({ state: "failed", status: "new", retry: true, amount: created.payment.amount });
    expect(Date.parse(waiting.body.holdUntil ?? "")).toBeGreaterThan(Date.now());

    const retried = await site.post<{ redirectUrl: string; amount: number; provider: string; holdUntil: string }>(
      `/api/payments/retry/${created.id}`,
      {},
    );
    expect(retried.status, retried.text.slice(0, 300)).toBe(200);
    expect(retried.body).toMatchObject({
      amount: created.payment.amount,
      provider: "paysera",
      holdUntil: waiting.body.holdUntil,
    });
    const order = orderOf(retried.body.redirectUrl);
    expect(order.get("orderid")).toBe(`p2-${created.id}`);
    expect(order.get("amount")).toBe(cents);
    expect(order.get("accepturl")).toBe(`${server.url}/mokejimas/sekmingas?r=${created.id}`);
    expect(order.get("cancelurl")).toBe(`${server.url}/mokejimas/atsauktas?r=${created.id}`);

    // The second order is paid: the booking is confirmed and the retry is refused from then on.
    const paid = await callback({ orderid: `p2-${created.id}`, amount: cents, status: "1", requestid: "p2" });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.text).toBe("OK");
    expect(await adminGet(staff, "reservations", created.id)).toMatchObject({
      status: "confirmed",
      payment: { online: { state: "paid", attempts: 2 } },
    });
    expect((await site.get<Status>(`/api/payments/status/${created.id}`)).body).toMatchObject({ retry: false });
    const again = await site.post<{ message: string }>(`/api/payments/retry/${created.id}`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(RETRY_MESSAGES.paid);
  });

  it("nežinoma rezervacija – 404", async () => {
    const unknown = await site.post<{ message: string }>("/api/payments/retry/nera-tokios-rezervacijos", {});
    expect(unknown.status).toBe(404);
  });
});

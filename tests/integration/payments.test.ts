// Payments over HTTP on the real server (PGlite): the append-only ledger, the "Neapmokėtos" and
// "Permoka" filters, and online pre-payment with both providers' real verification code. Paysera
// callbacks are signed with a key pair this test makes (its public key is the server's PAYSERA_PUBLIC_KEY);
// Stripe's checkout session is created against a local HTTP endpoint (STRIPE_API_HOST) and its
// webhooks are signed with stripe.webhooks.generateTestHeaderString.
import { createHash, createSign, generateKeyPairSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payseraDecode, payseraEncode } from "../../server/payments/paysera";
import { SETTINGS_ID } from "../../src/core/collections";
import { overpaymentLabel, overpaymentOf } from "../../src/domain/overpayment";
import { PAYMENT_DEFAULTS } from "../../src/domain/schemas";
import {
  adminGet,
  adminListAll,
  type Doc,
  freeCarId,
  publicCatalogue,
  reservationBody,
  signInAdmin,
  signInStaff,
  vilniusDaysFromNow,
} from "../helpers/api";
import { ApiClient, contentRangeTotal, listItems, listQuery } from "../helpers/http";
import { type RunningServer, startServer } from "../helpers/server";

const PAYSERA = { projectId: "123456", password: "slaptas-paysera-slaptazodis" };
const STRIPE = { secretKey: "sk_test_vietinis", webhookSecret: "whsec_vietinis_testas" };

type Ledger = {
  entries: (Doc & { amount: number; kind: string; method: string; who: string })[];
  summary: { total: number; paid: number; due: number; deposit: { amount: number; state: string } };
  online: { state: string; amount: number; provider: string } | null;
};
type Created = {
  id: string;
  number: string;
  quote: { total: number };
  payment: { redirectUrl: string; amount: number } | null;
};

const md5 = (text: string) => createHash("md5").update(text).digest("hex");
const b64url = (buffer: Buffer) => buffer.toString("base64").replace(/\+/g, "-").replace(/\//g, "_");

async function book(site: ApiClient, staff: ApiClient, days: number, skip: string[] = []): Promise<Created> {
  const period = { pickupAt: vilniusDaysFromNow(days, "10:00"), returnAt: vilniusDaysFromNow(days + 3, "10:00") };
  const carId = await freeCarId(site, staff, [period], skip);
  const { locations } = await publicCatalogue(site);
  const response = await site.post<Created>(
    "/api/site/reservations",
    reservationBody({ carId, locationId: String(locations[0]?.id), ...period }),
  );
  expect(response.status, response.text.slice(0, 400)).toBe(201);
  return response.body;
}

const ledgerOf = async (staff: ApiClient, id: string): Promise<Ledger> => {
  const response = await staff.get<Ledger>(`/api/admin/reservations/${id}/payments`);
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  return response.body;
};

describe("Mokėjimų žurnalas ir Paysera (tikras serveris)", () => {
  const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const strangerKeys = generateKeyPairSync("rsa", { modulusLength: 2048 });
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

  /** Paysera's callback for an order, signed as Paysera signs it (ss1, ss2, ss3). */
  const callback = (fields: Record<string, string>, key = keys.privateKey, password = PAYSERA.password) => {
    const data = payseraEncode(
      new URLSearchParams({ projectid: PAYSERA.projectId, currency: "EUR", test: "1", ...fields }).toString(),
    );
    return new URLSearchParams({
      data,
      ss1: md5(data + password),
      ss2: b64url(createSign("RSA-SHA1").update(data).sign(key)),
      ss3: b64url(createSign("RSA-SHA256").update(data).sign(key)),
    }).toString();
  };
  const postCallback = (body: string) =>
    site.request("POST", "/api/payments/paysera/callback", {
      body,
      origin: null,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  it("rezervacija nukreipiama į Paysera su serverio apskaičiuota suma ir parašu", async () => {
    const created = await book(site, staff, 40);
    expect(created.payment).not.toBeNull();
    const url = new URL(created.payment!.redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe("http://127.0.0.1:9/paysera/pay/");
    const data = url.searchParams.get("data")!;
    expect(url.searchParams.get("sign")).toBe(md5(data + PAYSERA.password));
    const request = new URLSearchParams(payseraDecode(data));
    expect(request.get("orderid")).toBe(created.id);
    expect(Number(request.get("amount"))).toBe(Math.round(Math.min(50, created.quote.total) * 100));
    expect(request.get("currency")).toBe("EUR");
    expect(request.get("accepturl")).toBe(`${server.url}/mokejimas/sekmingas?r=${created.id}`);
    expect(request.get("callbackurl")).toBe(`${server.url}/api/payments/paysera/callback`);
    const reservation = await adminGet(staff, "reservations", created.id);
    expect(reservation).toMatchObject({
      status: "new",
      payment: { online: { state: "awaiting", provider: "paysera" } },
    });
  });

  it("blogas parašas atmetamas, geras įrašomas vieną kartą, pakartojimas nieko nekeičia", async () => {
    const created = await book(site, staff, 44);
    const cents = String(Math.round(created.payment!.amount * 100));
    const good = { orderid: created.id, amount: cents, status: "1", requestid: "777" };

    // ss1 with a wrong password, ss2/ss3 by another key, a tampered amount under a good ss1 only.
    expect((await postCallback(callback(good, keys.privateKey, "ne-tas"))).status).toBe(400);
    expect((await postCallback(callback(good, strangerKeys.privateKey))).status).toBe(400);
    const tampered = new URLSearchParams(callback(good));
    const forged = payseraEncode(payseraDecode(tampered.get("data")!).replace(`amount=${cents}`, "amount=1"));
    tampered.set("data", forged);
    tampered.set("ss1", md5(forged + PAYSERA.password));
    expect((await postCallback(tampered.toString())).status).toBe(400);
    // Signed properly, but for the wrong amount or currency: refused and logged.
    const wrongAmount = await postCallback(callback({ ...good, amount: String(Number(cents) - 100) }));
    expect(wrongAmount.status).toBe(400);
    expect((await postCallback(callback({ ...good, currency: "USD" }))).status).toBe(400);
    expect(server.output()).toMatch(/Atmestas paysera mokėjimo pranešimas .*neteisinga suma/);
    expect((await ledgerOf(staff, created.id)).entries).toHaveLength(0);
    expect((await adminGet(staff, "reservations", created.id)).status).toBe("new");

    const first = await postCallback(callback(good));
    expect(first.status, first.text).toBe(200);
    expect(first.text).toBe("OK");
    const after = await adminGet<Doc & { version: number; status: string }>(staff, "reservations", created.id);
    expect(after.status).toBe("confirmed");
    const ledger = await ledgerOf(staff, created.id);
    expect(ledger.entries).toHaveLength(1);
    expect(ledger.entries[0]).toMatchObject({ amount: created.payment!.amount, method: "online", who: "provider" });
    expect(ledger.online?.state).toBe("paid");

    const repeat = await postCallback(callback(good));
    expect(repeat.status).toBe(200);
    expect(repeat.text).toBe("OK");
    expect((await ledgerOf(staff, created.id)).entries).toHaveLength(1);
    expect((await adminGet<Doc & { version: number }>(staff, "reservations", created.id)).version).toBe(after.version);

    const status = await site.get(`/api/payments/status/${created.id}`);
    expect(status.body).toMatchObject({ number: created.number, state: "paid", status: "confirmed" });
  });

  it("nepavykęs mokėjimas (status=0) rezervacijos nepatvirtina", async () => {
    const created = await book(site, staff, 48);
    const cents = String(Math.round(created.payment!.amount * 100));
    const response = await postCallback(callback({ orderid: created.id, amount: cents, status: "0" }));
    expect(response.status).toBe(200);
    const reservation = await adminGet(staff, "reservations", created.id);
    expect(reservation).toMatchObject({ status: "new", payment: { online: { state: "failed" } } });
    expect((await ledgerOf(staff, created.id)).entries).toHaveLength(0);
  });

  it("žurnalas tik papildomas: įrašai per POST, keisti ar trinti negalima; neapmokėtų filtras", async () => {
    const created = await book(site, staff, 52);
    const unpaidBefore = contentRangeTotal(
      await staff.get(
        `/api/admin/reservations${listQuery({ range: [0, 0], filter: { unpaid: true, id: [created.id] } })}`,
      ),
    );
    expect(unpaidBefore).toBe(1);

    const bad = await staff.post(`/api/admin/reservations/${created.id}/payments`, {
      amount: 0,
      method: "crypto",
      kind: "rental",
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      errors: { amount: "Suma turi būti didesnė už 0 €", method: "Pasirinkite mokėjimo būdą" },
    });
    const online = await staff.post(`/api/admin/reservations/${created.id}/payments`, {
      amount: 10,
      method: "online",
      kind: "advance",
    });
    expect(online.status).toBe(422);

    const before = await adminGet<Doc & { version: number }>(staff, "reservations", created.id);
    const entry = await staff.post<{ entry: Doc; summary: Ledger["summary"] }>(
      `/api/admin/reservations/${created.id}/payments`,
      { amount: created.quote.total, method: "card", kind: "rental", reference: "Terminalas 0042" },
    );
    expect(entry.status, entry.text).toBe(201);
    expect(entry.body.summary).toMatchObject({ paid: created.quote.total, due: 0 });
    const entryId = entry.body.entry.id;
    expect((await adminGet<Doc & { version: number }>(staff, "reservations", created.id)).version).toBe(before.version);

    for (const [method, path] of [
      ["PUT", `/api/admin/reservations/${created.id}/payments/${entryId}`],
      ["DELETE", `/api/admin/reservations/${created.id}/payments/${entryId}`],
      ["PUT", `/api/admin/reservations/${created.id}/payments`],
      ["DELETE", `/api/admin/reservations/${created.id}/payments`],
    ] as const) {
      const response = await staff.request(method, path, method === "PUT" ? { json: { amount: 1 } } : {});
      expect(response.status, `${method} ${path}`).toBe(405);
    }
    // Nor through the generic resource routes.
    expect((await staff.get(`/api/admin/payments/${entryId}`)).status).toBe(404);
    expect((await staff.request("DELETE", `/api/admin/payments/${entryId}`)).status).toBe(404);
    expect((await ledgerOf(staff, created.id)).entries).toHaveLength(1);

    const unpaidAfter = await staff.get(
      `/api/admin/reservations${listQuery({ range: [0, 9], filter: { unpaid: true, id: [created.id] } })}`,
    );
    expect(listItems(unpaidAfter.body)).toHaveLength(0);
    // Every unpaid one listed owes something.
    const list = await staff.get(`/api/admin/reservations${listQuery({ range: [0, 49], filter: { unpaid: true } })}`);
    for (const r of listItems<Doc & { quote?: { total: number }; payment?: { paid: number } | null; status: string }>(
      list.body,
    )) {
      expect((r.payment?.paid ?? 0) < (r.quote?.total ?? 0)).toBe(true);
      expect(["cancelled", "no_show"]).not.toContain(r.status);
    }
  });

  it("permokos filtras: tik sumokėjusios daugiau nei kaina, be atšauktų; žymė kaip overpaymentLabel", async () => {
    const pay = async (created: Created, amount: number) => {
      const response = await staff.post(`/api/admin/reservations/${created.id}/payments`, {
        amount,
        method: "card",
        kind: "rental",
        reference: "Terminalas 0042",
      });
      expect(response.status, response.text.slice(0, 300)).toBe(201);
    };
    const overpaid = await book(site, staff, 56);
    await pay(overpaid, overpaid.quote.total + 25);
    const exact = await book(site, staff, 60);
    await pay(exact, exact.quote.total);
    const unpaid = await book(site, staff, 64);
    const cancelled = await book(site, staff, 68);
    await pay(cancelled, cancelled.quote.total + 10);
    const read = await adminGet(staff, "reservations", cancelled.id);
    const cancel = await staff.put(`/api/admin/reservations/${cancelled.id}`, {
      ...read,
      status: "cancelled",
      statusReason: "Klientas pakeitė kelionės planus",
    });
    expect(cancel.status, cancel.text.slice(0, 300)).toBe(200);
    const ours = [overpaid, exact, unpaid, cancelled].map((r) => r.id);

    const filtered = await staff.get(
      `/api/admin/reservations${listQuery({ range: [0, 9], filter: { overpaid: true, id: ours } })}`,
    );
    expect(filtered.status, filtered.text.slice(0, 300)).toBe(200);
    expect(contentRangeTotal(filtered)).toBe(1);
    const [row] = listItems<Doc & Parameters<typeof overpaymentOf>[0]>(filtered.body);
    expect(row?.id).toBe(overpaid.id);
    // What staff see on that row, and what "Neapmokėtos" says of the same four.
    expect(overpaymentLabel(overpaymentOf(row!))).toBe("Permoka 25,00\u00a0€, grąžintina");
    const owing = await staff.get(
      `/api/admin/reservations${listQuery({ range: [0, 9], filter: { unpaid: true, id: ours } })}`,
    );
    expect(listItems(owing.body).map((r) => r.id)).toEqual([unpaid.id]);
    // "false" is no filter; with a status filter only that status's overpaid ones.
    expect(
      contentRangeTotal(
        await staff.get(
          `/api/admin/reservations${listQuery({ range: [0, 0], filter: { overpaid: false, id: ours } })}`,
        ),
      ),
    ).toBe(4);
    expect(
      contentRangeTotal(
        await staff.get(
          `/api/admin/reservations${listQuery({ range: [0, 0], filter: { overpaid: "true", status: "cancelled", id: ours } })}`,
        ),
      ),
    ).toBe(0);

    // The whole list agrees with overpaymentOf: every listed one is overpaid, none left out.
    const all = await adminListAll<Doc & Parameters<typeof overpaymentOf>[0]>(staff, "reservations");
    const expected = all.filter((r) => overpaymentOf(r) > 0).map((r) => r.id);
    const list = await staff.get(
      `/api/admin/reservations${listQuery({ sort: ["id", "ASC"], range: [0, 999], filter: { overpaid: true } })}`,
    );
    expect(listItems(list.body).map((r) => r.id)).toEqual([...expected].sort());
    expect(expected).toContain(overpaid.id);
  });
});

describe("Stripe Checkout (tikras serveris, vietinis Stripe API)", () => {
  let server: RunningServer;
  let api: Server;
  let site: ApiClient;
  let staff: ApiClient;
  const sessions: URLSearchParams[] = [];
  const stripe = new Stripe(STRIPE.secretKey);

  beforeAll(async () => {
    api = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        if (req.method !== "POST" || req.url !== "/v1/checkout/sessions") {
          res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"nėra"}}');
          return;
        }
        const form = new URLSearchParams(body);
        sessions.push(form);
        const id = `cs_test_${sessions.length}`;
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            id,
            object: "checkout.session",
            url: `http://127.0.0.1:9/stripe/pay/${id}`,
            amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
            currency: "eur",
            client_reference_id: form.get("client_reference_id"),
            payment_status: "unpaid",
            status: "open",
          }),
        );
      });
    });
    await new Promise<void>((done) => api.listen(0, "127.0.0.1", done));
    server = await startServer({
      demo: true,
      env: {
        STRIPE_SECRET_KEY: STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
        STRIPE_API_HOST: `127.0.0.1:${(api.address() as AddressInfo).port}`,
        STRIPE_API_PROTOCOL: "http",
      },
    });
    site = new ApiClient(server.url);
    staff = await signInStaff(server.url);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await new Promise((done) => api?.close(done));
  });

  const event = (type: string, session: Record<string, unknown>) =>
    JSON.stringify({
      id: `evt_${Math.random().toString(36).slice(2)}`,
      object: "event",
      type,
      data: { object: session },
    });
  const postWebhook = (payload: string, secret = STRIPE.webhookSecret) =>
    site.request("POST", "/api/payments/stripe/webhook", {
      body: payload,
      origin: null,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
    });

  it("sesija sukuriama per SDK su serverio suma; blogas parašas atmetamas, geras įrašomas vieną kartą", async () => {
    const created = await book(site, staff, 60);
    expect(created.payment?.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:9\/stripe\/pay\/cs_test_\d+$/);
    const form = sessions.at(-1)!;
    const cents = Math.round(created.payment!.amount * 100);
    expect(Number(form.get("line_items[0][price_data][unit_amount]"))).toBe(cents);
    expect(form.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(form.get("client_reference_id")).toBe(created.id);
    expect(form.get("success_url")).toBe(`${server.url}/mokejimas/sekmingas?r=${created.id}`);
    expect(form.get("payment_intent_data[capture_method]")).toBeNull();

    const session = {
      id: created.payment!.redirectUrl.split("/").pop(),
      object: "checkout.session",
      client_reference_id: created.id,
      metadata: { reservationId: created.id, depositHoldCents: "0" },
      amount_total: cents,
      currency: "eur",
      payment_intent: "pi_test_1",
      payment_status: "paid",
      status: "complete",
    };
    const payload = event("checkout.session.completed", session);
    expect((await postWebhook(payload, "whsec_kitas")).status).toBe(400);
    const unsigned = await site.request("POST", "/api/payments/stripe/webhook", {
      body: payload,
      origin: null,
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.status).toBe(400);
    expect(
      (await postWebhook(event("checkout.session.completed", { ...session, amount_total: cents - 1 }))).status,
    ).toBe(400);
    expect((await ledgerOf(staff, created.id)).entries).toHaveLength(0);

    const first = await postWebhook(payload);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ outcome: "recorded" });
    const repeat = await postWebhook(payload);
    expect(repeat.body).toMatchObject({ outcome: "duplicate" });
    const ledger = await ledgerOf(staff, created.id);
    expect(ledger.entries).toHaveLength(1);
    expect(ledger.entries[0]).toMatchObject({ providerPaymentId: "pi_test_1", amount: created.payment!.amount });
    expect((await adminGet(staff, "reservations", created.id)).status).toBe("confirmed");
  });

  it("užstato rezervavimas kortelėje: rankinis nuskaitymas, avansas ir užstatas žurnale", async () => {
    const admin = await signInAdmin(server.url);
    const settings = await adminGet<Doc & { payments?: Record<string, unknown> }>(admin, "settings", SETTINGS_ID);
    const saved = await admin.put(`/api/admin/settings/${SETTINGS_ID}`, {
      ...settings,
      payments: { ...PAYMENT_DEFAULTS, depositHold: true },
    });
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);
    try {
      const created = await book(site, staff, 68);
      const form = sessions.at(-1)!;
      expect(form.get("payment_intent_data[capture_method]")).toBe("manual");
      const reservation = await adminGet<Doc & { quote: { deposit: number } }>(staff, "reservations", created.id);
      const deposit = reservation.quote.deposit;
      expect(deposit).toBeGreaterThan(0);
      expect(Number(form.get("line_items[1][price_data][unit_amount]"))).toBe(Math.round(deposit * 100));
      const advanceCents = Math.round(created.payment!.amount * 100);
      const session = {
        id: "cs_hold",
        object: "checkout.session",
        client_reference_id: created.id,
        metadata: { reservationId: created.id, depositHoldCents: String(Math.round(deposit * 100)) },
        amount_total: advanceCents + Math.round(deposit * 100),
        currency: "eur",
        payment_intent: "pi_hold_1",
        // Authorised only (manual capture): Stripe reports it unpaid, the session complete.
        payment_status: "unpaid",
        status: "complete",
      };
      expect((await postWebhook(event("checkout.session.completed", session))).body).toMatchObject({
        outcome: "recorded",
      });
      const ledger = await ledgerOf(staff, created.id);
      expect(ledger.entries.map((e) => [e.kind, e.amount])).toEqual([
        ["advance", created.payment!.amount],
        ["deposit-held", deposit],
      ]);
      expect(ledger.summary.deposit).toEqual({ amount: deposit, state: "held" });
    } finally {
      const current = await adminGet<Doc>(admin, "settings", SETTINGS_ID);
      await admin.put(`/api/admin/settings/${SETTINGS_ID}`, { ...current, payments: { ...PAYMENT_DEFAULTS } });
    }
  });

  it("pasibaigusi ar nepavykusi sesija rezervacijos nepatvirtina; kiti įvykiai praleidžiami", async () => {
    const created = await book(site, staff, 64);
    const session = {
      id: "cs_x",
      object: "checkout.session",
      client_reference_id: created.id,
      metadata: { reservationId: created.id, depositHoldCents: "0" },
      amount_total: Math.round(created.payment!.amount * 100),
      currency: "eur",
      payment_intent: null,
      payment_status: "unpaid",
      status: "expired",
    };
    expect((await postWebhook(event("checkout.session.expired", session))).body).toMatchObject({ outcome: "not-paid" });
    // Completed but not paid yet (a bank payment on its way): nothing is recorded.
    expect(
      (await postWebhook(event("checkout.session.completed", { ...session, status: "complete" }))).body,
    ).toMatchObject({ outcome: "not-paid" });
    expect((await postWebhook(event("customer.created", { id: "cus_1", object: "customer" }))).body).toMatchObject({
      ignored: true,
    });
    expect((await adminGet(staff, "reservations", created.id)).status).toBe("new");
    expect((await ledgerOf(staff, created.id)).entries).toHaveLength(0);
  });
});

// "Sumokėti likutį" on "Mano rezervacija" (src/core/customerPortal.ts payPortalBalance,
// src/core/payments.ts startBalancePayment) on the real server and database with Paysera
// configured: the server opens a checkout for exactly what the ledger says is due (its own order
// id, so the booking's advance and the balance are two payments), the signed callback records it
// once, and the page then shows nothing due. Paysera callbacks are signed with this test's own key pair.
import { createHash, createSign, generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payseraDecode, payseraEncode } from "../../server/payments/paysera";
import {
  adminGet,
  type Doc,
  freeCarId,
  publicCatalogue,
  reservationBody,
  signInStaff,
  vilniusDaysFromNow,
} from "../helpers/api";
import { ApiClient, listItems, listQuery } from "../helpers/http";
import { type RunningServer, startServer } from "../helpers/server";

const PAYSERA = { projectId: "654321", password: "portalo-paysera-slaptazodis" };
const TOKEN_IN_LINK = /\/mano-rezervacija\/([A-Za-z0-9_-]{43})/;
const md5 = (text: string) => createHash("md5").update(text).digest("hex");
const b64url = (buffer: Buffer) => buffer.toString("base64").replace(/\+/g, "-").replace(/\//g, "_");

type Created = {
  id: string;
  number: string;
  quote: { total: number };
  payment: { redirectUrl: string; amount: number };
};
type View = {
  status: string;
  payment: { paid: number; due: number } | null;
  payBalance: { due: number } | null;
};
type Ledger = { entries: { amount: number; kind: string; method: string }[]; summary: { paid: number; due: number } };

describe("Mano rezervacija: likučio mokėjimas internetu (Paysera)", () => {
  const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  let server: RunningServer;
  let site: ApiClient;
  let staff: ApiClient;
  const taken: string[] = [];

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
    return new URLSearchParams({
      data,
      ss1: md5(data + PAYSERA.password),
      ss3: b64url(createSign("RSA-SHA256").update(data).sign(keys.privateKey)),
    }).toString();
  };
  const postCallback = (body: string) =>
    site.request("POST", "/api/payments/paysera/callback", {
      body,
      origin: null,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  const portal = (token: string) => ({
    view: () => site.get<View>("/api/portal/reservation", { headers: { "x-portal-token": token } }),
    pay: () =>
      site.post<{ redirectUrl: string; amount: number; message?: string }>(
        "/api/portal/pay",
        {},
        { headers: { "x-portal-token": token } },
      ),
  });
  const requestOf = (redirectUrl: string) => {
    const url = new URL(redirectUrl);
    const data = url.searchParams.get("data") ?? "";
    expect(url.searchParams.get("sign")).toBe(md5(data + PAYSERA.password));
    return new URLSearchParams(payseraDecode(data));
  };

  /** A web booking with its advance paid by a signed callback (so it is confirmed and mailed its link). */
  async function bookAndPayAdvance(days: number) {
    const period = { pickupAt: vilniusDaysFromNow(days, "10:00"), returnAt: vilniusDaysFromNow(days + 4, "10:00") };
    const carId = await freeCarId(site, staff, [period], taken);
    taken.push(carId);
    const { locations } = await publicCatalogue(site);
    const body = reservationBody({ carId, locationId: String(locations[0]?.id), ...period });
    const response = await site.post<Created>("/api/site/reservations", body);
    expect(response.status, response.text.slice(0, 400)).toBe(201);
    const created = response.body;
    expect(created.payment.amount).toBeLessThan(created.quote.total);
    const advance = await postCallback(
      callback({ orderid: created.id, amount: String(Math.round(created.payment.amount * 100)), status: "1" }),
    );
    expect(advance.text).toBe("OK");
    const email = (body.customer as { email: string }).email;
    const mails = await staff.get(
      `/api/admin/mail${listQuery({ range: [0, 99], filter: { ref: `reservation:${created.id}` } })}`,
    );
    const token = listItems<Doc & { to: string | string[]; message: { text: string } }>(mails.body)
      .filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).includes(email))
      .map((m) => TOKEN_IN_LINK.exec(m.message.text)?.[1])
      .find(Boolean);
    if (!token) throw new Error("Laiške nėra „Mano rezervacija“ nuorodos");
    return { ...created, token };
  }

  it("mygtukas rodo serverio likutį; mokama tiksliai ta suma; pranešimas įrašomas vieną kartą", async () => {
    const a = await bookAndPayAdvance(60);
    const due = Math.round((a.quote.total - a.payment.amount) * 100) / 100;
    const before = await portal(a.token).view();
    expect(before.status).toBe(200);
    expect(before.body.payBalance).toEqual({ due });
    expect(before.body.payment).toMatchObject({ paid: a.payment.amount, due });

    const paid = await portal(a.token).pay();
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.amount).toBe(due);
    const request = requestOf(paid.body.redirectUrl);
    const orderId = request.get("orderid") ?? "";
    expect(orderId).toMatch(new RegExp(`^b[0-9a-z]{1,2}-${a.id}$`));
    expect(orderId.length).toBeLessThanOrEqual(40);
    expect(Number(request.get("amount"))).toBe(Math.round(due * 100));
    // The return address carries no token.
    expect(request.get("accepturl")).toBe(`${server.url}/mano-rezervacija/mokejimas?busena=sekmingas`);
    expect(request.get("cancelurl")).toBe(`${server.url}/mano-rezervacija/mokejimas?busena=atsauktas`);
    expect(paid.body.redirectUrl).not.toContain(a.token);
    expect(request.get("callbackurl")).toBe(`${server.url}/api/payments/paysera/callback`);

    // A callback for a different amount is refused; the right one is recorded once.
    const wrong = await postCallback(callback({ orderid: orderId, amount: "100", status: "1" }));
    expect(wrong.status).toBe(400);
    const good = callback({ orderid: orderId, amount: String(Math.round(due * 100)), status: "1" });
    expect((await postCallback(good)).text).toBe("OK");
    expect((await postCallback(good)).text).toBe("OK");
    const ledger = (await staff.get<Ledger>(`/api/admin/reservations/${a.id}/payments`)).body;
    expect(ledger.entries.map((e) => [e.amount, e.kind, e.method])).toEqual([
      [a.payment.amount, "advance", "online"],
      [due, "rental", "online"],
    ]);
    expect(ledger.summary).toMatchObject({ paid: a.quote.total, due: 0 });

    const after = await portal(a.token).view();
    expect(after.body.payment).toMatchObject({ paid: a.quote.total, due: 0 });
    expect(after.body.payBalance).toBeNull();
    expect(after.body.status).toBe("confirmed");
    const nothing = await portal(a.token).pay();
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe("Mokėti nebėra ko: visa suma jau sumokėta");
  });

  it("B nuoroda moka tik už B; netinkama nuoroda – 404; nepatvirtinta rezervacija – 409", async () => {
    const a = await bookAndPayAdvance(66);
    const b = await bookAndPayAdvance(72);
    const paidB = await portal(b.token).pay();
    expect(paidB.status, paidB.text).toBe(200);
    const orderB = requestOf(paidB.body.redirectUrl).get("orderid") ?? "";
    expect(orderB.endsWith(b.id)).toBe(true);
    expect(orderB).not.toContain(a.id);
    // A is untouched by B's checkout: still offers its own balance, nothing waits online on it.
    const viewA = await portal(a.token).view();
    expect(viewA.body.payBalance).toEqual({ due: Math.round((a.quote.total - a.payment.amount) * 100) / 100 });
    const reservationA = await adminGet<Doc & { payment: { online: { state: string } } }>(staff, "reservations", a.id);
    expect(reservationA.payment.online.state).toBe("paid");
    // B's checkout's callback cannot pay A (the order names B).
    const cents = String(Math.round(paidB.body.amount * 100));
    expect((await postCallback(callback({ orderid: orderB, amount: cents, status: "1" }))).text).toBe("OK");
    expect((await staff.get<Ledger>(`/api/admin/reservations/${a.id}/payments`)).body.entries).toHaveLength(1);
    expect((await portal(b.token).view()).body.payBalance).toBeNull();

    const bad = `${a.token.slice(0, -1)}${a.token.at(-1) === "A" ? "B" : "A"}`;
    expect((await portal(bad).pay()).status).toBe(404);
  });

  it("likučio mokėjimas nepasibaigus laukimui rezervacijos neatšaukia, nesumokėtas – lieka patvirtinta", async () => {
    const c = await bookAndPayAdvance(78);
    const started = await portal(c.token).pay();
    expect(started.status).toBe(200);
    const orderId = requestOf(started.body.redirectUrl).get("orderid") ?? "";
    // A refused payment changes nothing but the online state; the reservation stays confirmed.
    const failed = await postCallback(
      callback({ orderid: orderId, amount: String(Math.round(started.body.amount * 100)), status: "0" }),
    );
    expect(failed.text).toBe("OK");
    const reservation = await adminGet<Doc & { status: string }>(staff, "reservations", c.id);
    expect(reservation.status).toBe("confirmed");
    // The customer may try again.
    expect((await portal(c.token).view()).body.payBalance).toEqual({ due: started.body.amount });
    expect((await portal(c.token).pay()).status).toBe(200);
  });
});

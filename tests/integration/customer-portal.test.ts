// "Mano rezervacija" on the real server and database (src/core/customerPortal.ts,
// server/routes/portal.ts): the signed link from the outbox opens exactly its own reservation;
// a tampered, revoked or expired token opens nothing; cancelling inside and outside the free
// window; a change to a taken period is the usual 409, to a free one re-quoted as the site's own
// quote; link requests are rate-limited and never say whether a booking exists.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminGet, adminListAll, type Doc, publicCatalogue, reservationBody, signInAdmin } from "../helpers/api";
import { ApiClient, listItems, listQuery } from "../helpers/http";
import { type RunningServer, startServer } from "../helpers/server";

const DAY = 86_400_000;
const TOKEN_IN_LINK = /\/mano-rezervacija\/([A-Za-z0-9_-]{43})/;

type Mail = Doc & {
  ref: string | null;
  to: string | string[];
  message: { subject: string; text: string; html?: string };
};
type Reservation = Doc & {
  number: string;
  carId: string;
  status: string;
  pickupAt: string;
  returnAt: string;
  quote: { total: number };
};

let server: RunningServer;
let admin: ApiClient;
let site: ApiClient;
let catalogue: Awaited<ReturnType<typeof publicCatalogue>>;

beforeAll(async () => {
  server = await startServer({ demo: true });
  admin = await signInAdmin(server.url);
  site = new ApiClient(server.url);
  catalogue = await publicCatalogue(site);
});
afterAll(async () => {
  await server?.stop();
});

/** A whole hour `days` from now (UTC), inside the opening hours of the demo places. */
const daysFromNow = (days: number, hourUtc = 8): string => {
  const at = new Date(Date.now() + days * DAY);
  at.setUTCHours(hourUtc, 0, 0, 0);
  return at.toISOString();
};

async function mailsOf(reservationId: string): Promise<Mail[]> {
  const response = await admin.get(
    `/api/admin/mail${listQuery({ range: [0, 99], filter: { ref: `reservation:${reservationId}` } })}`,
  );
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  return listItems<Mail>(response.body);
}

/** The token of the newest customer mail of the reservation that carries a link. */
async function latestToken(reservationId: string, customerEmail: string): Promise<string> {
  const mails = (await mailsOf(reservationId))
    .filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).includes(customerEmail))
    .sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
  const token = mails.map((m) => TOKEN_IN_LINK.exec(m.message.text)?.[1]).find(Boolean);
  if (!token) throw new Error(`Laiške nėra nuorodos: ${mails.map((m) => m.message.subject).join(", ")}`);
  return token;
}

const portal = (token: string) => ({
  view: () => site.get<Record<string, unknown>>("/api/portal/reservation", { headers: { "x-portal-token": token } }),
  post: <T = Record<string, unknown>>(path: string, body: unknown) =>
    site.post<T>(`/api/portal/${path}`, body, { headers: { "x-portal-token": token } }),
});

let usedCars: string[] = [];

/** A web booking of a car nobody holds (nor a previous test took) over the period; its id, number, token and e-mail. */
async function book(pickupDays: number, returnDays: number, carId?: string, freeUntilDays = returnDays) {
  const period = { pickupAt: daysFromNow(pickupDays), returnAt: daysFromNow(returnDays) };
  const span = { pickupAt: period.pickupAt, returnAt: daysFromNow(freeUntilDays) };
  const reservations = await adminListAll<Reservation>(admin, "reservations");
  const car =
    carId ??
    catalogue.cars.find(
      (c) =>
        !usedCars.includes(c.id) &&
        !reservations.some(
          (r) =>
            r.carId === c.id &&
            ["new", "confirmed", "active"].includes(r.status) &&
            Date.parse(r.pickupAt) < Date.parse(span.returnAt) + 2 * DAY &&
            Date.parse(span.pickupAt) < Date.parse(r.returnAt) + 2 * DAY,
        ),
    )?.id;
  if (!car) throw new Error("Nėra laisvo automobilio");
  usedCars = [...usedCars, car];
  const location = catalogue.locations[0];
  if (!location) throw new Error("Nėra vietų");
  const body = reservationBody({ carId: car, locationId: location.id, ...period });
  const created = await site.post<{ id: string; number: string; quote: { total: number } }>(
    "/api/site/reservations",
    body,
  );
  expect(created.status, created.text.slice(0, 400)).toBe(201);
  const email = (body.customer as { email: string }).email;
  const token = await latestToken(created.body.id, email);
  return { ...created.body, carId: car, email, token, locationId: location.id, period };
}

describe("Mano rezervacija: nuoroda", () => {
  it("patvirtinimo laiške yra nuoroda, ji atidaro tik savo rezervaciją; pakeista ar atšaukta – nieko", async () => {
    const a = await book(20, 23);
    const b = await book(20, 23);
    expect(a.token).not.toBe(b.token);

    const viewA = await portal(a.token).view();
    expect(viewA.status, viewA.text.slice(0, 300)).toBe(200);
    expect(viewA.body.number).toBe(a.number);
    expect(viewA.headers.get("referrer-policy")).toBe("no-referrer");
    expect(viewA.headers.get("x-robots-tag")).toContain("noindex");
    const viewB = await portal(b.token).view();
    expect(viewB.body.number).toBe(b.number);
    // Nothing of B on A's page (and the other way round).
    expect(viewA.text).not.toContain(b.number);
    expect(viewA.text).not.toContain(b.email);
    expect(viewB.text).not.toContain(a.number);

    // Tampering: one character changed, cut short, garbage, none at all -> the same 404, in Lithuanian.
    const last = a.token.at(-1) === "A" ? "B" : "A";
    for (const bad of [`${a.token.slice(0, -1)}${last}`, a.token.slice(0, 20), "../../etc/passwd", ""]) {
      const refused = await portal(bad).view();
      expect(refused.status, bad).toBe(404);
      expect(String(refused.body.message)).toMatch(/nuoroda neteisinga arba nebegalioja/i);
      const cancel = await portal(bad).post("cancel", { confirm: true });
      expect(cancel.status).toBe(404);
    }

    // A's token changes A only: B stays as it was.
    const beforeB = await adminGet<Reservation>(admin, "reservations", b.id);
    const changed = await portal(a.token).post("change", {
      pickupAt: daysFromNow(21),
      returnAt: daysFromNow(24),
      pickupLocationId: a.locationId,
      returnLocationId: a.locationId,
      extras: [],
    });
    expect(changed.status, changed.text.slice(0, 300)).toBe(200);
    const afterB = await adminGet<Reservation>(admin, "reservations", b.id);
    expect(afterB.pickupAt).toBe(beforeB.pickupAt);
    expect(afterB.version).toBe(beforeB.version);
    expect((await adminGet<Reservation>(admin, "reservations", a.id)).pickupAt).toBe(daysFromNow(21));

    // Staff revoke and send a new link: the old ones stop working, the new one works.
    const resent = await admin.post<{ revoked: number; sentTo: string }>(
      `/api/admin/actions/reservations/${a.id}/portal-link`,
      {},
    );
    expect(resent.status, resent.text.slice(0, 300)).toBe(200);
    expect(resent.body.revoked).toBeGreaterThanOrEqual(2);
    expect((await portal(a.token).view()).status).toBe(404);
    const fresh = await latestToken(a.id, a.email);
    expect(fresh).not.toBe(a.token);
    expect((await portal(fresh).view()).body.number).toBe(a.number);
    // Visitors may not revoke.
    expect((await site.post(`/api/admin/actions/reservations/${a.id}/portal-link`, {})).status).toBe(401);
  });

  it("sąskaitą atsisiunčia tik savos rezervacijos nuoroda", async () => {
    const a = await book(62, 64);
    const b = await book(62, 64);
    const current = await adminGet<Reservation>(admin, "reservations", a.id);
    const confirmed = await admin.put(`/api/admin/reservations/${a.id}`, { ...current, status: "confirmed" });
    expect(confirmed.status, confirmed.text.slice(0, 300)).toBe(200);
    const issued = await admin.post<{ id: string; number: string }>(`/api/admin/reservations/${a.id}/invoices`, {});
    expect(issued.status, issued.text.slice(0, 300)).toBe(201);
    const view = await portal(a.token).view();
    expect(view.body.invoices).toEqual([expect.objectContaining({ id: issued.body.id, number: issued.body.number })]);
    expect((await portal(b.token).view()).body.invoices).toEqual([]);
    const own = await fetch(`${server.url}/api/portal/invoices/${issued.body.id}.pdf`, {
      headers: { "x-portal-token": a.token },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await own.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const other = await fetch(`${server.url}/api/portal/invoices/${issued.body.id}.pdf`, {
      headers: { "x-portal-token": b.token },
    });
    expect(other.status).toBe(404);
  });

  it("nuoroda nustoja galioti praėjus 30 d. po grąžinimo", async () => {
    const a = await book(25, 27);
    expect((await portal(a.token).view()).status).toBe(200);
    // Staff record the rental as one that ended 31 days ago.
    const current = await adminGet<Reservation>(admin, "reservations", a.id);
    const moved = await admin.put(`/api/admin/reservations/${a.id}`, {
      ...current,
      pickupAt: daysFromNow(-33),
      returnAt: daysFromNow(-31),
      status: "confirmed",
      confirmPast: true,
    });
    expect(moved.status, moved.text.slice(0, 400)).toBe(200);
    const expired = await portal(a.token).view();
    expect(expired.status).toBe(404);
    // …and one day inside the 30 days it works again (the return decides, not the link's age).
    const back = await adminGet<Reservation>(admin, "reservations", a.id);
    const inside = await admin.put(`/api/admin/reservations/${a.id}`, {
      ...back,
      pickupAt: daysFromNow(-31),
      returnAt: daysFromNow(-29),
      confirmPast: true,
    });
    expect(inside.status, inside.text.slice(0, 400)).toBe(200);
    expect((await portal(a.token).view()).status).toBe(200);
  });
});

describe("Mano rezervacija: atšaukimas", () => {
  it("laiku atšaukta: būsena atšaukta, automobilis laisvas, auditas, laiškai abiem pusėms", async () => {
    const a = await book(10, 12);
    const refused = await portal(a.token).post("cancel", {});
    expect(refused.status).toBe(422);
    const cancelled = await portal(a.token).post("cancel", { confirm: true });
    expect(cancelled.status, cancelled.text.slice(0, 300)).toBe(200);
    const stored = await adminGet<Reservation & { cancelReason: string }>(admin, "reservations", a.id);
    expect(stored.status).toBe("cancelled");
    expect(stored.cancelReason).toMatch(/Klientas atšaukė/);
    const mails = await mailsOf(a.id);
    expect(mails.some((m) => m.to === a.email && /atšaukta/.test(m.message.subject))).toBe(true);
    expect(mails.some((m) => m.to !== a.email && /Klientas atšaukė rezervaciją/.test(m.message.subject))).toBe(true);
    const audit = await admin.get(`/api/admin/audit-log${listQuery({ range: [0, 20], filter: { recordId: a.id } })}`);
    expect(audit.status, audit.text.slice(0, 300)).toBe(200);
    expect(listItems<Doc & { actor: string }>(audit.body).some((e) => /Mano rezervacija/.test(e.actor))).toBe(true);
    // The car is free again for the same dates.
    const quote = await site.post<{ available: boolean }>("/api/site/quote", {
      carId: a.carId,
      ...a.period,
      pickupLocationId: a.locationId,
      returnLocationId: a.locationId,
      extras: [],
    });
    expect(quote.status, quote.text.slice(0, 300)).toBe(200);
    expect(quote.body.available).toBe(true);
    // A second cancellation is refused (closed).
    expect((await portal(a.token).post("cancel", { confirm: true })).status).toBe(409);
  });

  it("per vėlai: 409 su sąlygomis ir prašymu skambinti, rezervacija nepakinta", async () => {
    const a = await book(1, 3);
    const late = await portal(a.token).post<{ message: string }>("cancel", { confirm: true });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/Nemokamai atšaukti buvo galima iki \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(late.body.message).toMatch(/paskambinkite|susisiekite/);
    expect((await adminGet<Reservation>(admin, "reservations", a.id)).status).toBe("new");
    const view = await portal(a.token).view();
    expect((view.body.cancellation as { free: boolean }).free).toBe(false);
  });
});

describe("Mano rezervacija: pakeitimas", () => {
  it("užimtas laikotarpis – 409, laisvas – perskaičiuota kaina kaip svetainės", async () => {
    // One car free from day 40 to day 61 for both bookings and the change.
    const first = await book(40, 43, undefined, 61);
    const second = await book(50, 53, first.carId);
    const taken = await portal(second.token).post<{ message: string }>("change", {
      pickupAt: daysFromNow(41),
      returnAt: daysFromNow(44),
      pickupLocationId: second.locationId,
      returnLocationId: second.locationId,
      extras: [],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/jau užimtas/);
    const quoteTaken = await portal(second.token).post<{ available: boolean }>("quote", {
      pickupAt: daysFromNow(41),
      returnAt: daysFromNow(44),
      pickupLocationId: second.locationId,
      returnLocationId: second.locationId,
      extras: [],
    });
    expect(quoteTaken.body.available).toBe(false);

    // A car change is not a portal change.
    const carChange = await portal(second.token).post("change", { carId: first.carId });
    expect(carChange.status).toBe(422);

    const newPeriod = { pickupAt: daysFromNow(55), returnAt: daysFromNow(60) };
    const extra = catalogue.extras[0];
    const body = {
      ...newPeriod,
      pickupLocationId: second.locationId,
      returnLocationId: second.locationId,
      extras: extra ? [{ id: extra.id, quantity: 1 }] : [],
    };
    const live = await portal(second.token).post<{ available: boolean; quote: { total: number } }>("quote", body);
    expect(live.status, live.text.slice(0, 300)).toBe(200);
    expect(live.body.available).toBe(true);
    const siteQuote = await site.post<{ quote: { total: number } }>("/api/site/quote", {
      carId: second.carId,
      ...body,
    });
    expect(live.body.quote.total).toBe(siteQuote.body.quote.total);
    const applied = await portal(second.token).post<{ outcome: string; quote: { total: number } }>("change", body);
    expect(applied.status, applied.text.slice(0, 300)).toBe(200);
    expect(applied.body.outcome).toBe("applied");
    expect(applied.body.quote.total).toBe(siteQuote.body.quote.total);
    const stored = await adminGet<Reservation>(admin, "reservations", second.id);
    expect(stored.pickupAt).toBe(newPeriod.pickupAt);
    expect(stored.quote.total).toBe(siteQuote.body.quote.total);
    expect(stored.quote.total).not.toBe(second.quote.total);
    const mails = await mailsOf(second.id);
    expect(mails.some((m) => m.to === second.email && /pakeista/.test(m.message.subject))).toBe(true);
    // The change mail carries a fresh, working link.
    expect((await portal(await latestToken(second.id, second.email)).view()).body.number).toBe(second.number);
  });

  it("vairuotojo duomenys ir kalendorius", async () => {
    const a = await book(30, 32);
    const bad = await portal(a.token).post<{ errors: Record<string, string> }>("driver", {
      driver: {
        firstName: "Testas",
        lastName: "Bandomasis",
        birthDate: "1985-04-12",
        licenceNumber: "LT1",
        licenceExpiresAt: "2020-01-01",
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors["driver.licenceExpiresAt"]).toMatch(/galioti/);
    const saved = await portal(a.token).post("driver", {
      driver: {
        firstName: "Testas",
        lastName: "Bandomasis",
        birthDate: "1985-04-12",
        licenceNumber: "LT1234567",
        licenceExpiresAt: "2035-01-01",
      },
      additionalDriver: {
        firstName: "Ona",
        lastName: "Bandomoji",
        birthDate: "1990-02-03",
        licenceNumber: "LT7654321",
        licenceExpiresAt: "2034-05-06",
      },
    });
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);
    const stored = await adminGet<Reservation & { driverDetails: { additionalDriver: { lastName: string } } }>(
      admin,
      "reservations",
      a.id,
    );
    expect(stored.driverDetails.additionalDriver.lastName).toBe("Bandomoji");
    const ics = await site.get("/api/portal/calendar.ics", { headers: { "x-portal-token": a.token } });
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toContain("text/calendar");
    expect(ics.text).toContain("BEGIN:VEVENT");
    expect(ics.text).toContain(a.number);
  });
});

describe("Mano rezervacija: naujos nuorodos prašymas", () => {
  it("atsakymas vienodas, laiškas tik tikram savininkui, po 5 prašymų – 429", async () => {
    const a = await book(35, 37);
    const client = new ApiClient(server.url);
    const before = (await mailsOf(a.id)).length;
    const wrong = await client.post<{ message: string }>("/api/portal/link-request", {
      number: a.number,
      email: "svetimas@pavyzdys.lt",
    });
    const missing = await client.post<{ message: string }>("/api/portal/link-request", {
      number: "R-2026-999999",
      email: a.email,
    });
    const right = await client.post<{ message: string }>("/api/portal/link-request", {
      number: a.number.toLowerCase(),
      email: a.email.toUpperCase(),
    });
    for (const answer of [wrong, missing, right]) {
      expect(answer.status, answer.text.slice(0, 300)).toBe(200);
      expect(answer.body.message).toBe(right.body.message);
    }
    const after = await mailsOf(a.id);
    expect(after.length).toBe(before + 1);
    const fresh = await latestToken(a.id, a.email);
    expect((await portal(fresh).view()).body.number).toBe(a.number);
    const badInput = await client.post<{ errors: Record<string, string> }>("/api/portal/link-request", {
      number: "123",
      email: "ne-el-pastas",
    });
    expect(badInput.status).toBe(422);
    expect(Object.keys(badInput.body.errors).sort()).toEqual(["email", "number"]);
    // 3 counted so far (the 422 is refused before counting); 2 more pass, then 429.
    for (let i = 0; i < 2; i += 1) {
      expect((await client.post("/api/portal/link-request", { number: a.number, email: a.email })).status).toBe(200);
    }
    const limited = await client.post<{ message: string }>("/api/portal/link-request", {
      number: a.number,
      email: a.email,
    });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Per daug/);
  });

  it("kai nustatymai reikalauja patvirtinimo, pakeitimas tampa užklausa darbuotojams, rezervacija nepakinta", async () => {
    const a = await book(70, 72);
    const id = "00000000-0000-0000-0000-000000000001";
    const current = await adminGet<Doc & { portal?: object }>(admin, "settings", id);
    const saved = await admin.put(`/api/admin/settings/${id}`, {
      ...current,
      portal: { freeCancellationHours: 48, changesNeedApproval: true },
    });
    expect(saved.status, saved.text.slice(0, 400)).toBe(200);
    try {
      const view = await portal(a.token).view();
      expect((view.body.change as { needsApproval: boolean }).needsApproval).toBe(true);
      const asked = await portal(a.token).post<{ outcome: string }>("change", {
        pickupAt: daysFromNow(71),
        returnAt: daysFromNow(73),
        pickupLocationId: a.locationId,
        returnLocationId: a.locationId,
        extras: [],
      });
      expect(asked.status, asked.text.slice(0, 300)).toBe(200);
      expect(asked.body.outcome).toBe("requested");
      expect((await adminGet<Reservation>(admin, "reservations", a.id)).pickupAt).toBe(a.period.pickupAt);
      const requests = await adminListAll<Doc & { type: string; message: string; email: string }>(admin, "requests");
      const request = requests.find((r) => r.message.includes(a.number));
      expect(request?.type).toBe("reservation");
      expect(request?.email).toBe(a.email);
    } finally {
      const back = await adminGet<Doc>(admin, "settings", id);
      await admin.put(`/api/admin/settings/${id}`, {
        ...back,
        portal: { freeCancellationHours: 48, changesNeedApproval: false },
      });
    }
  });

  it("puslapis turi no-referrer ir noindex antraštes, serverio žurnale žetono nėra", async () => {
    const a = await book(45, 47);
    const page = await fetch(`${server.url}/mano-rezervacija/${a.token}`, { headers: { accept: "text/html" } });
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(server.output()).not.toContain(a.token);
  });
});

describe("Mano rezervacija: mokėjimas internetu nesukonfigūruotas", () => {
  it("likučio mygtuko nėra, o mokėjimo veiksmas – 409 lietuviškai", async () => {
    const a = await book(90, 93);
    const view = await portal(a.token).view();
    expect(view.status).toBe(200);
    expect(view.body.payBalance).toBeNull();
    const pay = await portal(a.token).post<{ message: string }>("pay", {});
    expect(pay.status).toBe(409);
    expect(pay.body.message).toBe("Mokėjimas internetu nesukonfigūruotas: likutį sumokėsite atsiimdami automobilį");
  });
});

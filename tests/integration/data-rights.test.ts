// The customer's data rights on the real server and PGlite (src/core/dataRights.ts behind
// server/routes/dataRights.ts): two customers who share nothing, each with a rental handed over
// and returned (signatures, signed PDFs, mails), an inquiry and staff edits. The export of one
// holds every record of theirs and nothing of the other's; the erasure of one leaves no trace of
// their name, phone, e-mail or licence in the admin search, the outbox and the audit log, keeps
// the prices and the invoices, and leaves the other customer whole. The retention job's daily
// run is recorded. Time-dependent retention and the two-server guarantee are tested on the core
// (tests/integration/core/dataRights-*.test.ts), where the clock is given.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminListAll, type Doc, signInAdmin, signInStaff } from "../helpers/api";
import { type ApiClient, listQuery } from "../helpers/http";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, startServer } from "../helpers/server";

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  licence: string;
  address: string;
}

const A: Person = {
  firstName: "Aurelija",
  lastName: "Kriaučiūnaitė",
  email: `aurelija.k.${process.pid}@pavyzdys.lt`,
  phone: "+37061111222",
  licence: "LTA998877",
  address: "Gedimino pr. 77-5, Vilnius",
};
const B: Person = {
  firstName: "Benediktas",
  lastName: "Žemaitėlis",
  email: `benediktas.z.${process.pid}@pavyzdys.lt`,
  phone: "+37062222333",
  licence: "LTB112233",
  address: "Laisvės al. 12-3, Kaunas",
};

type Reservation = Doc & {
  number: string;
  version: number;
  quote: { total: number };
  handover: { mileage: number; signature: { image: string }; document: string; licence: { number: string } } | null;
  returnAct: { signature: { image: string }; document: string } | null;
};

let server: RunningServer;
let admin: ApiClient;
let staff: ApiClient;
let site: ApiClient;
let carId: string;
let locationId: string;
const ids: Record<"A" | "B", { customer: string; reservation: string; request: string; number: string }> = {
  A: { customer: "", reservation: "", request: "", number: "" },
  B: { customer: "", reservation: "", request: "", number: "" },
};

const needles = (p: Person): string[] => [p.email, p.phone, p.phone.slice(4), p.licence, p.lastName, p.address];
const hits = (text: string, p: Person): string[] =>
  needles(p).filter((n) => text.toLowerCase().includes(n.toLowerCase()));

async function rentalFor(customerId: string, p: Person, weeksBack: number): Promise<Reservation> {
  const pickupAt = new Date(Date.now() - 3_600_000 - weeksBack * 7 * 86_400_000).toISOString();
  const returnAt = new Date(Date.parse(pickupAt) + 3 * 86_400_000).toISOString();
  const created = await admin.post<Reservation>("/api/admin/reservations", {
    carId,
    customerId,
    pickupAt,
    returnAt,
    pickupLocationId: locationId,
    returnLocationId: locationId,
    status: "confirmed",
    confirmPast: true,
    notes: `Skambino ${p.firstName} ${p.lastName}, tel. ${p.phone}`,
  });
  expect(created.status, created.text.slice(0, 400)).toBe(201);
  const signature = { image: PNG, signerName: `${p.firstName} ${p.lastName}` };
  const handover = await staff.post<Reservation>(`/api/admin/reservations/${created.body.id}/handover`, {
    mileage: 10_000 + weeksBack * 1000,
    fuel: "1",
    licence: { number: p.licence, expiresAt: "2035-01-01" },
    damages: [],
    photos: [],
    confirmedDamageIds: [],
    signature,
    version: created.body.version,
  });
  expect(handover.status, handover.text.slice(0, 400)).toBe(200);
  const returned = await staff.post<{ reservation: Reservation }>(`/api/admin/reservations/${created.body.id}/return`, {
    mileage: handover.body.handover!.mileage + 50,
    fuel: "1",
    returnedAt: new Date().toISOString(),
    damages: [],
    photos: [],
    cleaning: false,
    damageAmount: 0,
    overrides: [],
    signature,
    version: handover.body.version,
  });
  expect(returned.status, returned.text.slice(0, 400)).toBe(200);
  return returned.body.reservation;
}

beforeAll(async () => {
  server = await startServer({ demo: true, env: { JOB_INTERVAL_MS: "500" } });
  admin = await signInAdmin(server.url);
  staff = await signInStaff(server.url);
  const { ApiClient: Client } = await import("../helpers/http");
  site = new Client(server.url);
  const car = await admin.post<Doc>("/api/admin/cars", {
    slug: `teisiu-testas-${process.pid}`,
    make: "Škoda",
    model: "Fabia",
    year: 2023,
    category: "ekonominė",
    transmission: "mechaninė",
    fuel: "benzinas",
    seats: 5,
    doors: 5,
    bags: 2,
    airConditioning: true,
    deposit: 200,
    mileageLimitPerDay: 300,
    minDriverAge: 21,
    minLicenceYears: 2,
    status: "hidden",
  });
  expect(car.status, car.text.slice(0, 300)).toBe(201);
  carId = car.body.id;
  expect(
    (await admin.post("/api/admin/prices", { carId, tiers: [{ fromDays: 1, toDays: null, dailyRate: 40 }] })).status,
  ).toBe(201);
  expect(
    (await admin.post("/api/admin/fleet", { carId, plateNumber: "TEI 001", vin: "WVWZZZ1KZ8W000777", mileage: 5000 }))
      .status,
  ).toBe(201);
  locationId = (await adminListAll(admin, "locations"))[0]!.id;

  for (const [key, p, weeks] of [
    ["A", A, 2],
    ["B", B, 4],
  ] as const) {
    const customer = await admin.post<Doc>("/api/admin/customers", {
      type: "private",
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      phone: p.phone,
      birthDate: "1988-02-03",
      licenceNumber: p.licence,
      licenceIssuedAt: "2008-05-06",
      address: p.address,
      notes: `Pastaba apie ${p.firstName}`,
    });
    expect(customer.status, customer.text.slice(0, 300)).toBe(201);
    ids[key].customer = customer.body.id;
    // A staff edit: an audit entry about the customer.
    const edited = await staff.put(`/api/admin/customers/${customer.body.id}`, {
      ...customer.body,
      notes: `Nuolatinis klientas ${p.lastName}`,
    });
    expect(edited.status, edited.text.slice(0, 300)).toBe(200);
    const reservation = await rentalFor(customer.body.id, p, weeks);
    ids[key].reservation = reservation.id;
    ids[key].number = reservation.number;
    const inquiry = await site.post<Doc>("/api/site/requests", {
      type: "contact",
      name: `${p.firstName} ${p.lastName}`,
      email: p.email,
      phone: p.phone,
      message: `Sveiki, esu ${p.firstName} ${p.lastName}. Ar galima pratęsti nuomą?`,
    });
    expect(inquiry.status, inquiry.text.slice(0, 300)).toBe(201);
    ids[key].request = inquiry.body.id;
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

type Export = {
  customer: Doc;
  reservations: Doc[];
  inquiries: Doc[];
  mails: (Doc & { ref: string | null })[];
  documents: { path: string; kind: string }[];
  signatures: { image: string; dataUrl: string | null; signerName: string; act: string }[];
  photos: unknown[];
  audit: (Doc & { recordId: string })[];
  invoices: Doc[];
};

describe("asmens duomenų eksportas", () => {
  it("JSON turi visus kliento įrašus ir nieko apie kitą klientą", async () => {
    const response = await admin.get<Export>(`/api/admin/customers/${ids.A.customer}/export`);
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("attachment;");
    const data = response.body;
    expect(data.customer).toMatchObject({ id: ids.A.customer, email: A.email, licenceNumber: A.licence });
    expect(data.reservations.map((r) => r.id)).toEqual([ids.A.reservation]);
    expect(data.inquiries.map((r) => r.id)).toEqual([ids.A.request]);
    // Hand-over and return mails (and the thank-you mail), all about A's reservation.
    expect(data.mails.length).toBeGreaterThanOrEqual(2);
    expect(
      data.mails.every(
        (m) =>
          m.ref === `reservation:${ids.A.reservation}` ||
          m.ref === `request:${ids.A.request}` ||
          JSON.stringify(m).includes(A.email),
      ),
    ).toBe(true);
    expect(data.documents.map((d) => d.kind).sort()).toEqual(["agreement", "handover", "return"]);
    expect(data.signatures).toHaveLength(2);
    for (const s of data.signatures) {
      expect(s.dataUrl).toMatch(/^data:image\/png;base64,/);
      expect(s.signerName).toBe(`${A.firstName} ${A.lastName}`);
    }
    const auditIds = new Set(data.audit.map((a) => a.recordId));
    expect(auditIds.has(ids.A.customer)).toBe(true);
    expect(auditIds.has(ids.A.reservation)).toBe(true);
    // Nothing about B: no value, no id.
    const text = response.text;
    expect(hits(text, B)).toEqual([]);
    for (const id of Object.values(ids.B)) expect(text).not.toContain(id);
  });

  it("santrauka – skaitoma lietuviška HTML", async () => {
    const response = await admin.get(`/api/admin/customers/${ids.A.customer}/export?format=summary`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.text).toContain(`Asmens duomenų išrašas: ${A.firstName} ${A.lastName}`);
    expect(response.text).toContain("Rezervacijos (1)");
    expect(response.text).toContain(ids.A.number);
    expect(response.text).toContain("Parašai (2)");
    expect(hits(response.text, B)).toEqual([]);
  });

  it("darbuotojui (ne administratoriui) eksportas ir ištrynimas draudžiami – 403", async () => {
    expect((await staff.get(`/api/admin/customers/${ids.A.customer}/export`)).status).toBe(403);
    expect((await staff.post(`/api/admin/customers/${ids.A.customer}/erase`, { confirm: true })).status).toBe(403);
  });

  it("nežinomas klientas – 404 lietuviškai", async () => {
    const response = await admin.get<{ message: string }>(
      "/api/admin/customers/00000000-0000-4000-8000-000000000999/export",
    );
    expect(response.status).toBe(404);
    expect(response.body.message).toBe("Klientas nerastas");
  });
});

describe("asmens duomenų ištrynimas", () => {
  let priceBefore: number;
  let invoicesBefore: string;
  let invoiceId: string;
  let invoiceBefore: string;
  let isafBefore: string;
  let signatureFiles: string[];
  /** A "Mano rezervacija" token from a mail A got: it must stop opening the reservation. */
  let portalToken = "";
  const openPortal = (token: string) =>
    fetch(`${server.url}/api/portal/reservation`, { headers: { "x-portal-token": token } });

  beforeAll(async () => {
    const mails = await admin.get<{ to: string | string[]; message: { text?: string } }[]>(
      `/api/admin/mail${listQuery({ range: [0, 999] })}`,
    );
    for (const mail of mails.body) {
      const to = Array.isArray(mail.to) ? mail.to : [mail.to];
      const token = /\/mano-rezervacija\/([A-Za-z0-9_-]+)/.exec(mail.message.text ?? "")?.[1];
      if (token && to.includes(A.email)) portalToken = token;
    }
    expect(portalToken).not.toBe("");
    expect((await openPortal(portalToken)).status).toBe(200);
    const reservation = (await admin.get<Reservation>(`/api/admin/reservations/${ids.A.reservation}`)).body;
    priceBefore = reservation.quote.total;
    signatureFiles = [
      reservation.handover!.signature.image,
      reservation.returnAct!.signature.image,
      reservation.handover!.document,
    ];
    for (const path of signatureFiles) expect((await admin.get(`/api/admin/private/${path}`)).status).toBe(200);
    // An invoice issued for A's rental (src/core/invoices.ts): it must stay exactly as issued.
    // (the return issues it; otherwise it is issued here).
    let listed = await admin.get<{ id: string }[]>(`/api/admin/reservations/${ids.A.reservation}/invoices`);
    if (listed.body.length === 0) {
      const issued = await admin.post(`/api/admin/reservations/${ids.A.reservation}/invoices`, {});
      expect(issued.status, issued.text.slice(0, 300)).toBe(201);
      listed = await admin.get<{ id: string }[]>(`/api/admin/reservations/${ids.A.reservation}/invoices`);
    }
    expect(listed.body).toHaveLength(1);
    invoiceId = listed.body[0]!.id;
    invoiceBefore = (await admin.get(`/api/admin/invoices/${invoiceId}`)).text;
    const month = new Date().toISOString().slice(0, 7);
    isafBefore = (await admin.get(`/api/admin/isaf?month=${month}`)).text;
    const invoices = await admin.get(`/api/admin/invoices${listQuery({ range: [0, 999] })}`);
    invoicesBefore = invoices.status === 200 ? invoices.text : `HTTP ${invoices.status}`;
  });

  it("prieš ištrynimą paieška klientą randa (patikra, kad paieška veikia)", async () => {
    for (const [resource, q, id] of [
      ["customers", A.lastName, ids.A.customer],
      ["customers", A.phone, ids.A.customer],
      ["reservations", A.email, ids.A.reservation],
      ["requests", A.email, ids.A.request],
    ] as const) {
      const found = await admin.get<Doc[]>(`/api/admin/${resource}${listQuery({ range: [0, 99], filter: { q } })}`);
      expect(found.status).toBe(200);
      expect(
        found.body.map((d) => d.id),
        `${resource} q=${q}`,
      ).toContain(id);
    }
    const mails = await admin.get<Doc[]>(`/api/admin/mail${listQuery({ range: [0, 99], filter: { q: A.email } })}`);
    expect(mails.body.length).toBeGreaterThan(0);
  });

  it("be patvirtinimo – 422 lietuviškai, niekas nepakeista", async () => {
    const response = await admin.post<{ message: string; errors: Record<string, string> }>(
      `/api/admin/customers/${ids.A.customer}/erase`,
      {},
    );
    expect(response.status).toBe(422);
    expect(nonLithuanianMessages(response.body)).toEqual([]);
    expect((await admin.get<Doc>(`/api/admin/customers/${ids.A.customer}`)).body.email).toBe(A.email);
  });

  it("nuasmenina klientą visur; paieška, žurnalas ir laiškai jo nebeturi; kainos ir sąskaitos nepakitę", async () => {
    const response = await admin.post<{ counts: Record<string, number>; kept: { reason: string }[] }>(
      `/api/admin/customers/${ids.A.customer}/erase`,
      { confirm: true },
    );
    expect(response.status, response.text.slice(0, 400)).toBe(200);
    expect(response.body.counts).toMatchObject({ customers: 1, reservations: 1, inquiriesDeleted: 1 });
    expect(response.body.counts.mails).toBeGreaterThanOrEqual(2);
    expect(response.body.counts.filesDeleted).toBeGreaterThanOrEqual(3);
    expect(hits(response.text, A)).toEqual([]);

    // The customer record.
    const customer = (await admin.get<Doc>(`/api/admin/customers/${ids.A.customer}`)).body;
    expect(customer).toMatchObject({ firstName: "Ištrintas", lastName: "klientas", birthDate: null, notes: "" });
    expect(customer.licenceNumber ?? "").toBe("");
    expect(customer.address ?? "").toBe("");
    expect(typeof customer.anonymisedAt).toBe("string");
    // The links in the old mails no longer open anything.
    expect((await openPortal(portalToken)).status).toBe(404);

    // The admin search (PostgreSQL tsvector columns) finds A nowhere, B still everywhere.
    for (const resource of ["customers", "reservations", "requests", "mail", "audit-log"]) {
      for (const q of [A.email, A.phone, A.lastName, A.licence]) {
        const found = await admin.get<Doc[]>(`/api/admin/${resource}${listQuery({ range: [0, 99], filter: { q } })}`);
        expect(found.status, `${resource} q=${q}: ${found.text.slice(0, 200)}`).toBe(200);
        expect(
          found.body.map((d) => d.id),
          `${resource} q=${q}`,
        ).toEqual([]);
      }
    }
    const bFound = await admin.get<Doc[]>(
      `/api/admin/customers${listQuery({ range: [0, 9], filter: { q: B.lastName } })}`,
    );
    expect(bFound.body.map((d) => d.id)).toEqual([ids.B.customer]);
    const bReservations = await admin.get<Doc[]>(
      `/api/admin/reservations${listQuery({ range: [0, 9], filter: { q: B.email } })}`,
    );
    expect(bReservations.body.map((d) => d.id)).toContain(ids.B.reservation);

    // Every stored mail, audit entry, reservation and inquiry: nothing of A's.
    for (const resource of ["mail", "audit-log", "reservations", "requests", "customers"]) {
      const all = await adminListAll(admin, resource);
      expect(hits(JSON.stringify(all), A), resource).toEqual([]);
    }
    // The erasure's own audit entry: who, when, how many, never the values.
    const audit = await adminListAll<
      Doc & { action: string; recordId: string; actor: string; counts: Record<string, number> }
    >(admin, "audit-log");
    const entry = audit.find((a) => a.action === "erase" && a.recordId === ids.A.customer);
    expect(entry).toMatchObject({ actor: "admin@ratunuoma.lt", counts: { customers: 1, reservations: 1 } });

    // The reservation keeps its price and acts (without the licence); the files are gone.
    const reservation = (await admin.get<Reservation>(`/api/admin/reservations/${ids.A.reservation}`)).body;
    expect(reservation.quote.total).toBe(priceBefore);
    expect(reservation.handover?.licence.number).toBe("ištrinta");
    for (const path of signatureFiles) expect((await admin.get(`/api/admin/private/${path}`)).status).toBe(404);
    // The invoices and the i.SAF export are untouched, and the answer says the invoice was kept, and why.
    const invoices = await admin.get(`/api/admin/invoices${listQuery({ range: [0, 999] })}`);
    expect(invoices.status === 200 ? invoices.text : `HTTP ${invoices.status}`).toBe(invoicesBefore);
    expect((await admin.get(`/api/admin/invoices/${invoiceId}`)).text).toBe(invoiceBefore);
    expect(invoiceBefore).toContain(A.lastName);
    const month = new Date().toISOString().slice(0, 7);
    // The same i.SAF file, but for the time it was made.
    const withoutCreated = (xml: string) => xml.replace(/<FileDateCreated>[^<]*<\/FileDateCreated>/, "");
    expect(isafBefore).toContain("<Invoice>");
    expect(withoutCreated((await admin.get(`/api/admin/isaf?month=${month}`)).text)).toBe(withoutCreated(isafBefore));
    expect(response.body.kept).toEqual([
      expect.objectContaining({
        kind: "invoice",
        id: invoiceId,
        reason: expect.stringMatching(/buhalterinės apskaitos/),
      }),
    ]);

    // B is whole.
    const b = await admin.get<Export>(`/api/admin/customers/${ids.B.customer}/export`);
    expect(b.body.customer).toMatchObject({ email: B.email, licenceNumber: B.licence, address: B.address });
    expect(b.body.inquiries).toHaveLength(1);
    expect(b.body.signatures.every((s) => s.dataUrl !== null)).toBe(true);
  });

  it("antrą kartą – 409 lietuviškai", async () => {
    const again = await admin.post<{ message: string }>(`/api/admin/customers/${ids.A.customer}/erase`, {
      confirm: true,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Šio kliento duomenys jau ištrinti");
  });
});

describe("saugojimo terminai nustatymuose", () => {
  const PATH = "/api/admin/settings/00000000-0000-0000-0000-000000000001";
  it("administratorius keičia terminus; netinkamas – 422 lietuviškai; viešieji nustatymai rodo naujus", async () => {
    const current = (await admin.get<Doc>(PATH)).body;
    const bad = await admin.put<{ message: string; errors: Record<string, string> }>(PATH, {
      ...current,
      retention: { licenceDays: 0, inquiryMonths: 6, mailBodyDays: 30, inactiveCustomerYears: 2 },
    });
    expect(bad.status).toBe(422);
    expect(nonLithuanianMessages(bad.body)).toEqual([]);
    expect(JSON.stringify(bad.body.errors)).toContain("Dienų skaičius: ne mažiau kaip 1");
    const retention = { licenceDays: 45, inquiryMonths: 6, mailBodyDays: 30, inactiveCustomerYears: 2 };
    const saved = await admin.put<Doc>(PATH, { ...current, retention });
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);
    expect(saved.body.retention).toEqual(retention);
    let publicRetention: unknown = null;
    for (let i = 0; i < 40; i += 1) {
      publicRetention = (await site.get<{ retention?: unknown }>("/api/site/settings")).body.retention;
      if (JSON.stringify(publicRetention) === JSON.stringify(retention)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(publicRetention).toEqual(retention);
  });
});

describe("saugojimo terminų darbas", () => {
  it("serveris kasdien užrašo vieną vykdymą su skaičiais", async () => {
    let runs: (Doc & { status: string; counts: Record<string, number> | null })[] = [];
    for (let i = 0; i < 40 && !runs.some((r) => r.status === "done"); i += 1) {
      runs = (await admin.get<typeof runs>("/api/admin/retention/runs")).body;
      if (!runs.some((r) => r.status === "done")) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: "done",
      counts: expect.objectContaining({ inquiriesDeleted: expect.any(Number) }),
    });
    expect((await staff.get("/api/admin/retention/runs")).status).toBe(403);
  });
});

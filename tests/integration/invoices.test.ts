// Invoices on the real server and PGlite: gap-free numbers under 50 concurrent issues, one invoice
// per reservation, immutability (HTTP and the database trigger), credit notes, the monthly invoice
// of a business customer, the PDF and its e-mail, and the i.SAF export whose totals equal the invoices'.
import { rmSync } from "node:fs";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../server/db/index";
import { migrate } from "../../server/db/migrate";
import { totalsByRate } from "../../src/domain/invoiceLines";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../../src/domain/time";
import { adminListAll, type Doc, signInAdmin, signInStaff } from "../helpers/api";
import type { ApiClient } from "../helpers/http";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { migratedDataDir } from "../helpers/pgliteTemplate";
import { type RunningServer, startServer } from "../helpers/server";
import { validateIsaf } from "../helpers/xmllint";

type Issued = { id: string; number: string; total: number };
type Invoice = Doc & {
  kind: "invoice" | "credit";
  number: string;
  series: string;
  sequence: number;
  issueDate: string;
  month: string;
  vatInvoice: boolean;
  buyer: { name: string; code: string; vatCode: string; type: string };
  seller: { name: string; code: string; vatCode: string };
  lines: { description: string; net: number; vat: number; total: number; vatRate: number }[];
  totals: { net: number; vat: number; total: number };
  amountInWords: string;
  reservationIds: string[];
  creditOf: { id: string; number: string; issueDate: string } | null;
  creditedBy: { id: string; number: string } | null;
  pdf: string;
};

let server: RunningServer;
let admin: ApiClient;
let staff: ApiClient;
let carId: string;
let locationId: string;
let privateCustomerId: string;
let businessCustomerId: string;
const reservationIds: string[] = [];
let firstInvoice: Invoice;

const cents = (value: number) => Math.round(value * 100);
// A real 1 × 1 PNG, as the signature pad sends it.
const SIGNATURE = {
  image:
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  signerName: "Rūta Žemaitė",
};
const thisMonth = () => vilniusDateString(new Date()).slice(0, 7);

async function reservation(customerId: string, pickupDay: string, days: number, status = "confirmed"): Promise<Doc> {
  const created = await admin.post<Doc>("/api/admin/reservations", {
    carId,
    customerId,
    pickupAt: vilniusLocalToInstant(pickupDay, "10:00").toISOString(),
    returnAt: vilniusLocalToInstant(addDaysToDateString(pickupDay, days), "10:00").toISOString(),
    pickupLocationId: locationId,
    returnLocationId: locationId,
    status,
    confirmPast: true,
    ...(status === "cancelled" ? { statusReason: "Klientas atsisakė" } : {}),
  });
  expect(created.status, created.text.slice(0, 400)).toBe(201);
  return created.body;
}

beforeAll(async () => {
  server = await startServer({ demo: true });
  admin = await signInAdmin(server.url);
  staff = await signInStaff(server.url);
  const car = await admin.post<Doc>("/api/admin/cars", {
    slug: `saskaitu-testas-${process.pid}`,
    make: "Škoda",
    model: "Superb",
    year: 2025,
    category: "vidutinė",
    transmission: "automatinė",
    fuel: "dyzelinas",
    seats: 5,
    doors: 5,
    bags: 3,
    airConditioning: true,
    deposit: 300,
    mileageLimitPerDay: 200,
    minDriverAge: 21,
    minLicenceYears: 2,
    status: "hidden",
  });
  expect(car.status, car.text.slice(0, 300)).toBe(201);
  carId = car.body.id;
  const price = await admin.post("/api/admin/prices", {
    carId,
    tiers: [{ fromDays: 1, toDays: null, dailyRate: 40.5 }],
  });
  expect(price.status, price.text.slice(0, 300)).toBe(201);
  const fleet = await admin.post<Doc>("/api/admin/fleet", {
    carId,
    plateNumber: "SAS 001",
    vin: "TMBZZZ3VZ8W000001",
    mileage: 10_000,
  });
  expect(fleet.status, fleet.text.slice(0, 300)).toBe(201);
  const person = await admin.post<Doc>("/api/admin/customers", {
    type: "private",
    firstName: "Rūta",
    lastName: "Žemaitė",
    email: `ruta.saskaita.${process.pid}@pavyzdys.lt`,
    phone: "+37061234500",
    birthDate: "1988-02-03",
    licenceNumber: "LT7654321",
    licenceIssuedAt: "2008-05-01",
    address: "Gedimino pr. 1, Vilnius",
  });
  expect(person.status, person.text.slice(0, 300)).toBe(201);
  privateCustomerId = person.body.id;
  const company = await admin.post<Doc>("/api/admin/customers", {
    type: "business",
    firstName: "Tomas",
    lastName: "Vadovas",
    companyName: "UAB „Šiaurės & <Pietų> logistika“",
    companyCode: "302846799",
    vatCode: "LT214673514",
    address: "Savanorių pr. 100, Kaunas",
    email: `tomas.imone.${process.pid}@pavyzdys.lt`,
    phone: "+37061234501",
    birthDate: "1980-01-01",
  });
  expect(company.status, company.text.slice(0, 300)).toBe(201);
  businessCustomerId = company.body.id;
  locationId = (await adminListAll(admin, "locations"))[0]!.id;
  // 50 confirmed bookings of the test car in the coming weeks, none overlapping.
  const start = addDaysToDateString(vilniusDateString(new Date()), 3);
  for (let i = 0; i < 50; i += 1) {
    reservationIds.push((await reservation(privateCustomerId, addDaysToDateString(start, i * 3), 2)).id);
  }
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe("issuing invoices", () => {
  it("gives 50 concurrent issues gap-free, unique numbers of the series", async () => {
    const answers = await Promise.all(
      reservationIds.map((id) => staff.post<Issued>(`/api/admin/reservations/${id}/invoices`, {})),
    );
    for (const answer of answers) expect(answer.status, answer.text.slice(0, 300)).toBe(201);
    const numbers = answers.map((a) => a.body.number);
    expect(new Set(numbers).size).toBe(50);
    for (const n of numbers) expect(n).toMatch(/^RN-\d{6}$/);
    const sequences = numbers.map((n) => Number(n.slice(3))).sort((a, b) => a - b);
    expect(sequences[49]! - sequences[0]!).toBe(49);
    for (const answer of answers) expect(answer.body.total).toBeCloseTo(81, 2); // 2 × 40,50 €
    const list = await adminListAll<Invoice>(admin, "invoices");
    expect(list.filter((i) => i.kind === "invoice")).toHaveLength(50);
    firstInvoice = list.find((i) => i.number === `RN-${String(sequences[0]).padStart(6, "0")}`)!;
    expect(firstInvoice).toBeTruthy();
  }, 120_000);

  it("carries the fields the VAT law asks for and the sum in words", async () => {
    const got = await admin.get<Invoice>(`/api/admin/invoices/${firstInvoice.id}`);
    expect(got.status).toBe(200);
    const invoice = got.body;
    expect(invoice.vatInvoice).toBe(true);
    expect(invoice.seller.code).toMatch(/^\d{9}$/);
    expect(invoice.seller.vatCode).toMatch(/^LT\d+$/);
    expect(invoice.buyer).toMatchObject({ name: "Rūta Žemaitė", type: "private", vatCode: "" });
    expect(invoice.lines[0]).toMatchObject({ vatRate: 0.21, total: 81, net: 66.94, vat: 14.06 });
    expect(invoice.totals).toEqual({ net: 66.94, vat: 14.06, total: 81 });
    expect(invoice.amountInWords).toBe("aštuoniasdešimt vienas euras 00 ct");
    expect(invoice.issueDate).toBe(vilniusDateString(new Date()));
  });

  it("refuses a second invoice of the same reservation (409) and bad input (422, Lithuanian)", async () => {
    const again = await admin.post<{ message: string }>(`/api/admin/reservations/${reservationIds[0]}/invoices`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/jau išrašyta sąskaita RN-\d{6}/);
    const unknown = await admin.post<{ errors: Record<string, string> }>(
      `/api/admin/reservations/${reservationIds[1]}/invoices`,
      { total: 1, number: "RN-000001" },
    );
    expect(unknown.status).toBe(422);
    expect(nonLithuanianMessages(unknown.body)).toEqual([]);
    const missing = await admin.post("/api/admin/reservations/00000000-0000-4000-8000-000000000000/invoices", {});
    expect(missing.status).toBe(404);
  });

  it("serves the PDF with Lithuanian letters and mails it to the customer", async () => {
    const pdf = await fetch(new URL(`/api/admin/invoices/${firstInvoice.id}/pdf`, server.url), {
      headers: { cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(5000);
    const mails = await adminListAll<
      Doc & {
        ref: string;
        to: string;
        message: { subject: string; attachments?: { path: string; filename: string }[] };
      }
    >(admin, "mail");
    // Listed with its reservation, as every mail about a reservation is.
    expect(firstInvoice.reservationIds).toHaveLength(1);
    const mail = mails.find(
      (m) =>
        m.ref === `reservation:${firstInvoice.reservationIds[0]}` && m.message.subject.endsWith(firstInvoice.number),
    );
    expect(mail, "sąskaitos laiškas").toBeTruthy();
    expect(mail!.to).toBe(`ruta.saskaita.${process.pid}@pavyzdys.lt`);
    expect(mail!.message.subject).toBe(`PVM sąskaita faktūra ${firstInvoice.number}`);
    expect(mail!.message.attachments).toEqual([
      { filename: `saskaita-${firstInvoice.number}.pdf`, path: firstInvoice.pdf },
    ]);
  });
});

describe("immutability and credit notes", () => {
  it("refuses every change of an issued invoice over HTTP (405)", async () => {
    for (const response of [
      await admin.put(`/api/admin/invoices/${firstInvoice.id}`, { totals: { net: 0, vat: 0, total: 0 } }),
      await admin.delete(`/api/admin/invoices/${firstInvoice.id}`),
      await admin.post("/api/admin/invoices", { number: "RN-999999" }),
    ]) {
      expect(response.status).toBe(405);
    }
    const still = await admin.get<Invoice>(`/api/admin/invoices/${firstInvoice.id}`);
    expect(still.body.totals.total).toBe(81);
  });

  it("the database itself refuses to update or delete an invoice (007_invoices.sql)", async () => {
    const dataDir = migratedDataDir("saskaitos");
    const db = await openDb({ dataDir, databaseUrl: null });
    try {
      await migrate(db);
      await db.query(
        "INSERT INTO store_documents (collection, id, doc) VALUES ('invoices', 'a', '{\"number\":\"RN-000001\"}'::jsonb)",
      );
      await expect(
        db.query("UPDATE store_documents SET doc = '{\"number\":\"RN-000002\"}'::jsonb WHERE id = 'a'"),
      ).rejects.toThrow(/keisti ar trinti negalima/);
      await expect(db.query("DELETE FROM store_documents WHERE id = 'a'")).rejects.toThrow(/keisti ar trinti negalima/);
      await expect(
        db.query(
          "INSERT INTO store_documents (collection, id, doc) VALUES ('invoices', 'b', '{\"number\":\"RN-000001\"}'::jsonb)",
        ),
      ).rejects.toThrow();
      // other collections stay writable
      await db.query("INSERT INTO store_documents (collection, id, doc) VALUES ('reminders', 'a', '{}'::jsonb)");
      await db.query("DELETE FROM store_documents WHERE collection = 'reminders'");
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("a credit note reverses the invoice once, in its own series; the reservation may be invoiced again", async () => {
    const noReason = await admin.post<{ errors: Record<string, string> }>(
      `/api/admin/invoices/${firstInvoice.id}/credit`,
      {},
    );
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toBeTruthy();
    expect(nonLithuanianMessages(noReason.body)).toEqual([]);

    const credit = await admin.post<Issued>(`/api/admin/invoices/${firstInvoice.id}/credit`, {
      reason: "Klaidingas pirkėjo adresas",
    });
    expect(credit.status, credit.text.slice(0, 300)).toBe(201);
    expect(credit.body.number).toMatch(/^KS-\d{6}$/);
    expect(credit.body.total).toBe(-81);
    const again = await admin.post(`/api/admin/invoices/${firstInvoice.id}/credit`, { reason: "Dar kartą" });
    expect(again.status).toBe(409);
    const ofCredit = await admin.post(`/api/admin/invoices/${credit.body.id}/credit`, {
      reason: "Kreditinės kreditas",
    });
    expect(ofCredit.status).toBe(409);

    const note = (await admin.get<Invoice>(`/api/admin/invoices/${credit.body.id}`)).body;
    expect(note.kind).toBe("credit");
    expect(note.creditOf).toEqual({
      id: firstInvoice.id,
      number: firstInvoice.number,
      issueDate: firstInvoice.issueDate,
    });
    expect(note.totals).toEqual({ net: -66.94, vat: -14.06, total: -81 });
    expect(note.amountInWords).toBe("minus aštuoniasdešimt vienas euras 00 ct");
    const original = (await admin.get<Invoice>(`/api/admin/invoices/${firstInvoice.id}`)).body;
    expect(original.creditedBy).toEqual({ id: credit.body.id, number: credit.body.number });
    expect(original.updatedAt).toBe(firstInvoice.updatedAt);

    const reissued = await admin.post<Issued>(`/api/admin/reservations/${firstInvoice.reservationIds[0]}/invoices`, {});
    expect(reissued.status, reissued.text.slice(0, 300)).toBe(201);
    const onReservation = await admin.get<Invoice[]>(
      `/api/admin/reservations/${firstInvoice.reservationIds[0]}/invoices`,
    );
    expect(onReservation.body.map((i) => i.number)).toEqual([
      firstInvoice.number,
      credit.body.number,
      reissued.body.number,
    ]);
  });
});

describe("the invoice at the return", () => {
  it("is issued by itself when a private customer's car comes back (settings.invoicing.autoInvoiceAtReturn)", async () => {
    const pickupAt = new Date(Date.now() - 3_600_000).toISOString();
    const created = await admin.post<Doc & { version: number }>("/api/admin/reservations", {
      carId,
      customerId: privateCustomerId,
      pickupAt,
      returnAt: new Date(Date.parse(pickupAt) + 2 * 86_400_000).toISOString(),
      pickupLocationId: locationId,
      returnLocationId: locationId,
      status: "confirmed",
      confirmPast: true,
    });
    expect(created.status, created.text.slice(0, 300)).toBe(201);
    const handed = await staff.post<Doc & { version: number }>(`/api/admin/reservations/${created.body.id}/handover`, {
      mileage: 10_100,
      fuel: "1",
      licence: { number: "LT7654321", expiresAt: "2035-01-01" },
      damages: [],
      photos: [],
      confirmedDamageIds: [],
      signature: SIGNATURE,
      version: created.body.version,
    });
    expect(handed.status, handed.text.slice(0, 300)).toBe(200);
    const returned = await staff.post(`/api/admin/reservations/${created.body.id}/return`, {
      mileage: 10_300,
      fuel: "1/2",
      returnedAt: new Date().toISOString(),
      damages: [],
      photos: [],
      signature: SIGNATURE,
      version: handed.body.version,
    });
    expect(returned.status, returned.text.slice(0, 300)).toBe(200);
    const invoices = await admin.get<Invoice[]>(`/api/admin/reservations/${created.body.id}/invoices`);
    expect(invoices.body).toHaveLength(1);
    const invoice = invoices.body[0]!;
    expect(invoice.issuedBy).toBe("darbuotojas@ratunuoma.lt");
    // The PDF prints the person who issued it, not the e-mail address.
    expect(invoice.issuedByName).toBe("Tadas Jankauskas");
    expect(invoice.lines[0]?.total).toBe(81);
    // the return's fuel charge is a line of its own
    expect(invoice.lines.some((line) => line.description.startsWith("Trūkstami degalai"))).toBe(true);
    expect(invoice.totals.total).toBeGreaterThan(81);
  });
});

describe("monthly invoice of a business customer", () => {
  it("puts the month's completed rentals on one invoice, once", async () => {
    const monthStart = `${addDaysToDateString(vilniusDateString(new Date()), -70).slice(0, 7)}-01`;
    const month = monthStart.slice(0, 7);
    const a = await reservation(businessCustomerId, addDaysToDateString(monthStart, 2), 3, "completed");
    const b = await reservation(businessCustomerId, addDaysToDateString(monthStart, 10), 2, "completed");
    await reservation(businessCustomerId, addDaysToDateString(monthStart, 15), 1, "cancelled");

    const privateRefused = await admin.post("/api/admin/invoices/monthly", { customerId: privateCustomerId, month });
    expect(privateRefused.status).toBe(409);
    const badMonth = await admin.post<{ errors: Record<string, string> }>("/api/admin/invoices/monthly", {
      customerId: businessCustomerId,
      month: "2026-13",
    });
    expect(badMonth.status).toBe(422);
    expect(badMonth.body.errors.month).toMatch(/MMMM-MM/);

    const issued = await admin.post<Issued>("/api/admin/invoices/monthly", { customerId: businessCustomerId, month });
    expect(issued.status, issued.text.slice(0, 300)).toBe(201);
    expect(issued.body.total).toBeCloseTo(5 * 40.5, 2);
    const invoice = (await admin.get<Invoice>(`/api/admin/invoices/${issued.body.id}`)).body;
    expect(invoice.reservationIds.sort()).toEqual([a.id, b.id].sort());
    expect(invoice.buyer).toMatchObject({
      type: "business",
      name: "UAB „Šiaurės & <Pietų> logistika“",
      code: "302846799",
      vatCode: "LT214673514",
    });
    const twice = await admin.post<{ message: string }>("/api/admin/invoices/monthly", {
      customerId: businessCustomerId,
      month,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain(month);
  });
});

describe("i.SAF", () => {
  it("exports the month as i.SAF 1.2 XML whose totals equal the invoices' (credit note reverses its invoice)", async () => {
    const bad = await admin.get<{ errors: Record<string, string> }>("/api/admin/isaf?month=2026-1");
    expect(bad.status).toBe(422);
    const response = await admin.get(`/api/admin/isaf?month=${thisMonth()}`);
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const parser = new XMLParser({
      isArray: (name) => ["Invoice", "DocumentTotal", "Reference"].includes(name),
      parseTagValue: false,
    });
    const xml = parser.parse(response.text);
    const file = xml.iSAFFile;
    const description = file.Header.FileDescription;
    expect(description.FileVersion).toBe("iSAF1.2");
    expect(description.DataType).toBe("S");
    expect(description.NumberOfParts).toBe("1");
    expect(description.SelectionCriteria.SelectionStartDate).toBe(`${thisMonth()}-01`);
    const rows = file.SourceDocuments.SalesInvoices.Invoice as {
      InvoiceNo: string;
      InvoiceType: string;
      CustomerInfo: { VATRegistrationNumber: string; RegistrationNumber: string; Name: string; Country: string };
      References: { Reference?: { ReferenceNo: string; ReferenceDate: string }[] } | string;
      DocumentTotals: {
        DocumentTotal: { TaxableValue: string; TaxCode: string; TaxPercentage: string; Amount: string }[];
      };
    }[];

    const invoices = (await adminListAll<Invoice>(admin, "invoices")).filter((i) => i.month === thisMonth());
    expect(rows.map((r) => r.InvoiceNo).sort()).toEqual(invoices.map((i) => i.number).sort());
    let xmlNet = 0;
    let xmlVat = 0;
    for (const row of rows) {
      for (const total of row.DocumentTotals.DocumentTotal) {
        expect(total.TaxCode).toBe("PVM1");
        expect(total.TaxPercentage).toBe("21");
        xmlNet += cents(Number(total.TaxableValue));
        xmlVat += cents(Number(total.Amount));
      }
    }
    // The taxable amounts: the nets within the VAT register (a rounding line of
    // src/domain/invoiceLines.ts, like damage compensation, is outside it).
    expect(xmlNet).toBe(
      invoices.reduce((s, i) => s + totalsByRate(i.lines).reduce((t, rate) => t + cents(rate.net), 0), 0),
    );
    expect(xmlVat).toBe(invoices.reduce((s, i) => s + cents(i.totals.vat), 0));

    const credit = rows.find((r) => r.InvoiceType === "KS")!;
    expect(credit).toBeTruthy();
    expect(typeof credit.References === "object" && credit.References.Reference?.[0]?.ReferenceNo).toBe(
      firstInvoice.number,
    );
    const credited = rows.find((r) => r.InvoiceNo === firstInvoice.number)!;
    const sum = (r: typeof credit) =>
      r.DocumentTotals.DocumentTotal.reduce((s, t) => s + cents(Number(t.TaxableValue)) + cents(Number(t.Amount)), 0);
    expect(sum(credited) + sum(credit)).toBe(0);
    expect(credited.CustomerInfo).toMatchObject({
      VATRegistrationNumber: "ND",
      RegistrationNumber: "ND",
      Country: "LT",
    });
    // Escaped XML: the business customer's name with & and < > survives the round trip.
    const business = rows.find((r) => r.CustomerInfo.Name.includes("logistika"));
    if (business) expect(business.CustomerInfo.Name).toBe("UAB „Šiaurės & <Pietų> logistika“");
    expect(response.text).toContain("&amp; &lt;Pietų&gt;");
    // The file VMI receives passes its schema (standards/isaf_1.2.xsd).
    const verdict = validateIsaf(response.text);
    expect(verdict.ok, verdict.output).toBe(true);
  });
});

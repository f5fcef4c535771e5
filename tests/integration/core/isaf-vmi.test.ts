// i.SAF as VMI receives it: a month's file built by the core (src/core/invoices.ts isafExport) from
// invoices issued through the core, validated against VMI's own schema (standards/isaf_1.2.xsd) by
// libxml2's xmllint, the real validator: ordinary invoices to a person and to a Lithuanian company,
// one to a German company with a DE VAT code (a short hire: 21 %), a 35-day hire to another German
// VAT payer (reverse charge, PVM15), a full and a partial credit note, and an October rental
// invoiced in November. Without xmllint the test fails (CI installs libxml2-utils, .ci/run).
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../../src/core/collections";
import { creditInvoice, isafExport, issueReservationInvoice } from "../../../src/core/invoices";
import type { DocumentStore } from "../../../src/core/ports";
import { createMemoryStore } from "../../../src/core/stores/memoryStore";
import { memoryFiles } from "../../helpers/memoryFiles";
import { validateIsaf } from "../../helpers/xmllint";
import { demo, demoCoreDocuments, inputRefusal, testContext, writeDocuments } from "./useCases.contract";

const ADMIN = { email: "administratorius@ratunuoma.lt", role: "admin" } as const;
const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;

interface Row {
  InvoiceNo: string;
  CustomerInfo: {
    CustomerID?: string;
    VATRegistrationNumber: string;
    RegistrationNumber?: string;
    Country: string;
    Name: string;
  };
  InvoiceDate: string;
  InvoiceType: string;
  References: { Reference?: { ReferenceNo: string; ReferenceDate: string }[] } | string;
  VATPointDate: string;
  DocumentTotals: {
    DocumentTotal: {
      TaxableValue: string;
      TaxCode: string;
      TaxPercentage: string;
      Amount: string;
      VATPointDate2: string;
    }[];
  };
}

function rowsOf(xml: string): Row[] {
  const parser = new XMLParser({
    isArray: (name) => ["Invoice", "DocumentTotal", "Reference"].includes(name),
    parseTagValue: false,
  });
  return (parser.parse(xml).iSAFFile.SourceDocuments?.SalesInvoices?.Invoice ?? []) as Row[];
}

const template = demo.reservations.find((r) => r.doc.status === "completed" && r.doc.quote)!;
const templateCustomer = demo.customers.find((c) => c.doc.type === "private")!;
const instant = (iso: string) => new Date(iso);

describe("i.SAF, kurį VMI priima (xmllint su VMI i.SAF 1.2 schema)", () => {
  let store: DocumentStore;
  const files = memoryFiles();
  const deps = { files };
  const ctxAt = (iso: string) => testContext(store, instant(iso));
  const numbers: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let xml = "";

  /** A customer and a completed rental of theirs, stored; returns the reservation's id. */
  async function rental(key: string, customer: Record<string, unknown>, pickupAt: string, returnAt: string) {
    const customerId = store.newId(COLLECTIONS.customers);
    const reservationId = store.newId(COLLECTIONS.reservations);
    const stamp = { createdAt: pickupAt, updatedAt: pickupAt };
    await writeDocuments(store, [
      { collection: COLLECTIONS.customers, id: customerId, data: { ...templateCustomer.doc, ...customer, ...stamp } },
      {
        collection: COLLECTIONS.reservations,
        id: reservationId,
        data: {
          ...template.doc,
          number: `R-2026-9${String(Object.keys(ids).length).padStart(5, "0")}`,
          customerId,
          pickupAt,
          returnAt,
          status: "completed",
          returnAct: null,
          ...stamp,
        },
      },
    ]);
    ids[key] = reservationId;
    return reservationId;
  }

  async function invoice(key: string, at: string) {
    const issued = await issueReservationInvoice(ctxAt(at), deps, ids[key]!, {}, STAFF);
    numbers[key] = issued.number;
    ids[`invoice:${key}`] = issued.id;
  }

  beforeAll(async () => {
    store = createMemoryStore();
    await writeDocuments(store, demoCoreDocuments(demo));
    const person = { type: "private", firstName: "Rūta", lastName: "Žemaitienė", email: "ruta@example.lt" };
    await rental("person", person, "2026-11-02T08:00:00.000Z", "2026-11-05T08:00:00.000Z");
    await rental(
      "company",
      {
        type: "business",
        companyName: "UAB „Šiaurės & Pietų logistika“",
        companyCode: "302846799",
        vatCode: "LT214673599",
        email: "buhalterija@logistika.example.lt",
      },
      "2026-11-09T08:00:00.000Z",
      "2026-11-12T08:00:00.000Z",
    );
    await rental(
      "german",
      {
        type: "business",
        companyName: "Muster Logistik GmbH",
        companyCode: "HRB 86786",
        vatCode: "DE129273398",
        address: "Friedrichstraße 10, 10117 Berlin",
        email: "rechnung@muster.example.de",
      },
      "2026-11-16T08:00:00.000Z",
      "2026-11-18T08:00:00.000Z",
    );
    // A 35-day hire to a German VAT payer: reverse-charged (src/domain/vatPlaceOfSupply.ts).
    await rental(
      "germanLong",
      {
        type: "business",
        companyName: "Nord Transporte GmbH",
        companyCode: "HRB 12345",
        vatCode: "DE136695976",
        country: "DE",
        address: "Hafenstraße 5, 20457 Hamburg",
        email: "buchhaltung@nord.example.de",
      },
      "2026-10-14T08:00:00.000Z",
      "2026-11-18T08:00:00.000Z",
    );
    await rental(
      "october",
      { ...person, email: "ruta.oct@example.lt" },
      "2026-10-27T08:00:00.000Z",
      "2026-10-30T08:00:00.000Z",
    );

    await invoice("person", "2026-11-05T12:00:00.000Z");
    await invoice("company", "2026-11-12T12:00:00.000Z");
    await invoice("german", "2026-11-18T12:00:00.000Z");
    await invoice("germanLong", "2026-11-19T09:00:00.000Z");
    // The October rental is invoiced on 27 November.
    await invoice("october", "2026-11-27T10:00:00.000Z");
    const full = await creditInvoice(
      ctxAt("2026-11-20T10:00:00.000Z"),
      deps,
      ids["invoice:company"]!,
      { reason: "Klaidingi pirkėjo duomenys" },
      ADMIN,
    );
    numbers.fullCredit = full.number;
    const partial = await creditInvoice(
      ctxAt("2026-11-24T10:00:00.000Z"),
      deps,
      ids["invoice:person"]!,
      { reason: "Nuolaida dėl vėlavimo", lines: [{ line: 0, amount: 20 }] },
      ADMIN,
    );
    numbers.partialCredit = partial.number;
    expect(partial.total).toBe(-20);

    xml = (await isafExport(ctxAt("2026-12-01T08:00:00.000Z"), "2026-11")).xml;
  }, 120_000);

  it("rinkmena atitinka VMI schemą (xmllint --schema standards/isaf_1.2.xsd)", () => {
    const verdict = validateIsaf(xml);
    expect(verdict.output).toContain("validates");
    expect(verdict.ok, verdict.output).toBe(true);
    expect(
      rowsOf(xml)
        .map((r) => r.InvoiceNo)
        .sort(),
    ).toEqual(Object.values(numbers).sort());
  });

  it("pirkėjai: be CustomerID (nėra MasterFiles), PVM kodas arba ND, tikra šalis", () => {
    const rows = rowsOf(xml);
    const row = (key: string) => rows.find((r) => r.InvoiceNo === numbers[key])!;
    for (const r of rows) expect(r.CustomerInfo.CustomerID).toBeUndefined();
    expect(row("person").CustomerInfo).toEqual({
      VATRegistrationNumber: "ND",
      RegistrationNumber: "ND",
      Country: "LT",
      Name: "Rūta Žemaitienė",
    });
    expect(row("company").CustomerInfo).toEqual({
      VATRegistrationNumber: "LT214673599",
      RegistrationNumber: "302846799",
      Country: "LT",
      Name: "UAB „Šiaurės & Pietų logistika“",
    });
    expect(row("german").CustomerInfo).toEqual({
      VATRegistrationNumber: "DE129273398",
      RegistrationNumber: "HRB 86786",
      Country: "DE",
      Name: "Muster Logistik GmbH",
    });
    // Exported as invoiced: the German company's invoice carries the rental's 21 % VAT.
    expect(row("german").DocumentTotals.DocumentTotal.map((t) => [t.TaxCode, t.TaxPercentage])).toEqual([
      ["PVM1", "21"],
    ]);
  });

  it("ilgalaikė nuoma ES PVM mokėtojui: atvirkštinis apmokestinimas – PVM15, tarifas nenurodomas, PVM 0", () => {
    const row = rowsOf(xml).find((r) => r.InvoiceNo === numbers.germanLong)!;
    expect(row.CustomerInfo).toEqual({
      VATRegistrationNumber: "DE136695976",
      RegistrationNumber: "HRB 12345",
      Country: "DE",
      Name: "Nord Transporte GmbH",
    });
    expect(row.VATPointDate).toBe("2026-11-18");
    const [total, ...others] = row.DocumentTotals.DocumentTotal;
    expect(others).toEqual([]);
    // No Lithuanian rate applies to PVM15 (ne PVM objektas Lietuvoje): the schema's TaxPercentage is empty (nil).
    expect(total).toMatchObject({ TaxCode: "PVM15", TaxPercentage: "", Amount: "0.00", VATPointDate2: "2026-11-18" });
    expect(Number(total?.TaxableValue)).toBeGreaterThan(0);
    expect(xml).toContain('<TaxPercentage xsi:nil="true"></TaxPercentage>');
  });

  it("paslaugų suteikimo data: spalio nuoma, sąskaita lapkričio 27 d. – VATPointDate ir VATPointDate2 2026-10-30", () => {
    const rows = rowsOf(xml);
    const row = (key: string) => rows.find((r) => r.InvoiceNo === numbers[key])!;
    const october = row("october");
    expect(october.InvoiceDate).toBe("2026-11-27");
    expect(october.VATPointDate).toBe("2026-10-30");
    expect(october.DocumentTotals.DocumentTotal.map((t) => t.VATPointDate2)).toEqual(["2026-10-30"]);
    expect(row("person").InvoiceDate).toBe("2026-11-05");
    expect(row("person").VATPointDate).toBe("2026-11-05");
    expect(row("german").DocumentTotals.DocumentTotal.map((t) => t.VATPointDate2)).toEqual(["2026-11-18"]);
    for (const r of rows) {
      for (const total of r.DocumentTotals.DocumentTotal) expect(total.VATPointDate2).toBe(r.VATPointDate);
    }
  });

  it("kreditinės: tipas KS, nuoroda į kredituojamą sąskaitą, sumos su minusu (visa ir dalinė)", () => {
    const rows = rowsOf(xml);
    const row = (key: string) => rows.find((r) => r.InvoiceNo === numbers[key])!;
    for (const key of ["person", "company", "german", "germanLong", "october"]) {
      expect(row(key).InvoiceType).toBe("SF");
      expect(row(key).References).toBe("");
    }
    const full = row("fullCredit");
    expect(full.InvoiceType).toBe("KS");
    expect(full.InvoiceDate).toBe("2026-11-20");
    expect(full.VATPointDate).toBe("2026-11-20");
    expect(full.References).toEqual({ Reference: [{ ReferenceNo: numbers.company, ReferenceDate: "2026-11-12" }] });
    const company = row("company").DocumentTotals.DocumentTotal[0]!;
    expect(full.DocumentTotals.DocumentTotal[0]).toMatchObject({
      TaxableValue: `-${company.TaxableValue}`,
      Amount: `-${company.Amount}`,
    });
    const partial = row("partialCredit");
    expect(partial.InvoiceType).toBe("KS");
    expect(partial.References).toEqual({ Reference: [{ ReferenceNo: numbers.person, ReferenceDate: "2026-11-05" }] });
    // 20 € with 21 % VAT: 16,53 € + 3,47 €.
    expect(partial.DocumentTotals.DocumentTotal).toEqual([
      { TaxableValue: "-16.53", TaxCode: "PVM1", TaxPercentage: "21", Amount: "-3.47", VATPointDate2: "2026-11-24" },
    ]);
  });

  it("mėnuo be sąskaitų – taip pat schemą atitinkanti rinkmena", async () => {
    const empty = (await isafExport(ctxAt("2026-12-01T08:00:00.000Z"), "2026-09")).xml;
    expect(rowsOf(empty)).toEqual([]);
    const verdict = validateIsaf(empty);
    expect(verdict.ok, verdict.output).toBe(true);
  });

  it("anksčiau išrašyta sąskaita be suteikimo datos: data iš rezervacijos grąžinimo", async () => {
    const stored = await store.get(COLLECTIONS.invoices, ids["invoice:october"]!);
    const { supplyDate: _supplyDate, ...older } = stored!.data;
    await writeDocuments(store, [
      {
        collection: COLLECTIONS.invoices,
        id: store.newId(COLLECTIONS.invoices),
        data: { ...older, number: "RN-900001", sequence: 900001, issueDate: "2027-01-04", month: "2027-01" },
      },
    ]);
    const file = (await isafExport(ctxAt("2027-02-01T08:00:00.000Z"), "2027-01")).xml;
    expect(validateIsaf(file).ok).toBe(true);
    const [row] = rowsOf(file);
    expect(row).toMatchObject({ InvoiceNo: "RN-900001", InvoiceDate: "2027-01-04", VATPointDate: "2026-10-30" });
  });

  it("sąskaitos, kurios VMI nepriimtų, rinkmena neparengiama: 422 su sąskaitos numeriu ir priežastimi", async () => {
    const stored = await store.get(COLLECTIONS.invoices, ids["invoice:german"]!);
    const buyer = stored!.data.buyer as Record<string, unknown>;
    await writeDocuments(store, [
      {
        collection: COLLECTIONS.invoices,
        id: store.newId(COLLECTIONS.invoices),
        data: {
          ...stored!.data,
          number: "RN-900002",
          sequence: 900002,
          issueDate: "2027-03-02",
          supplyDate: "2027-03-01",
          month: "2027-03",
          buyer: { ...buyer, country: "Vokietija" },
        },
      },
    ]);
    const error = await inputRefusal(isafExport(ctxAt("2027-04-01T08:00:00.000Z"), "2027-03"));
    expect(error.errors).not.toBeNull();
    expect(error.message).toContain("RN-900002");
    expect(error.message).toContain("pirkėjo šalies kodas „VOKIETIJA“ netinka");
  });

  it("be xmllint testas krenta su aiškia priežastimi, o ne praleidžiamas", () => {
    const path = process.env.PATH;
    process.env.PATH = "";
    try {
      expect(() => validateIsaf(xml)).toThrow(/xmllint nepaleistas .*libxml2-utils/);
    } finally {
      process.env.PATH = path;
    }
  });
});

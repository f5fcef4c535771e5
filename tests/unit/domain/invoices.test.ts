import { describe, expect, it } from "vitest";
import {
  buyerParty,
  countryOfVatCode,
  grossLine,
  invoiceBody,
  invoiceIssuerName,
  invoiceNumber,
  invoicingOf,
  monthBounds,
  negatedLines,
  readCreditInput,
  readMonth,
  reservationLines,
  sequenceOf,
  supplyDateOf,
} from "../../../src/domain/invoices";
import {
  buildIsafXml,
  customerInfoOf,
  documentTotals,
  isafProblems,
  taxCodeOf,
  xmlEscape,
} from "../../../src/domain/isaf";
import type { Customer, Quote, Reservation } from "../../../src/domain/schemas";

const quote: Quote = {
  days: 3,
  dailyRate: 40.5,
  perDay: 45,
  base: 121.5,
  extras: 18,
  extrasLines: [{ extraId: "e", name: "Vaikiška kėdutė", quantity: 2, unitPrice: 3, chargedPer: "day", amount: 18 }],
  delivery: 10,
  discount: 14.5,
  offerId: "o",
  total: 135,
  vat: 23.43,
  net: 111.57,
  vatRate: 0.21,
  deposit: 300,
  currency: "EUR",
};

describe("invoice lines", () => {
  it("splits VAT out of gross amounts per line; totals are the lines' sums", () => {
    expect(grossLine("Nuoma", 121, 0.21)).toMatchObject({ net: 100, vat: 21, total: 121 });
    const lines = reservationLines(
      {
        number: "R-2026-000001",
        pickupAt: "2026-11-02T08:00:00Z",
        returnAt: "2026-11-05T08:00:00Z",
        quote,
        returnAct: {
          charges: [
            { kind: "fuel", amount: 30, rule: "2 ketvirčiai × 15,00 €", computed: 30, overrideReason: "" },
            { kind: "late", amount: 0, rule: "—", computed: 0, overrideReason: "" },
          ],
        } as never,
      },
      { make: "Škoda", model: "Octavia" },
      0.21,
    );
    expect(lines.map((l) => l.total)).toEqual([121.5, 18, 10, -14.5, 30]);
    expect(lines[0]).toMatchObject({ quantity: 3, unit: "para" });
    expect(lines[4]?.description).toBe("Trūkstami degalai: 2 ketvirčiai × 15,00 €");
    const body = invoiceBody(lines);
    expect(body.totals.total).toBe(165);
    expect(Math.round((body.totals.net + body.totals.vat) * 100)).toBe(16500);
    expect(body.amountInWords).toBe("vienas šimtas šešiasdešimt penki eurai 00 ct");
    const credit = invoiceBody(negatedLines(lines));
    expect(credit.totals).toEqual({ net: -body.totals.net, vat: -body.totals.vat, total: -165 });
  });

  it("a non-VAT seller's lines carry no VAT", () => {
    expect(grossLine("Nuoma", 121, 0)).toMatchObject({ net: 121, vat: 0, total: 121, vatRate: 0 });
  });

  it("numbers, series settings, months and inputs", () => {
    expect(invoiceNumber("RN", 123)).toBe("RN-000123");
    expect(sequenceOf("RN", "RN-000123")).toBe(123);
    expect(sequenceOf("RN", "KS-000123")).toBeNull();
    expect(invoicingOf({})).toEqual({
      series: "RN",
      creditSeries: "KS",
      advanceSeries: "IS",
      paymentTermDays: 14,
      autoInvoiceAtReturn: true,
    });
    expect(
      invoicingOf({ invoicing: { series: "sf", creditSeries: "ksf", autoInvoiceAtReturn: false } } as never),
    ).toEqual({
      series: "SF",
      creditSeries: "KSF",
      advanceSeries: "IS",
      paymentTermDays: 14,
      autoInvoiceAtReturn: false,
    });
    expect(invoicingOf({ invoicing: { series: "RN", creditSeries: "RN" } } as never).creditSeries).toBe("KS");
    expect(monthBounds("2028-02")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
    expect(readMonth("2026-11")).toBe("2026-11");
    expect(() => readMonth("2026-13")).toThrow();
    expect(() => readCreditInput({})).toThrow();
    expect(() => readCreditInput({ reason: "Klaida", amount: 5 })).toThrow();
  });

  it("the buyer: a company with its codes, or a private person", () => {
    const base = { firstName: "Jonas", lastName: "Jonaitis", email: "j@pavyzdys.lt", address: "Vilnius" } as Customer;
    expect(buyerParty({ ...base, type: "private" })).toMatchObject({
      type: "private",
      name: "Jonas Jonaitis",
      code: "",
    });
    expect(
      buyerParty({
        ...base,
        type: "business",
        companyName: "UAB Bandymas",
        companyCode: "302846799",
        vatCode: "lt214673599",
      }),
    ).toMatchObject({ type: "business", name: "UAB Bandymas", code: "302846799", vatCode: "LT214673599" });
  });
});

describe("i.SAF", () => {
  it("escapes XML and drops characters XML cannot carry", () => {
    expect(xmlEscape(`UAB „A & B“ <x> "q" 'a'\u0001`)).toBe("UAB „A &amp; B“ &lt;x&gt; &quot;q&quot; &apos;a&apos;");
  });

  it("groups totals per rate with VMI's tax codes", () => {
    expect(taxCodeOf(0.21)).toBe("PVM1");
    expect(taxCodeOf(0.09)).toBe("PVM2");
    expect(() => taxCodeOf(0.17)).toThrow();
    expect(documentTotals({ lines: [grossLine("a", 121, 0.21), grossLine("b", 12.1, 0.21)] })).toEqual([
      { taxableValue: 110, taxCode: "PVM1", taxPercentage: 21, amount: 23.1 },
    ]);
  });

  it("builds the header and a credit note's reference", () => {
    const xml = buildIsafXml({
      month: "2026-11",
      first: "2026-11-01",
      last: "2026-11-30",
      registrationNumber: "305184726",
      createdAt: new Date("2026-12-01T08:00:00Z"),
      software: { company: "Ratų nuoma", name: "Sistema", version: "1" },
      invoices: [
        {
          id: "k",
          kind: "credit",
          number: "KS-000001",
          issueDate: "2026-11-20",
          customerId: "c",
          buyer: { type: "private", name: "Rūta", code: "", vatCode: "", address: "", email: "" },
          lines: negatedLines([grossLine("a", 121, 0.21)]),
          creditOf: { id: "i", number: "RN-000007", issueDate: "2026-11-02" },
        },
      ],
    });
    expect(xml).toContain("<FileVersion>iSAF1.2</FileVersion>");
    expect(xml).toContain("<FileDateCreated>2026-12-01T10:00:00</FileDateCreated>");
    expect(xml).toContain("<InvoiceType>KS</InvoiceType>");
    expect(xml).toContain("<ReferenceNo>RN-000007</ReferenceNo>");
    expect(xml).toContain("<TaxableValue>-100.00</TaxableValue>");
    expect(xml).toContain("<Amount>-21.00</Amount>");
  });
});

describe("i.SAF pagal VMI schemą", () => {
  it("pirkėjo šalis – iš ES PVM kodo priešdėlio (EL – Graikija), kitaip Lietuva", () => {
    const base = { firstName: "Jonas", lastName: "Jonaitis", email: "j@pavyzdys.lt", address: "Vilnius" } as Customer;
    expect(countryOfVatCode("DE129273398")).toBe("DE");
    expect(countryOfVatCode("EL094259216")).toBe("GR");
    expect(countryOfVatCode("LT214673599")).toBe("LT");
    expect(countryOfVatCode("")).toBeNull();
    expect(countryOfVatCode("CHE-123.456.789")).toBeNull();
    expect(buyerParty({ ...base, type: "business", companyName: "Muster GmbH", vatCode: "de129273398" }).country).toBe(
      "DE",
    );
    expect(buyerParty(base).country).toBe("LT");
  });

  it("paslaugų suteikimo data – vėliausios nuomos pabaiga (Vilniaus diena), be nuomos – išrašymo data", () => {
    const rental = (returnAt: string, returnedAt?: string) => ({
      returnAt,
      returnAct: returnedAt ? ({ returnedAt } as Reservation["returnAct"]) : null,
    });
    expect(supplyDateOf([rental("2026-10-30T22:30:00.000Z")], "2026-11-27")).toBe("2026-10-31");
    expect(
      supplyDateOf(
        [rental("2026-10-12T08:00:00.000Z"), rental("2026-10-20T08:00:00.000Z", "2026-10-21T09:00:00.000Z")],
        "2026-11-27",
      ),
    ).toBe("2026-10-21");
    expect(supplyDateOf([], "2026-11-27")).toBe("2026-11-27");
  });

  it("pirkėjo laukai: PVM kodas arba ND, kodas arba ND, vardas arba ND", () => {
    const party = { type: "private" as const, name: "", code: "", vatCode: "", address: "", email: "" };
    expect(customerInfoOf(party)).toEqual({
      vatRegistrationNumber: "ND",
      registrationNumber: "ND",
      country: "LT",
      name: "ND",
    });
    expect(customerInfoOf({ ...party, type: "business", name: "X GmbH", vatCode: "DE129273398" })).toEqual({
      vatRegistrationNumber: "DE129273398",
      registrationNumber: null,
      country: "DE",
      name: "X GmbH",
    });
  });

  it("ko VMI nepriimtų, įvardijama su sąskaitos numeriu", () => {
    const invoice = {
      id: "i",
      kind: "invoice" as const,
      number: "RN-000001",
      issueDate: "2026-10-31",
      supplyDate: "2026-10-30",
      customerId: "c",
      buyer: { type: "private" as const, name: "Rūta", code: "", vatCode: "", address: "", email: "", country: "LTU" },
      lines: [grossLine("a", 121, 0.17)],
      creditOf: null,
    };
    const problems = isafProblems({
      month: "2026-11",
      first: "2026-11-01",
      last: "2026-11-30",
      registrationNumber: "305184726",
      createdAt: new Date("2026-12-01T08:00:00Z"),
      software: { company: "Ratų nuoma", name: "Sistema", version: "1" },
      invoices: [invoice],
    });
    expect(problems).toEqual([
      "Sąskaita RN-000001: išrašymo data 2026-10-31 nepatenka į laikotarpį 2026-11-01–2026-11-30; pirkėjo šalies kodas „LTU“ netinka (reikia dviejų raidžių ISO kodo, pvz., LT, DE); PVM tarifui 17 % i.SAF mokesčio kodas nenustatytas",
    ]);
  });
});

describe("kas išrašė sąskaitą", () => {
  it("spausdinamas darbuotojo vardas ir pavardė, niekada el. pašto adresas", () => {
    expect(invoiceIssuerName({ issuedBy: "darbuotojas@ratunuoma.lt", issuedByName: "Tadas Jankauskas" })).toBe(
      "Tadas Jankauskas",
    );
    expect(invoiceIssuerName({ issuedBy: "darbuotojas@ratunuoma.lt" })).toBe("");
    expect(invoiceIssuerName({ issuedBy: "darbuotojas@ratunuoma.lt", issuedByName: "  " })).toBe("");
  });
});

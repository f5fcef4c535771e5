// VAT by the place of supply (src/domain/vatPlaceOfSupply.ts) on every DocumentStore (memory,
// PGlite, Firestore): core-*.test.ts call defineVatContract with their harness. A German VAT
// payer's card is saved through the core (its VAT code checked, "NOTAVAT" refused), then its
// 35-day hire is invoiced with the reverse charge (0 %, "Atvirkštinis apmokestinimas", its VAT
// code and country) and its 5-day hire with 21 % Lithuanian VAT; a long hire to a consumer
// living in another member state is refused with the reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../../src/core/collections";
import { getInvoice, invoicePdf, isafExport, issueReservationInvoice } from "../../../src/core/invoices";
import { createStaffRecord } from "../../../src/core/staffRecords";
import { vatLegalNotes } from "../../../src/domain/invoices";
import { vatCodeError } from "../../../src/domain/vatCodes";
import { REVERSE_CHARGE_NOTATION } from "../../../src/domain/vatPlaceOfSupply";
import { memoryFiles } from "../../helpers/memoryFiles";
import { pdfText } from "../../helpers/pdfText";
import {
  type CoreStoreHarness,
  coreRefusal,
  demo,
  inputRefusal,
  NOW,
  type RecordingStore,
  recordingStore,
  testContext,
  writeDocuments,
} from "./useCases.contract";

const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;
const template = demo.reservations.find((r) => r.doc.status === "completed" && r.doc.quote)!;

const germanCompany = {
  type: "business",
  firstName: "Hans",
  lastName: "Müller",
  companyName: "Muster Logistik GmbH",
  companyCode: "HRB 86786",
  vatCode: "DE136695976",
  country: "DE",
  address: "Friedrichstraße 10, 10117 Berlin",
  email: "rechnung@muster.example.de",
  phone: "+4930123456",
};

export function defineVatContract(name: string, open: () => Promise<CoreStoreHarness>): void {
  describe(`PVM pagal paslaugų teikimo vietą: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let store: RecordingStore;
    const ctx = () => testContext(store, NOW);
    const deps = { files: memoryFiles() };
    let customerId = "";
    let sequence = 0;

    beforeAll(async () => {
      harness = await open();
      await harness.seed();
      store = recordingStore(harness.store);
      customerId = (await createStaffRecord(ctx(), "customers", germanCompany, STAFF.email)).id;
    }, 120_000);
    afterAll(async () => {
      await harness?.close();
    });

    /** A completed rental of the customer over the period, stored as the desk leaves it. */
    async function rental(customer: string, pickupAt: string, returnAt: string): Promise<string> {
      const id = store.newId(COLLECTIONS.reservations);
      await writeDocuments(store, [
        {
          collection: COLLECTIONS.reservations,
          id,
          data: {
            ...template.doc,
            number: `R-2026-8${String(++sequence).padStart(5, "0")}`,
            customerId: customer,
            pickupAt,
            returnAt,
            status: "completed",
            returnAct: null,
            createdAt: pickupAt,
            updatedAt: pickupAt,
          },
        },
      ]);
      return id;
    }

    it("kliento kortelė: „NOTAVAT“ atmetamas lietuvišku pranešimu, Vokietijos įmonė su šalimi išsaugoma", async () => {
      const refused = await inputRefusal(
        createStaffRecord(ctx(), "customers", { ...germanCompany, vatCode: "NOTAVAT" }, STAFF.email),
      );
      expect(refused.errors).toEqual({ vatCode: vatCodeError("NOTAVAT") });
      const stored = await store.get(COLLECTIONS.customers, customerId);
      expect(stored?.data).toMatchObject({ country: "DE", vatCode: "DE136695976", companyCode: "HRB 86786" });
    });

    it("35 dienų nuoma Vokietijos PVM mokėtojui – atvirkštinis apmokestinimas, 0 %, žyma ir pirkėjo PVM kodas", async () => {
      const id = await rental(customerId, "2026-02-01T08:00:00.000Z", "2026-03-08T08:00:00.000Z");
      const issued = await issueReservationInvoice(ctx(), deps, id, {}, STAFF);
      const invoice = await getInvoice(ctx(), issued.id);
      expect(invoice.vatInvoice).toBe(true);
      expect(invoice.buyer).toMatchObject({ type: "business", vatCode: "DE136695976", country: "DE" });
      expect(invoice.lines.length).toBeGreaterThan(0);
      for (const line of invoice.lines) {
        expect(line).toMatchObject({ vatRate: 0, vat: 0, reverseCharge: true });
        expect(line.total).toBe(line.net);
      }
      expect(invoice.totals.vat).toBe(0);
      expect(invoice.totals.total).toBe(invoice.totals.net);
      // The price without Lithuanian VAT: the rental's gross price less its 21 %.
      expect(invoice.totals.net).toBeCloseTo(template.doc.quote!.net, 0);
      expect(vatLegalNotes(invoice.lines)[0]).toBe(REVERSE_CHARGE_NOTATION);

      // The PDF as a reader sees it (pdftotext): the buyer's VAT code and country, 0 %, the mention.
      const text = await pdfText((await invoicePdf(ctx(), deps, issued.id)).bytes);
      expect(text).toContain("PVM mokėtojo kodas: DE136695976");
      expect(text).toContain("Šalis: Vokietija");
      expect(text).toContain("Atvirkštinis apmokestinimas");
      expect(text).toContain("PVM apskaičiuoja ir sumoka paslaugos gavėjas");
      expect(text).toContain("0 %");

      const { xml } = await isafExport(ctx(), invoice.month);
      const block = xml.slice(xml.indexOf(`<InvoiceNo>${invoice.number}</InvoiceNo>`));
      const own = block.slice(0, block.indexOf("</Invoice>"));
      expect(own).toContain("<TaxCode>PVM15</TaxCode>");
      expect(own).toContain('<TaxPercentage xsi:nil="true"></TaxPercentage>');
      expect(own).toContain("<Amount>0.00</Amount>");
      expect(own).toContain("<Country>DE</Country>");
    }, 60_000);

    it("5 dienų nuoma tai pačiai įmonei – Lietuvos PVM 21 %", async () => {
      const id = await rental(customerId, "2026-03-01T08:00:00.000Z", "2026-03-06T08:00:00.000Z");
      const issued = await issueReservationInvoice(ctx(), deps, id, {}, STAFF);
      const invoice = await getInvoice(ctx(), issued.id);
      const text = await pdfText((await invoicePdf(ctx(), deps, issued.id)).bytes);
      expect(text).not.toContain("Atvirkštinis apmokestinimas");
      expect(text).toContain("21 %");
      for (const line of invoice.lines.filter((l) => !l.vatNote)) {
        expect(line.vatRate).toBe(0.21);
        expect(line.reverseCharge).toBeUndefined();
      }
      expect(invoice.totals.vat).toBeGreaterThan(0);
      expect(invoice.totals.total).toBeCloseTo(template.doc.quote!.total, 2);
      expect(vatLegalNotes(invoice.lines)).toEqual([]);
    }, 60_000);

    it("ilgalaikė nuoma vartotojui, gyvenančiam Latvijoje – atsisakoma su priežastimi", async () => {
      const person = await createStaffRecord(
        ctx(),
        "customers",
        {
          firstName: "Anna",
          lastName: "Bērziņa",
          country: "LV",
          email: "anna@example.lv",
          phone: "+37120123456",
        },
        STAFF.email,
      );
      const id = await rental(person.id, "2026-02-01T08:00:00.000Z", "2026-03-08T08:00:00.000Z");
      const error = await coreRefusal(issueReservationInvoice(ctx(), deps, id, {}, STAFF), "precondition");
      expect(error.message).toContain("apmokestinama tos valstybės PVM");
      expect(error.message).toContain("(LV)");
    }, 60_000);
  });
}

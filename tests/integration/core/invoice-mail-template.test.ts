// The invoice and credit-note e-mails come from the settings' templates (invoiceIssued,
// creditNoteIssued), edited in the back-office like the other mails: the core (src/core/invoices.ts)
// queues what the edited template says; settings saved before these templates existed read the
// defaults. On the in-memory store with the demo company.
import { describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../../src/core/collections";
import { creditInvoice, issueReservationInvoice } from "../../../src/core/invoices";
import type { PrivateFiles } from "../../../src/core/ports";
import { createMemoryStore } from "../../../src/core/stores/memoryStore";
import { DEFAULT_EMAIL_TEMPLATES_EN, DEFAULT_EMAIL_TEMPLATES_LT } from "../../../src/domain/emailTemplateDefaults";
import { formatMoney } from "../../../src/domain/format";
import { invoiceMailText } from "../../../src/domain/mailTemplates";
import { settingsSchema } from "../../../src/domain/schemas";
import { settingsFromDoc } from "../../../src/domain/settings";
import { demo, demoCoreDocuments, NOW, testContext, writeDocuments } from "./useCases.contract";

const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;
const files: PrivateFiles = { put: async () => undefined, get: async () => null };

type MailData = { to: string; ref: string; message: { subject: string; text: string; html?: string } };

describe("Sąskaitų laiškai pagal nustatymų šablonus", () => {
  it("senų nustatymų dokumentas be sąskaitų šablonų skaitomas su numatytaisiais", () => {
    const { invoiceIssued: _i, creditNoteIssued: _c, ...older } = DEFAULT_EMAIL_TEMPLATES_LT;
    const parsed = settingsSchema.parse({ ...demo.settings.doc, emailTemplates: older, emailTemplatesEn: undefined });
    expect(parsed.emailTemplates.invoiceIssued).toEqual(DEFAULT_EMAIL_TEMPLATES_LT.invoiceIssued);
    expect(parsed.emailTemplates.creditNoteIssued).toEqual(DEFAULT_EMAIL_TEMPLATES_LT.creditNoteIssued);
    const read = settingsFromDoc({ ...demo.settings.doc, emailTemplates: older as never });
    expect(read.emailTemplates.invoiceIssued).toEqual(DEFAULT_EMAIL_TEMPLATES_LT.invoiceIssued);
    expect(read.emailTemplatesEn?.creditNoteIssued).toEqual(DEFAULT_EMAIL_TEMPLATES_EN.creditNoteIssued);
  });

  it("numatytieji šablonai: lietuviškas ir angliškas tekstas be neužpildytų žymių", () => {
    const invoice = {
      kind: "invoice" as const,
      vatInvoice: true,
      number: "RN-000042",
      issueDate: "2026-11-21",
      buyer: { type: "private" as const, name: "Rūta Žemaitė", code: "", vatCode: "", address: "", email: "r@x.lt" },
      seller: {
        type: "business" as const,
        name: "UAB „Ratų nuoma“",
        code: "1",
        vatCode: "LT1",
        address: "",
        email: "",
      },
      reservationNumbers: ["R-2026-000123"],
      totals: { net: 101.65, vat: 21.35, total: 123 },
      amountInWords: "vienas šimtas dvidešimt trys eurai 00 ct",
      creditOf: null,
    };
    const settings = { company: demo.settings.doc.company, emailTemplates: DEFAULT_EMAIL_TEMPLATES_LT };
    const lt = invoiceMailText(invoice, settings, "lt");
    expect(lt.subject).toBe("PVM sąskaita faktūra RN-000042");
    expect(lt.text).toContain(
      "siunčiame sąskaitą RN-000042 (2026-11-21) už automobilio nuomą (rezervacija R-2026-000123)",
    );
    expect(lt.text).toContain(`Suma: ${formatMoney(123)} (vienas šimtas dvidešimt trys eurai 00 ct).`);
    expect(lt.text).not.toMatch(/\{\{|\}\}/);
    const en = invoiceMailText(invoice, settings, "en");
    expect(en.subject).toBe("VAT invoice RN-000042");
    expect(en.text).toContain("Hello Rūta Žemaitė,");
    const credit = invoiceMailText(
      {
        ...invoice,
        kind: "credit",
        number: "KS-000001",
        totals: { net: -101.65, vat: -21.35, total: -123 },
        creditOf: { id: "x", number: "RN-000042", issueDate: "2026-11-21" },
      },
      settings,
      "lt",
    );
    expect(credit.subject).toBe("Kreditinė PVM sąskaita faktūra KS-000001");
    expect(credit.text).toContain("kuria koreguojama sąskaita RN-000042");
    expect(credit.text).toContain(`Suma: ${formatMoney(-123)}`);
  });

  it("branduolys siunčia tai, ką administratorius įrašė šablone (sąskaita ir kreditinė)", async () => {
    const store = createMemoryStore();
    await writeDocuments(store, demoCoreDocuments(demo));
    const stored = await store.get(COLLECTIONS.settings, demo.settings.id);
    const templates = { ...(stored!.data.emailTemplates as Record<string, unknown>) };
    templates.invoiceIssued = {
      subject: "Jūsų sąskaita {{saskaita}} – {{imone}}",
      body: "Sveiki, {{vardas}}!\nSąskaita {{saskaita}} ({{saskaitos_pavadinimas}}), {{saskaitos_data}}: {{suma}}.\nRezervacija {{numeris}}.",
    };
    templates.creditNoteIssued = {
      subject: "Kreditinė {{saskaita}} pagal {{koreguojama_saskaita}}",
      body: "Koreguojame {{koreguojama_saskaita}}: {{suma}} ({{suma_zodziais}}).",
    };
    await store.transaction(async (tx) => {
      tx.set(COLLECTIONS.settings, demo.settings.id, { ...stored!.data, emailTemplates: templates });
    });

    const target = demo.reservations.find((r) => r.doc.status === "completed" && r.doc.quote)!;
    const customer = demo.customers.find((c) => c.id === target.doc.customerId)!;
    const ctx = testContext(store, NOW);
    const issued = await issueReservationInvoice(ctx, { files }, target.id, {}, STAFF);
    const credit = await creditInvoice(ctx, { files }, issued.id, { reason: "Klaidingi duomenys" }, STAFF);

    const mails = (await store.query(COLLECTIONS.mail, {})).map((d) => d.data as unknown as MailData);
    const invoiceMail = mails.find((m) => m.message.subject.startsWith(`Jūsų sąskaita ${issued.number}`));
    expect(invoiceMail, "sąskaitos laiškas pagal pakeistą šabloną").toBeTruthy();
    expect(invoiceMail!.to).toBe(customer.doc.email);
    expect(invoiceMail!.ref).toBe(`reservation:${target.id}`);
    expect(invoiceMail!.message.subject).toBe(`Jūsų sąskaita ${issued.number} – Ratų nuoma`);
    expect(invoiceMail!.message.text).toContain(`Rezervacija ${target.doc.number}.`);
    expect(invoiceMail!.message.text).toMatch(/(PVM sąskaita faktūra|Sąskaita faktūra)\), \d{4}-\d{2}-\d{2}: /);
    expect(invoiceMail!.message.html).toContain("<p>");

    const creditMail = mails.find((m) => m.message.subject === `Kreditinė ${credit.number} pagal ${issued.number}`);
    expect(creditMail, "kreditinės sąskaitos laiškas pagal pakeistą šabloną").toBeTruthy();
    expect(creditMail!.message.text).toMatch(
      new RegExp(`^Koreguojame ${issued.number}: −[\\d\\s]+,\\d{2}\\s€ \\(minus `),
    );
  });
});

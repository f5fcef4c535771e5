// The invoice series settings (settings.invoicing), apart from the invoice rules (invoices.ts) so
// that the settings schema (schemas.ts) can use them without the two importing each other.
import { z } from "zod";

/** The damage compensation's VAT treatment on invoices (settings.invoicing.damageVat). */
export const DAMAGE_VAT_TREATMENTS = ["outside-scope", "standard"] as const;
export type DamageVatTreatment = (typeof DAMAGE_VAT_TREATMENTS)[number];
export const DAMAGE_VAT_LABELS: Readonly<Record<DamageVatTreatment, string>> = {
  "outside-scope": "Ne PVM objektas (žalos atlyginimas nėra paslauga) – be PVM",
  standard: "Su PVM, kaip kiti mokesčiai",
};
/** The note an invoice line outside the scope of VAT carries. */
export const OUTSIDE_VAT_NOTE = "Neapmokestinama PVM: žalos atlyginimas nėra PVM objektas";

/** Payment terms when settings have none (older documents too): 14 days. */
export const DEFAULT_PAYMENT_TERM_DAYS = 14;
export const MAX_PAYMENT_TERM_DAYS = 365;
/** Payment terms in days (settings.invoicing.paymentTermDays, a customer's paymentTermDays). */
export const paymentTermField = z
  .number({ error: "Nurodykite dienų skaičių" })
  .int({ error: "Dienų skaičius turi būti sveikas" })
  .min(0, { error: "Ne mažiau kaip 0 dienų" })
  .max(MAX_PAYMENT_TERM_DAYS, { error: `Ne daugiau kaip ${MAX_PAYMENT_TERM_DAYS} dienos` });

export const INVOICE_SERIES_PATTERN = /^[A-Z]{1,6}$/;
const seriesField = (fallback: string) =>
  z
    .string({ error: "Turi būti tekstas" })
    .trim()
    .toUpperCase()
    .regex(INVOICE_SERIES_PATTERN, { error: "Serija – nuo 1 iki 6 didžiųjų lotyniškų raidžių (pvz., RN)" })
    .default(fallback);

/**
 * settings.invoicing. Credit notes have their own series ("KS"): each series stays gap-free on its
 * own, i.SAF marks them as type KS anyway, and staff tell a credit note from an invoice by its number.
 */
export const invoicingSettingsSchema = z
  .object({
    series: seriesField("RN"),
    creditSeries: seriesField("KS"),
    /** advance invoices (avansinės) issued when an online payment arrives before the rental's invoice */
    advanceSeries: seriesField("IS"),
    /** payment terms: days from the issue date to the due date, unless the customer's card says otherwise */
    paymentTermDays: paymentTermField.default(DEFAULT_PAYMENT_TERM_DAYS),
    /** issue the invoice by itself when the car comes back (private customers; businesses get the monthly one) */
    autoInvoiceAtReturn: z.boolean({ error: "Turi būti taip arba ne" }).default(true),
    /**
     * How the invoice treats the damage compensation charged at the return: "outside-scope" (ne PVM
     * objektas – compensation for damage is not a supply: 0 %, "Neapmokestinama PVM") or
     * "standard" (with VAT like the other charges).
     */
    damageVat: z
      .enum(DAMAGE_VAT_TREATMENTS, { error: "Pasirinkite, kaip apmokestinamas žalos atlyginimas" })
      .optional(),
  })
  .strict()
  .refine((s) => s.series !== s.creditSeries, {
    error: "Kreditinių sąskaitų serija turi skirtis nuo sąskaitų serijos",
    path: ["creditSeries"],
  })
  .refine((s) => s.advanceSeries !== s.series && s.advanceSeries !== s.creditSeries, {
    error: "Avansinių sąskaitų serija turi skirtis nuo sąskaitų ir kreditinių sąskaitų serijų",
    path: ["advanceSeries"],
  });
export type InvoicingSettings = z.infer<typeof invoicingSettingsSchema>;
export const INVOICING_DEFAULTS: InvoicingSettings = {
  series: "RN",
  creditSeries: "KS",
  advanceSeries: "IS",
  paymentTermDays: DEFAULT_PAYMENT_TERM_DAYS,
  autoInvoiceAtReturn: true,
};
/** Settings without a choice (older documents too): the damage compensation is outside the scope of VAT. */
export const DEFAULT_DAMAGE_VAT: DamageVatTreatment = "outside-scope";
export const damageVatOf = (invoicing: Pick<InvoicingSettings, "damageVat">): DamageVatTreatment =>
  invoicing.damageVat ?? DEFAULT_DAMAGE_VAT;

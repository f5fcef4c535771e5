// The invoice series settings (settings.invoicing), apart from the invoice rules (invoices.ts) so
// that the settings schema (schemas.ts) can use them without the two importing each other.
import { z } from "zod";

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
    /** issue the invoice by itself when the car comes back (private customers; businesses get the monthly one) */
    autoInvoiceAtReturn: z.boolean({ error: "Turi būti taip arba ne" }).default(true),
  })
  .strict()
  .refine((s) => s.series !== s.creditSeries, {
    error: "Kreditinių sąskaitų serija turi skirtis nuo sąskaitų serijos",
    path: ["creditSeries"],
  });
export type InvoicingSettings = z.infer<typeof invoicingSettingsSchema>;
export const INVOICING_DEFAULTS: InvoicingSettings = { series: "RN", creditSeries: "KS", autoInvoiceAtReturn: true };

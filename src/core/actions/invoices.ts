// Invoices, credit notes and the i.SAF export (src/core/invoices.ts).
import { z } from "zod";
import { APPROVAL_MESSAGES } from "../../domain/approvals";
import type { InvoiceListParams } from "../invoices";
import { envelope, id, idAndBody, object, value, whole } from "./envelope";
import { type ActionList, ADMINS, STAFF, staffAction } from "./registry";

const CREDIT_ADMIN_ONLY = APPROVAL_MESSAGES.creditAdminOnly;

/** The callable's list request as the local GET /api/admin/invoices reads it (ra-data-simple-rest). */
const listRequest = envelope({
  filter: object,
  sort: envelope({
    field: z
      .unknown()
      .optional()
      .transform((field) => (typeof field === "string" ? field : "createdAt")),
    order: z
      .unknown()
      .optional()
      .transform((order): "ASC" | "DESC" => (order === "ASC" ? "ASC" : "DESC")),
  }),
  range: z
    .unknown()
    .optional()
    .transform((range): [number, number] | null => {
      const numbers = Array.isArray(range) && range.length === 2 ? range.map(Number) : null;
      return numbers?.every((n) => Number.isSafeInteger(n) && n >= 0) ? [numbers[0] ?? 0, numbers[1] ?? 0] : null;
    }),
});

export const invoiceActions = {
  /** a page of invoices and credit notes (filter: q, kind, month, customerId, reservationId) with the total count */
  listInvoices: staffAction({
    roles: STAFF,
    args: (params: InvoiceListParams) => params,
    input: listRequest,
    http: { method: "GET", path: "/invoices", answer: "list" },
    run: async ({ invoices }, input, ctx) => {
      const page = await invoices.listInvoices(ctx.core, input, ctx.maxListPage);
      return { data: page.records, total: page.total, start: page.start } satisfies ActionList<unknown>;
    },
  }),
  /** one invoice with the credit note that reverses it */
  getInvoice: staffAction({
    roles: STAFF,
    args: (id: string) => ({ id }),
    input: envelope({ id }),
    http: { method: "GET", path: "/invoices/:id" },
    run: ({ invoices }, input, ctx) => invoices.getInvoice(ctx.core, input.id),
  }),
  /** issues the reservation's invoice; 409 when it has one in force */
  issueInvoice: staffAction({
    roles: STAFF,
    args: (id: string) => ({ id }),
    input: idAndBody,
    http: { method: "POST", path: "/reservations/:id/invoices", status: 201 },
    invalidates: ["mail"],
    run: ({ invoices }, input, ctx) =>
      invoices.issueReservationInvoice(ctx.core, ctx.documents, input.id, input.body, ctx.actor),
  }),
  /** the reservation's invoices and credit notes */
  reservationInvoices: staffAction({
    roles: STAFF,
    args: (id: string) => ({ id }),
    input: envelope({ id }),
    http: { method: "GET", path: "/reservations/:id/invoices" },
    run: ({ invoices }, input, ctx) => invoices.reservationInvoices(ctx.core, input.id),
  }),
  /** a credit note: the whole rest of the invoice, or chosen lines by amount; administrators only (staff: requestCreditNote) */
  creditInvoice: staffAction({
    roles: ADMINS,
    refusal: CREDIT_ADMIN_ONLY,
    args: (id: string, reason: string, lines?: { line: number; amount: number }[]) => ({
      id,
      body: lines && lines.length > 0 ? { reason, lines } : { reason },
    }),
    input: envelope({ id, body: value }),
    http: { method: "POST", path: "/invoices/:id/credit", body: "body", status: 201 },
    invalidates: ["mail"],
    run: ({ invoices }, input, ctx) => invoices.creditInvoice(ctx.core, ctx.documents, input.id, input.body, ctx.actor),
  }),
  /** one invoice for a business customer's completed rentals of a month (YYYY-MM) */
  issueMonthlyInvoice: staffAction({
    roles: STAFF,
    args: (input: { customerId: string; month: string }) => input,
    input: whole,
    http: { method: "POST", path: "/invoices/monthly", status: 201 },
    invalidates: ["mail"],
    run: ({ invoices }, input, ctx) => invoices.issueMonthlyInvoice(ctx.core, ctx.documents, input, ctx.actor),
  }),
  /** the invoice's PDF */
  downloadInvoicePdf: staffAction({
    callable: "invoicePdf",
    roles: STAFF,
    args: (id: string) => ({ id }),
    input: envelope({ id }),
    http: { method: "GET", path: "/invoices/:id/pdf", answer: "file", accept: "application/pdf" },
    run: async ({ invoices }, input, ctx) => {
      const file = await invoices.invoicePdf(ctx.core, ctx.documents, input.id);
      return { fileName: file.fileName, contentType: "application/pdf", bytes: file.bytes };
    },
  }),
  /** the month's i.SAF XML (YYYY-MM) */
  downloadIsaf: staffAction({
    callable: "isafExport",
    roles: STAFF,
    args: (month: string) => ({ month }),
    input: envelope({ month: value }),
    http: { method: "GET", path: "/isaf", query: ["month"], answer: "file", accept: "application/xml" },
    run: async ({ invoices }, input, ctx) => {
      const file = await invoices.isafExport(ctx.core, input.month);
      return { fileName: file.fileName, contentType: "application/xml; charset=utf-8", text: file.xml };
    },
  }),
};

// Issued invoices never change (the invoices' actions – issue, list, one, PDF, credit note, monthly
// invoice, i.SAF – are the registry's: src/core/actions/invoices.ts, server/routes/staffActions.ts):
//   PUT, DELETE /api/admin/invoices/:id, POST /api/admin/invoices   405: an issued invoice never changes
// Mounted under /api/admin, behind requireStaff() (see app.ts), before adminRoutes().
import type { Hono } from "hono";
import type { AppEnv } from "../http/context";
import { refusedRoutes } from "../http/refused";

export const INVOICE_IMMUTABLE_MESSAGE =
  "Išrašyta sąskaita nekeičiama ir netrinama; klaidą taisykite kreditine sąskaita";

export function invoiceRoutes(): Hono<AppEnv> {
  return refusedRoutes(
    { "/invoices": ["POST"], "/invoices/:id": ["PUT", "PATCH", "DELETE"] },
    "GET",
    INVOICE_IMMUTABLE_MESSAGE,
  );
}

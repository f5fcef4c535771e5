// Issued invoices never change (the invoices' actions – issue, list, one, PDF, credit note, monthly
// invoice, i.SAF – are the registry's: src/core/actions/invoices.ts, server/routes/staffActions.ts):
//   PUT, DELETE /api/admin/invoices/:id, POST /api/admin/invoices   405: an issued invoice never changes
// Mounted under /api/admin, behind requireStaff() (see app.ts), before adminRoutes().
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/context";

export const INVOICE_IMMUTABLE_MESSAGE =
  "Išrašyta sąskaita nekeičiama ir netrinama; klaidą taisykite kreditine sąskaita";

export function invoiceRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const refuse = (c: Context<AppEnv>) => {
    c.header("Allow", "GET");
    return c.json({ message: INVOICE_IMMUTABLE_MESSAGE }, 405);
  };
  app.post("/invoices", refuse);
  app.put("/invoices/:id", refuse);
  app.patch("/invoices/:id", refuse);
  app.delete("/invoices/:id", refuse);
  return app;
}

// Invoices, credit notes and the i.SAF export over HTTP (src/core/invoices.ts does the work):
//   POST /api/admin/reservations/:id/invoices   201 { id, number, total }: the reservation's invoice
//   GET  /api/admin/reservations/:id/invoices   the reservation's invoices and credit notes
//   GET  /api/admin/invoices                    list as ra-data-simple-rest (sort, range, filter; Content-Range)
//   GET  /api/admin/invoices/:id                one invoice (with creditedBy)
//   GET  /api/admin/invoices/:id/pdf            application/pdf
//   POST /api/admin/invoices/:id/credit         201 { id, number, total }: a credit note { reason }
//   POST /api/admin/invoices/monthly            201 { id, number, total }: { customerId, month } of a business customer
//   PUT, DELETE /api/admin/invoices/:id, POST /api/admin/invoices   405: an issued invoice never changes
//   GET  /api/admin/isaf?month=YYYY-MM          application/xml, i.SAF 1.2
// Mounted under /api/admin, behind requireStaff() (see app.ts), before adminRoutes().
import { type Context, Hono } from "hono";
import {
  creditInvoice,
  getInvoice,
  invoicePdf,
  isafExport,
  issueMonthlyInvoice,
  issueReservationInvoice,
  listInvoices,
  reservationInvoices,
} from "../../src/core/invoices";
import type { StaffActor } from "../../src/core/writes";
import { coreFor } from "../core";
import { currentUser } from "../http/auth";
import { readJsonObject } from "../http/body";
import type { AppEnv } from "../http/context";
import { MAX_PAGE_SIZE, parseListParams } from "../http/listQuery";
import { privateFilesFor } from "../services/privateFiles";

export const INVOICE_IMMUTABLE_MESSAGE =
  "Išrašyta sąskaita nekeičiama ir netrinama; klaidą taisykite kreditine sąskaita";

function staffActor(c: Context<AppEnv>): StaffActor {
  const user = currentUser(c);
  return { email: user.email, role: user.role === "admin" ? "admin" : "staff" };
}

const deps = (c: Context<AppEnv>) => ({ files: privateFilesFor(c.get("deps").config) });
const core = (c: Context<AppEnv>) => coreFor(c.get("deps").db);

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
function dispositionHeader(fileName: string, inline: boolean): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function invoiceRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post("/reservations/:id/invoices", async (c) => {
    const body = await readJsonObject(c);
    return c.json(await issueReservationInvoice(core(c), deps(c), c.req.param("id"), body, staffActor(c)), 201);
  });

  app.get("/reservations/:id/invoices", async (c) => {
    return c.json(await reservationInvoices(core(c), c.req.param("id")), 200);
  });

  app.get("/isaf", async (c) => {
    const { xml, fileName } = await isafExport(core(c), c.req.query("month"));
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Content-Disposition", dispositionHeader(fileName, false));
    c.header("X-Content-Type-Options", "nosniff");
    return c.body(xml, 200);
  });

  app.post("/invoices/monthly", async (c) => {
    const body = await readJsonObject(c);
    return c.json(await issueMonthlyInvoice(core(c), deps(c), body, staffActor(c)), 201);
  });

  app.get("/invoices", async (c) => {
    const list = parseListParams({
      sort: c.req.query("sort"),
      range: c.req.query("range"),
      filter: c.req.query("filter"),
      rangeHeader: c.req.header("range"),
    });
    const { records, total, start } = await listInvoices(core(c), list, MAX_PAGE_SIZE);
    const range =
      records.length > 0 ? `invoices ${start}-${start + records.length - 1}/${total}` : `invoices */${total}`;
    c.header("Content-Range", range);
    c.header("X-Total-Count", String(total));
    c.header("Access-Control-Expose-Headers", "Content-Range, X-Total-Count");
    return c.json(records, 200);
  });

  app.get("/invoices/:id/pdf", async (c) => {
    const file = await invoicePdf(core(c), deps(c), c.req.param("id"));
    c.header("Content-Type", "application/pdf");
    c.header("Content-Disposition", dispositionHeader(file.fileName, c.req.query("inline") === "1"));
    c.header("Content-Length", String(file.bytes.length));
    c.header("X-Content-Type-Options", "nosniff");
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200);
  });

  app.post("/invoices/:id/credit", async (c) => {
    const body = await readJsonObject(c);
    return c.json(await creditInvoice(core(c), deps(c), c.req.param("id"), body, staffActor(c)), 201);
  });

  app.get("/invoices/:id", async (c) => c.json(await getInvoice(core(c), c.req.param("id")), 200));

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

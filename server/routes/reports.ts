// Reports over HTTP (src/core/reports.ts does the work):
//   GET /api/admin/reports?from=YYYY-MM-DD&to=YYYY-MM-DD   utilisation, revenue, cancellations, lengths, unpaid
//   GET /api/admin/reports/today                           today's pick-ups and returns with what is due
// Mounted under /api/admin, behind requireStaff() (see app.ts), before adminRoutes().
import { Hono } from "hono";
import { reports, todayDesk } from "../../src/core/reports";
import { coreFor } from "../core";
import type { AppEnv } from "../http/context";

export function reportRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/reports/today", async (c) => c.json(await todayDesk(coreFor(c.get("deps").db)), 200));
  app.get("/reports", async (c) =>
    c.json(await reports(coreFor(c.get("deps").db), { from: c.req.query("from"), to: c.req.query("to") }), 200),
  );
  return app;
}

// The outbox's staff actions, mounted under /api/admin behind requireStaff() (app.ts):
//   POST /api/admin/actions/mail/:id/resend   a copy of the mail queued again (audited)
import { Hono } from "hono";
import { resendMail } from "../../src/core/mailResend";
import { coreFor } from "../core";
import { currentUser } from "../http/auth";
import type { AppEnv } from "../http/context";

export function mailRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post("/actions/mail/:id/resend", async (c) => {
    const core = coreFor(c.get("deps").db);
    return c.json(await resendMail(core, c.req.param("id"), currentUser(c).email), 201);
  });
  return app;
}

// POST /api/client-errors: the browser reports start-up, render and unhandled errors here.
// Public, so it is rate-limited per IP and every field is bounded by clientErrorSchema.
import { Hono } from "hono";
import { clientErrorSchema } from "../../src/domain/schemas";
import { parseWith, readJsonObject } from "../http/body";
import { clientIp } from "../http/clientIp";
import type { AppEnv } from "../http/context";
import { ApiError } from "../http/errors";
import { log } from "../log";
import { publish } from "../services/events";
import { consumeRateLimit } from "../services/rateLimit";

export const CLIENT_ERRORS_PER_WINDOW = 30;
export const CLIENT_ERRORS_WINDOW_SECONDS = 5 * 60;
/** Older reports are dropped now and then, so the table cannot grow without bound. */
const KEEP_DAYS = 90;

export function clientErrorRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post("/", async (c) => {
    const { db, config } = c.get("deps");
    const ip = clientIp(c, config.trustProxy);
    const body = await readJsonObject(c);
    if (
      !(await consumeRateLimit(db, `client-errors:ip:${ip}`, CLIENT_ERRORS_PER_WINDOW, CLIENT_ERRORS_WINDOW_SECONDS))
    ) {
      throw new ApiError(429, "Per daug klaidų pranešimų. Bandykite vėliau.");
    }
    const report = parseWith(clientErrorSchema, body);
    const doc = { ...report, userAgent: report.userAgent ?? c.req.header("user-agent")?.slice(0, 500) };
    const result = await db.query<{ id: string }>("INSERT INTO client_errors (doc) VALUES ($1::jsonb) RETURNING id", [
      JSON.stringify(doc),
    ]);
    const id = result.rows[0]?.id ?? "";
    if (Math.random() < 0.02) {
      await db.query("DELETE FROM client_errors WHERE created_at < now() - make_interval(days => $1)", [KEEP_DAYS]);
    }
    log.warn(`Naršyklės klaida (${report.kind}) adresu ${report.url.slice(0, 200)}: ${report.message.slice(0, 500)}`);
    publish("client-errors", id, "created");
    return c.json({ id }, 201);
  });

  return app;
}

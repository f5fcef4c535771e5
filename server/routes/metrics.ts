// GET /api/metrics: Prometheus text exposition (server/http/metrics.ts). Never public: an
// administrator's session, or `Authorization: Bearer <METRICS_TOKEN>` for a scraper.
import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { FORBIDDEN_MESSAGE, loadSessionUser, NOT_SIGNED_IN_MESSAGE } from "../http/auth";
import type { AppEnv } from "../http/context";
import { ApiError } from "../http/errors";

/** The exposition format's content type (text format 0.0.4). */
export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function metricsRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    const { config, db, state } = c.get("deps");
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    if (bearer !== undefined) {
      if (!config.metricsToken || !sameToken(bearer, config.metricsToken)) {
        throw new ApiError(401, "Neteisingas METRICS_TOKEN");
      }
    } else {
      const user = await loadSessionUser(c);
      if (!user) throw new ApiError(401, NOT_SIGNED_IN_MESSAGE);
      if (user.role !== "admin") throw new ApiError(403, FORBIDDEN_MESSAGE);
    }
    if (!state) throw new ApiError(503, "Metrikos nerenkamos");
    const body = await state.metrics.render({ db, dataDir: config.dataDir, draining: state.draining });
    return c.body(body, 200, { "Content-Type": METRICS_CONTENT_TYPE });
  });
  return app;
}

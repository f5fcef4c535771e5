// Calendar feeds on secret addresses (src/core/calendarFeeds.ts):
//   GET  /api/ical/:token.ics                          public, no session, rate-limited per client
// The staff's regenerate and list are the registry's (src/core/actions/fleet.ts).
// The public route is mounted outside /api/admin, so the staff guard never sees it.
import { Hono } from "hono";
import { calendarFeed, FEED_NOT_FOUND_MESSAGE, ICAL_RATE_LIMIT } from "../../src/core/calendarFeeds";
import { ICAL_CONTENT_TYPE } from "../../src/domain/ical";
import { coreFor } from "../core";
import { clientKey } from "../http/clientIp";
import type { AppEnv } from "../http/context";

export function icalPublicRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/:file", async (c) => {
    const file = c.req.param("file");
    if (!file.endsWith(".ics")) return c.json({ message: FEED_NOT_FOUND_MESSAGE }, 404);
    const deps = c.get("deps");
    const text = await calendarFeed(coreFor(deps.db), file.slice(0, -".ics".length), {
      rateLimit: { clientKey: clientKey(c, deps.config.trustProxy), limit: ICAL_RATE_LIMIT },
    });
    c.header("Content-Type", ICAL_CONTENT_TYPE);
    c.header("Content-Disposition", 'inline; filename="uzimtumas.ics"');
    c.header("X-Robots-Tag", "noindex, nofollow");
    c.header("Referrer-Policy", "no-referrer");
    return c.body(text, 200);
  });
  return app;
}

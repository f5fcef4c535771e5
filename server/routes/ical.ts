// Calendar feeds on secret addresses (src/core/calendarFeeds.ts):
//   GET  /api/ical/:token.ics                          public, no session, rate-limited per client
//   POST /api/admin/actions/calendar-feeds/regenerate  { carId | null } -> a new address (admins only)
//   GET  /api/admin/actions/calendar-feeds             which feeds have an address (no tokens)
// The public route is mounted outside /api/admin, so the staff guard never sees it.
import { Hono } from "hono";
import {
  calendarFeed,
  FEED_NOT_FOUND_MESSAGE,
  ICAL_RATE_LIMIT,
  listCalendarFeeds,
  regenerateCalendarFeed,
} from "../../src/core/calendarFeeds";
import { ICAL_CONTENT_TYPE } from "../../src/domain/ical";
import { coreFor } from "../core";
import { currentUser } from "../http/auth";
import { readJsonObject } from "../http/body";
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

/** Mounted under /api/admin/actions/calendar-feeds, behind requireStaff(); the use case admits admins only. */
export function icalAdminRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => c.json(await listCalendarFeeds(coreFor(c.get("deps").db)), 200));
  app.post("/regenerate", async (c) => {
    const user = currentUser(c);
    const core = coreFor(c.get("deps").db);
    return c.json(
      await regenerateCalendarFeed(core, await readJsonObject(c), { email: user.email, role: user.role }),
      201,
    );
  });
  return app;
}

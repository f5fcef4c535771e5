// POST /api/client-errors: the browser reports start-up, render and unhandled errors here; the
// core (src/core/clientErrors.ts) bounds, limits and stores them. Old reports are dropped now and
// then, so the table cannot grow without bound.
import { Hono } from "hono";
import { recordClientError } from "../../src/core/clientErrors";
import { coreFor } from "../core";
import { readJsonObject } from "../http/body";
import { clientKey } from "../http/clientIp";
import type { AppEnv } from "../http/context";
import { dropOldClientErrors } from "../store/clientErrors";

const KEEP_DAYS = 90;

export function clientErrorRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post("/", async (c) => {
    const { db, config } = c.get("deps");
    const result = await recordClientError(coreFor(db), await readJsonObject(c), {
      clientKey: clientKey(c, config.trustProxy),
      userAgent: c.req.header("user-agent"),
    });
    if (Math.random() < 0.02) await dropOldClientErrors(db, KEEP_DAYS);
    return c.json(result, 201);
  });

  return app;
}

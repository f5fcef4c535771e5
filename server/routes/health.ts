// GET /api/health: 200 {"ok":true} when the database answers.
import { Hono } from "hono";
import type { AppEnv } from "../http/context";
import { log } from "../log";

export function healthRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    try {
      await c.get("deps").db.query("SELECT 1");
      return c.json({ ok: true }, 200);
    } catch (error) {
      log.error("Sveikatos patikra: duomenų bazė neatsako", error);
      return c.json({ ok: false, message: "Duomenų bazė nepasiekiama" }, 503);
    }
  });
  return app;
}

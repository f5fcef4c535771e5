// GET /runtime-config.json: what the browser needs before it starts, chosen per deployment
// without a rebuild. backend is "firebase" when a Firebase config is given, else "local".
import { Hono } from "hono";
import type { RuntimeConfig as BrowserRuntimeConfig } from "../../src/domain/runtimeConfig";
import type { Config, FirebaseRuntimeConfig } from "../config";
import type { AppEnv } from "../http/context";

/** The browser's runtime config (src/domain/runtimeConfig.ts) as this server fills it in. */
export interface RuntimeConfig extends BrowserRuntimeConfig {
  backend: "local" | "firebase";
  firebase?: FirebaseRuntimeConfig;
}

export function runtimeConfigOf(config: Config): RuntimeConfig {
  const answer: RuntimeConfig = { backend: config.firebase ? "firebase" : "local", publicUrl: config.publicUrl };
  if (config.firebase) answer.firebase = config.firebase;
  if (config.buildCheckIntervalMs !== null) answer.buildCheckIntervalMs = config.buildCheckIntervalMs;
  return answer;
}

export function runtimeConfigRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/runtime-config.json", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json(runtimeConfigOf(c.get("deps").config), 200);
  });
  return app;
}

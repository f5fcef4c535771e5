// What never changes once written (issued invoices, the damage register, the payments ledger):
// the writes the generic resource routes would otherwise take answer 405, with the methods that
// are allowed and the reason in Lithuanian.
import { Hono } from "hono";
import type { AppEnv } from "./context";

/** Each path's methods answer 405 with `Allow: allow` and { message }. */
export function refusedRoutes(
  routes: Readonly<Record<string, readonly string[]>>,
  allow: string,
  message: string,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const [path, methods] of Object.entries(routes)) {
    app.on([...methods], path, (c) => {
      c.header("Allow", allow);
      return c.json({ message }, 405);
    });
  }
  return app;
}

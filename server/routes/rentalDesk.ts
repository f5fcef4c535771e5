// The damage register's writes, in front of the generic resource routes:
//   POST /api/admin/damages, DELETE /api/admin/damages/:id  refused (405): the desk's return enters
//   damages, and the register keeps them.
// The rental desk's actions (desk info, hand-over, return and its preview, PUT /damages/:id marking a
// damage repaired) are the registry's (src/core/actions/desk.ts, server/routes/staffActions.ts).
// Mounted under /api/admin, behind requireStaff() (see app.ts), before adminRoutes().
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/context";

export { DAMAGE_REPAIRED_ONLY } from "../../src/core/actions/desk";

export const DAMAGE_WRITE_REFUSED =
  "Pažeidimai įrašomi grąžinant automobilį; registre juos galima tik pažymėti sutaisytais";

export function rentalDeskRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const refuse = (c: Context<AppEnv>) => {
    c.header("Allow", "GET, PUT");
    return c.json({ message: DAMAGE_WRITE_REFUSED }, 405);
  };
  app.post("/damages", refuse);
  app.delete("/damages/:id", refuse);
  return app;
}

// The damage register's writes, in front of the generic resource routes:
//   POST /api/admin/damages, DELETE /api/admin/damages/:id  refused (405): the desk's return enters
//   damages, and the register keeps them.
// The rental desk's actions (desk info, hand-over, return and its preview, PUT /damages/:id marking a
// damage repaired) are the registry's (src/core/actions/desk.ts, server/routes/staffActions.ts).
// Mounted under /api/admin, behind requireStaff() (see app.ts), before adminRoutes().
import type { Hono } from "hono";
import type { AppEnv } from "../http/context";
import { refusedRoutes } from "../http/refused";

export { DAMAGE_REPAIRED_ONLY } from "../../src/core/actions/desk";

export const DAMAGE_WRITE_REFUSED =
  "Pažeidimai įrašomi grąžinant automobilį; registre juos galima tik pažymėti sutaisytais";

export function rentalDeskRoutes(): Hono<AppEnv> {
  return refusedRoutes({ "/damages": ["POST"], "/damages/:id": ["DELETE"] }, "GET, PUT", DAMAGE_WRITE_REFUSED);
}

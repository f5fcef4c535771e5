// The rental desk over HTTP (src/core/rentalDesk.ts does the work):
//   GET  /api/admin/reservations/:id/desk            what the hand-over and return screens show
//   POST /api/admin/reservations/:id/handover        the car handed over: 200 the reservation (active)
//   POST /api/admin/reservations/:id/return/preview  the return charges for the readings typed
//   POST /api/admin/reservations/:id/return          the car returned: 200 { reservation, charges, total, deposit }
// and the damage register's writes, in front of the generic resource routes:
//   PUT  /api/admin/damages/:id   { status: "repaired", version? } marks a damage repaired
//   POST /api/admin/damages, DELETE /api/admin/damages/:id  refused (405): the desk's return enters
//   damages, and the register keeps them.
// Mounted under /api/admin, behind requireStaff() (see app.ts), before adminRoutes().
import { type Context, Hono } from "hono";
import {
  deskInfo,
  handOverReservation,
  markDamageRepaired,
  previewReturn,
  returnReservation,
} from "../../src/core/rentalDesk";
import type { StaffActor } from "../../src/core/writes";
import { coreFor } from "../core";
import { currentUser } from "../http/auth";
import { readJsonObject } from "../http/body";
import type { AppEnv } from "../http/context";
import { ApiError } from "../http/errors";
import { privateFilesFor } from "../services/privateFiles";

export const DAMAGE_WRITE_REFUSED =
  "Pažeidimai įrašomi grąžinant automobilį; registre juos galima tik pažymėti sutaisytais";
export const DAMAGE_REPAIRED_ONLY = "Pažeidimą galima tik pažymėti sutaisytu";

function staffActor(c: Context<AppEnv>): StaffActor {
  const user = currentUser(c);
  return { email: user.email, role: user.role === "admin" ? "admin" : "staff" };
}

const deskDeps = (c: Context<AppEnv>) => ({ files: privateFilesFor(c.get("deps").config) });

export function rentalDeskRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/reservations/:id/desk", async (c) => {
    return c.json(await deskInfo(coreFor(c.get("deps").db), c.req.param("id")), 200);
  });

  app.post("/reservations/:id/handover", async (c) => {
    const core = coreFor(c.get("deps").db);
    const body = await readJsonObject(c);
    return c.json(await handOverReservation(core, deskDeps(c), c.req.param("id"), body, staffActor(c)), 200);
  });

  app.post("/reservations/:id/return/preview", async (c) => {
    const core = coreFor(c.get("deps").db);
    const body = await readJsonObject(c);
    return c.json(await previewReturn(core, c.req.param("id"), body, staffActor(c)), 200);
  });

  app.post("/reservations/:id/return", async (c) => {
    const core = coreFor(c.get("deps").db);
    const body = await readJsonObject(c);
    return c.json(await returnReservation(core, deskDeps(c), c.req.param("id"), body, staffActor(c)), 200);
  });

  app.put("/damages/:id", async (c) => {
    const body = await readJsonObject(c);
    if (body.status !== "repaired") {
      throw new ApiError(422, DAMAGE_REPAIRED_ONLY, { status: DAMAGE_REPAIRED_ONLY });
    }
    return c.json(await markDamageRepaired(coreFor(c.get("deps").db), c.req.param("id"), staffActor(c), body), 200);
  });

  const refuse = (c: Context<AppEnv>) => {
    c.header("Allow", "GET, PUT");
    return c.json({ message: DAMAGE_WRITE_REFUSED }, 405);
  };
  app.post("/damages", refuse);
  app.delete("/damages/:id", refuse);

  return app;
}

// Maintenance blocks (src/core/maintenance.ts): a car out of service for a period.
//   POST   /api/admin/maintenance        { carId, from, to, reason } -> 201 the block; 409 when taken
//   GET    /api/admin/maintenance?from=&to=[&carId=]  the blocks overlapping [from, to) (the timeline)
//   PUT    /api/admin/maintenance/:id    { carId?, from?, to?, reason?, version? } -> 200 the block
//   DELETE /api/admin/maintenance/:id    -> 200 { id }
// Mounted under /api/admin behind requireStaff(), before the generic resource routes.
import { type Context, Hono } from "hono";
import { createMaintenance, deleteMaintenance, listMaintenance, updateMaintenance } from "../../src/core/maintenance";
import type { StaffActor } from "../../src/core/writes";
import { coreFor } from "../core";
import { currentUser } from "../http/auth";
import { readJsonObject } from "../http/body";
import type { AppEnv } from "../http/context";

function staffActor(c: Context<AppEnv>): StaffActor {
  const user = currentUser(c);
  return { email: user.email, role: user.role === "admin" ? "admin" : "staff" };
}

export function maintenanceRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/", async (c) => {
    const query: Record<string, string> = {};
    for (const key of ["from", "to", "carId"]) {
      const value = c.req.query(key);
      if (value !== undefined) query[key] = value;
    }
    return c.json(await listMaintenance(coreFor(c.get("deps").db), query), 200);
  });

  app.post("/", async (c) => {
    const core = coreFor(c.get("deps").db);
    return c.json(await createMaintenance(core, await readJsonObject(c), staffActor(c)), 201);
  });

  app.put("/:id", async (c) => {
    const core = coreFor(c.get("deps").db);
    return c.json(await updateMaintenance(core, c.req.param("id"), await readJsonObject(c), staffActor(c)), 200);
  });

  app.delete("/:id", async (c) => {
    const core = coreFor(c.get("deps").db);
    return c.json(await deleteMaintenance(core, c.req.param("id"), staffActor(c)), 200);
  });

  return app;
}

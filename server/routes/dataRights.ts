// The customer's data rights over HTTP (src/core/dataRights.ts does the work), admins only:
//   GET  /api/admin/customers/:id/export                  everything held about the person, as a JSON file
//   GET  /api/admin/customers/:id/export?format=summary   the same as a readable Lithuanian HTML page
//   POST /api/admin/customers/:id/erase   { confirm: true } anonymises the person: 200 { counts, kept }
//   GET  /api/admin/retention/runs        the retention job's latest daily runs
// Mounted under /api/admin, behind requireStaff() (see app.ts), before adminRoutes().
import { rm } from "node:fs/promises";
import { Hono } from "hono";
import { loadSettings } from "../../src/core/catalog";
import {
  applyRetention,
  customerExportSummary,
  type ErasableFiles,
  eraseCustomer,
  exportCustomerData,
  retentionRuns,
} from "../../src/core/dataRights";
import type { CoreContext } from "../../src/core/ports";
import { coreFor } from "../core";
import { currentUser, requireStaff } from "../http/auth";
import { readJsonObject } from "../http/body";
import type { AppEnv } from "../http/context";
import { ApiError } from "../http/errors";
import { privateFileLocation, privateFilesFor } from "../services/privateFiles";

export const ERASE_CONFIRM_MESSAGE = "Patvirtinkite ištrynimą (confirm: true)";

/** The private files of DATA_DIR/private, with removal. */
export function erasableFilesFor(config: { dataDir: string }): ErasableFiles {
  const files = privateFilesFor(config);
  return {
    put: (path, bytes, contentType) => files.put(path, bytes, contentType),
    get: (path) => files.get(path),
    async remove(path) {
      const target = privateFileLocation(config.dataDir, path);
      if (!target) return false;
      if (!(await files.get(path))) return false;
      await rm(target, { force: true });
      return true;
    },
  };
}

/** The retention job of the local server (server/jobs.ts). */
export function runRetention(core: CoreContext, config: { dataDir: string }) {
  return applyRetention(core, { files: erasableFilesFor(config) });
}

/** A file name for the export: the customer's id only (no personal data in names that end up in logs). */
const exportName = (id: string, ext: string): string => `asmens-duomenys-${id.replace(/[^A-Za-z0-9-]/g, "")}.${ext}`;

export function dataRightsRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use("/customers/:id/export", requireStaff("admin"));
  app.use("/customers/:id/erase", requireStaff("admin"));
  app.use("/retention/*", requireStaff("admin"));

  app.get("/customers/:id/export", async (c) => {
    const { db, config } = c.get("deps");
    const core = coreFor(db);
    const id = c.req.param("id");
    const data = await exportCustomerData(core, { files: privateFilesFor(config) }, id, currentUser(c).email);
    if (c.req.query("format") === "summary") {
      const settings = await loadSettings(core.store);
      c.header("Content-Disposition", `inline; filename="${exportName(id, "html")}"`);
      return c.html(customerExportSummary(data, settings.company.name), 200);
    }
    c.header("Content-Disposition", `attachment; filename="${exportName(id, "json")}"`);
    return c.json(data, 200);
  });

  app.post("/customers/:id/erase", async (c) => {
    const { db, config } = c.get("deps");
    const body = await readJsonObject(c);
    if (body.confirm !== true) throw new ApiError(422, ERASE_CONFIRM_MESSAGE, { confirm: ERASE_CONFIRM_MESSAGE });
    const report = await eraseCustomer(
      coreFor(db),
      { files: erasableFilesFor(config) },
      c.req.param("id"),
      currentUser(c).email,
    );
    return c.json(report, 200);
  });

  app.get("/retention/runs", async (c) => c.json(await retentionRuns(coreFor(c.get("deps").db)), 200));

  return app;
}

// The customer's data rights over HTTP (src/core/dataRights.ts does the work), admins only:
//   GET  /api/admin/retention/runs        the retention job's latest daily runs
// The export and the erasure are the registry's (src/core/actions/dataRights.ts).
// Mounted under /api/admin, behind requireStaff() (see app.ts), before adminRoutes().
import { Hono } from "hono";
import { applyRetention, type ErasableFiles, retentionRuns } from "../../src/core/dataRights";
import type { CoreContext } from "../../src/core/ports";
import { coreFor } from "../core";
import type { Db } from "../db/types";
import type { StorageSettings } from "../files/index";
import { requireStaff } from "../http/auth";
import type { AppEnv } from "../http/context";
import { privateFilesFor } from "../services/privateFiles";

export { ERASE_CONFIRM_MESSAGE } from "../../src/core/actions/dataRights";

/** The private files (disk or S3, with their records), with removal. */
export function erasableFilesFor(config: StorageSettings, db?: Db): ErasableFiles {
  const files = privateFilesFor(config, db);
  return {
    put: (path, bytes, contentType) => files.put(path, bytes, contentType),
    get: (path) => files.get(path),
    remove: (path) => files.remove(path),
  };
}

/** The retention job of the local server (server/jobs.ts). */
export function runRetention(core: CoreContext, config: StorageSettings) {
  return applyRetention(core, { files: erasableFilesFor(config) });
}

export function dataRightsRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use("/retention/*", requireStaff("admin"));
  app.get("/retention/runs", async (c) => c.json(await retentionRuns(coreFor(c.get("deps").db)), 200));

  return app;
}

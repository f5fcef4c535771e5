// The desk's private files for signed-in staff (mounted behind requireStaff()):
//   GET /api/admin/private/{desk|documents}/<name>  -> the private file (photo, signature, signed PDF)
// The documents' PDFs (GET /api/admin/reservations/:id/documents/<kind>.pdf) are the registry's
// downloadDeskDocument (src/core/actions/desk.ts).
import { Hono } from "hono";
import type { AppEnv } from "../http/context";
import { dispositionHeader } from "../http/disposition";
import { ApiError } from "../http/errors";
import { privateContentType, privateFilesFor } from "../services/privateFiles";

const FILE_NOT_FOUND_MESSAGE = "Failas nerastas";

/** GET /* under /api/admin/private: the desk's private files, to staff only. */
export function privateFileRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/*", async (c) => {
    const { config, db } = c.get("deps");
    let relative: string;
    try {
      relative = decodeURIComponent(new URL(c.req.url).pathname.replace(/^\/api\/admin\/private\//, ""));
    } catch {
      throw new ApiError(404, FILE_NOT_FOUND_MESSAGE);
    }
    const contentType = privateContentType(relative);
    if (!contentType) throw new ApiError(404, FILE_NOT_FOUND_MESSAGE);
    const bytes = await privateFilesFor(config, db).get(relative);
    if (!bytes) throw new ApiError(404, FILE_NOT_FOUND_MESSAGE);
    c.header("Content-Type", contentType);
    c.header("Content-Length", String(bytes.length));
    // Written once, never changed: the browser may keep it, but only for this person.
    c.header("Cache-Control", "private, max-age=86400, immutable");
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:");
    c.header("Cross-Origin-Resource-Policy", "same-origin");
    if (contentType === "application/pdf") {
      c.header("Content-Disposition", dispositionHeader(relative.split("/").pop() ?? "dokumentas.pdf", true));
    }
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200);
  });
  return app;
}

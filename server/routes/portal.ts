// "Mano rezervacija" for the local server, mounted at /api/portal. The token never travels in an
// API address (so no log or referrer ever sees it): the page sends it in the X-Portal-Token
// header. Every check of the token is in the core (src/core/customerPortal.ts).
//   GET  /reservation            the customer's page data
//   POST /quote                  live quote of a change          { pickupAt, returnAt, pickupLocationId, returnLocationId, extras }
//   POST /change                 apply (or request) the change   (the same body)
//   POST /cancel                 cancel                          { confirm: true }
//   POST /driver                 driver details                  { driver, additionalDriver }
//   POST /pay                    "Sumokėti likutį": the provider's checkout for what is due  {}
//   GET  /calendar.ics           the reservation as iCalendar
//   GET  /documents/:kind.pdf    a signed document (agreement, handover, return)
//   GET  /invoices/:id.pdf       one of the reservation's own invoices
//   POST /link-request           a fresh link to the booking's e-mail  { number, email } (no token)
// The staff's POST /api/admin/actions/reservations/:id/portal-link is the registry's resendPortalLink.
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import {
  applyPortalChange,
  cancelByCustomer,
  openPortal,
  PORTAL_LINK_RATE_LIMIT,
  payPortalBalance,
  portalCalendar,
  portalDocumentPath,
  portalInvoicePdf,
  quotePortalChange,
  requestPortalLink,
  saveDriverDetails,
} from "../../src/core/customerPortal";
import { portalPaymentUrls } from "../../src/payments/portalCheckout";
import { coreFor } from "../core";
import { parseJsonText, readMeasuredText } from "../http/body";
import { clientKey } from "../http/clientIp";
import type { AppEnv } from "../http/context";
import { dispositionHeader } from "../http/disposition";
import { ApiError } from "../http/errors";
import { siteOrigin } from "../payments/siteCheckout";
import { privateFilesFor } from "../services/privateFiles";

export const PORTAL_TOKEN_HEADER = "x-portal-token";
const MAX_BODY_BYTES = 16 * 1024;

const readJson = async (c: Context): Promise<unknown> =>
  parseJsonText(await readMeasuredText(c), "Užklausos turinys nėra tinkamas JSON");

export function portalRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const core = (c: Context<AppEnv>) => coreFor(c.get("deps").db);
  const token = (c: Context<AppEnv>) => c.req.header(PORTAL_TOKEN_HEADER) ?? "";
  const client = (c: Context<AppEnv>) => clientKey(c as unknown as Context, c.get("deps").config.trustProxy);
  const gateway = (c: Context<AppEnv>) => c.get("deps").payments.gateway;
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: "Užklausos turinys per didelis" }, 413),
  });

  app.use("*", async (c, next) => {
    await next();
    c.header("Referrer-Policy", "no-referrer");
    c.header("X-Robots-Tag", "noindex, nofollow");
    c.header("Cache-Control", "no-store");
  });

  app.get("/reservation", async (c) => c.json(await openPortal(core(c), token(c), { gateway: gateway(c) })));

  app.post("/pay", limitBody, async (c) => {
    const urls = portalPaymentUrls(siteOrigin(c, c.get("deps").config));
    return c.json(await payPortalBalance(core(c), gateway(c), token(c), urls));
  });

  app.post("/quote", limitBody, async (c) =>
    c.json(await quotePortalChange(core(c), token(c), await readJson(c), { clientKey: client(c) })),
  );

  app.post("/change", limitBody, async (c) =>
    c.json(await applyPortalChange(core(c), token(c), await readJson(c), { clientKey: client(c) })),
  );

  app.post("/cancel", limitBody, async (c) => c.json(await cancelByCustomer(core(c), token(c), await readJson(c))));

  app.post("/driver", limitBody, async (c) => c.json(await saveDriverDetails(core(c), token(c), await readJson(c))));

  app.get("/calendar.ics", async (c) => {
    const file = await portalCalendar(core(c), token(c));
    c.header("Content-Type", file.contentType);
    c.header("Content-Disposition", dispositionHeader(file.fileName));
    return c.body(file.body, 200);
  });

  app.get("/documents/:file", async (c) => {
    const kind = /^([a-z]+)\.pdf$/.exec(c.req.param("file"))?.[1] ?? "";
    const found = await portalDocumentPath(core(c), token(c), kind);
    const bytes = await privateFilesFor(c.get("deps").config, c.get("deps").db).get(found.path);
    if (!bytes) throw new ApiError(404, "Dokumento failas nerastas");
    c.header("Content-Type", "application/pdf");
    c.header("Content-Disposition", dispositionHeader(found.fileName));
    c.header("Content-Length", String(bytes.length));
    c.header("X-Content-Type-Options", "nosniff");
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200);
  });

  app.get("/invoices/:file", async (c) => {
    const id = /^(.+)\.pdf$/.exec(c.req.param("file"))?.[1] ?? "";
    const file = await portalInvoicePdf(
      core(c),
      { files: privateFilesFor(c.get("deps").config, c.get("deps").db) },
      token(c),
      id,
    );
    c.header("Content-Type", "application/pdf");
    c.header("Content-Disposition", dispositionHeader(file.fileName));
    c.header("Content-Length", String(file.bytes.length));
    c.header("X-Content-Type-Options", "nosniff");
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200);
  });

  app.post("/link-request", limitBody, async (c) =>
    c.json(
      await requestPortalLink(core(c), await readJson(c), {
        clientKey: client(c),
        limit: PORTAL_LINK_RATE_LIMIT,
      }),
    ),
  );

  return app;
}

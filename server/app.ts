// The HTTP application: security headers, cross-site protection, body limits, the API routes,
// uploaded files, the runtime config and the built app. createApp has no side effects, so tests
// and tools can build it around any database.
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from "../src/domain/imageUpload";
import { PORTAL_PATH } from "../src/domain/portalToken";
import { backupRoutes } from "./backup/route";
import type { Config } from "./config";
import { coreHttpError } from "./core";
import { isPgError } from "./db/index";
import { StoredFileError } from "./files/index";
import { requireStaff } from "./http/auth";
import { isJsonContentType, JSON_CONTENT_TYPE_MESSAGE, MALFORMED_JSON_MESSAGE } from "./http/body";
import { trustsForwarded, untrustedProxyWarning } from "./http/clientIp";
import { closeAfterUnreadBody } from "./http/connection";
import type { AppDeps, AppEnv } from "./http/context";
import {
  ApiError,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_S,
  unavailableReason,
  validationError,
} from "./http/errors";
import { loggedPath, requestLog } from "./http/requestLog";
import { createServerState } from "./http/serverState";
import { log } from "./log";
import { adminRoutes, DUPLICATE_MESSAGE, NOT_FOUND_MESSAGE } from "./routes/admin";
import { richTextRoutes } from "./routes/adminActions";
import { authRoutes } from "./routes/auth";
import { clientErrorRoutes } from "./routes/clientErrors";
import { dataRightsRoutes } from "./routes/dataRights";
import { privateFileRoutes } from "./routes/documents";
import { fileAdminRoutes, filePublicRoutes } from "./routes/files";
import { healthRoutes } from "./routes/health";
import { icalPublicRoutes } from "./routes/ical";
import { invoiceRoutes } from "./routes/invoices";
import { metricsRoutes } from "./routes/metrics";
import { PAYSERA_CALLBACK_PATH, paymentAdminRoutes, paymentPublicRoutes } from "./routes/payments";
import { portalRoutes } from "./routes/portal";
import { rentalDeskRoutes } from "./routes/rentalDesk";
import { runtimeConfigRoutes } from "./routes/runtimeConfig";
import { siteRoutes } from "./routes/site";
import { staffActionRoutes } from "./routes/staffActions";
import { staticRoutes } from "./routes/static";

export type { AppDeps, AppEnv } from "./http/context";

export const SERVER_ERROR_MESSAGE = "Serverio klaida";
export const CROSS_SITE_MESSAGE = "Užklausa iš kitos svetainės atmesta";
export const BODY_TOO_LARGE_MESSAGE = "Užklausos turinys per didelis";

const KB = 1024;
const MB = 1024 * KB;

/** The IP-to-country service the phone input asks (SPEC section 7). */
const IP_COUNTRY_ORIGIN = "https://ip2c.org";

/** CSP sources the Firebase adapter needs, added only when a Firebase config is present. */
function firebaseSources(config: Config): { connect: string[]; img: string[]; script: string[]; frame: string[] } {
  const firebase = config.firebase;
  if (!firebase) return { connect: [], img: [], script: [], frame: [] };
  const connect = [
    "https://*.googleapis.com",
    "https://*.firebaseio.com",
    "wss://*.firebaseio.com",
    "https://*.firebasedatabase.app",
    "wss://*.firebasedatabase.app",
    "https://*.cloudfunctions.net",
    "https://*.run.app",
    `https://${firebase.authDomain}`,
  ];
  const img = ["https://firebasestorage.googleapis.com", "https://storage.googleapis.com"];
  const script = ["https://apis.google.com"];
  if (firebase.measurementId) {
    connect.push("https://*.google-analytics.com", "https://*.analytics.google.com");
    script.push("https://www.googletagmanager.com");
  }
  if (firebase.emulators) {
    connect.push("http://localhost:*", "http://127.0.0.1:*", "ws://localhost:*", "ws://127.0.0.1:*");
    img.push("http://localhost:*", "http://127.0.0.1:*");
  }
  return { connect, img, script, frame: [`https://${firebase.authDomain}`] };
}

function securityHeaders(config: Config) {
  const firebase = firebaseSources(config);
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // The public pages' prefetch rules (scripts/prerender.ts) are inline JSON, never code.
      scriptSrc: ["'self'", "'inline-speculation-rules'", ...firebase.script],
      // MUI / emotion insert <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", ...firebase.img],
      fontSrc: ["'self'", "data:"],
      // The local site asks our server for the phone field's country (/api/site/country); the
      // Firebase site's browser asks the IP-to-country service itself.
      connectSrc: ["'self'", ...(config.firebase ? [IP_COUNTRY_ORIGIN] : []), ...firebase.connect],
      frameSrc: firebase.frame.length > 0 ? firebase.frame : ["'none'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    // Firebase sign-in with a pop-up needs to talk back to its opener.
    crossOriginOpenerPolicy: config.firebase ? "same-origin-allow-popups" : true,
    referrerPolicy: "strict-origin-when-cross-origin",
    xContentTypeOptions: "nosniff",
    xFrameOptions: "DENY",
    // Routes that set their own header (e.g. /files' strict CSP) keep it.
    overwrite: false,
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** "Example.com:443" from "https://example.com" or a Host header; default ports dropped. */
function normaliseHost(host: string, protocol?: string): string {
  const lower = host.trim().toLowerCase();
  if ((protocol === "https:" || protocol === undefined) && lower.endsWith(":443")) return lower.slice(0, -4);
  if ((protocol === "http:" || protocol === undefined) && lower.endsWith(":80")) return lower.slice(0, -3);
  return lower;
}

/** The origin a URL or an Origin header names, default ports dropped: "https://example.com". */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return `${url.protocol}//${normaliseHost(url.host, url.protocol)}`;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing requests a browser sent from another site. Same site is what the browser
 * itself says (Sec-Fetch-Site: same-origin, which no page can forge), or an Origin equal to
 * PUBLIC_URL's origin, the Host header, or a trusted proxy's X-Forwarded-Host. Behind a proxy that
 * rewrites Host (nginx's default), a browser without Sec-Fetch-Site needs PUBLIC_URL: the first
 * such refusal says so in the log.
 */
function crossSiteGuard(config: Config) {
  const publicOrigin = config.publicUrl ? originOf(config.publicUrl) : null;
  let warnedProxyOrigin = false;
  return async (c: Context<AppEnv>, next: () => Promise<void>) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const refuse = () => c.json({ message: CROSS_SITE_MESSAGE }, 403);
    const fetchSite = c.req.header("sec-fetch-site")?.toLowerCase();
    if (fetchSite === "cross-site") return refuse();
    const origin = c.req.header("origin");
    if (origin === undefined || fetchSite === "same-origin") return next();
    // "null" (sandboxed frames, file://) and garbage alike.
    const requestOrigin = originOf(origin);
    if (requestOrigin === null) return refuse();
    if (requestOrigin === publicOrigin) return next();
    const originHost = requestOrigin.slice(requestOrigin.indexOf("//") + 2);
    const allowed = new Set<string>();
    const host = c.req.header("host");
    if (host) allowed.add(normaliseHost(host));
    const forwardedHost = trustsForwarded(c, config.trustProxy)
      ? c.req.header("x-forwarded-host")?.split(",")[0]
      : undefined;
    if (forwardedHost) allowed.add(normaliseHost(forwardedHost));
    if (allowed.has(originHost)) return next();
    const proxied = c.req.header("x-forwarded-for") !== undefined || c.req.header("x-forwarded-host") !== undefined;
    if (proxied && !publicOrigin && !warnedProxyOrigin) {
      warnedProxyOrigin = true;
      log.warn(
        `Užklausa iš ${requestOrigin} atmesta kaip iš kitos svetainės: ji atėjo per tarpinį serverį, kuris pakeitė Host antraštę (${host ?? "nėra"}). Nurodykite svetainės adresą PUBLIC_URL=${requestOrigin} (arba perduokite Host: proxy_set_header Host $host).`,
      );
    }
    return refuse();
  };
}

/**
 * API writes carry JSON (uploads excepted): a wrong content type is refused before any route
 * reads the body. It also keeps plain HTML forms from other sites out, as they cannot send JSON.
 */
function jsonBodiesOnly() {
  return async (c: Context<AppEnv>, next: () => Promise<void>) => {
    // Paysera posts its callback as a form (its signature is what is checked there).
    if (SAFE_METHODS.has(c.req.method) || c.req.path === "/api/admin/files" || c.req.path === PAYSERA_CALLBACK_PATH) {
      return next();
    }
    const length = c.req.header("content-length");
    const hasBody = (length !== undefined && length.trim() !== "0") || c.req.header("transfer-encoding") !== undefined;
    if (hasBody && !isJsonContentType(c.req.header("content-type"))) {
      return c.json({ message: JSON_CONTENT_TYPE_MESSAGE }, 415);
    }
    return next();
  };
}

/** Per-path body limits: uploads 10 MB, settings-sized admin documents 3 MB, the rest 1 MB. */
function bodyLimits() {
  const tooLarge = (message: string) => (c: Context) => c.json({ message }, 413);
  // The largest image plus room for the multipart envelope.
  const files = bodyLimit({ maxSize: MAX_UPLOAD_BYTES + 256 * KB, onError: tooLarge(FILE_TOO_LARGE_MESSAGE) });
  const admin = bodyLimit({ maxSize: 3 * MB, onError: tooLarge(BODY_TOO_LARGE_MESSAGE) });
  const clientErrors = bodyLimit({ maxSize: 64 * KB, onError: tooLarge(BODY_TOO_LARGE_MESSAGE) });
  const other = bodyLimit({ maxSize: 1 * MB, onError: tooLarge(BODY_TOO_LARGE_MESSAGE) });
  return async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const p = c.req.path;
    const limit =
      p === "/api/admin/files"
        ? files
        : p.startsWith("/api/admin/")
          ? admin
          : p === "/api/client-errors"
            ? clientErrors
            : other;
    // The limits are typed for the blank env; the context is the same object.
    return limit(c as unknown as Context, next);
  };
}

const LINKED_RECORD_MESSAGE =
  "Įrašas susietas su kitais įrašais (pvz., rezervacijomis), todėl šio veiksmo atlikti negalima";

const PG_MESSAGES: Record<string, { status: ContentfulStatusCode; message: string }> = {
  "23505": { status: 409, message: DUPLICATE_MESSAGE },
  "23503": { status: 409, message: LINKED_RECORD_MESSAGE },
  "23001": { status: 409, message: LINKED_RECORD_MESSAGE },
  "23P01": { status: 409, message: "Automobilis šiuo laikotarpiu jau užimtas" },
  "23514": { status: 422, message: "Reikšmė neatitinka taisyklių" },
  "23502": { status: 422, message: "Trūksta privalomos reikšmės" },
  "22P02": { status: 400, message: "Neteisinga reikšmė" },
  "22007": { status: 400, message: "Neteisinga data" },
  "22008": { status: 400, message: "Neteisinga data" },
  "22003": { status: 400, message: "Skaičius per didelis" },
  "22001": { status: 400, message: "Reikšmė per ilga" },
  // a NUL or an invalid byte in text (a query parameter; JSON bodies are refused earlier)
  "22P05": { status: 400, message: "Užklausoje yra neleistinas simbolis" },
  "22021": { status: 400, message: "Užklausoje yra neleistinas simbolis" },
  "40001": { status: 503, message: "Serveris užimtas. Bandykite dar kartą." },
  "40P01": { status: 503, message: "Serveris užimtas. Bandykite dar kartą." },
  "55P03": { status: 503, message: "Serveris užimtas. Bandykite dar kartą." },
  "57014": { status: 503, message: "Serveris užimtas. Bandykite dar kartą." },
};

const HTTP_MESSAGES: Partial<Record<number, string>> = {
  400: "Neteisinga užklausa",
  401: "Neprisijungta",
  403: "Neturite teisių šiam veiksmui",
  404: NOT_FOUND_MESSAGE,
  405: "Šis veiksmas neleidžiamas",
  413: BODY_TOO_LARGE_MESSAGE,
  415: "Nepalaikomas užklausos turinio tipas",
  429: "Per daug užklausų. Bandykite vėliau.",
};

/** Every error as { message, errors? } in Lithuanian; only a real bug becomes a 500. */
export function errorResponse(error: unknown, c: Context): Response {
  if (error instanceof ApiError) return c.json(error.toJSON(), error.status);
  const refused = coreHttpError(error);
  if (refused) return c.json(refused.toJSON(), refused.status);
  if (error instanceof ZodError) return c.json(validationError(error).toJSON(), 422);
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return c.json(
      { message: HTTP_MESSAGES[status] ?? (status >= 500 ? SERVER_ERROR_MESSAGE : "Neteisinga užklausa") },
      status,
    );
  }
  // A stored file whose bytes are gone or differ from its record (already logged as an error):
  // the caller learns what is wrong, never gets the bytes.
  if (error instanceof StoredFileError) {
    c.header("Cache-Control", "no-store");
    return c.json({ message: error.message }, 500);
  }
  if (error instanceof SyntaxError && /JSON/i.test(error.message))
    return c.json({ message: MALFORMED_JSON_MESSAGE }, 400);
  // A value out of any range the code handles (a date of year 300 000, a stack overflow on a
  // forged shape): the request is wrong, not the server.
  if (error instanceof RangeError) {
    log.warn(`Atmesta užklausa su neapdorojama reikšme: ${c.req.method} ${loggedPath(c.req.path)} (${error.message})`);
    return c.json({ message: "Neteisinga užklausos reikšmė" }, 400);
  }
  if (error instanceof Error && error.name === "QuoteError") return c.json({ message: error.message }, 422);
  if (error instanceof Error && error.name === "ReservationTransitionError") {
    return c.json({ message: error.message, errors: { status: error.message } }, 422);
  }
  // A lost database or a full disk: nothing the caller did, so "try again in a minute", not a 500.
  const unavailable = unavailableReason(error);
  if (unavailable) {
    log.error(
      unavailable === "disk"
        ? `Diske nebėra vietos: ${c.req.method} ${loggedPath(c.req.path)} atsakyta 503`
        : `Duomenų bazė nepasiekiama: ${c.req.method} ${loggedPath(c.req.path)} atsakyta 503`,
      error,
    );
    c.header("Retry-After", String(UNAVAILABLE_RETRY_AFTER_S));
    if (!c.req.path.startsWith("/api/") && c.req.header("accept")?.includes("text/html")) {
      return c.html(UNAVAILABLE_HTML, 503);
    }
    return c.json({ message: UNAVAILABLE_MESSAGE }, 503);
  }
  if (isPgError(error)) {
    const known = PG_MESSAGES[error.code];
    if (known) {
      if (known.status === 503) c.header("Retry-After", "1");
      if (error.code === "23514" && error.constraint === "reservations_period_check") {
        const message = "Grąžinimo laikas turi būti vėlesnis nei paėmimo";
        return c.json({ message, errors: { returnAt: message } }, 422);
      }
      return c.json({ message: known.message }, known.status);
    }
  }
  // The customer's page carries its secret token in the address: never in the log.
  log.error(`Netikėta serverio klaida apdorojant ${c.req.method} ${loggedPath(c.req.path)}`, error);
  // A page request (a browser's navigation) reads a page, not JSON; never the error's own text.
  if (!c.req.path.startsWith("/api/") && c.req.header("accept")?.includes("text/html"))
    return c.html(SERVER_ERROR_HTML, 500);
  return c.json({ message: SERVER_ERROR_MESSAGE }, 500);
}

/** The server's own 500 page: no scripts, no styles to load, Lithuanian with the spec's status text. */
export const SERVER_ERROR_HTML = `<!doctype html>
<html lang="lt"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Įvyko klaida</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;text-align:center;color:#111a2e">
<p style="font-size:4rem;font-weight:800;margin:0;color:#c2410c">500</p>
<h1>Įvyko klaida</h1>
<p><code>Internal Server Error</code></p>
<p>Puslapio parodyti nepavyko dėl klaidos mūsų sistemoje.</p>
<p>Atsiprašome už nepatogumus. Bandykite dar kartą po akimirkos.</p>
<p><a href="/">Į pradžią</a></p>
</body></html>`;

/** The page a browser's navigation gets while the database or the disk is out (503). */
export const UNAVAILABLE_HTML = `<!doctype html>
<html lang="lt"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paslauga laikinai nepasiekiama</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;text-align:center;color:#111a2e">
<p style="font-size:4rem;font-weight:800;margin:0;color:#c2410c">503</p>
<h1>Paslauga laikinai nepasiekiama</h1>
<p>${UNAVAILABLE_MESSAGE}.</p>
<p><a href="/">Į pradžią</a></p>
</body></html>`;

export function createApp(given: AppDeps): Hono<AppEnv> {
  const deps: AppDeps = { ...given, state: given.state ?? createServerState() };
  const app = new Hono<AppEnv>();

  // First: the request's id and its access-log line cover everything below, errors included.
  app.use("*", requestLog({ accessLog: deps.config.accessLog, state: deps.state as NonNullable<AppDeps["state"]> }));
  app.use("*", closeAfterUnreadBody());
  app.use("*", untrustedProxyWarning(deps.config.trustProxy));
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  // The customer's page: its address holds the token, so no referrer leaves it and no index keeps it.
  app.use(`${PORTAL_PATH}/*`, async (c, next) => {
    await next();
    c.header("Referrer-Policy", "no-referrer");
    c.header("X-Robots-Tag", "noindex, nofollow");
    c.header("Cache-Control", "no-store");
  });
  app.use("*", securityHeaders(deps.config));
  app.use("*", crossSiteGuard(deps.config));
  app.use("/api/*", bodyLimits());
  app.use("/api/*", jsonBodiesOnly());
  app.use("/api/*", async (c, next) => {
    // API answers are personal or live; a route that may be cached says so itself.
    c.header("Cache-Control", "no-store");
    await next();
  });

  app.route("/api/health", healthRoutes());
  app.route("/api/metrics", metricsRoutes());
  app.route("/api/auth", authRoutes());
  app.route("/api/site", siteRoutes({ db: deps.db, config: deps.config, payments: deps.payments }));
  app.route("/api/client-errors", clientErrorRoutes());
  // "Mano rezervacija": the customer's page by a signed link (token in a header, never in the address).
  app.route("/api/portal", portalRoutes());
  // Calendar feeds: public secret addresses, no session (outside the /api/admin guard).
  app.route("/api/ical", icalPublicRoutes());
  // Payment providers' signed callbacks and the site's payment status (server/routes/payments.ts).
  app.route("/api/payments", paymentPublicRoutes(deps.payments));
  // Backups (server/backup/route.ts): an administrator's session or the secret in DATA_DIR.
  app.route("/", backupRoutes());

  // Everything under /api/admin needs a session; roles are checked per resource.
  app.use("/api/admin", requireStaff());
  app.use("/api/admin/*", requireStaff());
  app.route("/api/admin/files", fileAdminRoutes());
  app.route("/api/admin/private", privateFileRoutes());
  // Every staff action of the registry (src/core/actions): replies, prices, desk, invoices, reports, ...
  app.route("/api/admin", staffActionRoutes());
  // What never changes once written (invoices, the damage register, the payments ledger): 405.
  app.route("/api/admin", invoiceRoutes());
  app.route("/api/admin", rentalDeskRoutes());
  app.route("/api/admin", paymentAdminRoutes());
  // The retention runs, admins only.
  app.route("/api/admin", dataRightsRoutes());
  app.route("/api/admin", richTextRoutes());
  app.route("/api/admin", adminRoutes());

  app.all("/api/*", (c) => c.json({ message: NOT_FOUND_MESSAGE }, 404));
  app.route("/files", filePublicRoutes());
  app.route("/", runtimeConfigRoutes());
  app.route("/", staticRoutes());

  app.notFound((c) => c.json({ message: NOT_FOUND_MESSAGE }, 404));
  app.onError((error, c) => errorResponse(error, c));
  return app;
}

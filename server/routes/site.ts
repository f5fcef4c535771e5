// The public site API, mounted at /api/site. No login; reads only published data, quotes a
// reservation being filled in, and accepts reservations and inquiries, which the application core
// (src/core) validates, prices and stores.
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { loadSettings } from "../../src/core/catalog";
import { submitInquiry } from "../../src/core/inquiries";
import {
  getPublicCar,
  getPublicNews,
  listPublicCars,
  listPublicNews,
  listPublicOffers,
  loadPublicSettings,
} from "../../src/core/publicCatalog";
import { quoteWebReservation, submitWebReservation } from "../../src/core/reservations";
import { searchCars } from "../../src/core/search";
import { backupSettingsOf } from "../../src/domain/backupSchedule";
import { type CarFilter, parseCarFilter } from "../../src/domain/carFilter";
import { InputError } from "../../src/domain/input";
import { backupRetentionOf, type PrivacyProcessors, storageHostOf } from "../../src/domain/privacyPolicy";
import type { Payments } from "../../src/payments/gateway";
import type { Config } from "../config";
import { coreFor } from "../core";
import type { Db } from "../db/types";
import { parseJsonText, readMeasuredText } from "../http/body";
import { clientIp, clientKey } from "../http/clientIp";
import { ApiError } from "../http/errors";
import { createSiteCache } from "../http/siteCache";
import { createSiteStoreCache } from "../http/siteStoreCache";
import { checkoutFor, onlinePaymentOption, siteOrigin } from "../payments/siteCheckout";
import { subscribe } from "../services/events";
import { createIpCountryLookup, type IpCountryLookup } from "../services/ipCountry";

export interface SiteRoutesDeps {
  db: Db;
  config: Pick<Config, "trustProxy" | "siteRateLimits"> &
    Partial<Pick<Config, "publicUrl" | "smtpUrl" | "fileStorage" | "backupS3" | "backupCopyDir">>;
  payments: Payments;
  /** the phone field's IP-to-country lookup (default: ip2c.org, asked by this server) */
  ipCountry?: IpCountryLookup;
}

/** Who processes personal data in this server's configuration: the privacy page's recipients. */
export function privacyProcessorsOf(config: SiteRoutesDeps["config"], payments: Payments): PrivacyProcessors {
  let mailHost: string | null = null;
  if (config.smtpUrl) {
    try {
      mailHost = new URL(config.smtpUrl).hostname;
    } catch {
      mailHost = null;
    }
  }
  const provider = payments.config.provider;
  return {
    backend: "server",
    mailHost,
    payment: provider === "pickup" ? null : provider,
    fileStorageHost: config.fileStorage?.kind === "s3" ? storageHostOf(config.fileStorage.endpoint) : null,
    backupStorageHost: config.backupS3 ? storageHostOf(config.backupS3.endpoint) : null,
    ipLookup: "server",
  };
}

/** Largest JSON body the public forms send (a reservation is about 1 kB). */
const MAX_BODY_BYTES = 64 * 1024;

/** The body as JSON; a `__proto__` or `constructor` key anywhere is a 422 field error (parseJsonText). */
async function readJson(c: Context): Promise<unknown> {
  return parseJsonText(await readMeasuredText(c), "Užklausos turinys nėra tinkamas JSON");
}

/** The catalogue filters of a query; an unknown value is a 400 with the field named. */
function carFilter(query: Record<string, string>): CarFilter {
  try {
    return parseCarFilter(query);
  } catch (error) {
    if (error instanceof InputError) throw new ApiError(400, error.message, error.errors ?? {});
    throw error;
  }
}

/**
 * The public API. Mounted by the app: `app.route("/api/site", siteRoutes({ db, config }))`.
 * Errors answer `{ message, errors? }` in Lithuanian.
 */
export function siteRoutes(deps: SiteRoutesDeps): Hono {
  const { db } = deps;
  const limits = deps.config.siteRateLimits;
  const core = coreFor(db);
  // Reads of the catalogue, search and quote from this server's memory, kept fresh by the change
  // events; the finished catalogue answers with ETags (server/http/siteCache.ts). Bookings and
  // inquiries write through `core`, straight to the database.
  const memory = { ...core, store: createSiteStoreCache(core.store, { subscribe }).store };
  const answers = createSiteCache({ subscribe });
  const app = new Hono();
  const client = (c: Context) => clientKey(c, deps.config.trustProxy);

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: "Užklausos turinys per didelis" }, 413),
  });

  app.get("/cars", async (c) => {
    const filter = carFilter(c.req.query());
    // Keyed by the parsed filter: any other query text maps to the same answer.
    return answers.json(c, `cars?${JSON.stringify(filter)}`, () => listPublicCars(memory.store, filter));
  });

  app.get("/cars/:slug", async (c) => {
    const slug = c.req.param("slug");
    return answers.json(c, `car:${slug}`, async () => {
      const car = await getPublicCar(memory.store, slug);
      if (!car) throw new ApiError(404, "Automobilis nerastas");
      return car;
    });
  });

  app.get("/search", async (c) => {
    const query = c.req.query();
    carFilter(query);
    return c.json(await searchCars(memory, query));
  });

  app.get("/offers", async (c) => answers.json(c, "offers", () => listPublicOffers(memory.store)));

  app.get("/news", async (c) => c.json(await listPublicNews(core.store)));

  app.get("/news/:slug", async (c) => {
    const item = await getPublicNews(core.store, c.req.param("slug"));
    if (!item) throw new ApiError(404, "Naujiena nerasta");
    return c.json(item);
  });

  // The settings with the privacy page's facts of this configuration (recipients, backups' second place).
  const processors = privacyProcessorsOf(deps.config, deps.payments);
  app.get("/settings", async (c) =>
    answers.json(c, "settings", async () => {
      const settings = await loadPublicSettings(memory.store);
      const backups = settings.backupRetention;
      return {
        ...settings,
        processors,
        ...(backups && backups.copyKeep === null && deps.config.backupCopyDir
          ? { backupRetention: backupRetentionOf(backupSettingsOf(await loadSettings(memory.store)), true) }
          : {}),
      };
    }),
  );

  // The phone field's country, asked of ip2c.org by this server: the visitor's browser reaches no third party.
  const ipCountry = deps.ipCountry ?? createIpCountryLookup();
  app.get("/country", async (c) => {
    const country = await ipCountry.country(clientIp(c, deps.config.trustProxy));
    return c.json({ country }, 200, { "Cache-Control": "private, no-store" });
  });

  app.post("/reservations", limitBody, async (c) => {
    const body = await readJson(c);
    // Online pre-payment (src/payments): the reservation waits for it and the visitor goes to the provider.
    const { payments } = deps;
    const created = await submitWebReservation(core, body, {
      rateLimit: { clientKey: client(c), limit: limits.reservations },
      ...onlinePaymentOption(payments),
    });
    const payment = await checkoutFor(core, payments, created, body, siteOrigin(c, deps.config));
    return c.json({ id: created.id, number: created.number, quote: created.quote, payment }, 201);
  });

  app.post("/quote", limitBody, async (c) =>
    c.json(
      await quoteWebReservation(memory, await readJson(c), {
        rateLimit: { clientKey: client(c), limit: limits.quotes },
        // The payment announced before the order button is the one the submit will take.
        ...onlinePaymentOption(deps.payments),
      }),
    ),
  );

  app.post("/requests", limitBody, async (c) =>
    c.json(await submitInquiry(core, await readJson(c), { clientKey: client(c), limit: limits.requests }), 201),
  );

  return app;
}

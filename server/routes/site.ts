// The public site API, mounted at /api/site. No login; reads only published data, quotes a
// reservation being filled in, and accepts reservations and inquiries, which the application core
// (src/core) validates, prices and stores.
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
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
import { type CarFilter, parseCarFilter } from "../../src/domain/carFilter";
import { InputError } from "../../src/domain/input";
import type { Config } from "../config";
import { coreFor } from "../core";
import type { Db } from "../db/types";
import { parseJsonText } from "../http/body";
import { clientKey } from "../http/clientIp";
import { ApiError } from "../http/errors";

export interface SiteRoutesDeps {
  db: Db;
  config: Pick<Config, "trustProxy" | "siteRateLimits">;
}

/** Largest JSON body the public forms send (a reservation is about 1 kB). */
const MAX_BODY_BYTES = 64 * 1024;

/** The body as JSON; a `__proto__` or `constructor` key anywhere is a 422 field error (parseJsonText). */
async function readJson(c: Context): Promise<unknown> {
  return parseJsonText(await c.req.text(), "Užklausos turinys nėra tinkamas JSON");
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
  const app = new Hono();
  const client = (c: Context) => clientKey(c, deps.config.trustProxy);

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: "Užklausos turinys per didelis" }, 413),
  });

  app.get("/cars", async (c) => c.json(await listPublicCars(core.store, carFilter(c.req.query()))));

  app.get("/cars/:slug", async (c) => {
    const car = await getPublicCar(core.store, c.req.param("slug"));
    if (!car) throw new ApiError(404, "Automobilis nerastas");
    return c.json(car);
  });

  app.get("/search", async (c) => {
    const query = c.req.query();
    carFilter(query);
    return c.json(await searchCars(core, query));
  });

  app.get("/offers", async (c) => c.json(await listPublicOffers(core.store)));

  app.get("/news", async (c) => c.json(await listPublicNews(core.store)));

  app.get("/news/:slug", async (c) => {
    const item = await getPublicNews(core.store, c.req.param("slug"));
    if (!item) throw new ApiError(404, "Naujiena nerasta");
    return c.json(item);
  });

  app.get("/settings", async (c) => c.json(await loadPublicSettings(core.store)));

  app.post("/reservations", limitBody, async (c) => {
    const created = await submitWebReservation(core, await readJson(c), {
      rateLimit: { clientKey: client(c), limit: limits.reservations },
    });
    return c.json({ id: created.id, number: created.number, quote: created.quote }, 201);
  });

  app.post("/quote", limitBody, async (c) =>
    c.json(
      await quoteWebReservation(core, await readJson(c), {
        rateLimit: { clientKey: client(c), limit: limits.quotes },
      }),
    ),
  );

  app.post("/requests", limitBody, async (c) =>
    c.json(await submitInquiry(core, await readJson(c), { clientKey: client(c), limit: limits.requests }), 201),
  );

  return app;
}

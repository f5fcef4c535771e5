// The public site API, mounted at /api/site. No login; reads only published data, quotes a
// reservation being filled in, and accepts reservations and inquiries, which the server
// validates and prices itself.
import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { SearchResult } from "../../src/backend/port";
import { compareCars, toPublicCar } from "../../src/backend/shared/catalog";
import { newRequestDoc, readRequestInput } from "../../src/domain/inquiry";
import { requestNotificationMail } from "../../src/domain/mailTemplates";
import { REQUEST_TYPE_LABELS } from "../../src/domain/reservationStatus";
import { checkSearchPeriod, pricedSearchResults, readSearchQuery, searchLocation } from "../../src/domain/search";
import type { Config } from "../config";
import type { Db } from "../db/types";
import { ApiError } from "../http/errors";
import { log } from "../log";
import { writeAudit } from "../services/audit";
import {
  getPublicCar,
  getPublicNews,
  listPublicCars,
  listPublicNews,
  listPublicOffers,
  loadActiveCars,
  loadActiveOffers,
  loadCar,
  loadLocations,
  loadPrices,
  loadPublicSettings,
  loadSettings,
  parseCarFilter,
} from "../services/catalog";
import { publish } from "../services/events";
import { enqueueMail } from "../services/mail";
import { consumeRateLimit } from "../services/rateLimit";
import {
  BLOCKING_SQL,
  invalidInput,
  quoteWebReservation,
  submitWebReservation,
  withApiErrors,
} from "../services/reservations";

export interface SiteRoutesDeps {
  db: Db;
  config: Pick<Config, "trustProxy">;
  /** inquiries accepted per client IP and window; default 10 per 10 minutes */
  requestRateLimit?: { max: number; windowSeconds: number };
}

/** Largest JSON body the public forms send (a reservation is about 1 kB). */
const MAX_BODY_BYTES = 64 * 1024;
const TOO_MANY_REQUESTS = "Per daug užklausų. Bandykite vėliau.";

async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") throw new ApiError(400, "Užklausos turinys tuščias");
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "Užklausos turinys nėra tinkamas JSON");
  }
}

/** The client's address: the socket peer, or the entry our own proxy appended when one is trusted. */
function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for");
    const last = forwarded?.split(",").pop()?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? "nežinomas";
  } catch {
    return "nežinomas";
  }
}

/** GET /search: every published car free for [from, to), priced, cheapest first. */
async function search(db: Db, query: Record<string, string>, now: Date): Promise<SearchResult[]> {
  const period = await withApiErrors(() => readSearchQuery(query));
  const filter = parseCarFilter(query);
  const settings = await loadSettings(db);
  await withApiErrors(() => checkSearchPeriod(period, settings.bookingRules, now));
  const location = period.location
    ? await withApiErrors(async () => searchLocation(await loadLocations(db, { activeOnly: true }), period.location))
    : null;

  const [cars, prices, offers, busy] = await Promise.all([
    loadActiveCars(db, filter),
    loadPrices(db),
    loadActiveOffers(db),
    db.query<{ car_id: string }>(
      `SELECT DISTINCT car_id FROM reservations
       WHERE status IN (${BLOCKING_SQL}) AND pickup_at < $2::timestamptz AND return_at > $1::timestamptz`,
      [period.from, period.to],
    ),
  ]);
  return pricedSearchResults({
    cars,
    taken: new Set(busy.rows.map((row) => row.car_id)),
    period,
    location,
    prices,
    offers,
    rules: settings.bookingRules,
    toPublic: toPublicCar,
    compare: compareCars,
  });
}

/** POST /requests: an inquiry, stored with a notification for the company. */
async function submitRequest(
  db: Db,
  body: unknown,
  ip: string,
  limit: { max: number; windowSeconds: number },
): Promise<{ id: string }> {
  const input = await withApiErrors(() => readRequestInput(body));

  const outcome = await db.transaction(async (tx) => {
    if (input.carId) {
      const car = await loadCar(tx, input.carId);
      if (car?.status !== "active") throw invalidInput({ carId: "Automobilis nerastas" });
    }
    // Only accepted inquiries count, so a visitor fixing a form is never locked out.
    if (!(await consumeRateLimit(tx, `site-request:ip:${ip}`, limit.max, limit.windowSeconds))) {
      throw new ApiError(429, TOO_MANY_REQUESTS);
    }
    const doc = newRequestDoc(input);
    const { rows } = await tx.query<{ id: string }>("INSERT INTO requests (doc) VALUES ($1::jsonb) RETURNING id", [
      JSON.stringify(doc),
    ]);
    const id = rows[0]?.id;
    if (!id) throw new Error("Užklausa neįrašyta");

    await writeAudit(tx, { action: "create", resource: "requests", recordId: id, actor: "svetainė" });

    const settings = await loadSettings(tx);
    const staffAddress = settings.company.emails[0];
    let mailId: string | null = null;
    if (staffAddress) {
      mailId = await enqueueMail(tx, requestNotificationMail(input, id, staffAddress));
    }
    return { id, mailId, typeLabel: REQUEST_TYPE_LABELS[input.type] };
  });

  publish("requests", outcome.id, "created");
  if (outcome.mailId) publish("mail", outcome.mailId, "created");
  log.info(`Nauja užklausa iš svetainės (${outcome.typeLabel})`);
  return { id: outcome.id };
}

/**
 * The public API. Mounted by the app: `app.route("/api/site", siteRoutes({ db, config }))`.
 * Errors answer `{ message, errors? }` in Lithuanian.
 */
export function siteRoutes(deps: SiteRoutesDeps): Hono {
  const { db } = deps;
  const limit = deps.requestRateLimit ?? { max: 10, windowSeconds: 600 };
  const app = new Hono();

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: "Užklausos turinys per didelis" }, 413),
  });

  app.get("/cars", async (c) => c.json(await listPublicCars(db, parseCarFilter(c.req.query()))));

  app.get("/cars/:slug", async (c) => {
    const car = await getPublicCar(db, c.req.param("slug"));
    if (!car) throw new ApiError(404, "Automobilis nerastas");
    return c.json(car);
  });

  app.get("/search", async (c) => c.json(await search(db, c.req.query(), new Date())));

  app.get("/offers", async (c) => c.json(await listPublicOffers(db)));

  app.get("/news", async (c) => c.json(await listPublicNews(db)));

  app.get("/news/:slug", async (c) => {
    const item = await getPublicNews(db, c.req.param("slug"));
    if (!item) throw new ApiError(404, "Naujiena nerasta");
    return c.json(item);
  });

  app.get("/settings", async (c) => c.json(await loadPublicSettings(db)));

  app.post("/reservations", limitBody, async (c) => {
    const created = await submitWebReservation(db, await readJson(c));
    return c.json({ id: created.id, number: created.number, quote: created.quote }, 201);
  });

  // Read-only, like GET /search: no rate limit (only accepted inquiries are limited).
  app.post("/quote", limitBody, async (c) => c.json(await quoteWebReservation(db, await readJson(c))));

  app.post("/requests", limitBody, async (c) => {
    const ip = clientIp(c, deps.config.trustProxy);
    return c.json(await submitRequest(db, await readJson(c), ip, limit), 201);
  });

  return app;
}

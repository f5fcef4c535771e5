// Calendar feeds (iCalendar) of the fleet's bookings on secret addresses: one per car and one for
// the whole fleet. The address carries a random token (256 bits); only its SHA-256 is stored
// (calendarFeeds/{"fleet" | "car-<carId>"} { scope, carId, tokenHash }), so a leaked database
// does not leak the addresses. An admin regenerates a feed's token; the old address then answers
// 404. The feed lists the reservations that hold a car (new, confirmed, active) and the
// maintenance blocks, from 30 days back.
import { z } from "zod";
import { BLOCKING_STATUSES, carHolds } from "../domain/availability";
import { formatCalendar, type IcalEvent } from "../domain/ical";
import { parseFields } from "../domain/input";
import type { Car, Customer, Reservation } from "../domain/schemas";
import { entityId } from "../domain/schemas";
import { reservationsHoldingCar } from "./carHolds";
import { COLLECTIONS } from "./collections";
import { CoreError } from "./errors";
import { type CoreContext, DOCUMENT_ID, type Reader } from "./ports";
import { type RateLimit, rateKey, takeRateLimit } from "./rateLimit";
import { type StaffActor, writeAudit, writer } from "./writes";

export const FEED_NOT_FOUND_MESSAGE = "Kalendorius nerastas";
export const FEED_ADMIN_ONLY_MESSAGE = "Kalendoriaus adresą pakeisti gali tik administratorius";
export const FLEET_FEED_ID = "fleet";
/** Bookings that ended longer ago than this are left out of a feed. */
export const FEED_PAST_DAYS = 30;
/** The token in the address: 32 random bytes as base64url (43 characters). */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Feed requests per client per 10 minutes (a calendar application polls every few minutes at most). */
export const ICAL_RATE_LIMIT: RateLimit = { max: 120, windowSeconds: 600 };

const CALENDAR_FEEDS = COLLECTIONS.calendarFeeds;

export const feedIdFor = (carId: string | null): string => (carId ? `car-${carId}` : FLEET_FEED_ID);

export const regenerateFeedInputSchema = z.object({ carId: entityId.nullable().default(null) }).strict();

export interface RegeneratedFeed {
  feedId: string;
  carId: string | null;
  /** shown once: only its hash is kept */
  token: string;
  /** the address path, the same on both backends (Firebase Hosting rewrites it to the `ical` function) */
  path: string;
}

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

export function newFeedToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

export async function hashFeedToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export const feedPath = (token: string): string => `/api/ical/${token}.ics`;

/** A new token for the car's feed (or the fleet's); the previous one stops working at once. Admins only. */
export async function regenerateCalendarFeed(
  ctx: CoreContext,
  body: unknown,
  actor: StaffActor,
): Promise<RegeneratedFeed> {
  if (actor.role !== "admin") throw new CoreError("forbidden", FEED_ADMIN_ONLY_MESSAGE);
  const { carId } = parseFields(regenerateFeedInputSchema, body ?? {});
  const token = newFeedToken();
  const tokenHash = await hashFeedToken(token);
  const feedId = feedIdFor(carId);
  await ctx.store.transaction(async (tx) => {
    await tx.lock(`calendar-feed-${feedId}`);
    if (carId && !(await tx.get(COLLECTIONS.cars, carId))) {
      throw new CoreError("not-found", "Automobilis nerastas");
    }
    const current = await tx.get(CALENDAR_FEEDS, feedId);
    const now = ctx.clock.now();
    const w = writer(tx, ctx.store, now);
    const at = now.toISOString();
    const createdAt = typeof current?.data.createdAt === "string" ? current.data.createdAt : at;
    const version = typeof current?.data.version === "number" ? current.data.version + 1 : 1;
    tx.set(CALENDAR_FEEDS, feedId, {
      scope: carId ? "car" : "fleet",
      carId,
      tokenHash,
      regeneratedBy: actor.email,
      createdAt,
      updatedAt: at,
      version,
    });
    writeAudit(w, {
      action: current ? "update" : "create",
      resource: CALENDAR_FEEDS,
      recordId: feedId,
      actor: actor.email,
    });
  });
  ctx.log.info(`Kalendoriaus adresas pakeistas: ${feedId} (${actor.email})`);
  return { feedId, carId, token, path: feedPath(token) };
}

export interface CalendarFeedInfo {
  feedId: string;
  carId: string | null;
  updatedAt: string;
}

/** Which feeds have an address (never the tokens). */
export async function listCalendarFeeds(ctx: CoreContext): Promise<CalendarFeedInfo[]> {
  const docs = await ctx.store.query(CALENDAR_FEEDS);
  return docs.map((doc) => ({
    feedId: doc.id,
    carId: typeof doc.data.carId === "string" ? doc.data.carId : null,
    updatedAt: String(doc.data.updatedAt ?? ""),
  }));
}

type WithId<T> = T & { id: string };

interface Block {
  id: string;
  carId: string;
  from: string;
  to: string;
  reason: string;
  updatedAt?: string;
}

/** The maintenance blocks (src/core/maintenance.ts) that end after `since`. */
async function loadBlocks(reader: Reader, carId: string | null, since: string): Promise<Block[]> {
  const docs = await reader.query(
    COLLECTIONS.maintenance,
    carId ? { where: [{ field: "carId", op: "==", value: carId }] } : {},
  );
  return docs
    .map((doc) => ({ id: doc.id, ...(doc.data as Omit<Block, "id">) }))
    .filter((block) => typeof block.from === "string" && typeof block.to === "string" && block.to > since);
}

async function loadByIds<T>(reader: Reader, collection: string, ids: string[]): Promise<Map<string, WithId<T>>> {
  const map = new Map<string, WithId<T>>();
  const unique = [...new Set(ids)];
  // Firestore's "in" takes at most 30 values.
  for (let index = 0; index < unique.length; index += 30) {
    const chunk = unique.slice(index, index + 30);
    const docs = await reader.query(collection, { where: [{ field: DOCUMENT_ID, op: "in", value: chunk }] });
    for (const doc of docs) map.set(doc.id, { ...(doc.data as T), id: doc.id });
  }
  return map;
}

const carName = (car: Pick<Car, "make" | "model"> | undefined): string =>
  car ? `${car.make} ${car.model}`.trim() : "Automobilis";

/**
 * The events of a feed: reservations as "R-2026-000123 · Toyota Corolla", blocks as "Remontas · …".
 * A calendar address ends up in calendar applications and shared calendars, so it carries no
 * personal data: the fleet's feed names no customer; a car's feed (for the staff who look after
 * it) adds only the renter's name (`renterNames`). Never a phone, an e-mail or a comment.
 */
export function feedEvents(
  reservations: readonly WithId<Reservation & { updatedAt?: string }>[],
  blocks: readonly Block[],
  cars: ReadonlyMap<string, WithId<Car>>,
  plates: ReadonlyMap<string, string>,
  renterNames: ReadonlyMap<string, WithId<Customer>> | null,
  /** a car's feed: only that car's holds */
  onlyCarId: string | null = null,
): IcalEvent[] {
  const withPlate = (carId: string) => {
    const plate = plates.get(carId);
    return plate ? `${carName(cars.get(carId))} (${plate})` : carName(cars.get(carId));
  };
  // A rental whose car was swapped is an event per car, over that car's part (carHolds).
  const parts = reservations.flatMap((reservation) => {
    const holds = carHolds(reservation);
    return holds
      .map((hold, index) => ({
        reservation,
        hold,
        uid: holds.length > 1 ? `${reservation.id}-${index + 1}` : reservation.id,
      }))
      .filter(({ hold }) => onlyCarId === null || hold.carId === onlyCarId);
  });
  const booked: IcalEvent[] = parts.map(({ reservation, hold, uid }) => {
    const customer = renterNames?.get(reservation.customerId);
    const person = customer ? `${customer.firstName} ${customer.lastName}`.trim() : "";
    return {
      uid: `reservation-${uid}@ratunuoma`,
      start: hold.pickupAt,
      end: hold.returnAt,
      summary: [reservation.number ?? "Rezervacija", person, carName(cars.get(hold.carId))].filter(Boolean).join(" · "),
      description: `Automobilis: ${withPlate(hold.carId)}`,
      status: reservation.status === "new" ? "TENTATIVE" : "CONFIRMED",
      categories: ["Rezervacija"],
      ...(reservation.updatedAt ? { updatedAt: reservation.updatedAt } : {}),
    };
  });
  const blocked: IcalEvent[] = blocks.map((block) => ({
    uid: `maintenance-${block.id}@ratunuoma`,
    start: block.from,
    end: block.to,
    summary: `Remontas · ${carName(cars.get(block.carId))}${block.reason ? ` · ${block.reason}` : ""}`,
    description: `Automobilis: ${withPlate(block.carId)}${block.reason ? `\nPriežastis: ${block.reason}` : ""}`,
    status: "CONFIRMED",
    categories: ["Remontas"],
    ...(block.updatedAt ? { updatedAt: block.updatedAt } : {}),
  }));
  return [...booked, ...blocked].sort((a, b) => a.start.localeCompare(b.start) || a.uid.localeCompare(b.uid));
}

/**
 * The feed a token opens, as iCalendar text; 404 for an unknown, malformed or replaced token.
 * `rateLimit` counts every request of the client (a calendar application polls, a guesser hammers).
 */
export async function calendarFeed(
  ctx: CoreContext,
  token: string,
  opts: { rateLimit?: { clientKey: string; limit: RateLimit } } = {},
): Promise<string> {
  const { store } = ctx;
  const now = ctx.clock.now();
  if (opts.rateLimit) {
    const { clientKey, limit } = opts.rateLimit;
    await store.transaction(async (tx) => {
      const count = await takeRateLimit(tx, rateKey("ical", clientKey), limit, now);
      count();
    });
  }
  if (!FEED_TOKEN_PATTERN.test(token)) throw new CoreError("not-found", FEED_NOT_FOUND_MESSAGE);
  const tokenHash = await hashFeedToken(token);
  const [feed] = await store.query(CALENDAR_FEEDS, { where: [{ field: "tokenHash", op: "==", value: tokenHash }] });
  if (!feed || feed.data.tokenHash !== tokenHash) throw new CoreError("not-found", FEED_NOT_FOUND_MESSAGE);
  const carId = typeof feed.data.carId === "string" ? feed.data.carId : null;

  const since = new Date(now.getTime() - FEED_PAST_DAYS * 24 * 3_600_000).toISOString();
  // A car's feed: the rentals booked with it and those that had it before a car swap.
  const reservations = (
    carId
      ? await reservationsHoldingCar(store, carId)
      : (
          await store.query(COLLECTIONS.reservations, {
            where: [{ field: "status", op: "in", value: [...BLOCKING_STATUSES] }],
          })
        ).map((doc) => ({ ...(doc.data as Reservation & { updatedAt?: string }), id: doc.id }))
  ).filter((reservation) => Date.parse(reservation.returnAt) > Date.parse(since));
  const blocks = await loadBlocks(store, carId, since);
  const carIds = [
    ...reservations.flatMap((r) => carHolds(r).map((hold) => hold.carId)),
    ...blocks.map((b) => b.carId),
    ...(carId ? [carId] : []),
  ];
  const cars = await loadByIds<Car>(store, COLLECTIONS.cars, carIds);
  const fleetDocs = carId
    ? await store.query(COLLECTIONS.fleet, { where: [{ field: "carId", op: "==", value: carId }] })
    : await store.query(COLLECTIONS.fleet);
  const plates = new Map<string, string>();
  for (const doc of fleetDocs) {
    if (typeof doc.data.carId === "string" && typeof doc.data.plateNumber === "string") {
      plates.set(doc.data.carId, doc.data.plateNumber);
    }
  }
  // Only a car's own feed names the renter; the fleet's reads no customer at all.
  const renterNames = carId
    ? await loadByIds<Customer>(
        store,
        COLLECTIONS.customers,
        reservations.map((r) => r.customerId),
      )
    : null;
  const car = carId ? cars.get(carId) : undefined;
  const name = carId
    ? `Užimtumas: ${carName(car)}${plates.get(carId) ? ` (${plates.get(carId)})` : ""}`
    : "Užimtumas: visas parkas";
  return formatCalendar({ name, now, events: feedEvents(reservations, blocks, cars, plates, renterNames, carId) });
}

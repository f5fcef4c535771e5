// /api/admin/:resource, speaking ra-data-simple-rest 5.15 exactly:
//   GET    /api/admin/cars?sort=["make","ASC"]&range=[0,24]&filter={"q":"bmw"}  -> [..] + Content-Range: cars 0-24/319
//   GET    /api/admin/cars?filter={"id":[..]}                                    -> getMany
//   GET    /api/admin/cars/:id   POST /api/admin/cars (201)   PUT /api/admin/cars/:id   DELETE /api/admin/cars/:id
// plus read-only client-errors and audit-log, and GET /api/admin/events (Server-Sent Events).
// requireStaff() runs before all of it (see app.ts), so every method answers 401 without a session.
import { type Context, Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { COLLECTIONS } from "../../src/core/collections";
import { createStaffReservation, updateStaffReservation } from "../../src/core/reservations";
import { createStaffRecord, deleteStaffRecord, isPlainResource, updateStaffRecord } from "../../src/core/staffRecords";
import { expectedVersionOf } from "../../src/core/versions";
import type { StaffActor } from "../../src/core/writes";
import { ADMIN_RESOURCES, type AdminResource } from "../../src/domain/schemas";
import { coreFor } from "../core";
import { DOCUMENT_TABLES, SETTINGS_ID } from "../db/types";
import { currentUser, FORBIDDEN_MESSAGE } from "../http/auth";
import { readJsonObject } from "../http/body";
import type { AppEnv } from "../http/context";
import { ApiError } from "../http/errors";
import { HEAVY_LIST_ROWS, HEAVY_READS_AT_ONCE, turnTaker } from "../http/heavyReads";
import {
  BASE_COLUMNS,
  buildListQuery,
  type ColumnMap,
  MAX_PAGE_SIZE,
  parseListParams,
  UUID_PATTERN,
} from "../http/listQuery";
import { takePaymentFilters } from "../payments/listFilter";
import { onStreamsClosed, publish, subscribe } from "../services/events";
import { deleteRecord, getRecord, listRecords, NOT_FOUND_MESSAGE, toRecord } from "../store/adminRecords";
import { createStaffAccount, updateStaffAccount } from "../store/staffAccounts";
import { tableOf } from "../store/tables";

export const READ_ONLY_RESOURCES = ["client-errors", "audit-log"] as const;
export type AdminResourceName = AdminResource | (typeof READ_ONLY_RESOURCES)[number];
/** Every resource under /api/admin, in a stable order (tests iterate it). */
export const ADMIN_RESOURCE_NAMES: readonly AdminResourceName[] = [
  ...(Object.keys(ADMIN_RESOURCES) as AdminResource[]),
  ...READ_ONLY_RESOURCES,
];

// Staff accounts are people's details: only admins list them; everyone reads their own record
// (as in the Firestore rules).
const ADMIN_ONLY_READ = new Set<AdminResourceName>(["client-errors", "audit-log", "staff"]);
// Free-form mail from the company's address is an admin's: staff write to customers through the
// actions tied to a reservation or an inquiry (the templates), never any text to anyone.
const ADMIN_ONLY_WRITE = new Set<AdminResourceName>(["staff", "settings", "mail"]);

/** Fields of a resource served from real columns (typed, indexed) rather than the document: the store's own map. */
const RESOURCE_COLUMNS: Partial<Record<AdminResourceName, ColumnMap>> = {
  reservations: tableOf(COLLECTIONS.reservations).columns,
};

export { NOT_FOUND_MESSAGE, toRecord };
export const DUPLICATE_MESSAGE = "Toks įrašas jau yra (pvz., pasikartojantis adresas ar numeris)";

function isResourceName(name: string): name is AdminResourceName {
  return (ADMIN_RESOURCE_NAMES as readonly string[]).includes(name);
}

/** Resolves :resource and checks the role; 404 for an unknown name, 403/405 when not allowed. */
function resolveResource(c: Context<AppEnv>, access: "read" | "write"): { name: AdminResourceName; table: string } {
  const name = c.req.param("resource") ?? "";
  if (!isResourceName(name)) throw new ApiError(404, NOT_FOUND_MESSAGE);
  const user = currentUser(c);
  const ownAccount = name === "staff" && c.req.param("id") === user.id;
  const adminOnly =
    access === "read"
      ? ADMIN_ONLY_READ.has(name) && !ownAccount
      : ADMIN_ONLY_WRITE.has(name) || ADMIN_ONLY_READ.has(name);
  if (adminOnly && user.role !== "admin") throw new ApiError(403, FORBIDDEN_MESSAGE);
  return { name, table: DOCUMENT_TABLES[name] };
}

/** 405 for writes to the read-only logs (after the role check, so staff get 403 first). */
function refuseReadOnly(c: Context<AppEnv>, name: AdminResourceName): Response | null {
  if (!(READ_ONLY_RESOURCES as readonly string[]).includes(name)) return null;
  c.header("Allow", "GET");
  return c.json({ message: "Šis sąrašas tik skaitomas" }, 405);
}

/** A path id must be a UUID; anything else is simply not found (never a database cast error). */
function recordId(c: Context<AppEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!UUID_PATTERN.test(id)) throw new ApiError(404, NOT_FOUND_MESSAGE);
  return id.toLowerCase();
}

/** The signed-in staff member as the core's use cases see them. */
function staffActor(c: Context<AppEnv>): StaffActor {
  const user = currentUser(c);
  return { email: user.email, role: user.role === "admin" ? "admin" : "staff" };
}

export function adminRoutes(): Hono<AppEnv> {
  const heavyReads = turnTaker(HEAVY_READS_AT_ONCE);
  const app = new Hono<AppEnv>();

  // ---------- live updates ----------
  app.get("/events", (c) => {
    const user = currentUser(c);
    // A stream opened while the server stops would hold its shutdown until the drain limit.
    if (c.get("deps").state?.draining) throw new ApiError(503, "Serveris stabdomas, bandykite po akimirkos");
    return streamSSE(c, async (stream) => {
      const queue: string[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = subscribe((event) => {
        if (event.resource === "audit-log") return;
        if (ADMIN_ONLY_READ.has(event.resource as AdminResourceName) && user.role !== "admin") return;
        queue.push(JSON.stringify(event));
        wake?.();
      });
      let ended = false;
      const stopOnShutdown = onStreamsClosed(() => {
        ended = true;
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      try {
        await stream.writeSSE({ event: "ready", data: JSON.stringify({ user: user.email }), retry: 5000 });
        while (!stream.aborted && !stream.closed && !ended) {
          if (queue.length === 0) {
            // Wait for an event, or 25 s for a keep-alive comment that proxies need.
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, 25_000);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            wake = null;
            if (queue.length === 0 && !stream.aborted && !ended) await stream.write(": ping\n\n");
          }
          while (queue.length > 0 && !stream.aborted) {
            await stream.writeSSE({ event: "change", data: queue.shift() as string });
          }
        }
      } finally {
        unsubscribe();
        stopOnShutdown();
      }
    });
  });

  // ---------- list, getMany, getManyReference ----------
  app.get("/:resource", async (c) => {
    const { name, table } = resolveResource(c, "read");
    const { db } = c.get("deps");
    const list = parseListParams({
      sort: c.req.query("sort"),
      range: c.req.query("range"),
      filter: c.req.query("filter"),
      rangeHeader: c.req.header("range"),
    });
    // Reservations: the "Neapmokėtos" and "Permoka" filters (server/payments/listFilter.ts).
    const payment = name === "reservations" ? takePaymentFilters(list) : [];
    const query = buildListQuery(list, { ...BASE_COLUMNS, ...RESOURCE_COLUMNS[name] });
    const built = payment.length > 0 ? { ...query, where: [query.where, ...payment].join(" AND ") } : query;
    const start = list.range?.[0] ?? 0;
    const limit = list.range ? Math.min(list.range[1] - list.range[0] + 1, MAX_PAGE_SIZE) : MAX_PAGE_SIZE;
    const read = async () => {
      const { total, records } = await listRecords(db, table, built, { start, limit });
      return { total, records, body: JSON.stringify(records) };
    };
    // Many rows: one of HEAVY_READS_AT_ONCE turns (server/http/heavyReads.ts), the rows given up
    // as JSON text before the next read starts.
    const { total, records, body } = limit > HEAVY_LIST_ROWS ? await heavyReads.run(read) : await read();
    const contentRange =
      records.length > 0 ? `${name} ${start}-${start + records.length - 1}/${total}` : `${name} */${total}`;
    c.header("Content-Range", contentRange);
    c.header("X-Total-Count", String(total));
    c.header("Access-Control-Expose-Headers", "Content-Range, X-Total-Count");
    c.header("Content-Type", "application/json");
    return c.body(body, 200);
  });

  // ---------- getOne ----------
  app.get("/:resource/:id", async (c) => {
    const { table } = resolveResource(c, "read");
    const id = recordId(c);
    const { db } = c.get("deps");
    const record = await getRecord(db, table, id);
    if (!record) throw new ApiError(404, NOT_FOUND_MESSAGE);
    return c.json(record, 200);
  });

  // ---------- create ----------
  app.post("/:resource", async (c) => {
    const { name } = resolveResource(c, "write");
    const refused = refuseReadOnly(c, name);
    if (refused) return refused;
    const { db } = c.get("deps");
    const user = currentUser(c);
    const body = await readJsonObject(c);
    // The core checks, stores, audits and announces each of these in one transaction.
    if (name === "reservations") {
      const created = await createStaffReservation(coreFor(db), body, staffActor(c));
      return c.json(created.record, 201);
    }
    if (isPlainResource(name)) return c.json(await createStaffRecord(coreFor(db), name, body, user.email), 201);
    const account = await createStaffAccount(db, body, user.email);
    publish("staff", String(account.id), "created");
    return c.json(account, 201);
  });

  // ---------- update (full record from the edit form, or a partial one from updateMany) ----------
  app.put("/:resource/:id", async (c) => {
    const { name } = resolveResource(c, "write");
    const refused = refuseReadOnly(c, name);
    if (refused) return refused;
    const id = recordId(c);
    if (name === "settings" && id !== SETTINGS_ID) throw new ApiError(404, NOT_FOUND_MESSAGE);
    const { db } = c.get("deps");
    const user = currentUser(c);
    const body = await readJsonObject(c);
    if (name === "reservations") {
      return c.json(await updateStaffReservation(coreFor(db), id, body, staffActor(c)), 200);
    }
    if (isPlainResource(name)) return c.json(await updateStaffRecord(coreFor(db), name, id, body, user.email), 200);
    const account = await updateStaffAccount(db, id, body, { expected: expectedVersionOf(body), actor: user });
    publish("staff", id, "updated");
    return c.json(account, 200);
  });

  // ---------- delete ----------
  app.delete("/:resource/:id", async (c) => {
    const { name } = resolveResource(c, "write");
    const refused = refuseReadOnly(c, name);
    if (refused) return refused;
    const id = recordId(c);
    const { db } = c.get("deps");
    const user = currentUser(c);
    if (isPlainResource(name)) return c.json(await deleteStaffRecord(coreFor(db), name, id, user.email), 200);
    const resource = name === "reservations" ? "reservations" : "staff";
    const deleted = await deleteRecord(db, resource, id, user);
    publish(resource, id, "deleted");
    return c.json(deleted, 200);
  });

  return app;
}

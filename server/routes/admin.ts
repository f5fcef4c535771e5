// /api/admin/:resource, speaking ra-data-simple-rest 5.15 exactly:
//   GET    /api/admin/cars?sort=["make","ASC"]&range=[0,24]&filter={"q":"bmw"}  -> [..] + Content-Range: cars 0-24/319
//   GET    /api/admin/cars?filter={"id":[..]}                                    -> getMany
//   GET    /api/admin/cars/:id   POST /api/admin/cars (201)   PUT /api/admin/cars/:id   DELETE /api/admin/cars/:id
// plus read-only client-errors and audit-log, and GET /api/admin/events (Server-Sent Events).
// requireStaff() runs before all of it (see app.ts), so every method answers 401 without a session.
import { type Context, Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { ZodType } from "zod";
import { COLLECTIONS } from "../../src/core/collections";
import { StaleRecordError } from "../../src/core/errors";
import { createStaffReservation, updateStaffReservation } from "../../src/core/reservations";
import { assertAnotherActiveAdmin, isActiveAdmin } from "../../src/core/staff";
import { createStaffRecord, deleteStaffRecord, isPlainResource, updateStaffRecord } from "../../src/core/staffRecords";
import { expectedVersionOf, versionOf } from "../../src/core/versions";
import type { StaffActor } from "../../src/core/writes";
import { DELETABLE_STATUSES, RESERVATION_DELETE_REFUSED } from "../../src/domain/reservationRules";
import { ADMIN_RESOURCES, type AdminResource, staffUserSchema } from "../../src/domain/schemas";
import { coreFor } from "../core";
import { type Db, DOCUMENT_TABLES, type Queryable, SETTINGS_ID } from "../db/types";
import { currentUser, FORBIDDEN_MESSAGE } from "../http/auth";
import { parseWith, readJsonObject } from "../http/body";
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
import { takeUnpaidFilter } from "../payments/listFilter";
import { writeAudit } from "../services/audit";
import { type ChangeKind, onStreamsClosed, publish, subscribe } from "../services/events";
import { hashPassword } from "../services/passwords";
import { deleteUserSessions } from "../services/sessions";
import { transactionOver } from "../store/pgStore";
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
const ADMIN_ONLY_WRITE = new Set<AdminResourceName>(["staff", "settings"]);

/** Fields of a resource served from real columns (typed, indexed) rather than the document: the store's own map. */
const RESOURCE_COLUMNS: Partial<Record<AdminResourceName, ColumnMap>> = {
  reservations: tableOf(COLLECTIONS.reservations).columns,
};

/** Keys that come from columns or are write-only; never stored in, nor read from, the document. */
const NON_DOCUMENT_KEYS = ["id", "createdAt", "updatedAt", "password", "passwordHash", "password_hash"];

export const NOT_FOUND_MESSAGE = "Nerasta";
export const DUPLICATE_MESSAGE = "Toks įrašas jau yra (pvz., pasikartojantis adresas ar numeris)";

interface DocRow {
  id: string;
  doc: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

function withoutNonDocumentKeys(value: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...value };
  for (const key of NON_DOCUMENT_KEYS) delete copy[key];
  return copy;
}

/** A row as react-admin sees it: { id, ...doc, version, createdAt, updatedAt } (a record from before versions: 0). */
export function toRecord(row: DocRow): Record<string, unknown> {
  return {
    id: row.id,
    ...withoutNonDocumentKeys(row.doc ?? {}),
    version: versionOf(row.doc ?? {}),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

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

function schemaOf(name: AdminResource): ZodType<Record<string, unknown>> {
  // The map holds a different object schema per resource; all of them parse to a plain object.
  return ADMIN_RESOURCES[name] as unknown as ZodType<Record<string, unknown>>;
}

async function audit(
  db: Queryable,
  c: Context<AppEnv>,
  action: "create" | "update" | "delete",
  resource: string,
  id: string,
) {
  await writeAudit(db, { action, resource, recordId: id, actor: currentUser(c).email });
}

function announce(resource: AdminResourceName, id: string, kind: ChangeKind): void {
  publish(resource, id, kind);
}

/** Checks a new password before any transaction starts (hashing is slow; the database must not wait). */
async function passwordHashFrom(body: Record<string, unknown>): Promise<string | null> {
  if (body.password === undefined || body.password === null || body.password === "") return null;
  const { password } = parseWith(staffUserSchema.pick({ password: true }), { password: body.password });
  return password ? hashPassword(password) : null;
}

/** The signed-in staff member as the core's use cases see them. */
function staffActor(c: Context<AppEnv>): StaffActor {
  const user = currentUser(c);
  return { email: user.email, role: user.role === "admin" ? "admin" : "staff" };
}

/** A new staff account: the password is hashed before the transaction (hashing is slow). */
async function createStaffAccount(c: Context<AppEnv>, db: Db, body: Record<string, unknown>) {
  const passwordHash = await passwordHashFrom(body);
  if (passwordHash === null) {
    throw new ApiError(422, "Patikrinkite pažymėtus laukus", { password: "Įveskite slaptažodį (bent 10 simbolių)" });
  }
  const doc = withoutNonDocumentKeys(parseWith(schemaOf("staff"), withoutNonDocumentKeys(body)));
  const row = await db.transaction(async (tx) => {
    const inserted = (
      await tx.query<DocRow>(
        "INSERT INTO staff (doc, password_hash) VALUES ($1::jsonb, $2) RETURNING id, doc, created_at, updated_at",
        [JSON.stringify({ ...doc, version: 1 }), passwordHash],
      )
    ).rows[0];
    if (!inserted) throw new Error("INSERT negrąžino įrašo");
    await audit(tx, c, "create", "staff", inserted.id);
    return inserted;
  });
  announce("staff", row.id, "created");
  return toRecord(row);
}

/**
 * A staff account's update. The last active admin cannot be demoted or switched off, and an
 * account switched off, or whose password someone else reset, is signed out everywhere.
 */
async function updateStaffAccount(c: Context<AppEnv>, db: Db, id: string, body: Record<string, unknown>) {
  const user = currentUser(c);
  const expected = expectedVersionOf(body);
  const passwordHash = await passwordHashFrom(body);
  const changes = withoutNonDocumentKeys(body);
  const row = await db.transaction(async (tx) => {
    const current = await tx.query<DocRow>(
      "SELECT id, doc, created_at, updated_at FROM staff WHERE id = $1 FOR UPDATE",
      [id],
    );
    const existing = current.rows[0];
    if (!existing) throw new ApiError(404, NOT_FOUND_MESSAGE);
    if (expected !== undefined && expected !== versionOf(existing.doc)) throw new StaleRecordError(toRecord(existing));
    // Merge: updateMany sends only the changed fields; the edit form sends them all.
    const doc = withoutNonDocumentKeys(
      parseWith(schemaOf("staff"), { ...withoutNonDocumentKeys(existing.doc), ...changes }),
    );
    const stored = JSON.stringify({ ...doc, version: versionOf(existing.doc) + 1 });
    if (isActiveAdmin(existing.doc) && !isActiveAdmin(doc)) {
      await assertAnotherActiveAdmin(transactionOver(tx).tx, id);
    }
    const updated =
      passwordHash !== null
        ? await tx.query<DocRow>(
            `UPDATE staff SET doc = $2::jsonb, password_hash = $3, updated_at = now() WHERE id = $1
             RETURNING id, doc, created_at, updated_at`,
            [id, stored, passwordHash],
          )
        : await tx.query<DocRow>(
            `UPDATE staff SET doc = $2::jsonb, updated_at = now() WHERE id = $1
             RETURNING id, doc, created_at, updated_at`,
            [id, stored],
          );
    if (doc.active === false || (passwordHash !== null && id !== user.id)) await deleteUserSessions(tx, id);
    await audit(tx, c, "update", "staff", id);
    const result = updated.rows[0];
    if (!result) throw new ApiError(404, NOT_FOUND_MESSAGE);
    return result;
  });
  announce("staff", id, "updated");
  return toRecord(row);
}

/** Deletes a staff account (never the last active admin) or a reservation (only one that never became a rental). */
async function deleteRow(c: Context<AppEnv>, db: Db, resource: "staff" | "reservations", id: string) {
  const row = await db.transaction(async (tx) => {
    if (resource === "reservations") {
      const current = await tx.query<DocRow>("SELECT id, doc FROM reservations WHERE id = $1 FOR UPDATE", [id]);
      const status = String(current.rows[0]?.doc.status ?? "");
      if (current.rows[0] && !(DELETABLE_STATUSES as readonly string[]).includes(status)) {
        throw new ApiError(409, RESERVATION_DELETE_REFUSED);
      }
    }
    if (resource === "staff") {
      const current = await tx.query<DocRow>("SELECT id, doc FROM staff WHERE id = $1", [id]);
      if (current.rows[0] && isActiveAdmin(current.rows[0].doc)) {
        await assertAnotherActiveAdmin(transactionOver(tx).tx, id);
      }
    }
    const deleted = await tx.query<DocRow>(
      `DELETE FROM ${DOCUMENT_TABLES[resource]} WHERE id = $1 RETURNING id, doc, created_at, updated_at`,
      [id],
    );
    const result = deleted.rows[0];
    if (!result) throw new ApiError(404, NOT_FOUND_MESSAGE);
    await audit(tx, c, "delete", resource, id);
    return result;
  });
  announce(resource, id, "deleted");
  return toRecord(row);
}

export function adminRoutes(): Hono<AppEnv> {
  const heavyReads = turnTaker(HEAVY_READS_AT_ONCE);
  const app = new Hono<AppEnv>();

  // ---------- live updates ----------
  app.get("/events", (c) => {
    const user = currentUser(c);
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
    // Reservations: the "Neapmokėtos" filter (server/payments/listFilter.ts).
    const unpaid = name === "reservations" ? takeUnpaidFilter(list) : null;
    const query = buildListQuery(list, { ...BASE_COLUMNS, ...RESOURCE_COLUMNS[name] });
    const built = unpaid ? { ...query, where: `${query.where} AND ${unpaid}` } : query;
    const start = list.range?.[0] ?? 0;
    const limit = list.range ? Math.min(list.range[1] - list.range[0] + 1, MAX_PAGE_SIZE) : MAX_PAGE_SIZE;
    const read = async () => {
      const [rows, count] = await Promise.all([
        db.query<DocRow>(
          `SELECT id, doc, created_at, updated_at FROM ${table} WHERE ${built.where}
           ORDER BY ${built.orderBy} LIMIT ${limit} OFFSET ${start}`,
          built.params,
        ),
        db.query<{ total: number }>(`SELECT count(*) AS total FROM ${table} WHERE ${built.where}`, built.whereParams),
      ]);
      const total = Number(count.rows[0]?.total ?? 0);
      const records = rows.rows.map(toRecord);
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
    const result = await db.query<DocRow>(`SELECT id, doc, created_at, updated_at FROM ${table} WHERE id = $1`, [id]);
    const row = result.rows[0];
    if (!row) throw new ApiError(404, NOT_FOUND_MESSAGE);
    return c.json(toRecord(row), 200);
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
    return c.json(await createStaffAccount(c, db, body), 201);
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
    return c.json(await updateStaffAccount(c, db, id, body), 200);
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
    if (name === "reservations") return c.json(await deleteRow(c, db, "reservations", id), 200);
    if (id === user.id) throw new ApiError(409, "Savo paskyros ištrinti negalima");
    return c.json(await deleteRow(c, db, "staff", id), 200);
  });

  return app;
}

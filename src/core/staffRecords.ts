// The back-office's plain records (cars, fleet, prices, offers, news, customers, inquiries,
// places, extras, settings, mail): create, update and delete by staff, written once for every
// store. Each write is checked against the resource's schema and its business rules, refuses an
// update over a newer version than the one the form read (409), and is audited and announced in
// the same transaction. Reservations and staff accounts have their own use cases.
import type { ZodType } from "zod";
import { changesDetail } from "../domain/auditChanges";
import { InputError, invalidFields, parseFields } from "../domain/input";
import { floorOfSettings, priceFloorErrors } from "../domain/priceFloor";
import { ADMIN_RESOURCES, type AdminResource } from "../domain/schemas";
import { loadSettings } from "./catalog";
import { COLLECTIONS, SETTINGS_ID } from "./collections";
import { CoreError } from "./errors";
import { type CoreContext, StoreConstraintError, type StoredDoc, type Transaction } from "./ports";
import { type Stamped, toRecord } from "./records";
import { assertFresh, expectedVersionOf, withoutVersion } from "./versions";
import { insertDoc, replaceDoc, writeAudit, writer } from "./writes";

/** The resources this module writes; reservations and staff go through their own use cases. */
export const PLAIN_RESOURCES = [
  "cars",
  "fleet",
  "prices",
  "offers",
  "news",
  "customers",
  "requests",
  "locations",
  "extras",
  "settings",
  "mail",
] as const satisfies readonly AdminResource[];
export type PlainResource = (typeof PLAIN_RESOURCES)[number];

export const isPlainResource = (name: string): name is PlainResource =>
  (PLAIN_RESOURCES as readonly string[]).includes(name);

export const RECORD_NOT_FOUND_MESSAGE = "Nerasta";
export const DUPLICATE_RECORD_MESSAGE = "Toks įrašas jau yra (pvz., pasikartojantis adresas ar numeris)";
export const SETTINGS_EXIST_MESSAGE = "Nustatymai jau sukurti; juos galima tik keisti";
export const SETTINGS_DELETE_MESSAGE = "Nustatymų ištrinti negalima";

/** Keys a client may send but never sets: the store keeps ids, times and versions. */
const STAMP_KEYS = ["id", "createdAt", "updatedAt", "version"] as const;

/**
 * Rules a record must keep beyond its schema, which need other records to decide (a price
 * rule's floor comes from the settings). Field errors, empty when the record may be stored.
 */
export type RecordCheck = (tx: Transaction, record: Record<string, unknown>) => Promise<Record<string, string>>;
const recordChecks: Partial<Record<PlainResource, RecordCheck>> = {
  // A mail written by hand may carry only the documents of the reservation it is about.
  mail: async (_tx, record) => mailAttachmentErrors(record),
  // No tier of a price rule at 0 € or below the company's floor (settings.minDailyRate).
  prices: async (tx, record) => {
    const settings = await loadSettings(tx);
    return priceFloorErrors(record as { tiers: { dailyRate: number }[] }, floorOfSettings(settings));
  },
};

export const MAIL_ATTACHMENT_SCOPE_MESSAGE =
  "Pridėti galima tik tos rezervacijos dokumentus, apie kurią laiškas (nuoroda reservation:<id>)";

/** Field errors when a hand-written mail attaches a file that is not its reservation's own document. */
export function mailAttachmentErrors(record: Record<string, unknown>): Record<string, string> {
  const message = (record.message ?? {}) as { attachments?: { path?: unknown }[] };
  const attachments = message.attachments ?? [];
  if (attachments.length === 0) return {};
  const ref = typeof record.ref === "string" ? /^reservation:([A-Za-z0-9-]{1,64})$/.exec(record.ref) : null;
  const reservationId = ref?.[1];
  const own = (path: unknown) =>
    typeof path === "string" && !!reservationId && path.startsWith(`documents/${reservationId}-`);
  return attachments.every((attachment) => own(attachment.path))
    ? {}
    : { "message.attachments": MAIL_ATTACHMENT_SCOPE_MESSAGE };
}

function withoutStamps(value: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...value };
  for (const key of STAMP_KEYS) delete copy[key];
  return copy;
}

/** The resource's schema, as a plain-object parser (the map holds a different schema per resource). */
function parseRecord(resource: PlainResource, value: Record<string, unknown>): Record<string, unknown> {
  const schema = ADMIN_RESOURCES[resource] as unknown as ZodType<Record<string, unknown>>;
  return withoutStamps(parseFields(schema, value));
}

async function checkRecord(tx: Transaction, resource: PlainResource, record: Record<string, unknown>): Promise<void> {
  const check = recordChecks[resource];
  if (!check) return;
  const errors = await check(tx, record);
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
}

/** Resources staff put in order (the sorting page); a new one is placed last. */
const ORDERED_RESOURCES = new Set<PlainResource>(["cars", "offers", "locations", "extras"]);

async function nextSortOrder(tx: Transaction, collection: string): Promise<number> {
  const docs = await tx.query(collection);
  const orders = docs.map((doc) => doc.data.sortOrder).filter((value): value is number => typeof value === "number");
  return orders.length === 0 ? 0 : Math.max(...orders) + 1;
}

function collectionOf(resource: PlainResource): string {
  return COLLECTIONS[resource];
}

function assertRecordId(ctx: CoreContext, resource: PlainResource, id: string): void {
  const known = resource === "settings" ? id === SETTINGS_ID : ctx.store.isId(id);
  if (!known) throw new CoreError("not-found", RECORD_NOT_FOUND_MESSAGE);
}

async function inStore<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StoreConstraintError && error.kind === "duplicate") {
      throw new CoreError("conflict", DUPLICATE_RECORD_MESSAGE);
    }
    throw error;
  }
}

const recordOf = (id: string, data: Record<string, unknown>): Stamped<Record<string, unknown>> =>
  toRecord<Record<string, unknown>>({ id, data } satisfies StoredDoc);

export async function createStaffRecord(
  ctx: CoreContext,
  resource: PlainResource,
  body: unknown,
  actor: string,
): Promise<Stamped<Record<string, unknown>>> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new InputError("Užklausos turinys turi būti JSON objektas");
  }
  const input = withoutStamps(body as Record<string, unknown>);
  const collection = collectionOf(resource);
  const placed = ORDERED_RESOURCES.has(resource) && (input.sortOrder === undefined || input.sortOrder === null);
  parseRecord(resource, input);
  const now = ctx.clock.now();
  const record = await inStore(() =>
    ctx.store.transaction(async (tx) => {
      if (resource === "settings" && (await tx.get(collection, SETTINGS_ID))) {
        throw new CoreError("conflict", SETTINGS_EXIST_MESSAGE);
      }
      // A new car, offer, place or extra without a place of its own goes last, not first.
      const data = parseRecord(resource, placed ? { ...input, sortOrder: await nextSortOrder(tx, collection) } : input);
      await checkRecord(tx, resource, data);
      const w = writer(tx, ctx.store, now);
      const id = insertDoc(w, collection, data, resource === "settings" ? SETTINGS_ID : undefined);
      writeAudit(w, { action: "create", resource, recordId: id, actor });
      const at = now.toISOString();
      return recordOf(id, { ...data, version: 1, createdAt: at, updatedAt: at });
    }),
  );
  ctx.events.publish(resource, record.id, "created");
  return record;
}

/**
 * An update: the whole record from an edit form, or only the changed fields (a bulk change).
 * With a `version`, it must be the stored one, or the update is refused as stale.
 */
export async function updateStaffRecord(
  ctx: CoreContext,
  resource: PlainResource,
  id: string,
  body: unknown,
  actor: string,
): Promise<Stamped<Record<string, unknown>>> {
  assertRecordId(ctx, resource, id);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new InputError("Užklausos turinys turi būti JSON objektas");
  }
  const expected = expectedVersionOf(body as Record<string, unknown>);
  const changes = withoutStamps(withoutVersion(body as Record<string, unknown>));
  const collection = collectionOf(resource);
  const now = ctx.clock.now();
  const record = await inStore(() =>
    ctx.store.transaction(async (tx) => {
      const found = await tx.get(collection, id);
      if (!found) throw new CoreError("not-found", RECORD_NOT_FOUND_MESSAGE);
      const current = toRecord<Record<string, unknown>>(found);
      assertFresh(current, expected);
      const data = parseRecord(resource, { ...withoutStamps(current), ...changes });
      await checkRecord(tx, resource, data);
      const w = writer(tx, ctx.store, now);
      const stamps = replaceDoc(w, collection, id, { ...data, version: current.version }, current.createdAt);
      writeAudit(w, { action: "update", resource, recordId: id, actor, ...changesDetail(current, data) });
      return recordOf(id, { ...data, ...stamps });
    }),
  );
  ctx.events.publish(resource, id, "updated");
  return record;
}

export async function deleteStaffRecord(
  ctx: CoreContext,
  resource: PlainResource,
  id: string,
  actor: string,
): Promise<Stamped<Record<string, unknown>>> {
  if (resource === "settings") throw new CoreError("forbidden", SETTINGS_DELETE_MESSAGE);
  assertRecordId(ctx, resource, id);
  const collection = collectionOf(resource);
  const now = ctx.clock.now();
  const record = await ctx.store.transaction(async (tx) => {
    const found = await tx.get(collection, id);
    if (!found) throw new CoreError("not-found", RECORD_NOT_FOUND_MESSAGE);
    tx.delete(collection, id);
    writeAudit(writer(tx, ctx.store, now), { action: "delete", resource, recordId: id, actor });
    return toRecord<Record<string, unknown>>(found);
  });
  ctx.events.publish(resource, id, "deleted");
  return record;
}

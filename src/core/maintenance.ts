// Maintenance blocks: a car out of service for a period, with a reason. A block takes the car
// exactly as a reservation does: created and moved under the same car lock (`car-<id>`) as every
// booking, refused when a reservation or another block holds the car then (turnaround buffer
// included), and on PostgreSQL/PGlite the database's exclusion constraint over blocks and
// reservations together (server/db/migrations/005_maintenance.sql) is the safety net.
//
// Also the helpers the booking use cases read blocks with (reservations.ts, search.ts,
// quoteCheck.ts), so a block stops a booking on every backend.
import { findBlockConflicts, findConflicts, type Period } from "../domain/availability";
import { parseFields } from "../domain/input";
import {
  MAINTENANCE_CONFLICT_MESSAGE,
  MAINTENANCE_NOT_FOUND_MESSAGE,
  type MaintenanceBlock,
  type MaintenanceListQuery,
  maintenanceInputSchema,
  maintenanceListSchema,
} from "../domain/upkeep";
import { reservationsHoldingCar } from "./carHolds";
import { loadCar, loadSettings } from "./catalog";
import { COLLECTIONS } from "./collections";
import { CoreError } from "./errors";
import { type CoreContext, type Reader, StoreConstraintError, type Transaction } from "./ports";
import { toRecord } from "./records";
import { assertFresh, expectedVersionOf, versionOf } from "./versions";
import { insertDoc, replaceDoc, type StaffActor, writeAudit, writer } from "./writes";

export type { MaintenanceBlock } from "../domain/upkeep";

// ---------- reading blocks (also for the booking use cases) ----------

/** Every block of a car. */
export async function carBlocks(reader: Reader, carId: string): Promise<MaintenanceBlock[]> {
  const docs = await reader.query(COLLECTIONS.maintenance, { where: [{ field: "carId", op: "==", value: carId }] });
  return docs.map((doc) => toRecord<MaintenanceBlock>(doc));
}

/**
 * Blocks of any car that start before `before` (an ISO instant); the caller finishes the overlap
 * test (one range per query, as Firestore's indexes allow).
 */
export async function blocksStartingBefore(reader: Reader, before: string): Promise<MaintenanceBlock[]> {
  const docs = await reader.query(COLLECTIONS.maintenance, { where: [{ field: "from", op: "<", value: before }] });
  return docs.map((doc) => toRecord<MaintenanceBlock>(doc));
}

/** Whether no block of the car clashes with the period (buffer included). */
export async function carHasNoBlock(
  reader: Reader,
  carId: string,
  period: Period,
  bufferMinutes: number,
  ignoreBlockId?: string,
): Promise<boolean> {
  return (
    findBlockConflicts(carId, period, await carBlocks(reader, carId), ignoreBlockId ?? null, bufferMinutes).length === 0
  );
}

// ---------- use cases ----------

const carLockKey = (carId: string): string => `car-${carId}`;
const maintenanceConflict = (): CoreError => new CoreError("conflict", MAINTENANCE_CONFLICT_MESSAGE);

/** A transaction whose write the database refused as an overlap answers the block's conflict. */
async function blockTransaction<T>(ctx: CoreContext, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await ctx.store.transaction(fn);
  } catch (error) {
    if (error instanceof StoreConstraintError && error.kind === "overlap") throw maintenanceConflict();
    throw error;
  }
}

/** Refuses the period when a reservation or another block holds the car then (buffer included). */
async function assertCarFree(
  tx: Transaction,
  carId: string,
  period: Period,
  ignoreBlockId: string | undefined,
): Promise<void> {
  const settings = await loadSettings(tx);
  const buffer = settings.bookingRules.turnaroundMinutes;
  await tx.lock(carLockKey(carId));
  const reservations = await reservationsHoldingCar(tx, carId);
  if (findConflicts(carId, period, reservations, null, buffer).length > 0) throw maintenanceConflict();
  if (!(await carHasNoBlock(tx, carId, period, buffer, ignoreBlockId))) throw maintenanceConflict();
}

const storedBlock = (block: Omit<MaintenanceBlock, "id" | "version" | "createdAt" | "updatedAt">) => ({
  carId: block.carId,
  from: block.from,
  to: block.to,
  reason: block.reason,
  createdBy: block.createdBy,
});

/** A new block: the car must exist and be free then; 409 in Lithuanian otherwise. */
export async function createMaintenance(ctx: CoreContext, body: unknown, actor: StaffActor): Promise<MaintenanceBlock> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const input = parseFields(maintenanceInputSchema, body);
  const period = { pickupAt: input.from, returnAt: input.to };
  const outcome = await blockTransaction(ctx, async (tx) => {
    const car = await loadCar(tx, store, input.carId);
    if (!car) throw new CoreError("not-found", "Automobilis nerastas");
    await assertCarFree(tx, car.id, period, undefined);
    const w = writer(tx, store, now);
    const data = storedBlock({ ...input, createdBy: actor.email });
    const id = insertDoc(w, COLLECTIONS.maintenance, data);
    writeAudit(w, { action: "create", resource: "maintenance", recordId: id, actor: actor.email });
    const at = now.toISOString();
    return {
      block: { ...data, id, version: 1, createdAt: at, updatedAt: at } as MaintenanceBlock,
      car: `${car.make} ${car.model}`,
    };
  });
  ctx.events.publish("maintenance", outcome.block.id, "created");
  ctx.log.info(
    `Automobilis ${outcome.car} užblokuotas ${outcome.block.from}–${outcome.block.to}: ${outcome.block.reason} (${actor.email})`,
  );
  return outcome.block;
}

/**
 * An edit of a block (car, period, reason). With a `version`, it must be the stored one. A move
 * is checked as a new block, never against itself.
 */
export async function updateMaintenance(
  ctx: CoreContext,
  id: string,
  body: unknown,
  actor: StaffActor,
): Promise<MaintenanceBlock> {
  const { store } = ctx;
  const now = ctx.clock.now();
  if (!store.isId(id)) throw new CoreError("not-found", MAINTENANCE_NOT_FOUND_MESSAGE);
  const raw = (typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}) as Record<
    string,
    unknown
  >;
  const expected = expectedVersionOf(raw);
  const { version: _version, id: _id, createdBy: _by, createdAt: _c, updatedAt: _u, ...fields } = raw;
  const outcome = await blockTransaction(ctx, async (tx) => {
    const found = await tx.get(COLLECTIONS.maintenance, id);
    if (!found) throw new CoreError("not-found", MAINTENANCE_NOT_FOUND_MESSAGE);
    const current = toRecord<MaintenanceBlock>(found);
    assertFresh(current, expected);
    const input = parseFields(maintenanceInputSchema, {
      carId: current.carId,
      from: current.from,
      to: current.to,
      reason: current.reason,
      ...fields,
    });
    const car = await loadCar(tx, store, input.carId);
    if (!car) throw new CoreError("not-found", "Automobilis nerastas");
    const period = { pickupAt: input.from, returnAt: input.to };
    if (car.id !== current.carId) await tx.lock(carLockKey(current.carId));
    await assertCarFree(tx, car.id, period, id);
    const w = writer(tx, store, now);
    const data = storedBlock({ ...input, createdBy: current.createdBy });
    const stamps = replaceDoc(w, COLLECTIONS.maintenance, id, data, current.createdAt, versionOf(current));
    writeAudit(w, { action: "update", resource: "maintenance", recordId: id, actor: actor.email });
    return { ...data, id, ...stamps } as MaintenanceBlock;
  });
  ctx.events.publish("maintenance", id, "updated");
  ctx.log.info(`Blokavimas ${id} pakeistas: ${outcome.from}–${outcome.to} (${actor.email})`);
  return outcome;
}

/** Removes a block: the car is free again then. */
export async function deleteMaintenance(ctx: CoreContext, id: string, actor: StaffActor): Promise<{ id: string }> {
  const { store } = ctx;
  const now = ctx.clock.now();
  if (!store.isId(id)) throw new CoreError("not-found", MAINTENANCE_NOT_FOUND_MESSAGE);
  await store.transaction(async (tx) => {
    const found = await tx.get(COLLECTIONS.maintenance, id);
    if (!found) throw new CoreError("not-found", MAINTENANCE_NOT_FOUND_MESSAGE);
    const block = toRecord<MaintenanceBlock>(found);
    await tx.lock(carLockKey(block.carId));
    const w = writer(tx, store, now);
    tx.delete(COLLECTIONS.maintenance, id);
    writeAudit(w, {
      action: "delete",
      resource: "maintenance",
      recordId: id,
      actor: actor.email,
      carId: block.carId,
      from: block.from,
      to: block.to,
    });
  });
  ctx.events.publish("maintenance", id, "deleted");
  ctx.log.info(`Blokavimas ${id} pašalintas (${actor.email})`);
  return { id };
}

/** The blocks that overlap [from, to) (of one car, when `carId` is given), earliest first. */
export async function listMaintenance(ctx: CoreContext, query: unknown): Promise<MaintenanceBlock[]> {
  const q: MaintenanceListQuery = parseFields(maintenanceListSchema, query);
  const period = { pickupAt: q.from, returnAt: q.to };
  const to = new Date(q.to).toISOString();
  const candidates = q.carId ? await carBlocks(ctx.store, q.carId) : await blocksStartingBefore(ctx.store, to);
  const cars = q.carId ? [q.carId] : [...new Set(candidates.map((block) => block.carId))];
  return cars
    .flatMap((carId) => findBlockConflicts(carId, period, candidates))
    .sort((a, b) => a.from.localeCompare(b.from) || a.carId.localeCompare(b.carId));
}

// Stored documents as the domain's records: { id, ...data }. The data of every store is plain
// JSON (see ports.ts). readRecord checks the data against the domain's schema at this boundary
// (toRecord only puts the id in, for the generic readers that know no schema).
import { type ZodObject, type ZodRawShape, type ZodType, z } from "zod";
import {
  carSchema,
  customerSchema,
  damageSchema,
  fleetSchema,
  mailSchema,
  newsSchema,
  requestSchema,
  reservationSchema,
} from "../domain/schemas";
import type { StoredDoc } from "./ports";

export type WithId<T> = T & { id: string };
export type Stamped<T> = WithId<T> & { createdAt: string; updatedAt: string };

/**
 * What is worked out from a document's data, made once while the data is frozen: the server's
 * shared in-memory copy (memoryStore `sharedReads`) hands the same frozen data to every reader
 * until it changes, and a search reads a thousand cars and thousands of holds each time. Data
 * that is not frozen may change, so it is worked out every time.
 */
export function derivedOnce<T>(cache: WeakMap<object, T>, data: object, make: () => T): T {
  if (!Object.isFrozen(data)) return make();
  let value = cache.get(data);
  if (value === undefined) {
    value = make();
    cache.set(data, value);
  }
  return value;
}

/** Records of frozen data, frozen as well (shared by every reader). */
const frozenRecords = new WeakMap<object, object>();

/** { ...data, id }, frozen when the data is. */
const recordOf = (doc: StoredDoc): object =>
  Object.isFrozen(doc.data) ? Object.freeze({ ...doc.data, id: doc.id }) : { ...doc.data, id: doc.id };

export const toRecord = <T>(doc: StoredDoc): Stamped<T> =>
  derivedOnce(frozenRecords, doc.data, () => recordOf(doc)) as Stamped<T>;

/**
 * The check of a stored document against an entity's schema: each field present must have the
 * schema's shape; fields may be missing (documents from before a field existed, partial test
 * data) and the store's own fields (version, createdAt, number, …) pass. Refinements across
 * fields are the writers' business: they ran when the document was written.
 */
const storedShapes = new WeakMap<object, ZodType>();
function storedShape(schema: ZodObject<ZodRawShape>): ZodType {
  let shape = storedShapes.get(schema);
  if (!shape) {
    shape = z.looseObject(schema.shape).partial();
    storedShapes.set(schema, shape);
  }
  return shape;
}

/** A stored document that does not have its entity's shape: a bug or damaged data, never the caller's input. */
export class StoredShapeError extends Error {
  constructor(
    readonly id: string,
    readonly fields: string[],
  ) {
    super(`Saugomo dokumento ${id} laukai neatitinka schemos: ${fields.join(", ")}`);
    this.name = "StoredShapeError";
  }
}

/** Checked records of frozen data, made once and frozen as well (shared by every reader). */
const checkedRecords = new WeakMap<object, object>();

/**
 * A stored document as the entity's record, its data checked against the schema (see storedShape)
 * and then given as stored: { ...data, id }. Throws StoredShapeError when the data does not fit.
 */
export function readRecord<S extends ZodObject<ZodRawShape>>(schema: S, doc: StoredDoc): Stamped<z.output<S>> {
  return derivedOnce(checkedRecords, doc.data, () => {
    const checked = storedShape(schema).safeParse(doc.data);
    if (!checked.success) {
      throw new StoredShapeError(doc.id, [
        ...new Set(checked.error.issues.map((issue) => issue.path.join(".") || "_")),
      ]);
    }
    return recordOf(doc);
  }) as Stamped<z.output<S>>;
}

// The entities the use cases read, each checked against its schema.
export const reservationRecord = (doc: StoredDoc) => readRecord(reservationSchema, doc);
export const customerRecord = (doc: StoredDoc) => readRecord(customerSchema, doc);
export const carRecord = (doc: StoredDoc) => readRecord(carSchema, doc);
export const damageRecord = (doc: StoredDoc) => readRecord(damageSchema, doc);
export const fleetRecord = (doc: StoredDoc) => readRecord(fleetSchema, doc);
export const inquiryRecord = (doc: StoredDoc) => readRecord(requestSchema, doc);
export const newsRecord = (doc: StoredDoc) => readRecord(newsSchema, doc);
export const mailRecord = (doc: StoredDoc) => readRecord(mailSchema, doc);

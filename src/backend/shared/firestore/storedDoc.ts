// Records as react-admin sees them <-> documents as Firestore stores them. Pure: no SDK.
//
// Stored documents:
// - hold every schema field, a missing one as null, so sorting by any field never drops a
//   document (Firestore leaves out documents that lack the field it orders by);
// - hold instants (pickupAt, publishedAt, ...) as ISO strings in UTC, so they sort in time order;
// - hold createdAt/updatedAt as Firestore Timestamps (serverTimestamp() on write);
// - carry the adapter's own fields, named with a leading "_" (search tokens, lower-cased e-mail,
//   reservations' `_unpaid` and `_overpaid` flags of the "Neapmokėtos" and "Permoka" lists).
// Records read back lose the "_" fields, get ISO audit fields and lose the nulls their schema
// does not accept, so an edit form saves them back unchanged.

import type { ZodType } from "zod";
import { issueFieldErrors } from "../../../domain/input";
import { isOverpaid } from "../../../domain/overpayment";
import { owesBalance } from "../../../domain/payments";
import { SEARCH_FIELDS } from "../../../domain/searchText";
import {
  AUDIT_FIELDS,
  EMAIL_LOWER_FIELD,
  type FirestoreResource,
  isInternalField,
  OVERPAID_FIELD,
  RESOURCE_MODELS,
  UNPAID_FIELD,
} from "./model";
import { SEARCH_FIELD, searchTokens } from "./searchTokens";

export type FieldKind = "string" | "datetime" | "number" | "boolean" | "array" | "object" | "enum" | "unknown";

interface ZodDefLike {
  type: string;
  format?: string;
  innerType?: ZodType;
  in?: ZodType;
  shape?: Record<string, ZodType>;
}

const defOf = (schema: ZodType): ZodDefLike => (schema as unknown as { _zod: { def: ZodDefLike } })._zod.def;

/** The schema without default/optional/nullable/pipe wrappers. */
function unwrap(schema: ZodType): ZodType {
  let current = schema;
  for (let depth = 0; depth < 10; depth++) {
    const def = defOf(current);
    if (def.innerType && ["default", "optional", "nullable", "readonly", "prefault", "catch"].includes(def.type)) {
      current = def.innerType;
    } else if (def.type === "pipe" && def.in) {
      current = def.in;
    } else {
      break;
    }
  }
  return current;
}

/** The object shape of a schema (refined objects keep theirs); null when it is not an object. */
export function shapeOf(schema: ZodType): Record<string, ZodType> | null {
  const inner = unwrap(schema) as unknown as { shape?: Record<string, ZodType> };
  return inner.shape && typeof inner.shape === "object" ? inner.shape : null;
}

/** The schema of a dotted field path ("delivery.state"), or null. */
export function fieldSchema(schema: ZodType, path: string): ZodType | null {
  let current: ZodType | null = schema;
  for (const part of path.split(".")) {
    const shape: Record<string, ZodType> | null = current ? shapeOf(current) : null;
    current = shape?.[part] ?? null;
    if (!current) return null;
  }
  return current;
}

export function fieldKind(schema: ZodType, path: string): FieldKind {
  if ((AUDIT_FIELDS as readonly string[]).includes(path)) return "datetime";
  const field = fieldSchema(schema, path);
  if (!field) return "unknown";
  const def = defOf(unwrap(field));
  if (def.type === "string" && def.format === "datetime") return "datetime";
  if (["string", "number", "boolean", "array", "object", "enum"].includes(def.type)) return def.type as FieldKind;
  return "unknown";
}

/** Whether a field's schema takes null (nullable fields); optional-only fields do not. */
export function acceptsNull(schema: ZodType, key: string): boolean {
  const field = fieldSchema(schema, key);
  return field ? field.safeParse(null).success : true;
}

/** Top-level keys of a resource's schema. */
export function schemaKeys(resource: FirestoreResource): string[] {
  const shape = shapeOf(RESOURCE_MODELS[resource].schema);
  return shape ? Object.keys(shape) : [];
}

/** A value the SDKs use for Timestamps: anything with toDate(). */
interface TimestampLike {
  toDate(): Date;
}
const isTimestampLike = (value: unknown): value is TimestampLike =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { toDate?: unknown }).toDate === "function" &&
  !(value instanceof Date);

/** Timestamps (at any depth) as ISO strings. */
export function plainValue(value: unknown): unknown {
  if (isTimestampLike(value)) {
    const date = value.toDate();
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plainValue);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = plainValue(inner);
    return out;
  }
  return value;
}

const toIsoInstant = (value: unknown): unknown => {
  if (typeof value !== "string" && !(value instanceof Date)) return value;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? value : new Date(time).toISOString();
};

/**
 * A validated record as a stored document: without id and audit fields (the caller sets
 * those), with every schema field present, instants in UTC and the internal fields.
 */
export function toStoredDoc(resource: FirestoreResource, record: Record<string, unknown>): Record<string, unknown> {
  const { schema, search } = RESOURCE_MODELS[resource];
  const stored: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === "id" || key === "password" || (AUDIT_FIELDS as readonly string[]).includes(key)) continue;
    if (isInternalField(key) || value === undefined) continue;
    stored[key] = fieldKind(schema, key) === "datetime" ? toIsoInstant(value) : value;
  }
  for (const key of schemaKeys(resource)) {
    if (key === "id" || key === "password" || (AUDIT_FIELDS as readonly string[]).includes(key)) continue;
    if (!(key in stored)) stored[key] = null;
  }
  // The model says whether a list is searched (its indexes exist); the domain says which fields.
  if (search.length > 0) stored[SEARCH_FIELD] = searchTokens(stored, SEARCH_FIELDS[resource]);
  if (resource === "customers" && typeof stored.email === "string") {
    stored[EMAIL_LOWER_FIELD] = stored.email.trim().toLowerCase();
  }
  // Derived from the same document, so it can never disagree with its status, price or payments.
  if (resource === "reservations") {
    stored[UNPAID_FIELD] = owesBalance(stored);
    stored[OVERPAID_FIELD] = isOverpaid(stored);
  }
  return stored;
}

/** A stored document as a react-admin record. */
export function fromStoredDoc(
  resource: FirestoreResource,
  id: string,
  data: Record<string, unknown>,
): Record<string, unknown> & { id: string } {
  const { schema } = RESOURCE_MODELS[resource];
  const record: Record<string, unknown> & { id: string } = { id };
  for (const [key, value] of Object.entries(data)) {
    if (isInternalField(key) || key === "id" || key === "password") continue;
    if (value === null && !(AUDIT_FIELDS as readonly string[]).includes(key) && !acceptsNull(schema, key)) continue;
    record[key] = plainValue(value);
  }
  record.id = id;
  return record;
}

export interface ValidationFailure {
  message: string;
  errors: Record<string, string>;
}

export const INVALID_RECORD_MESSAGE = "Patikrinkite pažymėtus laukus";
export { UNKNOWN_FIELD_MESSAGE } from "../../../domain/input";

/** Zod issues as { "field.path": "message" }; unknown keys get their own message. */
export function fieldErrors(issues: Parameters<typeof issueFieldErrors>[0]["issues"]): Record<string, string> {
  return issueFieldErrors({ issues });
}

/**
 * What a form sent, as the schema accepts it: only schema keys, no audit or internal fields,
 * nulls dropped where the schema does not take them. Then validated with the domain schema.
 */
export function validateRecord(
  resource: FirestoreResource,
  data: Record<string, unknown>,
): { ok: true; value: Record<string, unknown> } | { ok: false; failure: ValidationFailure } {
  const { schema } = RESOURCE_MODELS[resource];
  const keys = new Set(schemaKeys(resource));
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === "id" || (AUDIT_FIELDS as readonly string[]).includes(key) || isInternalField(key)) continue;
    if (!keys.has(key) || value === undefined) continue;
    if (value === null && !acceptsNull(schema, key)) continue;
    input[key] = value;
  }
  // The Trigger Email extension adds its own bookkeeping to `delivery`; keep the schema's part.
  if (resource === "mail" && input.delivery && typeof input.delivery === "object") {
    const { state, attempts, error, endTime } = input.delivery as Record<string, unknown>;
    input.delivery = { state, attempts: attempts ?? 0, error: error ?? null, endTime: plainValue(endTime) ?? null };
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data as Record<string, unknown> };
  return {
    ok: false,
    failure: {
      message: INVALID_RECORD_MESSAGE,
      errors: fieldErrors(parsed.error.issues as Parameters<typeof fieldErrors>[0]),
    },
  };
}

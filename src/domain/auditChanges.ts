// What an edit changed, for the audit log: each changed field's value before and after. Kept
// small: only the fields that differ (nested objects by their dotted path, lists whole), long
// texts cut, never a secret (passwords, hashes, tokens, keys). Pure: the core and the Firebase
// trigger both call it.

export interface FieldChange {
  before: unknown;
  after: unknown;
}
export type AuditChanges = Record<string, FieldChange>;

/** Kept by the store on every write, not an edit of anyone's. */
const STAMP_KEYS = new Set(["id", "createdAt", "updatedAt", "version"]);
/** Names that may hold a secret: the value is never copied into the log. */
const SECRET_KEY = /pass(word)?|secret|token|hash|apikey|api_key|privatekey|credential/i;
/** A changed text longer than this is cut (rich-text bodies, notes). */
export const AUDIT_TEXT_MAX = 300;
/** At most this many fields per entry. */
export const AUDIT_FIELDS_MAX = 60;
export const SECRET_VALUE = "••••";

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

function shown(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === "string" && value.length > AUDIT_TEXT_MAX) return `${value.slice(0, AUDIT_TEXT_MAX)}…`;
  if (value instanceof Date) return value.toISOString();
  const json = JSON.stringify(value);
  if (json !== undefined && json.length > AUDIT_TEXT_MAX * 4) return `${json.slice(0, AUDIT_TEXT_MAX)}…`;
  return value;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function walk(before: unknown, after: unknown, path: string, out: AuditChanges): void {
  if (same(before, after)) return;
  const key = path.slice(path.lastIndexOf(".") + 1);
  if (SECRET_KEY.test(key)) {
    out[path] = { before: SECRET_VALUE, after: SECRET_VALUE };
    return;
  }
  if (isPlainObject(before) && isPlainObject(after) && path.split(".").length < 3) {
    for (const child of new Set([...Object.keys(before), ...Object.keys(after)])) {
      walk(before[child], after[child], `${path}.${child}`, out);
    }
    return;
  }
  out[path] = { before: shown(before), after: shown(after) };
}

/** The changed fields between two versions of a record; empty when nothing changed. */
export function auditChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): AuditChanges {
  const out: AuditChanges = {};
  const a = before ?? {};
  const b = after ?? {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (STAMP_KEYS.has(key) || key.startsWith("_")) continue;
    walk(a[key], b[key], key, out);
  }
  const keys = Object.keys(out);
  if (keys.length <= AUDIT_FIELDS_MAX) return out;
  return Object.fromEntries(keys.slice(0, AUDIT_FIELDS_MAX).map((key) => [key, out[key] as FieldChange]));
}

/** The audit entry's detail: `{ changes }` when anything changed, nothing otherwise. */
export function changesDetail(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): { changes?: AuditChanges } {
  const changes = auditChanges(before, after);
  return Object.keys(changes).length > 0 ? { changes } : {};
}

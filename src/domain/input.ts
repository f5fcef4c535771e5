import type { ZodType } from "zod";

// Request bodies as both backends (local server and Cloud Functions) read them: only known
// top-level fields; a client's price fields are dropped unread; any other unknown field is a
// field error, so a typo never passes unnoticed. Failures are InputError, which each backend
// maps to its own error (server: 400/422, functions: invalid-argument).

export const UNKNOWN_FIELD_MESSAGE = "Nežinomas laukas";
export const INVALID_INPUT_MESSAGE = "Patikrinkite pažymėtus laukus";
export const BODY_NOT_OBJECT_MESSAGE = "Užklausos turinys turi būti JSON objektas";

/**
 * Bad input. With `errors`, the fields to mark (HTTP 422); without, the body itself is not
 * usable (HTTP 400).
 */
export class InputError extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string> | null = null,
  ) {
    super(message);
    this.name = "InputError";
  }
}

/** Field errors with the usual "Patikrinkite pažymėtus laukus" message. */
export const invalidFields = (errors: Record<string, string>, message = INVALID_INPUT_MESSAGE): InputError =>
  new InputError(message, errors);

/** Price fields a client may send (a stale preview, say): dropped unread, the server prices. */
export const CLIENT_PRICE_FIELDS = [
  "quote",
  "price",
  "total",
  "perDay",
  "dailyRate",
  "discount",
  "deposit",
  "amount",
  "vat",
] as const;

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Keys that name an object's prototype machinery. JSON.parse makes `"__proto__"` an own key,
 * which spreading, assignment and schemas may drop or merge silently: such a key is never a
 * field, so it is refused wherever it appears, top level or nested, like any unknown field.
 */
export const RESERVED_KEYS: readonly string[] = ["__proto__", "constructor", "prototype"];

/** At most this many reserved keys are named in one answer. */
const MAX_RESERVED_KEY_ERRORS = 20;

/** Sets a field error as an own property, even for a key such as "__proto__". */
const setOwn = (errors: Record<string, string>, key: string, message: string): void => {
  Object.defineProperty(errors, key, { value: message, enumerable: true, writable: true, configurable: true });
};

/** Field errors for every reserved key in a parsed body ("customer.__proto__": "Nežinomas laukas"). */
export function reservedKeyErrors(value: unknown, prefix?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  let count = 0;
  // Iterative, so a deeply nested body cannot overflow the stack.
  const pending: { value: unknown; path: string }[] = [{ value, path: prefix ?? "" }];
  const join = (path: string, key: string) => (path === "" ? key : `${path}.${key}`);
  while (pending.length > 0 && count < MAX_RESERVED_KEY_ERRORS) {
    const next = pending.pop();
    if (!next || typeof next.value !== "object" || next.value === null) continue;
    if (Array.isArray(next.value)) {
      next.value.forEach((item, index) => {
        pending.push({ value: item, path: join(next.path, String(index)) });
      });
      continue;
    }
    for (const key of Object.keys(next.value)) {
      if (RESERVED_KEYS.includes(key)) {
        if (count >= MAX_RESERVED_KEY_ERRORS) break;
        setOwn(errors, join(next.path, key), UNKNOWN_FIELD_MESSAGE);
        count += 1;
      } else {
        pending.push({ value: (next.value as Record<string, unknown>)[key], path: join(next.path, key) });
      }
    }
  }
  return errors;
}

/** Refuses a body with a reserved key anywhere in it (see RESERVED_KEYS). */
export function refuseReservedKeys(value: unknown, prefix?: string): void {
  const errors = reservedKeyErrors(value, prefix);
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
}

/** Zod issues as field errors; an unknown key becomes its own field ("customer.foo": "Nežinomas laukas"). */
export function issueFieldErrors(error: {
  issues: readonly { code: string; path: readonly PropertyKey[]; message: string; keys?: readonly string[] }[];
}): Record<string, string> {
  const errors: Record<string, string> = {};
  const set = (key: string, message: string) => {
    if (!Object.hasOwn(errors, key)) setOwn(errors, key, message);
  };
  for (const issue of error.issues) {
    const base = issue.path.map(String);
    if (issue.code === "unrecognized_keys" && issue.keys) {
      for (const key of issue.keys) set([...base, key].join("."), UNKNOWN_FIELD_MESSAGE);
    } else {
      set(base.length > 0 ? base.join(".") : "_", issue.message);
    }
  }
  return errors;
}

export const prefixErrors = (errors: Record<string, string>, prefix: string): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([key, message]) => [`${prefix}.${key}`, message]));

/**
 * A request body as a plain object with only the known top-level fields. `ignored` fields
 * are dropped silently; any other unknown field is a field error.
 */
export function prepareBody(
  body: unknown,
  known: readonly string[],
  ignored: readonly string[] = [],
): Record<string, unknown> {
  if (!isPlainObject(body)) throw new InputError(BODY_NOT_OBJECT_MESSAGE);
  refuseReservedKeys(body);
  const out: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (ignored.includes(key)) continue;
    if (known.includes(key)) out[key] = value;
    else setOwn(errors, key, UNKNOWN_FIELD_MESSAGE);
  }
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  return out;
}

/** Price fields inside extras lines ({ id, quantity, price }) are ignored like top-level ones. */
export function dropExtraPrices(extras: unknown): unknown {
  if (!Array.isArray(extras)) return extras;
  return extras.map((item) => {
    if (!isPlainObject(item)) return item;
    const copy = { ...item };
    for (const key of CLIENT_PRICE_FIELDS) delete copy[key];
    return copy;
  });
}

/** Parses with a zod schema; the issues become field errors. */
export function parseFields<T>(schema: ZodType<T>, value: unknown, prefix?: string): T {
  refuseReservedKeys(value, prefix);
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors = issueFieldErrors(parsed.error);
  throw invalidFields(prefix ? prefixErrors(errors, prefix) : errors);
}

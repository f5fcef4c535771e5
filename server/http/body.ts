// Request bodies: JSON only, with Lithuanian errors for every way a body can be wrong.
import type { Context } from "hono";
import type { ZodType } from "zod";
import { INVALID_INPUT_MESSAGE, reservedKeyErrors } from "../../src/domain/input";
import { ApiError, validationError } from "./errors";

export const MALFORMED_JSON_MESSAGE = "Neteisingas JSON formatas";
export const NUL_CHARACTER_MESSAGE = "Užklausoje yra neleistinas simbolis (NUL)";
/** An escaped NUL (backslash, "u0000") in JSON text, not itself an escaped backslash and "u0000" (a raw NUL is malformed JSON). */
const ESCAPED_NUL = /(?<!\\)(?:\\\\)*\\u0000/;
export const JSON_TOO_DEEP_MESSAGE = "Per daug įdėtų JSON lygių";
export const JSON_TOO_MANY_KEYS_MESSAGE = "Per daug laukų užklausoje";

/** No form or record of ours nests deeper; a body that does is refused before it is parsed. */
export const MAX_JSON_DEPTH = 32;
/** More object members than any record or batch of ours has (1 000 cars' order is ~2 000). */
export const MAX_JSON_KEYS = 20_000;

/**
 * Whether JSON text nests deeper than MAX_JSON_DEPTH or has more than MAX_JSON_KEYS object members,
 * in one pass that never recurses and stops at the first limit passed: a 100 000-deep or
 * 120 000-key body is refused in milliseconds, before JSON.parse, the reserved-key walk or zod
 * could spend seconds or overflow the stack on it.
 */
export function jsonOverLimits(text: string): "depth" | "keys" | null {
  let depth = 0;
  let keys = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92 /* backslash */) i++;
      else if (code === 34 /* " */) inString = false;
      continue;
    }
    if (code === 34) inString = true;
    else if (code === 123 /* { */ || code === 91 /* [ */) {
      if (++depth > MAX_JSON_DEPTH) return "depth";
    } else if (code === 125 /* } */ || code === 93 /* ] */) depth--;
    else if (code === 58 /* : */ && ++keys > MAX_JSON_KEYS) return "keys";
  }
  return null;
}

export const JSON_CONTENT_TYPE_MESSAGE = "Užklausos turinys turi būti JSON (Content-Type: application/json)";

export function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const type = value.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/**
 * Parses JSON text: 400 for an empty, malformed or too deep body or a NUL character, 413 for too
 * many fields, 422 for a `__proto__`, `constructor` or `prototype` key anywhere in it (the key named as an unknown field), so no route ever sees one.
 */
export function parseJsonText(text: string, malformedMessage = MALFORMED_JSON_MESSAGE): unknown {
  if (text.trim() === "") throw new ApiError(400, "Užklausos turinys tuščias");
  // A NUL character has no place in any field and PostgreSQL refuses to store one.
  if (text.includes("\\u0000") && ESCAPED_NUL.test(text)) throw new ApiError(400, NUL_CHARACTER_MESSAGE);
  const over = jsonOverLimits(text);
  if (over === "depth") throw new ApiError(400, JSON_TOO_DEEP_MESSAGE);
  if (over === "keys") throw new ApiError(413, JSON_TOO_MANY_KEYS_MESSAGE);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, malformedMessage);
  }
  const reserved = reservedKeyErrors(value);
  if (Object.keys(reserved).length > 0) throw new ApiError(422, INVALID_INPUT_MESSAGE, reserved);
  return value;
}

/** Parses the body as JSON: 415 for another content type, otherwise as parseJsonText. */
export async function readJson(c: Context): Promise<unknown> {
  if (!isJsonContentType(c.req.header("content-type"))) {
    throw new ApiError(415, JSON_CONTENT_TYPE_MESSAGE);
  }
  return parseJsonText(await c.req.text());
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Like readJson, but the body must be a JSON object (not an array, string or number). */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const value = await readJson(c);
  if (!isPlainObject(value)) throw new ApiError(400, "Užklausos turinys turi būti JSON objektas");
  return value;
}

/** Validates with a zod schema; 422 with Lithuanian field errors on failure. */
export function parseWith<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

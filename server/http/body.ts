// Request bodies: JSON only, with Lithuanian errors for every way a body can be wrong.
import type { Context } from "hono";
import type { ZodType } from "zod";
import { INVALID_INPUT_MESSAGE, reservedKeyErrors } from "../../src/domain/input";
import { ApiError, validationError } from "./errors";

export const MALFORMED_JSON_MESSAGE = "Neteisingas JSON formatas";

export const JSON_CONTENT_TYPE_MESSAGE = "Užklausos turinys turi būti JSON (Content-Type: application/json)";

export function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const type = value.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/**
 * Parses JSON text: 400 for an empty or malformed body, 422 for a `__proto__`, `constructor` or
 * `prototype` key anywhere in it (the key named as an unknown field), so no route ever sees one.
 */
export function parseJsonText(text: string, malformedMessage = MALFORMED_JSON_MESSAGE): unknown {
  if (text.trim() === "") throw new ApiError(400, "Užklausos turinys tuščias");
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

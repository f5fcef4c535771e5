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
 * Measures JSON text as it arrives, chunk by chunk, without recursion: whether it nests deeper than
 * MAX_JSON_DEPTH or has more than MAX_JSON_KEYS object members. A 100 000-deep or 120 000-key
 * body is refused at the first limit passed, before the rest of it is even read, and long before
 * JSON.parse, the reserved-key walk or zod could spend seconds or overflow the stack on it.
 */
export class JsonShapeScanner {
  private depth = 0;
  private keys = 0;
  private inString = false;
  private escaped = false;

  /** The next piece of the text; the limit it passed, or null. */
  feed(text: string): "depth" | "keys" | null {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (code === 92 /* backslash */) this.escaped = true;
        else if (code === 34 /* " */) this.inString = false;
        continue;
      }
      if (code === 34) this.inString = true;
      else if (code === 123 /* { */ || code === 91 /* [ */) {
        if (++this.depth > MAX_JSON_DEPTH) return "depth";
      } else if (code === 125 /* } */ || code === 93 /* ] */) this.depth--;
      else if (code === 58 /* : */ && ++this.keys > MAX_JSON_KEYS) return "keys";
    }
    return null;
  }
}

/** Whole JSON text over the limits (see JsonShapeScanner). */
export function jsonOverLimits(text: string): "depth" | "keys" | null {
  return new JsonShapeScanner().feed(text);
}

function overLimitError(over: "depth" | "keys"): ApiError {
  return over === "depth" ? new ApiError(400, JSON_TOO_DEEP_MESSAGE) : new ApiError(413, JSON_TOO_MANY_KEYS_MESSAGE);
}

/**
 * The request body as text, measured while it is read: a body over the JSON limits is refused
 * when the limit is passed, the rest never read (the connection then closes: http/connection.ts).
 */
export async function readMeasuredText(c: Context): Promise<string> {
  const stream = c.req.raw.body;
  // Read before (a middleware left it in Hono's cache): the cached text, measured whole by the parser.
  if (!stream || c.req.raw.bodyUsed || c.req.bodyCache.text !== undefined) return c.req.text();
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const scanner = new JsonShapeScanner();
  const parts: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    const chunk = done ? decoder.decode() : decoder.decode(value, { stream: true });
    const over = scanner.feed(chunk);
    if (over) {
      await reader.cancel().catch(() => {});
      throw overLimitError(over);
    }
    parts.push(chunk);
    if (done) return parts.join("");
  }
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
  if (over) throw overLimitError(over);
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
  return parseJsonText(await readMeasuredText(c));
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

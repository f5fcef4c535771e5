// Request bodies as the local server reads them (server/services/reservations.ts): only
// known top-level fields; a client's price fields are dropped unread; any other unknown
// field is a field error, so a typo never passes unnoticed.
import type { ZodError } from "zod";
import { fieldErrors } from "../../../src/backend/firebase/storedDoc";
import { FunctionError, invalidInput } from "./errors";

export const UNKNOWN_FIELD_MESSAGE = "Nežinomas laukas";

/** Price fields a client may send (a stale preview, say): ignored, the server prices. */
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

export function prepareBody(
  body: unknown,
  known: readonly string[],
  ignored: readonly string[] = [],
): Record<string, unknown> {
  if (!isPlainObject(body)) throw new FunctionError("invalid-argument", "Užklausos turinys turi būti JSON objektas");
  const out: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (ignored.includes(key)) continue;
    if (known.includes(key)) out[key] = value;
    else errors[key] = UNKNOWN_FIELD_MESSAGE;
  }
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
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

export function zodErrors(error: ZodError): Record<string, string> {
  return fieldErrors(error.issues as Parameters<typeof fieldErrors>[0]);
}

export const prefixErrors = (errors: Record<string, string>, prefix: string): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([key, message]) => [`${prefix}.${key}`, message]));

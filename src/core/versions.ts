// Optimistic concurrency: every stored record counts its writes in `version`. The back-office
// sends back the version it read; an update over an older version is refused, so two people
// editing one record never silently erase each other's changes.
import { InputError } from "../domain/input";
import { StaleRecordError } from "./errors";

export const VERSION_FIELD = "version";
export const BAD_VERSION_MESSAGE = "Neteisinga įrašo versija";

/** The stored version; records written before versions existed count as 0. */
export function versionOf(data: Record<string, unknown> | undefined): number {
  const value = data?.version;
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : 0;
}

/**
 * The version a request says it read: undefined when it says none (bulk changes of chosen fields,
 * which overwrite nothing typed), an input error when it is not a whole number.
 */
export function expectedVersionOf(body: Record<string, unknown>): number | undefined {
  const value = body.version;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new InputError(BAD_VERSION_MESSAGE, { version: BAD_VERSION_MESSAGE });
  }
  return value;
}

/** Refuses an update that read an older version than the stored one. */
export function assertFresh(current: Record<string, unknown>, expected: number | undefined): void {
  if (expected !== undefined && expected !== versionOf(current)) throw new StaleRecordError(current);
}

/** The body without the version it carried (the store counts versions, a client never sets one). */
export function withoutVersion<T extends Record<string, unknown>>(body: T): Omit<T, "version"> {
  const { version: _version, ...rest } = body;
  return rest;
}

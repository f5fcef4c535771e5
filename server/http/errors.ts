// Errors every route answers with: { message, errors? } and a status, all in Lithuanian.
import type { ZodError } from "zod";

export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    message: string,
    readonly errors: Record<string, string> = {},
    /** more for the caller: a machine-readable `code`, the stored record a stale update missed */
    readonly details: { code?: string; current?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  toJSON(): { message: string; errors?: Record<string, string>; code?: string; current?: Record<string, unknown> } {
    return {
      message: this.message,
      ...(Object.keys(this.errors).length > 0 ? { errors: boundedErrors(this.errors) } : {}),
      ...this.details,
    };
  }
}

/** At most this many field errors in an answer, each at most MAX_ERROR_TEXT characters. */
export const MAX_FIELD_ERRORS = 50;
const MAX_ERROR_TEXT = 300;

/** The first MAX_FIELD_ERRORS field errors, and how many more there were. */
export function boundedErrors(errors: Record<string, string>): Record<string, string> {
  const keys = Object.keys(errors);
  if (keys.length <= MAX_FIELD_ERRORS) return errors;
  const kept: Record<string, string> = {};
  for (const key of keys.slice(0, MAX_FIELD_ERRORS)) {
    Object.defineProperty(kept, key, { value: errors[key], enumerable: true, writable: true, configurable: true });
  }
  kept["…"] = `Ir dar ${keys.length - MAX_FIELD_ERRORS} klaidų`;
  return kept;
}

/** A zod failure as field errors: { "customer.phone": "Neteisingas telefono numeris" }. */
export function fieldErrorsFromZod(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  let listed = 0;
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".").slice(0, MAX_ERROR_TEXT) : "_";
    if (listed === MAX_FIELD_ERRORS) {
      // A forged body's thousands of errors are not sent back one by one.
      errors["…"] = `Ir dar ${error.issues.length - listed} klaidų`;
      break;
    }
    if (!Object.hasOwn(errors, key)) {
      listed++;
      // An own property even for a key such as "__proto__", which plain assignment would drop.
      Object.defineProperty(errors, key, {
        value: issue.message.length > MAX_ERROR_TEXT ? `${issue.message.slice(0, MAX_ERROR_TEXT - 1)}…` : issue.message,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return errors;
}

export function validationError(error: ZodError): ApiError {
  return new ApiError(422, "Patikrinkite pažymėtus laukus", fieldErrorsFromZod(error));
}

export const UNAVAILABLE_MESSAGE = "Paslauga laikinai nepasiekiama, bandykite po minutės";
/** Seconds a client is asked to wait after a lost database or a full disk (Retry-After). */
export const UNAVAILABLE_RETRY_AFTER_S = 60;

/** Node's socket errors when the database server is gone or cannot be reached. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
/** Out of disk space (a quota counts too). */
const DISK_CODES = new Set(["ENOSPC", "EDQUOT"]);
/**
 * PostgreSQL's SQLSTATEs for the same: connection exceptions (class 08), the server shutting down
 * or starting (57P01–57P03), disk full (53100), too many connections (53300), an I/O error (58030).
 */
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300|58030)$/;
const PG_DISK_FULL = "53100";
/** What node-postgres and PGlite say (no code) when the connection is gone. */
const LOST_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|is not queryable|Cannot use a pool after calling end|PGlite is closed|terminating connection/i;
const DISK_MESSAGES = /No space left on device|disk quota exceeded/i;

export type Unavailable = "database" | "disk";

/**
 * Whether an error means the service cannot work right now (the database is lost, the disk is
 * full), not that the request or the code is wrong: such an error answers 503 with Retry-After.
 * Looks through `cause` too (a use case may wrap the driver's error).
 */
export function unavailableReason(error: unknown): Unavailable | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") {
      if (DISK_CODES.has(code) || code === PG_DISK_FULL) return "disk";
      if (CONNECTION_CODES.has(code) || PG_UNAVAILABLE.test(code)) return "database";
    }
    if (DISK_MESSAGES.test(current.message)) return "disk";
    if (LOST_MESSAGES.test(current.message)) return "database";
    current = current.cause;
  }
  return null;
}

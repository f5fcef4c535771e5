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
      ...(Object.keys(this.errors).length > 0 ? { errors: this.errors } : {}),
      ...this.details,
    };
  }
}

/** A zod failure as field errors: { "customer.phone": "Neteisingas telefono numeris" }. */
export function fieldErrorsFromZod(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    if (!Object.hasOwn(errors, key)) {
      // An own property even for a key such as "__proto__", which plain assignment would drop.
      Object.defineProperty(errors, key, {
        value: issue.message,
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

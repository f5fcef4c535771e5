// What a visitor reads when a call fails.
import { BackendError } from "../../backend/port";

export const GENERIC_ERROR = "Įvyko netikėta klaida. Bandykite dar kartą.";

export function errorText(error: unknown): string {
  if (error instanceof BackendError) return error.message || GENERIC_ERROR;
  if (error instanceof Error && error.message) return error.message;
  return GENERIC_ERROR;
}

export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof BackendError ? error.fieldErrors : {};
}

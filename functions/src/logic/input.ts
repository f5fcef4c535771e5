// Request bodies are read by the domain (src/domain/input.ts) exactly as on the local server;
// here its InputError becomes the functions' invalid-argument error.
import type { ZodError, ZodType } from "zod";
import { InputError, issueFieldErrors } from "../../../src/domain/input";
import { FunctionError, invalidInput } from "./errors";

/** Zod issues as field errors; an unknown key becomes its own field ("customer.foo": "Nežinomas laukas"). */
export function zodErrors(error: ZodError): Record<string, string> {
  return issueFieldErrors(error);
}

/** A domain input error as the functions answer it: invalid-argument, with the field errors when there are any. */
export function functionInputError(error: InputError): FunctionError {
  return new FunctionError("invalid-argument", error.message, error.errors ? { errors: error.errors } : undefined);
}

/** Runs `fn`, answering a domain input error as a FunctionError. */
export async function withFunctionErrors<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw error instanceof InputError ? functionInputError(error) : error;
  }
}

/** Parses with a zod schema; the issues become an invalid-argument error with field errors. */
export function parseInput<T>(schema: ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalidInput(zodErrors(parsed.error));
  return parsed.data;
}

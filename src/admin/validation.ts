// One rule for browser and server: react-admin forms validate with the domain's zod schemas.
import type { z } from "zod";

/** Audit fields the server owns; a form never sends them. */
export const SERVER_OWNED_FIELDS = ["id", "createdAt", "updatedAt"] as const;

export type FieldErrors = { [key: string]: unknown };

function setError(target: FieldErrors, rawPath: readonly PropertyKey[], message: string): void {
  const path = [...rawPath];
  // A scalar array item (a feature chip) has no input of its own: report on the array.
  while (path.length > 1 && typeof path[path.length - 1] === "number") path.pop();
  let node = target as Record<PropertyKey, unknown>;
  for (const [index, key] of path.entries()) {
    if (index === path.length - 1) {
      if (node[key] === undefined) node[key] = message;
      return;
    }
    if (typeof node[key] === "string") return; // the parent already carries a message
    node[key] ??= typeof path[index + 1] === "number" ? [] : {};
    node = node[key] as Record<PropertyKey, unknown>;
  }
}

interface ObjectLike {
  shape?: Record<string, unknown>;
}

/**
 * A react-admin `validate` function from a zod schema: the schema's issues become nested
 * field errors in Lithuanian. Only the schema's own keys are checked, so display-only values
 * a backend adds to a record (priceFrom, say) never block a save.
 */
export function zodFormValidator(schema: z.ZodType, omit: readonly string[] = SERVER_OWNED_FIELDS) {
  const shape = (schema as unknown as ObjectLike).shape;
  return (values: Record<string, unknown>): FieldErrors => {
    const candidate: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values)) {
      if (omit.includes(key)) continue;
      if (shape && !(key in shape)) continue;
      candidate[key] = value;
    }
    const result = schema.safeParse(candidate);
    if (result.success) return {};
    const errors: FieldErrors = {};
    for (const issue of result.error.issues) {
      setError(errors, issue.path.length > 0 ? issue.path : ["root", "serverError"], issue.message);
    }
    return errors;
  };
}

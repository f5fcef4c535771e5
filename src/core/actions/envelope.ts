// How the hosts read an action's payload: leniently, as the Cloud Functions always did. A field of
// the wrong type reads as empty ("" for an id), a payload that is not an object as {}; what the
// contents must be is the use case's to say, with its own Lithuanian messages.
import { z } from "zod";

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

// Every field may be missing (zod would otherwise refuse a missing key before the use case speaks).

/** An object payload of these fields (others dropped). */
export const envelope = <Shape extends z.ZodRawShape>(shape: Shape) => z.preprocess(asObject, z.object(shape));

/** An id: a string, anything else "" (the use case answers "not found"). */
export const id = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value : ""));

/** An object (anything else {}), its fields kept. */
export const object = z.unknown().optional().transform(asObject);

/** `{ id, ...body }`: the id and the rest of the payload as the body. */
export const idAndBody = z.unknown().transform((payload) => {
  const { id: value, ...body } = asObject(payload);
  return { id: typeof value === "string" ? value : "", body };
});

/** A value the use case validates itself. */
export const value = z.unknown().optional();

/** The whole payload, as the use case validates it. */
export const whole = z.unknown();

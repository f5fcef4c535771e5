// The core's refusals as the callables answer them: an HttpsError with a gRPC-style code, the
// Lithuanian message and, for bad input, the field errors in details.errors (the browser shows
// them under the inputs). Anything else is a bug: logged, and answered as "internal".
import { HttpsError } from "firebase-functions/v2/https";
import { CoreError, type CoreErrorKind, StaleRecordError } from "../../src/core/errors";
import { InputError } from "../../src/domain/input";

export const SIGN_IN_MESSAGE = "Prisijunkite, kad galėtumėte atlikti šį veiksmą";
export const STAFF_ONLY_MESSAGE = "Šį veiksmą gali atlikti tik darbuotojai";
const INTERNAL_MESSAGE = "Vidinė serverio klaida. Bandykite dar kartą vėliau.";

type Code = ConstructorParameters<typeof HttpsError>[0];

const CODES: Record<CoreErrorKind, Code> = {
  "not-found": "not-found",
  conflict: "already-exists",
  precondition: "failed-precondition",
  "rate-limited": "resource-exhausted",
  forbidden: "permission-denied",
  stale: "failed-precondition",
};

export function callableError(error: unknown, onUnexpected: (error: unknown) => void): HttpsError {
  if (error instanceof HttpsError) return error;
  if (error instanceof StaleRecordError) {
    return new HttpsError("failed-precondition", error.message, { code: error.code, current: error.current });
  }
  if (error instanceof CoreError) return new HttpsError(CODES[error.kind], error.message);
  if (error instanceof InputError) {
    return new HttpsError("invalid-argument", error.message, error.errors ? { errors: error.errors } : undefined);
  }
  const code = (error as { code?: unknown })?.code;
  // Firestore gave up on a contended transaction: the client may simply try again.
  if (code === 10 || code === "aborted") {
    return new HttpsError("aborted", "Duomenys ką tik pasikeitė. Bandykite dar kartą.");
  }
  onUnexpected(error);
  return new HttpsError("internal", INTERNAL_MESSAGE);
}

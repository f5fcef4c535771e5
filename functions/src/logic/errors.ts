// Errors the functions answer with: a gRPC-style code (HttpsError), a Lithuanian message and,
// for bad input, the field errors in details.errors (the client shows them under the inputs).

export type FunctionErrorCode =
  | "invalid-argument"
  | "not-found"
  | "already-exists"
  | "permission-denied"
  | "unauthenticated"
  | "resource-exhausted"
  | "failed-precondition"
  | "aborted"
  | "internal"
  | "unavailable";

export class FunctionError extends Error {
  constructor(
    readonly code: FunctionErrorCode,
    message: string,
    readonly details?: { errors?: Record<string, string> },
  ) {
    super(message);
    this.name = "FunctionError";
  }
}

export const INVALID_INPUT_MESSAGE = "Patikrinkite pažymėtus laukus";
export const RESERVATION_CONFLICT_MESSAGE =
  "Atsiprašome, šis automobilis pasirinktomis datomis jau užimtas. Pasirinkite kitą automobilį arba datas.";
export const TOO_MANY_REQUESTS_MESSAGE = "Per daug užklausų. Bandykite vėliau.";
export const SIGN_IN_MESSAGE = "Prisijunkite, kad galėtumėte atlikti šį veiksmą";
export const STAFF_ONLY_MESSAGE = "Šį veiksmą gali atlikti tik darbuotojai";
export const ADMIN_ONLY_MESSAGE = "Šį veiksmą gali atlikti tik administratorius";

export const invalidInput = (errors: Record<string, string>, message = INVALID_INPUT_MESSAGE): FunctionError =>
  new FunctionError("invalid-argument", message, { errors });

export const conflict = (): FunctionError => new FunctionError("already-exists", RESERVATION_CONFLICT_MESSAGE);

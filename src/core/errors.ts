// What a use case refuses, by kind; each adapter answers it its own way (server: HTTP status,
// functions: HttpsError code). Bad input is the domain's InputError (src/domain/input.ts).
import { InputError } from "../domain/input";

export type CoreErrorKind =
  /** the thing named does not exist (404 / not-found) */
  | "not-found"
  /** the car is taken for those dates (409 / already-exists) */
  | "conflict"
  /** the data changed since it was read, or a rule of the business state forbids it (409 / failed-precondition) */
  | "precondition"
  /** too many attempts from one client (429 / resource-exhausted) */
  | "rate-limited"
  /** the caller may not do this (403 / permission-denied) */
  | "forbidden";

export class CoreError extends Error {
  constructor(
    readonly kind: CoreErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "CoreError";
  }
}

export const RESERVATION_CONFLICT_MESSAGE =
  "Atsiprašome, šis automobilis pasirinktomis datomis jau užimtas. Pasirinkite kitą automobilį arba datas.";
export const TOO_MANY_REQUESTS_MESSAGE = "Per daug užklausų. Bandykite vėliau.";

export const reservationConflict = (): CoreError => new CoreError("conflict", RESERVATION_CONFLICT_MESSAGE);

export { InputError };

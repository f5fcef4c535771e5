// What a use case refuses, by kind; each adapter answers it its own way (server: HTTP status,
// functions: HttpsError code). Bad input is the domain's InputError (src/domain/input.ts).
import { InputError } from "../domain/input";

export const RESERVATION_NOT_FOUND_MESSAGE = "Rezervacija nerasta";

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
  | "forbidden"
  /** someone else saved the record after the caller read it (409 / failed-precondition, code "stale-record") */
  | "stale";

export class CoreError extends Error {
  constructor(
    readonly kind: CoreErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "CoreError";
  }
}

/** Tells a stale update apart from other refusals: the back-office keeps the form and offers the newer record. */
export const STALE_RECORD_CODE = "stale-record";
export const STALE_RECORD_MESSAGE =
  "Šį įrašą ką tik pakeitė kitas naudotojas. Jūsų įvesti duomenys liko formoje: peržiūrėkite kito naudotojo pakeitimus arba įkelkite naujausią versiją.";

/** An update read an older version than the stored one; `current` is the stored record now. */
export class StaleRecordError extends CoreError {
  readonly code = STALE_RECORD_CODE;
  constructor(readonly current: Record<string, unknown>) {
    super("stale", STALE_RECORD_MESSAGE);
    this.name = "StaleRecordError";
  }
}

export const RESERVATION_CONFLICT_MESSAGE =
  "Atsiprašome, šis automobilis pasirinktomis datomis jau užimtas. Pasirinkite kitą automobilį arba datas.";
export const TOO_MANY_REQUESTS_MESSAGE = "Per daug užklausų. Bandykite vėliau.";

export const reservationConflict = (): CoreError => new CoreError("conflict", RESERVATION_CONFLICT_MESSAGE);

export { InputError };

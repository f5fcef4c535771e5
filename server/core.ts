// The application core (src/core) on the local server: the PostgreSQL/PGlite store, the live
// updates of server-sent events, the system clock and the server's log. Routes call the use cases
// with coreFor(db) and answer what they return; the use cases' refusals become HTTP answers in
// coreHttpError below.
import { CoreError, type CoreErrorKind, StaleRecordError } from "../src/core/errors";
import { type CoreContext, systemClock, type VatRegistry } from "../src/core/ports";
import { InputError } from "../src/domain/input";
import type { Db } from "./db/types";
import { ApiError } from "./http/errors";
import { log } from "./log";
import { publish } from "./services/events";
import { createPgStore } from "./store/pgStore";

const contexts = new WeakMap<Db, CoreContext>();

/**
 * The core over this database; `site` (server/start.ts) says where the site lives, for the links in
 * mails, and gives the VIES client when VIES_CHECK is on.
 */
export function coreFor(db: Db, site?: { siteUrl: string; vatRegistry?: VatRegistry | null }): CoreContext {
  let context = contexts.get(db);
  if (!context) {
    context = {
      store: createPgStore(db),
      events: { publish },
      clock: systemClock,
      log: { info: log.info, warn: log.warn, error: log.error },
    };
    contexts.set(db, context);
  }
  if (site) context.siteUrl = site.siteUrl.replace(/\/+$/, "");
  if (site?.vatRegistry) context.vatRegistry = site.vatRegistry;
  return context;
}

const STATUS: Record<CoreErrorKind, ApiError["status"]> = {
  "not-found": 404,
  conflict: 409,
  precondition: 409,
  "rate-limited": 429,
  forbidden: 403,
  stale: 409,
};

/** A use case's refusal as the API answers it; null for anything else (a bug, a database failure). */
export function coreHttpError(error: unknown): ApiError | null {
  if (error instanceof StaleRecordError) {
    return new ApiError(409, error.message, {}, { code: error.code, current: error.current });
  }
  if (error instanceof CoreError) return new ApiError(STATUS[error.kind], error.message);
  if (error instanceof InputError) {
    return error.errors ? new ApiError(422, error.message, error.errors) : new ApiError(400, error.message);
  }
  return null;
}

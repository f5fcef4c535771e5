// Cloud Functions of the Firebase adapter (2nd gen). The decisions live in ./logic (tested
// without an emulator); this file wires them to callable endpoints, Firestore and Auth.
//
// Region: the FUNCTIONS_REGION parameter (functions/.env), default us-central1 (SPEC section 9).
// The browser's runtime config names the same region (functionsRegion).
import { createHash } from "node:crypto";
import { initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { defineInt, defineString } from "firebase-functions/params";
import { setGlobalOptions } from "firebase-functions/v2";
import { type CallableRequest, HttpsError, onCall, onRequest } from "firebase-functions/v2/https";
import { ZodError } from "zod";
import { roleFromClaims } from "../../src/backend/firebase/roles";
import { firebaseAuthAdmin } from "./authAdmin";
import { createFirestoreStore } from "./firestoreStore";
import { checkQuote as checkQuoteLogic, replyToRequest as replyToRequestLogic } from "./logic/adminActions";
import { recordClientError } from "./logic/clientErrors";
import { FunctionError, SIGN_IN_MESSAGE, STAFF_ONLY_MESSAGE } from "./logic/errors";
import {
  applyPriceUpdate as applyPriceUpdateLogic,
  previewPriceUpdate as previewPriceUpdateLogic,
} from "./logic/priceUpdate";
import { submitRequest as submitRequestLogic } from "./logic/requests";
import {
  quoteReservation as quoteReservationLogic,
  saveReservation as saveReservationLogic,
  submitReservation as submitReservationLogic,
} from "./logic/reservations";
import { searchCars as searchCarsLogic } from "./logic/search";
import { setStaffRole as setStaffRoleLogic } from "./logic/staff";

const region = defineString("FUNCTIONS_REGION", {
  default: "us-central1",
  description: "Cloud Functions regionas; toks pat turi būti svetainės vykdymo konfigūracijoje (functionsRegion)",
});
const requestLimit = defineInt("REQUEST_RATE_LIMIT", {
  default: 10,
  description: "Kiek užklausų iš vieno IP adreso priimama per 10 minučių",
});

setGlobalOptions({ region, maxInstances: 10 });
initializeApp();
const store = createFirestoreStore(getFirestore());

const INTERNAL_MESSAGE = "Vidinė serverio klaida. Bandykite dar kartą vėliau.";

/** Our errors as HttpsError (Lithuanian message, field errors in details); anything else is logged. */
function toHttpsError(name: string, error: unknown): HttpsError {
  if (error instanceof HttpsError) return error;
  if (error instanceof FunctionError) return new HttpsError(error.code, error.message, error.details);
  if (error instanceof ZodError) return new HttpsError("invalid-argument", "Patikrinkite pažymėtus laukus");
  const code = (error as { code?: unknown })?.code;
  // Firestore gave up on a contended transaction: the client may simply try again.
  if (code === 10 || code === "aborted") {
    return new HttpsError("aborted", "Duomenys ką tik pasikeitė. Bandykite dar kartą.");
  }
  logger.error(`Funkcija ${name}: netikėta klaida`, error);
  return new HttpsError("internal", INTERNAL_MESSAGE);
}

function callable<T>(name: string, handler: (request: CallableRequest) => Promise<T>) {
  return onCall(async (request) => {
    try {
      return await handler(request);
    } catch (error) {
      throw toHttpsError(name, error);
    }
  });
}

function requireStaff(request: CallableRequest): { uid: string; role: "admin" | "staff" } {
  if (!request.auth) throw new FunctionError("unauthenticated", SIGN_IN_MESSAGE);
  const role = roleFromClaims(request.auth.token);
  if (!role) throw new FunctionError("permission-denied", STAFF_ONLY_MESSAGE);
  return { uid: request.auth.uid, role };
}

/** Who acted, for the records: the signed-in e-mail address (or the uid). */
const actorOf = (request: CallableRequest, uid: string): string =>
  typeof request.auth?.token.email === "string" ? request.auth.token.email : uid;

/** The client's address: the last X-Forwarded-For entry (the one Google's front end added). */
function clientAddress(headers: Record<string, string | string[] | undefined>, fallback: string | undefined): string {
  const forwarded = headers["x-forwarded-for"];
  const value = Array.isArray(forwarded) ? forwarded.join(",") : forwarded;
  const last = value?.split(",").pop()?.trim();
  return last || fallback || "nežinomas";
}

/** A salted hash: rate limits never store a visitor's address. */
function clientKey(address: string): string {
  const salt = process.env.GCLOUD_PROJECT ?? "ratai";
  return createHash("sha256").update(`${salt}:${address}`).digest("hex").slice(0, 32);
}

// ---------- public ----------

export const searchCars = callable("searchCars", (request) => searchCarsLogic(store, request.data));

export const quoteReservation = callable("quoteReservation", (request) => quoteReservationLogic(store, request.data));

export const submitReservation = callable("submitReservation", (request) =>
  submitReservationLogic(store, request.data),
);

export const submitRequest = callable("submitRequest", (request) => {
  const address = clientAddress(request.rawRequest.headers, request.rawRequest.ip);
  return submitRequestLogic(store, request.data, clientKey(address), {
    max: requestLimit.value(),
    windowSeconds: 600,
  });
});

// ---------- staff ----------

export const saveReservation = callable("saveReservation", async (request) => {
  requireStaff(request);
  const input = (request.data ?? {}) as { id?: unknown; data?: unknown };
  return saveReservationLogic(store, input);
});

export const replyToRequest = callable("replyToRequest", async (request) => {
  const caller = requireStaff(request);
  const input = (request.data ?? {}) as { id?: unknown; input?: unknown };
  return replyToRequestLogic(store, input.id, input.input, actorOf(request, caller.uid));
});

export const checkQuote = callable("checkQuote", async (request) => {
  requireStaff(request);
  return checkQuoteLogic(store, request.data);
});

export const previewPriceUpdate = callable("previewPriceUpdate", async (request) => {
  requireStaff(request);
  return previewPriceUpdateLogic(store, request.data);
});

export const applyPriceUpdate = callable("applyPriceUpdate", async (request) => {
  const caller = requireStaff(request);
  return applyPriceUpdateLogic(store, request.data, actorOf(request, caller.uid));
});

export const setStaffRole = callable("setStaffRole", async (request) => {
  const caller = requireStaff(request);
  return setStaffRoleLogic(firebaseAuthAdmin(getAuth()), store, request.data, caller);
});

// ---------- the browser's error log (hosting rewrites POST /api/client-errors here) ----------

export const clientErrors = onRequest({ cors: false, maxInstances: 3 }, async (req, res) => {
  if (req.method !== "POST") {
    res.set("Allow", "POST").status(405).json({ message: "Leidžiamas tik POST" });
    return;
  }
  try {
    const address = clientAddress(req.headers, req.ip);
    const outcome = await recordClientError(store, req.body, clientKey(address));
    res.status(outcome.status).json(outcome.body);
  } catch (error) {
    logger.error("Kliento klaidos įrašyti nepavyko", error);
    res.status(500).json({ message: INTERNAL_MESSAGE });
  }
});

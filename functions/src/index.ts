// Cloud Functions of the Firebase adapter (2nd gen): thin adapters over the application core
// (src/core), the same use cases the local server runs, on the Firestore store. Each callable
// reads the request, checks the caller, calls the use case and answers; the core's refusals
// become HttpsErrors with Lithuanian messages (field errors in details.errors).
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
import { onSchedule } from "firebase-functions/v2/scheduler";
import { roleFromClaims } from "../../src/backend/shared/firestore/roles";
import { viesFromEnv } from "../../src/backend/shared/viesClient";
import { calendarFeed, FEED_NOT_FOUND_MESSAGE, ICAL_RATE_LIMIT } from "../../src/core/calendarFeeds";
import { recordClientError } from "../../src/core/clientErrors";
import {
  applyPortalChange,
  cancelByCustomer,
  openPortal,
  payPortalBalance,
  portalCalendar,
  portalDocumentPath,
  portalInvoicePdf,
  quotePortalChange,
  requestPortalLink,
  saveDriverDetails,
} from "../../src/core/customerPortal";
import { CoreError } from "../../src/core/errors";
import { submitInquiry } from "../../src/core/inquiries";
import { SITE_RATE_WINDOW_SECONDS } from "../../src/core/limits";
import { publicPaymentStatus, releaseExpiredHolds } from "../../src/core/payments";
import { type CoreContext, noEvents, systemClock } from "../../src/core/ports";
import { queueDueReminders } from "../../src/core/reminders";
import {
  createStaffReservation,
  quoteWebReservation,
  submitWebReservation,
  updateStaffReservation,
} from "../../src/core/reservations";
import { searchCars as searchCarsUseCase } from "../../src/core/search";
import { setStaffRole as setStaffRoleUseCase } from "../../src/core/staff";
import { ICAL_CONTENT_TYPE } from "../../src/domain/ical";
import {
  answerPayseraCallback,
  answerStripeWebhook,
  type CallbackAnswer,
  payseraFieldsFrom,
} from "../../src/payments/callbacks";
import { paymentConfigFromEnv } from "../../src/payments/config";
import { type Payments, paymentsFrom } from "../../src/payments/gateway";
import { portalPaymentUrls } from "../../src/payments/portalCheckout";
import { checkoutFor, onlinePaymentOption, retryCheckoutFor } from "../../src/payments/siteCheckout";
import { firebaseAccounts } from "./authAdmin";
import { callableError, SIGN_IN_MESSAGE, STAFF_ONLY_MESSAGE } from "./errors";
import { createFirestoreDocumentStore } from "./firestoreDocumentStore";
import { createStoragePrivateFiles } from "./privateFiles";
import { staffCallables } from "./staffActions";
import { ensureOverpaidFlags, ensureUnpaidFlags } from "./unpaidFlags";

const region = defineString("FUNCTIONS_REGION", {
  default: "us-central1",
  description: "Cloud Functions regionas; toks pat turi būti svetainės vykdymo konfigūracijoje (functionsRegion)",
});
const requestLimit = defineInt("REQUEST_RATE_LIMIT", {
  default: 10,
  description: "Kiek užklausų iš vieno IP adreso priimama per 10 minučių",
});
const reservationLimit = defineInt("RESERVATION_RATE_LIMIT", {
  default: 20,
  description: "Kiek rezervacijų iš vieno IP adreso priimama per 10 minučių",
});
const quoteLimit = defineInt("QUOTE_RATE_LIMIT", {
  default: 600,
  description: "Kiek kainos skaičiavimų vienam IP adresui atliekama per 10 minučių",
});

setGlobalOptions({ region, maxInstances: 10 });
initializeApp();

// The site's address for the providers' return pages and callbacks and the links in mails: PUBLIC_URL,
// else the Hosting address.
const siteBaseUrl = () => process.env.PUBLIC_URL || `https://${process.env.GCLOUD_PROJECT ?? "localhost"}.web.app`;

const vatRegistry = viesFromEnv(process.env);
const core: CoreContext = {
  store: createFirestoreDocumentStore(getFirestore()),
  // Firestore tells its listeners about changes itself.
  events: noEvents,
  clock: systemClock,
  log: { info: (m) => logger.info(m), warn: (m) => logger.warn(m), error: (m, e) => logger.error(m, e) },
  siteUrl: siteBaseUrl(),
  // VIES before a reverse charge (VIES_CHECK on | off, VIES_URL): off by default.
  ...(vatRegistry ? { vatRegistry } : {}),
};

function callable<T>(name: string, handler: (request: CallableRequest) => Promise<T>) {
  return onCall(async (request) => {
    try {
      return await handler(request);
    } catch (error) {
      throw callableError(error, (unexpected) => logger.error(`Funkcija ${name}: netikėta klaida`, unexpected));
    }
  });
}

function requireStaff(request: CallableRequest): { uid: string; role: "admin" | "staff"; actor: string } {
  if (!request.auth) throw new HttpsError("unauthenticated", SIGN_IN_MESSAGE);
  const role = roleFromClaims(request.auth.token);
  if (!role) throw new HttpsError("permission-denied", STAFF_ONLY_MESSAGE);
  // Who acted, for the records: the signed-in e-mail address (or the uid).
  const email = request.auth.token.email;
  return { uid: request.auth.uid, role, actor: typeof email === "string" ? email : request.auth.uid };
}

/** The client's address: the last X-Forwarded-For entry (the one Google's front end added). */
function clientAddress(headers: Record<string, string | string[] | undefined>, fallback: string | undefined): string {
  const forwarded = headers["x-forwarded-for"];
  const value = Array.isArray(forwarded) ? forwarded.join(",") : forwarded;
  const last = value?.split(",").pop()?.trim();
  return last || fallback || "nežinomas";
}

/** A salted hash: rate limits never store a visitor's address. */
function clientKey(headers: Record<string, string | string[] | undefined>, ip: string | undefined): string {
  const salt = process.env.GCLOUD_PROJECT ?? "ratai";
  return createHash("sha256")
    .update(`${salt}:${clientAddress(headers, ip)}`)
    .digest("hex")
    .slice(0, 32);
}

const perWindow = (max: number) => ({ max, windowSeconds: SITE_RATE_WINDOW_SECONDS });
const requestClient = (request: CallableRequest) => clientKey(request.rawRequest.headers, request.rawRequest.ip);

/** A callable's object argument; anything else is read as an empty object (the use case then says what is missing). */
const fields = (data: unknown): Record<string, unknown> =>
  typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};

// ---------- public ----------

export const searchCars = callable("searchCars", (request) => searchCarsUseCase(core, request.data));

export const quoteReservation = callable("quoteReservation", (request) =>
  quoteWebReservation(core, request.data, {
    rateLimit: { clientKey: requestClient(request), limit: perWindow(quoteLimit.value()) },
    // The payment announced before the order button is the one the submit will take.
    ...onlinePaymentOption(functionPayments()),
  }),
);

// ---------- online pre-payment (src/payments: the same gateway and callback code as the local server) ----------

let payments: Payments | null = null;
/**
 * The payment gateway from the functions' environment (functions/.env: PAYMENT_PROVIDER, PAYSERA_*,
 * STRIPE_*, the same names as the local server's); nothing set: pay at pick-up. Read at the first
 * call, so a mistake is a logged error of that call, not a failed deploy.
 */
function functionPayments(): Payments {
  payments ??= paymentsFrom(paymentConfigFromEnv(process.env));
  return payments;
}

export const submitReservation = callable("submitReservation", async (request) => {
  const gateway = functionPayments();
  const created = await submitWebReservation(core, request.data, {
    rateLimit: { clientKey: requestClient(request), limit: perWindow(reservationLimit.value()) },
    ...onlinePaymentOption(gateway),
  });
  const payment = await checkoutFor(core, gateway, created, request.data, siteBaseUrl());
  return { id: created.id, number: created.number, quote: created.quote, payment };
});

const sendCallbackAnswer = (
  res: { status(code: number): { json(body: unknown): void; send(body: string): void } },
  answer: CallbackAnswer,
) => {
  if (answer.json) res.status(answer.status).json(answer.json);
  else res.status(answer.status).send(answer.text ?? "");
};

const refusedUnexpectedly = (name: string) => (unexpected: unknown) =>
  logger.error(`${name}: mokėjimo pranešimo įrašyti nepavyko`, unexpected);

/** Paysera's signed callback (hosting rewrites /api/payments/paysera/callback here): "OK" once recorded. */
export const payseraCallback = onRequest({ cors: false, maxInstances: 3 }, async (req, res) => {
  if (req.method !== "POST" && req.method !== "GET") {
    res.set("Allow", "GET, POST").status(405).json({ message: "Leidžiami tik GET ir POST" });
    return;
  }
  try {
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.query)) if (typeof value === "string") query[key] = value;
    const fields = payseraFieldsFrom(
      query,
      req.method,
      req.get("content-type") ?? "",
      req.method === "POST" ? (req.rawBody?.toString("utf8") ?? "") : "",
    );
    sendCallbackAnswer(
      res,
      await answerPayseraCallback(core, functionPayments().config.paysera, fields, invoiceDeps()),
    );
  } catch (error) {
    const answer = callableError(error, refusedUnexpectedly("Paysera"));
    res.status(answer.httpErrorCode.status).json({ message: answer.message });
  }
});

/** Stripe's signed webhook (hosting rewrites /api/payments/stripe/webhook here); verified over the raw body. */
export const stripeWebhook = onRequest({ cors: false, maxInstances: 3 }, async (req, res) => {
  if (req.method !== "POST") {
    res.set("Allow", "POST").status(405).json({ message: "Leidžiamas tik POST" });
    return;
  }
  try {
    const signature = req.get("stripe-signature");
    const raw = req.rawBody?.toString("utf8") ?? "";
    sendCallbackAnswer(res, await answerStripeWebhook(core, functionPayments(), raw, signature, invoiceDeps()));
  } catch (error) {
    const answer = callableError(error, refusedUnexpectedly("Stripe"));
    res.status(answer.httpErrorCode.status).json({ message: answer.message });
  }
});

/** The site's payment return page (hosting rewrites /api/payments/status/** here): { number, state, amount, status }. */
export const paymentStatus = onRequest({ cors: false, maxInstances: 3 }, async (req, res) => {
  if (req.method !== "GET") {
    res.set("Allow", "GET").status(405).json({ message: "Leidžiamas tik GET" });
    return;
  }
  try {
    const id = decodeURIComponent(req.path.split("/").pop() ?? "");
    res
      .set("Cache-Control", "no-store")
      .status(200)
      .json(await publicPaymentStatus(core, id));
  } catch (error) {
    const answer = callableError(error, (unexpected) => logger.error("Mokėjimo būsenos pateikti nepavyko", unexpected));
    res.status(answer.httpErrorCode.status).json({ message: answer.message });
  }
});

/** "Mokėti dar kartą" on the payment cancel page (hosting rewrites /api/payments/retry/** here). */
export const paymentRetry = onRequest({ cors: false, maxInstances: 3 }, async (req, res) => {
  if (req.method !== "POST") {
    res.set("Allow", "POST").status(405).json({ message: "Leidžiamas tik POST" });
    return;
  }
  try {
    const id = decodeURIComponent(req.path.split("/").pop() ?? "");
    res
      .set("Cache-Control", "no-store")
      .status(200)
      .json(await retryCheckoutFor(core, functionPayments(), id, siteBaseUrl()));
  } catch (error) {
    const answer = callableError(error, (unexpected) =>
      logger.error("Mokėjimo dar kartą pradėti nepavyko", unexpected),
    );
    res.status(answer.httpErrorCode.status).json({ message: answer.message });
  }
});

export const submitRequest = callable("submitRequest", (request) =>
  submitInquiry(core, request.data, { clientKey: requestClient(request), limit: perWindow(requestLimit.value()) }),
);

// ---------- "Mano rezervacija": the customer's page by a signed link (src/core/customerPortal.ts) ----------

/**
 * { action, token, body } -> the action's answer; { file, token } -> { fileName, contentType, base64 }.
 * The token is checked by the core on every call; no Firestore rule opens reservations to visitors.
 */
export const customerPortal = callable("customerPortal", async (request) => {
  const input = fields(request.data);
  const token = typeof input.token === "string" ? input.token : "";
  const file = input.file;
  if (file === "calendar") {
    const calendar = await portalCalendar(core, token);
    return {
      fileName: calendar.fileName,
      contentType: calendar.contentType,
      base64: Buffer.from(calendar.body, "utf8").toString("base64"),
    };
  }
  if (typeof file === "string" && file.startsWith("invoice:")) {
    const pdf = await portalInvoicePdf(core, invoiceDeps(), token, file.slice("invoice:".length));
    return {
      fileName: pdf.fileName,
      contentType: "application/pdf",
      base64: Buffer.from(pdf.bytes).toString("base64"),
    };
  }
  if (file !== undefined) {
    const found = await portalDocumentPath(core, token, file);
    const bytes = await createStoragePrivateFiles().get(found.path);
    if (!bytes) throw new HttpsError("not-found", "Dokumento failas nerastas");
    return { fileName: found.fileName, contentType: "application/pdf", base64: Buffer.from(bytes).toString("base64") };
  }
  switch (input.action) {
    case "view":
      return openPortal(core, token, { gateway: functionPayments().gateway });
    case "pay":
      return payPortalBalance(core, functionPayments().gateway, token, portalPaymentUrls(siteBaseUrl()));
    case "quote":
      return quotePortalChange(core, token, input.body, { clientKey: requestClient(request) });
    case "change":
      return applyPortalChange(core, token, input.body, { clientKey: requestClient(request) });
    case "cancel":
      return cancelByCustomer(core, token, input.body);
    case "driver":
      return saveDriverDetails(core, token, input.body);
    case "linkRequest":
      return requestPortalLink(core, input.body, { clientKey: requestClient(request) });
    default:
      throw new HttpsError("invalid-argument", "Nežinomas veiksmas");
  }
});

// ---------- staff ----------

export const saveReservation = callable("saveReservation", async (request) => {
  const caller = requireStaff(request);
  const input = fields(request.data);
  if (input.id !== undefined && (typeof input.id !== "string" || input.id === "")) {
    throw new HttpsError("invalid-argument", "Neteisingas rezervacijos identifikatorius");
  }
  const actor = { email: caller.actor, role: caller.role };
  if (typeof input.id === "string") return updateStaffReservation(core, input.id, input.data, actor);
  return (await createStaffReservation(core, input.data, actor)).record;
});

/**
 * Pickup reminders (src/core/reminders.ts) every 15 minutes: the same use case as the local
 * server's job; each reminder's marker is written with its mail, so an overlapping or repeated
 * run never sends one twice.
 */
export const sendPickupReminders = onSchedule(
  { schedule: "every 15 minutes", timeZone: "Europe/Vilnius", retryCount: 0 },
  async () => {
    const run = await queueDueReminders(core);
    logger.info(`Priminimų patikra: tikrinta ${run.checked}, įdėta į eilę ${run.queued.length}`);
  },
);

/**
 * Web reservations whose online payment did not come before their hold ran out are cancelled
 * (the car is free again): the same use case as the local server's job, safe to overlap.
 */
export const releaseUnpaidReservations = onSchedule(
  { schedule: "every 5 minutes", timeZone: "Europe/Vilnius", retryCount: 0 },
  async () => {
    const run = await releaseExpiredHolds(core);
    if (run.released.length > 0) logger.info(`Neapmokėtos rezervacijos atšauktos: ${run.released.join(", ")}`);
    // Reservations stored before the "Neapmokėtos" flag existed get it once (later runs: one read).
    const flags = await ensureUnpaidFlags(getFirestore());
    if (!flags.skipped) {
      logger.info(`Neapmokėtų žymė: peržiūrėta rezervacijų ${flags.scanned}, pažymėta ${flags.updated}`);
    }
    // The same once for the "Permoka" flag.
    const overpaid = await ensureOverpaidFlags(getFirestore());
    if (!overpaid.skipped) {
      logger.info(`Permokos žymė: peržiūrėta rezervacijų ${overpaid.scanned}, pažymėta ${overpaid.updated}`);
    }
  },
);

export const setStaffRole = callable("setStaffRole", async (request) => {
  const caller = requireStaff(request);
  return setStaffRoleUseCase(core, firebaseAccounts(getAuth()), request.data, {
    uid: caller.uid,
    email: caller.actor,
    role: caller.role,
  });
});

// ---------- the browser's error log (hosting rewrites POST /api/client-errors here) ----------

export const clientErrors = onRequest({ cors: false, maxInstances: 3 }, async (req, res) => {
  if (req.method !== "POST") {
    res.set("Allow", "POST").status(405).json({ message: "Leidžiamas tik POST" });
    return;
  }
  try {
    const userAgent = req.headers["user-agent"];
    const saved = await recordClientError(core, req.body, {
      clientKey: clientKey(req.headers, req.ip),
      userAgent: typeof userAgent === "string" ? userAgent : undefined,
    });
    res.status(201).json(saved);
  } catch (error) {
    const answer = callableError(error, (unexpected) => logger.error("Kliento klaidos įrašyti nepavyko", unexpected));
    res.status(answer.httpErrorCode.status).json({ message: answer.message, ...(answer.details ?? {}) });
  }
});

// ---------- calendar feeds (hosting rewrites GET /api/ical/** here) ----------

export const ical = onRequest({ cors: false, maxInstances: 3 }, async (req, res) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.set("Allow", "GET").status(405).json({ message: "Leidžiamas tik GET" });
    return;
  }
  const file = req.path.split("/").pop() ?? "";
  try {
    if (!file.endsWith(".ics")) throw new CoreError("not-found", FEED_NOT_FOUND_MESSAGE);
    const text = await calendarFeed(core, file.slice(0, -".ics".length), {
      rateLimit: { clientKey: clientKey(req.headers, req.ip), limit: ICAL_RATE_LIMIT },
    });
    res
      .set("Content-Type", ICAL_CONTENT_TYPE)
      .set("Cache-Control", "no-store")
      .set("X-Robots-Tag", "noindex, nofollow")
      .status(200)
      .send(text);
  } catch (error) {
    const answer = callableError(error, (unexpected) => logger.error("Kalendoriaus pateikti nepavyko", unexpected));
    res.status(answer.httpErrorCode.status).json({ message: answer.message });
  }
});
export * from "./auditTrigger";
export { applyRetentionPeriods } from "./dataRights";
export * from "./richTextTriggers";

// ---------- the staff actions of the registry (src/core/actions): one callable each ----------

const invoiceDeps = () => ({ files: createStoragePrivateFiles(), inlineMailAttachments: true });

// Firebase finds the functions among this module's exports by name. The registry's names are data,
// not module syntax, so its callables join the CommonJS exports the bundle builds
// (scripts/firebase-build-functions.ts: format "cjs"); they are made here, after setGlobalOptions.
Object.assign(
  module.exports,
  staffCallables(() => core),
);

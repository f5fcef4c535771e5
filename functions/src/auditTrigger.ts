// The audit log of the Firebase back-office's direct writes. Staff CRUD of the plain records
// (cars, prices, customers, settings, …) goes from the browser straight into Firestore, with no
// function call on the way, so this trigger writes each write's audit entry after it: the staff
// member (from the write's auth context and their staff document), the action, and an edit's
// changed fields before and after (src/core/auditLog.ts, the same entry the core writes).
//
// Writes made by functions (the admin SDK: a service account) are skipped: the core audited them
// in their own transaction. The entry needs no precondition: it only adds a document.
import { getFirestore } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { defineString } from "firebase-functions/params";
import { type DocumentSnapshot, onDocumentWrittenWithAuthContext } from "firebase-functions/v2/firestore";
import { plainValue } from "../../src/backend/shared/firestore/storedDoc";
import { auditDirectWrite } from "../../src/core/auditLog";
import { COLLECTIONS } from "../../src/core/collections";
import { type CoreContext, noEvents, systemClock } from "../../src/core/ports";
import { PLAIN_RESOURCES } from "../../src/core/staffRecords";
import { createFirestoreDocumentStore } from "./firestoreDocumentStore";

// The same parameter as in index.ts (this module's functions are defined before its global options).
const region = defineString("FUNCTIONS_REGION", {
  default: "us-central1",
  description: "Cloud Functions regionas; toks pat turi būti svetainės vykdymo konfigūracijoje (functionsRegion)",
});

/**
 * The collections staff write directly (firestore.rules), by the resource name the log keeps: the
 * core's plain records (mail is written by functions only), the damage register and reservations.
 */
export const DIRECT_WRITE_COLLECTIONS = [
  ...PLAIN_RESOURCES.filter((resource) => resource !== "mail"),
  "damages",
  "reservations",
] as const;

/** Who made a write, as the trigger's auth context tells: null for functions and the system. */
export async function directWriteActor(
  core: Pick<CoreContext, "store">,
  authType: string,
  authId: string | undefined,
): Promise<string | null> {
  if (authType === "service_account" || authType === "system") return null;
  if (!authId) return "nežinomas";
  const staff = core.store.isId(authId) ? await core.store.get(COLLECTIONS.staff, authId) : null;
  return typeof staff?.data.email === "string" && staff.data.email ? staff.data.email : authId;
}

const dataOf = (snapshot: DocumentSnapshot | undefined): Record<string, unknown> | null =>
  snapshot?.exists ? (plainValue(snapshot.data()) as Record<string, unknown>) : null;

let core: CoreContext | null = null;
function coreContext(): CoreContext {
  core ??= {
    store: createFirestoreDocumentStore(getFirestore()),
    events: noEvents,
    clock: systemClock,
    log: { info: (m) => logger.info(m), warn: (m) => logger.warn(m), error: (m, e) => logger.error(m, e) },
    siteUrl: "",
  };
  return core;
}

const auditTrigger = (collection: (typeof DIRECT_WRITE_COLLECTIONS)[number]) =>
  onDocumentWrittenWithAuthContext({ document: `${collection}/{id}`, region, maxInstances: 10 }, async (event) => {
    const ctx = coreContext();
    const actor = await directWriteActor(ctx, event.authType, event.authId);
    if (actor === null) return;
    await auditDirectWrite(ctx, {
      resource: collection,
      recordId: event.params.id,
      before: dataOf(event.data?.before),
      after: dataOf(event.data?.after),
      actor,
    });
  });

export const auditCarsWrites = auditTrigger("cars");
export const auditFleetWrites = auditTrigger("fleet");
export const auditPricesWrites = auditTrigger("prices");
export const auditOffersWrites = auditTrigger("offers");
export const auditNewsWrites = auditTrigger("news");
export const auditCustomersWrites = auditTrigger("customers");
export const auditRequestsWrites = auditTrigger("requests");
export const auditLocationsWrites = auditTrigger("locations");
export const auditExtrasWrites = auditTrigger("extras");
export const auditSettingsWrites = auditTrigger("settings");
export const auditDamagesWrites = auditTrigger("damages");
export const auditReservationsWrites = auditTrigger("reservations");

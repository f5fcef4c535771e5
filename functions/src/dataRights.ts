// The customer's data rights on Firebase: the same use cases as the local server's
// (src/core/dataRights.ts), as callables for admins and a daily scheduled function.
//   exportCustomerData { id }         → { data, summary }: the JSON export and its Lithuanian HTML summary
//   eraseCustomer { id, confirm: true } → the erasure's counts and what was kept
//   applyRetentionPeriods (daily)     → the retention periods; retentionRuns/<date> marks the day once
// The private files are in Cloud Storage (./privateFiles.ts); removal deletes the object.
//
// The core context is made on first use: this module is evaluated before index.ts initialises the
// Admin SDK (an `export *` is hoisted).
import { getFirestore } from "firebase-admin/firestore";
import { getStorage } from "firebase-admin/storage";
import * as logger from "firebase-functions/logger";
import { defineString } from "firebase-functions/params";
import { type CallableRequest, HttpsError, onCall } from "firebase-functions/v2/https";
import { onSchedule } from "firebase-functions/v2/scheduler";
import { roleFromClaims } from "../../src/backend/firebase/roles";
import { loadSettings } from "../../src/core/catalog";
import {
  applyRetention,
  customerExportSummary,
  type ErasableFiles,
  eraseCustomer as eraseCustomerUseCase,
  exportCustomerData as exportCustomerDataUseCase,
} from "../../src/core/dataRights";
import { type CoreContext, noEvents, systemClock } from "../../src/core/ports";
import { PRIVATE_FILE_PATTERN } from "../../src/domain/schemas";
import { callableError, SIGN_IN_MESSAGE } from "./errors";
import { createFirestoreDocumentStore } from "./firestoreDocumentStore";
import { createStoragePrivateFiles } from "./privateFiles";

const region = defineString("FUNCTIONS_REGION", {
  default: "us-central1",
  description: "Cloud Functions regionas; toks pat turi būti svetainės vykdymo konfigūracijoje (functionsRegion)",
});

export const ADMINS_ONLY_MESSAGE = "Šį veiksmą gali atlikti tik administratorius";
export const ERASE_CONFIRM_MESSAGE = "Patvirtinkite ištrynimą (confirm: true)";

let context: CoreContext | null = null;
const core = (): CoreContext => {
  context ??= {
    store: createFirestoreDocumentStore(getFirestore()),
    events: noEvents,
    clock: systemClock,
    log: { info: (m) => logger.info(m), warn: (m) => logger.warn(m), error: (m, e) => logger.error(m, e) },
  };
  return context;
};

/** Storage's private files with removal (a missing object is not an error). */
function storageFiles(): ErasableFiles {
  const files = createStoragePrivateFiles();
  return {
    put: files.put,
    get: files.get,
    async remove(path) {
      if (!PRIVATE_FILE_PATTERN.test(path) || path.includes("..")) return false;
      const file = getStorage().bucket().file(path);
      const [exists] = await file.exists();
      if (!exists) return false;
      await file.delete({ ignoreNotFound: true });
      return true;
    },
  };
}

function requireAdmin(request: CallableRequest): string {
  if (!request.auth) throw new HttpsError("unauthenticated", SIGN_IN_MESSAGE);
  if (roleFromClaims(request.auth.token) !== "admin") throw new HttpsError("permission-denied", ADMINS_ONLY_MESSAGE);
  const email = request.auth.token.email;
  return typeof email === "string" ? email : request.auth.uid;
}

const idOf = (data: unknown): string => {
  const id = (data as { id?: unknown } | null)?.id;
  return typeof id === "string" ? id : "";
};

function adminCallable<T>(name: string, handler: (request: CallableRequest, actor: string) => Promise<T>) {
  return onCall({ region }, async (request) => {
    try {
      return await handler(request, requireAdmin(request));
    } catch (error) {
      throw callableError(error, (unexpected) => logger.error(`Funkcija ${name}: netikėta klaida`, unexpected));
    }
  });
}

export const exportCustomerData = adminCallable("exportCustomerData", async (request, actor) => {
  const data = await exportCustomerDataUseCase(
    core(),
    { files: createStoragePrivateFiles() },
    idOf(request.data),
    actor,
  );
  const settings = await loadSettings(core().store);
  return { data, summary: customerExportSummary(data, settings.company.name) };
});

export const eraseCustomer = adminCallable("eraseCustomer", async (request, actor) => {
  if ((request.data as { confirm?: unknown } | null)?.confirm !== true) {
    throw new HttpsError("invalid-argument", ERASE_CONFIRM_MESSAGE, { errors: { confirm: ERASE_CONFIRM_MESSAGE } });
  }
  return eraseCustomerUseCase(core(), { files: storageFiles() }, idOf(request.data), actor);
});

/** Daily at 03:30 Vilnius time; the day's marker makes a repeated or overlapping run do nothing. */
export const applyRetentionPeriods = onSchedule(
  { schedule: "30 3 * * *", timeZone: "Europe/Vilnius", retryCount: 1, region },
  async () => {
    const run = await applyRetention(core(), { files: storageFiles() });
    logger.info(`Saugojimo terminai ${run.day}: ${run.ran ? JSON.stringify(run.counts) : "jau atlikta"}`);
  },
);

// The customer's data rights on Firebase: the same use cases as the local server's
// (src/core/dataRights.ts). The admins' export and erasure are the registry's callables
// (src/core/actions/dataRights.ts, ./staffActions.ts); here the daily scheduled function:
//   applyRetentionPeriods (daily)     → the retention periods; retentionRuns/<date> marks the day once
// The private files are in Cloud Storage (./privateFiles.ts); removal deletes the object.
//
// The core context is made on first use: this module is evaluated before index.ts initialises the
// Admin SDK (an `export *` is hoisted).
import { getFirestore } from "firebase-admin/firestore";
import { getStorage } from "firebase-admin/storage";
import * as logger from "firebase-functions/logger";
import { defineString } from "firebase-functions/params";
import { onSchedule } from "firebase-functions/v2/scheduler";
import { applyRetention, type ErasableFiles } from "../../src/core/dataRights";
import { type CoreContext, noEvents, systemClock } from "../../src/core/ports";
import { PRIVATE_FILE_PATTERN } from "../../src/domain/schemas";
import { createFirestoreDocumentStore } from "./firestoreDocumentStore";
import { createStoragePrivateFiles } from "./privateFiles";

const region = defineString("FUNCTIONS_REGION", {
  default: "us-central1",
  description: "Cloud Functions regionas; toks pat turi būti svetainės vykdymo konfigūracijoje (functionsRegion)",
});

export const ADMINS_ONLY_MESSAGE = "Šį veiksmą gali atlikti tik administratorius";
export { ERASE_CONFIRM_MESSAGE } from "../../src/core/actions/dataRights";

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
export function erasableStorageFiles(): ErasableFiles {
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

/** Daily at 03:30 Vilnius time; the day's marker makes a repeated or overlapping run do nothing. */
export const applyRetentionPeriods = onSchedule(
  { schedule: "30 3 * * *", timeZone: "Europe/Vilnius", retryCount: 1, region },
  async () => {
    const run = await applyRetention(core(), { files: erasableStorageFiles() });
    logger.info(`Saugojimo terminai ${run.day}: ${run.ran ? JSON.stringify(run.counts) : "jau atlikta"}`);
  },
);

// Staff-written rich text on the Firebase adapter is written by the browser straight into
// Firestore (the data provider), so it is sanitised here, right after each write: news and
// offer bodies, and the settings' texts (terms, about, privacy) in settings and in their
// public copy, publicSettings. The same sanitiser and policy as the local server's
// (src/domain/richTextSanitizer.ts). Until the trigger has run the site shows nothing unsafe
// either: it sanitises again when it renders (src/domain/richTextRender.ts).
//
// No loops: a document is rewritten only when sanitising changes it, and sanitising what is
// already sanitised changes nothing, so the trigger's own write ends the round. The rewrite
// carries a precondition (the document's update time): when staff saved again meanwhile, it
// is skipped, and the newer write gets its own round.
import * as logger from "firebase-functions/logger";
import { defineString } from "firebase-functions/params";
import { type DocumentSnapshot, onDocumentWritten } from "firebase-functions/v2/firestore";
import { sanitizedRichTextFields } from "../../src/domain/richTextSanitizer";

// The same parameter as in index.ts; named here too, because this module's functions are
// defined before index.ts sets its global options.
const region = defineString("FUNCTIONS_REGION", {
  default: "us-central1",
  description: "Cloud Functions regionas; toks pat turi būti svetainės vykdymo konfigūracijoje (functionsRegion)",
});

/** What the trigger did with one written document. */
export type RichTextOutcome = "deleted" | "clean" | "sanitised" | "changed-meanwhile";

/** The code Firestore answers a failed precondition with (gRPC FAILED_PRECONDITION). */
const FAILED_PRECONDITION = 9;

/**
 * Sanitises the rich-text fields of one written document: rewrites only the fields that
 * sanitising changes, and only if the document is still the one that was written.
 */
export async function sanitiseWrittenDocument(
  collection: string,
  after: Pick<DocumentSnapshot, "exists" | "data" | "ref" | "updateTime"> | undefined,
): Promise<RichTextOutcome> {
  if (!after?.exists) return "deleted";
  const changes = sanitizedRichTextFields(collection, after.data());
  if (!changes) return "clean";
  try {
    await after.ref.update(changes, after.updateTime ? { lastUpdateTime: after.updateTime } : {});
  } catch (error) {
    if ((error as { code?: unknown })?.code === FAILED_PRECONDITION) return "changed-meanwhile";
    throw error;
  }
  logger.info(
    `Išvalytas formatuotas tekstas: ${collection}/${after.ref.id} (laukai: ${Object.keys(changes).join(", ")})`,
  );
  return "sanitised";
}

const richTextTrigger = (collection: string) =>
  onDocumentWritten({ document: `${collection}/{id}`, region, maxInstances: 10 }, async (event) => {
    await sanitiseWrittenDocument(collection, event.data?.after);
  });

export const sanitizeNewsRichText = richTextTrigger("news");
export const sanitizeOffersRichText = richTextTrigger("offers");
export const sanitizeSettingsRichText = richTextTrigger("settings");
export const sanitizePublicSettingsRichText = richTextTrigger("publicSettings");

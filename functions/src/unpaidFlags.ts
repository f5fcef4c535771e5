// The reservations' `_unpaid` flag (the "Neapmokėtos" list's query field, UNPAID_FIELD) for
// documents stored before the flag existed. Every write derives the flag (toStoredDoc), so this
// one pass is needed once per project: it walks all reservations by id in pages, sets the flag
// where it is missing or wrong, and then leaves a marker so later runs cost one read.
//
// Safe beside live writes and on several instances at once: each document is updated with the
// update time it was read at as a precondition; a document written meanwhile failed that check
// and already carries the flag its own write derived (nothing else of the document is touched:
// not its version, nor updatedAt).
import { FieldPath, type Firestore, type QueryDocumentSnapshot } from "firebase-admin/firestore";
import { UNPAID_FIELD } from "../../src/backend/shared/firestore/model";
import { owesBalance } from "../../src/domain/payments";

/** The marker: migrations/unpaidFlag { done: true, at, updated } (admin SDK only; the rules deny it). */
export const UNPAID_FLAG_MARKER = { collection: "migrations", id: "unpaidFlag" } as const;
const PAGE = 400;
/** gRPC FAILED_PRECONDITION: the document changed after it was read. */
const FAILED_PRECONDITION = 9;

export interface UnpaidFlagRun {
  /** the marker was already there: nothing read */
  skipped: boolean;
  scanned: number;
  updated: number;
}

async function flagDoc(doc: QueryDocumentSnapshot): Promise<boolean> {
  const data = doc.data();
  const owes = owesBalance(data);
  if (data[UNPAID_FIELD] === owes) return false;
  try {
    await doc.ref.update({ [UNPAID_FIELD]: owes }, { lastUpdateTime: doc.updateTime });
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === FAILED_PRECONDITION) return false;
    throw error;
  }
}

/** Sets the flag on every reservation that lacks it (or has a wrong one), once per project. */
export async function ensureUnpaidFlags(db: Firestore, options: { force?: boolean } = {}): Promise<UnpaidFlagRun> {
  const marker = db.collection(UNPAID_FLAG_MARKER.collection).doc(UNPAID_FLAG_MARKER.id);
  if (!options.force && (await marker.get()).get("done") === true) return { skipped: true, scanned: 0, updated: 0 };
  let scanned = 0;
  let updated = 0;
  let last: QueryDocumentSnapshot | null = null;
  for (;;) {
    let page = db.collection("reservations").orderBy(FieldPath.documentId()).limit(PAGE);
    if (last) page = page.startAfter(last);
    const snapshot = await page.get();
    if (snapshot.empty) break;
    const changed = await Promise.all(snapshot.docs.map(flagDoc));
    scanned += snapshot.size;
    updated += changed.filter(Boolean).length;
    last = snapshot.docs[snapshot.docs.length - 1] ?? null;
    if (snapshot.size < PAGE) break;
  }
  await marker.set({ done: true, at: new Date().toISOString(), scanned, updated });
  return { skipped: false, scanned, updated };
}

// The reservations' derived list flags for documents stored before the flag existed: `_unpaid`
// (the "Neapmokėtos" list's query field, UNPAID_FIELD) and `_overpaid` ("Permoka",
// OVERPAID_FIELD). Every write derives both (toStoredDoc), so each flag's pass is needed once per
// project: it walks all reservations by id in pages, sets the flag where it is missing or wrong,
// and then leaves its own marker so later runs cost one read.
//
// Safe beside live writes and on several instances at once: each document is updated with the
// update time it was read at as a precondition; a document written meanwhile failed that check
// and already carries the flag its own write derived (nothing else of the document is touched:
// not its version, nor updatedAt).
import { FieldPath, type Firestore, type QueryDocumentSnapshot } from "firebase-admin/firestore";
import { OVERPAID_FIELD, UNPAID_FIELD } from "../../src/backend/shared/firestore/model";
import { isOverpaid } from "../../src/domain/overpayment";
import { owesBalance } from "../../src/domain/payments";

/** The marker: migrations/unpaidFlag { done: true, at, updated } (admin SDK only; the rules deny it). */
export const UNPAID_FLAG_MARKER = { collection: "migrations", id: "unpaidFlag" } as const;
/** The marker of the `_overpaid` pass: migrations/overpaidFlag, the same way. */
export const OVERPAID_FLAG_MARKER = { collection: "migrations", id: "overpaidFlag" } as const;
const PAGE = 400;
/** gRPC FAILED_PRECONDITION: the document changed after it was read. */
const FAILED_PRECONDITION = 9;

export interface UnpaidFlagRun {
  /** the marker was already there: nothing read */
  skipped: boolean;
  scanned: number;
  updated: number;
}

/** One derived flag: its field, how a stored reservation derives it, its pass's marker. */
interface ReservationFlag {
  field: string;
  derive: (data: Record<string, unknown>) => boolean;
  marker: { collection: string; id: string };
}

const UNPAID_FLAG: ReservationFlag = { field: UNPAID_FIELD, derive: owesBalance, marker: UNPAID_FLAG_MARKER };
const OVERPAID_FLAG: ReservationFlag = { field: OVERPAID_FIELD, derive: isOverpaid, marker: OVERPAID_FLAG_MARKER };

async function flagDoc(flag: ReservationFlag, doc: QueryDocumentSnapshot): Promise<boolean> {
  const data = doc.data();
  const value = flag.derive(data);
  if (data[flag.field] === value) return false;
  try {
    await doc.ref.update({ [flag.field]: value }, { lastUpdateTime: doc.updateTime });
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === FAILED_PRECONDITION) return false;
    throw error;
  }
}

/** Sets the flag on every reservation that lacks it (or has a wrong one), once per project. */
async function ensureFlag(db: Firestore, flag: ReservationFlag, options: { force?: boolean }): Promise<UnpaidFlagRun> {
  const marker = db.collection(flag.marker.collection).doc(flag.marker.id);
  if (!options.force && (await marker.get()).get("done") === true) return { skipped: true, scanned: 0, updated: 0 };
  let scanned = 0;
  let updated = 0;
  let last: QueryDocumentSnapshot | null = null;
  for (;;) {
    let page = db.collection("reservations").orderBy(FieldPath.documentId()).limit(PAGE);
    if (last) page = page.startAfter(last);
    const snapshot = await page.get();
    if (snapshot.empty) break;
    const changed = await Promise.all(snapshot.docs.map((doc) => flagDoc(flag, doc)));
    scanned += snapshot.size;
    updated += changed.filter(Boolean).length;
    last = snapshot.docs[snapshot.docs.length - 1] ?? null;
    if (snapshot.size < PAGE) break;
  }
  await marker.set({ done: true, at: new Date().toISOString(), scanned, updated });
  return { skipped: false, scanned, updated };
}

/** The `_unpaid` flag on every reservation that lacks it (or has a wrong one), once per project. */
export const ensureUnpaidFlags = (db: Firestore, options: { force?: boolean } = {}): Promise<UnpaidFlagRun> =>
  ensureFlag(db, UNPAID_FLAG, options);

/** The `_overpaid` flag on every reservation that lacks it (or has a wrong one), once per project. */
export const ensureOverpaidFlags = (db: Firestore, options: { force?: boolean } = {}): Promise<UnpaidFlagRun> =>
  ensureFlag(db, OVERPAID_FLAG, options);

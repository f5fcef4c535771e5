// The erasure ledger: one document per erased customer, erasureLedger/{customerId}
// { customerId, emailHash, phoneHash, erasedAt, complete }, written in the erasure's own transaction
// (src/core/dataRights.ts eraseCustomer). It holds no personal data: the id names a record that is
// itself anonymised, and the e-mail and phone are kept only as one-way SHA-256 hashes (with a
// fixed prefix), enough to recognise the same person in restored data, never to read them back.
//
// A restore (server/backup/local.ts, server/backup/firebase.ts) replaces the data with an older
// archive, which may still hold people erased since. So the restore keeps the ledger: it reads
// the target's ledger before it empties the target, merges it into the archive's own after the
// load (mergeErasureLedger) and erases every listed customer the restored data holds again
// (reapplyErasures in src/core/dataRights.ts).
import { sha256Hex } from "../domain/portalToken";
import { COLLECTIONS } from "./collections";
import type { DocumentStore, StoredDoc } from "./ports";
import { insertDoc, replaceDoc, type Writer } from "./writes";

/** What an erasure remembers of the person: the id and the hashes (no personal data). */
export interface ErasureLedgerEntry {
  customerId: string;
  /** SHA-256 of the normalised e-mail address, "" when there was none */
  emailHash: string;
  /** SHA-256 of the phone's digits, "" when there was none */
  phoneHash: string;
  erasedAt: string;
  /** false: an open damage claim kept the name and contacts (the erasure is done again later) */
  complete: boolean;
}

/** The prefix hashed with each value, so the hashes match no other table of plain SHA-256 e-mails. */
const HASH_PREFIX = "ratai-istrynimas:";

export const contactHash = (kind: "email" | "phone", value: unknown): string => {
  if (typeof value !== "string") return "";
  const normal = kind === "email" ? value.trim().toLowerCase() : value.replace(/\D/g, "");
  return normal ? sha256Hex(`${HASH_PREFIX}${kind}:${normal}`) : "";
};

/** The ledger entry of a customer record about to be erased. */
export function ledgerEntryOf(
  customer: { id: string; email?: unknown; phone?: unknown },
  erasedAt: string,
  complete: boolean,
): ErasureLedgerEntry {
  return {
    customerId: customer.id,
    emailHash: contactHash("email", customer.email),
    phoneHash: contactHash("phone", customer.phone),
    erasedAt,
    complete,
  };
}

/**
 * Writes the entry in the erasure's transaction (a later erasure of the same customer replaces it);
 * `existing`: the entry as read at the start of that transaction (reads come before writes).
 */
export function writeLedgerEntry(w: Writer, entry: ErasureLedgerEntry, existing: StoredDoc | null): void {
  const data = { ...entry };
  if (existing) {
    replaceDoc(w, COLLECTIONS.erasureLedger, entry.customerId, data, existing.data.createdAt as string | undefined);
  } else {
    insertDoc(w, COLLECTIONS.erasureLedger, data, entry.customerId);
  }
}

/** The ledger as it is (a restore reads it before emptying the target). */
export async function readErasureLedger(store: DocumentStore): Promise<StoredDoc[]> {
  return store.query(COLLECTIONS.erasureLedger);
}

/**
 * Before a restore writes: the target's ledger, read and removed, so the archive's own entries load
 * without clashing. The restore puts it back with mergeErasureLedger once the archive is in.
 */
export async function takeErasureLedger(store: DocumentStore): Promise<StoredDoc[]> {
  const docs = await readErasureLedger(store);
  for (let start = 0; start < docs.length; start += 400) {
    const batch = docs.slice(start, start + 400);
    await store.transaction(async (tx) => {
      for (const doc of batch) tx.delete(COLLECTIONS.erasureLedger, doc.id);
    });
  }
  return docs;
}

/**
 * Puts back the entries the restored archive lacks (or holds older ones of): the ledger after a
 * restore is the union of the archive's and the one the target had. Returns how many were written.
 */
export async function mergeErasureLedger(store: DocumentStore, kept: readonly StoredDoc[]): Promise<number> {
  let written = 0;
  for (let start = 0; start < kept.length; start += 200) {
    const batch = kept.slice(start, start + 200);
    await store.transaction(async (tx) => {
      for (const doc of batch) {
        const current = await tx.get(COLLECTIONS.erasureLedger, doc.id);
        if (current && String(current.data.erasedAt ?? "") >= String(doc.data.erasedAt ?? "")) continue;
        tx.set(COLLECTIONS.erasureLedger, doc.id, doc.data);
        written += 1;
      }
    });
  }
  return written;
}

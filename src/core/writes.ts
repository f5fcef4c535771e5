// Writing inside a use case's transaction: new documents get an id from the store and the
// clock's time as createdAt and updatedAt; the mail outbox and the audit log are documents too,
// so a reservation, its e-mails and its log entry are stored together or not at all.
import { type OutgoingMail, pendingMailDoc } from "../domain/mailTemplates";
import { COLLECTIONS } from "./collections";
import type { DocumentStore, Transaction } from "./ports";
import { versionOf } from "./versions";

/** One transaction's writer: the store's ids and one instant for every write. */
export interface Writer {
  tx: Transaction;
  store: DocumentStore;
  now: Date;
}

export const writer = (tx: Transaction, store: DocumentStore, now: Date): Writer => ({ tx, store, now });

/** Stores a new document (version 1); returns its id. */
export function insertDoc(w: Writer, collection: string, data: Record<string, unknown>, id?: string): string {
  const newId = id ?? w.store.newId(collection);
  const at = w.now.toISOString();
  w.tx.set(collection, newId, { ...data, version: 1, createdAt: at, updatedAt: at });
  return newId;
}

export interface Stamps {
  createdAt: string;
  updatedAt: string;
  version: number;
}

/**
 * Replaces a stored document, keeping its creation time and counting its version up from the
 * one it was read at (`readVersion`, or the `version` the data carries as read from the store).
 */
export function replaceDoc(
  w: Writer,
  collection: string,
  id: string,
  data: Record<string, unknown>,
  createdAt: string | undefined,
  readVersion: number = versionOf(data),
): Stamps {
  const { id: _id, createdAt: _c, updatedAt: _u, version: _v, ...fields } = data;
  const stamps = {
    createdAt: createdAt ?? w.now.toISOString(),
    updatedAt: w.now.toISOString(),
    version: readVersion + 1,
  };
  w.tx.set(collection, id, { ...fields, ...stamps });
  return stamps;
}

/** Puts a mail into the outbox (delivered by the local mailer or the Trigger Email extension). */
export function queueMail(w: Writer, mail: OutgoingMail): string {
  // The "Mano rezervacija" link the mail carries is stored (only its hash) with the mail.
  if (mail.portalLink) {
    insertDoc(w, COLLECTIONS.reservationLinks, { ...mail.portalLink.doc }, mail.portalLink.tokenHash);
  }
  return insertDoc(w, COLLECTIONS.mail, pendingMailDoc(mail) as Record<string, unknown>);
}

export type AuditAction =
  | "create"
  | "update"
  | "delete"
  | "upload"
  | "remove-file"
  | "price-update"
  | "erase"
  | "retention"
  | "export"
  | "merge";

/** A signed-in staff member: the e-mail names them in the log, the role decides what they may override. */
export interface StaffActor {
  email: string;
  role: "staff" | "admin";
}

/** "svetainė" for changes made through the public site. */
export const WEB_ACTOR = "svetainė";

export interface AuditEntry {
  action: AuditAction;
  resource: string;
  recordId: string;
  /** the staff member's e-mail, or WEB_ACTOR */
  actor: string;
  [detail: string]: unknown;
}

export function writeAudit(w: Writer, entry: AuditEntry): void {
  insertDoc(w, COLLECTIONS.auditLog, { ...entry, at: w.now.toISOString() });
}

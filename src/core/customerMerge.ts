// Merging a web booking's pending customer into the existing customer with the same e-mail
// ("Sujungti" on the customer card). A web booking never writes to an existing customer found by
// e-mail (anyone can type someone else's address, src/core/reservations.ts submitWebReservation):
// it creates a customer of its own with `mergeInto` naming the existing one. Staff check that they
// are the same person and merge: the pending customer's reservations move to the existing one, the
// existing one's empty fields are filled from it (mergeGaps; nothing staff recorded is
// overwritten), the pending customer is deleted, and the audit log keeps who merged what, when.
import { mergeGaps } from "../domain/reservationInput";
import { COLLECTIONS } from "./collections";
import { CoreError } from "./errors";
import type { CoreContext } from "./ports";
import { customerRecord } from "./records";
import { replaceDoc, writeAudit, writer } from "./writes";

export const NOT_PENDING_MESSAGE = "Šis klientas nelaukia sujungimo";
export const TARGET_GONE_MESSAGE = "Klientas, su kuriuo reikia sujungti, nerastas arba jo duomenys ištrinti";
export const MERGE_INVOICED_MESSAGE =
  "Klientui jau išrašyta sąskaita: sujungti negalima (sąskaitos nekeičiamos). Palikite klientus atskirus.";

export interface MergeResult {
  /** the customer that remains */
  customerId: string;
  /** the merged (deleted) pending customer */
  mergedId: string;
  /** reservations moved to the remaining customer */
  reservations: number;
}

/** Merges the pending customer `input.id` into the customer its `mergeInto` names. */
export async function mergeCustomer(ctx: CoreContext, input: { id: string }, actor: string): Promise<MergeResult> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const id = input.id;
  const result = await store.transaction(async (tx) => {
    const found = store.isId(id) ? await tx.get(COLLECTIONS.customers, id) : null;
    if (!found) throw new CoreError("not-found", "Klientas nerastas");
    const pending = customerRecord(found);
    const targetId = pending.mergeInto ?? null;
    if (!targetId || pending.anonymisedAt) throw new CoreError("precondition", NOT_PENDING_MESSAGE);
    const targetDoc = store.isId(targetId) ? await tx.get(COLLECTIONS.customers, targetId) : null;
    if (!targetDoc || targetDoc.data.anonymisedAt) throw new CoreError("precondition", TARGET_GONE_MESSAGE);
    const target = customerRecord(targetDoc);
    const invoiced = await tx.query(COLLECTIONS.invoices, {
      where: [{ field: "customerId", op: "==", value: id }],
      limit: 1,
    });
    if (invoiced.length > 0) throw new CoreError("precondition", MERGE_INVOICED_MESSAGE);
    const reservations = await tx.query(COLLECTIONS.reservations, {
      where: [{ field: "customerId", op: "==", value: id }],
    });
    // Pending customers of the same person waiting for this one follow it.
    const followers = await tx.query(COLLECTIONS.customers, {
      where: [{ field: "mergeInto", op: "==", value: id }],
    });

    const w = writer(tx, store, now);
    for (const r of reservations) {
      replaceDoc(w, COLLECTIONS.reservations, r.id, { ...r.data, customerId: targetId }, r.data.createdAt as string);
    }
    for (const f of followers) {
      replaceDoc(w, COLLECTIONS.customers, f.id, { ...f.data, mergeInto: targetId }, f.data.createdAt as string);
    }
    const patch = mergeGaps(target, pending);
    if (Object.keys(patch).length > 0) {
      replaceDoc(w, COLLECTIONS.customers, targetId, { ...targetDoc.data, ...patch }, target.createdAt);
    }
    tx.delete(COLLECTIONS.customers, id);
    const entry = { mergedId: id, customerId: targetId, reservations: reservations.length };
    writeAudit(w, { action: "merge", resource: "customers", recordId: targetId, actor, ...entry });
    writeAudit(w, { action: "merge", resource: "customers", recordId: id, actor, ...entry });
    return { customerId: targetId, mergedId: id, reservations: reservations.map((r) => r.id) };
  });
  ctx.events.publish("customers", result.mergedId, "deleted");
  ctx.events.publish("customers", result.customerId, "updated");
  for (const r of result.reservations) ctx.events.publish("reservations", r, "updated");
  ctx.log.info(`Klientai sujungti (${actor}): perkelta rezervacijų ${result.reservations.length}`);
  return { customerId: result.customerId, mergedId: result.mergedId, reservations: result.reservations.length };
}

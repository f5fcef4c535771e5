// The audit entry of a write the core did not make: on Firebase the back-office writes its plain
// records (cars, prices, customers, settings, …) straight into Firestore from the browser, so a
// Firestore trigger (functions/src/auditTrigger.ts) hands each such write here, with the document
// before and after. The entry is the one the core writes for its own edits: the action, the
// record, the staff member, and an edit's changed fields before and after.
import { changesDetail } from "../domain/auditChanges";
import type { CoreContext } from "./ports";
import { writeAudit, writer } from "./writes";

export interface DirectWrite {
  resource: string;
  recordId: string;
  /** the document before the write (null: created) and after it (null: deleted) */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** the staff member's e-mail (or their uid when unknown) */
  actor: string;
}

/** Writes the entry; false when the write changed nothing worth logging (only stamps or derived fields). */
export async function auditDirectWrite(ctx: CoreContext, write: DirectWrite): Promise<boolean> {
  const { before, after } = write;
  if (!before && !after) return false;
  const action = !before ? "create" : !after ? "delete" : "update";
  const detail = action === "update" ? changesDetail(before, after) : {};
  if (action === "update" && !detail.changes) return false;
  const now = ctx.clock.now();
  await ctx.store.transaction(async (tx) => {
    writeAudit(writer(tx, ctx.store, now), {
      action,
      resource: write.resource,
      recordId: write.recordId,
      actor: write.actor,
      ...detail,
    });
  });
  return true;
}

// The outbox's state over the store port (any store: PostgreSQL/PGlite, Firestore, memory): how
// many mails wait, are being sent, are failing and will be tried again, or were given up, and how
// long the oldest unsent one has waited. The dashboard's warning (src/admin/mail/MailQueueWarning.tsx)
// shows it; a readiness check can call mailQueueStatus() as it is (it reads, never writes).
import { type MailQueueState, mailQueueState } from "../domain/mailQueue";
import { COLLECTIONS } from "./collections";
import type { CoreContext } from "./ports";

export type { MailQueueState } from "../domain/mailQueue";

/** The mail states that are not "sent": the only ones the summary reads (sent mail may be many). */
const UNSENT_STATES = ["PENDING", "PROCESSING", "ERROR"];

/**
 * The outbox at `now` (default: the context's clock). Read-only and free of side effects: one
 * query of the unsent and failed mails, summed up by mailQueueState (src/domain/mailQueue.ts).
 */
export async function mailQueueStatus(ctx: CoreContext, now: Date = ctx.clock.now()): Promise<MailQueueState> {
  const docs = await ctx.store.query(COLLECTIONS.mail, {
    where: [{ field: "delivery.state", op: "in", value: UNSENT_STATES }],
  });
  return mailQueueState(
    docs.map((doc) => doc.data),
    now,
  );
}

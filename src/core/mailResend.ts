import { COLLECTIONS } from "./collections";
import { CoreError } from "./errors";
import type { CoreContext } from "./ports";
import { mailRecord } from "./records";
import { insertDoc, writeAudit, writer } from "./writes";

export const MAIL_NOT_FOUND_MESSAGE = "Laiškas nerastas";

export async function resendMail(ctx: CoreContext, id: string, actor: string): Promise<{ id: string }> {
  const { store } = ctx;
  const now = ctx.clock.now();
  if (!store.isId(id)) throw new CoreError("not-found", MAIL_NOT_FOUND_MESSAGE);
  const outcome = await store.transaction(async (tx) => {
    const found = await tx.get(COLLECTIONS.mail, id);
    if (!found) throw new CoreError("not-found", MAIL_NOT_FOUND_MESSAGE);
    const original = mailRecord(found);
    const w = writer(tx, store, now);
    const copyId = insertDoc(w, COLLECTIONS.mail, {
      to: original.to,
      ...(original.replyTo ? { replyTo: original.replyTo } : {}),
      message: original.message,
      delivery: { state: "PENDING", attempts: 0, error: null, endTime: null },
      ref: original.ref ?? null,
    });
    writeAudit(w, { action: "create", resource: "mail", recordId: copyId, actor, resentFrom: id });
    return { id: copyId, subject: original.message.subject };
  });
  ctx.events.publish("mail", outcome.id, "created");
  ctx.log.info(`${actor} pakartotinai įdėjo laišką „${outcome.subject}“ į siuntimo eilę (${outcome.id})`);
  return { id: outcome.id };
}

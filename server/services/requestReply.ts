// Answering an inquiry: the mail goes to the outbox, the reply is recorded on the inquiry and
// the inquiry becomes answered, all in one transaction (never a sent mail with no record of it).
import { answeredRequest, REQUEST_NOT_FOUND_MESSAGE, replyInputSchema, replyMail } from "../../src/domain/inquiry";
import type { InquiryRequest } from "../../src/domain/schemas";
import type { Db } from "../db/types";
import { parseWith } from "../http/body";
import { ApiError } from "../http/errors";
import { log } from "../log";
import { writeAudit } from "./audit";
import { type DocRow, isUuid, loadSettings, rowToRecord } from "./catalog";
import { publish } from "./events";
import { enqueueMail } from "./mail";

export async function replyToRequest(
  db: Db,
  id: string,
  body: unknown,
  actor: string,
): Promise<{ request: Record<string, unknown>; mailId: string }> {
  if (!isUuid(id)) throw new ApiError(404, REQUEST_NOT_FOUND_MESSAGE);
  const input = parseWith(replyInputSchema, body);

  const { row, mailId } = await db.transaction(async (tx) => {
    const found = await tx.query<DocRow>(
      "SELECT id, doc, created_at, updated_at FROM requests WHERE id = $1 FOR UPDATE",
      [id],
    );
    const current = found.rows[0];
    if (!current) throw new ApiError(404, REQUEST_NOT_FOUND_MESSAGE);
    const inquiry = current.doc as InquiryRequest;
    const settings = await loadSettings(tx);
    const companyEmail = settings.company.emails[0];

    const mailId = await enqueueMail(tx, replyMail(id, inquiry, companyEmail, input));
    const next = answeredRequest(inquiry, input, actor, new Date());
    const updated = await tx.query<DocRow>(
      "UPDATE requests SET doc = $2::jsonb, updated_at = now() WHERE id = $1 RETURNING id, doc, created_at, updated_at",
      [id, JSON.stringify(next)],
    );
    await writeAudit(tx, { action: "update", resource: "requests", recordId: id, actor });
    await writeAudit(tx, { action: "create", resource: "mail", recordId: mailId, actor });
    const row = updated.rows[0];
    if (!row) throw new ApiError(404, REQUEST_NOT_FOUND_MESSAGE);
    return { row, mailId };
  });

  publish("requests", id, "updated");
  publish("mail", mailId, "created");
  log.info(`${actor} atsakė į užklausą ${id}; laiškas ${mailId} įdėtas į siuntimo eilę`);
  return { request: rowToRecord(row), mailId };
}

// Answering an inquiry: the mail goes to the outbox, the reply is recorded on the inquiry and
// the inquiry becomes answered, all in one transaction (never a sent mail with no record of it).
import { z } from "zod";
import { type InquiryRequest, requestSchema } from "../../src/domain/schemas";
import type { Db } from "../db/types";
import { parseWith } from "../http/body";
import { ApiError } from "../http/errors";
import { log } from "../log";
import { writeAudit } from "./audit";
import { type DocRow, isUuid, loadSettings, rowToRecord } from "./catalog";
import { publish } from "./events";
import { enqueueMail, textToHtml } from "./mail";

export const REQUEST_NOT_FOUND_MESSAGE = "Užklausa nerasta";

export const replyInputSchema = z
  .object({
    subject: z
      .string({ error: "Turi būti tekstas" })
      .trim()
      .min(1, { error: "Įrašykite temą" })
      .max(200, { error: "Ne daugiau kaip 200 simbolių" }),
    body: z
      .string({ error: "Turi būti tekstas" })
      .trim()
      .min(1, { error: "Įrašykite atsakymą" })
      .max(20_000, { error: "Ne daugiau kaip 20000 simbolių" }),
  })
  .strict();

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

    const mailId = await enqueueMail(tx, {
      to: inquiry.email,
      ...(companyEmail ? { replyTo: companyEmail } : {}),
      subject: input.subject,
      text: input.body,
      html: textToHtml(input.body),
      ref: `request:${id}`,
    });
    const reply = { at: new Date().toISOString(), by: actor, subject: input.subject, body: input.body };
    const { id: _id, createdAt: _c, updatedAt: _u, ...doc } = inquiry;
    const next = requestSchema.parse({ ...doc, status: "answered", replies: [...(inquiry.replies ?? []), reply] });
    const { id: _nid, createdAt: _nc, updatedAt: _nu, ...stored } = next;
    const updated = await tx.query<DocRow>(
      "UPDATE requests SET doc = $2::jsonb, updated_at = now() WHERE id = $1 RETURNING id, doc, created_at, updated_at",
      [id, JSON.stringify(stored)],
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

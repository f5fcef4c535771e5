// E-mail documents in the shape of the Firebase "Trigger Email" extension (collection `mail`):
// { to, replyTo?, message: { subject, text, html }, delivery, ref }. The extension sends them;
// the back-office lists them. Texts come from the domain (src/domain/mailTemplates.ts), the
// same as the local server's mails.
import { type MailDoc, type OutgoingMail, pendingMailDoc, reservationMails } from "../../../src/domain/mailTemplates";

export type { MailDoc } from "../../../src/domain/mailTemplates";
export { textToHtml } from "../../../src/domain/mailTemplates";

/** One mail as a pending "Trigger Email" document. */
export const mailDoc = (mail: OutgoingMail): MailDoc => pendingMailDoc(mail);

/** The reservation's mail documents: the customer's confirmation and, when the company has an address, the staff notice. */
export const reservationMailDocs = (ctx: Parameters<typeof reservationMails>[0]): MailDoc[] =>
  reservationMails(ctx).map(pendingMailDoc);

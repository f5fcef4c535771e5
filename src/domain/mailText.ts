// A mail's plain parts, shared by the notification rules (notifications.ts) and the mail texts
// (mailTemplates.ts): the outgoing mail and the text-to-HTML wrapping.
import type { PortalLinkDoc } from "./portalToken";
import type { MailAttachment } from "./schemas";

/** One mail before it is queued. */
export interface OutgoingMail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** what the mail is about, e.g. "reservation:<id>" */
  ref?: string;
  /** private files sent along (the signed acts): { filename, path } */
  attachments?: MailAttachment[];
  /** the "Mano rezervacija" link the mail carries: stored (hashed) by queueMail with the mail */
  portalLink?: { tokenHash: string; doc: PortalLinkDoc };
}

export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );

/** Plain text as simple HTML paragraphs (blank line = new paragraph, newline = <br>). */
export function textToHtml(text: string, extraHtml = "", lang: "lt" | "en" = "lt"): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">\n${paragraphs}${extraHtml ? `\n${extraHtml}` : ""}\n</body></html>`;
}

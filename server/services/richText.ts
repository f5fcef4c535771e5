// Staff-written rich text (news and offer bodies, the terms and about texts) is stored as HTML
// and shown on the public site as HTML, so it is sanitised here, on the server, whatever the
// browser sent: only the tags the admin editor produces survive, links only to safe schemes.
import sanitizeHtml from "sanitize-html";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "s", "h2", "h3", "h4", "ul", "ol", "li", "a", "blockquote"],
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Script and style contents are dropped with their tags, never shown as text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "template"],
  transformTags: {
    // Links that open a new tab never get a handle on the site's window.
    a: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.target === "_blank"
          ? { ...attribs, rel: "noopener noreferrer" }
          : Object.fromEntries(Object.entries(attribs).filter(([key]) => key !== "target" && key !== "rel")),
    }),
    // Older editors' bold and italic become their meaningful forms.
    b: "strong",
    i: "em",
    h1: "h2",
  },
};

/** Anything that could be markup: a tag, a comment or a doctype. Plain text without it stays as typed. */
const MARKUP_PATTERN = /<[a-z!/?]/i;

export function looksLikeHtml(text: string): boolean {
  return MARKUP_PATTERN.test(text);
}

/** Sanitised HTML; empty paragraphs the editor leaves behind are dropped. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS)
    .replace(/<p>(?:\s|&nbsp;|<br \/>)*<\/p>/g, "")
    .trim();
}

/**
 * Texts that may be plain (the terms, typed as paragraphs) or HTML: plain text is left alone
 * (the site escapes it when it renders it); anything with markup is sanitised.
 */
export function sanitizeTextOrHtml(text: string): string {
  return looksLikeHtml(text) ? sanitizeRichText(text) : text;
}

// The write-time sanitiser of staff-written rich text, shared by the local server
// (server/services/richText.ts, before a write) and Cloud Functions (the Firestore trigger in
// functions/src/richTextTriggers.ts, after a write from the browser). sanitize-html with the
// policy of src/domain/richTextPolicy.ts. Server-side only: the public bundle never imports it
// (the site renders through the small src/domain/richTextRender.ts).
import sanitizeHtml from "sanitize-html";
import {
  dropEmptyParagraphs,
  looksLikeHtml,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED_WITH_CONTENT,
  RICH_TEXT_FIELDS,
  RICH_TEXT_RENAMES,
  RICH_TEXT_SCHEMES,
  RICH_TEXT_TAGS,
} from "./richTextPolicy";

export { looksLikeHtml };

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Script and style contents are dropped with their tags, never shown as text.
  nonTextTags: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  transformTags: {
    // Links that open a new tab never get a handle on the site's window.
    a: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.target === "_blank"
          ? { ...attribs, rel: "noopener noreferrer" }
          : Object.fromEntries(Object.entries(attribs).filter(([key]) => key !== "target" && key !== "rel")),
    }),
    ...RICH_TEXT_RENAMES,
  },
};

/** Sanitised HTML; empty paragraphs the editor leaves behind are dropped. */
export function sanitizeRichText(html: string): string {
  return dropEmptyParagraphs(sanitizeHtml(html, OPTIONS));
}

/**
 * Texts that may be plain (the terms, typed as paragraphs) or HTML: plain text is left alone
 * (the site escapes it when it renders it); anything with markup is sanitised.
 */
export function sanitizeTextOrHtml(text: string): string {
  return looksLikeHtml(text) ? sanitizeRichText(text) : text;
}

/**
 * The rich-text fields of a collection's document (RICH_TEXT_FIELDS) that sanitising changes,
 * with their sanitised values; null when nothing changes (or the collection has none), so a
 * trigger writes only when it must and its own write does not start another round.
 */
export function sanitizedRichTextFields(
  collection: string,
  data: Readonly<Record<string, unknown>> | undefined,
): Record<string, string> | null {
  const fields = RICH_TEXT_FIELDS[collection];
  if (!fields || !data) return null;
  const changed: Record<string, string> = {};
  for (const [field, kind] of Object.entries(fields)) {
    const value = data[field];
    if (typeof value !== "string") continue;
    const clean = kind === "html" ? sanitizeRichText(value) : sanitizeTextOrHtml(value);
    if (clean !== value) changed[field] = clean;
  }
  return Object.keys(changed).length > 0 ? changed : null;
}

// What staff-written rich text may contain, in one place for every sanitiser:
// - at write time: the local server (server/services/richText.ts) and the Firebase trigger
//   (functions/src/richTextTriggers.ts), both through src/domain/richTextSanitizer.ts;
// - at render time, on both adapters: the site and the admin editor (src/domain/richTextRender.ts).
// The tags are the ones the admin editor produces; links go only to safe schemes.
// Pure data and string helpers: no dependencies, safe for the public bundle.

/** Tags kept (after renaming); every other tag is dropped and its text kept. */
export const RICH_TEXT_TAGS = [
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "h2",
  "h3",
  "h4",
  "ul",
  "ol",
  "li",
  "a",
  "blockquote",
] as const;

/** Older editors' tags and their meaningful forms. */
export const RICH_TEXT_RENAMES: Readonly<Record<string, string>> = { b: "strong", i: "em", h1: "h2" };

/** Attributes kept, per tag; no other attribute (no on*, no style) survives. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ["href", "title", "target", "rel"],
};

/** URL schemes a link may use; relative links stay, protocol-relative ones (//host) do not. */
export const RICH_TEXT_SCHEMES = ["http", "https", "mailto", "tel"] as const;

/** Tags dropped together with their content: their text is never shown. */
export const RICH_TEXT_DROPPED_WITH_CONTENT = [
  "script",
  "style",
  "textarea",
  "option",
  "noscript",
  "iframe",
  "object",
  "template",
] as const;

/** What a sanitiser does with a field: always HTML, or plain text unless it has markup. */
export type RichTextKind = "html" | "textOrHtml";

/**
 * The rich-text fields of each collection (the local server's resources have the same names).
 * The public settings document repeats the settings' texts, so it is sanitised too.
 */
export const RICH_TEXT_FIELDS: Readonly<Record<string, Readonly<Record<string, RichTextKind>>>> = {
  news: { body: "html" },
  offers: { body: "html" },
  settings: { terms: "textOrHtml", about: "textOrHtml", privacy: "textOrHtml" },
  publicSettings: { terms: "textOrHtml", about: "textOrHtml", privacy: "textOrHtml" },
};

/** Anything that could be markup: a tag, a comment or a doctype. Plain text without it stays as typed. */
const MARKUP_PATTERN = /<[a-z!/?]/i;

export function looksLikeHtml(text: string): boolean {
  return MARKUP_PATTERN.test(text);
}

/**
 * Whether a link target (entities already decoded) is safe: an allowed scheme, or a relative
 * address. Browsers ignore tabs and line breaks inside URLs and spaces or control characters
 * around them, and read "\" as "/", so those are ignored here too.
 */
export function isSafeHref(href: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const url = href.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (/^[/\\]{2}/.test(url)) return false;
  const scheme = /^([^/?#]*?):/.exec(url)?.[1];
  if (scheme === undefined) return true;
  return (RICH_TEXT_SCHEMES as readonly string[]).includes(scheme.toLowerCase());
}

/** The editor leaves empty paragraphs behind; sanitisers drop them (a self-closed or plain <br> alike). */
export function dropEmptyParagraphs(html: string): string {
  return html.replace(/<p>(?:\s|&nbsp;|<br\s*\/?>)*<\/p>/g, "").trim();
}

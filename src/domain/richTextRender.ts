// The render-time sanitiser of staff-written HTML: whatever is stored (the server and the
// Firebase trigger sanitise on write, but a document may have been written before that ran,
// or by hand), the site and the admin editor insert only what this returns.
//
// Small and dependency-free, for the public bundle, and a pure string function, so the
// prerender (Node) and the browser produce the very same HTML and hydration matches. It
// never passes input through: the output is rebuilt from what it recognises.
// - Tags of the policy (src/domain/richTextPolicy.ts) are written anew, with only the allowed
//   attributes, each value entity-decoded, checked and re-escaped; links only to safe schemes.
// - Other tags are dropped and their text kept; script, style and the like with their content;
//   comments, doctypes and processing instructions vanish.
// - Anything else is text: "<" and ">" are escaped, "&" too unless it starts a character
//   reference (which can only ever decode to text).
// - Tags are balanced: stray closing tags are dropped, open ones are closed at the end, so a
//   body never spills into the page around it.
import {
  isSafeHref,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED_WITH_CONTENT,
  RICH_TEXT_RENAMES,
  RICH_TEXT_TAGS,
} from "./richTextPolicy";

const ALLOWED = new Set<string>(RICH_TEXT_TAGS);
const DROPPED = new Set<string>(RICH_TEXT_DROPPED_WITH_CONTENT);
const VOID = new Set(["br"]);

/** A start or end tag with its attributes, as the HTML tokenizer reads one (well-formed ones only). */
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/y;
/** Markup that is no element: a doctype, CDATA, processing instruction or bogus comment. */
const NOT_AN_ELEMENT = /<(?:[!?]|\/[^a-zA-Z])/y;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const CHARACTER_REFERENCE = /^&(?:[a-zA-Z][a-zA-Z0-9]{0,31};|#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};)/;

const NAMED: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  colon: ":",
  sol: "/",
  bsol: "\\",
  tab: "\t",
  newline: "\n",
  period: ".",
  num: "#",
  quest: "?",
  lpar: "(",
  rpar: ")",
};

/**
 * Decodes character references in an attribute value as browsers do for the cases that
 * matter to a URL check (numeric ones with or without ";", the common named ones). An unknown
 * named reference stays as it is and is then escaped, so the browser sees the same text.
 */
function decodeAttribute(value: string): string {
  return value.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);?/g, (whole, body: string) => {
    if (body.startsWith("#")) {
      const code = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : "\ufffd";
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Text as text: "<" and ">" escaped, "&" escaped unless it starts a character reference. */
function escapeText(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === "<") out += "&lt;";
    else if (char === ">") out += "&gt;";
    else if (char === "&") out += CHARACTER_REFERENCE.test(text.slice(i, i + 40)) ? "&" : "&amp;";
    else out += char;
  }
  return out;
}

function attributesOf(tag: string, source: string): string {
  const allowed = RICH_TEXT_ATTRIBUTES[tag];
  if (!allowed || source.trim() === "") return "";
  const values = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = (match[1] as string).toLowerCase();
    if (!allowed.includes(name) || values.has(name)) continue;
    values.set(name, decodeAttribute(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  const href = values.get("href");
  if (href !== undefined) {
    const clean = href.replace(/[\t\n\r]/g, "").trim();
    if (isSafeHref(clean)) values.set("href", clean);
    else values.delete("href");
  }
  // As on the server: a link that opens a new tab gets no handle on the site's window.
  if (tag === "a") {
    if (values.get("target") === "_blank") values.set("rel", "noopener noreferrer");
    else {
      values.delete("target");
      values.delete("rel");
    }
  }
  let out = "";
  for (const name of allowed) {
    const value = values.get(name);
    if (value !== undefined) out += ` ${name}="${escapeAttribute(value)}"`;
  }
  return out;
}

/** Safe HTML to insert for stored rich text: see the top of this file. */
export function sanitizeRichTextForDisplay(html: string): string {
  let out = "";
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt === -1) {
      out += escapeText(html.slice(i));
      break;
    }
    out += escapeText(html.slice(i, lt));
    i = lt;
    if (html.startsWith("<!--", i)) {
      const end = html.indexOf("-->", i + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    NOT_AN_ELEMENT.lastIndex = i;
    if (NOT_AN_ELEMENT.test(html)) {
      const end = html.indexOf(">", i);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    TAG.lastIndex = i;
    const tag = TAG.exec(html);
    if (!tag) {
      out += "&lt;";
      i += 1;
      continue;
    }
    i += tag[0].length;
    const closing = tag[1] === "/";
    const raw = (tag[2] as string).toLowerCase();
    if (DROPPED.has(raw)) {
      if (!closing) {
        // Its content goes with it, up to its own end tag.
        const end = new RegExp(`</${raw}\\s*>`, "gi");
        end.lastIndex = i;
        i = end.exec(html) ? end.lastIndex : html.length;
      }
      continue;
    }
    const name = RICH_TEXT_RENAMES[raw] ?? raw;
    if (!ALLOWED.has(name)) continue;
    if (VOID.has(name)) {
      if (!closing) out += `<${name}>`;
      continue;
    }
    if (!closing) {
      out += `<${name}${attributesOf(name, tag[3] ?? "")}>`;
      open.push(name);
      continue;
    }
    const at = open.lastIndexOf(name);
    if (at === -1) continue;
    while (open.length > at) out += `</${open.pop()}>`;
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}

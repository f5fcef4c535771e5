// Word-prefix search for Firestore, which has no full-text search. Each searchable
// document carries `_search`: the prefixes (1..20 characters) of its text starting at
// every word, folded to lower case without diacritics. A query `q` is folded the same
// way and matched with one `array-contains`, so "jon", "jonas jo" and "gmail" all find
// "Jonas Jonaitis <jonas@gmail.com>". Pure: used by the browser, functions and the seed.

export const SEARCH_FIELD = "_search";
/** Longest prefix kept; a longer query is cut to this length before matching. */
export const MAX_TOKEN_LENGTH = 20;
/** A document never carries more tokens than this (Firestore bills each index entry). */
export const MAX_TOKENS = 600;

/** "Ąžuolas  Šimkus" -> "azuolas simkus" */
export function foldText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

const WORD_BREAK = /[\s@.\-_+(),/:;<>"'„“[\]!?]/;

/** The prefixes of one text, starting at its beginning and after every separator. */
export function textTokens(value: string): string[] {
  const text = foldText(value);
  const tokens = new Set<string>();
  for (let start = 0; start < text.length; start++) {
    const previous = start === 0 ? " " : (text[start - 1] as string);
    const current = text[start] as string;
    if (!WORD_BREAK.test(previous) || current === " ") continue;
    const rest = text.slice(start, start + MAX_TOKEN_LENGTH);
    for (let end = 1; end <= rest.length; end++) tokens.add(rest.slice(0, end).trimEnd());
  }
  tokens.delete("");
  return [...tokens];
}

function valueAt(record: Record<string, unknown>, path: string): unknown {
  let current: unknown = record;
  for (const part of path.split(".")) {
    if (!current || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Tokens of the given fields of a record (strings, numbers and arrays of them). */
export function searchTokens(record: Record<string, unknown>, fields: readonly string[]): string[] {
  const tokens = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === "string" || typeof value === "number") {
      for (const token of textTokens(String(value))) tokens.add(token);
    } else if (Array.isArray(value)) {
      for (const item of value) add(item);
    }
  };
  for (const field of fields) add(valueAt(record, field));
  return [...tokens].slice(0, MAX_TOKENS);
}

/** The one token a search box value is matched by; null when it has no letters or digits. */
export function queryToken(q: string): string | null {
  const folded = foldText(q).slice(0, MAX_TOKEN_LENGTH).trimEnd();
  return folded === "" ? null : folded;
}

// Word-prefix search for Firestore, which has no full-text search. Each searchable document
// carries `_search`: the prefixes (1..20 characters) of its search words, the very words
// src/domain/searchText.ts gives PostgreSQL (folded, digit groups joined, phone forms).
// A query is split into words the same way; the longest one is matched with `array-contains`
// and the rest by matchesSearchTokens() on the documents that query returns, so
// "auditas rim", "8 612 34567" and "siauliai" all find what they find on the server.
// Pure: used by the browser, functions and the seed.

import { foldSearchText, querySearchWords, recordSearchWords, valueSearchWords } from "../../../domain/searchText";

export const SEARCH_FIELD = "_search";
/** Longest prefix kept; a longer query word is cut to this length before matching. */
export const MAX_TOKEN_LENGTH = 20;
/** A document never carries more tokens than this (Firestore bills each index entry; the rules check it). */
export const MAX_TOKENS = 600;

/** "Ąžuolas  Šimkus" -> "azuolas simkus" */
export const foldText = foldSearchText;

function prefixes(words: readonly string[], into: Set<string>): void {
  for (const word of words) {
    const cut = word.slice(0, MAX_TOKEN_LENGTH);
    for (let end = 1; end <= cut.length; end++) {
      if (into.size >= MAX_TOKENS) return;
      into.add(cut.slice(0, end));
    }
  }
}

/** The prefixes of the search words of one text. */
export function textTokens(value: string): string[] {
  const tokens = new Set<string>();
  prefixes(valueSearchWords(value), tokens);
  return [...tokens];
}

/** Tokens of the given fields of a record (strings, numbers and arrays of them); earlier fields first. */
export function searchTokens(record: Record<string, unknown>, fields: readonly string[]): string[] {
  const tokens = new Set<string>();
  prefixes(recordSearchWords(record, fields), tokens);
  return [...tokens];
}

/** The words of a search box value as tokens (cut to MAX_TOKEN_LENGTH); empty when nothing searchable. */
export function queryTokens(q: string): string[] {
  return [...new Set(querySearchWords(q).map((word) => word.slice(0, MAX_TOKEN_LENGTH)))];
}

/** The one token Firestore matches (the longest word: the fewest documents); null when nothing searchable. */
export function queryToken(q: string): string | null {
  const tokens = queryTokens(q);
  if (tokens.length === 0) return null;
  return tokens.reduce((best, token) => (token.length > best.length ? token : best));
}

/** Whether a stored document's tokens hold every query token (the words array-contains did not check). */
export function matchesSearchTokens(stored: unknown, tokens: readonly string[]): boolean {
  if (!Array.isArray(stored)) return tokens.length === 0;
  const have = new Set(stored.filter((token): token is string => typeof token === "string"));
  return tokens.every((token) => have.has(token));
}

// The back-office search text: ONE normalisation for every backend.
// - PostgreSQL/PGlite keeps it per row in a `search` tsvector, maintained by triggers that call
//   the SQL twin of these functions (server/db/migrations/003_admin_search.sql);
//   tests/integration/admin-search.test.ts checks the twin gives the same words as this file.
// - Firestore keeps the prefixes of these words in `_search` (src/backend/firebase/searchTokens.ts).
// - Queries are split into words here for both; every word must be a prefix of some stored word.
// Pure: no imports, so the browser, the server and Cloud Functions all share it.

/** Letters folded to their plain form, both cases (1:1, as SQL translate() takes them). */
export const FOLD_FROM =
  "ąĄčČęĘėĖįĮšŠųŲūŪžŽäÄöÖüÜõÕåÅáÁàÀâÂãÃāĀéÉèÈêÊëËēĒíÍìÌîÎïÏīĪóÓòÒôÔøØōŌőŐúÚùÙûÛůŮűŰýÝÿŸñÑńŃňŇçÇćĆłŁľĽĺĹśŚźŹżŻđĐďĎğĞşŞţŢťŤřŘŕŔİ";
export const FOLD_TO =
  "aacceeeeiissuuuuzzaaoouuooaaaaaaaaaaaaeeeeeeeeeeiiiiiiiiiioooooooooooouuuuuuuuuuyyyynnnnnnccccllllllsszzzzddddggssttttrrrri";

const FOLD_MAP: ReadonlyMap<string, string> = new Map([...FOLD_FROM].map((ch, i) => [ch, FOLD_TO[i] as string]));

/** Longest compacted value kept as one extra word ("ABC 123" -> "abc123", "R-2026-000001" -> "r2026000001"). */
export const MAX_COMPACT_LENGTH = 24;
/** A query uses at most this many words, each at most this long. */
export const MAX_QUERY_WORDS = 10;
export const MAX_QUERY_WORD_LENGTH = 64;

/**
 * "Šiaulių g. 5-12" -> "siauliu g 5 12": Lithuanian (and common European) letters to their plain
 * form, lower case, anything but a-z and 0-9 a single space. Letters of other alphabets are dropped
 * (SQL lower() does not know them in every locale, so they could never match the same way).
 */
export function foldSearchText(value: string): string {
  let translated = "";
  for (const ch of value) translated += FOLD_MAP.get(ch) ?? ch;
  return translated
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const DIGIT_RUN = /(?:^| )([0-9]+(?: [0-9]+)+)(?= |$)/g;

/** A Lithuanian number in every form people type: 370xxxxxxxx, 8xxxxxxxx and xxxxxxxx. */
function phoneVariants(digits: string): string[] {
  if (/^370[0-9]{8}$/.test(digits)) return [`8${digits.slice(3)}`, digits.slice(3)];
  if (/^8[0-9]{8}$/.test(digits)) return [`370${digits.slice(1)}`, digits.slice(1)];
  return [];
}

/**
 * The words one stored value is found by: its folded words, digit groups joined
 * ("+370 612 34567" -> "37061234567"), the whole value without spaces when it holds a digit
 * (plates, codes, numbers) and the other forms of a Lithuanian phone number.
 */
export function valueSearchWords(value: string): string[] {
  const folded = foldSearchText(value);
  if (folded === "") return [];
  const extra: string[] = [];
  for (const match of folded.matchAll(DIGIT_RUN)) extra.push((match[1] as string).replaceAll(" ", ""));
  const compact = folded.replaceAll(" ", "");
  if (compact !== folded && /[0-9]/.test(folded) && compact.length <= MAX_COMPACT_LENGTH) extra.push(compact);
  for (const word of [...folded.split(" "), ...extra]) extra.push(...phoneVariants(word));
  return [...new Set([...folded.split(" "), ...extra])];
}

/** Searched fields of each resource (dotted paths); the SQL function search_fields() lists the same. */
export const SEARCH_FIELDS = {
  cars: ["make", "model", "year", "slug"],
  fleet: ["plateNumber", "vin", "notes"],
  prices: ["category", "season.name"],
  offers: ["title", "slug"],
  news: ["title", "slug", "excerpt"],
  customers: ["firstName", "lastName", "companyName", "companyCode", "vatCode", "email", "phone"],
  requests: ["name", "email", "phone", "company.name", "company.code", "message"],
  reservations: ["number", "comment"],
  locations: ["name", "city", "address"],
  extras: ["name"],
  settings: [],
  staff: ["name", "email"],
  mail: ["to", "message.subject", "ref"],
  "client-errors": ["message", "kind", "url"],
  "audit-log": ["actor", "action", "resource", "recordId"],
  damages: ["note"],
} as const satisfies Record<string, readonly string[]>;
export type SearchResource = keyof typeof SEARCH_FIELDS;

/**
 * What a reservation is also found by on PostgreSQL (its customer's and car's fields, kept fresh
 * by triggers); the list shows both through references.
 */
export const RESERVATION_CUSTOMER_SEARCH_FIELDS = ["firstName", "lastName", "companyName", "email", "phone"] as const;
export const RESERVATION_CAR_SEARCH_FIELDS = ["make", "model"] as const;

function valueAt(record: Record<string, unknown>, path: string): unknown {
  let current: unknown = record;
  for (const part of path.split(".")) {
    if (!current || typeof current !== "object" || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Words of the given fields of a record: strings, numbers and arrays of them, in field order. */
export function recordSearchWords(record: Record<string, unknown>, fields: readonly string[]): string[] {
  const words = new Set<string>();
  const add = (value: unknown, nested: boolean) => {
    if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value))) {
      for (const word of valueSearchWords(String(value))) words.add(word);
    } else if (Array.isArray(value) && !nested) {
      for (const item of value) add(item, true);
    }
  };
  for (const field of fields) add(valueAt(record, field), false);
  return [...words];
}

/**
 * The words a search box value is matched by, each a prefix of some stored word:
 * folded, digit groups joined ("8 612 34567" -> "861234567"), duplicates and words that are a
 * prefix of another query word dropped. Empty when nothing searchable was typed.
 */
export function querySearchWords(q: string): string[] {
  const parts = foldSearchText(q.slice(0, 1000)).split(" ").filter(Boolean);
  const joined: string[] = [];
  for (const part of parts) {
    const last = joined.length - 1;
    if (/^[0-9]+$/.test(part) && last >= 0 && /^[0-9]+$/.test(joined[last] as string)) {
      joined[last] += part;
    } else {
      joined.push(part);
    }
  }
  const words = [...new Set(joined.map((word) => word.slice(0, MAX_QUERY_WORD_LENGTH)))];
  return words
    .filter((word, i) => !words.some((other, j) => j !== i && other.startsWith(word) && other !== word))
    .slice(0, MAX_QUERY_WORDS);
}

/** Whether stored words match a query: every query word is a prefix of one of them. */
export function matchesSearchWords(stored: readonly string[], queryWords: readonly string[]): boolean {
  return queryWords.every((word) => stored.some((candidate) => candidate.startsWith(word)));
}

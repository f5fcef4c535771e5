// The search text of 003_admin_search.sql, computed in JavaScript for a restore.
//
// search_words() is PL/pgSQL with regular expressions: on PGlite (WebAssembly) the search text of
// 100 000 reservations takes about 50 s, most of a restore. The same text computed here and
// turned into a tsvector by to_tsvector('simple', …) in the INSERT gives the same column:
// this is a character-for-character twin of search_fold, search_words, search_json_words,
// search_document and search_reservation (not of src/domain/searchText.ts, which keeps a set of
// words; positions in a tsvector depend on the exact text).
//
// It is only used when it can be trusted:
// - the SQL functions' sources are the ones this twin was written from (md5 of prosrc; a
//   migration that changes them makes the restore use the SQL functions, slower but right);
// - the searched fields come from the database's own search_fields();
// - lower() is asked how it treats the one character outside A–Z it may turn into a–z (the
//   Kelvin sign; İ is folded before lower());
// - server/backup/fastLoad.ts compares a sample of each table with the SQL functions before it
//   uses the twin, and tests/integration/restore-derived.test.ts compares every row.
import type { Queryable } from "../db/types";

/** md5(prosrc) of the functions this file is the twin of (003_admin_search.sql). */
export const TWIN_OF: Readonly<Record<string, string>> = {
  search_document: "4cf471b39d34c7a0a1b0a8ee13d45a14",
  search_fold: "48aabdb38e7b9423e174df87733ae84f",
  search_json_words: "4849cec13dd8e19f8219aa1e99ab2c10",
  search_reservation: "1904366f077081e0f1c6ef8bdf6f6a1a",
  search_row_update: "d5eb8e82aac3e80e96b8454cc7a8d6ff",
  search_words: "bce036b962e4c4d4220de162d448c183",
};

/** translate()'s two lists in search_fold (003_admin_search.sql), character for character. */
const FOLD_FROM =
  "ąĄčČęĘėĖįĮšŠųŲūŪžŽäÄöÖüÜõÕåÅáÁàÀâÂãÃāĀéÉèÈêÊëËēĒíÍìÌîÎïÏīĪóÓòÒôÔøØōŌőŐúÚùÙûÛůŮűŰýÝÿŸñÑńŃňŇçÇćĆłŁľĽĺĹśŚźŹżŻđĐďĎğĞşŞţŢťŤřŘŕŔİ";
const FOLD_TO =
  "aacceeeeiissuuuuzzaaoouuooaaaaaaaaaaaaeeeeeeeeeeiiiiiiiiiioooooooooooouuuuuuuuuuyyyynnnnnnccccllllllsszzzzddddggssttttrrrri";

const UUID_ANY_CASE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGIT_RUN = /(?:^| )([0-9]+(?: [0-9]+)+)(?= |$)/g;
const KELVIN = "\u212A";

type Json = unknown;

/**
 * A JSON number's text as PostgreSQL's jsonb prints it (numeric_out of the text JSON.stringify
 * wrote): plain digits, no exponent ("1e+21" → "1000000000000000000000", "1.2e-7" → "0.00000012").
 */
export function numericText(value: number): string {
  const text = JSON.stringify(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = "", exponentText] = match as unknown as [string, string, string, string, string];
  const exponent = Number(exponentText);
  const digits = whole + fraction;
  // The decimal point sits after `point` digits of `digits`.
  const point = whole.length + exponent;
  let out: string;
  if (point <= 0) out = `0.${"0".repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + "0".repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  out = out.replace(/^0+(?=\d)/, "");
  return sign + out;
}

export interface SearchTwin {
  /** search_document(table, doc) */
  documentText(table: string, doc: Record<string, Json>): string;
  /** the text search_reservation() makes a tsvector of (its customer and car by id, or absent) */
  reservationText(
    doc: Record<string, Json>,
    customerById: (id: string) => Record<string, Json> | undefined,
    carById: (id: string) => Record<string, Json> | undefined,
  ): string;
}

/** The twin, or null when the database's functions are not the ones it was written from. */
export async function loadSearchTwin(q: Queryable, tables: readonly string[]): Promise<SearchTwin | null> {
  const { rows } = await q.query<{ proname: string; h: string; src: string }>(
    `SELECT proname, md5(prosrc) AS h, prosrc AS src FROM pg_proc
     WHERE proname = ANY($1::text[]) AND pronamespace = 'public'::regnamespace`,
    [Object.keys(TWIN_OF)],
  );
  const found = new Map(rows.map((row) => [row.proname, row]));
  for (const [name, hash] of Object.entries(TWIN_OF)) {
    const row = found.get(name);
    if (!row || row.h !== hash || rows.filter((r) => r.proname === name).length !== 1) return null;
  }
  const fold = found.get("search_fold")?.src ?? "";
  if (!fold.includes(FOLD_FROM) || !fold.includes(FOLD_TO)) return null;
  const names = [...new Set([...tables, "reservation_customer", "reservation_car"])];
  const { rows: lists } = await q.query<{ name: string; fields: string[] }>(
    "SELECT name, search_fields(name) AS fields FROM unnest($1::text[]) AS name",
    [names],
  );
  const fields = new Map(lists.map((row) => [row.name, row.fields]));
  const { rows: probe } = await q.query<{ k: string }>("SELECT lower(chr(8490)) AS k");
  const kelvin = probe[0]?.k ?? KELVIN;
  const foldMap = new Map<string, string>();
  const from = [...FOLD_FROM];
  const to = [...FOLD_TO];
  if (from.length !== to.length) return null;
  // translate() takes a character's first place in the list.
  from.forEach((ch, i) => {
    if (!foldMap.has(ch)) foldMap.set(ch, to[i] as string);
  });

  /** search_fold(): translate, lower (A–Z and what lower() makes of the Kelvin sign), non a–z0–9 to " ", btrim. */
  const searchFold = (value: string): string => {
    let out = "";
    for (const ch of value) {
      const translated = foldMap.get(ch) ?? ch;
      if (translated >= "A" && translated <= "Z") out += translated.toLowerCase();
      else if (translated === KELVIN) out += kelvin;
      else out += translated;
    }
    return out.replace(/[^a-z0-9]+/g, " ").replace(/^ +| +$/g, "");
  };

  const searchWords = (value: string): string => {
    const folded = searchFold(value);
    if (folded === "") return "";
    const extra: string[] = [];
    for (const match of folded.matchAll(DIGIT_RUN)) extra.push((match[1] as string).replaceAll(" ", ""));
    const compact = folded.replaceAll(" ", "");
    if (compact !== folded && /[0-9]/.test(folded) && compact.length <= 24) extra.push(compact);
    // FOREACH walks the array as it was when the loop began.
    for (const word of [...folded.split(" "), ...extra]) {
      if (/^370[0-9]{8}$/.test(word)) extra.push(`8${word.slice(3)}`, word.slice(3));
      else if (/^8[0-9]{8}$/.test(word)) extra.push(`370${word.slice(1)}`, word.slice(1));
    }
    return `${folded} ${extra.join(" ")}`.replace(/^ +| +$/g, "");
  };

  // (NaN and ±Infinity become JSON null: no words.)
  const scalarText = (value: Json): string | null =>
    typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? numericText(value) : null;

  const jsonWords = (value: Json): string => {
    const scalar = scalarText(value);
    if (scalar !== null) return searchWords(scalar);
    if (Array.isArray(value)) {
      return value
        .map(scalarText)
        .filter((text): text is string => text !== null)
        .map(searchWords)
        .join(" ");
    }
    return "";
  };

  /** document #> string_to_array(field, '.'): object keys only (the fields name no array index). */
  const at = (doc: Record<string, Json>, field: string): Json => {
    let current: Json = doc;
    for (const part of field.split(".")) {
      if (!current || typeof current !== "object" || Array.isArray(current)) return undefined;
      if (!Object.hasOwn(current as object, part)) return undefined;
      current = (current as Record<string, Json>)[part];
    }
    return current;
  };

  const documentText = (table: string, doc: Record<string, Json>): string => {
    const list = fields.get(table);
    if (!list) throw new Error(`Paieškos laukų lentelei ${table} nėra`);
    return list.map((field) => jsonWords(at(doc, field))).join(" ");
  };

  return {
    documentText,
    reservationText(doc, customerById, carById) {
      const parts = [documentText("reservations", doc)];
      const customerId = doc.customerId;
      if (typeof customerId === "string" && UUID_ANY_CASE.test(customerId)) {
        const customer = customerById(customerId.toLowerCase());
        if (customer) parts.push(documentText("reservation_customer", customer));
      }
      const car = typeof doc.carId === "string" ? carById(doc.carId) : undefined;
      if (car) parts.push(documentText("reservation_car", car));
      return parts.join(" ");
    },
  };
}

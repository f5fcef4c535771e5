// ra-data-simple-rest list parameters (sort, range, filter) turned into parameterised SQL over a
// document table. User text never reaches the SQL text: field names are checked against a strict
// pattern and still passed as parameters (paths for the jsonb #> operator).
import { querySearchWords } from "../../src/domain/searchText";
import { ApiError } from "./errors";

/** "make", "company.name", "contract.fuelOut": letters, digits and underscores, dot-separated. */
export const FIELD_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}(?:\.[A-Za-z0-9_]{1,64}){0,5}$/;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const MAX_PAGE_SIZE = 5000;
const MAX_FILTER_KEYS = 40;
const MAX_IN_VALUES = 1000;
const MAX_TEXT_LENGTH = 1000;

export type ColumnType = "uuid" | "text" | "timestamptz";

/** Fields read from real columns instead of the jsonb document. */
export type ColumnMap = Record<string, { column: string; type: ColumnType }>;

export const BASE_COLUMNS: ColumnMap = {
  id: { column: "id", type: "uuid" },
  createdAt: { column: "created_at", type: "timestamptz" },
  updatedAt: { column: "updated_at", type: "timestamptz" },
};

export interface ListParams {
  sort: { field: string; order: "ASC" | "DESC" };
  /** inclusive, as ra-data-simple-rest sends it; null = everything (getMany) */
  range: [number, number] | null;
  filter: Record<string, unknown>;
}

const OPERATORS = ["gte", "lte", "gt", "lt", "neq", "q"] as const;
type Operator = (typeof OPERATORS)[number];

function badParam(name: string, detail?: string): ApiError {
  return new ApiError(400, `Neteisingas užklausos parametras „${name}“${detail ? `: ${detail}` : ""}`);
}

function parseJsonParam(name: string, raw: string | undefined): unknown {
  if (raw === undefined || raw === "") return undefined;
  if (raw.length > 100_000) throw badParam(name, "per ilgas");
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw badParam(name, "neteisingas JSON");
  }
}

/** Reads sort, range and filter as ra-data-simple-rest sends them; 400 for anything malformed. */
export function parseListParams(query: {
  sort?: string;
  range?: string;
  filter?: string;
  rangeHeader?: string;
}): ListParams {
  const sortValue = parseJsonParam("sort", query.sort);
  let sort: ListParams["sort"] = { field: "id", order: "ASC" };
  if (sortValue !== undefined) {
    if (!Array.isArray(sortValue) || sortValue.length !== 2) throw badParam("sort", 'laukiama ["laukas","ASC"]');
    const [field, order] = sortValue as unknown[];
    if (typeof field !== "string" || !FIELD_PATTERN.test(field)) throw badParam("sort", "netinkamas lauko pavadinimas");
    const upper = typeof order === "string" ? order.toUpperCase() : "";
    if (upper !== "ASC" && upper !== "DESC") throw badParam("sort", "tvarka turi būti ASC arba DESC");
    sort = { field, order: upper };
  }

  let range: ListParams["range"] = null;
  const rangeValue = parseJsonParam("range", query.range);
  if (rangeValue !== undefined) {
    if (
      !Array.isArray(rangeValue) ||
      rangeValue.length !== 2 ||
      !rangeValue.every((n) => typeof n === "number" && Number.isSafeInteger(n) && n >= 0) ||
      (rangeValue[1] as number) < (rangeValue[0] as number)
    ) {
      throw badParam("range", "laukiama [pradžia, pabaiga]");
    }
    range = [rangeValue[0] as number, rangeValue[1] as number];
  } else if (query.rangeHeader) {
    // "Range: cars=0-24", the header ra-data-simple-rest sends alongside the query.
    const match = /^[\w-]+=(\d{1,15})-(\d{1,15})$/.exec(query.rangeHeader.trim());
    if (match && Number(match[2]) >= Number(match[1])) range = [Number(match[1]), Number(match[2])];
  }

  const filterValue = parseJsonParam("filter", query.filter);
  let filter: Record<string, unknown> = {};
  if (filterValue !== undefined && filterValue !== null) {
    if (typeof filterValue !== "object" || Array.isArray(filterValue)) throw badParam("filter", "laukiamas objektas");
    filter = filterValue as Record<string, unknown>;
    if (Object.keys(filter).length > MAX_FILTER_KEYS) throw badParam("filter", "per daug sąlygų");
  }
  return { sort, range, filter };
}

/** Collects parameters and returns their $n placeholders. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function splitOperator(key: string): { field: string; operator: Operator | null } {
  for (const operator of OPERATORS) {
    const suffix = `_${operator}`;
    if (key.endsWith(suffix) && key.length > suffix.length) {
      return { field: key.slice(0, -suffix.length), operator };
    }
  }
  return { field: key, operator: null };
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function scalarText(key: string, value: unknown): string {
  if (typeof value === "string") {
    if (value.length > MAX_TEXT_LENGTH) throw badParam("filter", `per ilga reikšmė lauke ${key}`);
    return value;
  }
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return String(value);
  throw badParam("filter", `netinkama reikšmė lauke ${key}`);
}

function columnCondition(
  key: string,
  column: { column: string; type: ColumnType },
  operator: Operator | null,
  value: unknown,
  params: Params,
): string {
  const col = column.column;
  const values = Array.isArray(value) ? value : [value];
  if (values.length > MAX_IN_VALUES) throw badParam("filter", `per daug reikšmių lauke ${key}`);

  if (column.type === "uuid") {
    if (operator !== null && operator !== "neq") throw badParam("filter", `lauko ${key} taip filtruoti negalima`);
    // An id of the wrong form simply matches nothing (never a cast error).
    const ids = values.filter((v): v is string => typeof v === "string" && UUID_PATTERN.test(v));
    if (operator === "neq") return ids.length === 0 ? "TRUE" : `${col} <> ${params.add(ids[0]?.toLowerCase())}::uuid`;
    if (ids.length === 0) return "FALSE";
    return `${col} IN (${ids.map((id) => `${params.add(id.toLowerCase())}::uuid`).join(", ")})`;
  }

  if (column.type === "timestamptz") {
    const toIso = (v: unknown): string => {
      const time = typeof v === "string" || typeof v === "number" ? new Date(v).getTime() : Number.NaN;
      if (Number.isNaN(time)) throw badParam("filter", `neteisinga data lauke ${key}`);
      return new Date(time).toISOString();
    };
    const sqlOperator = { gte: ">=", lte: "<=", gt: ">", lt: "<", neq: "<>" } as const;
    if (operator === "q") throw badParam("filter", `lauko ${key} taip filtruoti negalima`);
    if (operator !== null) return `${col} ${sqlOperator[operator]} ${params.add(toIso(value))}::timestamptz`;
    if (values.length === 0) return "FALSE";
    return `${col} IN (${values.map((v) => `${params.add(toIso(v))}::timestamptz`).join(", ")})`;
  }

  // text column
  if (operator === "q") return `${col} ILIKE ${params.add(`%${escapeLike(scalarText(key, value))}%`)}`;
  if (operator !== null) {
    const sqlOperator = { gte: ">=", lte: "<=", gt: ">", lt: "<", neq: "IS DISTINCT FROM" } as const;
    return `${col} ${sqlOperator[operator]} ${params.add(scalarText(key, value))}`;
  }
  if (values.length === 0) return "FALSE";
  return `${col} IN (${values.map((v) => params.add(scalarText(key, v))).join(", ")})`;
}

function documentCondition(
  key: string,
  field: string,
  operator: Operator | null,
  value: unknown,
  params: Params,
): string {
  const path = `string_to_array(${params.add(field)}, '.')`;
  const json = `(doc #> ${path})`;
  const text = `(doc #>> ${path})`;

  if (operator === "q") return `${text} ILIKE ${params.add(`%${escapeLike(scalarText(key, value))}%`)}`;
  if (operator === "neq") {
    if (value === null) return `(${json} IS NOT NULL AND ${json} <> 'null'::jsonb)`;
    return `${text} IS DISTINCT FROM ${params.add(scalarText(key, value))}`;
  }
  if (operator !== null) {
    const sqlOperator = { gte: ">=", lte: "<=", gt: ">", lt: "<" }[operator];
    if (typeof value === "number" && Number.isFinite(value)) {
      // Only numbers compare as numbers; a text value in a number field never breaks the query.
      return `(CASE WHEN jsonb_typeof(${json}) = 'number' THEN ${text}::numeric END) ${sqlOperator} ${params.add(value)}::numeric`;
    }
    if (typeof value === "string") return `${text} ${sqlOperator} ${params.add(scalarText(key, value))}`;
    throw badParam("filter", `netinkama reikšmė lauke ${key}`);
  }

  if (value === null) return `(${json} IS NULL OR ${json} = 'null'::jsonb)`;
  if (typeof value === "object" && !Array.isArray(value))
    return `${json} = ${params.add(JSON.stringify(value))}::jsonb`;
  const values = Array.isArray(value) ? value : [value];
  if (values.length > MAX_IN_VALUES) throw badParam("filter", `per daug reikšmių lauke ${key}`);
  if (values.length === 0) return "FALSE";
  const placeholders = values.map((v) => params.add(scalarText(key, v)));
  const list = placeholders.join(", ");
  // A scalar field equals one of the values, or an array field (carIds, features) contains one.
  return `(${text} IN (${list}) OR (jsonb_typeof(${json}) = 'array' AND ${json} ?| ARRAY[${list}]::text[]))`;
}

/**
 * The `q` filter: every word typed is a prefix of a word of the row's searched fields, through the
 * `search` tsvector the database keeps (migration 003, words as src/domain/searchText.ts makes
 * them) and its GIN index. A full id finds its row too. Null when nothing searchable was typed.
 */
function searchCondition(q: string, params: Params): string | null {
  const words = querySearchWords(q);
  const trimmed = q.trim();
  const byId = UUID_PATTERN.test(trimmed) ? ` OR id::text = ${params.add(trimmed.toLowerCase())}` : "";
  if (words.length === 0) return byId ? `(FALSE${byId})` : null;
  // Words are [a-z0-9]+ only, so the tsquery text cannot carry operators.
  const tsquery = params.add(words.map((word) => `${word}:*`).join(" & "));
  return `(search @@ to_tsquery('simple', ${tsquery})${byId})`;
}

export interface BuiltQuery {
  where: string;
  /** the parameters of `where` alone (for the count query) */
  whereParams: unknown[];
  orderBy: string;
  /** the parameters of `where` and `orderBy` together */
  params: unknown[];
}

export function buildListQuery(list: ListParams, columns: ColumnMap): BuiltQuery {
  const params = new Params();
  const conditions: string[] = [];
  for (const [key, value] of Object.entries(list.filter)) {
    if (key === "q") {
      if (value === "" || value === null) continue;
      const condition = searchCondition(scalarText(key, value), params);
      if (condition) conditions.push(condition);
      continue;
    }
    const { field, operator } = splitOperator(key);
    const column = columns[field] ?? columns[key];
    if (columns[key] && operator !== null) {
      // A column whose name itself ends like an operator; not the case today, kept safe anyway.
      conditions.push(columnCondition(key, columns[key], null, value, params));
      continue;
    }
    if (!FIELD_PATTERN.test(field)) throw badParam("filter", `netinkamas lauko pavadinimas ${key.slice(0, 80)}`);
    conditions.push(
      column
        ? columnCondition(key, column, operator, value, params)
        : documentCondition(key, field, operator, value, params),
    );
  }

  const whereParams = [...params.values];
  const direction = list.sort.order === "DESC" ? "DESC" : "ASC";
  const sortColumn = columns[list.sort.field];
  const sortExpression = sortColumn
    ? sortColumn.column
    : `(doc #> string_to_array(${params.add(list.sort.field)}, '.'))`;
  return {
    where: conditions.length > 0 ? conditions.join(" AND ") : "TRUE",
    whereParams,
    orderBy: `${sortExpression} ${direction} NULLS LAST, id ${direction}`,
    params: params.values,
  };
}

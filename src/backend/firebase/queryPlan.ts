// react-admin list parameters -> a Firestore query plan (pure; the data provider turns a plan
// into SDK calls). Only what Firestore can serve with the indexes in firestore.indexes.json is
// planned; anything else is refused with a Lithuanian message instead of failing later.
//
// Filter forms (react-admin / ra-data-simple-rest conventions):
//   { field: value }            equality (field listed in the model's `filters`)
//   { field: [a, b] }           `in`, at most 30 values (an empty list matches nothing)
//   { field: null }             equality with null
//   { field_gte / _gt / _lte / _lt / _neq: value }  range (field listed in `ranges`; the list must be
//                               sorted by that field, or the combination declared in `rangeCombos`)
//   { q: "text" }               word-prefix search: array-contains on the longest word's `_search`
//                               token; `searchTokens` holds every word, checked on the documents read
//   { id: [..] }                documents by id (alone; at most 30)
//   { unpaid: true }            reservations only, "Neapmokėtos": equality on the `_unpaid` flag
//                               every write derives from the document (owesBalance, the local
//                               server's rule in server/payments/listFilter.ts), so it is counted
//                               and paged by Firestore like any other filter, at any size
//   { overpaid: true }          reservations only, "Permoka": equality on the `_overpaid` flag,
//                               derived the same way (isOverpaid: overpaymentOf() > 0, the local
//                               server's rule in server/payments/listFilter.ts)

import { isOverpaid } from "../../domain/overpayment";
import { owesBalance } from "../../domain/payments";
import {
  type FirestoreResource,
  isInternalField,
  OVERPAID_FIELD,
  RESOURCE_MODELS,
  type ResourceModel,
  type SortSpec,
  UNPAID_FIELD,
} from "./model";
import { matchesSearchTokens, queryToken, queryTokens, SEARCH_FIELD } from "./searchTokens";
import { fieldKind } from "./storedDoc";

export const DOCUMENT_ID = "__name__";
/** Firestore's limit of values in one `in` filter (and of disjunctions in one query). */
export const MAX_IN_VALUES = 30;
export const MAX_PAGE_SIZE = 5000;

export type WhereOp = "==" | "in" | "array-contains" | "!=" | "<" | "<=" | ">" | ">=";
export interface WhereClause {
  field: string;
  op: WhereOp;
  value: unknown;
}
export interface OrderClause {
  field: string;
  direction: "asc" | "desc";
}

export interface ListPlan {
  resource: FirestoreResource;
  collection: string;
  where: WhereClause[];
  orderBy: OrderClause[];
  /** 1-based page and its size */
  page: number;
  perPage: number;
  /** a filter that can match nothing (an empty `in` list): no query is needed */
  matchesNothing: boolean;
  /** { id: [...] } lists: fetched by id, sorted here */
  ids: string[] | null;
  sort: SortSpec;
  /**
   * the `q` words as tokens; when there are several, the query matched one of them and
   * the documents it returns still have to pass planMatches() (read at most MAX_SEARCH_SCAN)
   */
  searchTokens: string[];
  /** reservations: only unpaid ones (a where clause on UNPAID_FIELD) */
  unpaid: boolean;
  /** reservations: only overpaid ones (a where clause on OVERPAID_FIELD) */
  overpaid: boolean;
}

/** Documents a several-word search reads before checking its other words (the page is cut from those). */
export const MAX_SEARCH_SCAN = 1000;

/**
 * The "Neapmokėtos" rule of server/payments/listFilter.ts on a stored reservation (what the
 * `_unpaid` flag holds): paid < price + the return's charges, neither cancelled nor a no-show.
 */
export const isUnpaidReservation = (data: Record<string, unknown>): boolean => owesBalance(data);

/**
 * The "Permoka" rule of server/payments/listFilter.ts on a stored reservation (what the
 * `_overpaid` flag holds): overpaymentOf() above 0, never a cancelled or no-show one.
 */
export const isOverpaidReservation = (data: Record<string, unknown>): boolean => isOverpaid(data);

/** The reservations' flag filters: the filter key, the stored flag it is an equality on. */
const FLAG_FILTERS = { unpaid: UNPAID_FIELD, overpaid: OVERPAID_FIELD } as const;
type FlagFilter = keyof typeof FLAG_FILTERS;
const isFlagFilter = (key: string): key is FlagFilter => Object.hasOwn(FLAG_FILTERS, key);

/** Whether a stored document passes what the Firestore query could not check (the other search words). */
export function planMatches(plan: Pick<ListPlan, "searchTokens">, data: Record<string, unknown>): boolean {
  return plan.searchTokens.length <= 1 || matchesSearchTokens(data[SEARCH_FIELD], plan.searchTokens);
}

/** Whether the list is cut from documents read and checked here (planMatches), not counted by Firestore. */
export const planScans = (plan: Pick<ListPlan, "searchTokens">): boolean => plan.searchTokens.length > 1;

/** A list request the adapter refuses: HTTP 400 with a Lithuanian message. */
export class QueryNotSupportedError extends Error {
  readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = "QueryNotSupportedError";
  }
}

export const FIELD_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}(?:\.[A-Za-z0-9_]{1,64}){0,5}$/;

const RANGE_SUFFIXES = { _gte: ">=", _gt: ">", _lte: "<=", _lt: "<", _neq: "!=" } as const;
type RangeSuffix = keyof typeof RANGE_SUFFIXES;

function splitOperator(key: string): { field: string; op: WhereOp | null } {
  for (const suffix of Object.keys(RANGE_SUFFIXES) as RangeSuffix[]) {
    if (key.endsWith(suffix) && key.length > suffix.length) {
      return { field: key.slice(0, -suffix.length), op: RANGE_SUFFIXES[suffix] };
    }
  }
  return { field: key, op: null };
}

const quote = (name: string) => `„${name}“`;
const list = (names: readonly string[]) => names.map(quote).join(", ");

/** A filter value in the type the stored field has (URLs and selects send strings). */
export function coerceFilterValue(resource: FirestoreResource, field: string, value: unknown): unknown {
  const kind = fieldKind(RESOURCE_MODELS[resource].schema, field);
  if (value === null) return null;
  if (kind === "number" && typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) {
    return Number(value);
  }
  if (kind === "boolean" && (value === "true" || value === "false")) return value === "true";
  if (kind === "datetime") {
    const time = typeof value === "string" || typeof value === "number" ? new Date(value).getTime() : Number.NaN;
    if (value instanceof Date) return field === "createdAt" || field === "updatedAt" ? value : value.toISOString();
    if (Number.isNaN(time)) throw new QueryNotSupportedError(`Neteisinga data filtre ${quote(field)}`);
    // Audit fields are Timestamps (a Date compares with them); other instants are ISO strings.
    return field === "createdAt" || field === "updatedAt" ? new Date(time) : new Date(time).toISOString();
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  throw new QueryNotSupportedError(`Netinkama reikšmė filtre ${quote(field)}`);
}

function checkField(field: string, what: string): void {
  if (!FIELD_PATTERN.test(field) || isInternalField(field)) {
    throw new QueryNotSupportedError(`Netinkamas ${what} laukas ${quote(field.slice(0, 80))}`);
  }
}

export interface ListParamsLike {
  filter?: Record<string, unknown>;
  sort?: { field?: string; order?: string } | null;
  pagination?: { page?: number; perPage?: number } | null;
}

/** react-admin sends a filter on "delivery.state" as { delivery: { state } }: dotted keys again. */
export function flattenFilter(filter: Record<string, unknown>, prefix = ""): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date) && key !== "q") {
      Object.assign(flat, flattenFilter(value as Record<string, unknown>, path));
    } else {
      flat[path] = value;
    }
  }
  return flat;
}

export function planList(resource: FirestoreResource, params: ListParamsLike): ListPlan {
  const m: ResourceModel = RESOURCE_MODELS[resource];
  const requestedField = params.sort?.field;
  const sort: SortSpec =
    requestedField && requestedField.length > 0
      ? { field: requestedField, order: String(params.sort?.order).toUpperCase() === "DESC" ? "DESC" : "ASC" }
      : m.defaultSort;
  const sortField = sort.field === "id" ? DOCUMENT_ID : sort.field;
  if (sortField !== DOCUMENT_ID) checkField(sortField, "rikiavimo");
  const direction = sort.order === "DESC" ? "desc" : "asc";

  const page = Math.max(1, Math.floor(params.pagination?.page ?? 1));
  const perPage = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(params.pagination?.perPage ?? 25)));

  const where: WhereClause[] = [];
  const equalityFields: string[] = [];
  const rangeFields: string[] = [];
  let matchesNothing = false;
  let ids: string[] | null = null;
  let disjunctions = 1;
  let searching = false;
  let searchWords: string[] = [];
  const flags: Record<FlagFilter, boolean> = { unpaid: false, overpaid: false };

  const entries = Object.entries(flattenFilter(params.filter ?? {})).filter(
    ([, value]) => value !== undefined && value !== "",
  );
  for (const [key, raw] of entries) {
    if (isFlagFilter(key) && resource === "reservations") {
      flags[key] = raw === true || raw === "true";
      if (flags[key]) {
        where.push({ field: FLAG_FILTERS[key], op: "==", value: true });
        equalityFields.push(FLAG_FILTERS[key]);
      }
      continue;
    }
    if (key === "q") {
      if (typeof raw !== "string" && typeof raw !== "number") {
        throw new QueryNotSupportedError("Paieškos tekstas turi būti eilutė");
      }
      const token = queryToken(String(raw));
      if (token === null) continue;
      if (m.search.length === 0) throw new QueryNotSupportedError("Šiame sąraše paieška tekstu negalima");
      where.push({ field: SEARCH_FIELD, op: "array-contains", value: token });
      searchWords = queryTokens(String(raw));
      searching = true;
      continue;
    }
    if (key === "id") {
      const values = (Array.isArray(raw) ? raw : [raw]).map(String);
      if (values.length > MAX_IN_VALUES) {
        throw new QueryNotSupportedError(`Per daug identifikatorių filtre (daugiausia ${MAX_IN_VALUES})`);
      }
      ids = [...new Set(values)];
      continue;
    }
    const { field, op } = splitOperator(key);
    checkField(field, "filtro");
    if (op !== null) {
      const allowed = m.ranges.includes(field) || m.rangeCombos.some((combo) => combo.ranges.includes(field));
      if (!allowed) {
        throw new QueryNotSupportedError(
          m.ranges.length > 0
            ? `Intervalo filtras galimas tik laukams ${list(m.ranges)}, ne ${quote(field)}`
            : `Šiame sąraše intervalo filtrų nėra (${quote(field)})`,
        );
      }
      if (Array.isArray(raw))
        throw new QueryNotSupportedError(`Intervalo filtrui ${quote(field)} reikia vienos reikšmės`);
      where.push({ field, op, value: coerceFilterValue(resource, field, raw) });
      if (!rangeFields.includes(field)) rangeFields.push(field);
      continue;
    }
    if (!m.filters.includes(field)) {
      throw new QueryNotSupportedError(
        m.filters.length > 0
          ? `Pagal ${quote(field)} filtruoti negalima. Galima filtruoti pagal: ${list(m.filters)}`
          : `Šio sąrašo filtruoti negalima (${quote(field)})`,
      );
    }
    if (Array.isArray(raw)) {
      const values = [...new Set(raw.map((value) => coerceFilterValue(resource, field, value)))];
      if (values.length === 0) {
        matchesNothing = true;
        continue;
      }
      if (values.length > MAX_IN_VALUES) {
        throw new QueryNotSupportedError(`Per daug reikšmių filtre ${quote(field)} (daugiausia ${MAX_IN_VALUES})`);
      }
      disjunctions *= values.length;
      where.push(values.length === 1 ? { field, op: "==", value: values[0] } : { field, op: "in", value: values });
    } else {
      where.push({ field, op: "==", value: coerceFilterValue(resource, field, raw) });
    }
    if (!equalityFields.includes(field)) equalityFields.push(field);
  }

  if (ids !== null && where.length > 0) {
    throw new QueryNotSupportedError("Filtro pagal identifikatorius negalima derinti su kitais filtrais");
  }
  if (disjunctions > MAX_IN_VALUES) {
    throw new QueryNotSupportedError(`Per daug filtrų reikšmių derinių (daugiausia ${MAX_IN_VALUES})`);
  }

  // Ranges on fields other than the sort field need a declared combination (and its index).
  const otherRanges = rangeFields.filter((field) => field !== sortField).sort();
  if (otherRanges.length > 0) {
    const combo = m.rangeCombos.find(
      (candidate) => candidate.sort === sortField && otherRanges.every((field) => candidate.ranges.includes(field)),
    );
    if (!combo) {
      throw new QueryNotSupportedError(
        `Filtruojant intervalu pagal ${list(otherRanges)}, sąrašą reikia rikiuoti pagal tą patį lauką`,
      );
    }
  }

  // A filtered list can only be sorted by fields with a composite index for each filter.
  const filtered = equalityFields.length > 0 || searching || rangeFields.length > 0;
  // An equality filter on the sort field makes that order constant: the list is ordered by id.
  const sortServedByFilter = equalityFields.includes(sortField);
  if (filtered && sortField !== DOCUMENT_ID && !m.sorts.includes(sortField) && !sortServedByFilter) {
    throw new QueryNotSupportedError(
      m.sorts.length > 0
        ? `Kai taikomas filtras ar paieška, sąrašą galima rikiuoti tik pagal: ${list(m.sorts)}`
        : "Kai taikomas filtras ar paieška, šio sąrašo rikiuoti negalima",
    );
  }

  const orderBy: OrderClause[] = [];
  if (sortField !== DOCUMENT_ID && !sortServedByFilter) orderBy.push({ field: sortField, direction });
  for (const field of otherRanges) orderBy.push({ field, direction });
  orderBy.push({ field: DOCUMENT_ID, direction });

  return {
    resource,
    collection: m.collection,
    where,
    orderBy,
    page,
    perPage,
    matchesNothing,
    ids,
    sort: { field: sortField === DOCUMENT_ID ? "id" : sortField, order: sort.order },
    searchTokens: searchWords,
    unpaid: flags.unpaid,
    overpaid: flags.overpaid,
  };
}

/** A stable key of the query a plan describes, without its page (for the cursor cache). */
export function planKey(plan: ListPlan): string {
  return JSON.stringify([
    plan.collection,
    plan.where,
    plan.orderBy,
    plan.perPage,
    plan.ids,
    plan.searchTokens,
    plan.unpaid,
    plan.overpaid,
  ]);
}

// ---------- indexes ----------

export interface IndexField {
  fieldPath: string;
  order?: "ASCENDING" | "DESCENDING";
  arrayConfig?: "CONTAINS";
}
export interface CompositeIndex {
  collectionGroup: string;
  queryScope: "COLLECTION";
  fields: IndexField[];
}

const EQUALITY_OPS: readonly WhereOp[] = ["==", "in", "array-contains"];

/**
 * The composite indexes a planned query needs. Firestore merges per-filter indexes for
 * several equality filters, so each equality filter needs (filter, ...order fields).
 * Single-field indexes (created automatically) serve the rest.
 */
export function indexesForPlan(plan: Pick<ListPlan, "collection" | "where" | "orderBy">): CompositeIndex[] {
  const orderFields: IndexField[] = plan.orderBy
    .filter((clause) => clause.field !== DOCUMENT_ID)
    .map((clause) => ({ fieldPath: clause.field, order: clause.direction === "desc" ? "DESCENDING" : "ASCENDING" }));
  const equalities = plan.where.filter((clause) => EQUALITY_OPS.includes(clause.op) && clause.field !== DOCUMENT_ID);
  const indexes: CompositeIndex[] = [];
  const make = (fields: IndexField[]): CompositeIndex => ({
    collectionGroup: plan.collection,
    queryScope: "COLLECTION",
    fields,
  });
  if (equalities.length === 0) {
    if (orderFields.length > 1) indexes.push(make(orderFields));
    return indexes;
  }
  if (orderFields.length === 0) return indexes;
  for (const clause of equalities) {
    const first: IndexField =
      clause.op === "array-contains"
        ? { fieldPath: clause.field, arrayConfig: "CONTAINS" }
        : { fieldPath: clause.field, order: "ASCENDING" };
    const rest = orderFields.filter((field) => field.fieldPath !== clause.field);
    if (rest.length === 0) continue;
    indexes.push(make([first, ...rest]));
  }
  return indexes;
}

export const indexKey = (index: CompositeIndex): string =>
  JSON.stringify([
    index.collectionGroup,
    index.fields.map((field) => [field.fieldPath, field.order ?? field.arrayConfig ?? ""]),
  ]);

/** A sample value for an equality filter on a field (the planner only needs its type). */
function sampleValue(resource: FirestoreResource, field: string): unknown {
  const kind = fieldKind(RESOURCE_MODELS[resource].schema, field);
  if (kind === "number") return 1;
  if (kind === "boolean") return true;
  if (kind === "datetime") return "2026-01-01T00:00:00.000Z";
  return "x";
}

/** Every list query shape the provider can issue for a resource (what the indexes must cover). */
export function representativePlans(resource: FirestoreResource): ListPlan[] {
  const m = RESOURCE_MODELS[resource];
  const plans: ListPlan[] = [];
  const sortFields = [...new Set([...m.sorts, m.defaultSort.field])];
  const filterSets: Record<string, unknown>[] = [
    {},
    ...m.filters.map((field) => ({ [field]: sampleValue(resource, field) })),
    ...(m.search.length > 0 ? [{ q: "ab" }] : []),
    ...(resource === "reservations" ? [{ unpaid: true }, { overpaid: true }] : []),
  ];
  const tryPlan = (filter: Record<string, unknown>, field: string, order: "ASC" | "DESC") => {
    try {
      plans.push(planList(resource, { filter, sort: { field, order }, pagination: { page: 1, perPage: 25 } }));
    } catch (error) {
      if (!(error instanceof QueryNotSupportedError)) throw error;
    }
  };
  for (const order of ["ASC", "DESC"] as const) {
    for (const field of sortFields) {
      for (const filter of filterSets) {
        tryPlan(filter, field, order);
        if (m.ranges.includes(field))
          tryPlan({ ...filter, [`${field}_gte`]: sampleValue(resource, field) }, field, order);
      }
    }
    for (const combo of m.rangeCombos) {
      for (const filter of filterSets) {
        const ranges: Record<string, unknown> = { [`${combo.sort}_lt`]: sampleValue(resource, combo.sort) };
        for (const field of combo.ranges) ranges[`${field}_gt`] = sampleValue(resource, field);
        tryPlan({ ...filter, ...ranges }, combo.sort, order);
      }
    }
  }
  return plans;
}

/** The composite indexes for every resource, deduplicated, in a stable order. */
export function requiredIndexes(): CompositeIndex[] {
  const seen = new Map<string, CompositeIndex>();
  for (const resource of Object.keys(RESOURCE_MODELS) as FirestoreResource[]) {
    for (const plan of representativePlans(resource)) {
      for (const index of indexesForPlan(plan)) seen.set(indexKey(index), index);
    }
  }
  return [...seen.values()].sort((a, b) => indexKey(a).localeCompare(indexKey(b)));
}

// The search's page size, apart from the search rules (src/domain/search.ts): the results page of
// the public site needs only these numbers, not the schemas the rules are written with.

/** Results per page of the search (the results page shows this many, then "Kiti"). */
export const SEARCH_PAGE_SIZE = 24;
/** The most results one search answers: a page, not the whole fleet. */
export const SEARCH_MAX_LIMIT = 100;

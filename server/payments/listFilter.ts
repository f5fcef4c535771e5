// The reservations list's "Neapmokėtos" filter ({"unpaid": true}): what is paid (the ledger's
// summary kept on the reservation, payment.paid) is less than the price plus the return's charges.
// Computed from the stored fields in SQL, so a re-priced reservation or a return's charges count at
// once; cancelled and no-show reservations owe nothing here.
import type { ListParams } from "../http/listQuery";

const num = (path: string): string =>
  `coalesce(CASE WHEN jsonb_typeof(doc #> '${path}') = 'number' THEN (doc #>> '${path}')::numeric END, 0)`;

export const UNPAID_SQL = `(status NOT IN ('cancelled', 'no_show') AND ${num("{payment,paid}")} < ${num("{quote,total}")} + ${num("{returnAct,total}")})`;

/** Takes the `unpaid` key out of the filter; the SQL condition when it asked for unpaid ones. */
export function takeUnpaidFilter(list: ListParams): string | null {
  if (!Object.hasOwn(list.filter, "unpaid")) return null;
  const { unpaid, ...rest } = list.filter;
  list.filter = rest;
  return unpaid === true || unpaid === "true" ? UNPAID_SQL : null;
}

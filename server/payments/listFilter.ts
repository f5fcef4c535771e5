// The reservations list's payment filters, computed from the stored fields in SQL, so a re-priced
// reservation or a return's charges count at once; cancelled and no-show reservations are in
// neither list:
// - "Neapmokėtos" ({"unpaid": true}): what is paid (the ledger's summary kept on the
//   reservation, payment.paid) is less than the price plus the return's charges (owesBalance in
//   src/domain/payments.ts);
// - "Permoka" ({"overpaid": true}): what is paid is more than that, by at least a cent after
//   rounding (overpaymentOf in src/domain/overpayment.ts; roundMoney's rounding, below).
import type { ListParams } from "../http/listQuery";

const num = (path: string): string =>
  `coalesce(CASE WHEN jsonb_typeof(doc #> '${path}') = 'number' THEN (doc #>> '${path}')::numeric END, 0)`;

/** roundMoney() (src/domain/format.ts) in SQL: to cents, halves up (Math.round), on exact numerics. */
const roundMoneySql = (amount: string): string => `(floor((${amount}) * 100 + 0.5) / 100)`;

const OWING = `status NOT IN ('cancelled', 'no_show')`;

export const UNPAID_SQL = `(${OWING} AND ${num("{payment,paid}")} < ${num("{quote,total}")} + ${num("{returnAct,total}")})`;

/** overpaymentOf() > 0: roundMoney(paid − reservationTotal) where reservationTotal = roundMoney(price + charges). */
export const OVERPAID_SQL = `(${OWING} AND ${roundMoneySql(
  `${num("{payment,paid}")} - ${roundMoneySql(`${num("{quote,total}")} + ${num("{returnAct,total}")}`)}`,
)} > 0)`;

/** Takes the `key` out of the filter; `sql` when it asked for that list (true or "true"). */
function takeFlag(list: ListParams, key: string, sql: string): string | null {
  if (!Object.hasOwn(list.filter, key)) return null;
  const { [key]: value, ...rest } = list.filter;
  list.filter = rest;
  return value === true || value === "true" ? sql : null;
}

/** Takes the `unpaid` key out of the filter; the SQL condition when it asked for unpaid ones. */
export const takeUnpaidFilter = (list: ListParams): string | null => takeFlag(list, "unpaid", UNPAID_SQL);

/** Takes the `overpaid` key out of the filter; the SQL condition when it asked for overpaid ones. */
export const takeOverpaidFilter = (list: ListParams): string | null => takeFlag(list, "overpaid", OVERPAID_SQL);

/** Both payment filters taken out of a reservations list's filter: the SQL conditions asked for. */
export function takePaymentFilters(list: ListParams): string[] {
  return [takeUnpaidFilter(list), takeOverpaidFilter(list)].filter((sql): sql is string => sql !== null);
}

import { formatMoney, formatNumber } from "../../domain/format";
import type { Offer } from "../../domain/schemas";

/** "−15 %" or "−20,00 €"; null without a discount. */
export function discountLabel(discount: Offer["discount"]): string | null {
  if (!discount) return null;
  return discount.type === "percent" ? `−${formatNumber(discount.value)} %` : `−${formatMoney(discount.value)}`;
}

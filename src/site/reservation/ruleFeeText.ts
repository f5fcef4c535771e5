// The booking form's words for the fees that apply by rule, with the numbers from the settings'
// tariff (the public copy, PublicSettings.fees): the server adds the same fees to the quote.
import type { PublicSettings } from "../../backend/port";
import { formatMoney } from "../../domain/format";

/** "Vyksiu į užsienį (45,00 € už nuomą; užstatas didesnis 200,00 €)" */
export function abroadLabel(settings: Pick<PublicSettings, "fees">): string {
  const tariff = settings.fees?.tariff;
  if (!tariff) return "Vyksiu į užsienį";
  return `Vyksiu į užsienį (${formatMoney(tariff.abroadFee)} už nuomą; užstatas didesnis ${formatMoney(tariff.abroadExtraDeposit)})`;
}

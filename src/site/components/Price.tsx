import { formatMoney } from "../../domain/format";

/** "nuo 25,00 €/parai" (or per month). */
export default function PriceFrom({ amount, unit = "parai" }: { amount: number | null | undefined; unit?: string }) {
  if (amount === null || amount === undefined) {
    return (
      <span className="price">
        <span className="price__label">Kaina</span>
        <span className="price__unit">pagal užklausą</span>
      </span>
    );
  }
  return (
    <span className="price">
      <span className="price__label">nuo</span>
      <span>
        <span className="price__value">{formatMoney(amount)}</span>
        <span className="price__unit">/{unit}</span>
      </span>
    </span>
  );
}

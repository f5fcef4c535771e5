import { TRANSFER_LABEL } from "../../domain/carTransferText";
import { formatDays, formatMoney } from "../../domain/format";
import type { Quote } from "../../domain/schemas";

/** A quote line by line: rental, extras, delivery, discount, total with VAT, deposit. */
export default function QuoteBreakdown({ quote }: { quote: Quote }) {
  return (
    <dl className="summary-list">
      <div>
        <dt>
          Nuoma: {formatDays(quote.days)} × {formatMoney(quote.dailyRate)}
        </dt>
        <dd>{formatMoney(quote.base)}</dd>
      </div>
      {quote.extrasLines.map((line) => (
        <div key={line.extraId}>
          <dt>
            {line.name}
            {line.quantity > 1 ? ` × ${line.quantity}` : ""}
          </dt>
          <dd>{formatMoney(line.amount)}</dd>
        </div>
      ))}
      {quote.delivery > 0 ? (
        <div>
          <dt>Pristatymas ir paėmimas</dt>
          <dd>{formatMoney(quote.delivery)}</dd>
        </div>
      ) : null}
      {(quote.transfer ?? 0) > 0 ? (
        <div>
          <dt>{TRANSFER_LABEL}</dt>
          <dd>{formatMoney(quote.transfer ?? 0)}</dd>
        </div>
      ) : null}
      {quote.discount > 0 ? (
        <div>
          <dt>Akcijos nuolaida</dt>
          <dd>−{formatMoney(quote.discount)}</dd>
        </div>
      ) : null}
      <div className="summary-list__total">
        <dt>Iš viso su PVM</dt>
        <dd>{formatMoney(quote.total)}</dd>
      </div>
      <div>
        <dt>iš jų PVM ({Math.round(quote.vatRate * 100)} %)</dt>
        <dd>{formatMoney(quote.vat)}</dd>
      </div>
      <div>
        <dt>Užstatas (grąžinamas)</dt>
        <dd>{formatMoney(quote.deposit)}</dd>
      </div>
    </dl>
  );
}

// Right before the order button (Directive 2011/83/EU art. 8(2)): the total with all fees, the
// deposit, the cancellation rule and how and when the booking is paid, all from the server's live
// quote (its amounts and src/domain/consumerInfo.ts texts; the online amount is the one the submit
// charges). Rendered inside the form, so on a phone it stands above the button.
import { cancellationRuleText, paymentTermsText } from "../../domain/consumerInfo";
import { formatMoney } from "../../domain/format";
import { Link } from "../lib/siteRouter";
import type { LiveQuote } from "./useLiveQuote";

export const ORDER_BUTTON_TEXT = "Rezervuoti ir įsipareigoti sumokėti";

export default function BookingTermsSummary({ live }: { live: LiveQuote }) {
  if (live.status !== "ready") {
    return (
      <p className="muted booking-terms" data-testid="booking-terms">
        Kaina su visais mokesčiais, užstatas, atšaukimo ir apmokėjimo sąlygos bus parodytos čia, kai pasirinksite
        automobilį, datas ir vietą.
      </p>
    );
  }
  const { quote, terms } = live;
  return (
    <section
      className="booking-terms"
      aria-labelledby="booking-terms-title"
      aria-busy={live.pending ? true : undefined}
      data-testid="booking-terms"
    >
      <h3 id="booking-terms-title">Prieš užsakydami</h3>
      <dl className="summary-list">
        <div className="summary-list__total" data-testid="booking-terms-total">
          <dt>Iš viso su visais mokesčiais ir PVM</dt>
          <dd>{formatMoney(quote.total)}</dd>
        </div>
        <div data-testid="booking-terms-deposit">
          <dt>Užstatas (grąžinamas)</dt>
          <dd>{formatMoney(quote.deposit)}</dd>
        </div>
      </dl>
      {terms ? (
        <>
          <p data-testid="booking-terms-cancellation">{cancellationRuleText(terms.freeCancellationHours)}</p>
          <p data-testid="booking-terms-payment">{paymentTermsText(terms.payment, quote.total, quote.deposit)}</p>
        </>
      ) : null}
      <p className="muted">
        Paspaudę mygtuką užsakote nuomą pagal{" "}
        <Link to="/salygos" target="_blank" rel="noopener">
          nuomos sąlygas
        </Link>{" "}
        ir įsipareigojate sumokėti nurodytą kainą.
      </p>
    </section>
  );
}

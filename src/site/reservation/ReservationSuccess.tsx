import { useEffect, useRef } from "react";
import type { PublicCar, PublicSettings, ReservationCreated } from "../../backend/port";
import { TRANSFER_LABEL } from "../../domain/carTransferText";
import { formatDays, formatMoney } from "../../domain/format";
import { Link } from "../lib/siteRouter";
import TripRows from "./TripRows";

export default function ReservationSuccess({
  created,
  car,
  email,
  pickupAt,
  returnAt,
  pickupLocation,
  returnLocation,
  company,
}: {
  created: ReservationCreated;
  car: PublicCar | undefined;
  email: string;
  pickupAt: string;
  returnAt: string;
  pickupLocation: string | undefined;
  returnLocation: string | undefined;
  company: PublicSettings["company"];
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, []);
  const { quote } = created;

  return (
    <section className="card success-panel" aria-labelledby="reservation-done">
      <h2 id="reservation-done" ref={headingRef} tabIndex={-1} style={{ marginTop: 0 }}>
        Ačiū! Rezervacija gauta
      </h2>
      <p>Jūsų rezervacijos numeris</p>
      <p className="success-panel__number">{created.number}</p>
      <dl className="summary-list">
        <TripRows
          car={car}
          pickupAt={pickupAt}
          returnAt={returnAt}
          pickupPlace={pickupLocation}
          returnPlace={returnLocation}
        />
        <div>
          <dt>Nuoma</dt>
          <dd>
            {formatDays(quote.days)} × {formatMoney(quote.dailyRate)} = {formatMoney(quote.base)}
          </dd>
        </div>
        {quote.extras > 0 ? (
          <div>
            <dt>Papildomos paslaugos</dt>
            <dd>{formatMoney(quote.extras)}</dd>
          </div>
        ) : null}
        {quote.delivery > 0 ? (
          <div>
            <dt>Pristatymas</dt>
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
            <dt>Nuolaida</dt>
            <dd>−{formatMoney(quote.discount)}</dd>
          </div>
        ) : null}
        <div className="summary-list__total">
          <dt>Iš viso su PVM</dt>
          <dd>{formatMoney(quote.total)}</dd>
        </div>
        <div>
          <dt>iš jų PVM</dt>
          <dd>{formatMoney(quote.vat)}</dd>
        </div>
        <div>
          <dt>Užstatas (grąžinamas)</dt>
          <dd>{formatMoney(quote.deposit)}</dd>
        </div>
      </dl>
      <h3>Kas toliau?</h3>
      <p>
        Patvirtinimą išsiuntėme adresu <strong>{email}</strong>. Mūsų darbuotojas patikrins rezervaciją ir susisieks su
        Jumis. Pasiimdami automobilį turėkite vairuotojo pažymėjimą ir asmens dokumentą.
      </p>
      {company.phones[0] ? <p>Klausimų? Skambinkite {company.phones[0]}.</p> : null}
      <Link className="button" to="/">
        Grįžti į pradžią
      </Link>
    </section>
  );
}

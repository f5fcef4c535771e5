import { useEffect, useMemo, useState } from "react";
import { useBackend } from "../../app/BackendContext";
import { BackendError, type SearchResult } from "../../backend/port";
import { formatMoney } from "../../domain/format";
import type { PortalView } from "../../domain/portal";
import type { Quote } from "../../domain/schemas";
import Alert from "../components/Alert";
import DateField from "../components/DateField";
import { SelectField } from "../components/Field";
import { fromInstantIso, timeOptions, todayInVilnius, toInstantIso } from "../lib/dates";
import { errorText, fieldErrorsOf } from "../lib/errors";
import { carName } from "../lib/labels";
import QuoteBreakdown from "../reservation/QuoteBreakdown";
import { useSettings } from "../useSettings";

interface PortalQuoteAnswer {
  available: boolean;
  quote: Quote | null;
  quoteError: string | null;
  currentTotal: number | null;
  needsApproval: boolean;
}

type Live =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "ready"; answer: PortalQuoteAnswer }
  | { state: "unavailable"; alternatives: SearchResult[] }
  | { state: "invalid"; message: string; errors: Record<string, string> };

/** Change dates, places or extras: quoted live by the server, then applied (or sent to staff). */
export default function PortalChange({
  token,
  view,
  onChanged,
}: {
  token: string;
  view: PortalView;
  onChanged: (message: string) => void;
}) {
  const { site } = useBackend();
  const settings = useSettings();
  const pickup = fromInstantIso(view.pickupAt) ?? { date: "", time: "10:00" };
  const back = fromInstantIso(view.returnAt) ?? { date: "", time: "10:00" };
  const [pickupDate, setPickupDate] = useState(pickup.date);
  const [pickupTime, setPickupTime] = useState(pickup.time);
  const [returnDate, setReturnDate] = useState(back.date);
  const [returnTime, setReturnTime] = useState(back.time);
  const [pickupPlace, setPickupPlace] = useState(view.pickupPlace.id);
  const [returnPlace, setReturnPlace] = useState(view.returnPlace.id);
  const [extras, setExtras] = useState<Record<string, number>>(() =>
    Object.fromEntries(view.extras.map((e) => [e.id, e.quantity])),
  );
  const [live, setLive] = useState<Live>({ state: "idle" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const times = timeOptions(settings.bookingRules);
  const withValue = (value: string) =>
    (times.includes(value) ? times : [...times, value].sort()).map((t) => ({ value: t, label: t }));
  const places = view.options.locations.map((l) => ({ value: l.id, label: l.name }));

  const body = useMemo(() => {
    const pickupAt = toInstantIso({ date: pickupDate, time: pickupTime });
    const returnAt = toInstantIso({ date: returnDate, time: returnTime });
    if (!pickupAt || !returnAt) return null;
    return {
      pickupAt,
      returnAt,
      pickupLocationId: pickupPlace,
      returnLocationId: returnPlace,
      extras: Object.entries(extras)
        .filter(([, quantity]) => quantity > 0)
        .map(([id, quantity]) => ({ id, quantity })),
    };
  }, [pickupDate, pickupTime, returnDate, returnTime, pickupPlace, returnPlace, extras]);

  const unchanged =
    body !== null &&
    Date.parse(body.pickupAt) === Date.parse(view.pickupAt) &&
    Date.parse(body.returnAt) === Date.parse(view.returnAt) &&
    body.pickupLocationId === view.pickupPlace.id &&
    body.returnLocationId === view.returnPlace.id &&
    JSON.stringify([...body.extras].sort((a, b) => a.id.localeCompare(b.id))) ===
      JSON.stringify([...view.extras].sort((a, b) => a.id.localeCompare(b.id)));

  useEffect(() => {
    if (!body || unchanged) {
      setLive({ state: "idle" });
      return;
    }
    let current = true;
    setLive({ state: "loading" });
    const timer = setTimeout(async () => {
      try {
        const answer = await site.portal<PortalQuoteAnswer>("quote", token, body);
        if (!current) return;
        if (!answer.available) {
          const alternatives = await site
            .search({ from: body.pickupAt, to: body.returnAt, location: body.pickupLocationId, limit: 4 })
            .then(({ data }) => data)
            .catch(() => []);
          if (current) setLive({ state: "unavailable", alternatives: alternatives.slice(0, 3) });
          return;
        }
        if (!answer.quote) {
          setLive({ state: "invalid", message: answer.quoteError ?? "Kainos apskaičiuoti nepavyko", errors: {} });
          return;
        }
        setLive({ state: "ready", answer });
      } catch (failure) {
        if (current) setLive({ state: "invalid", message: errorText(failure), errors: fieldErrorsOf(failure) });
      }
    }, 350);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [body, unchanged, site, token]);

  const apply = async () => {
    if (!body) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await site.portal<{
        outcome: "applied" | "requested";
        quote: Quote;
        overpayment?: number;
        message?: string;
      }>("change", token, body);
      const next = answer.message ? ` ${answer.message}` : "";
      onChanged(
        answer.outcome === "applied"
          ? `Rezervacija pakeista. Nauja kaina: ${formatMoney(answer.quote.total)}. Patvirtinimą išsiuntėme el. paštu.${next}`
          : answer.message || "Pakeitimo prašymą išsiuntėme: darbuotojai jį peržiūrės ir atsakys el. paštu.",
      );
    } catch (failure) {
      setError(errorText(failure));
      if (failure instanceof BackendError && failure.status === 409)
        setLive({ state: "unavailable", alternatives: [] });
    } finally {
      setBusy(false);
    }
  };

  const today = todayInVilnius();
  const errors = live.state === "invalid" ? live.errors : {};
  return (
    <section className="card portal-section" aria-labelledby="change-title">
      <h2 id="change-title">Pakeisti rezervaciją</h2>
      <p className="muted">
        Pakeiskite datas, vietas ar papildomas paslaugas – kainą perskaičiuosime iš karto.
        {view.change.needsApproval ? " Pakeitimą patvirtins darbuotojai." : ""}
      </p>
      <div className="form-grid form-grid--2">
        <div className="form-grid form-grid--pair">
          <DateField
            id="change-pickup-date"
            label="Paėmimo data"
            min={today}
            today={today}
            hint={null}
            value={pickupDate}
            onChange={setPickupDate}
            error={errors.pickupAt}
          />
          <SelectField
            id="change-pickup-time"
            label="Paėmimo laikas"
            value={pickupTime}
            onChange={(e) => setPickupTime(e.target.value)}
            options={withValue(pickupTime)}
          />
        </div>
        <div className="form-grid form-grid--pair">
          <DateField
            id="change-return-date"
            label="Grąžinimo data"
            min={pickupDate || today}
            today={today}
            hint={null}
            value={returnDate}
            onChange={setReturnDate}
            error={errors.returnAt}
          />
          <SelectField
            id="change-return-time"
            label="Grąžinimo laikas"
            value={returnTime}
            onChange={(e) => setReturnTime(e.target.value)}
            options={withValue(returnTime)}
          />
        </div>
        <SelectField
          id="change-pickup-place"
          label="Paėmimo vieta"
          value={pickupPlace}
          onChange={(e) => setPickupPlace(e.target.value)}
          options={places}
          error={errors.pickupLocationId}
        />
        <SelectField
          id="change-return-place"
          label="Grąžinimo vieta"
          value={returnPlace}
          onChange={(e) => setReturnPlace(e.target.value)}
          options={places}
          error={errors.returnLocationId}
        />
      </div>
      {view.options.extras.length > 0 ? (
        <fieldset className="fieldset portal-extras">
          <legend>Papildomos paslaugos</legend>
          {view.options.extras.map((extra) => (
            <label key={extra.id} className="portal-extra">
              <input
                type="checkbox"
                checked={(extras[extra.id] ?? 0) > 0}
                onChange={(e) => setExtras((all) => ({ ...all, [extra.id]: e.target.checked ? 1 : 0 }))}
              />
              <span>
                {extra.name}{" "}
                <span className="muted">
                  ({formatMoney(extra.price)} {extra.chargedPer === "day" ? "parai" : "nuomai"})
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}

      <div aria-live="polite" className="portal-live">
        {live.state === "loading" ? <p className="muted">Skaičiuojama kaina…</p> : null}
        {live.state === "invalid" ? <Alert tone="error">{live.message}</Alert> : null}
        {live.state === "unavailable" ? (
          <Alert tone="error" title="Automobilis šiomis datomis užimtas">
            Pasirinkite kitas datas.
            {live.alternatives.length > 0 ? (
              <>
                {" "}
                Šiuo laikotarpiu laisvi kiti automobiliai (rezervuokite iš naujo arba skambinkite mums):
                <ul>
                  {live.alternatives.map((option) => (
                    <li key={option.id}>
                      <a href={`/automobiliai/${option.car.slug}`}>{carName(option.car)}</a>
                      {option.quote ? ` – ${formatMoney(option.quote.total)}` : ""}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </Alert>
        ) : null}
        {live.state === "ready" && live.answer.quote ? (
          <div className="portal-quote">
            <h3>Nauja kaina</h3>
            <QuoteBreakdown quote={live.answer.quote} />
            {live.answer.currentTotal !== null ? (
              <p>
                Dabar: {formatMoney(live.answer.currentTotal)} → po pakeitimo:{" "}
                <strong>{formatMoney(live.answer.quote.total)}</strong>
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <button type="button" className="button button--accent" disabled={busy || live.state !== "ready"} onClick={apply}>
        {busy ? "Saugoma…" : view.change.needsApproval ? "Siųsti pakeitimo prašymą" : "Patvirtinti pakeitimą"}
      </button>
    </section>
  );
}

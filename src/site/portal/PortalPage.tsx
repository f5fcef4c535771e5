// "Mano rezervacija": the customer's own reservation, opened by the signed link in every mail.
// Plain React + site.css, lazily loaded. Every call carries the token to the server (the local
// server in a header, Firebase in the callable's data), which checks it each time.
import { useCallback, useEffect, useRef, useState } from "react";
import { useBackend } from "../../app/BackendContext";
import { BackendError } from "../../backend/port";
import { formatDateTime, formatMoney } from "../../domain/format";
import { portalOverpaymentMessage } from "../../domain/overpayment";
import {
  PORTAL_PAYMENT_RETURN_PATH,
  PORTAL_PAYMENT_TOKEN_KEY,
  type PortalFile,
  type PortalView,
} from "../../domain/portal";
import Alert from "../components/Alert";
import CarImage from "../components/CarImage";
import PageHeader from "../components/PageHeader";
import { telHref } from "../layout/navigation";
import { errorText } from "../lib/errors";
import { carName } from "../lib/labels";
import { useNavigate, useParams } from "../lib/siteRouter";
import QuoteBreakdown from "../reservation/QuoteBreakdown";
import { useSettings } from "../useSettings";
import LinkRequestForm from "./LinkRequestForm";
import PortalChange from "./PortalChange";
import PortalDriver from "./PortalDriver";
import PortalPay from "./PortalPay";
import { applyPortalHead, saveBlob } from "./portalHead";
import "./portal.css";

type State =
  | { phase: "loading" }
  | { phase: "invalid"; message: string }
  | { phase: "error"; message: string }
  | { phase: "ready"; view: PortalView };

function Place({ title, place }: { title: string; place: PortalView["pickupPlace"] }) {
  return (
    <div>
      <dt>{title}</dt>
      <dd>
        <strong>{place.name}</strong>
        <span className="portal-place-details">
          {place.address ? (
            <>
              <br />
              {[place.address, place.city].filter(Boolean).join(", ")}
            </>
          ) : null}
          {place.hours ? (
            <>
              <br />
              <span className="muted">Darbo laikas: {place.hours}</span>
            </>
          ) : null}
          <br />
          <a href={place.mapUrl} target="_blank" rel="noopener noreferrer">
            Žemėlapis<span className="visually-hidden"> ({place.name}, atsidaro naujame lange)</span>
          </a>
        </span>
      </dd>
    </div>
  );
}

function CancelSection({
  token,
  view,
  onCancelled,
}: {
  token: string;
  view: PortalView;
  onCancelled: (message: string) => void;
}) {
  const { site } = useBackend();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLParagraphElement>(null);
  // Keyboard and screen reader users land on the question the confirmation asks.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const terms = view.cancellation;
  if (!terms.open) return null;

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      await site.portal("cancel", token, { confirm: true });
      onCancelled("Rezervacija atšaukta. Patvirtinimą išsiuntėme el. paštu.");
    } catch (failure) {
      setError(errorText(failure));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card portal-section" aria-labelledby="cancel-title">
      <h2 id="cancel-title">Atšaukti rezervaciją</h2>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {terms.free ? (
        <>
          <p>
            Nemokamai atšaukti galite iki <strong>{formatDateTime(terms.freeUntil)}</strong> ({terms.hours} val. iki
            paėmimo).
          </p>
          {confirming ? (
            <div className="portal-confirm">
              <p id="cancel-confirm-text" ref={confirmRef} tabIndex={-1}>
                <strong>Ar tikrai atšaukti rezervaciją {view.number}?</strong> Automobilis bus atlaisvintas.
              </p>
              <div className="portal-actions">
                <button type="button" className="button button--danger" disabled={busy} onClick={cancel}>
                  {busy ? "Atšaukiama…" : "Taip, atšaukti"}
                </button>
                <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
                  Ne, palikti
                </button>
              </div>
            </div>
          ) : (
            <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
              Atšaukti rezervaciją
            </button>
          )}
        </>
      ) : (
        <p>
          {terms.lateMessage} <a href="/salygos">Nuomos sąlygos</a>
          {view.company.phone ? (
            <>
              {" · "}
              <a href={telHref(view.company.phone)}>Skambinti {view.company.phone}</a>
            </>
          ) : null}
        </p>
      )}
    </section>
  );
}

/** What the page says on coming back from the payment provider. */
interface Notice {
  tone: "success" | "info";
  text: string;
}

/** The provider's return (PORTAL_PAYMENT_RETURN_PATH): the token this tab kept, and what to say. */
function paymentReturn(): { token: string; notice: Notice } | null {
  if (window.location.pathname.replace(/\/+$/, "") !== PORTAL_PAYMENT_RETURN_PATH) return null;
  let kept: string | null = null;
  try {
    kept = sessionStorage.getItem(PORTAL_PAYMENT_TOKEN_KEY);
    sessionStorage.removeItem(PORTAL_PAYMENT_TOKEN_KEY);
  } catch {
    kept = null;
  }
  if (!kept) return null;
  const cancelled = new URLSearchParams(window.location.search).get("busena") === "atsauktas";
  return {
    token: kept,
    notice: cancelled
      ? { tone: "info", text: "Mokėjimas neatliktas. Likutį galite sumokėti vėliau arba atsiimdami automobilį." }
      : {
          tone: "success",
          text: "Ačiū! Mokėjimą gavus, suma bus įskaityta – sumokėta ir likusi suma atsinaujins šiame puslapyje.",
        },
  };
}

export default function PortalPage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const { site } = useBackend();
  const { company } = useSettings();
  const [state, setState] = useState<State>({ phase: "loading" });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  useEffect(
    () => applyPortalHead(`Mano rezervacija – ${company.brand || company.name}`),
    [company.brand, company.name],
  );

  // Back from the payment provider: reopen this tab's reservation (the address had no token).
  useEffect(() => {
    if (window.location.pathname.replace(/\/+$/, "") !== PORTAL_PAYMENT_RETURN_PATH) return;
    const back = paymentReturn();
    if (!back) {
      setState({
        phase: "invalid",
        message:
          "Grįžus iš mokėjimo rezervacijos atidaryti nepavyko: atidarykite nuorodą iš laiško arba gaukite naują.",
      });
      return;
    }
    setNotice(back.notice);
    navigate(`/mano-rezervacija/${back.token}`, { replace: true });
  }, [navigate]);

  const load = useCallback(async () => {
    if (window.location.pathname.replace(/\/+$/, "") === PORTAL_PAYMENT_RETURN_PATH) return;
    try {
      const view = await site.portal<PortalView>("view", token);
      setState({ phase: "ready", view });
    } catch (failure) {
      if (failure instanceof BackendError && failure.status === 404) {
        setState({ phase: "invalid", message: failure.message });
      } else {
        setState({ phase: "error", message: errorText(failure) });
      }
    }
  }, [site, token]);

  useEffect(() => {
    void load();
  }, [load]);

  const done = (message: string) => {
    setNotice({ tone: "success", text: message });
    void load();
    window.scrollTo({ top: 0 });
  };

  const download = async (file: PortalFile) => {
    setDownloadError(null);
    try {
      const { blob, fileName } = await site.portalFile(file, token);
      saveBlob(blob, fileName);
    } catch (failure) {
      setDownloadError(errorText(failure));
    }
  };

  if (state.phase === "loading") {
    return (
      <div className="container portal">
        <PageHeader title="Mano rezervacija" />
        <p className="muted" role="status">
          Įkeliama…
        </p>
      </div>
    );
  }
  if (state.phase === "invalid") {
    return (
      <div className="container portal">
        <PageHeader title="Nuoroda negalioja" lead={state.message} />
        <LinkRequestForm />
      </div>
    );
  }
  if (state.phase === "error") {
    return (
      <div className="container portal">
        <PageHeader title="Mano rezervacija" />
        <Alert tone="error">{state.message}</Alert>
        <button type="button" className="button" onClick={() => void load()}>
          Bandyti dar kartą
        </button>
      </div>
    );
  }

  const { view } = state;
  const quote = view.quote;
  const extraLines = quote?.extrasLines ?? [];
  return (
    <div className="container portal">
      <PageHeader
        title={`Mano rezervacija ${view.number}`}
        lead={
          <>
            Būsena: <span className={`portal-status portal-status--${view.status}`}>{view.statusLabel}</span>
          </>
        }
      />
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <div className="portal-grid">
        <section className="card portal-section" aria-labelledby="summary-title">
          <h2 id="summary-title">
            {carName(view.car)}
            {view.car.year ? <span className="muted"> ({view.car.year})</span> : null}
          </h2>
          <div className="portal-car">
            <CarImage
              car={{ ...view.car, images: view.car.image ? [view.car.image] : [] }}
              width={320}
              height={200}
              eager
            />
          </div>
          <dl className="details-list">
            <div>
              <dt>Paėmimas</dt>
              <dd>{formatDateTime(view.pickupAt)}</dd>
            </div>
            <div>
              <dt>Grąžinimas</dt>
              <dd>{formatDateTime(view.returnAt)}</dd>
            </div>
            <Place title="Paėmimo vieta" place={view.pickupPlace} />
            {view.returnPlace.id !== view.pickupPlace.id ? (
              <Place title="Grąžinimo vieta" place={view.returnPlace} />
            ) : null}
            <div>
              <dt>Papildomos paslaugos</dt>
              <dd>
                {extraLines.length > 0
                  ? extraLines.map((line) => `${line.name}${line.quantity > 1 ? ` × ${line.quantity}` : ""}`).join(", ")
                  : "Nėra"}
              </dd>
            </div>
          </dl>
          <div className="portal-actions">
            <button type="button" className="button button--ghost" onClick={() => void download("calendar")}>
              Įtraukti į kalendorių (.ics)
            </button>
            {view.documents.map((document) => (
              <button
                key={document.kind}
                type="button"
                className="button button--ghost"
                onClick={() => void download(document.kind)}
              >
                {document.title} (PDF)
              </button>
            ))}
            {(view.invoices ?? []).map((invoice) => (
              <button
                key={invoice.id}
                type="button"
                className="button button--ghost"
                onClick={() => void download(`invoice:${invoice.id}`)}
              >
                {invoice.kind === "credit" ? "Kreditinė sąskaita" : "Sąskaita faktūra"} {invoice.number} (PDF)
              </button>
            ))}
          </div>
          {downloadError ? <Alert tone="error">{downloadError}</Alert> : null}
        </section>

        <section className="card portal-section" aria-labelledby="price-title">
          <h2 id="price-title">Kaina</h2>
          {quote ? <QuoteBreakdown quote={quote} /> : <p className="muted">Kaina dar neapskaičiuota.</p>}
          {view.payment ? (
            <dl className="summary-list">
              <div>
                <dt>Sumokėta</dt>
                <dd>{formatMoney(view.payment.paid)}</dd>
              </div>
              {view.payment.overpayment > 0 ? (
                <div className="summary-list__total" data-testid="portal-overpayment">
                  <dt>Permoka, grąžinsime</dt>
                  <dd>{formatMoney(view.payment.overpayment)}</dd>
                </div>
              ) : (
                <div className="summary-list__total">
                  <dt>Liko mokėti</dt>
                  <dd>{formatMoney(view.payment.due)}</dd>
                </div>
              )}
            </dl>
          ) : view.payBalance ? null : (
            <p className="muted portal-payment-note">
              Apmokėjimas – atsiimant automobilį (grynaisiais, kortele arba pavedimu).
            </p>
          )}
          {view.payment && view.payment.overpayment > 0 ? (
            <p className="muted portal-payment-note">{portalOverpaymentMessage(view.payment.overpayment)}</p>
          ) : null}
          {view.payBalance ? (
            <PortalPay token={token} due={view.payBalance.due} booking={view.payBalance.booking} />
          ) : null}
          <p className="muted">
            Klausimai? {view.company.phone ? <a href={telHref(view.company.phone)}>{view.company.phone}</a> : null}
            {view.company.phone && view.company.email ? " · " : null}
            {view.company.email ? <a href={`mailto:${view.company.email}`}>{view.company.email}</a> : null}
          </p>
        </section>
      </div>

      {view.change.allowed ? (
        <>
          <PortalChange key={`${view.pickupAt}-${view.returnAt}`} token={token} view={view} onChanged={done} />
          <PortalDriver token={token} view={view} onSaved={done} />
        </>
      ) : view.change.refusal ? (
        <Alert tone="info">{view.change.refusal}</Alert>
      ) : null}
      <CancelSection token={token} view={view} onCancelled={done} />
    </div>
  );
}

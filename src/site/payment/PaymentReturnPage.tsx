// Where the payment provider sends the visitor back: /mokejimas/sekmingas (paid, or the payment is
// being confirmed) and /mokejimas/atsauktas (cancelled). What counts is the provider's signed
// callback to the server, never this page: it only asks the server how the payment stands.
import { useEffect, useState } from "react";
import { formatDateTime, formatMoney } from "../../domain/format";
import Alert from "../components/Alert";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import { Link, useLocation, useSearchParams } from "../lib/siteRouter";

interface PaymentStatus {
  number: string;
  state: "awaiting" | "paid" | "failed" | "expired" | "none";
  amount: number;
  status: string;
  /** until when the car waits for the payment */
  holdUntil?: string | null;
  /** the payment may be opened again now */
  retry?: boolean;
}

const POLLS = 20;
const POLL_MS = 1500;

function usePaymentStatus(reservationId: string | null, wait: boolean) {
  const [status, setStatus] = useState<PaymentStatus | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!reservationId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (left: number) => {
      try {
        const response = await fetch(`/api/payments/status/${encodeURIComponent(reservationId)}`, {
          headers: { accept: "application/json" },
        });
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as PaymentStatus;
        if (stopped) return;
        setStatus(body);
        // The provider's callback may come a moment after the visitor: ask again for a while.
        if (wait && body.state === "awaiting" && left > 0) timer = setTimeout(() => void poll(left - 1), POLL_MS);
      } catch {
        if (!stopped) setFailed(true);
      }
    };
    void poll(POLLS);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [reservationId, wait]);
  return { status, failed };
}

/** "Mokėti dar kartą": the server opens the provider's page again for the same amount (never this page's number). */
function RetryPayment({ reservationId, status }: { reservationId: string; status: PaymentStatus }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const retry = async () => {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(`/api/payments/retry/${encodeURIComponent(reservationId)}`, {
        method: "POST",
        headers: { accept: "application/json" },
      });
      const body = (await response.json().catch(() => ({}))) as { redirectUrl?: string; message?: string };
      if (!response.ok || !body.redirectUrl) throw new Error(body.message || "Mokėjimo pradėti nepavyko");
      window.location.assign(body.redirectUrl);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Mokėjimo pradėti nepavyko");
      setBusy(false);
    }
  };
  return (
    <div className="payment-retry">
      <p>
        Automobilis Jums laikomas iki {status.holdUntil ? formatDateTime(status.holdUntil) : "mokėjimo laiko pabaigos"}.
        Galite sumokėti dabar – suma ta pati, {formatMoney(status.amount)}.
      </p>
      <button
        type="button"
        className="button button--accent"
        disabled={busy}
        onClick={() => void retry()}
        data-testid="payment-retry"
      >
        {busy ? "Nukreipiama į mokėjimą…" : `Mokėti dar kartą (${formatMoney(status.amount)})`}
      </button>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}

export default function PaymentReturnPage() {
  const cancelled = useLocation().pathname.startsWith("/mokejimas/atsauktas");
  const [params] = useSearchParams();
  const reservationId = params.get("r");
  const { status, failed } = usePaymentStatus(reservationId, !cancelled);

  const title = cancelled
    ? "Mokėjimas atšauktas"
    : status?.state === "paid"
      ? "Ačiū! Mokėjimas gautas"
      : "Mokėjimas tikrinamas";
  let body: React.ReactNode;
  if (!reservationId || failed) {
    body = cancelled ? (
      <p>Mokėjimas nebuvo atliktas, todėl rezervacija nepatvirtinta.</p>
    ) : (
      <p>Mokėjimo būsenos patikrinti nepavyko. Patvirtinimą atsiųsime el. paštu, kai tik gausime mokėjimą.</p>
    );
  } else if (!status) {
    body = <p aria-live="polite">Tikrinama mokėjimo būsena…</p>;
  } else if (status.state === "paid") {
    body = (
      <>
        <p>Gavome {formatMoney(status.amount)} mokėjimą. Rezervacija patvirtinta, patvirtinimą išsiuntėme el. paštu.</p>
        <p>Jūsų rezervacijos numeris</p>
        <p className="success-panel__number" data-testid="payment-number">
          {status.number}
        </p>
      </>
    );
  } else if (status.state === "awaiting") {
    body = cancelled ? (
      <>
        <p>
          Mokėjimas neatliktas, rezervacija {status.number} nepatvirtinta. Jei nesumokėsite, po kelių minučių ji bus
          atšaukta ir automobilis vėl bus laisvas.
        </p>
        {status.retry && reservationId ? <RetryPayment reservationId={reservationId} status={status} /> : null}
      </>
    ) : (
      <p aria-live="polite">
        Laukiame mokėjimo sistemos patvirtinimo rezervacijai {status.number}. Patvirtinimą atsiųsime el. paštu.
      </p>
    );
  } else if (status.retry && reservationId) {
    // The payment failed but the booking still waits for it: pay again.
    body = (
      <>
        <p>Mokėjimas neatliktas, todėl rezervacija {status.number} dar nepatvirtinta.</p>
        <RetryPayment reservationId={reservationId} status={status} />
      </>
    );
  } else {
    body = (
      <p>
        Mokėjimas neatliktas, todėl rezervacija {status.number} nepatvirtinta. Galite rezervuoti iš naujo arba
        susisiekti su mumis.
      </p>
    );
  }

  return (
    <div className="container">
      <PageMeta title={title} description="Mokėjimo už automobilio nuomą būsena." noindex />
      <PageHeader title={title} />
      <section className="card success-panel" data-testid="payment-return" data-state={status?.state ?? ""}>
        {body}
        <p>
          <Link to="/">Į pradžią</Link>
          {" · "}
          <Link to="/automobiliai">Automobiliai</Link>
          {" · "}
          <Link to="/kontaktai">Kontaktai</Link>
        </p>
      </section>
    </div>
  );
}

// "Sumokėti likutį": the server opens the provider's checkout for exactly what the ledger says is
// due (never a number from this page) and the browser goes there. The token stays in this tab's
// sessionStorage so the return address (PORTAL_PAYMENT_RETURN_PATH) need not carry it.
import { useState } from "react";
import { useBackend } from "../../app/BackendContext";
import { formatDateTime, formatMoney } from "../../domain/format";
import { PORTAL_PAYMENT_TOKEN_KEY } from "../../domain/portal";
import Alert from "../components/Alert";
import { errorText } from "../lib/errors";

export default function PortalPay({
  token,
  due,
  booking,
}: {
  token: string;
  due: number;
  /** the booking still waits for its online pre-payment (a retry, not a balance) */
  booking?: { holdUntil: string };
}) {
  const { site } = useBackend();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      const { redirectUrl } = await site.portal<{ redirectUrl: string }>("pay", token, {});
      try {
        sessionStorage.setItem(PORTAL_PAYMENT_TOKEN_KEY, token);
      } catch {
        // storage blocked: the return page then offers a fresh link instead
      }
      window.location.assign(redirectUrl);
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };

  return (
    <div className="portal-pay">
      <button type="button" className="button" disabled={busy} onClick={() => void pay()} data-testid="portal-pay">
        {busy
          ? "Nukreipiama į mokėjimą…"
          : booking
            ? `Sumokėti rezervacijos mokėjimą (${formatMoney(due)})`
            : `Sumokėti likutį (${formatMoney(due)})`}
      </button>
      {booking ? (
        <p className="muted" data-testid="portal-pay-hold">
          Rezervacija laukia mokėjimo iki {formatDateTime(booking.holdUntil)}. Nesumokėjus iki tol, ji bus atšaukta ir
          automobilis atlaisvintas.
        </p>
      ) : null}
      <p className="muted">Mokėsite saugiame mokėjimo sistemos puslapyje, po to grįšite čia.</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}

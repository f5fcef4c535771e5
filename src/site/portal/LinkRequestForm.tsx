import { type FormEvent, useState } from "react";
import { useBackend } from "../../app/BackendContext";
import Alert from "../components/Alert";
import { TextField } from "../components/Field";
import { errorText, fieldErrorsOf } from "../lib/errors";

/** Reservation number + e-mail: a fresh link goes to the booking's own address (the answer never says whether it exists). */
export default function LinkRequestForm() {
  const { site } = useBackend();
  const [number, setNumber] = useState("");
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      const answer = await site.portal<{ message: string }>("linkRequest", "", { number, email });
      setDone(answer.message);
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  if (done) return <Alert tone="success">{done}</Alert>;
  return (
    <form className="card portal-form" onSubmit={submit} noValidate aria-labelledby="link-request-title">
      <h2 id="link-request-title">Gauti naują nuorodą</h2>
      <p className="muted">Nuorodą išsiųsime rezervacijoje nurodytu el. pašto adresu.</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="form-grid form-grid--2">
        <TextField
          id="link-number"
          label="Rezervacijos numeris"
          placeholder="R-2026-000123"
          autoComplete="off"
          required
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          error={errors.number}
        />
        <TextField
          id="link-email"
          label="El. paštas"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
      </div>
      <button type="submit" className="button button--accent" disabled={busy}>
        {busy ? "Siunčiama…" : "Siųsti nuorodą"}
      </button>
    </form>
  );
}

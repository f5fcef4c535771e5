import { type FormEvent, useState } from "react";
import { useBackend } from "../../app/BackendContext";
import type { PortalView } from "../../domain/portal";
import type { DriverDetails } from "../../domain/schemas";
import Alert from "../components/Alert";
import DateField from "../components/DateField";
import { TextField } from "../components/Field";
import { errorText, fieldErrorsOf } from "../lib/errors";

type Driver = DriverDetails["driver"];
const EMPTY: Driver = { firstName: "", lastName: "", birthDate: "", licenceNumber: "", licenceExpiresAt: "" };

function DriverFields({
  prefix,
  legend,
  value,
  onChange,
  errors,
}: {
  prefix: "driver" | "additionalDriver";
  legend: string;
  value: Driver;
  onChange: (next: Driver) => void;
  errors: Record<string, string>;
}) {
  const set = (key: keyof Driver) => (next: string) => onChange({ ...value, [key]: next });
  const id = (key: string) => `${prefix}-${key}`;
  return (
    <fieldset className="fieldset">
      <legend>{legend}</legend>
      <div className="form-grid form-grid--2">
        <TextField
          id={id("first-name")}
          label="Vardas"
          autoComplete={prefix === "driver" ? "given-name" : "off"}
          value={value.firstName}
          onChange={(e) => set("firstName")(e.target.value)}
          error={errors[`${prefix}.firstName`]}
        />
        <TextField
          id={id("last-name")}
          label="Pavardė"
          autoComplete={prefix === "driver" ? "family-name" : "off"}
          value={value.lastName}
          onChange={(e) => set("lastName")(e.target.value)}
          error={errors[`${prefix}.lastName`]}
        />
        <DateField
          id={id("birth-date")}
          label="Gimimo data"
          calendar={false}
          value={value.birthDate}
          onChange={set("birthDate")}
          error={errors[`${prefix}.birthDate`]}
        />
        <TextField
          id={id("licence")}
          label="Vairuotojo pažymėjimo Nr."
          autoComplete="off"
          value={value.licenceNumber}
          onChange={(e) => set("licenceNumber")(e.target.value)}
          error={errors[`${prefix}.licenceNumber`]}
        />
        <DateField
          id={id("licence-expires")}
          label="Pažymėjimas galioja iki"
          calendar={false}
          value={value.licenceExpiresAt}
          onChange={set("licenceExpiresAt")}
          error={errors[`${prefix}.licenceExpiresAt`]}
        />
      </div>
    </fieldset>
  );
}

/** The driver's details before the pickup, so the hand-over goes faster. */
export default function PortalDriver({
  token,
  view,
  onSaved,
}: {
  token: string;
  view: PortalView;
  onSaved: (message: string) => void;
}) {
  const { site } = useBackend();
  const saved = view.driverDetails;
  const [name] = useState(() => view.customerName.split(" "));
  const [driver, setDriver] = useState<Driver>(
    saved?.driver ?? { ...EMPTY, firstName: name[0] ?? "", lastName: name.slice(1).join(" ") },
  );
  const [withSecond, setWithSecond] = useState(Boolean(saved?.additionalDriver));
  const [second, setSecond] = useState<Driver>(saved?.additionalDriver ?? EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      await site.portal("driver", token, { driver, additionalDriver: withSecond ? second : null });
      onSaved("Vairuotojo duomenys išsaugoti – perdavimas bus greitesnis.");
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card portal-section" onSubmit={submit} noValidate aria-labelledby="driver-title">
      <h2 id="driver-title">Vairuotojo duomenys</h2>
      <p className="muted">
        {saved
          ? "Duomenys jau pateikti – galite juos pataisyti."
          : "Užpildykite iš anksto – atsiimti automobilį bus greičiau."}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <DriverFields prefix="driver" legend="Vairuotojas" value={driver} onChange={setDriver} errors={errors} />
      <label className="portal-extra">
        <input type="checkbox" checked={withSecond} onChange={(e) => setWithSecond(e.target.checked)} />
        <span>Bus papildomas vairuotojas</span>
      </label>
      {withSecond ? (
        <DriverFields
          prefix="additionalDriver"
          legend="Papildomas vairuotojas"
          value={second}
          onChange={setSecond}
          errors={errors}
        />
      ) : null}
      <button type="submit" className="button button--accent" disabled={busy}>
        {busy ? "Saugoma…" : "Išsaugoti duomenis"}
      </button>
    </form>
  );
}

// The reservation form: car, period and places, extras, driver, comment, consent.
// Sections are separate components so the live quote and the process modal can slot in.
import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { useBackend } from "../../app/BackendContext";
import { BackendError, type PublicCar, type PublicSettings, type ReservationCreated } from "../../backend/port";
import Alert from "../components/Alert";
import { CheckboxField, SelectField, TextAreaField } from "../components/Field";
import { searchUrl } from "../components/SearchForm";
import { errorText } from "../lib/errors";
import { carName } from "../lib/labels";
import DriverFields from "./DriverFields";
import ExtrasFields from "./ExtrasFields";
import PeriodFields from "./PeriodFields";
import {
  mapServerErrors,
  type ReservationErrors,
  type ReservationValues,
  toReservationInput,
  validateReservation,
} from "./reservationForm";

export interface SubmittedReservation {
  created: ReservationCreated;
  values: ReservationValues;
  input: ReturnType<typeof toReservationInput>;
}

type Problem = { kind: "conflict" | "error" | "invalid"; message: string; details: string[] } | null;

export default function ReservationForm({
  cars,
  settings,
  values,
  onValuesChange,
  onSubmitted,
}: {
  cars: PublicCar[];
  settings: PublicSettings;
  values: ReservationValues;
  onValuesChange: (values: ReservationValues) => void;
  onSubmitted: (result: SubmittedReservation) => void;
}) {
  const { site } = useBackend();
  const [errors, setErrors] = useState<ReservationErrors>({});
  const [problem, setProblem] = useState<Problem>(null);
  const [sending, setSending] = useState(false);
  const problemRef = useRef<HTMLDivElement>(null);

  const change = <K extends keyof ReservationValues>(field: K, value: ReservationValues[K]) => {
    onValuesChange({ ...values, [field]: value });
    if (errors[field as keyof ReservationErrors]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showProblem = (next: Problem) => {
    setProblem(next);
    requestAnimationFrame(() => problemRef.current?.focus());
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateReservation(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showProblem({ kind: "invalid", message: "Patikrinkite pažymėtus laukus.", details: [] });
      return;
    }
    setSending(true);
    setProblem(null);
    const input = toReservationInput(values);
    try {
      const created = await site.submitReservation(input);
      onSubmitted({ created, values, input });
    } catch (error) {
      if (error instanceof BackendError && error.status === 409) {
        showProblem({ kind: "conflict", message: error.message, details: [] });
      } else if (error instanceof BackendError && (error.status === 400 || error.status === 422)) {
        const mapped = mapServerErrors(error.fieldErrors);
        setErrors(mapped.fields);
        showProblem({ kind: "invalid", message: error.message, details: mapped.other });
      } else {
        showProblem({ kind: "error", message: errorText(error), details: [] });
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="card" onSubmit={submit} noValidate aria-label="Rezervacijos forma">
      <div ref={problemRef} tabIndex={-1}>
        {problem?.kind === "conflict" ? (
          <Alert tone="error" title="Automobilis šiuo laiku jau užimtas">
            <p>{problem.message}</p>
            <p>
              <Link to={otherCarsUrl(values)}>Peržiūrėkite laisvus automobilius šioms datoms</Link>
            </p>
          </Alert>
        ) : problem ? (
          <Alert tone="error" title={problem.message}>
            {problem.details.length > 0 ? (
              <ul>
                {problem.details.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
      </div>

      <fieldset className="fieldset form-section">
        <legend>Automobilis</legend>
        <SelectField
          id="car"
          label="Pasirinkite automobilį"
          required
          placeholder="Pasirinkite"
          value={values.carId}
          onChange={(e) => change("carId", e.target.value)}
          options={cars.map((car) => ({ value: car.id, label: `${carName(car)} (${car.year}), ${car.category}` }))}
          error={errors.carId}
        />
      </fieldset>

      <PeriodFields values={values} errors={errors} onChange={change} settings={settings} />
      <ExtrasFields
        extras={settings.extras}
        selected={values.extras}
        error={errors.extras}
        onChange={(next) => change("extras", next)}
      />
      <DriverFields values={values} errors={errors} onChange={change} />

      <div className="form-section">
        <TextAreaField
          id="comment"
          label="Komentaras"
          hint="Neprivaloma: skrydžio numeris, pageidavimai"
          rows={3}
          maxLength={2000}
          value={values.comment}
          onChange={(e) => change("comment", e.target.value)}
          error={errors.comment}
        />
        <div style={{ marginTop: "1rem" }}>
          <CheckboxField
            id="accept-terms"
            checked={values.acceptTerms}
            onChange={(e) => change("acceptTerms", e.target.checked)}
            error={errors.acceptTerms}
            label={
              <>
                Sutinku su{" "}
                <Link to="/salygos" target="_blank" rel="noopener">
                  nuomos sąlygomis
                </Link>
              </>
            }
          />
        </div>
      </div>

      <div className="form-actions">
        <button type="submit" className="button button--accent" disabled={sending}>
          {sending ? "Siunčiama…" : "Rezervuoti"}
        </button>
        <span className="muted">Galutinę kainą apskaičiuosime pateikus rezervaciją.</span>
      </div>
    </form>
  );
}

/** The search for the same period: other cars that are still free. */
function otherCarsUrl(values: ReservationValues): string {
  const { pickupAt, returnAt, pickupLocationId } = toReservationInput(values);
  return searchUrl(pickupAt, returnAt, pickupLocationId);
}

// The reservation form: car, period and places, extras, driver, comment, consent. Submitting
// opens the reservation process modal; the server checks availability and prices the
// reservation, and answers with its number, or says the car was taken meanwhile.
import { type FormEvent, lazy, Suspense, useRef, useState } from "react";
import { useBackend } from "../../app/BackendContext";
import { BackendError, type PublicCar, type PublicSettings, type ReservationCreated } from "../../backend/port";
import type { ReservationInput } from "../../domain/schemas";
import Alert from "../components/Alert";
import { CheckboxField, SelectField, TextAreaField } from "../components/Field";
import { loadPhoneRules } from "../components/phone/phoneSupport";
import { errorText } from "../lib/errors";
import { useHydrated } from "../lib/hydration";
import { carName } from "../lib/labels";
import { Link } from "../lib/siteRouter";
import BookingTermsSummary, { ORDER_BUTTON_TEXT } from "./BookingTermsSummary";
import DriverFields from "./DriverFields";
import ExtrasFields from "./ExtrasFields";
import PeriodFields from "./PeriodFields";
import type { ProcessState } from "./ReservationProcess";
import { abroadLabel } from "./ruleFeeText";
import type { LiveQuote } from "./useLiveQuote";

// What opens after the order button (the process window, then the success page) loads when the
// visitor starts filling in the form: the page itself needs neither to show or hydrate.
const loadProcess = () => import("./ReservationProcess");
const loadAfterSubmit = () => Promise.all([loadProcess(), import("./ReservationSuccess")]);
const ReservationProcess = lazy(loadProcess);

import {
  mapServerErrors,
  phoneErrorOf,
  type ReservationErrors,
  type ReservationValues,
  toReservationInput,
  validateReservation,
} from "./reservationValues";

export interface SubmittedReservation {
  created: ReservationCreated;
  values: ReservationValues;
  input: ReservationInput;
}

type Problem = { message: string; details: string[] } | null;

export default function ReservationForm({
  cars,
  settings,
  values,
  live,
  onValuesChange,
  onSubmitted,
}: {
  cars: PublicCar[];
  settings: PublicSettings;
  values: ReservationValues;
  /** the server's live quote: its total, deposit and terms stand right before the order button */
  live: LiveQuote;
  onValuesChange: (update: (values: ReservationValues) => ReservationValues) => void;
  onSubmitted: (result: SubmittedReservation) => void;
}) {
  const { site } = useBackend();
  const [errors, setErrors] = useState<ReservationErrors>({});
  const [problem, setProblem] = useState<Problem>(null);
  const [process, setProcess] = useState<ProcessState | null>(null);
  // Mounted from the first submit on, and kept: the dialog closes itself when process is null.
  const processShown = useRef(false);
  if (process) processShown.current = true;
  const [checking, setChecking] = useState(false);
  const problemRef = useRef<HTMLDivElement>(null);
  // A prerendered form sends nothing until the page is interactive.
  const hydrated = useHydrated();
  const car = cars.find((c) => c.id === values.carId);

  const change = <K extends keyof ReservationValues>(field: K, value: ReservationValues[K]) => {
    onValuesChange((current) => ({ ...current, [field]: value }));
    if (errors[field as keyof ReservationErrors]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showProblem = (next: Problem) => {
    setProblem(next);
    requestAnimationFrame(() => problemRef.current?.focus());
  };

  async function checkPhone() {
    if (!values.phone.trim()) return;
    const rules = await loadPhoneRules().catch(() => null);
    setErrors((current) => ({ ...current, phone: phoneErrorOf(values, rules) ?? undefined }));
  }

  async function send(input: ReservationInput) {
    setProcess({ phase: "sending", input });
    try {
      const created = await site.submitReservation(input);
      // Online pre-payment: on to the provider's page; it brings the visitor back to /mokejimas/….
      if (created.payment?.redirectUrl) {
        window.location.assign(created.payment.redirectUrl);
        return;
      }
      setProcess({ phase: "done", input, created });
    } catch (error) {
      if (error instanceof BackendError && error.status === 409) {
        setProcess({ phase: "conflict", input, message: error.message, alternatives: null });
        const alternatives = await site
          .search({ from: input.pickupAt, to: input.returnAt, location: input.pickupLocationId })
          .then(({ data }) => data.filter((result) => result.id !== input.carId))
          .catch(() => []);
        setProcess((current) =>
          current?.phase === "conflict" && current.input === input ? { ...current, alternatives } : current,
        );
      } else if (error instanceof BackendError && (error.status === 400 || error.status === 422)) {
        // The visitor's to fix: back to the form, each message next to its field.
        setProcess(null);
        const mapped = mapServerErrors(error.fieldErrors);
        setErrors(mapped.fields);
        showProblem({ message: error.message, details: mapped.other });
      } else {
        setProcess({ phase: "failed", input, message: errorText(error) });
      }
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (checking || process?.phase === "sending") return;
    setChecking(true);
    const rules = await loadPhoneRules().catch(() => null);
    setChecking(false);
    const found = validateReservation(values, {
      phoneRules: rules,
      minDriverAge: car?.minDriverAge ?? null,
      bookingRules: settings.bookingRules,
    });
    setErrors(found);
    const messages = [...new Set(Object.values(found).filter((text): text is string => Boolean(text)))];
    if (messages.length > 0) {
      showProblem({ message: "Patikrinkite pažymėtus laukus", details: messages });
      return;
    }
    setProblem(null);
    await send(toReservationInput(values, rules));
  }

  function close() {
    if (process?.phase === "done") onSubmitted({ created: process.created, values, input: process.input });
    setProcess(null);
  }

  return (
    <>
      <form
        className="card"
        onSubmit={submit}
        onFocus={() => void loadAfterSubmit().catch(() => undefined)}
        noValidate
        aria-labelledby="reservation-form-title"
      >
        <h2 id="reservation-form-title" className="visually-hidden">
          Rezervacijos forma
        </h2>
        <div ref={problemRef} tabIndex={-1}>
          {problem ? (
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
            options={cars.map((c) => ({ value: c.id, label: `${carName(c)} (${c.year}), ${c.category}` }))}
            error={errors.carId}
          />
        </fieldset>

        {/* Boundaries: a prerendered form hydrates section by section (short tasks). */}
        <Suspense>
          <PeriodFields values={values} errors={errors} onChange={change} settings={settings} />
        </Suspense>
        <Suspense>
          <ExtrasFields
            extras={settings.extras}
            selected={values.extras}
            error={errors.extras}
            onChange={(next) => change("extras", next)}
          />
        </Suspense>
        <fieldset className="fieldset form-section">
          <legend>Kelionė</legend>
          <CheckboxField
            id="travel-abroad"
            label={abroadLabel(settings)}
            checked={values.travelAbroad ?? false}
            onChange={(e) => change("travelAbroad", e.target.checked)}
          />
        </fieldset>
        <Suspense>
          <DriverFields
            values={values}
            errors={errors}
            onChange={change}
            onPhoneCountryChange={(code, byVisitor) =>
              onValuesChange((current) => ({
                ...current,
                phoneCountry: code,
                phoneCountryChosen: current.phoneCountryChosen || byVisitor,
              }))
            }
            onPhoneBlur={() => void checkPhone()}
          />
        </Suspense>

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
          <div className="form-consent">
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
                  </Link>{" "}
                  ir su tuo, kad mano duomenys bus naudojami rezervacijai vykdyti pagal{" "}
                  <Link to="/privatumo-politika" target="_blank" rel="noopener">
                    privatumo politiką
                  </Link>
                </>
              }
            />
          </div>
        </div>

        <BookingTermsSummary live={live} />
        <div className="form-actions">
          <button
            type="submit"
            className="button button--accent"
            disabled={!hydrated || checking || process?.phase === "sending"}
          >
            {checking || process?.phase === "sending" ? "Siunčiama…" : ORDER_BUTTON_TEXT}
          </button>
        </div>
      </form>
      {processShown.current ? (
        <Suspense fallback={null}>
          <ReservationProcess
            process={process}
            cars={cars}
            settings={settings}
            onClose={close}
            onRetry={() => process && void send(process.input)}
            onChooseCar={(carId) => {
              // Back to the form with the other car: its total, deposit and terms stand before the
              // order button, which the visitor presses again (Directive 2011/83/EU art. 8(2)).
              change("carId", carId);
              setProcess(null);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

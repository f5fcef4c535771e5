// The reservation process modal (SPEC section 2). It opens when the visitor submits: the
// steps show where the request is, then one of two outcomes: the reservation number with a
// summary and what happens next, or, when someone else took the car meanwhile, a clear
// message with the other cars still free for the same period.
import { useEffect, useRef } from "react";
import type { PublicCar, PublicSettings, ReservationCreated, SearchResult } from "../../backend/port";
import type { ReservationInput } from "../../domain/schemas";
import { carName } from "../lib/labels";
import { Link } from "../lib/siteRouter";
import AlternativeCars from "./AlternativeCars";
import QuoteBreakdown from "./QuoteBreakdown";
import TripRows from "./TripRows";

export type ProcessState =
  | { phase: "sending"; input: ReservationInput }
  | { phase: "done"; input: ReservationInput; created: ReservationCreated }
  | { phase: "conflict"; input: ReservationInput; message: string; alternatives: SearchResult[] | null }
  | { phase: "failed"; input: ReservationInput; message: string };

type StepState = "done" | "active" | "failed" | "waiting";

const STEP_STATE_TEXT: Record<StepState, string> = {
  done: "atlikta",
  active: "vykdoma",
  failed: "nepavyko",
  waiting: "laukiama",
};

function stepsOf(process: ProcessState): { label: string; state: StepState }[] {
  const { phase } = process;
  const server: { label: string; state: StepState } =
    phase === "sending"
      ? { label: "Tikrinama, ar automobilis laisvas, ir skaičiuojama galutinė kaina", state: "active" }
      : phase === "done"
        ? { label: "Automobilis laisvas, galutinė kaina apskaičiuota", state: "done" }
        : phase === "conflict"
          ? { label: "Automobilis šiam laikotarpiui jau užimtas", state: "failed" }
          : { label: "Serveris rezervacijos nepriėmė", state: "failed" };
  return [
    { label: "Formos duomenys patikrinti", state: "done" },
    server,
    phase === "done"
      ? { label: "Rezervacija įregistruota", state: "done" }
      : { label: "Rezervacijos įregistravimas", state: "waiting" },
  ];
}

function StepIcon({ state }: { state: StepState }) {
  if (state === "active") return <span className="process-step__spinner" aria-hidden="true" />;
  const path = state === "done" ? "M5 12.5l4.5 4.5L19 7.5" : state === "failed" ? "M7 7l10 10M17 7L7 17" : "M8 12h8";
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

export default function ReservationProcess({
  process,
  cars,
  settings,
  onClose,
  onRetry,
  onChooseCar,
}: {
  process: ProcessState | null;
  cars: PublicCar[];
  settings: PublicSettings;
  onClose: () => void;
  onRetry: () => void;
  onChooseCar: (carId: string) => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const open = process !== null;
  const phase = process?.phase;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Each outcome is announced: focus moves to its heading.
  useEffect(() => {
    if (phase) headingRef.current?.focus();
  }, [phase]);

  const car = process ? cars.find((c) => c.id === process.input.carId) : undefined;
  const placeName = (id: string) => settings.locations.find((l) => l.id === id)?.name;
  const title =
    phase === "done"
      ? "Rezervacija gauta"
      : phase === "conflict"
        ? "Automobilis ką tik buvo užsakytas"
        : phase === "failed"
          ? "Rezervacijos pateikti nepavyko"
          : "Tvarkoma Jūsų rezervacija";

  return (
    <dialog
      ref={dialogRef}
      className="process-dialog"
      aria-labelledby="process-title"
      aria-busy={phase === "sending" || undefined}
      onCancel={(event) => {
        // Escape: never while the request runs (the outcome must be seen).
        event.preventDefault();
        if (phase !== "sending") onClose();
      }}
    >
      {process ? (
        <div className="process">
          <h2 id="process-title" ref={headingRef} tabIndex={-1} className="process__title">
            {title}
          </h2>
          <ol className="process-steps">
            {stepsOf(process).map((step, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: three fixed steps; their labels change with the state
              <li key={index} className={`process-step process-step--${step.state}`}>
                <span className="process-step__icon">
                  <StepIcon state={step.state} />
                </span>
                <span>
                  {step.label}
                  <span className="visually-hidden"> ({STEP_STATE_TEXT[step.state]})</span>
                </span>
              </li>
            ))}
          </ol>

          {process.phase === "sending" ? (
            <p className="muted" role="status">
              Prašome palaukti – tai užtruks tik akimirką.
            </p>
          ) : null}

          {process.phase === "done" ? (
            <div className="process__outcome">
              <p className="process__number-label">Jūsų rezervacijos numeris</p>
              <p className="process__number" data-testid="reservation-number">
                {process.created.number}
              </p>
              <dl className="summary-list">
                <TripRows
                  car={car}
                  pickupAt={process.input.pickupAt}
                  returnAt={process.input.returnAt}
                  pickupPlace={placeName(process.input.pickupLocationId)}
                  returnPlace={placeName(process.input.returnLocationId)}
                />
              </dl>
              <QuoteBreakdown quote={process.created.quote} />
              <h3>Kas toliau?</h3>
              <ol className="process__next">
                <li>
                  Patvirtinimą išsiuntėme adresu <strong>{process.input.customer.email}</strong>.
                </li>
                <li>Darbuotojas patikrins rezervaciją ir darbo valandomis susisieks su Jumis.</li>
                <li>Pasiimdami automobilį turėkite vairuotojo pažymėjimą, asmens dokumentą ir užstatą.</li>
              </ol>
              <div className="form-actions">
                <button type="button" className="button" onClick={onClose}>
                  Gerai
                </button>
              </div>
            </div>
          ) : null}

          {process.phase === "conflict" ? (
            <div className="process__outcome">
              <div className="alert alert--error">
                <p>
                  {car ? <strong>{carName(car)}</strong> : "Pasirinktas automobilis"} jau užsakytas kitam klientui šiam
                  laikotarpiui. {process.message}
                </p>
              </div>
              <h3>Laisvi automobiliai tomis pačiomis datomis</h3>
              {process.alternatives === null ? (
                <p className="muted" role="status">
                  Ieškome laisvų automobilių…
                </p>
              ) : process.alternatives.length === 0 ? (
                <p>
                  Šiam laikotarpiui laisvų automobilių neliko. Pakeiskite datas arba{" "}
                  <Link to="/kontaktai">susisiekite su mumis</Link>.
                </p>
              ) : (
                <AlternativeCars options={process.alternatives.slice(0, 4)} onChoose={onChooseCar} />
              )}
              <div className="form-actions">
                <button type="button" className="button button--ghost" onClick={onClose}>
                  Keisti datas ar automobilį
                </button>
              </div>
            </div>
          ) : null}

          {process.phase === "failed" ? (
            <div className="process__outcome">
              <div className="alert alert--error">
                <p>{process.message}</p>
              </div>
              <div className="form-actions">
                <button type="button" className="button" onClick={onRetry}>
                  Bandyti dar kartą
                </button>
                <button type="button" className="button button--ghost" onClick={onClose}>
                  Uždaryti
                </button>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}

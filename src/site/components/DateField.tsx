// A date field in the Lithuanian format (2026-11-21): a text input that accepts typing
// (hyphens come by themselves) and, optionally, a calendar to pick from. Lighter than the
// browser's date input (which also shows the browser's own format, not lt-LT) and the same
// in every browser. The value is always "YYYY-MM-DD" or what the visitor is still typing.
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { addDaysToDateString, isDateString } from "../../domain/time";
import { describedBy, FieldFrame, useAdoptTypedValue } from "./Field";

const MONTHS = [
  "sausis",
  "vasaris",
  "kovas",
  "balandis",
  "gegužė",
  "birželis",
  "liepa",
  "rugpjūtis",
  "rugsėjis",
  "spalis",
  "lapkritis",
  "gruodis",
] as const;
const WEEKDAYS = [
  "pirmadienis",
  "antradienis",
  "trečiadienis",
  "ketvirtadienis",
  "penktadienis",
  "šeštadienis",
  "sekmadienis",
] as const;
const WEEKDAYS_SHORT = ["Pr", "An", "Tr", "Kt", "Pn", "Št", "Sk"] as const;

const pad = (n: number) => String(n).padStart(2, "0");

/** Monday = 0 ... Sunday = 6, for a calendar date. */
export function weekdayOf(date: string): number {
  return (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
}

/** What was typed, shaped towards YYYY-MM-DD: digits only, hyphens inserted, at most 10 characters. */
export function shapeDateInput(typed: string): string {
  const digits = typed.replace(/\D/g, "").slice(0, 8);
  if (digits.length <= 4) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`;
}

/** The 6 x 7 days shown for a month, Monday first. */
function monthGrid(year: number, month: number): string[] {
  const first = `${year}-${pad(month)}-01`;
  const start = addDaysToDateString(first, -weekdayOf(first));
  return Array.from({ length: 42 }, (_, i) => addDaysToDateString(start, i));
}

const shiftMonth = (date: string, delta: number): string => {
  const [y = 2026, m = 1, d = 1] = date.split("-").map(Number);
  const index = y * 12 + (m - 1) + delta;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(d, last))}`;
};

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M4 6h16v14H4zM4 10h16M8 3v5M16 3v5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function Calendar({
  id,
  value,
  min,
  today,
  onPick,
  onClose,
}: {
  id: string;
  value: string;
  min?: string | undefined;
  today?: string | undefined;
  onPick: (date: string) => void;
  onClose: () => void;
}) {
  const initial = isDateString(value) ? value : min && isDateString(min) ? min : (today ?? "2026-01-01");
  const [focused, setFocused] = useState(initial);
  const gridRef = useRef<HTMLTableElement>(null);
  const [year = 2026, month = 1] = focused.split("-").map(Number);
  const days = monthGrid(year, month);
  const disabled = (date: string) => Boolean(min && date < min);

  // The focused day takes the keyboard focus (roving tabindex).
  useEffect(() => {
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  /** The day a navigation key moves to, or null for other keys. */
  const moveFor = (key: string): string | null => {
    switch (key) {
      case "ArrowLeft":
        return addDaysToDateString(focused, -1);
      case "ArrowRight":
        return addDaysToDateString(focused, 1);
      case "ArrowUp":
        return addDaysToDateString(focused, -7);
      case "ArrowDown":
        return addDaysToDateString(focused, 7);
      case "Home":
        return addDaysToDateString(focused, -weekdayOf(focused));
      case "End":
        return addDaysToDateString(focused, 6 - weekdayOf(focused));
      case "PageUp":
        return shiftMonth(focused, -1);
      case "PageDown":
        return shiftMonth(focused, 1);
      default:
        return null;
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const next = moveFor(event.key);
    if (next) {
      event.preventDefault();
      setFocused(next);
    } else if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <div className="calendar" id={id} role="dialog" aria-label="Pasirinkite datą" onKeyDown={onKeyDown}>
      <div className="calendar__head">
        <button
          type="button"
          className="icon-button icon-button--small"
          aria-label="Ankstesnis mėnuo"
          onClick={() => setFocused(shiftMonth(focused, -1))}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
        <p className="calendar__title" aria-live="polite">
          {year} m. {MONTHS[month - 1]}
        </p>
        <button
          type="button"
          className="icon-button icon-button--small"
          aria-label="Kitas mėnuo"
          onClick={() => setFocused(shiftMonth(focused, 1))}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <table ref={gridRef} className="calendar__grid">
        <thead>
          <tr>
            {WEEKDAYS_SHORT.map((day, i) => (
              <th key={day} scope="col" abbr={WEEKDAYS[i]}>
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[0, 1, 2, 3, 4, 5].map((week) => (
            <tr key={week}>
              {days.slice(week * 7, week * 7 + 7).map((date) => {
                const inMonth = Number(date.slice(5, 7)) === month;
                return (
                  <td key={date}>
                    <button
                      type="button"
                      data-date={date}
                      className={[
                        "calendar__day",
                        inMonth ? "" : "calendar__day--other",
                        date === today ? "calendar__day--today" : "",
                      ]
                        .filter(Boolean)
                        .join(" ")}
                      tabIndex={date === focused ? 0 : -1}
                      aria-label={`${date}, ${WEEKDAYS[weekdayOf(date)]}${date === today ? ", šiandien" : ""}`}
                      aria-pressed={date === value}
                      disabled={disabled(date)}
                      onClick={() => onPick(date)}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface DateFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** earliest selectable day in the calendar ("YYYY-MM-DD") */
  min?: string | undefined;
  /** today, once known (prerendered pages learn it after hydration) */
  today?: string | undefined;
  /** a calendar button next to the input (dates near today); off for birth dates */
  calendar?: boolean;
  error?: string | undefined;
  invalid?: boolean;
  hint?: ReactNode;
  required?: boolean;
  autoComplete?: string;
  className?: string;
  /** the form field name (a form that also works before the page is interactive) */
  name?: string;
}

export default function DateField({
  id,
  label,
  value,
  onChange,
  min,
  today,
  calendar = true,
  error,
  invalid = false,
  hint = "Formatas: MMMM-MM-DD",
  required = false,
  autoComplete = "off",
  className,
  name,
}: DateFieldProps) {
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const accept = (typed: string) => onChange(isDateString(typed) ? typed : shapeDateInput(typed));
  useAdoptTypedValue(inputRef, value, (event) => accept(event.target.value));

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <FieldFrame
      ref={wrapRef}
      id={id}
      label={label}
      hint={hint}
      error={error}
      className={className ? `date-field ${className}` : "date-field"}
    >
      <div className="date-field__row">
        <input
          ref={inputRef}
          id={id}
          name={name}
          className="input date-field__input"
          type="text"
          inputMode="numeric"
          autoComplete={autoComplete}
          placeholder="MMMM-MM-DD"
          maxLength={10}
          required={required}
          value={value}
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          // Pasted or autofilled ISO dates pass as they are; typing is shaped.
          onChange={(event) => accept(event.target.value)}
        />
        {calendar ? (
          <button
            ref={buttonRef}
            type="button"
            className="date-field__button"
            aria-label="Pasirinkti iš kalendoriaus"
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? `${id}-calendar` : undefined}
            onClick={() => setOpen((value) => !value)}
          >
            <CalendarIcon />
          </button>
        ) : null}
      </div>
      {open ? (
        <Calendar
          id={`${id}-calendar`}
          value={value}
          min={min}
          today={today}
          onPick={(date) => {
            onChange(date);
            close();
          }}
          onClose={close}
        />
      ) : null}
    </FieldFrame>
  );
}

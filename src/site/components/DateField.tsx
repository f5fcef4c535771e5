// A date field in the Lithuanian format (2026-11-21): a text input that accepts typing
// (hyphens come by themselves) and, optionally, a calendar to pick from. Lighter than the
// browser's date input (which also shows the browser's own format, not lt-LT) and the same
// in every browser. The value is always "YYYY-MM-DD" or what the visitor is still typing.
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { isDateString } from "../../domain/time";
import { describedBy, FieldFrame, useAdoptTypedValue } from "./Field";

// The month grid loads only when a visitor opens it (DateCalendar.tsx).
const loadCalendar = () => import("./DateCalendar");
const Calendar = lazy(loadCalendar);

// Monday = 0 ... Sunday = 6 (src/domain/time.ts; the calendar imports it from there).
export { weekdayOf } from "../../domain/time";

/** What was typed, shaped towards YYYY-MM-DD: digits only, hyphens inserted, at most 10 characters. */
export function shapeDateInput(typed: string): string {
  const digits = typed.replace(/\D/g, "").slice(0, 8);
  if (digits.length <= 4) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`;
}

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
            // The calendar's code loads as the visitor reaches for it.
            onPointerEnter={() => void loadCalendar().catch(() => undefined)}
            onFocus={() => void loadCalendar().catch(() => undefined)}
          >
            <CalendarIcon />
          </button>
        ) : null}
      </div>
      {open ? (
        <Suspense fallback={null}>
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
        </Suspense>
      ) : null}
    </FieldFrame>
  );
}

// The calendar of a date field (DateField.tsx): a month grid to pick a day with the mouse or
// the keyboard. Loaded only when a visitor opens it.
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { addDaysToDateString, isDateString, weekdayOf } from "../../domain/time";

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

export default function Calendar({
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

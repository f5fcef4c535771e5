import type { SearchResult } from "../../backend/port";
import { formatDaysAccusative, formatMoney } from "../../domain/format";
import { carName } from "../lib/labels";

/**
 * Cars still free for the same period, each with its price and a button to switch to it.
 * Compact: the price panel beside the form; otherwise the process dialog. Choosing puts the car in
 * the form, where its total, deposit and terms stand before the order button.
 */
export default function AlternativeCars({
  options,
  compact = false,
  onChoose,
}: {
  options: readonly SearchResult[];
  compact?: boolean;
  onChoose: (carId: string) => void;
}) {
  return (
    <ul className={compact ? "alternatives alternatives--compact" : "alternatives"}>
      {options.map((option) => (
        <li key={option.id} className="alternative">
          <span>
            <strong>{carName(option.car)}</strong>
            {compact ? null : (
              <span className="muted">
                {" "}
                · {option.car.category}, {option.car.transmission}
              </span>
            )}
            <br />
            {formatMoney(option.quote.total)} už {formatDaysAccusative(option.quote.days)}
          </span>
          <button
            type="button"
            className={`button ${compact ? "button--ghost" : "button--accent"} button--small`}
            onClick={() => onChoose(option.id)}
          >
            {compact ? "Rinktis" : "Rinktis šį automobilį"}
            <span className="visually-hidden"> {carName(option.car)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

import type { PublicSettings } from "../../backend/port";
import { formatMoney } from "../../domain/format";

/** Extras from the settings: a checkbox each, and a quantity where more than one is allowed. */
export default function ExtrasFields({
  extras,
  selected,
  error,
  onChange,
}: {
  extras: PublicSettings["extras"];
  selected: Record<string, number>;
  error?: string | undefined;
  onChange: (next: Record<string, number>) => void;
}) {
  if (extras.length === 0) return null;
  const set = (id: string, quantity: number) => {
    const next = { ...selected };
    if (quantity > 0) next[id] = quantity;
    else delete next[id];
    onChange(next);
  };

  return (
    <fieldset className="fieldset form-section" aria-describedby={error ? "extras-error" : undefined}>
      <legend>Papildomos paslaugos</legend>
      <ul className="extras-list">
        {extras.map((extra) => {
          const quantity = selected[extra.id] ?? 0;
          const price = `${formatMoney(extra.price)} ${extra.chargedPer === "day" ? "parai" : "už nuomą"}`;
          return (
            <li key={extra.id}>
              <div className="checkbox">
                <input
                  id={`extra-${extra.id}`}
                  type="checkbox"
                  checked={quantity > 0}
                  onChange={(e) => set(extra.id, e.target.checked ? 1 : 0)}
                />
                <label htmlFor={`extra-${extra.id}`}>
                  <strong>{extra.name}</strong> <span className="muted">– {price}</span>
                  {extra.description ? (
                    <>
                      <br />
                      <span className="muted">{extra.description}</span>
                    </>
                  ) : null}
                </label>
              </div>
              {extra.maxQuantity > 1 && quantity > 0 ? (
                <label className="field__label" htmlFor={`extra-qty-${extra.id}`}>
                  Kiekis{" "}
                  <select
                    id={`extra-qty-${extra.id}`}
                    className="select"
                    value={quantity}
                    onChange={(e) => set(extra.id, Number(e.target.value))}
                  >
                    {Array.from({ length: extra.maxQuantity }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
            </li>
          );
        })}
      </ul>
      {error ? (
        <p className="field__error" id="extras-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

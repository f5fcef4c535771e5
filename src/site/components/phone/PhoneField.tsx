// The phone input of SPEC sections 5 and 7: type="tel", maxLength 25, only digits, spaces
// and + - ( ), a country picker with flags, the visitor's country detected automatically
// (IP lookup, then browser language, then LT) and libphonenumber validation with a
// Lithuanian message. The value stays as typed; callers store normalizePhone()'s E.164.
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useBackend } from "../../../app/BackendContext";
import { PHONE_MAX_LENGTH } from "../../../domain/phoneRules";
import { describedBy, FieldFrame, useAdoptTypedValue } from "../Field";
import Flag from "./Flag";
import {
  basicCountry,
  type CountryOption,
  cleanPhoneInput,
  countryForNumber,
  countryOptions,
  detectVisitorCountry,
  loadPhoneRules,
  PRIORITY_COUNTRIES,
  usePhoneRules,
} from "./phoneSupport";

export interface PhoneFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  country: string;
  onChange: (value: string) => void;
  /** `byVisitor` is false for the automatic detection */
  onCountryChange: (code: string, byVisitor: boolean) => void;
  /** the visitor picked a country themselves: detection must not override it */
  countryChosen?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  onBlur?: () => void;
}

const normalise = (text: string) => text.toLocaleLowerCase("lt").normalize("NFD").replace(/\p{M}/gu, "");

export default function PhoneField({
  id,
  label,
  value,
  country,
  onChange,
  onCountryChange,
  countryChosen = false,
  error,
  hint = "Pvz. +370 612 34567",
  required = false,
  className,
  onBlur,
}: PhoneFieldProps) {
  const { site } = useBackend();
  const rules = usePhoneRules();
  const countries = useMemo(() => countryOptions(rules), [rules]);
  const current: CountryOption = countries.find((c) => c.code === country) ??
    basicCountry(country) ?? { code: country, name: country, dialCode: "" };
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  // The highlighted option by country code, so the phone tables arriving while the picker is
  // open (the list grows) neither move the highlight nor clear what the visitor has typed.
  const [activeCode, setActiveCode] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const used = useRef(false);
  useAdoptTypedValue(inputRef, value, (event) => type(event.target.value));
  const latest = useRef({ value, countryChosen });
  latest.current = { value, countryChosen };

  const shown = useMemo(() => {
    const q = normalise(query.trim().replace(/^\+/, ""));
    if (!q) return countries;
    return countries.filter(
      (c) => normalise(c.name).includes(q) || c.code.toLowerCase() === q || c.dialCode.slice(1).startsWith(q),
    );
  }, [countries, query]);
  const active = Math.max(
    0,
    shown.findIndex((c) => c.code === activeCode),
  );

  /** First use of the field: load the tables and find the visitor's country. */
  function startUsing() {
    if (used.current) return;
    used.current = true;
    loadPhoneRules().catch(() => undefined);
    void detectVisitorCountry(site).then((code) => {
      const { value: typed, countryChosen: chosen } = latest.current;
      // The visitor's own choice, or a number that names its country, wins over a guess.
      if (!chosen && !typed.trim().startsWith("+") && !typed.trim().startsWith("00")) onCountryChange(code, false);
    });
  }

  function choose(option: CountryOption) {
    const trimmed = value.trim();
    if (trimmed === "") onChange(`${option.dialCode} `);
    else if (current.dialCode && trimmed.startsWith(current.dialCode)) {
      onChange(`${option.dialCode}${trimmed.slice(current.dialCode.length)}`);
    }
    onCountryChange(option.code, true);
    setOpen(false);
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  function type(next: string) {
    const cleaned = cleanPhoneInput(next).slice(0, PHONE_MAX_LENGTH);
    onChange(cleaned);
    const fromNumber = countryForNumber(cleaned, countries, country);
    if (fromNumber && fromNumber !== country) onCountryChange(fromNumber, true);
  }

  function togglePicker() {
    startUsing();
    if (!open) {
      // Opening starts from an empty search with the current country highlighted.
      setQuery("");
      setActiveCode(country);
    }
    setOpen(!open);
  }

  // While open: the search box focused, a click outside closes the picker.
  useEffect(() => {
    if (!open) return;
    requestAnimationFrame(() => searchRef.current?.focus());
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  // Keep the highlighted option in view.
  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [open, active]);

  function highlight(index: number) {
    const option = shown[Math.min(shown.length - 1, Math.max(0, index))];
    if (option) setActiveCode(option.code);
  }

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") highlight(active + 1);
    else if (event.key === "ArrowUp") highlight(active - 1);
    else if (event.key === "Home") highlight(0);
    else if (event.key === "End") highlight(shown.length - 1);
    else if (event.key === "Enter") {
      const option = shown[active];
      if (option) choose(option);
    } else if (event.key === "Escape") {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === "Tab") {
      setOpen(false);
      return;
    } else return;
    event.preventDefault();
  }

  const listId = `${id}-countries`;
  const priorityCount = rules ? PRIORITY_COUNTRIES.length : 0;

  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      error={error}
      className={className ? `phone-field ${className}` : "phone-field"}
    >
      <div className="phone-field__row">
        <button
          ref={buttonRef}
          type="button"
          className="phone-field__country"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? `${id}-picker` : undefined}
          aria-label={`Šalies kodas: ${current.name} ${current.dialCode}. Pakeisti šalį`}
          onClick={togglePicker}
        >
          <Flag code={current.code} />
          <span className="phone-field__dial">{current.dialCode}</span>
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
        <input
          ref={inputRef}
          id={id}
          className="input phone-field__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={PHONE_MAX_LENGTH}
          required={required}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          onFocus={startUsing}
          onChange={(event) => type(event.target.value)}
          onBlur={onBlur}
        />
      </div>
      {open ? (
        <div ref={panelRef} id={`${id}-picker`} className="country-picker">
          <input
            ref={searchRef}
            className="input country-picker__search"
            type="text"
            role="combobox"
            aria-label="Ieškoti šalies"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={shown[active] ? `${listId}-${shown[active].code}` : undefined}
            placeholder="Šalis arba kodas"
            autoComplete="off"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActiveCode(null);
            }}
            onKeyDown={onSearchKey}
          />
          <div ref={listRef} id={listId} role="listbox" aria-label="Šalys" className="country-picker__list">
            {shown.map((option, index) => (
              // Keys are handled by the search box (aria-activedescendant); options take pointer input.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox above owns the keyboard
              <div
                key={option.code}
                id={`${listId}-${option.code}`}
                data-index={index}
                role="option"
                tabIndex={-1}
                aria-selected={option.code === country}
                className={[
                  "country-picker__option",
                  index === active ? "country-picker__option--active" : "",
                  !query && index === priorityCount - 1 ? "country-picker__option--last-priority" : "",
                ]
                  .filter(Boolean)
                  .join(" ")}
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onPointerMove={() => setActiveCode(option.code)}
              >
                <Flag code={option.code} />
                <span className="country-picker__name">{option.name}</span>
                <span className="country-picker__dial">{option.dialCode}</span>
              </div>
            ))}
            {shown.length === 0 ? (
              <div
                role="option"
                tabIndex={-1}
                aria-selected="false"
                aria-disabled="true"
                className="country-picker__empty"
              >
                Šalis nerasta
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
    </FieldFrame>
  );
}

// Pickup and return date, time and place; leads to /paieskosautomobiliai.
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import type { PublicSettings } from "../../backend/port";
import { type SearchPeriod, timeOptions, todayInVilnius, toInstantIso } from "../lib/dates";
import Alert from "./Alert";
import { SelectField, TextField } from "./Field";

export const SEARCH_PATH = "/paieskosautomobiliai";

export interface SearchFormProps {
  settings: Pick<PublicSettings, "locations" | "bookingRules">;
  initial: SearchPeriod & { location?: string | null };
  variant?: "card" | "inline";
  submitLabel?: string;
}

export function searchUrl(from: string, to: string, location?: string | null): string {
  const params = new URLSearchParams({ from, to });
  if (location) params.set("location", location);
  return `${SEARCH_PATH}?${params.toString()}`;
}

export default function SearchForm({
  settings,
  initial,
  variant = "card",
  submitLabel = "Ieškoti automobilių",
}: SearchFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const [location, setLocation] = useState(initial.location ?? settings.locations[0]?.id ?? "");
  const [pickupDate, setPickupDate] = useState(initial.pickup.date);
  const [pickupTime, setPickupTime] = useState(initial.pickup.time);
  const [returnDate, setReturnDate] = useState(initial.return.date);
  const [returnTime, setReturnTime] = useState(initial.return.time);
  const [error, setError] = useState<string | null>(null);

  const times = timeOptions(settings.bookingRules);
  // Keep a time from the URL selectable even when it is outside today's opening hours.
  const optionsWith = (value: string) =>
    (times.includes(value) ? times : [...times, value].sort()).map((t) => ({ value: t, label: t }));
  const today = todayInVilnius();

  function submit(event: FormEvent) {
    event.preventDefault();
    const from = toInstantIso({ date: pickupDate, time: pickupTime });
    const to = toInstantIso({ date: returnDate, time: returnTime });
    if (!from || !to) {
      setError("Nurodykite paėmimo ir grąžinimo datą bei laiką.");
      return;
    }
    if (Date.parse(to) <= Date.parse(from)) {
      setError("Grąžinimo laikas turi būti vėlesnis nei paėmimo.");
      return;
    }
    if (Date.parse(from) < Date.now()) {
      setError("Paėmimo laikas jau praėjęs. Pasirinkite vėlesnį laiką.");
      return;
    }
    setError(null);
    navigate(searchUrl(from, to, location));
  }

  return (
    <form
      className={variant === "inline" ? "search-form search-form--inline" : "search-form"}
      onSubmit={submit}
      noValidate
    >
      <SelectField
        id={`${id}-location`}
        label="Paėmimo vieta"
        value={location}
        onChange={(e) => setLocation(e.target.value)}
        options={settings.locations.map((l) => ({ value: l.id, label: l.name }))}
      />
      <div className="search-form__row">
        <TextField
          id={`${id}-pickup-date`}
          label="Paėmimo data"
          type="date"
          min={today}
          required
          value={pickupDate}
          onChange={(e) => setPickupDate(e.target.value)}
        />
        <SelectField
          id={`${id}-pickup-time`}
          label="Laikas"
          value={pickupTime}
          onChange={(e) => setPickupTime(e.target.value)}
          options={optionsWith(pickupTime)}
        />
      </div>
      <div className="search-form__row">
        <TextField
          id={`${id}-return-date`}
          label="Grąžinimo data"
          type="date"
          min={pickupDate || today}
          required
          value={returnDate}
          onChange={(e) => setReturnDate(e.target.value)}
        />
        <SelectField
          id={`${id}-return-time`}
          label="Laikas"
          value={returnTime}
          onChange={(e) => setReturnTime(e.target.value)}
          options={optionsWith(returnTime)}
        />
      </div>
      <div className="search-form__submit">
        <button type="submit" className="button button--accent button--block">
          {submitLabel}
        </button>
      </div>
      {error ? (
        <div className={variant === "inline" ? "span-all" : undefined}>
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
    </form>
  );
}

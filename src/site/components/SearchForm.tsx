// Pickup and return date, time and place; leads to /paieskosautomobiliai. The period is
// checked with the same booking rules the server applies, so a visitor reads the reason
// (pickup in the past, too little notice, return before pickup) before any request.
import { type FormEvent, useLayoutEffect, useRef, useState } from "react";
import type { PublicSettings } from "../../backend/port";
import { validateBookingPeriod } from "../../domain/booking";
import { isDateString } from "../../domain/time";
import { defaultPeriod, type LocalDateTime, timeOptions, todayInVilnius, toInstantIso } from "../lib/dates";
import { isBeingTyped, useNow } from "../lib/hydration";
import { useNavigate } from "../lib/siteRouter";
import Alert from "./Alert";
import DateField from "./DateField";
import { SelectField } from "./Field";

export const SEARCH_PATH = "/paieskosautomobiliai";

export interface SearchFormInitial {
  pickup?: LocalDateTime | null;
  return?: LocalDateTime | null;
  location?: string | null;
}

export interface SearchFormProps {
  /** prefix of the field ids; unique on the page */
  idPrefix: string;
  settings: Pick<PublicSettings, "locations" | "bookingRules">;
  initial?: SearchFormInitial;
  variant?: "card" | "inline";
  submitLabel?: string;
}

/**
 * The period of a search URL: ?from=&to= (ISO instants), or the form's own fields
 * (?pickupDate=&pickupTime=&returnDate=&returnTime=) when it was sent before the page was
 * interactive. Null when neither is complete.
 */
export function searchPeriodOf(params: URLSearchParams): { from: string; to: string } | null {
  const from = params.get("from");
  const to = params.get("to");
  if (from && to) return { from, to };
  const pickup = toInstantIso({ date: params.get("pickupDate") ?? "", time: params.get("pickupTime") ?? "10:00" });
  const ret = toInstantIso({ date: params.get("returnDate") ?? "", time: params.get("returnTime") ?? "10:00" });
  return pickup && ret ? { from: pickup, to: ret } : null;
}

export function searchUrl(from: string, to: string, location?: string | null): string {
  const params = new URLSearchParams({ from, to });
  if (location) params.set("location", location);
  return `${SEARCH_PATH}?${params.toString()}`;
}

type PeriodErrors = { pickup?: string; return?: string };

/** The booking-rule messages for a period typed as Vilnius dates and times. */
export function periodErrors(
  pickup: LocalDateTime,
  ret: LocalDateTime,
  rules: PublicSettings["bookingRules"],
  now: Date,
): PeriodErrors {
  const from = toInstantIso(pickup);
  const to = toInstantIso(ret);
  const errors: PeriodErrors = {};
  if (!from) errors.pickup = "Nurodykite paėmimo datą ir laiką";
  if (!to) errors.return = "Nurodykite grąžinimo datą ir laiką";
  if (!from || !to) return errors;
  const found = validateBookingPeriod({ pickupAt: from, returnAt: to }, rules, now);
  if (found.pickupAt) errors.pickup = found.pickupAt;
  if (found.returnAt) errors.return = found.returnAt;
  return errors;
}

export default function SearchForm({
  idPrefix: id,
  settings,
  initial = {},
  variant = "card",
  submitLabel = "Ieškoti automobilių",
}: SearchFormProps) {
  const navigate = useNavigate();
  const now = useNow();
  const [location, setLocation] = useState(initial.location ?? settings.locations[0]?.id ?? "");
  const [pickupDate, setPickupDate] = useState(initial.pickup?.date ?? "");
  const [pickupTime, setPickupTime] = useState(initial.pickup?.time ?? "10:00");
  const [returnDate, setReturnDate] = useState(initial.return?.date ?? "");
  const [returnTime, setReturnTime] = useState(initial.return?.time ?? "10:00");
  const [errors, setErrors] = useState<PeriodErrors>({});
  const alertRef = useRef<HTMLDivElement>(null);

  // Prerendered at build time: today's defaults go in with the commit that makes the form
  // interactive (a layout effect: no key press can come in between), into empty fields only and
  // not into the one the visitor is typing in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form mounts
  useLayoutEffect(() => {
    const fallback = defaultPeriod(new Date());
    if (!isBeingTyped(`${id}-pickup-date`)) setPickupDate((value) => value || fallback.pickup.date);
    if (!isBeingTyped(`${id}-return-date`)) setReturnDate((value) => value || fallback.return.date);
  }, []);

  const times = timeOptions(settings.bookingRules);
  // Keep a time from the URL selectable even when it is outside the opening hours.
  const optionsWith = (value: string) =>
    (times.includes(value) ? times : [...times, value].sort()).map((t) => ({ value: t, label: t }));
  const today = now ? todayInVilnius(now) : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The fields as they stand: a visitor may have typed and sent the form while the page was
    // still becoming interactive, before the state caught up.
    const form = new FormData(event.currentTarget);
    const field = (name: string, fallback: string) => {
      const value = form.get(name);
      return typeof value === "string" && value !== "" ? value : fallback;
    };
    const pickup = { date: field("pickupDate", pickupDate), time: field("pickupTime", pickupTime) };
    const ret = { date: field("returnDate", returnDate), time: field("returnTime", returnTime) };
    const place = field("location", location);
    const found = periodErrors(pickup, ret, settings.bookingRules, new Date());
    setErrors(found);
    if (found.pickup || found.return) {
      requestAnimationFrame(() => alertRef.current?.focus());
      return;
    }
    navigate(searchUrl(toInstantIso(pickup) ?? "", toInstantIso(ret) ?? "", place));
  }

  const messages = [...new Set([errors.pickup, errors.return].filter((text): text is string => Boolean(text)))];

  return (
    // A plain GET form underneath: sent before the page is interactive, it still finds cars.
    <form
      className={variant === "inline" ? "search-form search-form--inline" : "search-form"}
      method="get"
      action={SEARCH_PATH}
      onSubmit={submit}
      noValidate
      aria-label="Automobilių paieška"
    >
      <SelectField
        id={`${id}-location`}
        name="location"
        label="Paėmimo vieta"
        value={location}
        onChange={(e) => setLocation(e.target.value)}
        options={settings.locations.map((l) => ({ value: l.id, label: l.name }))}
      />
      <div className="search-form__row">
        <DateField
          id={`${id}-pickup-date`}
          name="pickupDate"
          label="Paėmimo data"
          min={today}
          today={today}
          hint={null}
          required
          value={pickupDate}
          onChange={setPickupDate}
          invalid={Boolean(errors.pickup)}
        />
        <SelectField
          id={`${id}-pickup-time`}
          name="pickupTime"
          label="Laikas"
          value={pickupTime}
          onChange={(e) => setPickupTime(e.target.value)}
          options={optionsWith(pickupTime)}
        />
      </div>
      <div className="search-form__row">
        <DateField
          id={`${id}-return-date`}
          name="returnDate"
          label="Grąžinimo data"
          min={isDateString(pickupDate) ? pickupDate : today}
          today={today}
          hint={null}
          required
          value={returnDate}
          onChange={setReturnDate}
          invalid={Boolean(errors.return)}
        />
        <SelectField
          id={`${id}-return-time`}
          name="returnTime"
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
      <div ref={alertRef} tabIndex={-1} className={variant === "inline" ? "span-all" : undefined}>
        {messages.length > 0 ? (
          <Alert tone="error" title="Patikrinkite datas">
            <ul>
              {messages.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
      </div>
    </form>
  );
}

import type { PublicSettings } from "../../backend/port";
import { isDateString } from "../../domain/time";
import DateField from "../components/DateField";
import { SelectField } from "../components/Field";
import { timeOptions, todayInVilnius } from "../lib/dates";
import { useNow } from "../lib/hydration";
import type { ReservationErrors, ReservationValues } from "./reservationValues";

type Change = <K extends keyof ReservationValues>(field: K, value: ReservationValues[K]) => void;

/** Pickup and return: date, time and place. */
export default function PeriodFields({
  values,
  errors,
  onChange,
  settings,
}: {
  values: ReservationValues;
  errors: ReservationErrors;
  onChange: Change;
  settings: Pick<PublicSettings, "locations" | "bookingRules">;
}) {
  const times = timeOptions(settings.bookingRules);
  const withValue = (value: string) =>
    (times.includes(value) ? times : [...times, value].sort()).map((t) => ({ value: t, label: t }));
  const places = settings.locations.map((location) => ({
    value: location.id,
    label: location.deliveryFee > 0 ? `${location.name} (pristatymas)` : location.name,
  }));
  const now = useNow();
  const today = now ? todayInVilnius(now) : undefined;

  return (
    <fieldset className="fieldset form-section">
      <legend>Nuomos laikas ir vieta</legend>
      <div className="form-grid form-grid--2">
        <div className="form-grid form-grid--pair">
          <DateField
            id="pickup-date"
            label="Paėmimo data"
            min={today}
            today={today}
            hint={null}
            required
            value={values.pickupDate}
            onChange={(value) => onChange("pickupDate", value)}
            error={errors.pickupDate}
          />
          <SelectField
            id="pickup-time"
            label="Paėmimo laikas"
            value={values.pickupTime}
            onChange={(e) => onChange("pickupTime", e.target.value)}
            options={withValue(values.pickupTime)}
            error={errors.pickupTime}
          />
        </div>
        <div className="form-grid form-grid--pair">
          <DateField
            id="return-date"
            label="Grąžinimo data"
            min={isDateString(values.pickupDate) ? values.pickupDate : today}
            today={today}
            hint={null}
            required
            value={values.returnDate}
            onChange={(value) => onChange("returnDate", value)}
            error={errors.returnDate}
          />
          <SelectField
            id="return-time"
            label="Grąžinimo laikas"
            value={values.returnTime}
            onChange={(e) => onChange("returnTime", e.target.value)}
            options={withValue(values.returnTime)}
            error={errors.returnTime}
          />
        </div>
        <SelectField
          id="pickup-location"
          label="Paėmimo vieta"
          required
          placeholder="Pasirinkite"
          value={values.pickupLocationId}
          onChange={(e) => onChange("pickupLocationId", e.target.value)}
          options={places}
          error={errors.pickupLocationId}
        />
        <SelectField
          id="return-location"
          label="Grąžinimo vieta"
          required
          placeholder="Pasirinkite"
          value={values.returnLocationId}
          onChange={(e) => onChange("returnLocationId", e.target.value)}
          options={places}
          error={errors.returnLocationId}
        />
      </div>
    </fieldset>
  );
}

import { PHONE_MAX_LENGTH } from "../../domain/phoneRules";
import { TextField } from "../components/Field";
import type { ReservationErrors, ReservationValues } from "./reservationForm";

type Change = <K extends keyof ReservationValues>(field: K, value: ReservationValues[K]) => void;

/** The driver's details. The phone field is the spot issue 3's country picker plugs into. */
export default function DriverFields({
  values,
  errors,
  onChange,
}: {
  values: ReservationValues;
  errors: ReservationErrors;
  onChange: Change;
}) {
  return (
    <fieldset className="fieldset form-section">
      <legend>Vairuotojo duomenys</legend>
      <div className="form-grid form-grid--2">
        <TextField
          id="first-name"
          label="Vardas"
          autoComplete="given-name"
          required
          value={values.firstName}
          onChange={(e) => onChange("firstName", e.target.value)}
          error={errors.firstName}
        />
        <TextField
          id="last-name"
          label="Pavardė"
          autoComplete="family-name"
          required
          value={values.lastName}
          onChange={(e) => onChange("lastName", e.target.value)}
          error={errors.lastName}
        />
        <TextField
          id="email"
          label="El. paštas"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(e) => onChange("email", e.target.value)}
          error={errors.email}
        />
        <TextField
          id="phone"
          label="Telefono numeris"
          hint="Pvz. +370 612 34567"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={PHONE_MAX_LENGTH}
          required
          value={values.phone}
          onChange={(e) => onChange("phone", e.target.value)}
          error={errors.phone}
        />
        <TextField
          id="birth-date"
          label="Gimimo data"
          type="date"
          autoComplete="bday"
          required
          value={values.birthDate}
          onChange={(e) => onChange("birthDate", e.target.value)}
          error={errors.birthDate}
        />
        <TextField
          id="licence-number"
          label="Vairuotojo pažymėjimo Nr."
          required
          value={values.licenceNumber}
          onChange={(e) => onChange("licenceNumber", e.target.value)}
          error={errors.licenceNumber}
        />
      </div>
    </fieldset>
  );
}

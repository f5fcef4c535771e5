import DateField from "../components/DateField";
import { TextField } from "../components/Field";
import PhoneField from "../components/phone/PhoneField";
import type { ReservationErrors, ReservationValues } from "./reservationValues";

type Change = <K extends keyof ReservationValues>(field: K, value: ReservationValues[K]) => void;

/** The driver's details; the phone with its country picker (SPEC sections 5 and 7). */
export default function DriverFields({
  values,
  errors,
  onChange,
  onPhoneCountryChange,
  onPhoneBlur,
}: {
  values: ReservationValues;
  errors: ReservationErrors;
  onChange: Change;
  onPhoneCountryChange: (code: string, byVisitor: boolean) => void;
  onPhoneBlur: () => void;
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
        <PhoneField
          id="phone"
          label="Telefono numeris"
          required
          value={values.phone}
          country={values.phoneCountry}
          countryChosen={values.phoneCountryChosen}
          onChange={(value) => onChange("phone", value)}
          onCountryChange={onPhoneCountryChange}
          onBlur={onPhoneBlur}
          error={errors.phone}
        />
        <DateField
          id="birth-date"
          label="Gimimo data"
          calendar={false}
          autoComplete="bday"
          required
          value={values.birthDate}
          onChange={(value) => onChange("birthDate", value)}
          error={errors.birthDate}
        />
        <TextField
          id="licence-number"
          label="Vairuotojo pažymėjimo Nr."
          autoComplete="off"
          maxLength={30}
          required
          value={values.licenceNumber}
          onChange={(e) => onChange("licenceNumber", e.target.value)}
          error={errors.licenceNumber}
        />
      </div>
    </fieldset>
  );
}

// The fleet record's fields, edited both on the car page and on the fleet resource's own page:
// plates, mileage, document expiry and the service plan (src/domain/upkeep.ts warns ahead).
import { Typography } from "@mui/material";
import { NumberInput, required, TextInput } from "react-admin";
import { useWatch } from "react-hook-form";
import { formatNumber } from "../../domain/format";
import { fleetSchema } from "../../domain/schemas";
import { nextServiceKm, UPKEEP_WARN_DAYS, UPKEEP_WARN_KM } from "../../domain/upkeep";
import { CalendarDateInput } from "../common/DatePicker";
import { emptyToString, FormRow } from "../common/form";
import { zodFormValidator } from "../validation";

export const validateFleet = zodFormValidator(fleetSchema);
const upper = (value: string | null) => (value ?? "").toUpperCase();
const emptyToNull = (value: string | null) => (value ? value : null);
const numberOrNull = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;

/** "Kitas aptarnavimas ties 135 000 km (liko 2 400 km)", from what the form holds now. */
function NextService() {
  const [interval, last, mileage] = useWatch({ name: ["serviceIntervalKm", "lastServiceMileage", "mileage"] });
  const due = nextServiceKm({ serviceIntervalKm: numberOrNull(interval), lastServiceMileage: numberOrNull(last) });
  const current = numberOrNull(mileage);
  if (due === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        Įveskite aptarnavimo intervalą ir paskutinio aptarnavimo ridą – suvestinė įspės likus{" "}
        {formatNumber(UPKEEP_WARN_KM)} km.
      </Typography>
    );
  }
  const left = current === null ? null : due - current;
  return (
    <Typography variant="body2" color={left !== null && left <= 0 ? "error" : "text.secondary"}>
      Kitas techninis aptarnavimas ties {formatNumber(due)} km
      {left === null ? "" : left > 0 ? ` (liko ${formatNumber(left)} km)` : ` (viršyta ${formatNumber(-left)} km)`}.
    </Typography>
  );
}

export function FleetInputs() {
  return (
    <>
      <FormRow lgColumns={3}>
        <TextInput source="plateNumber" validate={required()} parse={upper} helperText="Pvz. LRA 123" />
        <TextInput source="vin" validate={required()} parse={upper} helperText="17 simbolių, be I, O ir Q" />
        <NumberInput source="mileage" validate={required()} min={0} step={1} />
        <CalendarDateInput source="insuranceValidTo" parse={emptyToNull} />
        <CalendarDateInput source="inspectionValidTo" parse={emptyToNull} />
        <CalendarDateInput
          source="serviceDueDate"
          label="Techninis aptarnavimas iki"
          parse={emptyToNull}
          helperText={`Suvestinė įspės prieš ${formatNumber(UPKEEP_WARN_DAYS)} dienų`}
        />
        <NumberInput
          source="serviceIntervalKm"
          label="Aptarnavimo intervalas, km"
          min={1}
          step={1000}
          helperText="Pvz. 15 000 km"
        />
        <NumberInput
          source="lastServiceMileage"
          label="Rida paskutinio aptarnavimo metu, km"
          min={0}
          step={1}
          helperText="Kitas = ši rida + intervalas"
        />
        <TextInput source="notes" multiline minRows={2} parse={emptyToString} />
      </FormRow>
      <NextService />
    </>
  );
}

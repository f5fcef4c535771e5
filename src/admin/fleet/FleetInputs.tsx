// The fleet record's fields, edited both on the car page and on the fleet resource's own page.
import { NumberInput, required, TextInput } from "react-admin";
import { fleetSchema } from "../../domain/schemas";
import { CalendarDateInput } from "../common/DatePicker";
import { emptyToString, FormRow } from "../common/form";
import { zodFormValidator } from "../validation";

export const validateFleet = zodFormValidator(fleetSchema);
const upper = (value: string | null) => (value ?? "").toUpperCase();
const emptyToNull = (value: string | null) => (value ? value : null);

export function FleetInputs() {
  return (
    <FormRow lgColumns={3}>
      <TextInput source="plateNumber" validate={required()} parse={upper} helperText="Pvz. LRA 123" />
      <TextInput source="vin" validate={required()} parse={upper} helperText="17 simbolių, be I, O ir Q" />
      <NumberInput source="mileage" validate={required()} min={0} step={1} />
      <CalendarDateInput source="insuranceValidTo" parse={emptyToNull} />
      <CalendarDateInput source="inspectionValidTo" parse={emptyToNull} />
      <TextInput source="notes" multiline minRows={2} parse={emptyToString} />
    </FormRow>
  );
}

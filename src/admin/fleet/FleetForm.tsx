// A fleet record on its own page (the car page shows and edits the same record).
import {
  AutocompleteInput,
  Create,
  Edit,
  NumberInput,
  ReferenceInput,
  required,
  SimpleForm,
  TextInput,
} from "react-admin";
import { fleetSchema } from "../../domain/schemas";
import { CalendarDateInput } from "../common/DatePicker";
import { zodFormValidator } from "../validation";

const validateFleet = zodFormValidator(fleetSchema);
const upper = (value: string | null) => (value ?? "").toUpperCase();
const emptyToNull = (value: string | null) => (value ? value : null);

function FleetForm() {
  return (
    <SimpleForm validate={validateFleet}>
      <ReferenceInput source="carId" reference="cars" sort={{ field: "sortOrder", order: "ASC" }} perPage={200}>
        <AutocompleteInput validate={required()} filterToQuery={(q: string) => ({ q })} />
      </ReferenceInput>
      <TextInput source="plateNumber" validate={required()} parse={upper} />
      <TextInput source="vin" validate={required()} parse={upper} />
      <NumberInput source="mileage" validate={required()} min={0} step={1} />
      <CalendarDateInput source="insuranceValidTo" parse={emptyToNull} />
      <CalendarDateInput source="inspectionValidTo" parse={emptyToNull} />
      <TextInput source="notes" multiline minRows={2} parse={(value: string | null) => value ?? ""} />
    </SimpleForm>
  );
}

export function FleetEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <FleetForm />
    </Edit>
  );
}

export function FleetCreate() {
  return (
    <Create redirect="list" record={{ notes: "", insuranceValidTo: null, inspectionValidTo: null }}>
      <FleetForm />
    </Create>
  );
}

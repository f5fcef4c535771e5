// A fleet record on its own page (the car page shows and edits the same record).
import { AutocompleteInput, Create, Edit, ReferenceInput, required, SimpleForm } from "react-admin";
import { FleetInputs, validateFleet } from "./FleetInputs";

function FleetForm() {
  return (
    <SimpleForm validate={validateFleet}>
      <ReferenceInput source="carId" reference="cars" sort={{ field: "sortOrder", order: "ASC" }} perPage={200}>
        <AutocompleteInput validate={required()} filterToQuery={(q: string) => ({ q })} />
      </ReferenceInput>
      <FleetInputs />
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
    <Create
      redirect="list"
      record={{
        notes: "",
        insuranceValidTo: null,
        inspectionValidTo: null,
        serviceDueDate: null,
        serviceIntervalKm: null,
        lastServiceMileage: null,
      }}
    >
      <FleetForm />
    </Create>
  );
}

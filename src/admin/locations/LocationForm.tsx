// A pickup and return place: address, delivery fee, airport, opening hours.
import { BooleanInput, Create, Edit, NumberInput, required, SimpleForm, TextInput } from "react-admin";
import { locationSchema } from "../../domain/schemas";
import { emptyToString, FormRow, SaveDeleteToolbar } from "../common/form";
import { zodFormValidator } from "../validation";

const validateLocation = zodFormValidator(locationSchema);

function LocationForm({ isNew = false }: { isNew?: boolean }) {
  return (
    <SimpleForm validate={validateLocation} toolbar={<SaveDeleteToolbar canDelete={!isNew} />}>
      <FormRow>
        <TextInput source="name" validate={required()} parse={emptyToString} />
        <TextInput source="city" validate={required()} parse={emptyToString} />
        <TextInput source="address" validate={required()} parse={emptyToString} />
        <TextInput source="hours" parse={emptyToString} helperText="Pvz. I–V 8–20, VI 9–15" />
        <NumberInput source="deliveryFee" min={0} step={0.01} helperText="0 – be mokesčio" />
        <NumberInput source="sortOrder" min={0} step={1} />
        <BooleanInput source="airport" />
        <BooleanInput source="active" helperText="Neaktyvi vieta svetainėje nesiūloma" />
      </FormRow>
    </SimpleForm>
  );
}

export function LocationEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <LocationForm />
    </Edit>
  );
}

export function LocationCreate() {
  return (
    <Create redirect="list" record={{ deliveryFee: 0, airport: false, hours: "", active: true, sortOrder: 0 }}>
      <LocationForm isNew />
    </Create>
  );
}

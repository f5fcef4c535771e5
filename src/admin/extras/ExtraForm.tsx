// An extra service (child seat, GPS, additional driver...): price per day or per rental.
import { BooleanInput, Create, Edit, NumberInput, required, SelectInput, SimpleForm, TextInput } from "react-admin";
import { extraSchema } from "../../domain/schemas";
import { emptyToString, FormRow, SaveDeleteToolbar } from "../common/form";
import { CHARGED_PER_CHOICES } from "../labels";
import { zodFormValidator } from "../validation";

const validateExtra = zodFormValidator(extraSchema);

function ExtraForm({ isNew = false }: { isNew?: boolean }) {
  return (
    <SimpleForm validate={validateExtra} toolbar={<SaveDeleteToolbar canDelete={!isNew} />}>
      <FormRow>
        <TextInput source="name" validate={required()} parse={emptyToString} />
        <SelectInput source="chargedPer" choices={CHARGED_PER_CHOICES} translateChoice={false} validate={required()} />
        <NumberInput source="price" min={0} step={0.01} validate={required()} />
        <NumberInput source="maxPrice" min={0} step={0.01} helperText="Tuščia – neribojama" />
        <NumberInput source="maxQuantity" min={1} max={10} step={1} />
        <NumberInput source="sortOrder" min={0} step={1} />
        <BooleanInput source="active" />
      </FormRow>
      <TextInput source="description" multiline minRows={2} parse={emptyToString} />
    </SimpleForm>
  );
}

export function ExtraEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <ExtraForm />
    </Edit>
  );
}

export function ExtraCreate() {
  return (
    <Create
      redirect="list"
      record={{ description: "", chargedPer: "day", maxPrice: null, maxQuantity: 1, active: true, sortOrder: 0 }}
    >
      <ExtraForm isNew />
    </Create>
  );
}

// An extra service (child seat, GPS, additional driver...): price per day or per rental.
import { Box } from "@mui/material";
import {
  BooleanInput,
  Create,
  DeleteWithConfirmButton,
  Edit,
  NumberInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
} from "react-admin";
import { extraSchema } from "../../domain/schemas";
import { CHARGED_PER_CHOICES } from "../labels";
import { zodFormValidator } from "../validation";

const validateExtra = zodFormValidator(extraSchema);
const text = (value: string | null) => value ?? "";

function ExtraForm({ isNew = false }: { isNew?: boolean }) {
  return (
    <SimpleForm
      validate={validateExtra}
      toolbar={
        <Toolbar sx={{ display: "flex", justifyContent: "space-between" }}>
          <SaveButton />
          {!isNew && <DeleteWithConfirmButton mutationMode="pessimistic" />}
        </Toolbar>
      }
    >
      <Box
        sx={{
          display: "grid",
          gap: { xs: 0, sm: 2 },
          gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))" },
          width: "100%",
        }}
      >
        <TextInput source="name" validate={required()} parse={text} />
        <SelectInput source="chargedPer" choices={CHARGED_PER_CHOICES} translateChoice={false} validate={required()} />
        <NumberInput source="price" min={0} step={0.01} validate={required()} />
        <NumberInput source="maxPrice" min={0} step={0.01} helperText="Tuščia – neribojama" />
        <NumberInput source="maxQuantity" min={1} max={10} step={1} />
        <NumberInput source="sortOrder" min={0} step={1} />
        <BooleanInput source="active" />
      </Box>
      <TextInput source="description" multiline minRows={2} parse={text} />
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

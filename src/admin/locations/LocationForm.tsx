// A pickup and return place: address, delivery fee, airport, opening hours.
import { Box } from "@mui/material";
import {
  BooleanInput,
  Create,
  DeleteWithConfirmButton,
  Edit,
  NumberInput,
  required,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
} from "react-admin";
import { locationSchema } from "../../domain/schemas";
import { zodFormValidator } from "../validation";

const validateLocation = zodFormValidator(locationSchema);
const text = (value: string | null) => value ?? "";

function LocationForm({ isNew = false }: { isNew?: boolean }) {
  return (
    <SimpleForm
      validate={validateLocation}
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
        <TextInput source="city" validate={required()} parse={text} />
        <TextInput source="address" validate={required()} parse={text} />
        <TextInput source="hours" parse={text} helperText="Pvz. I–V 8–20, VI 9–15" />
        <NumberInput source="deliveryFee" min={0} step={0.01} helperText="0 – be mokesčio" />
        <NumberInput source="sortOrder" min={0} step={1} />
        <BooleanInput source="airport" />
        <BooleanInput source="active" helperText="Neaktyvi vieta svetainėje nesiūloma" />
      </Box>
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

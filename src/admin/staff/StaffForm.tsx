// Staff accounts (admins only; the server refuses everyone else too). The password is
// write-only: typed to set or change it, never shown.
import { Box } from "@mui/material";
import {
  BooleanInput,
  Create,
  DeleteWithConfirmButton,
  Edit,
  PasswordInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
} from "react-admin";
import { staffUserSchema } from "../../domain/schemas";
import { AdminOnly } from "../common/AdminOnly";
import { STAFF_ROLE_CHOICES } from "../labels";
import { zodFormValidator } from "../validation";

const validateWithSchema = zodFormValidator(staffUserSchema);

/** An empty password field means "keep the password". */
export function normaliseStaff(values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  if (!out.password) delete out.password;
  return out;
}

function StaffForm({ isNew = false }: { isNew?: boolean }) {
  return (
    <SimpleForm
      validate={(values) => {
        const errors = validateWithSchema(normaliseStaff(values));
        if (isNew && !values.password) errors.password = "Įveskite slaptažodį (bent 10 simbolių)";
        return errors;
      }}
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
        <TextInput source="name" validate={required()} />
        <TextInput source="email" type="email" validate={required()} />
        <SelectInput source="role" choices={STAFF_ROLE_CHOICES} translateChoice={false} validate={required()} />
        <BooleanInput source="active" helperText="Išjungta paskyra negali prisijungti" />
        <PasswordInput
          source="password"
          autoComplete="new-password"
          helperText={isNew ? "Bent 10 simbolių" : "Palikite tuščią, jei slaptažodžio nekeičiate"}
        />
      </Box>
    </SimpleForm>
  );
}

export function StaffEdit() {
  return (
    <AdminOnly resource="staff">
      <Edit mutationMode="pessimistic" transform={normaliseStaff} redirect="list">
        <StaffForm />
      </Edit>
    </AdminOnly>
  );
}

export function StaffCreate() {
  return (
    <AdminOnly resource="staff">
      <Create transform={normaliseStaff} redirect="list" record={{ role: "staff", active: true }}>
        <StaffForm isNew />
      </Create>
    </AdminOnly>
  );
}

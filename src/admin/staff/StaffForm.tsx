// Staff accounts (admins only; the server refuses everyone else too). The password is
// write-only: typed to set or change it, never shown.
import { BooleanInput, Create, Edit, PasswordInput, required, SelectInput, SimpleForm, TextInput } from "react-admin";
import { PASSWORD_REQUIRED_MESSAGE } from "../../domain/passwordRules";
import { staffUserSchema } from "../../domain/schemas";
import { AdminOnly } from "../common/AdminOnly";
import { FormRow, SaveDeleteToolbar } from "../common/form";
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
        if (isNew && !values.password) errors.password = PASSWORD_REQUIRED_MESSAGE;
        return errors;
      }}
      toolbar={<SaveDeleteToolbar canDelete={!isNew} />}
    >
      <FormRow>
        <TextInput
          source="name"
          validate={required()}
          helperText="Spausdinamas sutartyse ir aktuose kaip nuomotojo atstovo (ne el. paštas)"
        />
        <TextInput source="email" type="email" validate={required()} />
        <SelectInput source="role" choices={STAFF_ROLE_CHOICES} translateChoice={false} validate={required()} />
        <BooleanInput source="active" helperText="Išjungta paskyra negali prisijungti" />
        <PasswordInput
          source="password"
          autoComplete="new-password"
          helperText={isNew ? "Bent 10 simbolių" : "Palikite tuščią, jei slaptažodžio nekeičiate"}
        />
      </FormRow>
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

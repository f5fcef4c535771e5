// An offer (akcija): title, text, picture, validity, discount and the cars it applies to.
import { Box, Typography } from "@mui/material";
import {
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  Edit,
  NumberInput,
  ReferenceArrayInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
} from "react-admin";
import { useWatch } from "react-hook-form";
import { type Offer, offerSchema } from "../../domain/schemas";
import { addDaysToDateString, vilniusDateString } from "../../domain/time";
import { CalendarDateInput } from "../common/DatePicker";
import { FormRow, SaveDeleteToolbar } from "../common/form";
import { ImagesInput } from "../common/ImagesInput";
import { RichTextInput } from "../common/RichTextInput";
import { SlugInput } from "../common/SlugInput";
import { DISCOUNT_TYPE_CHOICES } from "../labels";
import { zodFormValidator } from "../validation";

type OfferRecord = Offer & { id: string };
const validateWithSchema = zodFormValidator(offerSchema);

/** No discount type means no discount. */
export function normaliseOffer(values: Record<string, unknown>): Record<string, unknown> {
  const discount = values.discount as { type?: string | null; value?: number | null } | null | undefined;
  return {
    ...values,
    discount: discount?.type ? { type: discount.type, value: discount.value ?? 0 } : null,
    carIds: Array.isArray(values.carIds) ? values.carIds : [],
  };
}
const validateOffer = (values: Record<string, unknown>) => validateWithSchema(normaliseOffer(values));

function DiscountValue() {
  const type = useWatch({ name: "discount.type" });
  if (!type) return <Box />;
  return (
    <NumberInput
      source="discount.value"
      label={type === "percent" ? "Nuolaida, %" : "Nuolaida, €"}
      min={0}
      step={type === "percent" ? 1 : 0.01}
      validate={required()}
    />
  );
}

function OfferForm({ isNew = false }: { isNew?: boolean }) {
  const record = useRecordContext<OfferRecord>();
  return (
    <SimpleForm
      validate={validateOffer}
      warnWhenUnsavedChanges
      toolbar={<SaveDeleteToolbar canDelete={!isNew && Boolean(record)} />}
    >
      <FormRow>
        <TextInput source="title" validate={required()} />
        <SlugInput from={["title"]} follow={isNew} example="vasaros-akcija" />
      </FormRow>
      <FormRow columns={3}>
        <CalendarDateInput source="validFrom" validate={required()} />
        <CalendarDateInput source="validTo" validate={required()} />
        <BooleanInput source="active" helperText="Neaktyvi akcija svetainėje nerodoma" />
      </FormRow>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 1 }}>
        Nuolaida
      </Typography>
      <FormRow columns={3}>
        <SelectInput
          source="discount.type"
          label="Nuolaidos rūšis"
          choices={DISCOUNT_TYPE_CHOICES}
          translateChoice={false}
          emptyText="Be nuolaidos (tik informacija)"
        />
        <DiscountValue />
        <NumberInput source="minDays" min={1} step={1} helperText="Nuolaida taikoma nuo tiek parų" />
      </FormRow>
      <ReferenceArrayInput source="carIds" reference="cars" sort={{ field: "sortOrder", order: "ASC" }} perPage={200}>
        <AutocompleteArrayInput
          filterToQuery={(q: string) => ({ q })}
          helperText="Nepasirinkus – akcija taikoma visiems automobiliams"
        />
      </ReferenceArrayInput>
      <RichTextInput source="body" />
      <ImagesInput source="image" folder="offers" label="Paveikslėlis" single />
      <NumberInput source="sortOrder" min={0} step={1} helperText="Tvarką patogiau keisti skiltyje „Rikiavimas“" />
    </SimpleForm>
  );
}

export function OfferEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={normaliseOffer}>
      <OfferForm />
    </Edit>
  );
}

export function OfferCreate() {
  const today = vilniusDateString(new Date());
  return (
    <Create
      transform={normaliseOffer}
      redirect="list"
      record={{
        title: "",
        slug: "",
        body: "",
        image: null,
        discount: { type: "percent", value: 10 },
        validFrom: today,
        validTo: addDaysToDateString(today, 30),
        carIds: [],
        minDays: 1,
        active: true,
        sortOrder: 0,
      }}
    >
      <OfferForm isNew />
    </Create>
  );
}

// One price rule: for a car or for a whole class, all year or for a season, with daily rates
// by rental length (tiers from 1 day up, without gaps). Validated by the domain's priceSchema.
import { Typography } from "@mui/material";
import {
  ArrayInput,
  AutocompleteInput,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
} from "react-admin";
import { useWatch } from "react-hook-form";
import { type Price, priceSchema } from "../../domain/schemas";
import { CalendarDateInput } from "../common/DatePicker";
import { FormRow, SaveDeleteToolbar } from "../common/form";
import { CAR_CATEGORY_CHOICES } from "../labels";
import { zodFormValidator } from "../validation";

const validateWithSchema = zodFormValidator(priceSchema);

/** Empty season fields mean "all year"; empty "to days" means "and longer". */
export function normalisePrice(values: Record<string, unknown>): Record<string, unknown> {
  const season = values.season as { name?: string | null; from?: string | null; to?: string | null } | null;
  const hasSeason = Boolean(season && (season.from || season.to));
  const tiers = Array.isArray(values.tiers)
    ? (values.tiers as Record<string, unknown>[]).map((tier) => ({
        fromDays: tier?.fromDays,
        toDays: tier?.toDays === "" || tier?.toDays === undefined ? null : tier.toDays,
        dailyRate: tier?.dailyRate,
      }))
    : values.tiers;
  return {
    ...values,
    carId: values.carId || null,
    category: values.category || null,
    season: hasSeason
      ? { ...(season?.name ? { name: season.name } : {}), from: season?.from ?? "", to: season?.to ?? "" }
      : null,
    tiers,
  };
}

export const validatePrice = (values: Record<string, unknown>) => validateWithSchema(normalisePrice(values));

/** Class or car: exactly one of the two. */
function OwnerInputs() {
  const carId = useWatch({ name: "carId" });
  return (
    <FormRow columns={3}>
      <ReferenceInput source="carId" reference="cars" sort={{ field: "sortOrder", order: "ASC" }} perPage={200}>
        <AutocompleteInput filterToQuery={(q: string) => ({ q })} helperText="Arba automobilis, arba klasė" />
      </ReferenceInput>
      <SelectInput
        source="category"
        choices={CAR_CATEGORY_CHOICES}
        translateChoice={false}
        disabled={Boolean(carId)}
        emptyText="—"
        helperText={carId ? "Automobilio kaina klasės nenurodo" : "Kaina visiems klasės automobiliams"}
      />
    </FormRow>
  );
}

export function PriceInputs({ fixedOwner = false }: { fixedOwner?: boolean }) {
  return (
    <>
      {!fixedOwner && <OwnerInputs />}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        Sezonas (palikite tuščią, jei kaina galioja visus metus)
      </Typography>
      <FormRow columns={3}>
        <TextInput source="season.name" label="Sezono pavadinimas" helperText="Pvz. „Vasara“" />
        <CalendarDateInput source="season.from" label="Sezonas nuo" />
        <CalendarDateInput source="season.to" label="Sezonas iki" />
      </FormRow>
      <ArrayInput source="tiers" label="Kaina parai pagal nuomos trukmę">
        <SimpleFormIterator inline disableReordering>
          <NumberInput source="fromDays" label="Nuo parų" min={1} step={1} validate={required()} />
          <NumberInput source="toDays" label="Iki parų (tuščia – ilgiau)" min={1} step={1} />
          <NumberInput source="dailyRate" label="Kaina parai, €" min={0} step={0.01} validate={required()} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

export function PriceForm({ fixedOwner = false, canDelete = false }: { fixedOwner?: boolean; canDelete?: boolean }) {
  return (
    <SimpleForm validate={validatePrice} toolbar={<SaveDeleteToolbar canDelete={canDelete} deleteRedirect={false} />}>
      <PriceInputs fixedOwner={fixedOwner} />
    </SimpleForm>
  );
}

export const NEW_PRICE_DEFAULTS: Partial<Price> = {
  carId: null,
  category: null,
  season: null,
  tiers: [
    { fromDays: 1, toDays: 3, dailyRate: 40 },
    { fromDays: 4, toDays: 7, dailyRate: 35 },
    { fromDays: 8, toDays: null, dailyRate: 30 },
  ],
};

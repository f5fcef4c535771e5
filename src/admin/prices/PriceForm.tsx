// One price rule: for a car or for a whole class, all year or for a season, with daily rates
// by rental length (tiers from 1 day up, without gaps). Validated by the domain's priceSchema.
import { Typography } from "@mui/material";
import { useMemo } from "react";
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
  useGetOne,
} from "react-admin";
import { useWatch } from "react-hook-form";
import { SETTINGS_ID } from "../../core/collections";
import { formatMoney } from "../../domain/format";
import { DEFAULT_MIN_DAILY_RATE, floorOfSettings, priceFloorErrors } from "../../domain/priceFloor";
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

type FormErrors = Record<string, unknown>;

/** The schema's errors plus the price floor's (src/domain/priceFloor.ts) on the tiers it breaks. */
export function priceValidator(floor: number) {
  return (values: Record<string, unknown>): FormErrors => {
    const normalised = normalisePrice(values);
    const errors: FormErrors = validateWithSchema(normalised);
    const tiers = Array.isArray(normalised.tiers) ? (normalised.tiers as { dailyRate: unknown }[]) : [];
    // Only rates that are numbers: an empty or non-numeric rate already has the schema's message.
    const numeric = tiers.map((tier) => ({ dailyRate: typeof tier?.dailyRate === "number" ? tier.dailyRate : 1e9 }));
    for (const [path, message] of Object.entries(priceFloorErrors({ tiers: numeric }, floor))) {
      const index = Number(path.split(".")[1]);
      if (typeof errors.tiers === "string") break;
      errors.tiers ??= [];
      const list = errors.tiers as Record<string, unknown>[];
      list[index] ??= {};
      const tier = list[index] as Record<string, unknown>;
      tier.dailyRate ??= message;
    }
    return errors;
  };
}

/** With the default floor; the price form itself uses the settings' floor (usePriceFloor). */
export const validatePrice = priceValidator(DEFAULT_MIN_DAILY_RATE);

/** The settings' smallest daily rate; the default until (or unless) the settings load. */
export function usePriceFloor(): number {
  const { data } = useGetOne<{ id: string; minDailyRate?: number }>("settings", { id: SETTINGS_ID });
  return floorOfSettings(data);
}

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

export function PriceInputs({
  fixedOwner = false,
  floor = DEFAULT_MIN_DAILY_RATE,
}: {
  fixedOwner?: boolean;
  floor?: number;
}) {
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
          <NumberInput
            source="dailyRate"
            label="Kaina parai, €"
            min={floor}
            step={0.01}
            validate={required()}
            helperText={`Ne mažiau kaip ${formatMoney(floor)}`}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

export function PriceForm({ fixedOwner = false, canDelete = false }: { fixedOwner?: boolean; canDelete?: boolean }) {
  const floor = usePriceFloor();
  const validate = useMemo(() => priceValidator(floor), [floor]);
  return (
    <SimpleForm validate={validate} toolbar={<SaveDeleteToolbar canDelete={canDelete} deleteRedirect={false} />}>
      <PriceInputs fixedOwner={fixedOwner} floor={floor} />
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

// Every car field, grouped as staff think of them, validated by the domain's carSchema.
import { Box, Typography } from "@mui/material";
import type { ReactNode } from "react";
import {
  BooleanInput,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextArrayInput,
  TextInput,
} from "react-admin";
import { carSchema } from "../../domain/schemas";
import { emptyToString, FormRow, SaveDeleteToolbar } from "../common/form";
import { ImagesInput } from "../common/ImagesInput";
import { SlugInput } from "../common/SlugInput";
import { CAR_CATEGORY_CHOICES, CAR_STATUS_CHOICES, FUEL_CHOICES, TRANSMISSION_CHOICES } from "../labels";
import { zodFormValidator } from "../validation";

export const validateCar = zodFormValidator(carSchema);

/** An emptied place is null (no place), as the schema and the Firestore rules take it. */
const emptyToNull = (value: unknown) => (value === "" || value === undefined ? null : value);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 3, width: "100%", minWidth: 0 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function CarForm({ isNew = false }: { isNew?: boolean }) {
  return (
    <SimpleForm validate={validateCar} toolbar={<SaveDeleteToolbar canDelete={!isNew} />} warnWhenUnsavedChanges>
      <Section title="Pagrindiniai duomenys">
        <FormRow lgColumns={3}>
          <TextInput source="make" validate={required()} parse={emptyToString} />
          <TextInput source="model" validate={required()} parse={emptyToString} />
          <NumberInput source="year" validate={required()} step={1} />
          <SelectInput source="category" choices={CAR_CATEGORY_CHOICES} validate={required()} translateChoice={false} />
          <SelectInput source="status" choices={CAR_STATUS_CHOICES} validate={required()} translateChoice={false} />
          <NumberInput source="sortOrder" step={1} min={0} helperText="Mažesnis skaičius – aukščiau kataloge" />
        </FormRow>
        <SlugInput from={["make", "model", "year"]} follow={isNew} example="toyota-corolla-2024" />
      </Section>
      <Section title="Techniniai duomenys">
        <FormRow lgColumns={3}>
          <SelectInput
            source="transmission"
            choices={TRANSMISSION_CHOICES}
            validate={required()}
            translateChoice={false}
          />
          <SelectInput source="fuel" choices={FUEL_CHOICES} validate={required()} translateChoice={false} />
          <NumberInput source="seats" validate={required()} step={1} min={1} />
          <NumberInput source="doors" validate={required()} step={1} min={0} />
          <NumberInput source="bags" validate={required()} step={1} min={0} helperText="Lagaminų skaičius" />
          <BooleanInput source="airConditioning" />
        </FormRow>
        <TextArrayInput source="features" helperText="Įrašykite ir spauskite Enter, pvz. „Navigacija“" />
      </Section>
      <Section title="Vieta">
        <FormRow lgColumns={3}>
          {/* src/domain/carLocation.ts: the return sets it; empty – the car is offered at any place */}
          <ReferenceInput source="locationId" reference="locations" sort={{ field: "sortOrder", order: "ASC" }}>
            <SelectInput
              label="Dabartinė vieta"
              emptyText="Nenurodyta – siūloma visose vietose"
              helperText="Kur automobilis stovi dabar; grąžinus nustatoma grąžinimo vieta"
              parse={emptyToNull}
            />
          </ReferenceInput>
          <ReferenceInput source="homeLocationId" reference="locations" sort={{ field: "sortOrder", order: "ASC" }}>
            <SelectInput
              label="Nuolatinė vieta"
              emptyText="Nenurodyta"
              helperText="Kur automobilis grąžinamas tarp nuomų"
              parse={emptyToNull}
            />
          </ReferenceInput>
        </FormRow>
      </Section>
      <Section title="Nuomos sąlygos">
        <FormRow lgColumns={3}>
          <NumberInput source="deposit" validate={required()} step={0.01} min={0} />
          <NumberInput
            source="excess"
            step={0.01}
            min={0}
            helperText="Didžiausia suma, kurią klientas moka už žalą. Tuščia – lygi užstatui"
          />
          <NumberInput source="minDriverAge" step={1} min={18} />
          <NumberInput source="minLicenceYears" step={1} min={0} />
          <NumberInput source="mileageLimitPerDay" step={1} min={1} helperText="Tuščia – rida neribota" />
          <NumberInput
            source="longTermMonthlyPrice"
            step={0.01}
            min={0}
            helperText="Tuščia – ilgalaikė nuoma nesiūloma"
          />
        </FormRow>
      </Section>
      <Section title="Aprašymas ir nuotraukos">
        <TextInput source="description" multiline minRows={4} parse={emptyToString} />
        <ImagesInput source="images" folder="cars" label="Nuotraukos" />
      </Section>
    </SimpleForm>
  );
}

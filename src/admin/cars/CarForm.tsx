// Every car field, grouped as staff think of them, validated by the domain's carSchema.
import AutorenewIcon from "@mui/icons-material/Autorenew";
import { Box, IconButton, InputAdornment, Tooltip, Typography } from "@mui/material";
import { type ReactNode, useEffect } from "react";
import {
  BooleanInput,
  DeleteWithConfirmButton,
  NumberInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextArrayInput,
  TextInput,
  Toolbar,
} from "react-admin";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { carSchema } from "../../domain/schemas";
import { ImagesInput } from "../common/ImagesInput";
import { slugify } from "../common/slug";
import { CAR_CATEGORY_CHOICES, CAR_STATUS_CHOICES, FUEL_CHOICES, TRANSMISSION_CHOICES } from "../labels";
import { zodFormValidator } from "../validation";

export const validateCar = zodFormValidator(carSchema);

/** Keeps text fields strings (the schema wants "", react-admin would send null). */
export const emptyToString = (value: string | null) => value ?? "";

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

const Row = ({ children }: { children: ReactNode }) => (
  <Box
    sx={{
      display: "grid",
      gap: { xs: 0, sm: 2 },
      gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(3, minmax(0, 1fr))" },
      width: "100%",
    }}
  >
    {children}
  </Box>
);

function carSlug(make: unknown, model: unknown, year: unknown): string {
  return slugify([make, model, year].filter((part) => part !== null && part !== undefined && part !== "").join(" "));
}

/** Slug input with a "generate" button; on a new car it follows make, model and year until edited. */
function SlugInput({ follow }: { follow: boolean }) {
  const { setValue } = useFormContext();
  const { dirtyFields } = useFormState({ name: "slug" });
  const [make, model, year] = useWatch({ name: ["make", "model", "year"] });
  const slugEdited = Boolean((dirtyFields as Record<string, unknown>).slug);

  useEffect(() => {
    if (!follow || slugEdited) return;
    const generated = carSlug(make, model, year);
    if (generated) setValue("slug", generated, { shouldDirty: false, shouldValidate: false });
  }, [follow, slugEdited, make, model, year, setValue]);

  return (
    <TextInput
      source="slug"
      validate={required()}
      parse={emptyToString}
      helperText="Mažosios raidės be diakritikų, skaičiai ir brūkšneliai, pvz. toyota-corolla-2024"
      InputProps={{
        endAdornment: (
          <InputAdornment position="end">
            <Tooltip title="Sugeneruoti iš kitų laukų">
              <IconButton
                aria-label="Sugeneruoti nuorodos adresą automatiškai"
                onClick={() =>
                  setValue("slug", carSlug(make, model, year), { shouldDirty: true, shouldValidate: true })
                }
                edge="end"
              >
                <AutorenewIcon />
              </IconButton>
            </Tooltip>
          </InputAdornment>
        ),
      }}
    />
  );
}

function CarToolbar({ canDelete }: { canDelete: boolean }) {
  return (
    <Toolbar sx={{ display: "flex", justifyContent: "space-between" }}>
      <SaveButton />
      {canDelete && <DeleteWithConfirmButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

export function CarForm({ isNew = false }: { isNew?: boolean }) {
  return (
    <SimpleForm validate={validateCar} toolbar={<CarToolbar canDelete={!isNew} />} warnWhenUnsavedChanges>
      <Section title="Pagrindiniai duomenys">
        <Row>
          <TextInput source="make" validate={required()} parse={emptyToString} />
          <TextInput source="model" validate={required()} parse={emptyToString} />
          <NumberInput source="year" validate={required()} step={1} />
          <SelectInput source="category" choices={CAR_CATEGORY_CHOICES} validate={required()} translateChoice={false} />
          <SelectInput source="status" choices={CAR_STATUS_CHOICES} validate={required()} translateChoice={false} />
          <NumberInput source="sortOrder" step={1} min={0} helperText="Mažesnis skaičius – aukščiau kataloge" />
        </Row>
        <SlugInput follow={isNew} />
      </Section>
      <Section title="Techniniai duomenys">
        <Row>
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
        </Row>
        <TextArrayInput source="features" helperText="Įrašykite ir spauskite Enter, pvz. „Navigacija“" />
      </Section>
      <Section title="Nuomos sąlygos">
        <Row>
          <NumberInput source="deposit" validate={required()} step={0.01} min={0} />
          <NumberInput source="minDriverAge" step={1} min={18} />
          <NumberInput source="minLicenceYears" step={1} min={0} />
          <NumberInput source="mileageLimitPerDay" step={1} min={1} helperText="Tuščia – rida neribota" />
          <NumberInput
            source="longTermMonthlyPrice"
            step={0.01}
            min={0}
            helperText="Tuščia – ilgalaikė nuoma nesiūloma"
          />
        </Row>
      </Section>
      <Section title="Aprašymas ir nuotraukos">
        <TextInput source="description" multiline minRows={4} parse={emptyToString} />
        <ImagesInput source="images" folder="cars" label="Nuotraukos" />
      </Section>
    </SimpleForm>
  );
}

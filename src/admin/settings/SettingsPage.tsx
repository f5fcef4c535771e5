// /admin/settings: the company's details, booking rules, texts and templates (admins only).
import { Typography } from "@mui/material";
import {
  AccessDenied,
  Edit,
  FormTab,
  Loading,
  NumberInput,
  required,
  SaveButton,
  TabbedForm,
  TextArrayInput,
  TextInput,
  Toolbar,
  useCanAccess,
  useGetList,
} from "react-admin";
import { settingsSchema } from "../../domain/schemas";
import { emptyToString } from "../cars/CarForm";
import { zodFormValidator } from "../validation";

const validateSettings = zodFormValidator(settingsSchema);

function SettingsForm() {
  return (
    // Tabs stay in the page: their own URLs (/settings/1) are not admin routes.
    <TabbedForm
      validate={validateSettings}
      syncWithLocation={false}
      warnWhenUnsavedChanges
      // Settings are one record that always exists: save only, never delete.
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <FormTab label="Įmonė">
        <TextInput source="company.name" label="Juridinis pavadinimas" validate={required()} parse={emptyToString} />
        <TextInput source="company.brand" label="Prekės ženklas" validate={required()} parse={emptyToString} />
        <TextInput source="company.companyCode" label="Įmonės kodas" validate={required()} parse={emptyToString} />
        <TextInput source="company.vatCode" label="PVM mokėtojo kodas" validate={required()} parse={emptyToString} />
        <TextInput source="company.address" label="Adresas" validate={required()} parse={emptyToString} />
        <TextInput source="company.bankName" label="Bankas" parse={emptyToString} />
        <TextInput source="company.iban" label="Sąskaitos Nr. (IBAN)" parse={emptyToString} />
        <TextArrayInput source="company.phones" label="Telefonai" helperText="Įrašykite ir spauskite Enter" />
        <TextArrayInput source="company.emails" label="El. pašto adresai" helperText="Įrašykite ir spauskite Enter" />
        <TextInput source="company.hours" label="Darbo laikas" multiline parse={emptyToString} />
        <TextInput source="company.helpline" label="Pagalbos telefonas visą parą" parse={emptyToString} />
        <TextInput source="company.facebook" label="Facebook puslapis" parse={emptyToString} />
      </FormTab>
      <FormTab label="Rezervavimo taisyklės">
        <NumberInput source="bookingRules.leadTimeHours" label="Mažiausias laikas iki paėmimo, val." step={1} min={0} />
        <NumberInput source="bookingRules.minDays" label="Trumpiausia nuoma, parų" step={1} min={1} />
        <NumberInput source="bookingRules.maxDays" label="Ilgiausia nuoma, parų" step={1} min={1} />
        <NumberInput
          source="bookingRules.maxAdvanceDays"
          label="Kiek dienų į priekį galima rezervuoti"
          step={1}
          min={1}
        />
        <NumberInput
          source="bookingRules.graceMinutes"
          label="Vėlavimo grąžinti nemokamas laikas, min."
          step={1}
          min={0}
        />
        <NumberInput
          source="bookingRules.vatRate"
          label="PVM tarifas"
          helperText="Dalimis: 0,21 reiškia 21 %"
          step={0.01}
          min={0}
          max={1}
        />
        <NumberInput source="bookingRules.openingHour" label="Darbo pradžia, val." step={1} min={0} max={23} />
        <NumberInput source="bookingRules.closingHour" label="Darbo pabaiga, val." step={1} min={1} max={24} />
      </FormTab>
      <FormTab label="Tekstai">
        <TextInput source="terms" label="Nuomos sąlygos" multiline minRows={8} parse={emptyToString} />
        <TextInput source="about" label="Apie mus" multiline minRows={6} parse={emptyToString} />
        <TextInput source="privacy" label="Privatumo politika" multiline minRows={6} parse={emptyToString} />
      </FormTab>
      <FormTab label="Sutarties šablonas">
        <TextInput
          source="contractTemplate"
          label="Nuomos sutarties šablonas"
          multiline
          minRows={14}
          parse={emptyToString}
        />
      </FormTab>
      <FormTab label="Laiškų šablonai">
        <Typography variant="body2" color="text.secondary">
          Žymės, pvz. {"{name}"}, {"{number}"}, {"{company}"}, siunčiant pakeičiamos tikromis reikšmėmis.
        </Typography>
        <TextInput
          source="emailTemplates.reservationReceived.subject"
          label="Rezervacija gauta: tema"
          validate={required()}
          parse={emptyToString}
        />
        <TextInput
          source="emailTemplates.reservationReceived.body"
          label="Rezervacija gauta: tekstas"
          multiline
          minRows={8}
          validate={required()}
          parse={emptyToString}
        />
        <TextInput
          source="emailTemplates.requestReply.subject"
          label="Atsakymas į užklausą: tema"
          validate={required()}
          parse={emptyToString}
        />
        <TextInput
          source="emailTemplates.requestReply.body"
          label="Atsakymas į užklausą: tekstas"
          multiline
          minRows={6}
          validate={required()}
          parse={emptyToString}
        />
      </FormTab>
    </TabbedForm>
  );
}

export function SettingsPage() {
  const { canAccess, isPending: checking } = useCanAccess({ resource: "settings", action: "edit" });
  const { data, isPending, error } = useGetList(
    "settings",
    { pagination: { page: 1, perPage: 1 }, sort: { field: "id", order: "ASC" } },
    { enabled: canAccess === true },
  );
  if (checking) return <Loading />;
  if (!canAccess) return <AccessDenied />;
  if (isPending) return <Loading />;
  const settings = data?.[0];
  if (error || !settings) {
    return (
      <Typography role="alert" sx={{ mt: 2 }}>
        Nustatymų įkelti nepavyko. Perkraukite puslapį arba kreipkitės į administratorių.
      </Typography>
    );
  }
  return (
    <Edit resource="settings" id={settings.id} title="Nustatymai" mutationMode="pessimistic" redirect={false}>
      <SettingsForm />
    </Edit>
  );
}

export default SettingsPage;

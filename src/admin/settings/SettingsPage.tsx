// /admin/settings: the company's details, pickup places, extras, booking rules, the terms and
// about texts, the contract template and the e-mail templates (admins only; the API agrees).
import AddIcon from "@mui/icons-material/Add";
import {
  Box,
  Button,
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import {
  AccessDenied,
  Edit,
  FormTab,
  Loading,
  NumberInput,
  required,
  SaveButton,
  TabbedForm,
  TabbedFormTabs,
  TextArrayInput,
  TextInput,
  Toolbar,
  useBasename,
  useCanAccess,
  useGetList,
} from "react-admin";
import { Link } from "react-router-dom";
import { formatMoney } from "../../domain/format";
import { DEFAULT_MIN_DAILY_RATE, MAX_MIN_DAILY_RATE } from "../../domain/priceFloor";
import type { Extra, Location } from "../../domain/schemas";
import { type Settings, settingsSchema } from "../../domain/schemas";
import { tariffOf } from "../../domain/tariff";
import { BackupSettingsSection } from "../backups/BackupSettingsSection";
import { emptyToString } from "../common/form";
import { InvoicingSettingsSection } from "../invoices/InvoicingSettingsSection";
import { zodFormValidator } from "../validation";
import { DeskSettingsSection } from "./DeskSettingsSection";
import { EmailTemplatesSection } from "./EmailTemplatesSection";
import { PaymentSettingsSection } from "./PaymentSettingsSection";
import { PortalSettingsSection } from "./PortalSettingsSection";
import { RetentionSettingsSection } from "./RetentionSettingsSection";
import { TransferSettingsSection } from "./TransferSettingsSection";

const validateSettings = zodFormValidator(settingsSchema);

/** The settings as saved: without the desk's old rates (settings.desk), which the tariff replaced. */
const withoutLegacyRates = (data: Record<string, unknown>): Record<string, unknown> => {
  const { desk: _desk, ...rest } = data;
  return rest;
};

const CONTRACT_PLACEHOLDERS =
  "{number}, {date}, {company.name}, {company.companyCode}, {company.vatCode}, {company.address}, {company.iban}, " +
  "{company.bankName}, {customer.name}, {customer.companyName}, {customer.companyCode}, {customer.vatCode}, " +
  "{customer.personalCode}, {customer.idDocumentNumber}, {customer.licenceNumber}, {customer.licenceIssuedAt}, " +
  "{customer.address}, {customer.phone}, {customer.email}, {car.make}, {car.model}, {car.year}, {car.plateNumber}, " +
  "{car.vin}, {car.fuel}, {car.transmission}, {pickupAt}, {returnAt}, {pickupLocation}, {returnLocation}, {days}, " +
  "{dailyRate}, {extras}, {delivery}, {transfer}, {discount}, {total}, {vat}, {deposit}, {mileageLimit}, {mileageOut}, " +
  "{mileageIn}, {fuelOut}, {fuelIn}, {damages}, {terms}";

/** Places and extras are records of their own; the settings show them with links to edit. */
function ReferenceTable<T extends { id: string; name: string; active?: boolean }>({
  resource,
  title,
  addLabel,
  columns,
}: {
  resource: "locations" | "extras";
  title: string;
  addLabel: string;
  columns: { label: string; value: (record: T) => string }[];
}) {
  const basename = useBasename();
  const { data, isPending } = useGetList<T>(resource, {
    pagination: { page: 1, perPage: 200 },
    sort: { field: "sortOrder", order: "ASC" },
  });
  return (
    <Box sx={{ width: "100%" }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {isPending ? (
        <Loading />
      ) : (
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>Pavadinimas</TableCell>
                {columns.map((column) => (
                  <TableCell key={column.label}>{column.label}</TableCell>
                ))}
                <TableCell>Aktyvi</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((record) => (
                <TableRow key={record.id}>
                  <TableCell>
                    <MuiLink component={Link} to={`${basename}/${resource}/${record.id}`}>
                      {record.name}
                    </MuiLink>
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.label}>{column.value(record)}</TableCell>
                  ))}
                  <TableCell>{record.active === false ? "Ne" : "Taip"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Button component={Link} to={`${basename}/${resource}/create`} startIcon={<AddIcon />} sx={{ mt: 1 }}>
        {addLabel}
      </Button>
    </Box>
  );
}

function SettingsForm() {
  return (
    // Tabs stay in the page: their own URLs (/settings/1) are not admin routes.
    <TabbedForm
      noValidate
      validate={validateSettings}
      // An older document without a tariff: the desk's old rates over the defaults (tariffOf).
      defaultValues={(record: Partial<Settings>) => ({ tariff: tariffOf(record) })}
      syncWithLocation={false}
      tabs={<TabbedFormTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}
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
        <TextInput
          source="company.companyCode"
          label="Įmonės kodas"
          helperText="9 skaitmenys"
          validate={required()}
          parse={emptyToString}
        />
        <TextInput
          source="company.vatCode"
          label="PVM mokėtojo kodas"
          helperText="LT ir 9 arba 12 skaitmenų; jei įmonė nėra PVM mokėtoja, palikite tuščią"
          parse={emptyToString}
        />
        <TextInput source="company.address" label="Adresas" validate={required()} parse={emptyToString} />
        <TextInput source="company.bankName" label="Bankas" parse={emptyToString} />
        <TextInput
          source="company.iban"
          label="Sąskaitos Nr. (IBAN)"
          helperText="Pvz., LT12 1000 0111 0100 1000; tarpai nebūtini"
          parse={emptyToString}
        />
        <TextArrayInput source="company.phones" label="Telefonai" helperText="Įrašykite ir spauskite Enter" />
        <TextArrayInput source="company.emails" label="El. pašto adresai" helperText="Įrašykite ir spauskite Enter" />
        <TextInput source="company.hours" label="Darbo laikas" multiline parse={emptyToString} />
        <TextInput source="company.helpline" label="Pagalbos telefonas visą parą" parse={emptyToString} />
        <TextInput source="company.facebook" label="Facebook puslapis" parse={emptyToString} />
      </FormTab>
      <FormTab label="Vietos">
        <ReferenceTable<Location & { id: string }>
          resource="locations"
          title="Paėmimo ir grąžinimo vietos. Spustelėkite pavadinimą, kad redaguotumėte."
          addLabel="Nauja vieta"
          columns={[
            { label: "Miestas", value: (location) => location.city },
            { label: "Adresas", value: (location) => location.address },
            { label: "Pristatymas", value: (location) => formatMoney(location.deliveryFee) },
          ]}
        />
      </FormTab>
      <FormTab label="Papildomos paslaugos">
        <ReferenceTable<Extra & { id: string }>
          resource="extras"
          title="Papildomos paslaugos, kurias klientas gali užsisakyti. Spustelėkite pavadinimą, kad redaguotumėte."
          addLabel="Nauja paslauga"
          columns={[
            { label: "Kaina", value: (extra) => formatMoney(extra.price) },
            { label: "Apmokestinama", value: (extra) => (extra.chargedPer === "day" ? "parai" : "nuomai") },
          ]}
        />
      </FormTab>
      <FormTab label="Rezervavimo taisyklės">
        <NumberInput source="bookingRules.leadTimeHours" label="Mažiausias laikas iki paėmimo, val." step={1} min={0} />
        <NumberInput source="bookingRules.minDays" label="Trumpiausia nuoma, parų" step={1} min={1} />
        <NumberInput source="bookingRules.maxDays" label="Ilgiausia nuoma, parų" step={1} min={1} />
        <NumberInput
          source="bookingRules.maxAdvanceDays"
          label="Kiek dienų iš anksto galima rezervuoti"
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
          helperText="Dalimis nuo 0 iki 0,3: 0,21 reiškia 21 %"
          step={0.01}
          min={0}
          max={0.3}
        />
        <NumberInput source="bookingRules.openingHour" label="Darbo pradžia, val." step={1} min={0} max={23} />
        <NumberInput source="bookingRules.closingHour" label="Darbo pabaiga, val." step={1} min={1} max={24} />
        <NumberInput
          source="bookingRules.turnaroundMinutes"
          label="Tarpas tarp nuomų, min."
          helperText="Laikas automobiliui paruošti (pvz., valyti): nuo 0 iki 1440 min. tarp grąžinimo ir kito paėmimo"
          defaultValue={0}
          step={15}
          min={0}
          max={1440}
        />
        <NumberInput
          source="minDailyRate"
          label="Mažiausia paros kaina, €"
          helperText="Jokia kainos pakopa negali būti pigesnė; taikoma redaguojant ir masiškai keičiant kainas"
          defaultValue={DEFAULT_MIN_DAILY_RATE}
          step={0.01}
          min={0.01}
          max={MAX_MIN_DAILY_RATE}
        />
      </FormTab>
      <FormTab label="Kainos ir mokesčiai">
        <DeskSettingsSection />
        <TransferSettingsSection />
      </FormTab>
      <FormTab label="Mokėjimai">
        <PaymentSettingsSection />
      </FormTab>
      <FormTab label="Sąskaitos">
        <InvoicingSettingsSection />
      </FormTab>
      <FormTab label="Mano rezervacija">
        <PortalSettingsSection />
      </FormTab>
      <FormTab label="Duomenų saugojimas">
        <RetentionSettingsSection />
      </FormTab>
      <FormTab label="Atsarginės kopijos">
        <BackupSettingsSection />
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
          helperText="Žymės riestiniuose skliaustuose spausdinant pakeičiamos rezervacijos duomenimis"
        />
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: "break-word" }}>
          Galimos žymės: {CONTRACT_PLACEHOLDERS}
        </Typography>
      </FormTab>
      <FormTab label="Laiškų šablonai">
        <EmailTemplatesSection />
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
    <Edit
      resource="settings"
      id={settings.id}
      title="Nustatymai"
      mutationMode="pessimistic"
      redirect={false}
      // The desk's old rates live in the tariff once saved: one place for each number.
      transform={withoutLegacyRates}
    >
      <SettingsForm />
    </Edit>
  );
}

export default SettingsPage;

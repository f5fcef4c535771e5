// A customer's card: their details (phone stored as E.164), and their reservations and
// inquiries underneath, so the desk sees the whole history in one place.
import { Box, Card, CardContent, Typography } from "@mui/material";
import {
  Create,
  DataTable,
  Edit,
  FormDataConsumer,
  NumberInput,
  Pagination,
  ReferenceField,
  ReferenceManyField,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useBasename,
  useRecordContext,
} from "react-admin";
import { COUNTRY_CHOICES, DEFAULT_COUNTRY } from "../../domain/countries";
import { MAX_PAYMENT_TERM_DAYS } from "../../domain/invoicingSettings";
import { normalizePhone, phoneError } from "../../domain/phone";
import { type Customer, customerSchema, type InquiryRequest, type Reservation } from "../../domain/schemas";
import { HistoryButton } from "../audit/HistoryButton";
import { CalendarDateInput } from "../common/DatePicker";
import { type ChipTone, ChoiceChip, DateTimeValue, MoneyValue } from "../common/fields";
import { emptyToString, FormRow } from "../common/form";
import {
  CUSTOMER_TYPE_CHOICES,
  choiceName,
  REQUEST_STATUS_CHOICES,
  REQUEST_TYPE_CHOICES,
  RESERVATION_STATUS_CHOICES,
} from "../labels";
import { zodFormValidator } from "../validation";
import { CustomerDataRights } from "./CustomerDataRights";
import { CustomerMerge } from "./CustomerMerge";

type CustomerRecord = Customer & { id: string };
/** The languages of the e-mail templates (settings: emailTemplates, emailTemplatesEn). */
const EMAIL_LANGUAGE_CHOICES = [
  { id: "lt", name: "Lietuvių" },
  { id: "en", name: "Anglų" },
];
const validateWithSchema = zodFormValidator(customerSchema);
const OPTIONAL_TEXT = [
  "companyName",
  "companyCode",
  "vatCode",
  "licenceNumber",
  "personalCode",
  "idDocumentNumber",
  "address",
];

/** Phone to E.164 when valid; cleared optional texts dropped (the schema wants a string or nothing). */
export function normaliseCustomer(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values, notes: values.notes ?? "" };
  if (typeof values.phone === "string") out.phone = normalizePhone(values.phone) ?? values.phone;
  for (const key of OPTIONAL_TEXT) if (out[key] === null || out[key] === "") delete out[key];
  if (out.paymentTermDays === "" || out.paymentTermDays === undefined) out.paymentTermDays = null;
  for (const key of ["birthDate", "licenceIssuedAt", "licenceExpiresAt"])
    if (out[key] === "" || out[key] === undefined) out[key] = null;
  return out;
}

export function validateCustomer(values: Record<string, unknown>) {
  const errors = validateWithSchema(normaliseCustomer(values));
  const phone = typeof values.phone === "string" ? phoneError(values.phone) : "Įveskite telefono numerį";
  if (phone) errors.phone = phone;
  else delete errors.phone;
  return errors;
}

const RESERVATION_TONES: Readonly<Record<string, ChipTone>> = {
  new: "secondary",
  confirmed: "primary",
  active: "success",
  no_show: "warning",
};

function CustomerForm() {
  return (
    <SimpleForm
      validate={validateCustomer}
      warnWhenUnsavedChanges
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <FormRow lgColumns={3}>
        <SelectInput source="type" choices={CUSTOMER_TYPE_CHOICES} translateChoice={false} validate={required()} />
        <TextInput source="firstName" validate={required()} />
        <TextInput source="lastName" validate={required()} />
        <TextInput source="email" type="email" validate={required()} />
        <TextInput
          source="phone"
          type="tel"
          validate={required()}
          helperText="Pvz. +370 612 34567; saugomas tarptautiniu formatu"
          slotProps={{ htmlInput: { maxLength: 25 } }}
        />
        <SelectInput
          source="language"
          label="Laiškų kalba"
          choices={EMAIL_LANGUAGE_CHOICES}
          translateChoice={false}
          defaultValue="lt"
          helperText="Kuria kalba klientui siunčiami laiškai"
        />
        <CalendarDateInput source="birthDate" />
        <SelectInput
          source="country"
          choices={[...COUNTRY_CHOICES]}
          translateChoice={false}
          defaultValue={DEFAULT_COUNTRY}
          helperText="Įmonės buveinės ar asmens gyvenamoji šalis: pagal ją taikomas PVM"
        />
      </FormRow>
      <FormDataConsumer>
        {({ formData }) =>
          formData.type === "business" ? (
            <FormRow lgColumns={3}>
              <TextInput source="companyName" validate={required()} />
              <TextInput source="companyCode" />
              <TextInput source="vatCode" helperText="Su šalies kodu, pvz., LT123456715, DE136695976" />
            </FormRow>
          ) : null
        }
      </FormDataConsumer>
      <FormRow lgColumns={3}>
        <TextInput source="licenceNumber" />
        <CalendarDateInput source="licenceIssuedAt" />
        <CalendarDateInput source="licenceExpiresAt" />
        <TextInput source="personalCode" />
        <TextInput source="idDocumentNumber" />
        <TextInput source="address" />
      </FormRow>
      <NumberInput
        source="paymentTermDays"
        label="Apmokėjimo terminas, dienos"
        min={0}
        max={MAX_PAYMENT_TERM_DAYS}
        step={1}
        helperText="Sąskaitų apmokėjimo terminas šiam klientui; tuščia – kaip nustatymuose (Nustatymai › Sąskaitos)"
        sx={{ maxWidth: 320 }}
      />
      <TextInput source="notes" multiline minRows={2} parse={emptyToString} />
    </SimpleForm>
  );
}

function History() {
  const customer = useRecordContext<CustomerRecord>();
  const basename = useBasename();
  if (!customer) return null;
  const ReservationCol = DataTable.Col<Reservation & { id: string }>;
  const RequestCol = DataTable.Col<InquiryRequest & { id: string }>;
  return (
    <>
      <Card component="section" aria-labelledby="customer-reservations" sx={{ mt: 2 }}>
        <CardContent sx={{ pb: 0 }}>
          <Typography id="customer-reservations" variant="h6" component="h2">
            Kliento rezervacijos
          </Typography>
        </CardContent>
        <ReferenceManyField
          reference="reservations"
          target="customerId"
          sort={{ field: "pickupAt", order: "DESC" }}
          perPage={10}
          pagination={<Pagination rowsPerPageOptions={[10, 25]} />}
          empty={
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                Rezervacijų nėra.
              </Typography>
            </CardContent>
          }
        >
          <DataTable bulkActionButtons={false} rowClick={(id) => `${basename}/reservations/add/${id}`}>
            <ReservationCol source="number" />
            <ReservationCol source="carId">
              <ReferenceField source="carId" reference="cars" link={false} />
            </ReservationCol>
            <ReservationCol source="pickupAt" field={DateTimeValue} />
            <ReservationCol source="returnAt" field={DateTimeValue} />
            <ReservationCol
              source="status"
              render={() => (
                <ChoiceChip source="status" choices={RESERVATION_STATUS_CHOICES} tones={RESERVATION_TONES} />
              )}
            />
            <ReservationCol source="quote.total" label="resources.reservations.fields.total" field={MoneyValue} />
          </DataTable>
        </ReferenceManyField>
      </Card>
      <Card component="section" aria-labelledby="customer-requests" sx={{ mt: 2, mb: 2 }}>
        <CardContent sx={{ pb: 0 }}>
          <Typography id="customer-requests" variant="h6" component="h2">
            Kliento užklausos
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Pagal el. pašto adresą {customer.email}
          </Typography>
        </CardContent>
        <ReferenceManyField
          reference="requests"
          target="email"
          source="email"
          sort={{ field: "createdAt", order: "DESC" }}
          perPage={10}
          empty={
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                Užklausų nėra.
              </Typography>
            </CardContent>
          }
        >
          <DataTable bulkActionButtons={false} rowClick={(id) => `${basename}/requests/reply/${id}`}>
            <RequestCol source="createdAt" field={DateTimeValue} />
            <RequestCol source="type" render={(request) => choiceName(REQUEST_TYPE_CHOICES, request.type)} />
            <RequestCol source="status" render={(request) => choiceName(REQUEST_STATUS_CHOICES, request.status)} />
            <RequestCol
              source="message"
              disableSort
              render={(request) =>
                request.message.length > 100 ? `${request.message.slice(0, 100)}…` : request.message
              }
            />
          </DataTable>
        </ReferenceManyField>
      </Card>
    </>
  );
}

function CustomerTitle() {
  const record = useRecordContext<CustomerRecord>();
  return <span>{record ? `Klientas: ${record.firstName} ${record.lastName}` : "Klientas"}</span>;
}

export function CustomerEdit() {
  return (
    <Edit title={<CustomerTitle />} mutationMode="pessimistic" transform={normaliseCustomer} component="div">
      <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
        <HistoryButton resource="customers" />
      </Box>
      <Card>
        <CustomerForm />
      </Card>
      <CustomerMerge />
      <CustomerDataRights />
      <History />
    </Edit>
  );
}

export function CustomerCreate() {
  return (
    <Create transform={normaliseCustomer} redirect="edit" record={{ type: "private", notes: "" }}>
      <CustomerForm />
    </Create>
  );
}

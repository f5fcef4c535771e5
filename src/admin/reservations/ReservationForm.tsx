// A reservation as staff enter it by phone or at the office. The server prices it,
// checks availability and refuses a status change the state machine forbids.
import { Box, Typography } from "@mui/material";
import type { ReactNode } from "react";
import {
  ArrayInput,
  AutocompleteInput,
  NumberInput,
  ReferenceInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  useRecordContext,
} from "react-admin";
import { formatDays, formatMoney } from "../../domain/format";
import { allowedTransitions } from "../../domain/reservationStatus";
import { type Reservation, reservationSchema } from "../../domain/schemas";
import { emptyToString } from "../cars/CarForm";
import { VilniusDateTimeInput } from "../common/inputs";
import { RESERVATION_SOURCE_CHOICES, RESERVATION_STATUS_CHOICES } from "../labels";
import { zodFormValidator } from "../validation";

const validateReservation = zodFormValidator(reservationSchema, ["id", "createdAt", "updatedAt", "number", "quote"]);

const Row = ({ children }: { children: ReactNode }) => (
  <Box
    sx={{
      display: "grid",
      gap: { xs: 0, sm: 2 },
      gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))" },
      width: "100%",
    }}
  >
    {children}
  </Box>
);

function StatusInput() {
  const record = useRecordContext<Reservation>();
  const current = record?.status;
  // A new reservation starts as new or confirmed; an existing one may stay or move on as allowed.
  const allowed = current ? [current, ...allowedTransitions(current)] : ["new", "confirmed"];
  const choices = RESERVATION_STATUS_CHOICES.filter((choice) => allowed.includes(choice.id));
  return <SelectInput source="status" choices={choices} validate={required()} translateChoice={false} />;
}

function QuoteSummary() {
  const record = useRecordContext<Reservation>();
  const quote = record?.quote;
  if (!quote) return null;
  return (
    <Box
      component="section"
      aria-label="Kaina"
      sx={{ mb: 2, p: 2, bgcolor: "grey.100", borderRadius: 1, width: "100%" }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Kaina (apskaičiavo serveris)
      </Typography>
      <Typography variant="body2">
        {formatDays(quote.days)} × {formatMoney(quote.dailyRate)} = {formatMoney(quote.base)}; papildomos paslaugos{" "}
        {formatMoney(quote.extras)}; pristatymas {formatMoney(quote.delivery)}; nuolaida {formatMoney(quote.discount)}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600 }}>
        Iš viso su PVM: {formatMoney(quote.total)} (PVM {formatMoney(quote.vat)}), užstatas {formatMoney(quote.deposit)}
      </Typography>
    </Box>
  );
}

const customerText = (customer: { firstName?: string; lastName?: string; companyName?: string; email?: string }) =>
  [`${customer.firstName ?? ""} ${customer.lastName ?? ""}`.trim(), customer.companyName, customer.email]
    .filter(Boolean)
    .join(" · ");

export function ReservationForm() {
  return (
    // A reservation is cancelled through its status, never deleted: the history stays.
    <SimpleForm
      validate={validateReservation}
      warnWhenUnsavedChanges
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <QuoteSummary />
      <Row>
        <ReferenceInput source="carId" reference="cars" sort={{ field: "sortOrder", order: "ASC" }}>
          <AutocompleteInput validate={required()} filterToQuery={(q: string) => ({ q })} />
        </ReferenceInput>
        <ReferenceInput source="customerId" reference="customers" sort={{ field: "lastName", order: "ASC" }}>
          <AutocompleteInput validate={required()} optionText={customerText} filterToQuery={(q: string) => ({ q })} />
        </ReferenceInput>
        <VilniusDateTimeInput source="pickupAt" validate={required()} />
        <VilniusDateTimeInput source="returnAt" validate={required()} />
        <ReferenceInput source="pickupLocationId" reference="locations" sort={{ field: "sortOrder", order: "ASC" }}>
          <SelectInput validate={required()} />
        </ReferenceInput>
        <ReferenceInput source="returnLocationId" reference="locations" sort={{ field: "sortOrder", order: "ASC" }}>
          <SelectInput validate={required()} />
        </ReferenceInput>
        <StatusInput />
        <SelectInput source="source" choices={RESERVATION_SOURCE_CHOICES} translateChoice={false} />
      </Row>
      <ArrayInput source="extras">
        <SimpleFormIterator inline disableReordering>
          <ReferenceInput source="id" reference="extras" sort={{ field: "sortOrder", order: "ASC" }}>
            <SelectInput label="Paslauga" validate={required()} />
          </ReferenceInput>
          <NumberInput source="quantity" label="Kiekis" min={1} max={10} step={1} defaultValue={1} />
        </SimpleFormIterator>
      </ArrayInput>
      <TextInput source="comment" multiline minRows={2} parse={emptyToString} />
      <TextInput source="notes" multiline minRows={2} parse={emptyToString} />
    </SimpleForm>
  );
}

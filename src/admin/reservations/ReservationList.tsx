// Reservations, newest pickups first, filtered by status, car and period.
import { type Theme, useMediaQuery } from "@mui/material";
import {
  AutocompleteInput,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useBasename,
} from "react-admin";
import type { Reservation } from "../../domain/schemas";
import { addDaysToDateString, isDateString, vilniusDateString, vilniusLocalToInstant } from "../../domain/time";
import { CalendarDateInput } from "../common/DatePicker";
import { type ChipTone, ChoiceChip, DateTimeValue, MoneyValue } from "../common/fields";
import { choiceName, RESERVATION_STATUS_CHOICES } from "../labels";

type ReservationRecord = Reservation & { id: string };

export const RESERVATION_STATUS_TONES: Readonly<Record<string, ChipTone>> = {
  new: "secondary",
  confirmed: "primary",
  active: "success",
  completed: "default",
  cancelled: "default",
  no_show: "warning",
};

/** A calendar day in the filter <-> the instant its Vilnius day starts (or the next day starts, for "until"). */
const dayStart = (value: string | null) =>
  value && isDateString(value) ? vilniusLocalToInstant(value).toISOString() : undefined;
const dayEnd = (value: string | null) =>
  value && isDateString(value) ? vilniusLocalToInstant(addDaysToDateString(value, 1)).toISOString() : undefined;
const showDay = (value: unknown) => (typeof value === "string" && value ? vilniusDateString(value) : "");
const showDayBefore = (value: unknown) =>
  typeof value === "string" && value ? addDaysToDateString(vilniusDateString(value), -1) : "";

const reservationFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Numeris ar komentaras" />,
  <SelectInput key="status" source="status" choices={RESERVATION_STATUS_CHOICES} translateChoice={false} alwaysOn />,
  <ReferenceInput key="carId" source="carId" reference="cars" alwaysOn>
    <AutocompleteInput filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 220 }} />
  </ReferenceInput>,
  <CalendarDateInput
    key="from"
    source="returnAt_gt"
    label="Nuomos laikotarpis nuo"
    parse={dayStart}
    format={showDay}
  />,
  <CalendarDateInput
    key="to"
    source="pickupAt_lt"
    label="Nuomos laikotarpis iki"
    parse={dayEnd}
    format={showDayBefore}
  />,
  <ReferenceInput key="customerId" source="customerId" reference="customers">
    <AutocompleteInput filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
];

function ReservationListActions() {
  const basename = useBasename();
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton to={`${basename}/reservations/add`} label="Nauja rezervacija" />
    </TopToolbar>
  );
}

const Column = DataTable.Col<ReservationRecord>;

export function ReservationList() {
  const basename = useBasename();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  return (
    <List
      filters={reservationFilters}
      actions={<ReservationListActions />}
      sort={{ field: "pickupAt", order: "DESC" }}
      perPage={25}
    >
      {isSmall ? (
        <SimpleList<ReservationRecord>
          primaryText={(r) => r.number ?? ""}
          secondaryText={() => (
            <>
              <ReferenceField source="carId" reference="cars" link={false} />
              <br />
              <DateTimeValue source="pickupAt" /> – <DateTimeValue source="returnAt" />
            </>
          )}
          tertiaryText={(r) => choiceName(RESERVATION_STATUS_CHOICES, r.status)}
          rowClick={(id) => `${basename}/reservations/add/${id}`}
        />
      ) : (
        <DataTable rowClick={(id) => `${basename}/reservations/add/${id}`} bulkActionButtons={false}>
          <Column source="number" render={(r) => <span style={{ whiteSpace: "nowrap" }}>{r.number}</span>} />
          <Column source="carId">
            <ReferenceField source="carId" reference="cars" link={false} />
          </Column>
          <Column source="customerId">
            <ReferenceField source="customerId" reference="customers" link={false} />
          </Column>
          <Column source="pickupAt" field={DateTimeValue} />
          <Column source="returnAt" field={DateTimeValue} />
          <Column
            source="status"
            render={() => (
              <ChoiceChip source="status" choices={RESERVATION_STATUS_CHOICES} tones={RESERVATION_STATUS_TONES} />
            )}
          />
          <Column source="quote.total" label="resources.reservations.fields.total" field={MoneyValue} />
        </DataTable>
      )}
    </List>
  );
}

export default ReservationList;

// Reservations, newest pickups first, filtered by status, car, period and payment ("Neapmokėtos",
// "Permoka").
import CheckIcon from "@mui/icons-material/Check";
import { Box, type Theme, useMediaQuery } from "@mui/material";
import { useState } from "react";
import {
  AutocompleteInput,
  BooleanInput,
  BulkExportButton,
  Button,
  CreateButton,
  DataTable,
  ExportButton,
  FilterButton,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useBasename,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useUnselectAll,
} from "react-admin";
import { formatDone } from "../../domain/format";
import { overpaymentLabel, overpaymentOf } from "../../domain/overpayment";
import type { Location, Reservation } from "../../domain/schemas";
import { addDaysToDateString, isDateString, vilniusDateString, vilniusLocalToInstant } from "../../domain/time";
import { carName, csvExporter, customerName, EXPORT_SELECTED_LABEL, relatedRecord } from "../common/csv";
import { CalendarDateInput } from "../common/DatePicker";
import { type ChipTone, ChoiceChip, DateTimeValue, MoneyValue } from "../common/fields";
import { choiceName, RESERVATION_SOURCE_CHOICES, RESERVATION_STATUS_CHOICES } from "../labels";
import { PaymentStatusField } from "../payments/PaymentStatusField";
import { dueText, paymentStateOf } from "../payments/paymentState";
import { ReservationStatusActions } from "./ReservationActions";

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
  <BooleanInput key="unpaid" source="unpaid" label="Neapmokėtos" />,
  <BooleanInput key="overpaid" source="overpaid" label="Permoka" />,
  <ReferenceInput key="customerId" source="customerId" reference="customers">
    <AutocompleteInput filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
];

const locationName = (location: Location | undefined) => location?.name ?? "";

/** The narrow list's payment line: the overpayment to give back, or what is still due. */
function paymentText(r: ReservationRecord): string {
  const overpayment = overpaymentOf(r);
  return overpayment > 0 ? overpaymentLabel(overpayment) : dueText(paymentStateOf(r));
}

export const reservationExporter = csvExporter<ReservationRecord>({
  fileName: "rezervacijos",
  references: {
    carId: "cars",
    customerId: "customers",
    pickupLocationId: "locations",
    returnLocationId: "locations",
  },
  columns: [
    { header: "Numeris", value: (r) => r.number },
    { header: "Būsena", value: (r) => choiceName(RESERVATION_STATUS_CHOICES, r.status) },
    { header: "Automobilis", value: (r, rel) => carName(relatedRecord(rel, "carId", r.carId)) },
    { header: "Klientas", value: (r, rel) => customerName(relatedRecord(rel, "customerId", r.customerId)) },
    { header: "Paėmimo laikas", value: (r) => r.pickupAt, kind: "dateTime" },
    { header: "Grąžinimo laikas", value: (r) => r.returnAt, kind: "dateTime" },
    {
      header: "Paėmimo vieta",
      value: (r, rel) => locationName(relatedRecord(rel, "pickupLocationId", r.pickupLocationId)),
    },
    {
      header: "Grąžinimo vieta",
      value: (r, rel) => locationName(relatedRecord(rel, "returnLocationId", r.returnLocationId)),
    },
    { header: "Parų", value: (r) => r.quote?.days, kind: "number" },
    { header: "Iš viso su PVM, €", value: (r) => r.quote?.total, kind: "money" },
    { header: "Sumokėta, €", value: (r) => paymentStateOf(r).paid, kind: "money" },
    { header: "Liko sumokėti, €", value: (r) => paymentStateOf(r).due, kind: "money" },
    { header: "Šaltinis", value: (r) => choiceName(RESERVATION_SOURCE_CHOICES, r.source) },
    { header: "Kliento komentaras", value: (r) => r.comment },
    { header: "Sukurta", value: (r) => r.createdAt, kind: "dateTime" },
  ],
});

const RESERVATION_FORMS = ["rezervacija", "rezervacijos", "rezervacijų"] as const;
const CONFIRMED_FORMS = ["patvirtinta", "patvirtintos", "patvirtinta"] as const;

/** The server's own words: a field error (e.g. the refused status change) beats the generic 422 text. */
function errorText(error: unknown): string {
  const body = (error as { body?: { errors?: unknown } } | null)?.body;
  const fieldErrors =
    body?.errors && typeof body.errors === "object"
      ? Object.values(body.errors).filter((value): value is string => typeof value === "string" && value !== "")
      : [];
  if (fieldErrors.length > 0) return fieldErrors.join("; ");
  return error instanceof Error && error.message ? error.message : "Nepavyko išsaugoti pakeitimo";
}

/** "Patvirtintos 3 rezervacijos, 1 nepavyko: R-2026-000007 – …" */
export function confirmSummary(confirmed: number, failures: readonly string[], alreadyConfirmed = 0): string {
  const done = formatDone(confirmed, CONFIRMED_FORMS, RESERVATION_FORMS);
  let text = done.charAt(0).toLocaleUpperCase("lt-LT") + done.slice(1);
  if (alreadyConfirmed > 0) text += `, ${alreadyConfirmed} jau buvo patvirtint${alreadyConfirmed === 1 ? "a" : "os"}`;
  if (failures.length > 0) text += `, ${failures.length} nepavyko: ${failures.join("; ")}`;
  return text;
}

/**
 * new -> confirmed for the selected rows, one updateMany per record so one refusal (the server
 * checks each transition) does not hide which others went through.
 */
function BulkConfirmButton() {
  const { selectedIds } = useListContext<ReservationRecord>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll("reservations");
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      const { data: records } = await dataProvider.getMany<ReservationRecord>("reservations", { ids: selectedIds });
      const toChange = records.filter((record) => record.status !== "confirmed");
      const results = await Promise.allSettled(
        toChange.map((record) =>
          dataProvider.updateMany("reservations", { ids: [record.id], data: { status: "confirmed" } }),
        ),
      );
      const failures = results.flatMap((result, index) =>
        result.status === "rejected"
          ? [`${toChange[index]?.number ?? "be numerio"} – ${errorText(result.reason)}`]
          : [],
      );
      const confirmed = results.length - failures.length;
      notify(confirmSummary(confirmed, failures, records.length - toChange.length), {
        type: failures.length === 0 ? "success" : confirmed > 0 ? "warning" : "error",
        multiLine: true,
        autoHideDuration: failures.length > 0 ? 15_000 : 5_000,
      });
      unselectAll();
      refresh();
    } catch (error) {
      notify(errorText(error), { type: "error" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button label="Patvirtinti" onClick={confirm} disabled={busy}>
      <CheckIcon />
    </Button>
  );
}

function ReservationBulkActions() {
  return (
    <>
      <BulkConfirmButton />
      <BulkExportButton label={EXPORT_SELECTED_LABEL} />
    </>
  );
}

function ReservationListActions() {
  const basename = useBasename();
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton to={`${basename}/reservations/add`} label="Nauja rezervacija" />
      <ExportButton />
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
      exporter={reservationExporter}
      sort={{ field: "pickupAt", order: "DESC" }}
      perPage={25}
    >
      {isSmall ? (
        <SimpleList<ReservationRecord>
          primaryText={(r) => r.number ?? ""}
          secondaryText={(r) => (
            <>
              <ReferenceField source="carId" reference="cars" link={false} />
              <br />
              <DateTimeValue source="pickupAt" /> – <DateTimeValue source="returnAt" />
              <br />
              {paymentText(r)}
            </>
          )}
          tertiaryText={(r) => choiceName(RESERVATION_STATUS_CHOICES, r.status)}
          rowClick={(id) => `${basename}/reservations/add/${id}`}
        />
      ) : (
        <DataTable
          rowClick={(id) => `${basename}/reservations/add/${id}`}
          bulkActionButtons={<ReservationBulkActions />}
        >
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
          <Column
            source="quote.total"
            label="resources.reservations.fields.total"
            render={() => (
              <>
                <MoneyValue source="quote.total" />
                <PaymentStatusField />
              </>
            )}
          />
          <Column
            label={
              <Box component="span" sx={VISUALLY_HIDDEN}>
                Veiksmai
              </Box>
            }
            disableSort
            render={() => <ReservationStatusActions compact />}
          />
        </DataTable>
      )}
    </List>
  );
}

/** Read by screen readers, not shown: the row menus need no visible column title. */
const VISUALLY_HIDDEN = {
  border: 0,
  clip: "rect(0 0 0 0)",
  height: "1px",
  margin: "-1px",
  overflow: "hidden",
  padding: 0,
  position: "absolute",
  whiteSpace: "nowrap",
  width: "1px",
} as const;

export default ReservationList;

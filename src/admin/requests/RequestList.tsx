// Inquiries; new ones stand out.
import ReplyIcon from "@mui/icons-material/Reply";
import { Box, IconButton, type Theme, useMediaQuery } from "@mui/material";
import {
  BulkExportButton,
  BulkUpdateButton,
  DataTable,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  useBasename,
} from "react-admin";
import { Link } from "react-router-dom";
import { formatDateTime } from "../../domain/format";
import type { InquiryRequest } from "../../domain/schemas";
import { carName, csvExporter, EXPORT_SELECTED_LABEL, relatedRecord } from "../common/csv";
import { type ChipTone, ChoiceChip, DateTimeValue } from "../common/fields";
import { choiceName, REQUEST_STATUS_CHOICES, REQUEST_TYPE_CHOICES } from "../labels";

type RequestRecord = InquiryRequest & { id: string };
const Column = DataTable.Col<RequestRecord>;

export const REQUEST_STATUS_TONES: Readonly<Record<string, ChipTone>> = {
  new: "info",
  answered: "success",
  closed: "default",
  spam: "default",
};

const requestFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={REQUEST_STATUS_CHOICES} translateChoice={false} alwaysOn />,
  <SelectInput key="type" source="type" choices={REQUEST_TYPE_CHOICES} translateChoice={false} />,
];

export const requestExporter = csvExporter<RequestRecord>({
  fileName: "užklausos",
  references: { carId: "cars" },
  columns: [
    { header: "Gauta", value: (r) => r.createdAt, kind: "dateTime" },
    { header: "Būsena", value: (r) => choiceName(REQUEST_STATUS_CHOICES, r.status) },
    { header: "Tipas", value: (r) => choiceName(REQUEST_TYPE_CHOICES, r.type) },
    { header: "Vardas", value: (r) => r.name },
    { header: "El. paštas", value: (r) => r.email },
    { header: "Telefono numeris", value: (r) => r.phone },
    { header: "Automobilis", value: (r, rel) => carName(relatedRecord(rel, "carId", r.carId)) },
    { header: "Paėmimo laikas", value: (r) => r.pickupAt, kind: "dateTime" },
    { header: "Grąžinimo laikas", value: (r) => r.returnAt, kind: "dateTime" },
    { header: "Įmonė", value: (r) => r.company?.name },
    { header: "Įmonės kodas", value: (r) => r.company?.code },
    { header: "Žinutė", value: (r) => r.message },
    { header: "Atsakymų", value: (r) => r.replies?.length ?? 0, kind: "number" },
  ],
});

/** One line cut with "…"; the whole text is in the tooltip. */
const ELLIPSIS = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } as const;

function RequestBulkActions() {
  return (
    <>
      <BulkUpdateButton label="Pažymėti kaip šlamštą" data={{ status: "spam" }} mutationMode="undoable" />
      <BulkExportButton label={EXPORT_SELECTED_LABEL} />
    </>
  );
}

function ReplyButton({ id }: { id: string }) {
  const basename = useBasename();
  return (
    // Icon only, so the table fits 1280 px; the name stays for screen readers and the tooltip.
    <IconButton
      component={Link}
      to={`${basename}/requests/reply/${id}`}
      aria-label="Atsakyti"
      title="Atsakyti"
      color="primary"
      onClick={(event) => event.stopPropagation()}
    >
      <ReplyIcon />
    </IconButton>
  );
}

const NEW_ROW = { fontWeight: 600, bgcolor: "rgba(1, 87, 155, 0.06)" };

export function RequestList() {
  const basename = useBasename();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  return (
    <List filters={requestFilters} exporter={requestExporter} sort={{ field: "createdAt", order: "DESC" }} perPage={25}>
      {isSmall ? (
        <SimpleList<RequestRecord>
          primaryText={(request) => (request.status === "new" ? `● ${request.name}` : request.name)}
          secondaryText={(request) => (
            <>
              {choiceName(REQUEST_STATUS_CHOICES, request.status)} · {choiceName(REQUEST_TYPE_CHOICES, request.type)}
              {request.createdAt ? ` · ${formatDateTime(request.createdAt)}` : ""}
              <br />
              {request.message.length > 90 ? `${request.message.slice(0, 90)}…` : request.message}
            </>
          )}
          rowSx={(request) => (request.status === "new" ? NEW_ROW : {})}
          rowClick={(id) => `${basename}/requests/reply/${id}`}
        />
      ) : (
        <DataTable
          bulkActionButtons={<RequestBulkActions />}
          rowClick={(id) => `${basename}/requests/reply/${id}`}
          rowSx={(record) => (record.status === "new" ? NEW_ROW : {})}
        >
          <Column source="createdAt" field={DateTimeValue} />
          <Column
            source="status"
            render={() => <ChoiceChip source="status" choices={REQUEST_STATUS_CHOICES} tones={REQUEST_STATUS_TONES} />}
          />
          <Column source="type" render={(request) => choiceName(REQUEST_TYPE_CHOICES, request.type)} />
          <Column
            source="name"
            label="Siuntėjas"
            render={(request) => (
              <Box sx={{ maxWidth: 200 }} title={`${request.name} <${request.email}>`}>
                <Box sx={ELLIPSIS}>{request.name}</Box>
                <Box sx={{ ...ELLIPSIS, fontSize: "0.8125rem", color: "text.secondary", fontWeight: 400 }}>
                  {request.email}
                </Box>
              </Box>
            )}
          />
          <Column
            source="message"
            disableSort
            render={(request) => (
              <Box sx={{ ...ELLIPSIS, maxWidth: { md: 160, lg: 260, xl: 480 } }} title={request.message}>
                {request.message}
              </Box>
            )}
          />
          <Column label="" disableSort render={(request) => <ReplyButton id={request.id} />} />
        </DataTable>
      )}
    </List>
  );
}

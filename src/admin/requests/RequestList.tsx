// Inquiries; new ones stand out.
import ReplyIcon from "@mui/icons-material/Reply";
import { type Theme, useMediaQuery } from "@mui/material";
import { Button, DataTable, List, SearchInput, SelectInput, SimpleList, useBasename } from "react-admin";
import { Link } from "react-router-dom";
import { formatDateTime } from "../../domain/format";
import type { InquiryRequest } from "../../domain/schemas";
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

function ReplyButton({ id }: { id: string }) {
  const basename = useBasename();
  return (
    <Button
      component={Link}
      to={`${basename}/requests/reply/${id}`}
      label="Atsakyti"
      onClick={(event) => event.stopPropagation()}
    >
      <ReplyIcon />
    </Button>
  );
}

const NEW_ROW = { fontWeight: 600, bgcolor: "rgba(1, 87, 155, 0.06)" };

export function RequestList() {
  const basename = useBasename();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  return (
    <List filters={requestFilters} sort={{ field: "createdAt", order: "DESC" }} perPage={25}>
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
          bulkActionButtons={false}
          rowClick={(id) => `${basename}/requests/reply/${id}`}
          rowSx={(record) => (record.status === "new" ? NEW_ROW : {})}
        >
          <Column source="createdAt" field={DateTimeValue} />
          <Column
            source="status"
            render={() => <ChoiceChip source="status" choices={REQUEST_STATUS_CHOICES} tones={REQUEST_STATUS_TONES} />}
          />
          <Column source="type" render={(request) => choiceName(REQUEST_TYPE_CHOICES, request.type)} />
          <Column source="name" />
          <Column source="email" />
          <Column
            source="message"
            disableSort
            sx={{ minWidth: 280 }}
            render={(request) => (request.message.length > 120 ? `${request.message.slice(0, 120)}…` : request.message)}
          />
          <Column label="" disableSort render={(request) => <ReplyButton id={request.id} />} />
        </DataTable>
      )}
    </List>
  );
}

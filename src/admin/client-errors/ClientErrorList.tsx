// Errors browsers reported (start-up, rendering, unhandled rejections); admins only.

import { BulkExportButton, DataTable, List, SelectInput, useRecordContext } from "react-admin";
import type { ClientError } from "../../domain/schemas";
import { AdminOnly } from "../common/AdminOnly";
import { csvExporter, EXPORT_SELECTED_LABEL } from "../common/csv";
import { DateTimeValue } from "../common/fields";
import { CLIENT_ERROR_KIND_CHOICES, choiceName } from "../labels";

type ClientErrorRecord = ClientError & { id: string; createdAt?: string };
const Column = DataTable.Col<ClientErrorRecord>;

export const clientErrorExporter = csvExporter<ClientErrorRecord>({
  fileName: "programos-klaidos",
  columns: [
    { header: "Laikas", value: (e) => e.createdAt, kind: "dateTime" },
    { header: "Rūšis", value: (e) => choiceName(CLIENT_ERROR_KIND_CHOICES, e.kind) },
    { header: "Pranešimas", value: (e) => e.message },
    { header: "Puslapis", value: (e) => e.url },
    { header: "Versija", value: (e) => e.buildId },
    { header: "Naršyklė", value: (e) => e.userAgent },
    { header: "Klaidos kelias", value: (e) => e.stack },
  ],
});

export function ClientErrorList() {
  return (
    <AdminOnly>
      <List
        filters={[<SelectInput key="kind" source="kind" choices={CLIENT_ERROR_KIND_CHOICES} translateChoice={false} />]}
        sort={{ field: "createdAt", order: "DESC" }}
        exporter={clientErrorExporter}
      >
        <DataTable bulkActionButtons={<BulkExportButton label={EXPORT_SELECTED_LABEL} />} expand={<StackTrace />}>
          <Column source="createdAt" field={DateTimeValue} />
          <Column source="kind" render={(error) => choiceName(CLIENT_ERROR_KIND_CHOICES, error.kind)} />
          <Column source="message" disableSort />
          <Column source="url" disableSort />
          <Column source="buildId" disableSort />
        </DataTable>
      </List>
    </AdminOnly>
  );
}

function StackTrace() {
  const record = useRecordContext<ClientErrorRecord>();
  return (
    <pre style={{ whiteSpace: "pre-wrap", margin: 0, fontSize: 12 }}>
      {record?.stack || "Klaidos kelio nėra."}
      {record?.userAgent ? `\n\n${record.userAgent}` : ""}
    </pre>
  );
}

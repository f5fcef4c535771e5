// The audit log (admins only): who did what and when, newest first, with an edit's changed fields
// before and after. Filtered by record (resource and id: the records' "Istorija" buttons open it
// so), by person and by action.
import { Box, Link as MuiLink, Typography } from "@mui/material";
import { DataTable, List, SelectInput, TextInput, useBasename, useRecordContext, useTranslate } from "react-admin";
import { Link } from "react-router-dom";
import {
  AUDIT_ACTION_CHOICES,
  AUDIT_RESOURCE_CHOICES,
  type AuditEntryRecord,
  auditActionLabel,
  auditResourceLabel,
} from "../../domain/auditLog";
import { formatNumber } from "../../domain/format";
import { AdminOnly } from "../common/AdminOnly";
import { DateTimeValue } from "../common/fields";

type AuditRecord = AuditEntryRecord & { id: string; createdAt?: string };
const Column = DataTable.Col<AuditRecord>;

/** Records the back-office opens by id: the log links to them. */
const LINKED = new Set([
  "reservations",
  "customers",
  "cars",
  "prices",
  "fleet",
  "offers",
  "news",
  "requests",
  "locations",
  "extras",
  "staff",
  "mail",
]);

/** A logged value as staff read it. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "taip" : "ne";
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

const filters = [
  <SelectInput
    key="resource"
    source="resource"
    label="Įrašas"
    choices={AUDIT_RESOURCE_CHOICES}
    translateChoice={false}
    alwaysOn
  />,
  <TextInput key="recordId" source="recordId" label="Įrašo ID" alwaysOn />,
  <TextInput key="actor" source="actor" label="Asmuo (el. paštas)" alwaysOn />,
  <SelectInput
    key="action"
    source="action"
    label="Veiksmas"
    choices={AUDIT_ACTION_CHOICES}
    translateChoice={false}
    alwaysOn
  />,
];

function RecordCell() {
  const record = useRecordContext<AuditRecord>();
  const basename = useBasename();
  if (!record) return null;
  const label = auditResourceLabel(record.resource);
  return (
    <Box component="span" sx={{ whiteSpace: "nowrap" }}>
      {label}{" "}
      {LINKED.has(record.resource) ? (
        <MuiLink
          component={Link}
          to={`${basename}/${record.resource}/${record.recordId}`}
          onClick={(e) => e.stopPropagation()}
        >
          {record.recordId.slice(0, 8)}
        </MuiLink>
      ) : (
        record.recordId.slice(0, 8)
      )}
    </Box>
  );
}

/** The changed fields of an edit: field, before, after. */
export function AuditChanges() {
  const record = useRecordContext<AuditRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const changes = Object.entries(record.changes ?? {});
  const fieldName = (path: string) => translate(`resources.${record.resource}.fields.${path}`, { _: path });
  return (
    <Box sx={{ py: 1 }}>
      {changes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Pakeistų laukų įraše nėra.
        </Typography>
      ) : (
        <Box
          component="table"
          aria-label="Pakeisti laukai"
          sx={{
            borderCollapse: "collapse",
            "& th, & td": {
              textAlign: "left",
              pr: 3,
              py: 0.5,
              verticalAlign: "top",
              borderBottom: 1,
              borderColor: "divider",
            },
            "& td": { wordBreak: "break-word", maxWidth: 420 },
          }}
        >
          <thead>
            <tr>
              <th scope="col">Laukas</th>
              <th scope="col">Buvo</th>
              <th scope="col">Tapo</th>
            </tr>
          </thead>
          <tbody>
            {changes.map(([path, change]) => (
              <tr key={path}>
                <th scope="row" style={{ fontWeight: 400 }}>
                  {fieldName(path)}
                </th>
                <td>{auditValueText(change.before)}</td>
                <td>{auditValueText(change.after)}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      {typeof record.reason === "string" && record.reason ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Priežastis: {record.reason}
        </Typography>
      ) : null}
    </Box>
  );
}

export function AuditLogList() {
  return (
    <AdminOnly>
      <List
        title="Veiksmų žurnalas"
        filters={filters}
        sort={{ field: "createdAt", order: "DESC" }}
        perPage={25}
        exporter={false}
      >
        <DataTable bulkActionButtons={false} expand={<AuditChanges />} rowClick="expand">
          <Column source="createdAt" label="Laikas" field={DateTimeValue} disableSort />
          <Column source="actor" label="Asmuo" disableSort />
          <Column source="action" label="Veiksmas" render={(entry) => auditActionLabel(entry.action)} disableSort />
          <Column source="resource" label="Įrašas" disableSort>
            <RecordCell />
          </Column>
          <Column
            label="Pakeista"
            disableSort
            render={(entry) =>
              Object.keys(entry.changes ?? {})
                .slice(0, 4)
                .join(", ") + (Object.keys(entry.changes ?? {}).length > 4 ? "…" : "")
            }
          />
        </DataTable>
      </List>
    </AdminOnly>
  );
}

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
import { auditDetails, auditSummary } from "../../domain/auditText";
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
  // A document's own number where the entry has it (an invoice), else a short id; ids that are not
  // random (a day, "2026-11-29") are shown whole.
  const shown =
    typeof record.number === "string" && record.number
      ? record.number
      : /^[0-9a-f]{8}-/i.test(record.recordId)
        ? record.recordId.slice(0, 8)
        : record.recordId;
  return (
    <Box component="span" sx={{ whiteSpace: "nowrap" }}>
      {label}{" "}
      {LINKED.has(record.resource) ? (
        <MuiLink
          component={Link}
          to={`${basename}/${record.resource}/${record.recordId}`}
          onClick={(e) => e.stopPropagation()}
        >
          {shown}
        </MuiLink>
      ) : (
        shown
      )}
    </Box>
  );
}

/** Where a nested field's name lives: "customer.phone" of a reservation is a customer's phone. */
const NESTED_RESOURCE: Readonly<Record<string, string>> = { customer: "customers", car: "cars" };

/** A changed field's name in Lithuanian: the record's own label, else the nested record's, else the path. */
function useFieldName(resource: string): (path: string) => string {
  const translate = useTranslate();
  return (path) => {
    const own = translate(`resources.${resource}.fields.${path}`, { _: "" });
    if (own) return own;
    const [head, ...rest] = path.split(".");
    const nested = head ? NESTED_RESOURCE[head] : undefined;
    if (nested && rest.length > 0) {
      const inner = translate(`resources.${nested}.fields.${rest.join(".")}`, { _: "" });
      if (inner) return inner;
    }
    return path;
  };
}

/** The "Pakeista" column: the changed fields' names, or what the entry did when it changed none. */
function ChangedCell() {
  const record = useRecordContext<AuditRecord>();
  const fieldName = useFieldName(record?.resource ?? "");
  if (!record) return null;
  const paths = Object.keys(record.changes ?? {});
  if (paths.length === 0) return <>{auditSummary(record)}</>;
  return <>{paths.slice(0, 4).map(fieldName).join(", ") + (paths.length > 4 ? "…" : "")}</>;
}

/** The changed fields of an edit (field, before, after) and the entry's other details. */
export function AuditChanges() {
  const record = useRecordContext<AuditRecord>();
  const fieldName = useFieldName(record?.resource ?? "");
  if (!record) return null;
  const changes = Object.entries(record.changes ?? {});
  const details = auditDetails(record);
  return (
    <Box sx={{ py: 1 }}>
      {details.length > 0 ? (
        <Box component="dl" sx={{ m: 0, mb: 1, display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2 }}>
          {details.map(({ label, text }) => (
            <Box key={label} sx={{ display: "contents" }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {text}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
      {changes.length === 0 ? (
        details.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Pakeistų laukų įraše nėra.
          </Typography>
        ) : null
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
          <Column label="Pakeista" disableSort>
            <ChangedCell />
          </Column>
        </DataTable>
      </List>
    </AdminOnly>
  );
}

// Staff accounts (admins only).

import { BulkExportButton, DataTable, List } from "react-admin";
import type { StaffUser } from "../../domain/schemas";
import { AdminOnly } from "../common/AdminOnly";
import { csvExporter, EXPORT_SELECTED_LABEL } from "../common/csv";
import { YesNoValue } from "../common/fields";
import { choiceName, STAFF_ROLE_CHOICES } from "../labels";

type StaffRecord = StaffUser & { id: string };
const Column = DataTable.Col<StaffRecord>;

export const staffExporter = csvExporter<StaffRecord>({
  fileName: "darbuotojai",
  columns: [
    { header: "Vardas ir pavardė", value: (u) => u.name },
    { header: "El. paštas", value: (u) => u.email },
    { header: "Rolė", value: (u) => choiceName(STAFF_ROLE_CHOICES, u.role) },
    { header: "Aktyvus", value: (u) => u.active },
    { header: "Sukurta", value: (u) => u.createdAt, kind: "dateTime" },
  ],
});

export function StaffList() {
  return (
    <AdminOnly>
      <List sort={{ field: "name", order: "ASC" }} exporter={staffExporter}>
        <DataTable bulkActionButtons={<BulkExportButton label={EXPORT_SELECTED_LABEL} />} rowClick="edit">
          <Column source="name" />
          <Column source="email" />
          <Column source="role" render={(user) => choiceName(STAFF_ROLE_CHOICES, user.role)} />
          <Column source="active" field={YesNoValue} />
        </DataTable>
      </List>
    </AdminOnly>
  );
}

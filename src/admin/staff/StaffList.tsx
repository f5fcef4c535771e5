// Staff accounts (admins only).

import { DataTable, List } from "react-admin";
import type { StaffUser } from "../../domain/schemas";
import { AdminOnly } from "../common/AdminOnly";
import { YesNoValue } from "../common/fields";
import { choiceName, STAFF_ROLE_CHOICES } from "../labels";

type StaffRecord = StaffUser & { id: string };
const Column = DataTable.Col<StaffRecord>;

export function StaffList() {
  return (
    <AdminOnly>
      <List sort={{ field: "name", order: "ASC" }}>
        <DataTable bulkActionButtons={false} rowClick="edit">
          <Column source="name" />
          <Column source="email" />
          <Column source="role" render={(user) => choiceName(STAFF_ROLE_CHOICES, user.role)} />
          <Column source="active" field={YesNoValue} />
        </DataTable>
      </List>
    </AdminOnly>
  );
}

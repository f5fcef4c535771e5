import { DataTable, List } from "react-admin";
import type { Location } from "../../domain/schemas";
import { MoneyValue, YesNoValue } from "../common/fields";

type LocationRecord = Location & { id: string };
const Column = DataTable.Col<LocationRecord>;

export function LocationList() {
  return (
    <List sort={{ field: "sortOrder", order: "ASC" }}>
      <DataTable bulkActionButtons={false} rowClick="edit">
        <Column source="name" />
        <Column source="city" />
        <Column source="address" />
        <Column source="deliveryFee" field={MoneyValue} />
        <Column source="airport" field={YesNoValue} />
        <Column source="hours" disableSort />
        <Column source="active" field={YesNoValue} />
      </DataTable>
    </List>
  );
}

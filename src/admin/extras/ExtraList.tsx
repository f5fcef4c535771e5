import { DataTable, List } from "react-admin";
import type { Extra } from "../../domain/schemas";
import { MoneyValue, YesNoValue } from "../common/fields";
import { CHARGED_PER_CHOICES, choiceName } from "../labels";

type ExtraRecord = Extra & { id: string };
const Column = DataTable.Col<ExtraRecord>;

export function ExtraList() {
  return (
    <List sort={{ field: "sortOrder", order: "ASC" }}>
      <DataTable bulkActionButtons={false} rowClick="edit">
        <Column source="name" />
        <Column source="price" field={MoneyValue} />
        <Column source="chargedPer" render={(extra) => choiceName(CHARGED_PER_CHOICES, extra.chargedPer)} />
        <Column source="maxPrice" field={MoneyValue} />
        <DataTable.NumberCol source="maxQuantity" />
        <Column source="active" field={YesNoValue} />
      </DataTable>
    </List>
  );
}

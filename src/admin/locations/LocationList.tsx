import { BulkExportButton, DataTable, List } from "react-admin";
import type { Location } from "../../domain/schemas";
import { csvExporter, EXPORT_SELECTED_LABEL } from "../common/csv";
import { MoneyValue, YesNoValue } from "../common/fields";

type LocationRecord = Location & { id: string };
const Column = DataTable.Col<LocationRecord>;

export const locationExporter = csvExporter<LocationRecord>({
  fileName: "vietos",
  columns: [
    { header: "Pavadinimas", value: (l) => l.name },
    { header: "Miestas", value: (l) => l.city },
    { header: "Adresas", value: (l) => l.address },
    { header: "Pristatymo mokestis, €", value: (l) => l.deliveryFee, kind: "money" },
    { header: "Oro uostas", value: (l) => l.airport },
    { header: "Darbo laikas", value: (l) => l.hours },
    { header: "Aktyvi", value: (l) => l.active },
    { header: "Eilės tvarka", value: (l) => l.sortOrder, kind: "number" },
  ],
});

export function LocationList() {
  return (
    <List sort={{ field: "sortOrder", order: "ASC" }} exporter={locationExporter}>
      <DataTable bulkActionButtons={<BulkExportButton label={EXPORT_SELECTED_LABEL} />} rowClick="edit">
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

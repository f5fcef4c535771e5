import { BulkExportButton, DataTable, List } from "react-admin";
import type { Extra } from "../../domain/schemas";
import { csvExporter, EXPORT_SELECTED_LABEL } from "../common/csv";
import { MoneyValue, YesNoValue } from "../common/fields";
import { CHARGED_PER_CHOICES, choiceName } from "../labels";

type ExtraRecord = Extra & { id: string };
const Column = DataTable.Col<ExtraRecord>;

export const extraExporter = csvExporter<ExtraRecord>({
  fileName: "papildomos-paslaugos",
  columns: [
    { header: "Pavadinimas", value: (e) => e.name },
    { header: "Aprašymas", value: (e) => e.description },
    { header: "Kaina, €", value: (e) => e.price, kind: "money" },
    { header: "Apmokestinama", value: (e) => choiceName(CHARGED_PER_CHOICES, e.chargedPer) },
    { header: "Didžiausia kaina už nuomą, €", value: (e) => e.maxPrice, kind: "money" },
    { header: "Didžiausias kiekis", value: (e) => e.maxQuantity, kind: "number" },
    { header: "Aktyvi", value: (e) => e.active },
    { header: "Eilės tvarka", value: (e) => e.sortOrder, kind: "number" },
  ],
});

export function ExtraList() {
  return (
    <List sort={{ field: "sortOrder", order: "ASC" }} exporter={extraExporter}>
      <DataTable bulkActionButtons={<BulkExportButton label={EXPORT_SELECTED_LABEL} />} rowClick="edit">
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
